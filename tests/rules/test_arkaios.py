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
        "game": "arkaios",
        "players": 2,
        "heights": grid,
        "positions": list(positions),
        "last_levels": list(levels),
        "to_move": 0,
        "chain": [],
        "spent": 0,
        "last_turn": [],
        "last_turn_seat": None,
        "last_turn_from": None,
        "move_number": 6,
        "outcome": None,
    }
    return ArkaiosState.from_json(data)


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


def test_turns_are_counted_beside_pillars() -> None:
    """The rulebook example: openings are turns 1 and 2; a turn of three pillars is turn 3."""
    views = [played(*moves).view(None) for moves in ((), ("c3=3", "d4=2"), ("c3=3", "d4=2", "b2=2", "b3=2"))]
    assert [(v["turn_number"], v["move_in_turn"], v["move_number"]) for v in views] == [(1, 0, 0), (3, 0, 2), (3, 2, 4)]
    state = played("c3=3", "d4=2", "b2=2", "b3=2", "a4=1", "c4=2")
    view = state.view(None)
    assert (view["turn_number"], view["move_in_turn"], view["move_number"]) == (4, 1, 6)
    assert ArkaiosState.from_json(state.to_json()).view(None)["turn_number"] == 4


def test_a_finished_game_shows_its_last_turn() -> None:
    view = played("c3=1", "d4=2").view(None)
    assert view["outcome"] is not None and view["turn_number"] == 2 and view["move_in_turn"] == 0


def test_a_game_stored_before_turns_were_counted_says_it_does_not_know() -> None:
    state = position({}, ("c3", "d4"), (3, 2))
    assert state.view(None)["turn_number"] is None
    after = state.play(0, "b2=2").play(0, "b3=2").play(0, "a4=1")
    assert after.view(None)["turn_number"] is None, "a count from an unknown start would be wrong"


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


def test_the_openings_said_to_lose_at_once_are_exactly_those_an_answer_blocks() -> None:
    """Every first opening, played against every answer: level 1 (and only level 1) can be
    punished at once, whatever the square; no second opening is ever flagged."""
    start = GAMES["arkaios"].new(players=2, seed=0)
    assert isinstance(start, ArkaiosState)
    for opening in start.legal_moves(0):
        after = start.play(0, opening)
        assert isinstance(after, ArkaiosState)
        punished = any(
            (answered := after.play(1, answer)).outcome is not None and answered.outcome.winners == (1,)
            for answer in after.legal_moves(1)
        )
        assert start.opening_loses(opening) == punished, opening
        assert not any(after.opening_loses(answer) for answer in after.legal_moves(1))


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


# -- more of every rule, with the exact refusals ------------------------------------------------


def garden(heights: dict[str, int], positions: tuple[str, str], levels: tuple[int, int], to_move: int) -> ArkaiosState:
    """Like ``position`` but with any seat to move (both positions must hold their levels)."""
    state = position(heights, positions, levels)
    data = state.to_json()
    data["to_move"] = to_move
    return ArkaiosState.from_json(data)


def test_rulebook_example_red_builds_two_columns_then_a_base() -> None:
    state = played("c3=3", "d4=2")
    assert state.turn_info().final_level == 1
    state = state.play(0, "b2=2")
    assert (state.turn_info().spent, state.turn_info().remaining) == (2, 3)
    state = state.play(0, "b3=2")
    assert (state.turn_info().spent, state.turn_info().remaining) == (4, 1)
    state = state.play(0, "b4=1")
    assert state.positions[0] is not None and state.view(None)["positions"] == ["b4", "d4"]
    assert state.last_levels == [1, 2]
    # The next player spends 2 + 1 = 3 pieces and must end on level 3.
    info = state.turn_info()
    assert (info.seat, info.budget, info.final_level, info.anchor_level) == (1, 3, 3, 2)
    finishers = [m for m in state.legal_moves(1) if m.level - state.heights[m.index] == 3]
    assert finishers and all(m.level == 3 for m in finishers)
    state = state.play(1, "e5=3")
    assert state.turn_info().seat == 0 and state.view(None)["last_turn"] == ["e5=3"]


def test_second_opening_offers_every_other_square_at_the_two_other_levels() -> None:
    state = played("c3=2")
    moves = state.legal_moves(1)
    assert len(moves) == 24 * 2
    assert all(str(m.square) != "c3" and m.level != 2 for m in moves)


def test_openings_set_positions_and_last_levels_without_cost() -> None:
    state = played("a1=3", "e5=1")
    info = state.turn_info()
    assert [str(p) for p in info.positions] == ["a1", "e5"] and info.last_levels == (3, 1)
    assert (info.phase, info.spent, info.budget, info.final_level) == ("turn", 0, 4, 2)


def test_first_pillar_may_not_be_on_your_own_position() -> None:
    refused(played("c3=3", "d4=2"), "c3=3", "c3 is your own position")


def test_two_pillars_in_a_row_may_not_share_a_square() -> None:
    refused(played("c3=3", "d4=2", "b2=2"), "b2=3", "b2 holds the pillar you just built")


def test_you_may_build_again_on_a_square_of_your_chain_later_in_the_turn() -> None:
    # Openings 2 then 3: 5 pieces ending on level 1; a1 is built twice in the same turn.
    state = played("c3=2", "e5=3", "b2=1", "a1=1", "a2=1", "a1=2")
    assert state.heights[0] == 2 and state.turn_info().remaining == 1
    state = state.play(0, "b1=1")
    assert state.actors == (1,) and state.view(None)["positions"][0] == "b1"


def test_you_may_build_on_your_own_position_after_leaving_it() -> None:
    # Openings 2 then 1: 3 pieces ending on level 3; b2=2 then c3 (your position, height 2) rises to 3.
    state = played("c3=2", "e5=1", "b2=2")
    assert [str(m) for m in state.legal_moves(0)] == ["c3=3"]
    state = state.play(0, "c3=3")
    assert state.view(None)["positions"] == ["c3", "e5"] and state.last_levels == [3, 1]


def test_a_complete_pillar_takes_nothing_more() -> None:
    refused(garden({"c3": 3, "b2": 3}, ("c3", "e5"), (3, 1), 0), "b2=3", "b2 already holds a complete pillar")


def test_level_must_rise_above_the_height_and_the_message_names_the_choices() -> None:
    refused(garden({"c3": 3, "b2": 1}, ("c3", "e5"), (3, 1), 0), "b2=1", "a pillar there must be level 2 or 3")


def test_level_jump_is_measured_from_the_previous_pillar_of_the_chain() -> None:
    state = garden({"c3": 3}, ("c3", "e5"), (3, 2), 0).play(0, "b2=2").play(0, "a1=1")
    refused(state, "a2=3", "from your previous pillar a1 \\(level 1\\): choose level 1 or 2")


def test_first_pillar_level_is_measured_from_your_position() -> None:
    refused(played("c3=3", "d4=2"), "b2=1", "from the pillar at your position c3 \\(level 3\\): choose level 2 or 3")


def test_spending_more_than_the_budget_is_refused() -> None:
    state = garden({"c3": 3, "a1": 1}, ("c3", "e5"), (3, 1), 0).play(0, "b2=3")
    assert state.turn_info().remaining == 1
    refused(state, "a2=2", "a2=2 costs 2 pieces \\(height 0 to 2\\) but you have only 1 left")


def test_refusal_names_the_pieces_and_level_that_cannot_be_reached() -> None:
    refused(
        played("c3=3", "d4=2"),
        "b3=3",
        "After b3=3 the turn could not be completed \\(no way to spend the remaining 2 pieces ending on level 1\\)",
    )


def test_turn_passes_only_when_the_budget_is_spent() -> None:
    state = played("c3=3", "d4=2", "b2=2", "b3=2")
    assert state.actors == (0,) and state.turn_info().remaining == 1
    state = state.play(0, "b4=1")
    assert state.actors == (1,) and state.turn_info().spent == 0 and state.turn_info().chain == ()


def test_parsing_ignores_case_and_spaces() -> None:
    state = played()
    assert state.parse_move("  C3 = 2 ") == state.parse_move("c3=2")
    assert str(state.parse_move("E5=1")) == "e5=1"


def test_level_zero_and_rank_zero_are_refused() -> None:
    refused(played(), "c3=0", "level 1, 2 or 3")
    refused(played(), "c0=1", "off the board")
    refused(played(), "=2", "write square=level")


def test_blocked_at_the_start_of_a_later_turn() -> None:
    # Seat 0 sits on a1 (level 1) walled in by capitals: no first pillar exists.
    state = garden({"a1": 1, "a2": 3, "b1": 3, "b2": 3, "e5": 2}, ("a1", "e5"), (1, 2), 1)
    assert state.turn_info().final_level == 3
    state = state.play(1, "d4=3")
    assert state.outcome is not None and state.outcome.winners == (1,) and state.outcome.reason == "blocked"
    assert state.legal_moves(0) == [] and state.view(0)["phase"] == "over"


def test_a_temple_counts_only_at_the_end_of_its_owners_turn() -> None:
    # Seat 0 stands walled in by capitals, but it is seat 1 who ends a turn: seat 0 is blocked, not a temple.
    state = garden({"a1": 1, "a2": 3, "b1": 3, "b2": 3, "e5": 2}, ("a1", "e5"), (1, 2), 1).play(1, "d4=3")
    assert state.outcome is not None and state.outcome.reason == "blocked"


def test_temple_in_the_middle_needs_all_eight_neighbours() -> None:
    walls = {sq: 3 for sq in ("b2", "c2", "d2", "b3", "b4", "c4", "d4")}
    # Seat 0 stands on d4 (level 3), seat 1 on e1 (level 1): 4 pieces, ending on level 2.
    state = garden({**walls, "d3": 1, "e1": 1}, ("d4", "e1"), (3, 1), 0)
    state = state.play(0, "d3=3")
    assert state.outcome is None, "d3 completes the walls, but the turn is not over"
    state = state.play(0, "c3=2")
    assert state.outcome is not None and state.outcome.winners == (0,) and state.outcome.reason == "temple"
    assert state.actors == () and state.in_temple(0)
    view = state.view(None)
    assert view["chain"] == [] and view["last_turn"] == view["last_move"] == ["d3=3", "c3=2"]
    assert view["last_turn_seat"] == 0 and view["positions"][0] == "c3" and view["phase"] == "over"


def test_one_missing_capital_is_no_temple() -> None:
    walls = {sq: 3 for sq in ("b2", "c2", "b3", "b4", "c4", "d4")}  # d2 is missing
    state = garden({**walls, "d3": 1, "e1": 1}, ("d4", "e1"), (3, 1), 0).play(0, "d3=3").play(0, "c3=2")
    assert state.outcome is None or state.outcome.reason == "blocked"
    assert not state.in_temple(0)


def test_legal_moves_empty_for_the_waiting_seat() -> None:
    state = played("c3=3", "d4=2")
    assert state.legal_moves(1) == [] and state.actors == (0,)


def test_legal_pillars_are_listed_by_file_then_rank_then_level() -> None:
    state = played("c3=3", "d4=2")
    listed = [(m.square.file, m.square.rank, m.level) for m in state.legal_moves(0)]
    assert listed == sorted(listed) and len(listed) > 3


def test_legal_by_square_groups_levels_for_pickers() -> None:
    grouped = played("c3=3").legal_by_square(1)
    assert len(grouped) == 24 and grouped["a1"] == [1, 2]


def test_example_turn_is_a_complete_legal_turn() -> None:
    state = played("c3=3", "d4=2")
    turn = state.example_turn()
    for pillar in turn:
        state = state.play(0, pillar)
    assert state.actors == (1,) or state.outcome is not None
    assert sum(1 for _ in turn) >= 1 and state.view(None)["last_turn"] == [str(p) for p in turn]


def test_random_games_keep_the_invariants() -> None:
    import random

    for seed in range(30):
        rng, state = random.Random(seed), played()
        while state.outcome is None:
            before = list(state.heights)
            state = state.play(state.actors[0], rng.choice(state.legal_moves(state.actors[0])))
            assert all(a <= b for a, b in zip(before, state.heights, strict=True)), "heights never go down"
            assert state.positions[0] is None or state.positions[0] != state.positions[1]
        assert state.outcome.reason in ("blocked", "temple") and len(state.outcome.winners) == 1




# -- views -----------------------------------------------------------------------------------------


def test_view_holds_the_turn_and_the_garden() -> None:
    view = played("c3=3", "d4=2", "b2=2").view(None)
    assert view["heights"][2][2] == 3 and view["heights"][3][3] == 2 and view["heights"][1][1] == 2
    assert view["positions"] == ["c3", "d4"] and view["last_levels"] == [3, 2]
    assert (view["phase"], view["turn"], view["budget"], view["spent"], view["remaining"]) == ("turn", 0, 5, 2, 3)
    assert (view["final_level"], view["anchor"], view["chain"]) == (1, "b2", ["b2=2"])
    assert view["last_move"] == ["b2=2"], "the turn in progress is the most recent action"
    assert view["last_turn"] == ["d4=2"] and view["last_turn_seat"] == 1
    assert view["actors"] == [0] and view["move_number"] == 3 and view["outcome"] is None


def test_view_after_a_complete_turn_shows_it_as_last_move() -> None:
    view = played("c3=3", "d4=2", "b2=2", "b3=2", "b4=1").view(1)
    assert view["last_move"] == view["last_turn"] == ["b2=2", "b3=2", "b4=1"]
    assert view["last_turn_seat"] == 0 and view["last_turn_from"] == "c3" and view["chain"] == []
    assert view["viewer"] == 1


def test_views_are_the_same_for_every_seat_but_the_viewer_field() -> None:
    state = played("c3=3", "d4=2", "b2=2")
    views = [state.view(seat) for seat in (None, 0, 1)]
    for view in views:
        view.pop("viewer")
    assert views[0] == views[1] == views[2]


def test_opening_view_has_no_budget() -> None:
    view = played("c3=3").view(None)
    assert (view["phase"], view["budget"], view["final_level"], view["anchor"]) == ("opening", None, None, None)
    assert view["positions"] == ["c3", None] and view["last_levels"] == [3, None]


def test_finished_view() -> None:
    view = played("c3=1", "d4=2").view(None)
    assert view["outcome"] == {"winners": [1], "reason": "blocked", "scores": []}
    assert view["actors"] == [] and view["phase"] == "over" and view["turn"] is None


def test_round_trip_mid_turn_and_finished() -> None:
    for state in (played("c3=3", "d4=2", "b2=2"), played("c3=1", "d4=2")):
        again = GAME.from_json(state.to_json())
        assert again == state and again.legal_moves(0) == state.legal_moves(0)
        assert again.view(None) == state.view(None)


def test_garden_view_is_five_rows_of_five() -> None:
    view = played("c3=3", "d4=2").view(None)
    assert [len(row) for row in view["heights"]] == [5] * 5
    assert view["heights"][4] == [0, 0, 0, 0, 0] and view["heights"][3] == [0, 0, 0, 2, 0]


def test_a_new_game_has_spent_nothing() -> None:
    for view in (played().view(None), played("c3=3").view(None)):
        assert (view["spent"], view["remaining"], view["chain"]) == (0, None, [])
    assert played("c3=3", "d4=2").view(None)["spent"] == 0


def test_a_temple_win_leaves_nothing_spent_in_the_view() -> None:
    walls = {sq: 3 for sq in ("b2", "c2", "d2", "b3", "b4", "c4", "d4")}
    state = garden({**walls, "d3": 1, "e1": 1}, ("d4", "e1"), (3, 1), 0).play(0, "d3=3").play(0, "c3=2")
    assert state.outcome is not None and state.outcome.reason == "temple"
    assert state.to_json()["spent"] == 0 and state.to_json()["chain"] == []


def test_has_turn_in_the_opening_mid_turn_and_after_the_end() -> None:
    assert played().has_turn() and played("c3=3").has_turn()
    mid = played("c3=3", "d4=2", "b2=2")
    assert mid.has_turn()
    # Late in a game, mid-turn: only the budget left (not the whole budget) can still be spent exactly.
    late = played(
        "b4=2", "d3=1", "a3=3", "d4=1", "d5=2", "d4=2", "b3=2", "b2=1", "c1=1", "d1=1", "c5=2", "d5=3", "c2=2",
        "c1=2", "b2=2", "e5=2", "d4=3", "d3=2", "e3=1", "c3=2", "b3=3", "e2=1", "d1=2", "d2=1", "e3=2", "b4=3",
        "c4=2", "b5=1", "a5=1", "e2=2", "d2=3", "b5=2", "a4=2", "a5=2", "d1=3", "c2=3", "b1=2",
    )  # fmt: skip
    assert late.spent > 0 and late.outcome is None and late.has_turn()
    assert not played("c3=1", "d4=2").has_turn()
