"""Arcanor engine: one test per rule, the rulebook examples, every end, and hidden information."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from rules import GAMES, IllegalMove
from rules.arcanor import ArcanorState, Eat, Pass, Peek, Release, Step, move_menu
from rules.base import Square

GAME = GAMES["arcanor"]
NOTATION = re.compile(r"^([a-h][1-7][-^x][a-h][1-7]|pass|peek:[a-h][1-7])$")


def position(board: dict[str, str], to_move: int = 0, strict: bool = False, **extra: Any) -> ArcanorState:
    """A state from a readable board: ``{"b2": "A1 B2"}`` is seat 0's 1 holding seat 1's 2.

    Pieces are listed top first; A is seat 0, B is seat 1.
    """
    data: dict[str, Any] = {
        "game": "arcanor",
        "players": 2,
        "strict_memory": strict,
        "rng": 0,
        "first": to_move,
        "to_move": to_move,
        "move_number": 0,
        "passes": 0,
        "board": {sq: [["AB".index(p[0]), int(p[1])] for p in text.split()] for sq, text in board.items()},
        "last_move": [],
        "outcome": None,
        "history": {},
        "peeks": [],
        "peeked": [],
    }
    data.update(extra)
    return ArcanorState.from_json(data)


def pieces(state: ArcanorState, square: str) -> str:
    """The stack on a square in the same readable form ("" when empty)."""
    return " ".join(f"{'AB'[o]}{s}" for o, s in state.stack_at(Square.parse(square)))


def moves(state: ArcanorState, seat: int | None = None) -> set[str]:
    return {str(m) for m in state.legal_moves(state.to_move if seat is None else seat)}


def refused(state: ArcanorState, seat: int, move: str, match: str) -> None:
    """The move is refused with a message matching ``match`` and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalMove, match=match):
        state.play(seat, move)
    assert state.to_json() == before


# ---------------------------------------------------------------------------
# Setup and notation


def test_setup_puts_six_duos_on_each_home_row() -> None:
    state = GAME.new(players=2, seed=1)
    for seat, rank in ((0, 1), (1, 7)):
        side = "AB"[seat]
        for file in "bdf":
            assert pieces(state, f"{file}{rank}") == f"{side}1 {side}2"
        for file in "ceg":
            assert pieces(state, f"{file}{rank}") == f"{side}3 {side}4"
        assert pieces(state, f"a{rank}") == pieces(state, f"h{rank}") == ""
    assert sum(len(stack) for stack in state.board) == 24
    assert state.scores() == (0, 0)


def test_only_top_pieces_are_visible_at_the_start() -> None:
    view = GAME.new(players=2, seed=1).view(None)
    assert {entry["top"]["size"] for entry in view["board"].values()} == {1, 3}
    assert all("contents" not in entry for entry in view["board"].values())


def test_starting_player_is_drawn_at_random() -> None:
    starters = {GAME.new(players=2, seed=seed).actors for seed in range(20)}
    assert starters == {(0,), (1,)}
    state = GAME.new(players=2, seed=5)
    assert state.view(None)["first_player"] == state.actors[0]


def test_every_legal_move_round_trips_through_its_notation() -> None:
    state = GAME.new(players=2, seed=0, options={"strict_memory": True})
    for move in state.legal_moves(state.to_move):
        assert state.parse_move(str(move)) == move
        assert NOTATION.match(str(move))


def test_parsing_is_case_insensitive_and_tolerant_of_spaces() -> None:
    state = GAME.new(players=2, seed=0)
    assert state.parse_move("  B1-B2 ") == Step(Square.parse("b1"), Square.parse("b2"))
    assert state.parse_move("b1 ^ c2") == Release(Square.parse("b1"), Square.parse("c2"))
    assert state.parse_move("B1XC2") == Eat(Square.parse("b1"), Square.parse("c2"))
    assert state.parse_move("Pass") == Pass()
    assert state.parse_move("PEEK:b1") == Peek(Square.parse("b1"))


def test_unreadable_and_off_board_moves_are_explained() -> None:
    state = GAME.new(players=2, seed=0)
    with pytest.raises(IllegalMove, match="Write b1-b2 to move a stack"):
        state.parse_move("b1 to b2")
    with pytest.raises(IllegalMove, match="off the board"):
        state.parse_move("h7-i8")
    with pytest.raises(IllegalMove, match="off the board"):
        state.parse_move("a7-a8")


def test_a_player_cannot_move_out_of_turn() -> None:
    state = GAME.new(players=2, seed=0)
    assert state.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="not your turn"):
        state.play(1, "b7-b6")


# ---------------------------------------------------------------------------
# Moving, releasing, eating


def test_a_stack_moves_whole_to_any_of_the_eight_neighbours() -> None:
    state = position({"d4": "A1 A2"})
    targets = {str(m.target) for m in state.legal_moves(0) if isinstance(m, Step)}
    assert targets == {"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"}
    after = state.play(0, "d4-e5")
    assert pieces(after, "d4") == "" and pieces(after, "e5") == "A1 A2"
    assert after.actors == (1,) and after.move_number == 1 and after.last_move == ["d4-e5"]


def test_moves_only_step_onto_empty_squares() -> None:
    state = position({"d4": "A1", "d5": "B3", "e5": "A2"})
    refused(state, 0, "d4-d5", "d5 is occupied.*d4xd5")
    refused(state, 0, "d4-e5", "e5 is occupied")


def test_moves_reach_only_adjacent_squares() -> None:
    state = position({"d4": "A1 A2"})
    refused(state, 0, "d4-d6", "d6 is not next to d4")
    refused(state, 0, "d4^f4", "f4 is not next to d4")


def test_only_stacks_with_your_top_piece_can_be_played() -> None:
    state = position({"d4": "B1 A2", "e4": "A3"})
    refused(state, 0, "d4-d5", "top piece on d4 is your opponent's")
    refused(state, 0, "c4-c5", "no piece on c4")


def test_release_moves_the_top_piece_alone_and_the_content_stays() -> None:
    state = position({"d4": "A1 A2 A3"})
    after = state.play(0, "d4^d5")
    assert pieces(after, "d5") == "A1"
    assert pieces(after, "d4") == "A2 A3"


def test_release_needs_an_empty_square() -> None:
    refused(position({"d4": "A1 A2", "d5": "B3"}), 0, "d4^d5", "d5 is occupied")


def test_an_empty_piece_has_nothing_to_release() -> None:
    state = position({"d4": "A1"})
    assert not any(isinstance(m, Release) for m in state.legal_moves(0))
    refused(state, 0, "d4^d5", "holds nothing to release.*d4-d5")


def test_releasing_onto_the_opponents_piece_returns_it_to_the_opponent() -> None:
    # Seat 0's 1 had eaten seat 1's 2: lifting the 1 off frees the 2, which plays for seat 1 again.
    state = position({"d4": "A1 B2 B3"})
    after = state.play(0, "d4^c4")
    assert pieces(after, "d4") == "B2 B3"
    assert "d4-d3" in moves(after, 1)
    assert not any(str(m).startswith("d4") for m in after.legal_moves(0) if not isinstance(m, Pass))
    assert after.view(1)["board"]["d4"]["contents"] == [{"owner": 1, "size": 3}]


def test_eat_covers_an_enemy_piece_exactly_one_size_smaller() -> None:
    state = position({"d4": "A1", "e5": "B2 A3"})
    after = state.play(0, "d4xe5")
    assert pieces(after, "e5") == "A1 B2 A3"
    assert pieces(after, "d4") == ""
    assert after.view(0)["board"]["e5"]["contents"] == [{"owner": 1, "size": 2}, {"owner": 0, "size": 3}]


def test_eat_needs_exactly_one_size_smaller() -> None:
    state = position({"d4": "A1", "e5": "B3", "c5": "B1", "e3": "B4"})
    assert {str(m) for m in state.legal_moves(0) if isinstance(m, Eat)} == set()
    refused(state, 0, "d4xe5", "A 1 can only eat a 2.*top of e5 is a 3")
    refused(state, 0, "d4xc5", "A 1 can only eat a 2")
    refused(state, 0, "d4xe3", "A 1 can only eat a 2")


def test_each_size_eats_only_the_next_size() -> None:
    state = position({"b2": "A2", "c3": "B3", "e2": "A3", "f3": "B4", "b6": "A4", "c7": "B1"})
    eats = {str(m) for m in state.legal_moves(0) if isinstance(m, Eat)}
    assert eats == {"b2xc3", "e2xf3"}
    refused(state, 0, "b6xc7", "A 4 is the smallest piece and cannot eat")


def test_you_may_never_cover_your_own_pieces() -> None:
    state = position({"d4": "A1", "d5": "A2"})
    refused(state, 0, "d4xd5", "yours, and you may never cover your own pieces")


def test_eat_onto_an_empty_square_is_refused() -> None:
    refused(position({"d4": "A1"}), 0, "d4xd5", "d5 is empty: there is nothing to eat")


def test_rulebook_example_a_duo_1_2_may_not_eat_a_3() -> None:
    state = position({"d4": "A1 A2", "e5": "B3"})
    assert "d4xe5" not in moves(state)
    refused(state, 0, "d4xe5", "A 1 can only eat a 2.*Only the top piece ever eats")


def test_rulebook_release_and_eat_in_one_move_the_content_stays_behind() -> None:
    state = position({"d4": "A1 A3", "e5": "B2"})
    after = state.play(0, "d4xe5")
    assert pieces(after, "e5") == "A1 B2"
    assert pieces(after, "d4") == "A3"
    assert after.last_move == ["d4xe5"]


def test_rulebook_example_an_empty_piece_may_eat_a_duo() -> None:
    # An empty 1 eats a 2 that holds a 3.
    state = position({"d4": "A1", "e5": "B2 B3"})
    after = state.play(0, "d4xe5")
    assert pieces(after, "e5") == "A1 B2 B3"


def test_eaten_pieces_come_back_to_life_when_uncovered() -> None:
    state = position({"d4": "A1", "e5": "B2 B3", "h3": "B4"})
    state = state.play(0, "d4xe5").play(1, "h3-h4").play(0, "e5^f5")
    assert pieces(state, "e5") == "B2 B3"
    assert state.actors == (1,)
    assert "e5-e4" in moves(state) and "e5^e4" in moves(state)


# ---------------------------------------------------------------------------
# Winning row, frozen stacks, scoring


def test_a_stack_reaching_the_winning_row_is_frozen() -> None:
    state = position({"d6": "A1 A2", "a2": "B4"}).play(0, "d6-d7")
    assert state.view(None)["board"]["d7"]["frozen"] is True
    state = state.play(1, "a2-a3")
    assert not any(str(m).startswith("d7") for m in state.legal_moves(0))
    refused(state, 0, "d7-d6", "frozen for good")
    refused(state, 0, "d7^d6", "frozen for good")


def test_frozen_stacks_cannot_be_eaten() -> None:
    state = position({"d7": "A2", "e6": "B1"}, to_move=1)
    assert "e6xd7" not in moves(state)
    refused(state, 1, "e6xd7", "frozen and can no longer be eaten")


def test_own_home_row_does_not_freeze() -> None:
    state = position({"d1": "A1"})
    assert state.view(None)["board"]["d1"]["frozen"] is False
    assert "d1-d2" in moves(state)


def test_eating_onto_the_winning_row_freezes_the_eater() -> None:
    state = position({"d6": "A1 A4", "d7": "B2 B3"}).play(0, "d6xd7")
    assert state.is_frozen(Square.parse("d7").file + 8 * 6)
    assert state.scores() == (1, 0)
    assert pieces(state, "d6") == "A4"


def test_scores_count_only_visible_pieces_on_the_winning_row() -> None:
    # a7 shows a 1 hiding seat 0's own 4: only the 1 counts. Seat 1's tops on rank 7 and seat 0's
    # pieces elsewhere do not count for seat 0.
    state = position({"a7": "A1 A4", "b7": "A3", "c7": "B2", "d6": "A4", "e1": "B2"})
    assert state.scores() == (4, 2)
    assert state.view(1)["scores"] == [4, 2]


def test_uncovering_a_piece_on_its_winning_row_freezes_and_scores_it() -> None:
    # Seat 1 lifts its 1 off seat 0's 2 on rank 7: that 2 now stands on seat 0's winning row.
    state = position({"d7": "B1 A2", "a1": "A4"}, to_move=1).play(1, "d7^d6")
    assert state.scores() == (2, 0)
    assert state.view(None)["board"]["d7"]["frozen"] is True


def test_the_win_at_twelve_exactly() -> None:
    state = position({"a7": "A4", "b7": "A4", "c6": "A4", "c2": "B3"})
    after = state.play(0, "c6-c7")
    assert after.scores() == (12, 0)
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert after.outcome.scores == (12.0, 0.0) and after.outcome.reason == "12 points on the winning row"
    assert after.actors == () and after.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="game is over"):
        after.play(1, "c2-c3")


def test_the_opponents_move_along_your_winning_row_can_give_you_the_twelfth_point() -> None:
    # Seat 1 releases its 1 sideways along rank 7, uncovering seat 0's 4: 4 + 4 + 4 points.
    state = position({"a7": "A4", "b7": "A4", "d7": "B1 A4", "h3": "B3"}, to_move=1)
    after = state.play(1, "d7^e7")
    assert after.scores() == (12, 0)
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert after.outcome.reason == "12 points on the winning row"


def test_eleven_points_do_not_end_the_game() -> None:
    state = position({"a7": "A4", "b7": "A4", "c6": "A3", "c2": "B3"}).play(0, "c6-c7")
    assert state.scores() == (11, 0)
    assert state.outcome is None and state.actors == (1,)


# ---------------------------------------------------------------------------
# Passing, repetition


def test_pass_is_offered_only_when_nothing_else_is_legal() -> None:
    blocked = position({"a7": "A2", "h1": "B4"})  # seat 0's only stack is frozen
    assert blocked.legal_moves(0) == [Pass()]
    free = position({"d4": "A2", "h1": "B4"})
    assert Pass() not in free.legal_moves(0)
    refused(free, 0, "pass", "cannot pass while you have a legal move")


def test_one_pass_hands_the_turn_over() -> None:
    state = position({"a7": "A2", "h3": "B4"}).play(0, "pass")
    assert state.outcome is None and state.actors == (1,) and state.passes == 1
    assert state.last_move == ["pass"]
    assert state.play(1, "h3-h4").passes == 0


def test_two_passes_in_a_row_end_the_game_on_points() -> None:
    # Every stack stands frozen on its owner's winning row, so both players must pass.
    state = position({"a7": "A2", "b7": "A1", "g1": "B4"}, to_move=0)
    state = state.play(0, "pass")
    assert state.legal_moves(1) == [Pass()]
    state = state.play(1, "pass")
    assert state.outcome is not None
    assert state.outcome.winners == (1,)  # 4 points against 3
    assert state.outcome.reason == "both players passed in a row"


def test_two_passes_with_equal_points_is_a_draw() -> None:
    state = position({"a7": "A3", "g1": "B3"}).play(0, "pass").play(1, "pass")
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.scores == (3.0, 3.0)


def test_threefold_repetition_ends_the_game_on_points() -> None:
    state = GAME.new(players=2, seed=0)  # seat 0 starts
    shuffle = ["b1-a2", "b7-a6", "a2-b1", "a6-b7"]
    for _ in range(2):
        for move in shuffle:
            assert state.outcome is None
            state = state.play(state.to_move, move)
    # The start position with seat 0 to move has now come up for the third time.
    assert state.outcome is not None
    assert state.outcome.is_draw
    assert state.outcome.reason == "the same position came up a third time"


def test_positions_with_a_different_player_to_move_are_not_repetitions() -> None:
    state = GAME.new(players=2, seed=0)
    for move in ["b1-a2", "b7-a6", "a2-b1", "a6-b7", "b1-a2", "b7-a6", "a2-b1"]:
        state = state.play(state.to_move, move)
    assert state.outcome is None


# ---------------------------------------------------------------------------
# Strict memory


def test_peek_exists_only_in_strict_memory() -> None:
    state = position({"d4": "A1 A2"})
    assert not any(isinstance(m, Peek) for m in state.legal_moves(0))
    refused(state, 0, "peek:d4", "only exists in the strict-memory variant")


def test_strict_memory_hides_contents_even_from_their_owner() -> None:
    state = GAME.new(players=2, seed=0, options={"strict_memory": True})
    for seat in (0, 1, None):
        assert all("contents" not in entry for entry in state.view(seat)["board"].values())


def test_strict_memory_offers_release_on_every_stack_so_moves_do_not_betray_contents() -> None:
    state = position({"d4": "A1", "f4": "A1 A2"}, strict=True)
    assert "d4^d5" in moves(state) and "f4^f5" in moves(state)
    after = state.play(0, "d4^d5")  # releasing an empty piece simply moves it
    assert pieces(after, "d5") == "A1" and pieces(after, "d4") == ""


def test_strict_memory_peek_is_public_and_does_not_end_the_turn() -> None:
    state = position({"d4": "A1 B2 A3", "h7": "B4"}, strict=True)
    after = state.play(0, "peek:d4")
    assert after.actors == (0,) and after.move_number == 0
    entry = {
        "seat": 0,
        "square": "d4",
        "turn": 1,
        "top": {"owner": 0, "size": 1},
        "contents": [{"owner": 1, "size": 2}, {"owner": 0, "size": 3}],
    }
    for seat in (0, 1, None):
        view = after.view(seat)
        assert view["peeks"] == [entry]
        assert view["last_move"] == ["peek:d4"]
    after = after.play(0, "d4-d5")
    assert after.last_move == ["peek:d4", "d4-d5"] and after.actors == (1,)
    assert after.view(1)["peeks"] == [entry]


def test_a_stack_is_lifted_at_most_once_per_turn() -> None:
    state = position({"d4": "A1 A2", "h7": "B4"}, strict=True).play(0, "peek:d4")
    assert "peek:d4" not in moves(state)
    refused(state, 0, "peek:d4", "already lifted d4 this turn")
    state = state.play(0, "d4-d5").play(1, "h7-h6")
    assert "peek:d5" in moves(state)


def test_only_your_own_stacks_can_be_lifted() -> None:
    state = position({"d4": "A1", "e5": "B1 A2"}, strict=True)
    refused(state, 0, "peek:e5", "only lift a stack whose top piece is yours")


def test_peek_is_offered_beside_a_forced_pass() -> None:
    state = position({"a7": "A2 A3", "h1": "B4"}, strict=True)
    assert set(moves(state)) == {"pass", "peek:a7"}


# ---------------------------------------------------------------------------
# Views and hidden information


def test_views_have_every_required_key() -> None:
    state = GAME.new(players=2, seed=0)
    required = {"game", "players", "actors", "move_number", "last_move", "outcome", "viewer"}
    extra = {"board", "scores", "passes", "strict_memory", "peeks", "home_rows"}
    for seat in (0, 1, None):
        view = state.view(seat)
        assert required | extra <= set(view)
        assert view["viewer"] == seat and view["home_rows"] == [1, 7]
        json.dumps(view)


def test_a_player_sees_the_contents_of_the_stacks_they_control_only() -> None:
    state = position({"d4": "A1 B2", "e5": "B1 A2 B3", "f6": "A3"})
    own = state.view(0)["board"]
    assert own["d4"]["contents"] == [{"owner": 1, "size": 2}]
    assert own["f6"]["contents"] == []
    assert "contents" not in own["e5"]
    assert state.view(1)["board"]["e5"]["contents"] == [{"owner": 0, "size": 2}, {"owner": 1, "size": 3}]
    assert "contents" not in state.view(1)["board"]["d4"]


def test_depth_is_hidden_from_everyone_but_the_controller() -> None:
    # Same tops, different contents: the public view and the opponent's view are identical.
    shallow = position({"d4": "A1", "e5": "B3"}, to_move=1)
    deep = position({"d4": "A1 B2 B3 A4", "e5": "B3 A4"}, to_move=1)
    assert shallow.view(None) == deep.view(None)
    assert shallow.view(1)["board"]["d4"] == deep.view(1)["board"]["d4"]
    assert shallow.view(0)["board"]["e5"] == deep.view(0)["board"]["e5"]


def _assert_views_hide_contents(state: ArcanorState) -> None:
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert all(NOTATION.match(text) for text in view["last_move"])
        for entry in view["board"].values():
            if "contents" in entry:
                assert viewer == entry["top"]["owner"] and not view["strict_memory"]
            assert set(entry) <= {"top", "frozen", "contents"}
        assert "rng" not in json.dumps(view) and "history" not in view


@pytest.mark.parametrize("seed", range(24))
def test_random_games_never_show_someone_elses_contents(seed: int) -> None:
    state = GAME.new(players=2, seed=seed, options={"strict_memory": seed % 3 == 0})
    chooser = random.Random(seed)
    while state.outcome is None:
        _assert_views_hide_contents(state)
        seat = state.actors[0]
        state = state.play(seat, chooser.choice(state.legal_moves(seat)))
    _assert_views_hide_contents(state)
    assert state.outcome.reason


def test_json_round_trip_keeps_everything() -> None:
    state = position({"d4": "A1 B2", "h7": "B4"}, strict=True).play(0, "peek:d4")
    restored = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state
    assert restored.legal_moves(0) == state.legal_moves(0)


def test_play_leaves_the_old_state_untouched() -> None:
    state = GAME.new(players=2, seed=0)
    before = state.to_json()
    state.play(0, "b1-a2")
    assert state.to_json() == before


# ---------------------------------------------------------------------------
# Select-menu helper


def test_move_menu_groups_moves_by_source_square_with_labels() -> None:
    state = position({"d4": "A1 B2", "e5": "B2", "a1": "A4", "h7": "B4"})
    groups = move_menu(state, 0)
    assert [g.source for g in groups] == ["a1", "d4"]
    assert str(groups[1].label) == "d4: your 1 holding their 2"
    labels = {c.notation: str(c.label) for c in groups[1].choices}
    assert labels["d4-d5"] == "d4-d5: move the 1 with what it holds"
    assert labels["d4^d5"] == "d4^d5: release the 1, freeing their 2"
    assert labels["d4xe5"] == "d4xe5: your 1 eats the 2"
    all_choices = {c.notation for g in groups for c in g.choices}
    assert all_choices == moves(state)


def test_move_menu_in_strict_memory_says_nothing_about_contents() -> None:
    state = position({"d4": "A1 B2", "h7": "B4"}, strict=True)
    groups = move_menu(state, 0)
    text = " ".join([str(g.label) for g in groups] + [str(c.label) for g in groups for c in g.choices])
    assert "their" not in text and "holding" not in text and "with what it holds" not in text
    assert "peek:d4" in {c.notation for c in groups[0].choices}


def test_move_menu_offers_pass_alone() -> None:
    groups = move_menu(position({"a7": "A2", "h1": "B4"}), 0)
    assert [(g.source, [c.notation for c in g.choices]) for g in groups] == [("pass", ["pass"])]


def refused_exactly(state: ArcanorState, seat: int, move: str, message: str) -> None:
    """The move is refused with exactly ``message`` (the explanation a player reads)."""
    refused(state, seat, move, f"^{re.escape(message)}$")


def test_second_player_may_lift_only_their_own_stacks_in_strict_memory() -> None:
    state = position({"d4": "A1 B2", "e5": "B1 A2", "h7": "B4"}, to_move=1, strict=True)
    assert {m for m in moves(state) if m.startswith("peek")} == {"peek:e5", "peek:h7"}
    refused_exactly(state, 1, "peek:d4", "You may only lift a stack whose top piece is yours; d4 is not one.")
    refused_exactly(state, 1, "peek:a1", "You may only lift a stack whose top piece is yours; a1 is not one.")
    assert state.play(1, "peek:e5").view(0)["peeks"][0]["seat"] == 1


def test_first_lift_of_a_turn_replaces_the_last_move_shown() -> None:
    state = position({"d4": "A1 A2", "f4": "A3", "h7": "B4"}, strict=True, last_move=["h6-h7"])
    lifted = state.play(0, "peek:d4")
    assert lifted.view(None)["last_move"] == ["peek:d4"]
    twice = lifted.play(0, "peek:f4")
    assert twice.view(None)["last_move"] == ["peek:d4", "peek:f4"]
    assert twice.play(0, "f4-f5").view(None)["last_move"] == ["peek:d4", "peek:f4", "f4-f5"]


def test_peek_refusals_say_exactly_what_is_wrong() -> None:
    plain = position({"d4": "A1 A2", "h7": "B4"})
    refused_exactly(plain, 0, "peek:d4", "Lifting a stack (peek) only exists in the strict-memory variant: "
                    "your private view already shows what your stacks hold.")
    lifted = position({"d4": "A1 A2", "h7": "B4"}, strict=True).play(0, "peek:d4")
    refused_exactly(lifted, 0, "peek:d4", "You already lifted d4 this turn.")


def test_public_lift_log_keeps_the_latest_twelve() -> None:
    old = [{"seat": 1, "square": f"{f}7", "turn": n, "top": {"owner": 1, "size": 1}, "contents": []}
           for n, f in enumerate("abcdefghabcd", start=1)]
    state = position({"d4": "A1 B2", "h7": "B4"}, strict=True, peeks=old)
    assert len(state.view(None)["peeks"]) == 12
    after = state.play(0, "peek:d4")
    peeks = after.view(1)["peeks"]
    assert len(peeks) == 12 and peeks[0] == old[1] and peeks[-1]["square"] == "d4"


@pytest.mark.parametrize("text", ["a8-a7", "a8^b7", "a8xa7", "peek:a8", "i1-h1"])
def test_moves_from_beyond_the_board_are_refused_by_name(text: str) -> None:
    state = GAME.new(players=2, seed=0, options={"strict_memory": True})
    square = text.removeprefix("peek:")[:2]
    with pytest.raises(IllegalMove, match=f"^{square} is off the board: files run a-h and ranks 1-7.$"):
        state.parse_move(text)


def test_a_lone_piece_moves_alone() -> None:
    state = position({"a1": "A4", "d4": "A1 B2", "h7": "B4"})
    labels = {c.notation: str(c.label) for g in move_menu(state, 0) for c in g.choices}
    assert labels["a1-a2"] == "a1-a2: move the 4"


def test_eating_is_refused_when_the_top_piece_is_yours_whatever_lies_under_it() -> None:
    state = position({"d4": "A1", "e5": "A2 B3", "h7": "B4"})
    refused(state, 0, "d4xe5", "The top piece on e5 is yours")
