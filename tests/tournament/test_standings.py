"""Standings: points by rank, Buchholz, Sonneborn–Berger, victory points, byes."""

from __future__ import annotations

from bot.standings import SWISS, TABLES, TableResult, rank_points, standings


def test_points_by_rank_share_ties() -> None:
    assert rank_points([1, 2, 3, 4]) == (3.0, 2.0, 1.0, 0.0)
    assert rank_points([1, 2, 2]) == (2.0, 0.5, 0.5)


def test_buchholz_and_sonneborn_berger() -> None:
    # A beats B, A draws C, B beats C; D has a bye twice over two rounds (never happens, but counts once each).
    results = [
        TableResult((1, 2), (1.0, 0.0)),
        TableResult((1, 3), (0.5, 0.5)),
        TableResult((2, 3), (1.0, 0.0)),
        TableResult((4,), (1.0,), bye=True),
    ]
    table = {s.user_id: s for s in standings([1, 2, 3, 4], results, SWISS)}
    assert table[1].points == 1.5 and table[2].points == 1.0 and table[3].points == 0.5
    assert table[1].tiebreaks == (1.0 + 0.5, 1.0 * 1.0 + 0.5 * 0.5)
    assert table[2].tiebreaks == (1.5 + 0.5, 0.5)
    assert table[4].tiebreaks == (0.0, 0.0) and table[4].played == 0


def test_equal_points_are_ordered_by_tiebreaks_then_games() -> None:
    results = [
        TableResult((1, 2), (1.0, 0.0)),
        TableResult((3, 4), (1.0, 0.0)),
        TableResult((2, 4), (1.0, 0.0)),
        TableResult((5,), (1.0,), bye=True),
    ]
    order = [s.user_id for s in standings([1, 2, 3, 4, 5], results, SWISS)]
    # All on one point: 1 beat a one-point player (Buchholz 1, S-B 1), 2 lost to one and beat a zero
    # (Buchholz 1, S-B 0), 3 beat a zero (0, 0), and 5's bye is no game played: last of them.
    assert order == [1, 2, 3, 5, 4]


def test_seated_tables_break_ties_on_victory_points() -> None:
    results = [
        TableResult((1, 2, 3), (2.0, 1.0, 0.0), (30.0, 20.0, 10.0)),
        TableResult((4, 5, 6), (2.0, 1.0, 0.0), (35.0, 12.0, 11.0)),
    ]
    order = [s.user_id for s in standings(range(1, 7), results, TABLES, withdrawn=[6])]
    assert order == [4, 1, 2, 5, 6, 3], "withdrawn players keep their place"
    assert standings(range(1, 7), results, TABLES)[0].tiebreaks == (35.0,)
