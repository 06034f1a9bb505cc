"""What ``/move`` offers on one game's board: the moves starting with the typed text, case aside, and
a several-move turn completed from the position its earlier words lead to."""

from __future__ import annotations

from bot.suggest import suggested_moves
from rules import GAMES

START = GAMES["arkaios"].new(players=2, seed=0)


def test_the_moves_starting_with_the_typed_text_are_offered() -> None:
    assert suggested_moves(START, [0], "c3=") == ["c3=1", "c3=2", "c3=3"]


def test_a_seat_whose_turn_it_is_not_is_offered_nothing() -> None:
    assert suggested_moves(START, [1], "c3") == []


def test_case_does_not_matter_and_the_position_after_a_move_is_read() -> None:
    assert suggested_moves(START.play(0, "c3=2"), [1], "A1") == ["a1=1", "a1=3"]
