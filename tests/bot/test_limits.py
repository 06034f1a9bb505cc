"""Bounded expensive work: cooldowns per user and per server, and a bounded queue."""

from __future__ import annotations

import asyncio

from bot.limits import Refusal, WorkLimiter
from tests.e2e.conftest import Clock


def limiter(clock: Clock) -> WorkLimiter:
    return WorkLimiter(user_seconds=60, server_seconds=20, queue=2, clock=clock)


def test_a_player_waits_a_minute_between_two_exports() -> None:
    clock = Clock(1000.0)
    limits = limiter(clock)
    assert limits.admit(1, 7) is None
    clock.advance(30)
    assert limits.admit(1, 8) == Refusal("user", 30)
    clock.advance(30)
    assert limits.admit(1, 8) is None


def test_a_server_waits_between_two_exports_of_its_players() -> None:
    clock = Clock(1000.0)
    limits = limiter(clock)
    assert limits.admit(1, 7) is None
    assert limits.admit(2, 7) == Refusal("server", 20)
    assert limits.admit(2, 9) is None, "another server is not held back"


async def test_the_queue_is_bounded_and_frees_as_jobs_end() -> None:
    limits = limiter(Clock(1000.0))
    assert limits.admit(1, 1) is None and limits.admit(2, 2) is None
    assert limits.admit(3, 3) == Refusal("busy", 20)
    order: list[int] = []

    async def job(name: int) -> None:
        async with limits.turn():
            order.append(name)
            await asyncio.sleep(0)

    await asyncio.gather(job(1), job(2))
    assert order == [1, 2] and limits.admit(3, 3) is None
