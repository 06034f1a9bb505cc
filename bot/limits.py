"""Bounds on expensive work players can ask for (a replay's GIF takes seconds of CPU).

:class:`WorkLimiter` keeps per-user and per-server cooldowns and a bounded queue: at
most ``queue`` jobs wait or run at once, and they run ``workers`` at a time.  Anyone
turned away gets a reason and how long to wait, never a silent drop.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Refusal:
    """Why a job is not taken now: ``reason`` is ``user``, ``server`` or ``busy``; ``wait`` in seconds."""

    reason: str
    wait: int


@dataclass
class WorkLimiter:
    """Cooldowns per user and per server, and a bounded queue.

    >>> limiter = WorkLimiter(user_seconds=60, server_seconds=10, queue=2, clock=lambda: 100.0)
    >>> limiter.admit(1, 7) is None, limiter.admit(1, 7)
    (True, Refusal(reason='user', wait=60))
    """

    user_seconds: float
    server_seconds: float
    queue: int
    workers: int = 1
    clock: Callable[[], float] = time.monotonic
    _users: dict[int, float] = field(default_factory=dict)
    _servers: dict[int, float] = field(default_factory=dict)
    _waiting: int = 0
    _running: asyncio.Semaphore | None = None

    def admit(self, user_id: int, guild_id: int | None) -> Refusal | None:
        """Take a job for ``user_id`` in ``guild_id`` (its cooldowns start now), or say why not."""
        now = self.clock()
        user_wait = self._users.get(user_id, -1e18) + self.user_seconds - now
        server_wait = self._servers.get(guild_id or 0, -1e18) + self.server_seconds - now
        if user_wait > 0:
            return Refusal("user", math.ceil(user_wait))
        if server_wait > 0:
            return Refusal("server", math.ceil(server_wait))
        if self._waiting >= self.queue:
            return Refusal("busy", int(self.server_seconds) or 1)
        self._users[user_id] = self._servers[guild_id or 0] = now
        self._waiting += 1
        return None

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Run one admitted job when a worker is free; it leaves the queue when done."""
        if self._running is None:
            self._running = asyncio.Semaphore(self.workers)
        try:
            async with self._running:
                yield
        finally:
            self._waiting -= 1
