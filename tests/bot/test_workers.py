"""The AI workers serve live moves before background work (reviews), whatever the order they came in.

The executor here is a controlled one: it records the order jobs reach a worker and finishes them
only when the test says so, so the order is checked without any timing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from bot.workers import BACKGROUND, LIVE, WorkerPool


class HeldExecutor(Executor):
    """Records each job handed to a worker and holds it until :meth:`finish`."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.held: dict[str, tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        name = str(args[0])
        self.started.append(name)
        self.held[name] = (future, fn, args)
        return future

    def finish(self, name: str) -> None:
        future, fn, args = self.held.pop(name)
        future.set_result(fn(*args))


class HeldPool(WorkerPool):
    def __init__(self, workers: int) -> None:
        super().__init__(workers, lambda: None)
        self.executor = HeldExecutor()

    def _new_executor(self) -> Executor:
        return self.executor


async def settle(until: Callable[[], bool]) -> None:
    """Let the event loop run until ``until()`` holds (each step a pass of the loop, no clock)."""
    for _ in range(1000):
        if until():
            return
        await asyncio.sleep(0)
    raise AssertionError("the pool never reached the expected state")


async def test_a_live_move_sent_while_a_review_runs_starts_before_the_reviews_next_position() -> None:
    pool = HeldPool(workers=1)
    review = [asyncio.create_task(pool.run(str, f"review {n}", priority=BACKGROUND)) for n in (1, 2, 3)]
    await settle(lambda: pool.executor.started == ["review 1"])
    live = asyncio.create_task(pool.run(str, "live move", priority=LIVE))
    await settle(lambda: len(pool._waiting) == 3)
    pool.executor.finish("review 1")
    await settle(lambda: len(pool.executor.started) == 2)
    assert pool.executor.started == ["review 1", "live move"]
    pool.executor.finish("live move")
    assert await live == "live move"
    for name in ("review 2", "review 3"):
        await settle(lambda name=name: name in pool.executor.held)  # type: ignore[misc]
        pool.executor.finish(name)
    assert [await task for task in review] == ["review 1", "review 2", "review 3"]
    assert pool.executor.started == ["review 1", "live move", "review 2", "review 3"]


async def test_equal_jobs_keep_their_order_and_use_every_worker() -> None:
    pool = HeldPool(workers=2)
    jobs = [asyncio.create_task(pool.run(str, f"board {n}")) for n in range(4)]
    await settle(lambda: pool.executor.started == ["board 0", "board 1"])
    pool.executor.finish("board 1")
    await settle(lambda: len(pool.executor.started) == 3)
    pool.executor.finish("board 0")
    await settle(lambda: len(pool.executor.started) == 4)
    assert pool.executor.started == ["board 0", "board 1", "board 2", "board 3"]
    for name in ("board 2", "board 3"):
        pool.executor.finish(name)
    assert [await job for job in jobs] == [f"board {n}" for n in range(4)]
    assert pool._running == 0 and not pool._waiting


async def test_a_job_given_up_while_waiting_leaves_its_turn_to_the_next() -> None:
    pool = HeldPool(workers=1)
    first = asyncio.create_task(pool.run(str, "review 1", priority=BACKGROUND))
    await settle(lambda: pool.executor.started == ["review 1"])
    abandoned = asyncio.create_task(pool.run(str, "live gone"))
    later = asyncio.create_task(pool.run(str, "review 2", priority=BACKGROUND))
    await settle(lambda: len(pool._waiting) == 2)
    abandoned.cancel()
    pool.executor.finish("review 1")
    await settle(lambda: pool.executor.started == ["review 1", "review 2"])
    pool.executor.finish("review 2")
    assert (await first, await later) == ("review 1", "review 2")
    with pytest.raises(asyncio.CancelledError):
        await abandoned
    assert pool._running == 0
