"""``python -m bot check``: is the database sound, and does every game replay to its stored state?

It runs SQLite's integrity check, then for each started game checks that its moves
are numbered 1, 2, 3… without a gap and that replaying them from the game's seed
gives exactly the stored state.  Damaged games are reported by id.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.backup import connected, existing_database
from bot.database import Connection, is_postgresql
from bot.movelog import replay
from bot.startup import ExitCode, StartupFailure, open_postgresql, without_password
from bot.storage import CorruptRow, GameRow, MoveRow, Storage, decode_game
from rules import GAMES


@dataclass(frozen=True)
class Damage:
    """One problem found; ``game_id`` is None for damage to the file itself."""

    game_id: int | None
    problem: str

    def __str__(self) -> str:
        return self.problem if self.game_id is None else f"game #{self.game_id}: {self.problem}"


def same_json(value: Any) -> Any:
    """``value`` as it reads back from the database (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def numbering_gap(moves: list[MoveRow]) -> str | None:
    """What is wrong with the plies of a move log, if anything.

    >>> numbering_gap([MoveRow(1, 0, 1, "a", 0.0), MoveRow(3, 1, 2, "b", 0.0)])
    'its moves are numbered 1, 3: move 2 is missing'
    """
    for expected, move in enumerate(moves, start=1):
        if move.ply != expected:
            numbers = ", ".join(str(m.ply) for m in moves[:expected])
            return f"its moves are numbered {numbers}: move {expected} is missing"
    return None


def game_damage(row: GameRow, moves: list[MoveRow]) -> str | None:
    """Why a stored game does not match its move log, or None when it does."""
    if row.game not in GAMES:
        return f"it is a game of '{row.game}', which this bot does not know"
    gap = numbering_gap(moves)
    if gap is not None:
        return gap
    if row.state is None:
        return f"it has {len(moves)} moves but was never started" if moves else None
    try:
        replayed = replay(row, moves)
    except Exception as error:  # any failure to replay a stored log is damage to report, not a crash
        return f"its move log does not replay ({type(error).__name__}: {error})"
    if same_json(replayed.to_json()) != row.state:
        return f"its stored state differs from a replay of its {len(moves)} moves"
    return None


def integrity(db: sqlite3.Connection) -> list[Damage]:
    found = [str(row[0]) for row in db.execute("PRAGMA integrity_check")]
    return [] if found == ["ok"] else [Damage(None, f"SQLite integrity check: {problem}") for problem in found]


def games(db: sqlite3.Connection) -> Iterator[tuple[int, GameRow | None, list[MoveRow]]]:
    """Each game's id, row (None if it cannot be decoded) and move log, in id order."""
    db.row_factory = sqlite3.Row
    for found in db.execute("SELECT * FROM games ORDER BY id"):
        moves = [
            MoveRow(*move)
            for move in db.execute(
                "SELECT ply, seat, user_id, notation, played_at FROM moves WHERE game_id = ? ORDER BY ply",
                (found["id"],),
            )
        ]
        try:
            row: GameRow | None = decode_game(found)
        except CorruptRow:
            row = None
        yield found["id"], row, moves


def damages(db: sqlite3.Connection) -> tuple[int, list[Damage]]:
    """How many games were checked, and every problem found."""
    checked, found = replay_damages(games(db))
    return checked, integrity(db) + found


def replay_damages(stored: Iterable[tuple[int, GameRow | None, list[MoveRow]]]) -> tuple[int, list[Damage]]:
    """How many games were checked, and each game that does not replay to its stored state."""
    found, checked = [], 0
    for game_id, row, moves in stored:
        checked += 1
        problem = "its stored data cannot be decoded" if row is None else game_damage(row, moves)
        if problem is not None:
            found.append(Damage(game_id, problem))
    return checked, found


async def stored_games(db: Connection) -> list[tuple[int, GameRow | None, list[MoveRow]]]:
    """As :func:`games`, through the bot's own connection (SQLite or PostgreSQL)."""
    stored = []
    moves: dict[int, list[MoveRow]] = {}
    for move in await db.fetch("SELECT game_id, ply, seat, user_id, notation, played_at FROM moves ORDER BY ply"):
        moves.setdefault(move[0], []).append(MoveRow(*list(move)[1:]))
    for found in await db.fetch("SELECT * FROM games ORDER BY id"):
        try:
            row: GameRow | None = decode_game(found)
        except CorruptRow:
            row = None
        stored.append((int(found["id"]), row, moves.get(found["id"], [])))
    return stored


def check(database: Path | str) -> ExitCode:
    """Print a report; DAMAGED when anything is wrong."""
    if is_postgresql(database):
        checked, found = asyncio.run(postgresql_damages(str(database)))
        return report(without_password(str(database)), checked, found)
    try:
        with connected(existing_database(Path(database))) as db:
            checked, found = damages(db)
    except sqlite3.Error as error:
        raise StartupFailure(ExitCode.DATABASE, f"Cannot read the database {database} ({error}).") from None
    return report(str(database), checked, found)


async def postgresql_damages(url: str) -> tuple[int, list[Damage]]:
    storage = Storage(url)
    await open_postgresql(storage)
    try:
        async with storage.transaction() as db:  # one snapshot of games and moves
            await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            return replay_damages(await stored_games(db))
    finally:
        await storage.close()


def report(database: str, checked: int, found: list[Damage]) -> ExitCode:
    """Print each problem, then a summary; DAMAGED when there is any."""
    for damage in found:
        print(damage)
    if found:
        damaged = sorted({d.game_id for d in found if d.game_id is not None})
        ids = ", ".join(f"#{game_id}" for game_id in damaged) or "none"
        print(f"{database}: {len(found)} problem(s) in {checked} games; damaged games: {ids}.")
        print("Restore a backup from before the damage (see docs/operations.md).")
        return ExitCode.DAMAGED
    print(f"{database}: all {checked} games replay to their stored state; integrity ok.")
    return ExitCode.OK
