"""Property tests of the Swiss pairing over random tournaments, checked against brute force."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.pairing import (
    Costs,
    Entrant,
    Pairing,
    bye_costs,
    game_costs,
    round_robin,
    round_robin_rounds,
    seated_tables,
    side_breaks,
    swiss,
    table_sizes,
)


@dataclass
class Record:
    """What a simulated tournament knows about one player."""

    score: float = 0.0
    opponents: set[int] = field(default_factory=set)
    balance: int = 0
    byes: int = 0
    streak: int = 0
    sides: list[int] = field(default_factory=list)  # +1 first, -1 second, game by game

    def played(self, side: int) -> None:
        self.balance += side
        self.streak = self.streak + side if self.streak * side > 0 else side
        self.sides.append(side)


def entrants(records: dict[int, Record]) -> list[Entrant]:
    order = sorted(records, key=lambda uid: (-records[uid].score, uid))
    return [
        Entrant(uid, records[uid].score, order.index(uid), frozenset(records[uid].opponents),
                records[uid].balance, records[uid].byes > 0, records[uid].streak)
        for uid in order
    ]


def play(records: dict[int, Record], pairing: Pairing, rng: random.Random) -> None:
    for first, second in pairing.games:
        result = rng.choice((1.0, 0.5, 0.0))
        records[first].score += result
        records[second].score += 1 - result
        records[first].opponents.add(second)
        records[second].opponents.add(first)
        records[first].played(1)
        records[second].played(-1)
    if pairing.bye is not None:
        records[pairing.bye].score += 1
        records[pairing.bye].byes += 1


def all_pairings(ids: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair ``ids`` (BYE = -1 stands for the bye when the count is odd)."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for k, other in enumerate(rest):
        for tail in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def total(pairs: list[tuple[int, int]], players: dict[int, Entrant]) -> tuple[int, ...]:
    lowest = min(e.half_points for e in players.values())
    last = max(e.rank for e in players.values())
    groups = Counter(e.half_points for e in players.values())
    sums = [0] * len(Costs().as_tuple())
    for a, b in pairs:
        costs: Costs = (
            bye_costs(players[a], lowest, last) if b == -1
            else bye_costs(players[b], lowest, last) if a == -1
            else game_costs(players[a], players[b], groups[players[a].half_points])
        )
        sums = [s + c for s, c in zip(sums, costs.as_tuple(), strict=True)]
    return tuple(sums)


def pairs_of(pairing: Pairing) -> list[tuple[int, int]]:
    found = [(a, b) for a, b in pairing.games]
    return found + ([(pairing.bye, -1)] if pairing.bye is not None else [])


tournaments = st.tuples(st.integers(2, 8), st.integers(0, 6), st.integers(0, 10_000))


@settings(max_examples=150, deadline=None)
@given(tournaments)
def test_swiss_is_optimal_rule_by_rule(case: tuple[int, int, int]) -> None:
    """No second bye, no repeat while avoidable, then the closest scores, then first-player balance, then sides."""
    size, rounds, seed = case
    rng = random.Random(seed)
    records = {uid: Record() for uid in range(size)}
    for _ in range(min(rounds, size - 1)):
        play(records, swiss(entrants(records)), rng)
    players = {e.id: e for e in entrants(records)}
    pairing = swiss(list(players.values()))
    ids = list(players) + ([-1] if size % 2 else [])
    best = min(total(p, players) for p in all_pairings(ids))
    got = total(pairs_of(pairing), players)
    assert got == best, (got, best)
    seated = [uid for game in pairing.games for uid in game] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seated) == sorted(players), "everyone plays or has the bye, once"


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 30), st.integers(0, 10_000))
def test_whole_swiss_events(size: int, seed: int) -> None:
    """Events of up to half as many rounds as players: byes at most once, no repeat, first move to the one due."""
    rng = random.Random(seed)
    records = {uid: Record() for uid in range(size)}
    rounds = min(size // 2, 2 + size.bit_length())  # more rounds can corner a round-by-round Swiss
    for _ in range(rounds):
        players = {e.id: e for e in entrants(records)}
        pairing = swiss(list(players.values()))
        for first, second in pairing.games:
            due = (players[first].balance, players[first].rank) <= (players[second].balance, players[second].rank)
            assert due or side_breaks(players[second], players[first]) > side_breaks(players[first], players[second])
        play(records, pairing, rng)
        assert all(r.byes <= 1 for r in records.values())
    met = sum(len(r.opponents) for r in records.values())
    games = sum(1 for r in records.values() for _ in range(rounds - r.byes))
    assert met == games, "nobody met the same opponent twice"


def test_equal_scores_meet_and_balance_stays_within_one_when_possible() -> None:
    """Eight players, all drawn: sides alternate while unmet opponents of the other side remain.

    (Later, repeats would be the only way to keep it: not meeting twice comes first.)
    """
    records = {uid: Record() for uid in range(8)}
    for _ in range(4):
        pairing = swiss(entrants(records))
        for first, second in pairing.games:
            records[first].played(1)
            records[second].played(-1)
            records[first].opponents.add(second)
            records[second].opponents.add(first)
            records[first].score += 0.5
            records[second].score += 0.5
        assert all(abs(r.balance) <= 1 for r in records.values())
    assert all(len(r.opponents) == 4 for r in records.values())


def test_winners_meet_winners() -> None:
    players = [Entrant(uid, 1.0 if uid < 4 else 0.0, uid, frozenset({uid ^ 4}), 0) for uid in range(8)]
    pairing = swiss(players)
    for a, b in pairing.games:
        assert (a < 4) == (b < 4)


def test_a_large_field_uses_the_window_and_still_avoids_repeats() -> None:
    rng = random.Random(3)
    records = {uid: Record() for uid in range(60)}
    for _ in range(7):
        play(records, swiss(entrants(records), window=4), rng)
    assert sum(len(r.opponents) for r in records.values()) == 60 * 7


def test_round_robin_meets_everyone_once_with_one_bye_each_and_fair_sides() -> None:
    for size in range(2, 12):
        ids = [100 + k for k in range(size)]
        met: set[frozenset[int]] = set()
        byes: list[int] = []
        balance = dict.fromkeys(ids, 0)
        for index in range(round_robin_rounds(size)):
            pairing = round_robin(ids, index)
            for game in pairing.games:
                assert frozenset(game) not in met
                met.add(frozenset(game))
                balance[game[0]] += 1
                balance[game[1]] -= 1
            assert all(abs(b) <= 2 for b in balance.values()), "first moves stay within two of even"
            if pairing.bye is not None:
                byes.append(pairing.bye)
        assert len(met) == size * (size - 1) // 2
        assert sorted(byes) == (ids if size % 2 else [])


@given(st.integers(1, 200))
def test_seated_tables_hold_three_to_five_and_two_only_when_unavoidable(players: int) -> None:
    sizes = table_sizes(players)
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1, "tables as even as possible"
    if players >= 3:
        assert all(3 <= size <= 5 for size in sizes)
    tables = seated_tables(list(range(players)))
    assert [len(t) for t in tables] == sizes and [uid for t in tables for uid in t] == list(range(players))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_long_swiss_events_keep_sides_within_two_and_never_thrice_the_same(seed: int) -> None:
    """32 players, 9 rounds, random results: no balance past two, no side three times in a row."""
    rng = random.Random(seed)
    records = {uid: Record() for uid in range(32)}
    for _ in range(9):
        play(records, swiss(entrants(records)), rng)
        assert all(abs(r.balance) <= 2 for r in records.values()), [r.balance for r in records.values()]
        assert all(abs(r.streak) <= 2 for r in records.values()), [r.sides for r in records.values()]


@given(st.integers(2, 200), st.integers(3, 5))
def test_seated_tables_keep_within_the_games_limit(players: int, high: int) -> None:
    """Araksey seats at most four: every count still gets tables, of two only when three cannot be kept."""
    sizes = table_sizes(players, high=high)
    assert sum(sizes) == players and all(2 <= size <= high for size in sizes)
    fits = any(players // tables >= 3 and -(-players // tables) <= high for tables in range(1, players + 1))
    assert min(sizes) >= 3 or not fits


def test_an_odd_score_group_folds_at_its_upper_half() -> None:
    """Five on one score: the upper half holds ⌊5/2⌋ = 2 players, so 1 meets 3 and 2 meets 4 (two places
    apart, the fold's distance, at no cost), and the 5th takes the bye; three places apart costs."""
    players = [Entrant(uid, 1.0, uid) for uid in range(5)]
    assert game_costs(players[0], players[2], 5).fold == game_costs(players[1], players[3], 5).fold == 0
    assert game_costs(players[0], players[3], 5).fold == game_costs(players[0], players[1], 5).fold == 1
    pairing = swiss(players)
    assert sorted(tuple(sorted(game)) for game in pairing.games) == [(0, 2), (1, 3)] and pairing.bye == 4
