"""PostgreSQL through asyncpg: the database several bot processes share.

The bot's SQL is written once with ``?`` placeholders (:func:`numbered` turns them into
PostgreSQL's ``$1, $2, …``).  Transactions are READ COMMITTED: a game is only ever
written by ``UPDATE … WHERE version = ?`` (a second writer waits for the first, then finds
the version moved on and gets :class:`bot.storage.StaleVersion`), and queues are claimed
with ``FOR UPDATE SKIP LOCKED`` (:mod:`bot.scheduler`).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.database import Connection, RoundTrips, Row
from bot.shared_cache import SEQUENCE

# Any number: held by the process migrating, so processes starting together migrate once.
MIGRATION_LOCK = 0x4A60_7A00


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's numbered ones (the bot's SQL has no ``?`` in strings).

    >>> numbered("UPDATE games SET status = ? WHERE id = ? AND version = ?")
    'UPDATE games SET status = $1 WHERE id = $2 AND version = $3'
    """
    pieces = sql.split("?")
    return pieces[0] + "".join(f"${n}{piece}" for n, piece in enumerate(pieces[1:], start=1))


def changed(status: str) -> int:
    """Rows changed, from asyncpg's command status.

    >>> changed("UPDATE 1"), changed("INSERT 0 3"), changed("CREATE TABLE")
    (1, 3, 0)
    """
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection:
    """:class:`bot.database.Connection` over one asyncpg connection (or the pool, for reads)."""

    for_update = " FOR UPDATE"
    for_update_skip_locked = " FOR UPDATE SKIP LOCKED"

    def __init__(self, db: Any, trips: RoundTrips) -> None:
        self.db = db  # asyncpg.Connection or asyncpg.Pool: both have the methods used here
        self.trips = trips

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self.trips.add()
        return changed(await self.db.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = list(rows)
        if batch:
            self.trips.add()
            await self.db.executemany(numbered(sql), batch)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        self.trips.add()
        return int(await self.db.fetchval(numbered(sql) + " RETURNING id", *params))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self.trips.add()
        return list(await self.db.fetch(numbered(sql), *params))

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self.trips.add()
        found: Row | None = await self.db.fetchrow(numbered(sql), *params)
        return found


class PostgresDatabase:
    """A pool of connections to one PostgreSQL database, named by a ``postgresql://`` URL."""

    dialect = "postgresql"

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.path = url
        self.pool_size = pool_size
        self.trips = RoundTrips()
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    @property
    def reader(self) -> Connection:
        return PostgresConnection(self.pool, self.trips)

    async def open(self) -> None:
        self._pool = await asyncpg.create_pool(self.path, min_size=1, max_size=self.pool_size)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        self.trips.add(2)
        async with self.pool.acquire() as db, db.transaction():
            yield PostgresConnection(db, self.trips)

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """On a connection of the pool, outside a transaction: PostgreSQL commits the lone statement."""
        return await self.reader.execute(sql, params)

    async def applied_migrations(self, db: Connection) -> set[int]:
        await db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
        await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
        # Numbers the change notices (bot/shared_cache.py): not a table, so outside the numbered migrations.
        await db.execute(f"CREATE SEQUENCE IF NOT EXISTS {SEQUENCE}")
        return {row[0] for row in await db.fetch("SELECT version FROM schema_migrations")}

    async def apply_script(self, db: Connection, script: str) -> None:
        # Without parameters asyncpg sends the whole script at once, inside the open transaction.
        await db.execute(script)
