"""The solver on Arkaios' first turns: no turn wins at once after a level-3 opening, and a level-1
opening is answered by the level 2 that blocks it."""

from __future__ import annotations

from ai import ADAPTERS
from ai.solver import Budget, winning_turn
from rules import GAMES

START = GAMES["arkaios"].new(players=2, seed=0)


def test_no_turn_wins_at_once_after_a_level_3_opening() -> None:
    assert winning_turn(ADAPTERS["arkaios"], START.play(0, "c3=3"), 1, Budget(10_000)) is None


def test_a_level_1_opening_is_answered_by_the_level_2_that_blocks_it() -> None:
    answer = winning_turn(ADAPTERS["arkaios"], START.play(0, "c3=1"), 1, Budget(10_000))
    assert answer is not None and answer.endswith("=2")
