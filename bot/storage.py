"""The bot's storage: games, moves, players, in SQLite or PostgreSQL, numbered migrations.

Everything the bot keeps goes through :class:`Storage`, written once over
:class:`bot.database.Connection`; the database behind it (one SQLite file, or a
PostgreSQL server shared by several processes) is picked by ``AGORA_DATABASE``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import zlib
from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import astuple, dataclass, field
from pathlib import Path
from typing import Any

from bot.database import Connection, Database, Row, connect, migrations
from bot.recent import Recent
from bot.shared_cache import ChangeNotices, Kept, Listener

log = logging.getLogger("agora.storage")

JSON = dict[str, Any]
# What a process keeps in memory (each entry a few dozen bytes; a decoded state a few KB).
OWN_TURN_SECONDS_KEPT = 10_000
NAMES_KEPT = 10_000
STATES_KEPT = 1_024
LISTENER_WAIT = 5.0  # seconds opening waits for the change notices' connection (reads go to the database meanwhile)


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
    # A pending draw or take-back offer: {"kind": ..., "by": user id, "version": the game's version then}.
    offer: JSON | None = None
    # The finished game this challenge is the rematch of (None: not a rematch).
    rematch_of: int | None = None
    # The message asking for a claim on time now (None: none), closed once the game moves on.
    claim_message: int | None = None
    # The message pinging the player(s) to act while the board is edited in place (see GameCog.ping).
    ping_id: int | None = None
    # The seats Agora itself plays and its level there ({"1": "easy"}: JSON keys are text); {}: people only.
    bots: JSON = field(default_factory=dict)
    # The seats whose player left a table of three or more, Agora playing them since (bot/absence.py).
    absent: JSON = field(default_factory=dict)
    # Seconds the current turn's deadline moved on while its player was away (bot/away.py).
    away_shift: float = 0.0
    # The version the current board message shows (None: not known); older than ``version``: not published yet.
    board_version: int | None = None
    # When its clocks stopped because nobody could see the game (bot/halts.py); None: running.
    halted_at: float | None = None


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


WithinTransaction = Callable[[Connection], Awaitable[None]]
# Runs in the transaction that inserts a game, given the new game's id.
AfterInsert = Callable[[Connection, int], Awaitable[None]]


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


_JSON_COLUMNS = {"seats", "accepted", "options", "draft", "outcome", "offer", "bots", "absent"}

# The state is rewritten by every move and lengthens as a game goes on, so it is kept compressed.
# Measured on every ply of random playouts of the five games (JSON of 0.3 to 22 KB, 4.2 KB on
# average): level 6 keeps 15% of the JSON for about 50 µs to compress and 12 µs to decompress;
# level 1 keeps 19% for 31 µs; level 9 saves 3% more for 16% more time.  Short states cost mostly
# zlib's fixed set-up (about 30 µs whatever the level).
STATE_LEVEL = 6


class Storage:
    """The bot's database.  Open it with :meth:`open`, close it with :meth:`close`.

    ``target`` is a SQLite file's path or a ``postgresql://`` URL (:func:`bot.database.connect`).
    """

    def __init__(self, target: str | Path) -> None:
        self.path = str(target)
        self.database: Database = connect(target)
        self._open = False
        # What this process keeps in memory, dropped when any process changes it (bot/shared_cache.py).
        self.changes = ChangeNotices(self.database.dialect)
        self._listener: Listener | None = None
        # Games' own turn deadlines (None: the server's), read once: a deadline never changes after
        # the game is stored. Forgotten when a game is stored, as a rolled-back one's id comes back.
        self._own_turn_seconds: Recent[int, int | None] = Recent(OWN_TURN_SECONDS_KEPT)
        # Players' names per (server, user), None when none is known: read once, dropped when a process
        # keeps a new one.
        self._names: Kept[tuple[int, int], str | None] = self.changes.kept("names", NAMES_KEPT)
        # The state last decoded per game with the stored value it came from: a move reads its game
        # several times, and the same stored value decodes to the same state.
        self._states: Recent[int, tuple[str | bytes, JSON]] = Recent(STATES_KEPT)

    @property
    def dialect(self) -> str:
        return self.database.dialect

    @property
    def db(self) -> Connection:
        """For reads outside a transaction."""
        return self.database.reader

    async def open(self) -> None:
        """Open (creating the file on first run) and migrate; opening an open storage does nothing."""
        if self._open:
            return
        await self.database.open()
        try:
            await self.migrate()
        except BaseException:
            await self.database.close()
            raise
        self._open = True
        if self.dialect == "postgresql":
            self._listener = Listener(self.path, self.changes)
            self._listener.start()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._listener.connected.wait(), LISTENER_WAIT)

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.stop()
            self._listener = None
        await self.database.close()
        self._open = False

    async def migrate(self) -> None:
        """Apply the migrations not applied yet, in one transaction.

        The applied versions are read once the transaction holds the write lock, so processes
        opening a new database together migrate it once: the first one does, the others find it done.
        """
        async with self.transaction() as db:
            applied = await self.database.applied_migrations(db)
            for version, script in migrations(self.dialect):
                if version in applied:
                    continue
                log.info("applying migration %03d", version)
                await self.database.apply_script(db, script)
                await db.execute("INSERT INTO schema_migrations VALUES (?)", (version,))

    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """All or nothing: committed on exit, rolled back on any error."""
        return self.database.transaction()

    # -- games ---------------------------------------------------------------

    async def insert_game(self, row: GameRow, after: AfterInsert | None = None) -> int:
        async with self.transaction() as db:
            game_id = await self.insert_game_in(db, row)
            if after is not None:
                await after(db, game_id)
        return game_id

    async def insert_game_in(self, db: Connection, row: GameRow) -> int:
        """Inside a transaction: store a new game and its seats; returns its id."""
        columns = _encode(row.__dict__, skip={"id"})
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        game_id = await db.insert(f"INSERT INTO games ({names}) VALUES ({marks})", list(columns.values()))
        self._own_turn_seconds.discard(game_id)
        await _write_seats(db, game_id, row.seats)
        return game_id

    async def set_turn_seconds(self, db: Connection, game_id: int, seconds: int) -> None:
        """Inside the transaction that stores the game: its own turn deadline, overriding the server's."""
        await db.execute("INSERT INTO game_deadlines (game_id, turn_seconds) VALUES (?, ?)", (game_id, seconds))
        self._own_turn_seconds.discard(game_id)

    async def game_turn_seconds(self, game_id: int, db: Connection | None = None) -> int | None:
        """A game's own turn deadline (None: it follows its server's); ``db``: inside that transaction."""
        if game_id in self._own_turn_seconds:
            return self._own_turn_seconds[game_id]
        found = await (db or self.db).fetchrow("SELECT turn_seconds FROM game_deadlines WHERE game_id = ?", (game_id,))
        seconds = None if found is None else int(found[0])
        self._own_turn_seconds[game_id] = seconds
        return seconds

    async def other_rematch(
        self, db: Connection, game_id: int, rematch_id: int, statuses: Iterable[str]
    ) -> GameRow | None:
        """Inside a transaction: a rematch of game ``game_id`` besides ``rematch_id``, in one of ``statuses``.

        The finished game's row is written first (changing nothing), so that transactions asking
        about its rematches take turns on PostgreSQL too: the later one sees the earlier one's.
        """
        await db.execute("UPDATE games SET rematch_of = rematch_of WHERE id = ?", (game_id,))
        wanted = list(statuses)
        marks = ", ".join("?" for _ in wanted)
        found = await db.fetchrow(
            f"SELECT * FROM games WHERE rematch_of = ? AND id <> ? AND status IN ({marks}) ORDER BY id LIMIT 1",
            [game_id, rematch_id, *wanted],
        )
        return None if found is None else decode_game(found)

    async def open_challenges_in(self, db: Connection, row: GameRow) -> list[GameRow]:
        """Inside a transaction: the other challenges (and open tables) of ``row``'s game still open in its channel.

        On PostgreSQL, transactions asking about one channel take turns (a lock held until commit),
        so of two challenges stored at once the later one sees the earlier one; SQLite has one writer.
        """
        if self.dialect == "postgresql":
            await db.fetchrow("SELECT pg_advisory_xact_lock(?)", (row.channel_id,))
        found = await db.fetch(
            "SELECT * FROM games WHERE guild_id = ? AND channel_id = ? AND game = ? AND status = ? AND id <> ? "
            "ORDER BY id",
            [row.guild_id, row.channel_id, row.game, row.status, row.id],
        )
        rows = []
        for game in found:
            try:
                rows.append(decode_game(game))
            except CorruptRow:
                continue  # a damaged game is no challenge anyone can answer
        return rows

    async def delete_moves_after(self, db: Connection, game_id: int, ply: int) -> None:
        """Inside a transaction: forget the moves after ``ply`` (a take-back)."""
        await db.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, ply))

    async def game(self, game_id: int) -> GameRow | None:
        found = await self.db.fetchrow("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if found is None else decode_game(found, self._decoded_state)

    async def game_and_plies(self, game_id: int) -> tuple[GameRow | None, int]:
        """A game and how many moves it holds, in one read: what a move needs."""
        found = await self.db.fetchrow(
            "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies FROM games g WHERE g.id = ?",
            (game_id,),
        )
        if found is None:
            return None, 0
        values = dict(found)
        plies = int(values.pop("plies"))
        return decode_game(values, self._decoded_state), plies

    async def update_game(self, game_id: int, version: int, changes: Changes) -> None:
        """Write ``changes`` and bump the version, only if it is still ``version``."""
        columns = _encode(changes.columns)
        columns["version"] = version + 1
        assignments = ", ".join(f"{name} = ?" for name in columns)
        async with self.transaction() as db:
            written = await db.execute(
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                [*columns.values(), game_id, version],
            )
            if written != 1:
                raise StaleVersion(game_id)
            if "seats" in changes.columns:
                await _write_seats(db, game_id, changes.columns["seats"])
            await db.executemany(
                "INSERT INTO moves (game_id, ply, seat, user_id, notation, played_at) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, m.ply, m.seat, m.user_id, m.notation, m.played_at) for m in changes.moves],
            )
            for step in changes.also:
                await step(db)
        if "state" in changes.columns:  # the next read of this game needs no decoding of what was just encoded
            self._states[game_id] = (columns["state"], changes.columns["state"])

    async def set_message_id(self, game_id: int, message_id: int | None) -> None:
        """Remember the current board message; not a change of the game, so no new version."""
        await self.database.write("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_board_version(self, game_id: int, version: int) -> None:
        """Remember that the board message shows ``version`` (never going back); not a change of the game."""
        await self.database.write(
            "UPDATE games SET board_version = ? WHERE id = ? AND (board_version IS NULL OR board_version < ?)",
            (version, game_id, version),
        )

    async def set_board(self, game_id: int, message_id: int, version: int) -> None:
        """A new board message showing ``version`` (:meth:`set_message_id` and :meth:`set_board_version` in one)."""
        await self.database.write(
            "UPDATE games SET message_id = ?, board_version = CASE WHEN board_version IS NULL OR board_version < ? "
            "THEN ? ELSE board_version END WHERE id = ?",
            (message_id, version, version, game_id),
        )

    async def unpublished(self) -> list[tuple[int, int, float]]:
        """Games whose board is older than their last change (active ones, and ones that ended so),
        as (id, version, since when: the turn's start, else the change), longest-waiting first."""
        found = await self.db.fetch(
            "SELECT id, version, COALESCE(turn_started_at, updated_at) AS since FROM games "
            "WHERE status IN ('active', 'finished') AND board_version IS NOT NULL AND board_version < version "
            "ORDER BY since, id"
        )
        return [(int(row[0]), int(row[1]), float(row[2])) for row in found]

    async def set_ping_id(self, game_id: int, ping_id: int | None) -> None:
        """Remember the message that pings the player(s) to act; not a change of the game, so no new version."""
        await self.database.write("UPDATE games SET ping_id = ? WHERE id = ?", (ping_id, game_id))

    async def set_offer(self, game_id: int, offer: JSON | None) -> None:
        """Store or clear the pending offer; not a change of the game, so no new version."""
        encoded = _encode({"offer": offer})["offer"]
        await self.database.write("UPDATE games SET offer = ? WHERE id = ?", (encoded, game_id))

    async def set_claim_message(self, game_id: int, message_id: int | None, was: int | None) -> bool:
        """Store the message asking for a claim on time, if the stored one is still ``was``; not a change
        of the game, so no new version.  False when another run changed it first."""
        query = "UPDATE games SET claim_message = ? WHERE id = ? AND claim_message "
        if was is None:
            written = await self.database.write(query + "IS NULL", (message_id, game_id))
        else:
            written = await self.database.write(query + "= ?", (message_id, game_id, was))
        return written == 1

    async def set_channel_id(self, game_id: int, channel_id: int) -> None:
        await self.database.write("UPDATE games SET channel_id = ? WHERE id = ?", (channel_id, game_id))

    def _decoded_state(self, game_id: int, stored: str | bytes) -> JSON:
        kept = self._states.get(game_id)
        if kept is not None and kept[0] == stored:
            return kept[1]
        state = decode_state(stored)
        self._states[game_id] = (stored, state)
        return state

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
        for found in await self.db.fetch(query, params):
            try:
                rows.append(decode_game(found))
            except CorruptRow:
                log.warning("skipping game %s: its stored data cannot be decoded", found["id"])
        return rows

    async def move_count(self, game_id: int) -> int:
        found = await self.db.fetchrow("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,))
        return int(found[0]) if found else 0

    async def moves(self, game_id: int) -> list[MoveRow]:
        found = await self.db.fetch(
            "SELECT ply, seat, user_id, notation, played_at FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        return [MoveRow(*row) for row in found]

    # -- players -------------------------------------------------------------

    async def remember_player(self, guild_id: int, user_id: int, display_name: str, now: float) -> None:
        """Keep ``user_id``'s name in server ``guild_id`` (their nickname there)."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO member_names (guild_id, user_id, display_name, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET display_name = excluded.display_name, "
                "updated_at = excluded.updated_at",
                (guild_id, user_id, display_name, now),
            )
            await self.changes.changed(db, "names", (guild_id, user_id))

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The names of ``user_ids`` in server ``guild_id``; a name from before names were kept per server else."""
        wanted = list(user_ids)
        missing = list(dict.fromkeys(uid for uid in wanted if (guild_id, uid) not in self._names))
        known = {uid: self._names.get((guild_id, uid)) for uid in wanted}
        if missing:
            mark = self.changes.mark()
            marks = ", ".join("?" for _ in missing)
            found = await self.db.fetch(
                f"SELECT user_id, display_name, 0 AS here FROM players WHERE user_id IN ({marks}) "
                f"UNION ALL SELECT user_id, display_name, 1 FROM member_names WHERE guild_id = ? "
                f"AND user_id IN ({marks}) ORDER BY here",
                [*missing, guild_id, *missing],
            )
            names = {row[0]: row[1] for row in found}  # the server's name, read last, wins
            for uid in missing:
                known[uid] = names.get(uid)
                self._names.keep((guild_id, uid), known[uid], mark)
        return {uid: name for uid, name in known.items() if name is not None}

    # -- solo records --------------------------------------------------------

    async def record_solo_result(self, result: SoloResult) -> bool:
        """Keep a finished solo game once; False when it was kept already (the same end noticed twice)."""
        async with self.transaction() as db:
            written = await db.execute(
                "INSERT INTO solo_records "
                "(game_id, guild_id, user_id, game, difficulty, result, score, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                astuple(result),  # the columns above, in the dataclass's field order
            )
            return written == 1

    async def solo_records(self, guild_id: int, game: str | None = None) -> list[SoloStanding]:
        """Each player's solo record per difficulty on a server: best score first, then most wins."""
        query = (
            f"SELECT user_id, difficulty, COUNT(*), {_count('win')}, {_count('draw')}, {_count('loss')}, MAX(score) "
            "FROM solo_records WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if game is not None:
            query += " AND game = ?"
            params.append(game)
        query += (
            " GROUP BY user_id, difficulty"
            f" ORDER BY difficulty, MAX(score) IS NULL, MAX(score) DESC, {_count('win')} DESC, user_id"
        )
        return [SoloStanding(*row) for row in await self.db.fetch(query, params)]


def _count(result: str) -> str:
    """SQL counting the rows of one result (a sum of booleans is SQLite's only)."""
    return f"SUM(CASE WHEN result = '{result}' THEN 1 ELSE 0 END)"


async def _write_seats(db: Connection, game_id: int, seats: list[int]) -> None:
    await db.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
    await db.executemany(
        "INSERT INTO game_players (game_id, user_id, seat) VALUES (?, ?, ?)",
        [(game_id, user_id, seat) for seat, user_id in enumerate(seats)],
    )


def encode_state(state: JSON) -> bytes:
    """A game's state as the ``games.state`` column keeps it: its compact JSON, compressed.

    >>> encode_state({"board": [0] * 100})[:1] != b"{"
    True
    """
    return zlib.compress(json.dumps(state, separators=(",", ":")).encode(), STATE_LEVEL)


def decode_state(stored: str | bytes | memoryview) -> JSON:
    """The state kept in ``games.state``, however it was written: compressed, or JSON text from before.

    JSON text comes back from SQLite as ``str``, and from PostgreSQL's ``bytea`` column (migration 014)
    as its UTF-8 bytes.  A JSON object starts with ``{``, which is never the first byte of zlib's
    header (its low four bits would have to be 8), so the first byte tells them apart.
    Raises ValueError (or ``zlib.error``) when the stored value is damaged.

    >>> decode_state('{"turn": 3}'), decode_state(b'{"turn": 3}'), decode_state(encode_state({"turn": 3}))
    ({'turn': 3}, {'turn': 3}, {'turn': 3})
    """
    if isinstance(stored, str):
        return _json_object(stored)
    data = bytes(stored)
    return _json_object(data if data[:1] == b"{" else zlib.decompress(data))


def _json_object(text: str | bytes) -> JSON:
    """``text``'s JSON, which must be an object (a state is one)."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"a stored state is a JSON object, not {type(value).__name__}")
    return value


def _encode(values: dict[str, Any], skip: set[str] | None = None) -> dict[str, Any]:
    skip = skip or set()
    return {name: _encode_column(name, value) for name, value in values.items() if name not in skip}


def _encode_column(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name == "state":
        return encode_state(value)
    return json.dumps(value) if name in _JSON_COLUMNS else value


def decode_game(found: Row | JSON, decode: Callable[[int, Any], JSON] | None = None) -> GameRow:
    """A fetched ``games`` row decoded; ``decode(game_id, stored)`` decodes its state (default :func:`decode_state`)."""
    values = dict(found)
    try:
        for name in _JSON_COLUMNS:
            if values[name] is not None:
                values[name] = json.loads(values[name])
        if values["state"] is not None:
            values["state"] = decode_state(values["state"]) if decode is None else decode(values["id"], values["state"])
        return GameRow(**values)
    except (ValueError, TypeError, zlib.error) as error:
        raise CorruptRow(values.get("id")) from error
