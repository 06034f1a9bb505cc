"""Pairing tournament rounds: Swiss by maximum-weight matching, round robin, seated tables.

Pure functions of the standings: no storage, no Discord, no clock.  How the Swiss
weights encode the pairing rules is explained in ``docs/tournaments.md``.

>>> players = [Entrant(id=n, score=0.0, rank=n) for n in range(4)]
>>> swiss(players)
Pairing(games=((0, 2), (1, 3)), bye=None)
>>> round_robin([1, 2, 3], 0)
Pairing(games=((2, 3),), bye=1)
>>> seated_tables([1, 2, 3, 4, 5, 6, 7, 8, 9])
((1, 2, 3, 4, 5), (6, 7, 8, 9))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx

# Each player is offered partners this many places up and down the standings; the full
# graph is used only when that is not enough to avoid a repeat or a second bye.
WINDOW = 16
BYE = -1


@dataclass(frozen=True)
class Entrant:
    """One player still in a Swiss tournament, as the pairing sees them."""

    id: int
    score: float
    rank: int  # place in the current standings, 0 = leader
    opponents: frozenset[int] = field(default_factory=frozenset)
    balance: int = 0  # games as the first player minus games as the second
    had_bye: bool = False
    streak: int = 0  # the same side in the last games in a row: +2 first twice, -1 second once

    def after(self, first: bool) -> tuple[int, int]:
        """Balance and streak once this player has played a game as the first player (or the second)."""
        side = 1 if first else -1
        streak = self.streak + side if self.streak * side > 0 else side
        return self.balance + side, streak

    @property
    def half_points(self) -> int:
        return round(self.score * 2)


@dataclass(frozen=True)
class Pairing:
    """One round: games as (first player, second player), and who sits out with a bye."""

    games: tuple[tuple[int, ...], ...]
    bye: int | None = None


@dataclass(frozen=True)
class Costs:
    """What one candidate pair costs, by rule, most important first (compared lexicographically)."""

    second_bye: int = 0
    repeat: int = 0
    limit: int = 0  # players whose balance would pass two, or who would play the same side three times in a row
    score_gap: int = 0  # squared difference of scores, in half points
    colour: int = 0  # players whose first-player balance would reach two
    preference: int = 0  # players who do not get the side they are due (or, for byes, standing above the last)
    fold: int = 0  # within a score group, how far from "top half meets bottom half" (1 meets 5 of 8)

    def as_tuple(self) -> tuple[int, ...]:
        return (self.second_bye, self.repeat, self.limit, self.score_gap, self.colour, self.preference, self.fold)


def first_of(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """Who moves first: the one who has moved first less often (on equal balance, the higher placed),
    unless that breaks a limit the other way keeps (balance past two, a third same side in a row).

    >>> first_of(Entrant(1, 0.0, 0, balance=1), Entrant(2, 0.0, 1, balance=-1))[0].id
    2
    >>> first_of(Entrant(1, 0.0, 0, balance=0, streak=2), Entrant(2, 0.0, 1, balance=1, streak=-1))[0].id
    2
    """
    due = (a, b) if (a.balance, a.rank) <= (b.balance, b.rank) else (b, a)
    swapped = (due[1], due[0])
    return swapped if side_breaks(*swapped) < side_breaks(*due) else due


def side_breaks(first: Entrant, second: Entrant) -> tuple[int, int]:
    """How many of the two break the limits (balance past two, three same sides in a row), then how many
    reach a balance of two, when ``first`` moves first."""
    after = (first.after(first=True), second.after(first=False))
    limit = sum(abs(balance) > 2 or abs(streak) > 2 for balance, streak in after)
    return limit, sum(abs(balance) >= 2 for balance, _ in after)


def game_costs(a: Entrant, b: Entrant, group_size: int = 0) -> Costs:
    """What pairing ``a`` with ``b`` costs; ``group_size`` is the size of their score group when they share one."""
    limit, reached_two = side_breaks(*first_of(a, b))
    same_group = a.half_points == b.half_points
    return Costs(
        repeat=int(b.id in a.opponents),
        limit=limit,
        score_gap=(a.half_points - b.half_points) ** 2,
        colour=reached_two,
        preference=int(a.balance == b.balance),
        # The Dutch system's fold: the upper half holds ⌊m/2⌋ players, each meeting the one ⌊m/2⌋ places below.
        fold=abs(abs(a.rank - b.rank) - group_size // 2) if same_group else 0,
    )


def bye_costs(player: Entrant, lowest: int, last_rank: int) -> Costs:
    return Costs(
        second_bye=int(player.had_bye),
        score_gap=(player.half_points - lowest) ** 2,
        preference=last_rank - player.rank,
    )


def tier_weights(worst: Costs, pairs: int) -> tuple[int, ...]:
    """Multipliers making each rule outweigh everything below it summed over all ``pairs`` of a round."""
    weights: list[int] = []
    below = 0
    for worst_one in reversed(worst.as_tuple()):
        weight = below + 1
        weights.append(weight)
        below += weight * worst_one * pairs
    return tuple(reversed(weights))


def swiss(entrants: Sequence[Entrant], window: int = WINDOW) -> Pairing:
    """Pair a Swiss round as a maximum-weight perfect matching (see docs/tournaments.md)."""
    if len(entrants) < 2:
        return Pairing((), entrants[0].id if entrants else None)
    ordered = sorted(entrants, key=lambda e: e.rank)
    pairing, costs = _match(ordered, window)
    if window < len(ordered) and (costs.second_bye or costs.repeat or costs.limit):
        pairing, _ = _match(ordered, len(ordered))
    return pairing


def _candidates(ordered: Sequence[Entrant], window: int) -> dict[tuple[int, int], Costs]:
    """Costs of each allowed pair of indices into ``ordered``; index ``len(ordered)`` is the bye."""
    found: dict[tuple[int, int], Costs] = {}
    groups = Counter(e.half_points for e in ordered)
    for i, j in combinations(range(len(ordered)), 2):
        if j - i <= window:
            found[i, j] = game_costs(ordered[i], ordered[j], groups[ordered[i].half_points])
    if len(ordered) % 2:
        lowest = min(e.half_points for e in ordered)
        last = ordered[-1].rank
        for i, player in enumerate(ordered):
            found[i, len(ordered)] = bye_costs(player, lowest, last)
    return found


def _match(ordered: Sequence[Entrant], window: int) -> tuple[Pairing, Costs]:
    candidates = _candidates(ordered, window)
    worst = Costs(*(max(column) for column in zip(*(c.as_tuple() for c in candidates.values()), strict=True)))
    weights = tier_weights(worst, len(ordered) // 2 + 1)
    cost = {pair: _weighted(weights, costs) for pair, costs in candidates.items()}
    ceiling = max(cost.values()) + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_weighted_edges_from((i, j, ceiling - c) for (i, j), c in cost.items())
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    games: list[tuple[int, ...]] = []
    bye: int | None = None
    total = [0] * len(Costs().as_tuple())
    for i, j in sorted(tuple(sorted(pair)) for pair in matched):
        total = [t + c for t, c in zip(total, candidates[i, j].as_tuple(), strict=True)]
        if j == len(ordered):
            bye = ordered[i].id
        else:
            first, second = first_of(ordered[i], ordered[j])
            games.append((first.id, second.id))
    return Pairing(tuple(games), bye), Costs(*total)


def _weighted(weights: Sequence[int], costs: Costs) -> int:
    return sum(w * c for w, c in zip(weights, costs.as_tuple(), strict=True))


def round_robin(players: Sequence[int], round_index: int) -> Pairing:
    """Round ``round_index`` (0-based) of a round robin by the circle method (Berger tables).

    With an odd number of players, the one facing the empty place has a bye.  Over the
    whole event each pair meets once; the first player of each game is the one who has
    moved first less often in the earlier rounds (then the one who moved second last).
    """
    balance = dict.fromkeys(players, 0)
    last = dict.fromkeys(players, 0)  # +1: moved first in their last game, -1: second
    pairing = Pairing(())
    for turn in range(round_index % round_robin_rounds(len(players)) + 1):
        pairs, bye = _circle(players, turn)
        games = tuple((a, b) if (balance[a], last[a]) <= (balance[b], last[b]) else (b, a) for a, b in pairs)
        for first, second in games:
            balance[first], last[first] = balance[first] + 1, 1
            balance[second], last[second] = balance[second] - 1, -1
        pairing = Pairing(games, bye)
    return pairing


def _circle(players: Sequence[int], turn: int) -> tuple[list[tuple[int, int]], int | None]:
    circle: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    size = len(circle)
    rotating = circle[1:]
    rotating = rotating[-turn:] + rotating[:-turn] if turn else rotating
    seats = [circle[0], *rotating]
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for k in range(size // 2):
        a, b = seats[k], seats[size - 1 - k]
        if a is None or b is None:
            bye = b if a is None else a
        else:
            pairs.append((a, b))
    return pairs, bye


def round_robin_rounds(players: int) -> int:
    """How many rounds a round robin of ``players`` takes.

    >>> round_robin_rounds(4), round_robin_rounds(5)
    (3, 5)
    """
    return players - 1 if players % 2 == 0 else players


def table_sizes(players: int, low: int = 3, high: int = 5) -> list[int]:
    """Sizes of seated tables for ``players``, largest first: about four a table, none above ``high``,
    none below ``low`` unless no split avoids it (then tables of two: five players at tables of at most four).

    >>> table_sizes(9), table_sizes(7), table_sizes(2), table_sizes(12)
    ([5, 4], [4, 3], [2], [4, 4, 4])
    >>> table_sizes(5, high=4), table_sizes(9, high=4)
    ([3, 2], [3, 3, 3])
    """
    if players <= high:
        return [players]
    fewest = -(-players // high)
    most = max(fewest, players // low)
    tables = min(max(round(players / 4), fewest), most)
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def seated_tables(standings: Sequence[int], low: int = 3, high: int = 5) -> tuple[tuple[int, ...], ...]:
    """Split players, in standings order, into consecutive tables (the leaders sit together)."""
    tables: list[tuple[int, ...]] = []
    start = 0
    for size in table_sizes(len(standings), low, high):
        tables.append(tuple(standings[start : start + size]))
        start += size
    return tuple(tables)
