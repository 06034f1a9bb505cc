"""Where pictures are drawn: worker processes, so drawing never holds the event loop or its GIL.

Drawing a board takes 10 to 20 ms of CPU in Pillow, most of it holding Python's global lock: in
threads of the bot's own process, boards are drawn one at a time and every other server's click
waits behind them. A pool of ``AGORA_RENDER_WORKERS`` processes (default: one per core) draws
them beside the process that talks to Discord; each worker loads the fonts and the games' drawing
modules once, when it starts. ``0`` draws in a thread of the bot's process (the tests, a machine
with one core).
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

DRAWING_MODULES = ("render.arkaios", "render.dragons_arena", "render.arcanor", "render.araksey", "render.kouba")


def default_workers() -> int:
    """One worker per core the process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _prepare_worker() -> None:
    """Load the drawing modules (fonts, sprites, card faces) once per worker, before its first board."""
    for name in DRAWING_MODULES:
        importlib.import_module(name)


class Drawing:
    """Draws with ``render(*args, **kwargs) -> bytes`` in the pool; the pool starts with the first picture."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def draw(self, render: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """The picture ``render`` draws; ``render`` and its arguments must pickle (a module's function, plain data)."""
        work = partial(render, *args, **kwargs)
        if self.workers == 0:
            return await asyncio.to_thread(work)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), work)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): a new pool draws this picture and the next ones.
            self.close()
            return await loop.run_in_executor(self._started(), work)

    def close(self) -> None:
        """Stop the workers; pictures not yet drawn are dropped (the bot is stopping)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the bot's process has threads (the database's) that a fork would copy mid-work.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_prepare_worker)
        return self._pool
