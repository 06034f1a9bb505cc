"""Ratings per server and per game: OpenSkill (Plackett-Luce), shown on an Elo-like scale.

Every player starts at OpenSkill's default ``mu = 25``, ``sigma = 25/3``.  What
players see is the conservative estimate ``mu - 3 sigma`` (0 for a newcomer)
stretched onto the familiar Elo range::

    shown = round(1500 + 40 * (mu - 3 * sigma))

so a new player shows exactly 1500, one win against another newcomer gives
about 1640 and one loss about 1430; as ``sigma`` shrinks with games played the
number settles.  A rating stays *provisional* (shown with a "?") until the
player has :data:`PROVISIONAL_GAMES` rated games in that game on that server.

A game is rated when it finished with an outcome, on its server, between at
least two distinct people: solo games (one person in every seat), games with
the bot in a seat and unfinished games never are.  Ranks come from the
outcome: winners first; the others after them, ordered by score when the game
keeps one (higher is better in every game of the bot); a draw ties everyone
(or orders them by score).  A player who left a table of three or more
(``Outcome.departed``: Agora played their seat to the end) is ranked last and
loses, whatever their seat's result, the first to leave lowest (who left together
share a rank); the others are ranked among themselves. A player who left is rated
as a loss to every seat ranked above them only (:func:`rated`), so their rating
never rises.

The update runs inside the transaction that writes the result (see
:func:`rating_step`, used by ``GameService``), and :func:`recompute` rebuilds
every rating from the stored results, in the order the games finished.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce
from openskill.models.weng_lin.plackett_luce import PlackettLuceRating as Skill

from bot.database import Connection
from bot.i18n import text
from bot.storage import GameRow, Storage, WithinTransaction
from rules import Outcome

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 5
BASE, SCALE = 1500, 40
FINISHED = "finished"


def shown_rating(mu: float, sigma: float) -> int:
    """The Elo-like number players see.

    >>> shown_rating(25.0, 25 / 3)
    1500
    """
    return round(BASE + SCALE * (mu - 3 * sigma))


def provisional_note(lang: str) -> str:
    """What the "?" after a rating means, for pictures (which have no footnote of Discord's).

    >>> provisional_note("fr")
    '? = provisoire (moins de 5 parties)'
    """
    return text(lang, "rating.provisional_note", games=PROVISIONAL_GAMES)


def ranks_of(outcome: Outcome, players: int) -> list[int]:
    """Competition ranks (1 = first, ties share a rank) of each seat.

    >>> ranks_of(Outcome((1,), "temple"), 2)
    [2, 1]
    >>> ranks_of(Outcome((), "draw"), 3)
    [1, 1, 1]
    >>> ranks_of(Outcome((0,), "points", (9.0, 3.0, 5.0)), 3)
    [1, 3, 2]
    >>> ranks_of(Outcome((1,), "points", (9.0, 3.0, 5.0), departed=(0,)), 3)
    [3, 1, 2]
    >>> ranks_of(Outcome((1,), "points", (9.0, 3.0, 5.0), departed=(2, 0)), 3)
    [2, 1, 3]
    >>> ranks_of(Outcome((1,), "points", (9.0, 3.0, 5.0, 1.0), departed=(2, 0, 3), departures=(0, 1, 1)), 4)
    [2, 1, 4, 2]
    """
    scores = outcome.scores if len(outcome.scores) == players else ()

    def key(seat: int) -> tuple[int, float]:
        if seat in outcome.departed:  # in the order they left: the first to leave is last, who left together tie
            return (2, -float(outcome.departure_of(seat)))
        return (0 if seat in outcome.winners else 1, -scores[seat] if scores else 0.0)

    keys = [key(seat) for seat in range(players)]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def result_of(outcome: Outcome, seat: int) -> str:
    if seat in outcome.departed:
        return "loss"
    if outcome.is_draw:
        return "draw"
    return "win" if seat in outcome.winners else "loss"


def is_rated(seats: Sequence[int], unrated_users: Collection[int] = ()) -> bool:
    """Whether a finished game with these seats counts: two or more distinct people, no bot."""
    return len(seats) >= 2 and len(set(seats)) == len(seats) and not any(uid in unrated_users for uid in seats)


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game on one server."""

    user_id: int
    game: str
    mu: float
    sigma: float
    games: int
    wins: int
    losses: int
    draws: int

    @property
    def shown(self) -> int:
        return shown_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def label(self) -> str:
        """``1538`` once established, ``1538?`` while provisional."""
        return f"{self.shown}?" if self.provisional else str(self.shown)


def rated(before: Sequence[tuple[float, float]], ranks: Sequence[int], departed: Collection[int]) -> list[Skill]:
    """Each seat's ``(mu, sigma)`` after a game ranked ``ranks``, from ``before``.

    A seat in ``departed`` left the table: it is rated as a loss to every seat ranked above it (those
    who stayed, and those who left after it), so its rating never rises, whatever the order of the
    leavers below it; the others are rated on the whole ranking.

    >>> third_to_leave = rated([(25.0, 25 / 3)] * 4, [1, 2, 3, 4], departed=(1, 2, 3))[1]
    >>> third_to_leave.mu < 25.0
    True
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = [team[0] for team in MODEL.rate(teams, ranks=[float(rank) for rank in ranks])]
    for seat in departed:
        above = [other for other, rank in enumerate(ranks) if rank < ranks[seat]]
        if above:
            match = [*above, seat]
            after[seat] = MODEL.rate([teams[other] for other in match], ranks=[float(ranks[o]) for o in match])[-1][0]
    return after


async def apply_result(
    db: Connection, *, game_id: int, guild_id: int, game: str, seats: Sequence[int], outcome: Outcome,
    when: float,
) -> None:
    """Update the ratings of ``seats`` for one result, on an open transaction."""
    before = [await _current(db, guild_id, game, uid) for uid in seats]
    ranks = ranks_of(outcome, len(seats))
    after = rated(before, ranks, outcome.departed)
    for seat, uid in enumerate(seats):
        result = result_of(outcome, seat)
        new = after[seat]
        await db.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, losses, draws, updated_at) "
            "VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws, "
            "updated_at = excluded.updated_at",
            (guild_id, game, uid, new.mu, new.sigma, *(int(result == kind) for kind in ("win", "loss", "draw")), when),
        )
        await db.execute(
            "INSERT INTO rating_changes (game_id, user_id, guild_id, game, rank, result, mu_before, sigma_before, "
            "mu_after, sigma_after, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, uid, guild_id, game, ranks[seat], result, *before[seat], new.mu, new.sigma, when),
        )


async def _current(db: Connection, guild_id: int, game: str, user_id: int) -> tuple[float, float]:
    found = await db.fetchrow(
        "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?", (guild_id, game, user_id)
    )
    if found is None:
        fresh = MODEL.rating()
        return fresh.mu, fresh.sigma
    return float(found[0]), float(found[1])


def rating_step(
    row: GameRow, outcome: Outcome, when: float, unrated_users: Collection[int] = ()
) -> WithinTransaction | None:
    """The ``Changes.also`` step that rates a game finishing now, or None when it is not rated."""
    if not is_rated(row.seats, unrated_users):
        return None
    seats = list(row.seats)

    async def step(db: Connection) -> None:
        await apply_result(
            db, game_id=row.id, guild_id=row.guild_id, game=row.game, seats=seats, outcome=outcome, when=when
        )

    return step


async def recompute(storage: Storage, guild_id: int | None = None, unrated_users: Collection[int] = ()) -> int:
    """Rebuild ratings (of one server, or all) from the finished games, oldest result first.

    Games are taken in the order their results were rated (the time stored with
    their rating changes; for games finished before ratings existed, the time
    the game row was last written, which is when it finished), then by id, so
    the numbers come out identical to the incremental updates.  Returns how many
    games were rated.
    """
    where, params = ("AND guild_id = ?", [guild_id]) if guild_id is not None else ("", [])
    rated = 0
    async with storage.transaction() as db:
        finished = await db.fetch(
            "SELECT * FROM (SELECT id, game, guild_id, seats, outcome, updated_at, "
            "(SELECT MIN(rated_at) FROM rating_changes c WHERE c.game_id = games.id) AS rated_at FROM games "
            f"WHERE status = ? AND outcome IS NOT NULL {where}) AS finished "
            "ORDER BY COALESCE(rated_at, updated_at), id",
            [FINISHED, *params],
        )
        await db.execute(f"DELETE FROM ratings WHERE 1 = 1 {where}", params)
        await db.execute(f"DELETE FROM rating_changes WHERE 1 = 1 {where}", params)
        for game_id, game, guild, seats_json, outcome_json, updated_at, rated_at in finished:
            seats, outcome = json.loads(seats_json), Outcome.from_json(json.loads(outcome_json))
            if outcome is None or not is_rated(seats, unrated_users):
                continue
            when = updated_at if rated_at is None else rated_at
            await apply_result(db, game_id=game_id, guild_id=guild, game=game, seats=seats, outcome=outcome, when=when)
            rated += 1
    return rated


# -- reading -----------------------------------------------------------------------------------

_RATING_COLUMNS = "user_id, game, mu, sigma, games, wins, losses, draws"
_ORDER = "ORDER BY mu - 3 * sigma DESC, games DESC, user_id"


def _active(active_since: float | None, *, ordered: bool = False) -> tuple[str, list[float]]:
    """The condition that leaves out players whose last rated game is older than ``active_since``.

    ``ordered``: for a page read in the board's order, written ``+updated_at`` so that the database
    walks the index by shown rating (and reads the time from it) rather than sort every active player.
    """
    column = "+updated_at" if ordered else "updated_at"
    return (f"AND {column} >= ?", [active_since]) if active_since is not None else ("", [])


async def leaderboard(
    storage: Storage, guild_id: int, game: str, offset: int, limit: int, active_since: float | None = None
) -> list[Rating]:
    """One page of a server's board for a game, best shown rating first (active players only, if asked)."""
    where, params = _active(active_since, ordered=True)
    found = await storage.db.fetch(
        f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? {where} {_ORDER} LIMIT ? OFFSET ?",
        (guild_id, game, *params, limit, offset),
    )
    return [Rating(*row) for row in found]


async def board_size(storage: Storage, guild_id: int, game: str, active_since: float | None = None) -> int:
    """How many players have a rating in ``game`` on the server (active players only, if asked)."""
    where, params = _active(active_since)
    found = await storage.db.fetchrow(
        f"SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? {where}", (guild_id, game, *params)
    )
    return int(found[0]) if found else 0


async def ratings_of(storage: Storage, guild_id: int, user_id: int) -> list[Rating]:
    """A player's rating in every game they have a rated result in, on one server."""
    found = await storage.db.fetch(
        f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY games DESC, game",
        (guild_id, user_id),
    )
    return [Rating(*row) for row in found]


async def place_of(storage: Storage, guild_id: int, rating: Rating) -> tuple[int, int]:
    """``rating``'s place on its server's board for its game (1 = top), and how many players are on it."""
    # Two counts, each read through the index by shown rating, rather than one scan of the board.
    found = await storage.db.fetchrow(
        "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND mu - 3 * sigma > ?",
        (guild_id, rating.game, rating.mu - 3 * rating.sigma),
    )
    ahead = int(found[0]) if found else 0
    return ahead + 1, await board_size(storage, guild_id, rating.game)


async def all_ratings(storage: Storage) -> list[tuple[object, ...]]:
    """Every stored rating row, in a stable order (for audits and the recompute check)."""
    found = await storage.db.fetch(
        "SELECT guild_id, game, user_id, mu, sigma, games, wins, losses, draws FROM ratings "
        "ORDER BY guild_id, game, user_id"
    )
    return [tuple(row) for row in found]


@dataclass(frozen=True)
class Change:
    """What one rated game did to one player's rating."""

    result: str
    before: int
    after: int

    @property
    def delta(self) -> str:
        return f"{self.after - self.before:+d}"


async def changes_of(storage: Storage, user_id: int, game_ids: Sequence[int]) -> dict[int, Change]:
    """The rating change of ``user_id`` in each of ``game_ids`` that was rated."""
    if not game_ids:
        return {}
    marks = ", ".join("?" for _ in game_ids)
    found = await storage.db.fetch(
        "SELECT game_id, result, mu_before, sigma_before, mu_after, sigma_after FROM rating_changes "
        f"WHERE user_id = ? AND game_id IN ({marks})",
        (user_id, *game_ids),
    )
    return {row[0]: Change(row[1], shown_rating(row[2], row[3]), shown_rating(row[4], row[5])) for row in found}


def favourite_opponent(user_id: int, games: Sequence[GameRow]) -> tuple[int, int] | None:
    """The person ``user_id`` met most often in ``games`` and how often (ties: the most recent)."""
    met: Counter[int] = Counter()
    for row in games:
        met.update({uid for uid in row.seats if uid != user_id})
    if not met:
        return None
    best = max(met.values())
    for row in games:  # newest first: the most recent of the most frequent
        for uid in row.seats:
            if uid != user_id and met[uid] == best:
                return uid, best
    return None
