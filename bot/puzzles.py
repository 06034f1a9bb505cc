"""Puzzles from a server's own games: keeping them, choosing the next, answers, ratings and streaks.

A puzzle (:class:`Puzzle`) is a decision of a finished game on this server where the mover had one
clearly best move and played a much worse one (found by :mod:`bot.mining`). A player answers it
privately with the game's own controls; their first answer counts:

- it moves their puzzle rating in that game on that server and the puzzle's own rating, with the
  same OpenSkill model as games (:data:`bot.ratings.MODEL`): a solve is a win over the puzzle, a
  miss a loss to it, so puzzles that many miss rise and rate their solvers higher;
- it extends or ends their streak, the puzzles solved in a row on that server (any game).

Later answers to the same puzzle say right or wrong and change nothing. ``/puzzle`` deals a player
the next puzzle they have not answered, from the games they played first, then the server's.
A player who keeps their games out of puzzles (:meth:`PuzzleStore.set_opt_out`) has none cut from
them, and those already cut are dropped.

>>> outcome_of(True), outcome_of(False)
([1.0, 2.0], [2.0, 1.0])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.database import Connection, Row
from bot.mining import Found
from bot.ratings import MODEL, shown_rating
from bot.storage import Storage
from rules import GAMES, GameState, IllegalMove

DAY_SECONDS = 86400
PROVISIONAL_PUZZLES = 5  # a puzzle rating stays provisional (shown with "?") for this many first answers


@dataclass(frozen=True)
class Puzzle:
    """One kept puzzle: the position ``seat`` saw before its move at ``ply`` of game ``game_id``."""

    id: int
    guild_id: int
    game: str
    game_id: int
    ply: int
    seat: int
    players: tuple[int, ...]
    position: dict[str, Any]
    log: tuple[tuple[int, str], ...]
    best: str
    played: str
    line: tuple[tuple[int, str], ...]
    chance_best: float
    chance_played: float
    mu: float
    sigma: float
    created_at: float

    def state(self) -> GameState[Any]:
        """The position to solve (a world consistent with what the mover saw)."""
        state: GameState[Any] = GAMES[self.game].state_class.from_json(self.position)
        return state

    @property
    def swing(self) -> float:
        """How much the move played lost: the measure of a day's best puzzle."""
        return self.chance_best - self.chance_played

    @property
    def rating(self) -> int:
        return shown_rating(self.mu, self.sigma)

    def solves(self, notation: str) -> bool:
        """Whether ``notation`` is the puzzle's answer (read as the game reads a move)."""
        return move_read(self.state(), notation) == self.best


def move_read(state: GameState[Any], notation: str) -> str | None:
    """``notation`` as the game writes it, or None when the game cannot read it."""
    try:
        return str(state.parse_move(notation))
    except IllegalMove:
        return None


@dataclass(frozen=True)
class Answered:
    """What a first answer did: solved or not, the player's puzzle rating before and after, their streak."""

    solved: bool
    counted: bool
    before: int
    after: int
    streak: int


@dataclass(frozen=True)
class PuzzleRating:
    """A player's puzzle rating in one game on one server."""

    user_id: int
    game: str
    mu: float
    sigma: float
    tried: int
    solved: int

    @property
    def shown(self) -> int:
        return shown_rating(self.mu, self.sigma)

    @property
    def label(self) -> str:
        return f"{self.shown}?" if self.tried < PROVISIONAL_PUZZLES else str(self.shown)


@dataclass(frozen=True)
class Streak:
    current: int = 0
    best: int = 0


@dataclass(frozen=True)
class PuzzleSettings:
    """A server's puzzle choices: the daily puzzle's channel (None: no daily post), names shown or not."""

    guild_id: int
    channel_id: int | None = None
    names_shown: bool = False


def outcome_of(solved: bool) -> list[float]:
    """The ranks of (player, puzzle) in the rating model: the solver wins."""
    return [1.0, 2.0] if solved else [2.0, 1.0]


def decode_puzzle(row: Row) -> Puzzle:
    values = dict(zip(row.keys(), row, strict=True))
    return Puzzle(
        id=int(values["id"]), guild_id=int(values["guild_id"]), game=str(values["game"]),
        game_id=int(values["game_id"]), ply=int(values["ply"]), seat=int(values["seat"]),
        players=tuple(int(user) for user in json.loads(values["players"])), position=json.loads(values["position"]),
        log=tuple((int(seat), str(move)) for seat, move in json.loads(values["log"])),
        best=str(values["best"]), played=str(values["played"]),
        line=tuple((int(seat), str(move)) for seat, move in json.loads(values["line"])),
        chance_best=float(values["chance_best"]), chance_played=float(values["chance_played"]),
        mu=float(values["mu"]), sigma=float(values["sigma"]), created_at=float(values["created_at"]),
    )  # fmt: skip


class PuzzleStore:
    """Reads and writes puzzles, the mining queue, answers, ratings, streaks and each server's choices."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # -- the mining queue -----------------------------------------------------------

    async def queue(self, game_id: int, now: float) -> None:
        """Put a finished game in the mining queue (once: a second call changes nothing)."""
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO puzzle_mining (game_id, queued_at) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, now),
            )

    async def next_to_mine(self, queued_by: float) -> int | None:
        """The game to mine next: the first queued, by ``queued_by`` at the latest, not mined yet."""
        found = await self.storage.db.fetchrow(
            "SELECT game_id FROM puzzle_mining WHERE mined_at IS NULL AND queued_at <= ? ORDER BY queued_at, game_id "
            "LIMIT 1",
            (queued_by,),
        )
        return None if found is None else int(found[0])

    async def keep_mined(
        self,
        game_id: int,
        guild_id: int,
        game: str,
        players: Sequence[int],
        found: Sequence[Found],
        seconds: float,
        now: float,
    ) -> list[int]:
        """Keep a game's puzzles and mark it mined, in one transaction; returns the new puzzles' ids."""
        fresh = MODEL.rating()
        kept = []
        async with self.storage.transaction() as db:
            for puzzle in found:
                if await db.fetchrow("SELECT 1 FROM puzzles WHERE game_id = ? AND ply = ?", (game_id, puzzle.ply)):
                    continue
                judged = puzzle.judged
                kept.append(await db.insert(
                    "INSERT INTO puzzles (guild_id, game, game_id, ply, seat, players, position, log, best, played, "
                    "line, chance_best, chance_played, chance_second, mu, sigma, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, game, game_id, puzzle.ply, puzzle.seat, json.dumps(list(players)),
                     json.dumps(puzzle.position), json.dumps(puzzle.log), judged.best, judged.played,
                     json.dumps(puzzle.line), judged.chance_best, judged.chance_played, judged.chance_second,
                     fresh.mu, fresh.sigma, now),
                ))  # fmt: skip
            await db.execute(
                "UPDATE puzzle_mining SET mined_at = ?, seconds = ?, found = ? WHERE game_id = ?",
                (now, seconds, len(kept), game_id),
            )
        return kept

    # -- puzzles --------------------------------------------------------------------

    async def get(self, puzzle_id: int) -> Puzzle | None:
        found = await self.storage.db.fetchrow("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
        return None if found is None else decode_puzzle(found)

    async def next_for(self, user_id: int, guild_id: int, game: str | None = None) -> Puzzle | None:
        """The next puzzle ``user_id`` has not answered on this server (of ``game`` only, if given): from
        the games they played first, then the server's; the newest first within each."""
        where, params = ("AND game = ?", [game]) if game is not None else ("", [])
        rows = await self.storage.db.fetch(
            f"SELECT * FROM puzzles WHERE guild_id = ? {where} AND id NOT IN "
            "(SELECT puzzle_id FROM puzzle_answers WHERE user_id = ?) ORDER BY created_at DESC, id DESC",
            [guild_id, *params, user_id],
        )
        puzzles = [decode_puzzle(row) for row in rows]
        own = [puzzle for puzzle in puzzles if user_id in puzzle.players]
        return next(iter(own or puzzles), None)

    # -- answers --------------------------------------------------------------------

    async def answer(self, puzzle: Puzzle, user_id: int, notation: str, now: float) -> Answered:
        """Record ``user_id``'s answer: the first one rates them and the puzzle and moves their streak;
        a later one only says whether it was right."""
        solved = puzzle.solves(notation)
        async with self.storage.transaction() as db:
            rating = await self._rating(db, puzzle.guild_id, puzzle.game, user_id)
            streak = await self._streak(db, puzzle.guild_id, user_id)
            first = await db.execute(
                "INSERT INTO puzzle_answers (puzzle_id, user_id, answer, solved, answered_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (puzzle_id, user_id) DO NOTHING",
                (puzzle.id, user_id, notation, int(solved), now),
            )
            if not first:
                return Answered(solved, False, rating.shown, rating.shown, streak.current)
            current = await db.fetchrow("SELECT mu, sigma FROM puzzles WHERE id = ?", (puzzle.id,))
            assert current is not None
            player, riddle = MODEL.rate(
                [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)], [MODEL.rating(mu=current[0], sigma=current[1])]],
                ranks=outcome_of(solved),
            )
            await self._keep_rating(db, puzzle, user_id, player[0].mu, player[0].sigma, solved)
            await db.execute(
                "UPDATE puzzles SET mu = ?, sigma = ? WHERE id = ?", (riddle[0].mu, riddle[0].sigma, puzzle.id)
            )
            after = Streak(streak.current + 1 if solved else 0, max(streak.best, streak.current + int(solved)))
            await db.execute(
                "INSERT INTO puzzle_streaks (guild_id, user_id, current, best) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET current = excluded.current, best = excluded.best",
                (puzzle.guild_id, user_id, after.current, after.best),
            )
        return Answered(solved, True, rating.shown, shown_rating(player[0].mu, player[0].sigma), after.current)

    async def _keep_rating(
        self, db: Connection, puzzle: Puzzle, user_id: int, mu: float, sigma: float, solved: bool
    ) -> None:
        await db.execute(
            "INSERT INTO puzzle_ratings (guild_id, game, user_id, mu, sigma, tried, solved) "
            "VALUES (?, ?, ?, ?, ?, 1, ?) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "tried = puzzle_ratings.tried + 1, solved = puzzle_ratings.solved + excluded.solved",
            (puzzle.guild_id, puzzle.game, user_id, mu, sigma, int(solved)),
        )

    async def _rating(self, db: Connection, guild_id: int, game: str, user_id: int) -> PuzzleRating:
        found = await db.fetchrow(
            "SELECT mu, sigma, tried, solved FROM puzzle_ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        )
        if found is None:
            fresh = MODEL.rating()
            return PuzzleRating(user_id, game, fresh.mu, fresh.sigma, 0, 0)
        return PuzzleRating(user_id, game, float(found[0]), float(found[1]), int(found[2]), int(found[3]))

    async def _streak(self, db: Connection, guild_id: int, user_id: int) -> Streak:
        found = await db.fetchrow(
            "SELECT current, best FROM puzzle_streaks WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        return Streak() if found is None else Streak(int(found[0]), int(found[1]))

    async def streak(self, guild_id: int, user_id: int) -> Streak:
        return await self._streak(self.storage.db, guild_id, user_id)

    async def ratings_of(self, guild_id: int, user_id: int) -> list[PuzzleRating]:
        """``user_id``'s puzzle ratings on this server, one per game they answered puzzles of."""
        rows = await self.storage.db.fetch(
            "SELECT user_id, game, mu, sigma, tried, solved FROM puzzle_ratings WHERE guild_id = ? AND user_id = ? "
            "ORDER BY game",
            (guild_id, user_id),
        )
        return [PuzzleRating(int(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4]), int(r[5])) for r in rows]

    async def table(self, guild_id: int, game: str) -> list[PuzzleRating]:
        """The puzzle leaderboard of one game on one server: the highest shown rating first."""
        rows = await self.storage.db.fetch(
            "SELECT user_id, game, mu, sigma, tried, solved FROM puzzle_ratings WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        found = [PuzzleRating(int(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4]), int(r[5])) for r in rows]
        return sorted(found, key=lambda rating: (-rating.shown, -rating.solved, rating.user_id))

    # -- choices ----------------------------------------------------------------------

    async def opted_out(self, user_ids: Sequence[int]) -> bool:
        """Whether any of these players keeps their games out of puzzles."""
        if not user_ids:
            return False
        marks = ", ".join("?" for _ in user_ids)
        found = await self.storage.db.fetchrow(
            f"SELECT 1 FROM puzzle_opt_outs WHERE user_id IN ({marks})", list(user_ids)
        )
        return found is not None

    async def set_opt_out(self, user_id: int, out: bool, now: float) -> int:
        """Keep ``user_id``'s games out of puzzles (dropping those already cut from them; returns how many),
        or let them in again (from the next game on)."""
        async with self.storage.transaction() as db:
            if not out:
                await db.execute("DELETE FROM puzzle_opt_outs WHERE user_id = ?", (user_id,))
                return 0
            await db.execute(
                "INSERT INTO puzzle_opt_outs (user_id, since) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
                (user_id, now),
            )
            rows = await db.fetch("SELECT id, players FROM puzzles")
            theirs = [int(puzzle_id) for puzzle_id, players in rows if user_id in json.loads(players)]
            for puzzle_id in theirs:
                await db.execute("DELETE FROM puzzles WHERE id = ?", (puzzle_id,))
        return len(theirs)

    async def is_opted_out(self, user_id: int) -> bool:
        return await self.opted_out([user_id])

    async def settings(self, guild_id: int) -> PuzzleSettings:
        found = await self.storage.db.fetchrow(
            "SELECT channel_id, names_shown FROM puzzle_settings WHERE guild_id = ?", (guild_id,)
        )
        if found is None:
            return PuzzleSettings(guild_id)
        return PuzzleSettings(guild_id, None if found[0] is None else int(found[0]), bool(found[1]))

    async def update_settings(self, settings: PuzzleSettings) -> None:
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO puzzle_settings (guild_id, channel_id, names_shown) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "names_shown = excluded.names_shown",
                (settings.guild_id, settings.channel_id, int(settings.names_shown)),
            )

    # -- the daily puzzle ------------------------------------------------------------

    async def daily_servers(self) -> list[PuzzleSettings]:
        """The servers that chose a channel for the daily puzzle."""
        rows = await self.storage.db.fetch(
            "SELECT guild_id, channel_id, names_shown FROM puzzle_settings WHERE channel_id IS NOT NULL"
        )
        return [PuzzleSettings(int(row[0]), int(row[1]), bool(row[2])) for row in rows]

    async def day_pick(self, guild_id: int, day: str) -> Puzzle | None:
        """The puzzle of ``day`` (``YYYY-MM-DD``): the best of the day before on this server (the move played
        lost most), of another game than the last daily puzzle's when there is one; never one posted before."""
        start = day_start(day) - DAY_SECONDS
        rows = await self.storage.db.fetch(
            "SELECT * FROM puzzles WHERE guild_id = ? AND created_at >= ? AND created_at < ? AND id NOT IN "
            "(SELECT puzzle_id FROM puzzle_posts WHERE guild_id = ? AND puzzle_id IS NOT NULL)",
            (guild_id, start, start + DAY_SECONDS, guild_id),
        )
        candidates = sorted((decode_puzzle(row) for row in rows), key=lambda puzzle: (-puzzle.swing, puzzle.id))
        last = await self.storage.db.fetchrow(
            "SELECT p.game FROM puzzle_posts d JOIN puzzles p ON p.id = d.puzzle_id WHERE d.guild_id = ? "
            "ORDER BY d.day DESC LIMIT 1",
            (guild_id,),
        )
        others = [puzzle for puzzle in candidates if last is None or puzzle.game != last[0]]
        return next(iter(others or candidates), None)

    async def has_day(self, guild_id: int, day: str) -> bool:
        """Whether ``day``'s post on this server was taken already (a read: most looks stop here)."""
        found = await self.storage.db.fetchrow(
            "SELECT 1 FROM puzzle_posts WHERE guild_id = ? AND day = ?", (guild_id, day)
        )
        return found is not None

    async def claim_day(self, guild_id: int, day: str, puzzle_id: int | None, channel_id: int) -> bool:
        """Take ``day``'s post on this server: True for the one process (and the one look) that may post it."""
        async with self.storage.transaction() as db:
            taken = await db.execute(
                "INSERT INTO puzzle_posts (guild_id, day, puzzle_id, channel_id) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, day) DO NOTHING",
                (guild_id, day, puzzle_id, channel_id),
            )
        return taken == 1

    async def posted(self, guild_id: int, day: str, message_id: int) -> None:
        async with self.storage.transaction() as db:
            await db.execute(
                "UPDATE puzzle_posts SET message_id = ? WHERE guild_id = ? AND day = ?", (message_id, guild_id, day)
            )

    async def days_to_close(self, guild_id: int, today: str) -> list[DailyPost]:
        """The daily posts of days before ``today`` whose results are not shown yet."""
        rows = await self.storage.db.fetch(
            "SELECT day, puzzle_id, channel_id, message_id FROM puzzle_posts WHERE guild_id = ? AND day < ? "
            "AND closed = 0 ORDER BY day",
            (guild_id, today),
        )
        return [DailyPost(guild_id, str(r[0]), maybe_int(r[1]), int(r[2]), maybe_int(r[3])) for r in rows]

    async def close_day(self, post: DailyPost) -> DayResult | None:
        """Mark a day's post closed (once: None when another look did) and return who solved its puzzle."""
        async with self.storage.transaction() as db:
            taken = await db.execute(
                "UPDATE puzzle_posts SET closed = 1 WHERE guild_id = ? AND day = ? AND closed = 0",
                (post.guild_id, post.day),
            )
            if taken != 1:
                return None
            rows = await db.fetch(
                "SELECT user_id FROM puzzle_answers WHERE puzzle_id = ? AND solved = 1 AND answered_at < ? "
                "ORDER BY answered_at, user_id",
                (post.puzzle_id, day_start(post.day) + DAY_SECONDS),
            )
        return DayResult(len(rows), int(rows[0][0]) if rows else None)


@dataclass(frozen=True)
class DailyPost:
    """A day's puzzle post on one server (``puzzle_id`` None: no puzzle that day; ``message_id`` None: not sent)."""

    guild_id: int
    day: str
    puzzle_id: int | None
    channel_id: int
    message_id: int | None


@dataclass(frozen=True)
class DayResult:
    """How many solved a day's puzzle by the day's end, and who first."""

    solved: int
    first: int | None


def maybe_int(value: Any) -> int | None:
    return None if value is None else int(value)


def day_of(now: float) -> str:
    """The UTC day of a time, as the daily puzzle names days.

    >>> day_of(86400 * 3 + 5)
    '1970-01-04'
    """
    return datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d")


def day_start(day: str) -> float:
    """When a UTC day begins.

    >>> day_start("1970-01-04")
    259200.0
    """
    return datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=UTC).timestamp()
