"""A pool of worker processes for CPU work that must not hold the event loop or its GIL.

Drawing boards (:mod:`bot.drawing`) and choosing Agora's moves (:mod:`bot.opponent`) both run
here: the pool starts with its first job, each worker runs ``initializer`` once (loading fonts,
engines), and a pool whose worker died (killed, out of memory) is replaced for the job at hand
and the next ones.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


class WorkerPool:
    """``workers`` processes, started with the first :meth:`run`."""

    def __init__(self, workers: int, initializer: Callable[[], None]) -> None:
        self.workers = workers
        self._initializer = initializer
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker; ``work`` and its arguments must pickle (a module's function, plain data)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), work, *args)
        except BrokenProcessPool:
            self.close()
            return await loop.run_in_executor(self._started(), work, *args)

    def close(self) -> None:
        """Stop the workers; work not yet done is dropped (the bot is stopping)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the bot's process has threads (the database's) that a fork would copy mid-work.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=self._initializer)
        return self._pool
