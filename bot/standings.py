"""Tournament standings from table results: points, tie-breaks, games played.  Pure.

Points come from each table's ranks: a player scores one point for every player
ranked below them and half a point for every tie, so a duel gives 1 / ½ / 0 and a
table of four gives 3, 2, 1, 0.  A bye is worth one point.

>>> results = [TableResult((1, 2), (1.0, 0.0)), TableResult((3,), (1.0,), bye=True)]
>>> [(s.user_id, s.points, s.played) for s in standings([1, 2, 3], results, SWISS)]
[(1, 1.0, 1), (3, 1.0, 0), (2, 0.0, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SWISS, ROUND_ROBIN, TABLES = "swiss", "round_robin", "tables"
FORMATS = (SWISS, ROUND_ROBIN, TABLES)


@dataclass(frozen=True)
class TableResult:
    """One finished table (or a bye): players in seat order and what each earned."""

    seats: tuple[int, ...]
    points: tuple[float, ...]
    victory: tuple[float, ...] = ()  # the game's own scores (victory points), when it keeps them
    bye: bool = False


@dataclass(frozen=True)
class Standing:
    user_id: int
    points: float
    tiebreaks: tuple[float, ...]
    played: int
    withdrawn: bool = False
    opponents: tuple[int, ...] = field(default=(), repr=False)


def rank_points(ranks: Sequence[int]) -> tuple[float, ...]:
    """Points for each seat from competition ranks (1 = first; ties share a rank).

    >>> rank_points([1, 2]), rank_points([1, 1]), rank_points([2, 1, 3, 1])
    ((1.0, 0.0), (0.5, 0.5), (1.0, 2.5, 0.0, 2.5))
    """
    return tuple(
        sum(1.0 if other > mine else 0.5 if other == mine else 0.0 for k, other in enumerate(ranks) if k != seat)
        for seat, mine in enumerate(ranks)
    )


def standings(
    players: Iterable[int], results: Sequence[TableResult], format_: str, withdrawn: Iterable[int] = ()
) -> list[Standing]:
    """Everyone ranked: points, then the format's tie-breaks, then fewer games (a bye ranks below a win)."""
    points = {uid: 0.0 for uid in players}
    played = dict.fromkeys(points, 0)
    victory = dict.fromkeys(points, 0.0)
    met: dict[int, list[tuple[int, float]]] = {uid: [] for uid in points}
    for table in results:
        for seat, uid in enumerate(table.seats):
            points[uid] += table.points[seat]
            if table.bye:
                continue
            played[uid] += 1
            victory[uid] += table.victory[seat] if len(table.victory) == len(table.seats) else 0.0
            if len(table.seats) == 2:
                met[uid].append((table.seats[1 - seat], table.points[seat]))
    out = set(withdrawn)
    rows = [
        Standing(uid, points[uid], _tiebreaks(uid, format_, points, met, victory), played[uid], uid in out,
                 tuple(o for o, _ in met[uid]))
        for uid in points
    ]
    return sorted(rows, key=lambda s: (-s.points, *(-t for t in s.tiebreaks), -s.played, s.user_id))


def _tiebreaks(
    uid: int, format_: str, points: dict[int, float], met: dict[int, list[tuple[int, float]]],
    victory: dict[int, float],
) -> tuple[float, ...]:
    if format_ == TABLES:
        return (victory[uid],)
    buchholz = sum(points[opponent] for opponent, _ in met[uid])
    sonneborn_berger = sum(points[opponent] * earned for opponent, earned in met[uid])
    return (buchholz, sonneborn_berger)
