"""Tables that finish: in a game of three or more, the seat of a player who leaves is Agora's.

A player who resigns or runs out of time (a tournament withdrawal that resigns included) in a
game of three seats or more loses their place, not the others' game: their seat joins the
game's ``bots`` at the level the server chose (``/agora settings``, medium by default) and is
remembered in ``absent`` with who sat there, since when and why. They keep their seat in
``seats``, so the game still counts for them: at the end they are ranked last
(``Outcome.departed``; players out of time at the same deadline leave together and share a
rank) and their rating moves as for a loss, while the others are ranked among themselves as the
rules say. Two-player games keep their rules: leaving one ends it.

The game ends as before when nobody else is left to play (every other seat is Agora's or was
left too).

>>> row = GameRow(1, "some_game", 1, 1, "active", [7, 8, 9], [7, 8, 9], {}, 0, None, [], None, None, 3,
...               None, 0.0, 0.0, 0.0)
>>> plays_on_without(row, 0), plays_on_without(row, 0, 1), plays_on_without(row, 0, 1, 2)
(True, True, False)
>>> columns = departure_columns(row, (0,), (0,), (0,), "timeout", "medium", 50.0)
>>> columns["bots"], columns["absent"]["0"]["user"], columns["turn_started_at"]
({'0': 'medium'}, 7, 50.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import text
from bot.storage import GameRow
from rules import Outcome

JSON = dict[str, Any]

MIN_SEATS = 3  # fewer seats: leaving ends the game, as the rules say
RESIGNATION, TIMEOUT = "resignation", "timeout"
STAND_IN_LEVEL = "medium"  # Agora's level in a seat left, unless the server chose another


@dataclass(frozen=True)
class Departure:
    """A player who left a game's seat: Agora plays it since ``since`` (a Unix time)."""

    seat: int
    user_id: int
    since: float
    reason: str
    number: int  # which departure of the game: players out of time at one deadline share it

    def to_json(self) -> JSON:
        return {"user": self.user_id, "since": self.since, "reason": self.reason, "departure": self.number}

    @classmethod
    def from_json(cls, seat: str, data: JSON, position: int = 0) -> Departure:
        """A stored departure; one stored before departures were numbered is numbered by its ``position``
        in ``absent`` (each departure was added at its end)."""
        number = int(data.get("departure", position))
        return cls(int(seat), int(data["user"]), float(data["since"]), str(data["reason"]), number)


def departures(row: GameRow) -> list[Departure]:
    """Who left ``row``'s game, in seat order."""
    return sorted(_stored(row), key=lambda d: d.seat)


def _stored(row: GameRow) -> list[Departure]:
    return [Departure.from_json(seat, data, position) for position, (seat, data) in enumerate(row.absent.items())]


def leaving_order(row: GameRow) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats whose player left, the first to leave first, and the number of the departure of
    each (0 for the first): players out of time at the same deadline left together, in one change.

    >>> row = GameRow(1, "some_game", 1, 1, "active", [7, 8, 9, 6], [7, 8, 9, 6], {}, 0, None, [], None, None, 3,
    ...               None, 0.0, 0.0, 0.0, absent={"3": {"user": 6, "since": 2.0, "reason": "resignation"},
    ...                                            "2": {"user": 9, "since": 5.0, "reason": "timeout", "departure": 1},
    ...                                            "0": {"user": 7, "since": 5.0, "reason": "timeout", "departure": 1}})
    >>> leaving_order(row)
    ((3, 2, 0), (0, 1, 1))
    """
    stored = sorted(_stored(row), key=lambda gone: gone.number)
    numbers = sorted({gone.number for gone in stored})
    return tuple(gone.seat for gone in stored), tuple(numbers.index(gone.number) for gone in stored)


def absent_seats(row: GameRow) -> set[int]:
    """The seats whose player left (Agora plays them)."""
    return {int(seat) for seat in row.absent}


def plays_on_without(row: GameRow, *seats: int) -> bool:
    """Whether the game goes on with Agora in ``seats``: three seats or more, and a person besides
    their players still playing (not Agora, not someone who left)."""
    if len(row.seats) < MIN_SEATS:
        return False
    gone = {int(other) for other in row.bots} | absent_seats(row) | set(seats)
    leavers = {row.seats[seat] for seat in seats}
    return any(other not in gone and uid not in leavers for other, uid in enumerate(row.seats))


def departure_columns(
    row: GameRow, waiting: Sequence[int], actors: Sequence[int], seats: Sequence[int], reason: str, level: str,
    now: float,
) -> JSON:
    """The columns that hand ``seats`` to Agora at ``level`` now, in one departure.

    When the game was waiting for one of them, a new turn starts (so Agora is asked to move, and
    the others waited with them get a full turn's time), and a leaver's unfinished turn is dropped.
    """
    number = len(row.absent)  # past every departure before: one stored before numbering was numbered by position
    left = {str(seat): Departure(seat, row.seats[seat], now, reason, number).to_json() for seat in seats}
    columns: JSON = {
        "bots": {**row.bots, **{seat: level for seat in left}},
        "absent": {**row.absent, **left},
        "updated_at": now,
    }
    if set(seats) & set(waiting):
        columns["turn_started_at"] = now
    if actors and actors[0] in seats:
        columns["draft"] = []
    return columns


def final_outcome(outcome: Outcome, row: GameRow) -> Outcome:
    """The result as it counts: the players who left ranked last (the first to leave lowest), out
    of the winners.

    When only the seats Agora played for them won, the players left share the win (with the
    best score among them where the game keeps one): when the last person leaves a table where
    everyone else left before, they outlasted them all, and rank first.

    >>> row = GameRow(1, "some_game", 1, 1, "active", [7, 8, 9], [7, 8, 9], {}, 0, None, [], None, None, 3,
    ...               None, 0.0, 0.0, 0.0, absent={"0": {"user": 7, "since": 5.0, "reason": "timeout"}})
    >>> final_outcome(Outcome((0,), "points", (9.0, 3.0, 5.0)), row)
    Outcome(winners=(2,), reason='points', scores=(9.0, 3.0, 5.0), departed=(0,), departures=())
    >>> final_outcome(Outcome((1,), "points", (9.0, 3.0, 5.0)), row).winners
    (1,)
    """
    departed, departures = leaving_order(row)
    if not departed:
        return outcome
    winners = tuple(seat for seat in outcome.winners if seat not in departed)
    if outcome.winners and not winners:
        winners = best_remaining(outcome, departed, len(row.seats))
    together = len(set(departures)) < len(departures)  # kept only then, so other results read as before
    return replace(outcome, winners=winners, departed=departed, departures=departures if together else ())


def best_remaining(outcome: Outcome, departed: Sequence[int], players: int) -> tuple[int, ...]:
    """The seats still played by their players with the best score (all of them without scores)."""
    remaining = [seat for seat in range(players) if seat not in departed]
    if len(outcome.scores) != players or not remaining:
        return tuple(remaining)
    top = max(outcome.scores[seat] for seat in remaining)
    return tuple(seat for seat in remaining if outcome.scores[seat] == top)


def stand_in_lines(row: GameRow, lang: str) -> str:
    """The board's lines on who left: "Agora plays for @Ada since <date> (medium)", one per seat.

    Discord shows the date in each reader's own time zone and language; the mention does not ping
    inside an embed.
    """
    return "\n".join(
        text(lang, "stand_in.line", user=gone.user_id, since=int(gone.since),
             level=text(lang, f"bot.level.{row.bots.get(str(gone.seat), STAND_IN_LEVEL)}"))
        for gone in departures(row)
    )  # fmt: skip


RELIABILITY_GAMES = 20  # the finished games the profile's reliability looks at, the latest


@dataclass(frozen=True)
class Reliability:
    """How many of a player's latest finished games they saw through, out of how many."""

    seen_through: int
    games: int


def walked_out(row: GameRow, user_id: int) -> bool:
    """Whether ``user_id`` did not see finished game ``row`` through: they left its table (a
    resignation or a time-out at three or more, a tournament withdrawal that resigned), or it ended
    by their time-out."""
    if any(int(data["user"]) == user_id for data in row.absent.values()):
        return True
    outcome = Outcome.from_json(row.outcome)
    mine = {seat for seat, uid in enumerate(row.seats) if uid == user_id}
    return row.end_reason == TIMEOUT and outcome is not None and not mine & set(outcome.winners)


def reliability(finished: Sequence[GameRow], user_id: int) -> Reliability:
    """``user_id``'s reliability over the latest :data:`RELIABILITY_GAMES` of ``finished`` (newest first).

    >>> row = GameRow(1, "some_game", 1, 1, "finished", [7, 8], [7, 8], {}, 0, None, [],
    ...               {"winners": [1], "reason": "timeout"}, "timeout", 3, None, 0.0, 0.0, None)
    >>> reliability([row, row], 7), reliability([row], 8)
    (Reliability(seen_through=0, games=2), Reliability(seen_through=1, games=1))
    """
    latest = list(finished[:RELIABILITY_GAMES])
    return Reliability(sum(not walked_out(row, user_id) for row in latest), len(latest))

