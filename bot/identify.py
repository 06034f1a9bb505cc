"""When a shard may IDENTIFY to Discord's gateway, across every process of a fleet.

Discord lets a bot start ``max_concurrency`` sessions each 5 seconds, one per rate-limit bucket
(``shard_id % max_concurrency``), and resets the token after 1,000 starts in a day.  discord.py
spaces the shards of one process; processes started together would identify at once.  On
PostgreSQL each identify holds its bucket's advisory lock for :data:`IDENTIFY_SECONDS`: a shard of
the same bucket, in any process, waits for it.  On SQLite (one process) the same holds in memory.

>>> bucket(5, 2), bucket(4, 2), bucket(7, 1)
(1, 0, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import AsyncIterator

from bot.postgres import PostgresDatabase
from bot.storage import Storage

log = logging.getLogger("agora.identify")

IDENTIFY_SECONDS = 5.0  # Discord's window: one identify per bucket in it
# Advisory lock keys: this number plus the bucket (any number no other lock of the bot uses).
IDENTIFY_LOCK = 0x4A60_1D00


def bucket(shard_id: int, max_concurrency: int) -> int:
    """The rate-limit bucket a shard identifies in."""
    return shard_id % max(max_concurrency, 1)


class IdentifyGate:
    """Lets a shard identify once its bucket is free: :meth:`turn` returns when it may."""

    def __init__(self, storage: Storage, seconds: float = IDENTIFY_SECONDS) -> None:
        self.storage = storage
        self.seconds = seconds
        self._local: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._holds: set[asyncio.Task[None]] = set()

    async def turn(self, shard_id: int, max_concurrency: int) -> None:
        """Wait until shard ``shard_id`` may identify; its bucket stays taken for ``seconds`` from now."""
        held = bucket(shard_id, max_concurrency)
        taken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        hold = asyncio.create_task(self._hold(held, taken), name=f"agora-identify-{shard_id}")
        self._holds.add(hold)
        hold.add_done_callback(self._holds.discard)
        await taken
        log.info("shard %s identifies (bucket %s of %s)", shard_id, held, max_concurrency)

    async def _hold(self, held: int, taken: asyncio.Future[None]) -> None:
        try:
            async with self._bucket(held):
                taken.set_result(None)
                await asyncio.sleep(self.seconds)
        except BaseException as error:
            if not taken.done():
                taken.set_exception(error)
            raise

    @contextlib.asynccontextmanager
    async def _bucket(self, held: int) -> AsyncIterator[None]:
        """The bucket's lock: in this process, and on PostgreSQL in every process (a session's advisory lock)."""
        async with self._local[held]:
            database = self.storage.database
            if not isinstance(database, PostgresDatabase):
                yield
                return
            # A connection of its own: the lock is the session's, released with it whatever happens.
            async with database.pool.acquire() as db:
                await db.execute("SELECT pg_advisory_lock($1)", IDENTIFY_LOCK + held)
                try:
                    yield
                finally:
                    await db.execute("SELECT pg_advisory_unlock($1)", IDENTIFY_LOCK + held)

    async def close(self) -> None:
        """Let go of the buckets still held (the process stops)."""
        for hold in list(self._holds):
            hold.cancel()
        for hold in list(self._holds):
            with contextlib.suppress(asyncio.CancelledError):
                await hold
