"""Arkaios rules, one test per rule, with the rulebook's example turns."""

from __future__ import annotations

from typing import Any

import pytest

from rules import GAMES, IllegalMove
from rules.arkaios import OPENING_WARNING, ArkaiosState

GAME = GAMES["arkaios"]


def played(*moves: str) -> ArkaiosState:
    """A new game after ``moves``, each played by whoever is to move."""
    state = GAME.new(players=2, seed=0)
    for move in moves:
        state = state.play(state.actors[0], move)
    assert isinstance(state, ArkaiosState)
    return state


def position(heights: dict[str, int], positions: tuple[str, str], levels: tuple[int, int]) -> ArkaiosState:
    """A hand-built position with seat 0 to move at the start of a turn."""
    grid = [0] * 25
    for name, height in heights.items():
        grid[(int(name[1]) - 1) * 5 + "abcde".index(name[0])] = height
    data: dict[str, Any] = {
        "game": "arkaios", "players": 2, "heights": grid, "positions": list(positions),
        "last_levels": list(levels), "to_move": 0, "chain": [], "spent": 0, "last_turn": [],
        "last_turn_seat": None, "last_turn_from": None, "move_number": 6, "outcome": None,
    }
    return GAME.from_json(data)


def refused(state: ArkaiosState, move: str, message: str) -> None:
    """The move is refused with ``message`` and the state does not change."""
    before = state.to_json()
    with pytest.raises(IllegalMove, match=message):
        state.play(state.actors[0], move)
    assert state.to_json() == before


# -- the opening ---------------------------------------------------------------------------------


def test_first_player_may_open_anywhere_at_any_level() -> None:
    state = played()
    assert state.actors == (0,)
    assert len(state.legal_moves(0)) == 25 * 3


def test_second_opening_must_differ_in_level_and_square() -> None:
    state = played("c3=3")
    refused(state, "d4=3", "must be level 1 or 2")
    refused(state, "c3=2", "opponent's opening pillar")
    assert {m.level for m in state.legal_moves(1)} == {1, 2}


def test_rulebook_example_opening_three_then_two_gives_five_pieces_ending_on_one() -> None:
    info = played("c3=3", "d4=2").turn_info()
    assert (info.seat, info.budget, info.final_level) == (0, 5, 1)


def test_level_one_opening_warning_is_offered() -> None:
    assert "level-1 opening loses" in OPENING_WARNING


# -- the rulebook example ------------------------------------------------------------------------


def test_rulebook_example_five_pieces_then_three_pieces() -> None:
    state = played("c3=3", "d4=2", "b2=2", "b3=2")
    assert state.actors == (0,), "the turn goes on until the budget is spent"
    state = state.play(0, "a4=1")
    info = state.turn_info()
    assert (info.seat, info.budget, info.final_level) == (1, 3, 3)
    state = state.play(1, "c4=2").play(1, "b3=3")
    info = state.turn_info()
    assert info.seat == 0 and info.positions[1] is not None and str(info.positions[1]) == "b3"
    assert state.view(None)["last_turn"] == ["c4=2", "b3=3"]


# -- the chain ---------------------------------------------------------------------------------


def test_first_pillar_must_touch_your_position() -> None:
    refused(played("c3=3", "d4=2"), "a1=2", "not adjacent to your position c3")


def test_each_pillar_must_touch_the_previous_one() -> None:
    refused(played("c3=3", "d4=2", "b2=2"), "d2=2", "not adjacent to your previous pillar b2")


def test_never_on_the_opponents_position() -> None:
    refused(played("c3=3", "d4=2"), "d4=3", "opponent's position")


def test_a_pillar_must_rise_above_the_square() -> None:
    refused(position({"c3": 3, "b2": 2}, ("c3", "e5"), (3, 1)), "b2=2", "already at height 2")


def test_no_jump_of_more_than_one_level() -> None:
    refused(played("c3=3", "d4=2"), "b2=1", "more than one level away")


def test_turn_must_end_on_the_third_level() -> None:
    state = position({"c3": 3, "a4": 1}, ("c3", "e5"), (3, 2)).play(0, "b2=2").play(0, "b3=2")
    refused(state, "a4=2", "must end on level 1")


def test_a_pillar_after_which_the_turn_cannot_finish_is_refused() -> None:
    refused(played("c3=3", "d4=2"), "b2=3", "could not be completed")
    state = played("c3=3", "d4=2", "b2=2")
    for move in state.legal_moves(0):
        after = state.play(0, move)
        assert after.outcome is None and (after.actors != (0,) or after.legal_moves(0))


def test_every_offered_pillar_keeps_the_turn_completable() -> None:
    state = played("c3=3", "d4=2")
    frontier = [state]
    while frontier:
        current = frontier.pop()
        if current.actors != (0,):
            continue
        moves = current.legal_moves(0)
        assert moves, "a turn in progress always has a next pillar"
        frontier.extend(current.play(0, m) for m in moves[:3])


def test_bad_notation_is_refused_with_a_hint() -> None:
    state = played()
    refused(state, "c3", "write square=level")
    refused(state, "f6=2", "off the board")
    refused(state, "c3=4", "level 1, 2 or 3")


def test_cost_is_the_difference_of_heights() -> None:
    state = position({"c3": 3, "b2": 1}, ("c3", "e5"), (3, 1))
    assert state.turn_info().budget == 4
    after = state.play(0, "b2=3")
    assert after.turn_info().spent == 2


# -- the end -----------------------------------------------------------------------------------


def test_blocked_player_loses_after_openings_one_then_two() -> None:
    state = played("c3=1", "d4=2")
    assert state.outcome is not None
    assert state.outcome.winners == (1,) and state.outcome.reason == "blocked"
    assert state.actors == ()


def test_temple_wins_at_the_end_of_the_turn() -> None:
    state = position({"c3": 3, "b2": 1, "a2": 3, "b1": 3}, ("c3", "e5"), (3, 1))
    state = state.play(0, "b2=3")
    assert state.outcome is None
    state = state.play(0, "a1=2")
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.reason == "temple"


def test_no_move_after_the_end() -> None:
    state = played("c3=1", "d4=2")
    with pytest.raises(IllegalMove, match="game is over"):
        state.play(0, "c2=2")


def test_wrong_seat_is_refused() -> None:
    with pytest.raises(IllegalMove, match="not your turn"):
        played().play(1, "c3=3")


def test_state_round_trips_through_json() -> None:
    state = played("c3=3", "d4=2", "b2=2")
    assert GAME.from_json(state.to_json()) == state
