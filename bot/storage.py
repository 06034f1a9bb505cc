"""SQLite storage through aiosqlite: one file, WAL, numbered migrations.

Everything the bot keeps goes through :class:`Storage`, one small interface,
so that a server that outgrows one process can move to PostgreSQL by
writing another implementation of it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import astuple, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger("agora.storage")

JSON = dict[str, Any]


@dataclass
class GameRow:
    """A game as stored: raw JSON columns already decoded, the state still as JSON."""

    id: int
    game: str
    guild_id: int
    channel_id: int
    status: str
    seats: list[int]
    accepted: list[int]
    options: JSON
    seed: int
    state: JSON | None
    draft: list[str]
    outcome: JSON | None
    end_reason: str | None
    version: int
    message_id: int | None
    created_at: float
    updated_at: float
    turn_started_at: float | None


@dataclass(frozen=True)
class MoveRow:
    ply: int
    seat: int
    user_id: int
    notation: str
    played_at: float


@dataclass(frozen=True)
class SoloResult:
    """One finished solo training game, as kept in the server's solo records (never rated)."""

    game_id: int
    guild_id: int
    user_id: int
    game: str
    difficulty: str
    result: str  # win | draw | loss
    score: int | None  # own total minus the opponent's total with its bonus; None when not scored
    finished_at: float


@dataclass(frozen=True)
class SoloStanding:
    """A player's solo record at one difficulty on one server."""

    user_id: int
    difficulty: str
    played: int
    wins: int
    draws: int
    losses: int
    best_score: int | None


WithinTransaction = Callable[[aiosqlite.Connection], Awaitable[None]]
# Runs in the transaction that inserts a game, given the new game's id.
AfterInsert = Callable[[aiosqlite.Connection, int], Awaitable[None]]


@dataclass
class Changes:
    """Columns to write in one versioned update of a game.

    ``also`` runs inside the same transaction, after the game row is written:
    what must never be saved without the game change (a rating update, say).
    """

    columns: dict[str, Any] = field(default_factory=dict)
    moves: list[MoveRow] = field(default_factory=list)
    also: list[WithinTransaction] = field(default_factory=list)


class StaleVersion(Exception):
    """The game changed since the caller read it."""


class CorruptRow(Exception):
    """A stored game could not be decoded."""


_JSON_COLUMNS = {"seats", "accepted", "options", "state", "draft", "outcome"}


def migrations() -> list[tuple[int, str]]:
    """The numbered migration scripts shipped with the bot, in order."""
    folder = resources.files("bot") / "migrations"
    scripts = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            scripts.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(scripts)


class Storage:
    """The bot's database.  Open it with :meth:`open`, close it with :meth:`close`."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        # One connection: transactions of different coroutines must not interleave.
        self._write_lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
        async with self.db.execute("SELECT version FROM schema_migrations") as cursor:
            applied = {row[0] async for row in cursor}
        for version, script in migrations():
            if version in applied:
                continue
            log.info("applying migration %03d", version)
            await self.db.executescript(f"BEGIN;\n{script}\nINSERT INTO schema_migrations VALUES ({version});\nCOMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""
        async with self._write_lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    # -- games ---------------------------------------------------------------

    async def insert_game(self, row: GameRow, after: AfterInsert | None = None) -> int:
        columns = _encode(row.__dict__, skip={"id"})
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        async with self.transaction() as db:
            cursor = await db.execute(f"INSERT INTO games ({names}) VALUES ({marks})", list(columns.values()))
            game_id = cursor.lastrowid
            assert game_id is not None
            await _write_seats(db, game_id, row.seats)
            if after is not None:
                await after(db, game_id)
        return game_id

    async def delete_moves_after(self, db: aiosqlite.Connection, game_id: int, ply: int) -> None:
        """Inside a transaction: forget the moves after ``ply`` (a take-back)."""
        await db.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, ply))

    async def game(self, game_id: int) -> GameRow | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            found = await cursor.fetchone()
        return None if found is None else _decode_game(found)

    async def update_game(self, game_id: int, version: int, changes: Changes) -> None:
        """Write ``changes`` and bump the version, only if it is still ``version``."""
        columns = _encode(changes.columns)
        columns["version"] = version + 1
        assignments = ", ".join(f"{name} = ?" for name in columns)
        async with self.transaction() as db:
            cursor = await db.execute(
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                [*columns.values(), game_id, version],
            )
            if cursor.rowcount != 1:
                raise StaleVersion(game_id)
            if "seats" in changes.columns:
                await _write_seats(db, game_id, changes.columns["seats"])
            await db.executemany(
                "INSERT INTO moves (game_id, ply, seat, user_id, notation, played_at) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, m.ply, m.seat, m.user_id, m.notation, m.played_at) for m in changes.moves],
            )
            for step in changes.also:
                await step(db)

    async def set_message_id(self, game_id: int, message_id: int | None) -> None:
        """Remember the current board message; not a change of the game, so no new version."""
        async with self.transaction() as db:
            await db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_channel_id(self, game_id: int, channel_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET channel_id = ? WHERE id = ?", (channel_id, game_id))

    async def games_of_user(self, user_id: int, guild_id: int | None, statuses: Iterable[str]) -> list[GameRow]:
        wanted = list(statuses)
        marks = ", ".join("?" for _ in wanted)
        query = (
            "SELECT g.* FROM games g JOIN game_players p ON p.game_id = g.id "
            f"WHERE p.user_id = ? AND g.status IN ({marks})"
        )
        params: list[Any] = [user_id, *wanted]
        if guild_id is not None:
            query += " AND g.guild_id = ?"
            params.append(guild_id)
        query += " GROUP BY g.id ORDER BY g.updated_at DESC"
        return await self._games(query, params)

    async def games_with_status(self, statuses: Iterable[str]) -> list[GameRow]:
        wanted = list(statuses)
        marks = ", ".join("?" for _ in wanted)
        return await self._games(f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", wanted)

    async def _games(self, query: str, params: list[Any]) -> list[GameRow]:
        rows = []
        async with self.db.execute(query, params) as cursor:
            async for found in cursor:
                try:
                    rows.append(_decode_game(found))
                except CorruptRow:
                    log.warning("skipping game %s: its stored data cannot be decoded", found["id"])
        return rows

    async def move_count(self, game_id: int) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)) as cursor:
            found = await cursor.fetchone()
        return int(found[0]) if found else 0

    async def moves(self, game_id: int) -> list[MoveRow]:
        async with self.db.execute(
            "SELECT ply, seat, user_id, notation, played_at FROM moves WHERE game_id = ? ORDER BY ply",
            (game_id,),
        ) as cursor:
            return [MoveRow(*row) async for row in cursor]

    # -- players -------------------------------------------------------------

    async def remember_player(self, user_id: int, display_name: str, now: float) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO players (user_id, display_name, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, "
                "updated_at = excluded.updated_at",
                (user_id, display_name, now),
            )

    async def display_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        wanted = list(user_ids)
        marks = ", ".join("?" for _ in wanted)
        async with self.db.execute(
            f"SELECT user_id, display_name FROM players WHERE user_id IN ({marks})", wanted
        ) as cursor:
            return {row[0]: row[1] async for row in cursor}

    # -- solo records --------------------------------------------------------

    async def record_solo_result(self, result: SoloResult) -> bool:
        """Keep a finished solo game once; False when it was kept already (the same end noticed twice)."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT OR IGNORE INTO solo_records "
                "(game_id, guild_id, user_id, game, difficulty, result, score, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                astuple(result),  # the columns above, in the dataclass's field order
            )
            return cursor.rowcount == 1

    async def solo_records(self, guild_id: int, game: str | None = None) -> list[SoloStanding]:
        """Each player's solo record per difficulty on a server: best score first, then most wins."""
        query = (
            "SELECT user_id, difficulty, COUNT(*), SUM(result = 'win'), SUM(result = 'draw'), "
            "SUM(result = 'loss'), MAX(score) FROM solo_records WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if game is not None:
            query += " AND game = ?"
            params.append(game)
        query += (
            " GROUP BY user_id, difficulty"
            " ORDER BY difficulty, MAX(score) IS NULL, MAX(score) DESC, SUM(result = 'win') DESC, user_id"
        )
        async with self.db.execute(query, params) as cursor:
            return [SoloStanding(*row) async for row in cursor]


async def _write_seats(db: aiosqlite.Connection, game_id: int, seats: list[int]) -> None:
    await db.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
    await db.executemany(
        "INSERT INTO game_players (game_id, user_id, seat) VALUES (?, ?, ?)",
        [(game_id, user_id, seat) for seat, user_id in enumerate(seats)],
    )


def _encode(values: dict[str, Any], skip: set[str] | None = None) -> dict[str, Any]:
    skip = skip or set()
    return {
        name: json.dumps(value) if name in _JSON_COLUMNS and value is not None else value
        for name, value in values.items()
        if name not in skip
    }


def _decode_game(found: sqlite3.Row) -> GameRow:
    values = dict(found)
    try:
        for name in _JSON_COLUMNS:
            if values[name] is not None:
                values[name] = json.loads(values[name])
        return GameRow(**values)
    except (ValueError, TypeError) as error:
        raise CorruptRow(values.get("id")) from error
