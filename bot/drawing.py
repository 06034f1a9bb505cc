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
import os
from collections.abc import Callable
from functools import partial
from typing import Any

from bot.workers import WorkerPool
from rules import MODULES


def drawing_modules() -> list[str]:
    """Every registered game's render module."""
    return [modules.render for modules in MODULES.values()]


def default_workers() -> int:
    """One worker per core the process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _prepare_worker() -> None:
    """Load the drawing modules (fonts, sprites, card faces) once per worker, before its first board."""
    for name in drawing_modules():
        importlib.import_module(name)


class Drawing(WorkerPool):
    """Draws with ``render(*args, **kwargs) -> bytes`` in the pool; the pool starts with the first picture."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers, _prepare_worker)

    async def draw(self, render: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """The picture ``render`` draws; ``render`` and its arguments must pickle (a module's function, plain data)."""
        work = partial(render, *args, **kwargs)
        if self.workers == 0:
            return await asyncio.to_thread(work)
        return await self.run(work)
