"""A pool of worker processes for CPU work that must not hold the event loop or its GIL.

Drawing boards (:mod:`bot.drawing`) and choosing Agora's moves (:mod:`bot.opponent`) both run
here: the pool starts with its first job, each worker runs ``initializer`` once (loading fonts,
engines), and a pool whose worker died (killed, out of memory) is replaced for the job at hand
and the next ones.

Jobs have a priority. At most ``workers`` jobs are handed to the processes at once; the others
wait in the bot, and when a worker frees up the most urgent waiting job starts (the oldest among
equals). Live work (:data:`LIVE`: a move Agora owes a game, a board) therefore never queues behind
background work (:data:`BACKGROUND`: a review's positions) submitted before it; background work
waits for no more than one running job to end before live work goes.

Work nobody waits for at all (the spectators' commentary, mining finished games for puzzles) runs in
:class:`QuietWorkers` instead: a process of its own at the system's lowest processor priority, so a
live move neither queues behind it nor waits for a processor while it runs.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")

LIVE = 0  # a player waits for it
BACKGROUND = 1  # nobody's turn waits for it (a review)
NICENESS = 19  # a quiet worker's processor priority: the lowest, below the bot and its AI workers


class WorkerPool:
    """``workers`` processes, started with the first :meth:`run`."""

    def __init__(self, workers: int, initializer: Callable[[], None]) -> None:
        self.workers = workers
        self._initializer = initializer
        self._pool: Executor | None = None
        self._running = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (priority, arrival, its go-ahead)
        self._arrivals = itertools.count()

    async def run(self, work: Callable[..., T], *args: Any, priority: int = LIVE) -> T:
        """``work(*args)`` in a worker once the more urgent jobs started; ``work`` and its arguments
        must pickle (a module's function, plain data)."""
        await self._turn(priority)
        try:
            return await self._in_worker(work, *args)
        finally:
            self._next()

    def close(self) -> None:
        """Stop the workers; work not yet done is dropped (the bot is stopping)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def _in_worker(self, work: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), work, *args)
        except BrokenProcessPool:
            self.close()
            return await loop.run_in_executor(self._started(), work, *args)

    async def _turn(self, priority: int) -> None:
        """Wait until this job may go to a worker: at once when one is free and nothing waits."""
        if self._running < self.workers and not self._waiting:
            self._running += 1
            return
        go = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrivals), go))
        try:
            await go
        except asyncio.CancelledError:
            if go.done() and not go.cancelled():  # given the worker, then cancelled: it passes on
                self._next()
            raise

    def _next(self) -> None:
        """A job left its worker: the most urgent waiting job (not given up) takes it."""
        while self._waiting:
            _, _, go = heapq.heappop(self._waiting)
            if not go.done():
                go.set_result(None)
                return
        self._running -= 1

    def _started(self) -> Executor:
        if self._pool is None:
            self._pool = self._new_executor()
        return self._pool

    def _new_executor(self) -> Executor:
        # spawn, not fork: the bot's process has threads (the database's) that a fork would copy mid-work.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=self._initializer)


def _prepare_quiet_worker() -> None:
    """A quiet worker: the lowest processor priority first, then the engines and the search, once."""
    if hasattr(os, "nice"):
        os.nice(NICENESS - os.nice(0))
    import ai  # noqa: F401  (importing registers every game's adapter)


class QuietWorkers(WorkerPool):
    """One process, apart from the AI workers that choose Agora's moves, at the system's lowest priority,
    started with its first job: for searches no player waits for."""

    def __init__(self) -> None:
        super().__init__(1, _prepare_quiet_worker)
