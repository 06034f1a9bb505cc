"""Seasons per server: each game's table started fresh for a month, a quarter, or as long as admins say.

A season's rating is an OpenSkill rating started fresh when the season starts (the same
model and the same Elo-like number as the lifetime rating, see :mod:`bot.ratings`),
updated by every rated game that *finishes* while the season runs; the lifetime rating
is untouched.  A game that straddles the end of a season counts in the season in which
it finished: the finishing write itself rolls the season over when its end has passed
(:meth:`Seasons.finish_step`), so a result never lands in a season that is over, even when
the bot was down at the turn of the month.

Seasons roll over on time from the scheduler's sweep (:meth:`Seasons.roll_due`): the
season whose end passed is closed *at its end* (not when the bot noticed), and the next
one starts with the period that contains now.  An ended season's final table is posted
once: :meth:`Seasons.claim_post` marks it posted before anything is sent.

Inactive players (no rated game in the last ``inactive_days``) leave the current tables
(the lifetime one and the running season's) and come back with their next rated game;
past seasons keep their final table as it was.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from bot.database import Connection, Row
from bot.ratings import MODEL, Rating, is_rated, ranks_of, result_of
from bot.storage import GameRow, Storage, WithinTransaction
from rules import Outcome

NONE, MONTHLY, QUARTERLY = "none", "monthly", "quarterly"
CADENCES = (NONE, MONTHLY, QUARTERLY)
DAY = 86400
MAX_INACTIVE_DAYS = 3650
_MONTHS = {MONTHLY: 1, QUARTERLY: 3}


def period_of(cadence: str, when: float) -> tuple[float, float]:
    """The start and end (UTC timestamps) of the month or quarter that contains ``when``.

    >>> start, end = period_of(QUARTERLY, datetime(2026, 11, 26, tzinfo=UTC).timestamp())
    >>> datetime.fromtimestamp(start, UTC).date(), datetime.fromtimestamp(end, UTC).date()
    (datetime.date(2026, 10, 1), datetime.date(2027, 1, 1))
    """
    step = _MONTHS[cadence]
    day = datetime.fromtimestamp(when, UTC)
    first = (day.month - 1) // step * step + 1
    start = datetime(day.year, first, 1, tzinfo=UTC)
    later = first - 1 + step
    end = datetime(day.year + later // 12, later % 12 + 1, 1, tzinfo=UTC)
    return start.timestamp(), end.timestamp()


class SeasonError(ValueError):
    """A season request that cannot be done: ``key`` names its message in the catalogue."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values


@dataclass(frozen=True)
class SeasonSettings:
    """How one server runs its seasons."""

    guild_id: int
    cadence: str = NONE
    inactive_days: int = 0  # 0: everybody stays on the current tables
    channel_id: int | None = None  # where final tables are posted; None: the first game channel
    champion_role: int | None = None  # given to each game's season champions (None: no role)
    champion_top: int = 1  # how many of each game's final table get it
    winner_role: int | None = None  # given to the last tournament's winner (None: no role)

    def active_since(self, now: float) -> float | None:
        """The oldest last game that keeps a player on the current tables (None: no limit)."""
        return now - self.inactive_days * DAY if self.inactive_days else None


@dataclass(frozen=True)
class Season:
    """One season of one server."""

    id: int
    guild_id: int
    number: int
    started_at: float
    ends_at: float | None
    ended_at: float | None
    posted_at: float | None

    @property
    def running(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True)
class SeasonRating(Rating):
    """A player's rating in one game over one season, and when they last played in it."""

    played_at: float

    @property
    def label(self) -> str:
        """``1538`` once established in the season, ``1538?`` while provisional."""
        return f"{self.shown}?" if self.provisional else str(self.shown)


_SEASON = "id, guild_id, number, started_at, ends_at, ended_at, posted_at"
_ENTRY = "user_id, game, mu, sigma, games, wins, losses, draws, played_at"


def _season(row: Row | None) -> Season | None:
    if row is None:
        return None
    return Season(int(row[0]), int(row[1]), int(row[2]), float(row[3]), _number(row[4]), _number(row[5]),
                  _number(row[6]))  # fmt: skip


def _id(value: Any) -> int | None:
    return None if value is None else int(value)


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def _active(active_since: float | None, *, ordered: bool = False) -> tuple[str, list[float]]:
    """The condition that leaves out inactive players; ``ordered``: written ``+played_at`` for a page read in
    the table's order, so that the database walks the index by score (which holds the time) rather than sort."""
    column = "+played_at" if ordered else "played_at"
    return (f"AND {column} >= ?", [active_since]) if active_since is not None else ("", [])


class Seasons:
    """Reads and writes seasons, their settings and their tables."""

    def __init__(self, storage: Storage, clock: Any) -> None:
        self.storage = storage
        self.clock = clock

    # -- settings ------------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> SeasonSettings:
        found = await self.storage.db.fetchrow(
            "SELECT cadence, inactive_days, channel_id, champion_role, champion_top, winner_role "
            "FROM season_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if found is None:
            return SeasonSettings(guild_id)
        return SeasonSettings(
            guild_id, str(found[0]), int(found[1]), _id(found[2]), _id(found[3]), int(found[4]), _id(found[5])
        )

    async def update_settings(self, guild_id: int, **changes: Any) -> SeasonSettings:
        """Change a server's season settings; a cadence set starts a season at once when none runs."""
        settings = replace(await self.settings(guild_id), **changes)
        if settings.cadence not in CADENCES:
            raise SeasonError("season.err.cadence", cadence=settings.cadence)
        if not 0 <= settings.inactive_days <= MAX_INACTIVE_DAYS:
            raise SeasonError("season.err.inactive", high=MAX_INACTIVE_DAYS)
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO season_settings (guild_id, cadence, inactive_days, channel_id, champion_role, "
                "champion_top, winner_role) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET cadence = excluded.cadence, "
                "inactive_days = excluded.inactive_days, channel_id = excluded.channel_id, "
                "champion_role = excluded.champion_role, champion_top = excluded.champion_top, "
                "winner_role = excluded.winner_role, role_problem = NULL",
                (guild_id, settings.cadence, settings.inactive_days, settings.channel_id, settings.champion_role,
                 settings.champion_top, settings.winner_role),
            )  # fmt: skip
            await self._retime(db, settings)
        return settings

    async def _retime(self, db: Connection, settings: SeasonSettings) -> None:
        """A changed cadence: the running season ends with the new period (or, for none, by hand)."""
        running = await self._running(db, settings.guild_id)
        if running is None:
            await self.roll(db, settings.guild_id, self.clock(), settings.cadence)
            return
        ends_at = None if settings.cadence == NONE else period_of(settings.cadence, self.clock())[1]
        await db.execute("UPDATE seasons SET ends_at = ? WHERE id = ?", (ends_at, running.id))

    # -- seasons -------------------------------------------------------------------------------

    async def _running(self, db: Connection, guild_id: int) -> Season | None:
        found = await db.fetchrow(
            f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? AND ended_at IS NULL{db.for_update}", (guild_id,)
        )
        return _season(found)

    async def current(self, guild_id: int) -> Season | None:
        """The season running on a server, if any."""
        return await self._running(self.storage.db, guild_id)

    async def numbered(self, guild_id: int, number: int) -> Season | None:
        found = await self.storage.db.fetchrow(
            f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number)
        )
        return _season(found)

    async def of_guild(self, guild_id: int) -> list[Season]:
        """Every season of a server, newest first."""
        found = await self.storage.db.fetch(
            f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? ORDER BY number DESC", (guild_id,)
        )
        return [season for season in map(_season, found) if season is not None]

    async def roll(self, db: Connection, guild_id: int, now: float, cadence: str) -> Season | None:
        """Inside a transaction: close the running season if its end passed (at its end), and with a
        cadence start the season of the period containing ``now`` when none runs.  The season running."""
        running = await self._running(db, guild_id)
        if running is not None and running.ends_at is not None and running.ends_at <= now:
            await db.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (running.ends_at, running.id))
            running = None
        if running is None and cadence != NONE:
            start, end = period_of(cadence, now)
            # A season ended by hand mid-period: the next one starts where it stopped, not before.
            last = await db.fetchrow("SELECT MAX(ended_at) FROM seasons WHERE guild_id = ?", (guild_id,))
            if last is not None and last[0] is not None:
                start = max(start, float(last[0]))
            running = await self._open(db, guild_id, start, end)
        return running

    async def _open(self, db: Connection, guild_id: int, started_at: float, ends_at: float | None) -> Season:
        found = await db.fetchrow("SELECT MAX(number) FROM seasons WHERE guild_id = ?", (guild_id,))
        number = 1 + int(found[0] or 0) if found else 1
        # Another process rolling the same server at the same moment may have opened it first: use theirs.
        await db.execute(
            "INSERT INTO seasons (guild_id, number, started_at, ends_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (guild_id, number) DO NOTHING",
            (guild_id, number, started_at, ends_at),
        )
        opened = _season(
            await db.fetchrow(f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number))
        )
        assert opened is not None  # inserted just now, or by the other process
        return opened

    async def start(self, guild_id: int) -> tuple[Season | None, Season]:
        """By hand: end the running season now (if any) and start the next; (ended, started)."""
        settings, now = await self.settings(guild_id), self.clock()
        async with self.storage.transaction() as db:
            ended = await self._end(db, guild_id, now)
            ends_at = None if settings.cadence == NONE else period_of(settings.cadence, now)[1]
            return ended, await self._open(db, guild_id, now, ends_at)

    async def end(self, guild_id: int) -> Season:
        """By hand: end the running season now.  With a cadence, the next one starts at once and ends
        with the period; without, none runs until ``start``."""
        settings, now = await self.settings(guild_id), self.clock()
        async with self.storage.transaction() as db:
            ended = await self._end(db, guild_id, now)
            if ended is None:
                raise SeasonError("season.err.none_running")
            await self.roll(db, guild_id, now, settings.cadence)
        return ended

    async def _end(self, db: Connection, guild_id: int, now: float) -> Season | None:
        running = await self._running(db, guild_id)
        if running is None:
            return None
        await db.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (now, running.id))
        return replace(running, ended_at=now)

    async def roll_due(self) -> int:
        """Roll over every server whose season ended or that has a cadence and no season; how many rolled."""
        now = self.clock()
        found = await self.storage.db.fetch(
            "SELECT guild_id, cadence FROM season_settings s WHERE cadence != ? AND NOT EXISTS "
            "(SELECT 1 FROM seasons r WHERE r.guild_id = s.guild_id AND r.ended_at IS NULL AND r.ends_at > ?) "
            "UNION SELECT guild_id, NULL FROM seasons WHERE ended_at IS NULL AND ends_at <= ?",
            (NONE, now, now),
        )
        guilds = {int(row[0]) for row in found}
        for guild_id in guilds:
            cadence = (await self.settings(guild_id)).cadence
            async with self.storage.transaction() as db:
                await self.roll(db, guild_id, now, cadence)
        return len(guilds)

    async def unposted(self) -> list[Season]:
        """Ended seasons whose final table was not posted yet, oldest first."""
        found = await self.storage.db.fetch(
            f"SELECT {_SEASON} FROM seasons WHERE ended_at IS NOT NULL AND posted_at IS NULL ORDER BY ended_at, id"
        )
        return [season for season in map(_season, found) if season is not None]

    async def claim_post(self, season: Season) -> bool:
        """Mark a season's final table posted; False when another run did first (so it is posted once)."""
        async with self.storage.transaction() as db:
            written = await db.execute(
                "UPDATE seasons SET posted_at = ? WHERE id = ? AND posted_at IS NULL", (self.clock(), season.id)
            )
        return written == 1

    # -- results -------------------------------------------------------------------------------

    def finish_step(self, unrated_users: Collection[int]) -> Any:
        """The service's ``on_finish`` hook: a rated game's result also counts in the season running
        when it finished (rolled over first when its end passed)."""

        def hook(row: GameRow, outcome: Outcome) -> WithinTransaction:
            async def step(db: Connection) -> None:
                if not is_rated(row.seats, unrated_users):
                    return
                cadence = await db.fetchrow("SELECT cadence FROM season_settings WHERE guild_id = ?", (row.guild_id,))
                season = await self.roll(db, row.guild_id, self.clock(), NONE if cadence is None else cadence[0])
                if season is not None:
                    await self.apply(db, season.id, row.game, list(row.seats), outcome)

            return step

        return hook

    async def apply(self, db: Connection, season_id: int, game: str, seats: Sequence[int], outcome: Outcome) -> None:
        """Update the season ratings of ``seats`` for one result, on an open transaction."""
        before = [await self._rating(db, season_id, game, uid) for uid in seats]
        ranks = ranks_of(outcome, len(seats))
        after = MODEL.rate(
            [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before], ranks=[float(r) for r in ranks]
        )
        now = self.clock()
        for seat, uid in enumerate(seats):
            new, result = after[seat][0], result_of(outcome, seat)
            await db.execute(
                "INSERT INTO season_ratings (season_id, game, user_id, mu, sigma, score, games, wins, losses, draws, "
                "played_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (season_id, game, user_id) DO UPDATE "
                "SET mu = excluded.mu, sigma = excluded.sigma, score = excluded.score, "
                "games = season_ratings.games + 1, wins = season_ratings.wins + excluded.wins, "
                "losses = season_ratings.losses + excluded.losses, "
                "draws = season_ratings.draws + excluded.draws, played_at = excluded.played_at",
                (season_id, game, uid, new.mu, new.sigma, new.mu - 3 * new.sigma,
                 *(int(result == kind) for kind in ("win", "loss", "draw")), now),
            )  # fmt: skip

    async def _rating(self, db: Connection, season_id: int, game: str, user_id: int) -> tuple[float, float]:
        found = await db.fetchrow(
            "SELECT mu, sigma FROM season_ratings WHERE season_id = ? AND game = ? AND user_id = ?",
            (season_id, game, user_id),
        )
        if found is None:
            fresh = MODEL.rating()
            return fresh.mu, fresh.sigma
        return float(found[0]), float(found[1])

    # -- tables --------------------------------------------------------------------------------

    async def table(
        self, season_id: int, game: str, offset: int, limit: int, active_since: float | None = None
    ) -> list[SeasonRating]:
        """One page of a season's table for a game, best first (read through its index)."""
        where, params = _active(active_since, ordered=True)
        found = await self.storage.db.fetch(
            f"SELECT {_ENTRY} FROM season_ratings WHERE season_id = ? AND game = ? {where} "
            "ORDER BY score DESC, games DESC, user_id LIMIT ? OFFSET ?",
            (season_id, game, *params, limit, offset),
        )
        return [SeasonRating(*row) for row in found]

    async def table_size(self, season_id: int, game: str, active_since: float | None = None) -> int:
        where, params = _active(active_since)
        found = await self.storage.db.fetchrow(
            f"SELECT COUNT(*) FROM season_ratings WHERE season_id = ? AND game = ? {where}",
            (season_id, game, *params),
        )
        return int(found[0]) if found else 0

    async def games_played(self, season_id: int) -> list[str]:
        """The games with at least one rated result in a season."""
        found = await self.storage.db.fetch(
            "SELECT DISTINCT game FROM season_ratings WHERE season_id = ? ORDER BY game", (season_id,)
        )
        return [str(row[0]) for row in found]

    async def place_of(self, season_id: int, game: str, user_id: int, active_since: float | None) -> int | None:
        """A player's place in a season's table for a game (1 = top), None when not on it."""
        found = await self.storage.db.fetchrow(
            "SELECT score, played_at FROM season_ratings WHERE season_id = ? AND game = ? AND user_id = ?",
            (season_id, game, user_id),
        )
        if found is None or (active_since is not None and float(found[1]) < active_since):
            return None
        where, params = _active(active_since)
        ahead = await self.storage.db.fetchrow(
            f"SELECT COUNT(*) FROM season_ratings WHERE season_id = ? AND game = ? AND score > ? {where}",
            (season_id, game, float(found[0]), *params),
        )
        return 1 + (int(ahead[0]) if ahead else 0)
