"""Tic-tac-toe's rules: turns, every line of three, the full board, refusals and the words of a move."""

from __future__ import annotations

import pytest
from agora_tic_tac_toe.rules import LINES, SQUARES, TicTacToeState

from rules import GAMES, ForbiddenMove, NotationError, Outcome


def played(*squares: str) -> TicTacToeState:
    state = TicTacToeState.start(2, 0, {})
    for square in squares:
        state = state.play(state.to_move, square)
    return state


def test_x_marks_first_then_the_turn_alternates() -> None:
    state = TicTacToeState.start(2, 0, {})
    assert state.actors == (0,) and len(state.legal_moves(0)) == 9 and state.legal_moves(1) == []
    state = state.play(0, "b2")
    assert state.actors == (1,) and "b2" not in [str(square) for square in state.legal_moves(1)]


@pytest.mark.parametrize("line", LINES, ids=lambda line: "-".join(str(SQUARES[i]) for i in line))
def test_every_line_of_three_wins(line: tuple[int, int, int]) -> None:
    # O's two marks, off the line, cannot make three: X's third mark on the line ends the game.
    others = [str(square) for index, square in enumerate(SQUARES) if index not in line]
    squares = [str(SQUARES[line[0]]), others[0], str(SQUARES[line[1]]), others[1], str(SQUARES[line[2]])]
    state = played(*squares)
    assert state.outcome == Outcome((0,), "three in a row")
    assert state.actors == () and state.view(None)["line"] == [str(SQUARES[i]) for i in line]


def test_a_full_board_without_a_line_is_a_draw() -> None:
    state = played("b2", "a1", "a3", "c1", "b1", "b3", "c2", "a2", "c3")
    assert state.outcome == Outcome((), "full board")
    assert str(TicTacToeState.describe_outcome(state.outcome, ["Ada", "Bob"])) == "The board is full: a draw"


def test_refusals_say_what_was_wrong() -> None:
    state = played("b2")
    with pytest.raises(ForbiddenMove, match="b2 is already marked"):
        state.play(1, "b2")
    with pytest.raises(ForbiddenMove, match="not your turn"):
        state.play(0, "a1")
    with pytest.raises(NotationError, match="d4 is not on the board"):
        state.play(1, "d4")
    with pytest.raises(NotationError, match="not a square"):
        state.play(1, "centre")


def test_the_last_move_in_words_and_the_round_trip() -> None:
    state = played("b2", "a1")
    view = state.view(None)
    assert view["last_move"] == ["a1"] and view["to_move"] == 0
    assert str(TicTacToeState.describe(view, ["Ada", "Bob"])) == "Bob marked a1"
    assert GAMES["tic_tac_toe"].from_json(state.to_json()) == state


def test_the_lines_are_the_three_rows_the_three_columns_and_the_two_diagonals() -> None:
    lines = {"-".join(str(SQUARES[i]) for i in line) for line in LINES}
    rows, columns = {"a1-b1-c1", "a2-b2-c2", "a3-b3-c3"}, {"a1-a2-a3", "b1-b2-b3", "c1-c2-c3"}
    assert lines == rows | columns | {"a1-b2-c3", "c1-b2-a3"}
    assert played("c1", "a1", "b2", "a2", "a3").outcome == Outcome((0,), "three in a row")
    assert played("b1", "a1", "c1", "b2", "a2", "c3").outcome == Outcome((1,), "three in a row")


def test_each_move_is_told_with_the_name_of_its_player() -> None:
    names = ["Ada", "Bob"]
    told = [str(TicTacToeState.describe(played(*moves).view(None), names)) for moves in (["b2"], ["b2", "a1"])]
    assert told == ["Ada marked b2", "Bob marked a1"]
    assert str(TicTacToeState.describe(played("b2", "a1", "c3").view(None), names)) == "Ada marked c3"
