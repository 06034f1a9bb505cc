"""Time away (``/away``): a player's clocks wait while they are away, in every game they play.

A period away is a row of ``away``. Starting one moves on, by its whole length, the deadline of
every current turn waiting for the player (in every server), with that turn's pending jobs: the
reminder, the time-out and, under the claim rule, the claim asked again and the end on time. The
length a turn was lengthened by is kept with the game (``games.away_shift``), so every deadline the
bot shows or checks (``Scheduler.turn_seconds``) includes it. A turn that starts while its player
is away is lengthened up to the end of the time away (``turn_shift``, run by the scheduler when a
turn starts, so games that start meanwhile wait too). Ending early (``/away off``, or the player
moves in any game) takes back what was not used: the shift is then only the time actually away.
Ending at the planned time changes no deadline; the scheduler's sweep marks the row ended
(:meth:`TimeAway.end_due`), a durable event that survives a restart like any row.

Agora's seats are never away, and a seat whose player left a table (Agora plays it) waits for
nobody: only the seats of people the game waits for are lengthened. The opponent's own turns are
never lengthened.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.absence import absent_seats
from bot.database import Connection, Row
from bot.records import refusal
from bot.shared_cache import ChangeNotices, Kept
from bot.storage import CorruptRow, Storage, WithinTransaction, decode_game
from rules import GAMES

DAY = 86_400.0
# How far a turn's deadline moves while nobody can see its game (bot/halts.py): taken back, but for
# the time it really waited, when the game can be seen again.
HALTED_FOR = 10 * 365 * DAY
# Each player may be away 14 days in any rolling 90 days, at least a day at a time.
ALLOWANCE_DAYS = 14
WINDOW_DAYS = 90
MIN_DAYS = 1
AWAY_TOPIC = "away"  # what the change notices call players' time away (bot/shared_cache.py)
GOING_KEPT = 10_000  # players whose time away a process keeps in memory
ACTIVE = "active"
# Tournaments whose players may still play a game in them.
RUNNING_EVENTS = ("open", "running", "paused")
# The games of tournaments that allow no time away: their turns never wait, whoever is away.
NEVER_WAITING = (
    "SELECT tt.game_id FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id "
    "WHERE t.away_allowed = 0 AND tt.game_id IS NOT NULL"
)


@dataclass(frozen=True)
class Away:
    """One period away: from ``started_at`` until ``until`` (planned), ended at ``ended_at`` (None: going on)."""

    id: int
    user_id: int
    started_at: float
    until: float
    ended_at: float | None

    @property
    def end(self) -> float:
        """When it ends: when it did, else when it is planned to."""
        return self.until if self.ended_at is None else self.ended_at

    def used_since(self, since: float) -> float:
        """Seconds of it from ``since`` on (its planned end counting while it goes on)."""
        return max(0.0, self.end - max(self.started_at, since))


@dataclass(frozen=True)
class Allowance:
    """What a player may still take: seconds left of ``ALLOWANCE_DAYS`` in the last ``WINDOW_DAYS``."""

    left_seconds: float

    @property
    def whole_days(self) -> int:
        """Whole days left (a request is in days)."""
        return int(self.left_seconds // DAY)

    @property
    def used_seconds(self) -> float:
        """Seconds taken in the window: a day begun is no longer a whole day left.

        >>> taken = Allowance(ALLOWANCE_DAYS * DAY - DAY - 3600)
        >>> taken.used_seconds, taken.whole_days
        (90000.0, 12)
        """
        return ALLOWANCE_DAYS * DAY - self.left_seconds

    def check(self, days: int) -> None:
        """Refuse a request under a day or beyond what is left, saying what is allowed."""
        if days < MIN_DAYS:
            raise refusal("away.err.too_short", least=MIN_DAYS)
        if days > self.whole_days:
            raise refusal("away.err.allowance", days=days, left=self.whole_days, most=ALLOWANCE_DAYS,
                          window=WINDOW_DAYS)


def allowance(periods: Iterable[Away], now: float) -> Allowance:
    """What is left of the allowance at ``now``, given the player's periods away.

    >>> day = 86_400.0
    >>> allowance([Away(1, 7, 0.0, 3 * day, None)], 10 * day).whole_days
    11
    >>> allowance([Away(1, 7, 0.0, 3 * day, day)], 10 * day).whole_days
    13
    >>> allowance([Away(1, 7, 0.0, 10 * day, None)], 95 * day).whole_days  # 5 days still in the window
    9
    """
    since = now - WINDOW_DAYS * DAY
    return Allowance(ALLOWANCE_DAYS * DAY - sum(period.used_since(since) for period in periods))


def _away(found: Row) -> Away:
    ended = found["ended_at"]
    return Away(int(found["id"]), int(found["user_id"]), float(found["started_at"]), float(found["until"]),
                None if ended is None else float(ended))


@dataclass(frozen=True)
class Waited:
    """A game being played whose current turn waits for a person: its turn's start and shift, and who."""

    game_id: int
    stamp: float
    shift: float
    people: frozenset[int]


async def waited_games(db: Connection, user_id: int) -> list[Waited]:
    """The games being played whose current turn waits for ``user_id`` in a seat of their own (but
    those of tournaments that allow no time away)."""
    found = await db.fetch(
        "SELECT g.* FROM games g JOIN game_players p ON p.game_id = g.id WHERE p.user_id = ? AND g.status = ? "
        f"AND g.id NOT IN ({NEVER_WAITING}) GROUP BY g.id ORDER BY g.id",
        (user_id, ACTIVE),
    )
    waited = [await waited_game(row) for row in found]
    return [game for game in waited if game is not None and user_id in game.people]


async def waited_game(found: Row) -> Waited | None:
    """What the stored game's turn waits for (None: no turn, or a row that cannot be read)."""
    try:
        row = decode_game(found)
    except CorruptRow:  # a damaged row is left alone: the bot refuses it elsewhere, politely
        return None
    if row.state is None or row.turn_started_at is None:
        return None
    state = GAMES[row.game].from_json(row.state)
    passive = absent_seats(row) | {int(seat) for seat in row.bots}
    people = frozenset(row.seats[seat] for seat in state.waiting_for if seat not in passive)
    return Waited(row.id, row.turn_started_at, row.away_shift, people)


async def move_turn(db: Connection, game: Waited, seconds: float) -> None:
    """Lengthen (or shorten, ``seconds`` < 0) the game's current turn: its shift and its pending jobs.

    A turn's jobs are the pending ones stamped with its start (``Scheduler.turn_step``); the bot's
    own move is stamped with a version and is not touched.
    """
    await db.execute("UPDATE games SET away_shift = ? WHERE id = ?", (game.shift + seconds, game.game_id))
    await db.execute(
        "UPDATE jobs SET due_at = due_at + ?, leased_until = NULL WHERE game_id = ? AND stamp = ? AND done_at IS NULL",
        (seconds, game.game_id, game.stamp),
    )


async def turn_shift(db: Connection, game_id: int, stamp: float) -> float:
    """Inside the transaction that starts a turn at ``stamp``: how much it waits for players away
    (up to the latest end of their time away), written with the game; 0 when nobody it waits for is away.

    One read in the common case (nobody away, the game seen, the shift already 0): the game's shift,
    whether it is halted and its players' time away together; the game is read whole, and the shift
    written, only when they differ.
    """
    found = await db.fetch(
        "SELECT g.away_shift, g.halted_at, a.user_id, a.until FROM games g JOIN game_players p ON p.game_id = g.id "
        "LEFT JOIN away a ON a.user_id = p.user_id AND a.ended_at IS NULL AND a.until > ? "
        f"AND g.id NOT IN ({NEVER_WAITING}) WHERE g.id = ?",
        (stamp, game_id),
    )
    away = [(int(row["user_id"]), float(row["until"])) for row in found if row["until"] is not None]
    shift = 0.0
    if away:
        game = await db.fetchrow("SELECT * FROM games WHERE id = ?", (game_id,))
        waited = None if game is None else await waited_game(game)
        people = waited.people if waited is not None else frozenset()
        ends = [until for user, until in away if user in people]
        shift = max(ends) - stamp if ends else 0.0
    if found and found[0]["halted_at"] is not None:  # nobody can see the game: its new turn waits too
        shift += HALTED_FOR
    if not found or float(found[0]["away_shift"]) != shift:
        await db.execute("UPDATE games SET away_shift = ? WHERE id = ? AND away_shift <> ?", (shift, game_id, shift))
    return shift


async def game_shift(db: Connection, game_id: int) -> float:
    """How much the game's current turn waits for players away (0: not at all)."""
    found = await db.fetchrow("SELECT away_shift FROM games WHERE id = ?", (game_id,))
    return 0.0 if found is None else float(found[0])


async def forbidding_events(db: Connection, user_id: int) -> list[int]:
    """The tournaments the player is in (not over, not withdrawn) that allow no time away."""
    marks = ", ".join("?" for _ in RUNNING_EVENTS)
    found = await db.fetch(
        "SELECT t.id FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id "
        f"WHERE p.user_id = ? AND p.withdrawn_in IS NULL AND t.away_allowed = 0 AND t.status IN ({marks}) "
        "ORDER BY t.id",
        (user_id, *RUNNING_EVENTS),
    )
    return [int(row[0]) for row in found]


def end_step(changes: ChangeNotices, user_id: int, now: float) -> WithinTransaction:
    """Inside a transaction (a move by the player, ``/away off``): their time away ends at ``now``.

    The turns waiting for them give back what was not used; a time away already over by its
    planned end is only marked ended.
    """

    async def step(db: Connection) -> None:
        going = await db.fetch("SELECT * FROM away WHERE user_id = ? AND ended_at IS NULL", (user_id,))
        if going:
            await changes.changed(db, AWAY_TOPIC, user_id)
        for period in map(_away, going):
            unused = max(0.0, period.until - now)
            await db.execute("UPDATE away SET ended_at = ? WHERE id = ?", (min(now, period.until), period.id))
            if unused > 0:
                await _give_back(db, user_id, unused)

    return step


async def _give_back(db: Connection, user_id: int, unused: float) -> None:
    """The turns waiting for the player lose the part of their shift the time away did not use."""
    for game in await waited_games(db, user_id):
        kept = max(0.0, game.shift - unused)
        if kept != game.shift:
            await move_turn(db, game, kept - game.shift)


@dataclass(frozen=True)
class Started:
    """A period away that just started, the games whose clock it moved, and the time away it
    replaced (None when the player was not away): its channels were told already."""

    away: Away
    games: list[int]
    replaced: Away | None = None


class TimeAway:
    """Starting, ending and reading players' time away."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        # The planned ends of each player's periods not marked ended (read with every board and every
        # move): kept in memory, dropped when any process starts or ends one.
        self._going: Kept[int, tuple[float, ...]] = storage.changes.kept(AWAY_TOPIC, GOING_KEPT)

    async def going(self, user_ids: Iterable[int]) -> dict[int, tuple[float, ...]]:
        """The planned ends of the periods of ``user_ids`` not marked ended yet (some may be over already)."""
        wanted = sorted(set(user_ids))
        known = {user: self._going.get(user) for user in wanted}
        missing = [user for user, ends in known.items() if ends is None]
        if missing:
            mark = self.storage.changes.mark()
            marks = ", ".join("?" for _ in missing)
            found = await self.storage.db.fetch(
                f"SELECT user_id, until FROM away WHERE user_id IN ({marks}) AND ended_at IS NULL", missing
            )
            for user in missing:
                ends = tuple(float(row[1]) for row in found if int(row[0]) == user)
                self._going.keep(user, ends, mark)
                known[user] = ends
        return {user: ends or () for user, ends in known.items()}

    async def current(self, user_id: int) -> Away | None:
        """The player's time away going on now, if any."""
        found = await self.storage.db.fetchrow(
            "SELECT * FROM away WHERE user_id = ? AND ended_at IS NULL AND until > ? ORDER BY until DESC LIMIT 1",
            (user_id, self.clock()),
        )
        return None if found is None else _away(found)

    async def away_until(self, user_ids: Iterable[int]) -> dict[int, float]:
        """Of ``user_ids``, those away now, with when their time away ends."""
        now = self.clock()
        going = await self.going(user_ids)
        return {user: max(ends) for user, ends in going.items() if ends and max(ends) > now}

    async def left(self, user_id: int) -> Allowance:
        """What is left of the player's allowance now."""
        return allowance(await self._periods(self.storage.db, user_id), self.clock())

    async def start(self, user_id: int, days: int) -> Started:
        """Go away for ``days`` days from now: every turn waiting for the player waits that long more.

        Time away going on ends first (what was used of it counts); a request under a day, beyond
        the allowance, or from a player in a tournament that allows no time away is refused and
        changes nothing.
        """
        if days < MIN_DAYS:
            raise refusal("away.err.too_short", least=MIN_DAYS)
        now = self.clock()
        going = await self.current(user_id)
        async with self.storage.transaction() as db:
            await self._check_events(db, user_id)
            await end_step(self.storage.changes, user_id, now)(db)
            allowance(await self._periods(db, user_id), now).check(days)
            until = now + days * DAY
            away_id = await db.insert(
                "INSERT INTO away (user_id, started_at, until) VALUES (?, ?, ?)", (user_id, now, until)
            )
            await self.storage.changes.changed(db, AWAY_TOPIC, user_id)
            moved = await waited_games(db, user_id)
            for game in moved:
                await move_turn(db, game, until - now)
        replaced = None if going is None else Away(going.id, user_id, going.started_at, going.until, now)
        return Started(Away(away_id, user_id, now, until, None), [game.game_id for game in moved], replaced)

    async def end(self, user_id: int) -> Away | None:
        """``/away off``: the time away going on ends now (None: the player is not away)."""
        going = await self.current(user_id)
        if going is None:
            return None
        now = self.clock()
        async with self.storage.transaction() as db:
            await end_step(self.storage.changes, user_id, now)(db)
        return Away(going.id, user_id, going.started_at, going.until, now)

    def end_step(self, user_id: int, now: float) -> WithinTransaction:
        """Inside a transaction: the player's time away ends at ``now`` (see :func:`end_step`).  With one
        process (SQLite) what it keeps is what is stored: nothing to read for a player known to have no time
        away going on (every move of most players); several processes read inside the transaction."""
        ending = end_step(self.storage.changes, user_id, now)

        async def step(db: Connection) -> None:
            if not self.storage.changes.exact or (await self.going([user_id]))[user_id]:
                await ending(db)

        return step

    async def end_due(self) -> list[Away]:
        """Time away that reached its planned end: marked ended (the deadlines already count it)."""
        now, due = self.clock(), "SELECT * FROM away WHERE ended_at IS NULL AND until <= ? ORDER BY id"
        if not await self.storage.db.fetch(due, (now,)):
            return []  # the common case, every look at the queue: no write
        ended = []
        async with self.storage.transaction() as db:
            for period in map(_away, await db.fetch(due, (now,))):
                # Marked once: another process that marked it first leaves nothing to do here.
                if await db.execute("UPDATE away SET ended_at = until WHERE id = ? AND ended_at IS NULL", (period.id,)):
                    await self.storage.changes.changed(db, AWAY_TOPIC, period.user_id)
                    ended.append(Away(period.id, period.user_id, period.started_at, period.until, period.until))
        return ended

    async def _periods(self, db: Connection, user_id: int) -> list[Away]:
        since = self.clock() - WINDOW_DAYS * DAY
        found = await db.fetch(
            "SELECT * FROM away WHERE user_id = ? AND (ended_at IS NULL OR ended_at > ?) ORDER BY id", (user_id, since)
        )
        return [_away(row) for row in found]

    @staticmethod
    async def _check_events(db: Connection, user_id: int) -> None:
        events = await forbidding_events(db, user_id)
        if events:
            raise refusal("away.err.tournament", id=events[0])


def away_lines(people: Sequence[int], until: dict[int, float]) -> list[tuple[int, float]]:
    """Of ``people`` (the players a turn waits for), those away, with when they are back, in order."""
    return [(user, until[user]) for user in dict.fromkeys(people) if user in until]
