"""The two databases the bot can keep its data in, behind one small interface.

:class:`Connection` is all the rest of the bot sees: ``execute``, ``fetch`` and friends,
with ``?`` placeholders and SQL both SQLite and PostgreSQL understand.  :class:`Database`
opens one, gives a connection for reads and a transaction for writes.  ``AGORA_DATABASE``
picks the implementation (:func:`connect`): a ``postgresql://`` URL gives
:class:`bot.postgres.PostgresDatabase`, anything else is the path of a SQLite file.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


class Row(Protocol):
    """A fetched row: by position, by column name, or as ``dict(row)``."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> Iterable[str]: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class RoundTrips:
    """How many statements a database was sent (each a trip to the server, or to SQLite's thread), for
    the benchmarks and the tests that keep a move's count down; a transaction counts two more (its
    BEGIN and its COMMIT or ROLLBACK).

    >>> trips = RoundTrips()
    >>> trips.add(); trips.add(2); trips.count
    3
    """

    def __init__(self) -> None:
        self.count = 0

    def add(self, trips: int = 1) -> None:
        self.count += trips


class Connection(Protocol):
    """SQL with ``?`` placeholders, on one connection (inside a transaction when written to)."""

    # Appended to a SELECT inside a transaction to lock its rows until the end: `` FOR UPDATE``
    # in PostgreSQL; empty in SQLite, whose write transaction already holds the whole file.
    for_update: str
    # The same, passing over rows another transaction holds (to share out a queue's rows).
    for_update_skip_locked: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT into a table with an ``id`` column; returns the new row's id."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


class Database(Protocol):
    """One database: opened once, read through :attr:`reader`, written in :meth:`transaction`."""

    dialect: str  # "sqlite" | "postgresql": the folder of its migration scripts
    trips: RoundTrips  # statements sent so far

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    @property
    def reader(self) -> Connection:
        """For reads outside a transaction (each sees what was committed)."""

    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """All or nothing: committed on exit, rolled back on any error."""

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement committed on its own, cheaper than a transaction; returns how many rows it changed."""

    async def applied_migrations(self, db: Connection) -> set[int]:
        """Inside the migrating transaction: the versions applied, with the table created if new."""

    async def apply_script(self, db: Connection, script: str) -> None: ...


def is_postgresql(target: str | Path) -> bool:
    """Whether ``AGORA_DATABASE`` names a PostgreSQL server rather than a SQLite file.

    >>> is_postgresql("postgresql://agora@db/agora"), is_postgresql("data/agora.sqlite3")
    (True, False)
    """
    return str(target).startswith(POSTGRESQL_SCHEMES)


def connect(target: str | Path) -> Database:
    """The database ``target`` names, not yet open."""
    if is_postgresql(target):
        from bot.postgres import PostgresDatabase

        return PostgresDatabase(str(target))
    return SqliteDatabase(target)


def migrations(dialect: str) -> list[tuple[int, str]]:
    """The numbered migration scripts of one dialect, in order.

    SQLite's are ``bot/migrations/NNN_name.sql``; PostgreSQL's the same numbers in
    ``bot/migrations/postgresql/``.
    """
    folder = resources.files("bot") / "migrations"
    if dialect != "sqlite":
        folder = folder / dialect
    scripts = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            scripts.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(scripts)


def statements(script: str) -> list[str]:
    r"""A migration script cut into its statements (``executescript`` would commit the open transaction).

    >>> statements("CREATE TABLE a (x); -- a comment; still a comment\nCREATE TABLE b (y);")
    ['CREATE TABLE a (x);', '-- a comment; still a comment\nCREATE TABLE b (y);']
    """
    found, pending = [], ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    return [statement for statement in found if statement.strip("; \n")]


class SqliteConnection:
    """:class:`Connection` over the one aiosqlite connection of a :class:`SqliteDatabase`."""

    for_update = for_update_skip_locked = ""

    def __init__(self, db: aiosqlite.Connection, trips: RoundTrips) -> None:
        self.db = db
        self.trips = trips

    # aiosqlite runs each call in its own thread and hands the answer back to the event loop, every
    # trip queued behind the others: one call per statement. A statement's cursor is left to be
    # freed with it rather than closed (closing is a trip of its own); what it changed is read at once.
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self.trips.add()
        cursor = await self.db.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.trips.add()
        await self.db.executemany(sql, rows)

    # Running and reading in one call (rather than execute, fetch, close) makes one trip of three.
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        self.trips.add()
        found = await self.db.execute_insert(sql, params)
        assert found is not None
        return int(found[0])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self.trips.add()
        return list(await self.db.execute_fetchall(sql, params))

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self.trips.add()
        rows = await self.db.execute_fetchall(sql, params)
        return next(iter(rows), None)


LOCKED_ATTEMPTS = 20


async def execute_unlocked(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Run ``sql``, trying again while SQLite answers "database is locked"; returns how many rows it changed.

    Each try already waits up to the busy timeout; several processes opening or
    migrating one new file at once can still be refused, and no statement retried
    here has done anything when it is refused.
    """
    for attempt in range(LOCKED_ATTEMPTS):
        try:
            cursor = await db.execute(sql, params)
            return cursor.rowcount
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == LOCKED_ATTEMPTS - 1:
                raise
            await asyncio.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable: the last attempt returns or raises")


class SqliteDatabase:
    """One SQLite file in WAL mode, one connection; writers take turns (``BEGIN IMMEDIATE``)."""

    dialect = "sqlite"

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.trips = RoundTrips()
        self._db: aiosqlite.Connection | None = None
        # One connection: transactions of different coroutines must not interleave.
        self._write_lock = asyncio.Lock()

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    @property
    def reader(self) -> Connection:
        return SqliteConnection(self.connection, self.trips)

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        try:
            await self._configure(self._db)
        except BaseException:
            # A connection left open keeps aiosqlite's thread, and so the process, alive.
            await self.close()
            raise

    @staticmethod
    async def _configure(db: aiosqlite.Connection) -> None:
        # First: every statement below may wait for another process opening the same file.
        await db.execute("PRAGMA busy_timeout=5000")
        # Switching a new file to WAL can answer "locked" at once, without waiting, while
        # another process switches it.
        await execute_unlocked(db, "PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA foreign_keys=ON")

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""
        async with self._write_lock:
            self.trips.add(2)
            await execute_unlocked(self.connection, "BEGIN IMMEDIATE")
            try:
                yield SqliteConnection(self.connection, self.trips)
            except BaseException:
                await self.connection.execute("ROLLBACK")
                raise
            await self.connection.execute("COMMIT")

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Outside any transaction (SQLite commits the lone statement): one trip to aiosqlite's thread, not three."""
        async with self._write_lock:
            self.trips.add()
            return await execute_unlocked(self.connection, sql, params)

    async def applied_migrations(self, db: Connection) -> set[int]:
        await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
        return {row[0] for row in await db.fetch("SELECT version FROM schema_migrations")}

    async def apply_script(self, db: Connection, script: str) -> None:
        for statement in statements(script):
            await db.execute(statement)
