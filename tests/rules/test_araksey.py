"""Araksey rules: set-up, every action, every power, every ending, 3 and 4 players.

Positions are drawn as diagrams, rank 7 (or 5) on top like the board image:
``A``/``a`` are seat 0's araksey/sources, ``B``/``b`` seat 1's, ``C``/``c`` seat 2's,
``D``/``d`` seat 3's, ``.`` an empty square.
"""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from rules import GAMES, IllegalMove
from rules.araksey import (
    AFTER_ACTION,
    CELL_CHARS,
    EMPTY,
    ArakseyState,
    Effect,
    Move,
    board_to_text,
    move_menu,
    resolve_elements,
    turn_order,
)
from rules.base import Square

GAME = GAMES["araksey"]


def position(
    diagram: str,
    *,
    to_move: int = 0,
    players: int | None = None,
    elements: list[str] | None = None,
    dragon: tuple[int, ...] = (),
    effects: tuple[Effect, ...] = (),
    passes_left: list[int] | None = None,
) -> ArakseyState:
    """A play-phase position from a diagram (each seat must have 1 araksey and 4 sources)."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    size = len(rows)
    players = players or (2 if size == 5 else 4)
    board = [EMPTY] * (size * size)
    for row_number, row in enumerate(rows):
        assert len(row) == size, f"row {row_number} has {len(row)} squares"
        for file, char in enumerate(row):
            if char != ".":
                board[(size - 1 - row_number) * size + file] = CELL_CHARS.index(char)
    for seat in range(players):
        assert board.count(seat * 2) == 1 and board.count(seat * 2 + 1) == 4, f"seat {seat} pieces"
    elements = elements or resolve_elements(players, None)
    return ArakseyState(
        players=players,
        elements=elements,
        phase="play",
        board=board,
        turn_index=turn_order(players, elements).index(to_move),
        dragon=[seat in dragon for seat in range(players)],
        passes_left=passes_left,
        effects=list(effects),
        seen={f"{board_to_text(board)}{to_move}": 1},
    )


def at(state: ArakseyState, square: str) -> str:
    """The diagram letter on ``square``."""
    code = state.board[state.geo.index(state.parse_move(f"@{square}").target)]  # type: ignore[arg-type]
    return "." if code == EMPTY else CELL_CHARS[code]


def legal(state: ArakseyState) -> set[str]:
    return {str(m) for m in state.legal_moves(state.actors[0])}


def refused(state: ArakseyState, move: str, message: str) -> None:
    """``move`` is refused with ``message`` and the state is left unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalMove, match=message):
        state.play(state.actors[0], move)
    assert state.to_json() == before


# A source in zone (c3, touching A on b2) with every kind of neighbour.
BUSY = """
. . . . B
. . . b b
. b a . .
. A a . b
a . . . a
"""


# ---------------------------------------------------------------------------
# Options, seats and turn order


def test_default_elements_and_boards() -> None:
    two, three, four = (GAME.new(n, 1) for n in (2, 3, 4))
    assert (two.elements, two.size) == (["earth", "water"], 5)
    assert (three.elements, three.size) == (["earth", "water", "water"], 7)
    assert (four.elements, four.size) == (["earth", "water", "earth", "water"], 7)


def test_elements_option_is_checked() -> None:
    assert GAME.new(2, 1, {"elements": "Fog / Mud"}).elements == ["fog", "mud"]
    with pytest.raises(ValueError, match="opponents"):
        GAME.new(2, 1, {"elements": ["fire", "fire"]})
    with pytest.raises(ValueError, match="team mates"):
        GAME.new(3, 1, {"elements": ["fire", "mud", "fog"]})
    with pytest.raises(ValueError, match="not an element"):
        GAME.new(2, 1, {"elements": ["fire", "steam"]})
    with pytest.raises(ValueError, match="one element per seat"):
        GAME.new(4, 1, {"elements": ["fire", "mud"]})


def test_earlier_element_starts() -> None:
    assert GAME.new(2, 1).actors == (0,)
    assert GAME.new(2, 1, {"elements": ["fog", "earth"]}).actors == (1,)


def test_three_player_turn_order_p1_p2_p1_p3() -> None:
    """« Le joueur seul commence toujours en premier » and « Les tours se jouent ainsi :
    Joueur 1 – Joueur 2 – Joueur1 – Joueur 3... »: the element order plays no part."""
    assert turn_order(3, ["earth", "water", "water"]) == (0, 1, 0, 2)
    assert turn_order(3, ["fog", "air", "air"]) == (0, 1, 0, 2)


def test_three_players_the_lone_player_starts_set_up_and_play() -> None:
    """« Le joueur seul commence toujours en premier », even when the team holds the earlier element."""
    state = GAME.new(3, 1, {"elements": ["fog", "air", "air"]})
    seats = []
    while state.phase != "play":
        seat = state.actors[0]
        seats.append(seat)
        state = state.play(seat, state.legal_moves(seat)[-1])
    assert seats[:4] == [0, 1, 0, 2]
    assert state.actors == (0,) and state.view(None)["turn_order"] == [0, 1, 0, 2]


def test_four_player_turn_order_alternates_teams() -> None:
    assert turn_order(4, ["earth", "water", "earth", "water"]) == (0, 1, 2, 3)
    assert turn_order(4, ["fog", "air", "fog", "air"]) == (1, 0, 3, 2)


def test_three_player_play_follows_the_cycle() -> None:
    state = position(SEVEN_SPREAD, players=3, to_move=0)
    seats = []
    for move in ("b2-b1", "b5-c5", "b1-b2", "f5-e5", "c2-c1", "c5-c4"):
        seats.append(state.actors[0])
        state = state.play(state.actors[0], move)
    assert seats == [0, 1, 0, 2, 0, 1] and state.actors == (0,)


# ---------------------------------------------------------------------------
# Set-up


def test_setup_sources_go_on_the_start_squares() -> None:
    state = GAME.new(2, 1)
    assert legal(state) == {"@b2", "@c2", "@d2", "@b3", "@d3", "@b4", "@c4", "@d4"}
    refused(state, "@c3", "tinted start squares: b2 c2 d2 b3 d3 b4 c4 d4")
    refused(state, "b2-c3", "still being set up")
    refused(state, "pass", "still being set up")


def test_seven_by_seven_start_squares_are_the_distance_two_ring() -> None:
    state = GAME.new(4, 1)
    assert len(state.legal_moves(0)) == 16
    assert "@d4" not in legal(state) and "@b2" in legal(state) and "@f4" in legal(state)


def test_setup_alternates_then_places_arakseys_on_any_free_square() -> None:
    state = GAME.new(2, 1)
    for square in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"):
        assert state.phase == "setup_sources"
        state = state.play(state.actors[0], f"@{square}")
    assert state.phase == "setup_arakseys" and state.actors == (0,)
    assert len(state.legal_moves(0)) == 17
    refused(state, "@b2", "already taken")
    state = state.play(0, "@a1").play(1, "@e5")
    assert state.phase == "play" and state.actors == (0,)
    assert [at(state, s) for s in ("b2", "c2", "a1", "e5")] == ["a", "b", "A", "B"]


def test_three_player_setup_order_skips_whoever_is_done() -> None:
    state = GAME.new(3, 1)
    seats = []
    while state.phase != "play":
        seat = state.actors[0]
        seats.append(seat)
        state = state.play(seat, state.legal_moves(seat)[-1])
    assert seats == [0, 1, 0, 2, 0, 1, 0, 2, 1, 2, 1, 2, 0, 1, 2]


def test_setup_suicide_is_judged_after_the_last_placement() -> None:
    state = GAME.new(2, 1)
    for square in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"):
        state = state.play(state.actors[0], f"@{square}")
    state = state.play(0, "@c3")  # in the middle of all eight sources
    assert state.outcome is None and state.dragon == [True, False]
    state = state.play(1, "@a5")
    assert state.outcome is not None and state.outcome.winners == (1,)


# ---------------------------------------------------------------------------
# Actions


def test_araksey_steps_to_an_empty_neighbour_only() -> None:
    state = position(BUSY)
    assert {"b2-b1", "b2-c1", "b2-a2", "b2-a3"} <= legal(state)
    refused(state, "b2-a1", "a1 is not empty")
    refused(state, "b2>c3", "An araksey only steps")
    refused(state, "b2-b4", "b4 is not next to b2")


def test_source_out_of_zone_only_steps() -> None:
    state = position(BUSY)
    assert state.play(0, "e1-d1").view(None)["last_move"] == ["e1-d1"]
    refused(state, "e1<>e2", "out of zone")
    refused(state, "e1>e2", "out of zone")


def test_source_in_zone_steps() -> None:
    assert at(position(BUSY).play(0, "c3-d3"), "d3") == "a"


def test_source_in_zone_exchanges_with_its_own_araksey() -> None:
    after = position(BUSY).play(0, "c3<>b2")
    assert (at(after, "c3"), at(after, "b2")) == ("A", "a")


def test_source_in_zone_exchanges_with_an_opposing_source() -> None:
    after = position(BUSY).play(0, "c3<>b3")
    assert (at(after, "c3"), at(after, "b3")) == ("b", "a")


def test_source_in_zone_pushes_an_opposing_source() -> None:
    after = position(BUSY).play(0, "c3>b3")
    assert (at(after, "c3"), at(after, "b3"), at(after, "a3")) == (".", "a", "b")


def test_source_in_zone_pushes_its_own_source() -> None:
    after = position(BUSY).play(0, "c3>c2")
    assert (at(after, "c3"), at(after, "c2"), at(after, "c1")) == (".", "a", "a")


def test_source_in_zone_pushes_its_own_araksey() -> None:
    after = position(BUSY).play(0, "c2>b2")
    assert (at(after, "c2"), at(after, "b2"), at(after, "a2")) == (".", "a", "A")


def test_pushes_never_chain_nor_leave_the_board() -> None:
    state = position(BUSY)
    refused(state, "c3>d4", "e5 behind it is taken")
    refused(state, "c3>b2", "a1 behind it is taken")


def test_push_off_the_board_is_refused() -> None:
    state = position(
        """
        . . . . .
        . . . . .
        . . a a .
        . . a A a
        b b b b B
        """
    )
    refused(state, "e2>e1", "cannot be pushed off the board")


def test_a_source_cannot_exchange_with_its_own_source() -> None:
    refused(position(BUSY), "c3<>c2", "own araksey or with an opposing piece")


def test_moving_pieces_that_are_not_yours_is_refused() -> None:
    state = position(BUSY)
    refused(state, "b3-a4", "not yours")
    refused(state, "a4-a5", "no piece on a4")


ARAKSEYS_TOUCHING = """
. . . . a
. . . . .
. a B . b
. A . b b
a a . . b
"""


def test_source_in_zone_pushes_the_opposing_araksey() -> None:
    after = position(ARAKSEYS_TOUCHING).play(0, "b3>c3")
    assert (at(after, "b3"), at(after, "c3"), at(after, "d3")) == (".", "a", "B")


def test_source_in_zone_exchanges_with_the_opposing_araksey() -> None:
    after = position(ARAKSEYS_TOUCHING).play(0, "b3<>c3")
    assert (at(after, "b3"), at(after, "c3")) == ("B", "a")


def test_hiding_in_the_corner_is_not_a_blocking_position() -> None:
    # Rulebook: an araksey in a corner can be forced out by exchanging it with a source.
    state = position(
        """
        . . . a a
        . . . . a
        . . A . .
        b a . . .
        B b . b b
        """
    )
    after = state.play(0, "b2<>a1")
    assert (at(after, "a1"), at(after, "b2")) == ("a", "B")


def test_pass_is_always_offered() -> None:
    assert "pass" in legal(position(BUSY))


def test_string_notation_is_tolerant_and_round_trips() -> None:
    state = position(BUSY)
    assert str(state.parse_move("  C3 <> B2 ")) == "c3<>b2"
    assert str(state.parse_move("PASS")) == "pass"
    for move in state.legal_moves(0):
        assert state.parse_move(str(move)) == move


def test_bad_notation_is_explained() -> None:
    state = position(BUSY)
    for text, message in (
        ("hello", "not an Araksey move"),
        ("c3-c9", "off the 5×5 board"),
        ("water:c3-d3", "used after an action"),
        ("c3-d3+air", "replaces the action"),
        ("magma:c3-d3", "magma:c3>d4"),
        ("c3-d3+steam", "not an element"),
    ):
        with pytest.raises(IllegalMove, match=message):
            state.parse_move(text)


# ---------------------------------------------------------------------------
# Endings


def test_four_sources_in_the_opposing_zone_win() -> None:
    state = position(
        """
        . . . b b
        . a a . .
        . a B . b
        . . . A .
        a . . . b
        """
    )
    after = state.play(0, "a1-b2")
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert after.actors == () and after.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="game is over"):
        after.play(1, "pass")


def test_suicide_loses() -> None:
    state = position(
        """
        . . a . .
        b b . . .
        b . . . B
        b A . . a
        . . . a a
        """
    )
    after = state.play(0, "b2-b3")
    assert after.outcome is not None and after.outcome.winners == (1,)
    assert "suicide" in after.outcome.reason


def test_double_ko_exchanging_two_sources_is_a_draw() -> None:
    # Rulebook: exchanging two sources can beat the opponent and commit suicide at once.
    state = position(
        """
        . . . . .
        . . b . a
        . a . B a
        b A . . a
        b b . . .
        """
    )
    after = state.play(0, "b3<>c4")
    assert after.outcome is not None and after.outcome.winners == ()
    assert "double KO" in after.outcome.reason


def test_the_trap_is_a_draw() -> None:
    state = position(
        """
        . . . a B
        . . a . a
        . . a . .
        b b . . .
        A b . . b
        """
    )
    after = state.play(0, "c4-d4")
    assert after.outcome is not None and after.outcome.winners == ()
    assert after.outcome.reason.startswith("trap")


def test_the_loop_third_repetition_is_a_draw() -> None:
    state = position(
        """
        . . . . B
        b b . . .
        b b . . .
        . . . a a
        A . . a a
        """
    )
    shuffle = ("a1-b1", "e5-d5", "b1-a1", "d5-e5")
    for move in shuffle:
        state = state.play(state.actors[0], move)
    assert state.outcome is None  # the start position has now been seen twice
    for move in shuffle:
        state = state.play(state.actors[0], move)
    assert state.outcome is not None and state.outcome.winners == ()
    assert state.outcome.reason.startswith("loop")


def test_one_pass_is_free_the_second_loses() -> None:
    state = position(BUSY).play(0, "pass")
    assert state.outcome is None and state.passes_left == [0, 1] and state.actors == (1,)
    state = state.play(1, "e4-e3").play(0, "pass")
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert "second pass" in state.outcome.reason


def test_a_blocked_player_can_only_pass() -> None:
    frozen = (Effect("water", 1, 0), Effect("mud", 1, 0))
    assert legal(position(BUSY, effects=frozen)) == {"pass"}


def test_the_opponents_last_action_cannot_be_undone() -> None:
    state = position(
        """
        b b . a a
        b . . . a
        . . b . .
        . a B . .
        A . . . .
        """
    )
    state = state.play(0, "b2<>c3")
    refused(state, "b2<>c3", "counter-play is forbidden")
    # Later, once other moves have been played, the same exchange is allowed again.
    state = state.play(1, "b5-c5").play(0, "d5-c4")
    assert "b2<>c3" in legal(state)


# ---------------------------------------------------------------------------
# Dragon state and powers

GATHERING = """
. . . . B
. . . b b
a . . . b
a A . . b
a . . a .
"""


def test_gathering_all_four_sources_awakens_the_dragon() -> None:
    state = position(GATHERING)
    assert not any(m.power for m in state.legal_moves(0))
    after = state.play(0, "d1-c1")
    assert after.dragon == [True, False]


def test_an_opponent_can_awaken_your_dragon() -> None:
    # Rulebook: placing the sources in favour of the opponent awakens their dragon at once.
    state = position(
        """
        . . . . b
        . . . . b
        a . . . b
        a A . a .
        a . . B b
        """,
        to_move=1,
    )
    after = state.play(1, "e1>d2")
    assert at(after, "c3") == "a" and after.dragon == [True, False]
    assert "a1-b1+earth" in legal(after)


def test_the_dragon_only_awakens_when_the_sources_gather_anew() -> None:
    gathered = position(GATHERING).play(0, "d1-c1").play(1, "d4-c4")
    assert gathered.dragon[0]
    asleep = ArakseyState.from_json({**gathered.to_json(), "dragon": [False, False]})
    still_gathered = asleep.play(0, "a3-b3")
    assert still_gathered.gathered(0) and still_gathered.dragon == [False, False]


def test_powers_need_the_dragon_and_your_own_element() -> None:
    state = position(BUSY)
    refused(state, "c3-d3+earth", "not in the dragon state")
    refused(position(BUSY, dragon=(0,)), "c3-d3+water", "Your element is earth")


def test_earth_protects_your_pieces_for_one_opposing_turn() -> None:
    diagram = """
    b b . a a
    b . . . a
    . . b . .
    . a B . .
    A . . . .
    """
    assert "c3<>b2" in legal(position(diagram, to_move=1))
    state = position(diagram, dragon=(0,)).play(0, "e4-d4+earth")
    assert state.dragon == [False, False]
    assert "c3<>b2" not in legal(state) and "c3-c4" in legal(state)
    refused(state, "c3<>b2", "Earth: the pieces of seat 0 cannot be moved")
    effect = state.view(None)["effects"][0]
    assert effect["text"] == "Earth: seat 1 cannot move seat 0's pieces on their next turn"
    state = state.play(1, "b5-c5")
    assert state.effects == []
    assert "c3<>b2" in legal(state.play(0, "d4-e4"))


def test_water_freezes_the_opposing_araksey_for_its_next_turn() -> None:
    state = position(BUSY, to_move=1, dragon=(1,)).play(1, "e4-e3+water")
    assert state.dragon == [False, False]
    assert not any(m.startswith("b2-") for m in legal(state))
    refused(state, "b2-b1", "Water: your araksey cannot move")
    refused(state, "c3<>b2", "Water")
    refused(state, "c2>b2", "Water")
    state = state.play(0, "e1-d1").play(1, "e3-e4")
    assert "b2-b1" in legal(state)


def test_mud_freezes_the_opposing_sources_for_their_next_turn() -> None:
    state = position(BUSY, elements=["mud", "fog"], dragon=(0,)).play(0, "e1-d1+mud")
    assert all(m.startswith("e5-") or m == "pass" for m in legal(state))
    refused(state, "e4-e3", "Mud: your sources cannot move")
    state = state.play(1, "e5-d5").play(0, "d1-e1")
    assert "e4-e3" in legal(state)


def test_fog_puts_the_opposing_dragon_to_sleep() -> None:
    elements = ["mud", "fog"]
    assert not any("+fog" in m for m in legal(position(BUSY, to_move=1, elements=elements, dragon=(1,))))
    state = position(BUSY, to_move=1, elements=elements, dragon=(0, 1))
    after = state.play(1, "e4-e3+fog")
    assert after.dragon == [False, False] and after.effects == []


def test_fog_may_put_to_sleep_the_dragon_its_own_action_just_woke() -> None:
    """« si un joueur positionne les SOURCES en faveur de son adversaire, l'état DRAGON est
    immédiatement activé »: the dragon is awake from the moment of the action, so fog,
    played after that action in the same turn, may target it."""
    state = GAME.new(2, 1, {"elements": ["earth", "fog"]})
    for move in ["@c4", "@b3", "@b4", "@b2", "@d4", "@c2", "@d2", "@d3", "@a4", "@c1", "a4-b5", "c2<>c1", "c4<>b5"]:
        state = state.play(state.actors[0], move)
    assert state.actors == (1,) and state.dragon == [False, True]
    assert state.play(1, "d3<>d2").dragon == [True, True], "the exchange wakes the opponent's dragon"
    assert "d3<>d2+fog" in legal(state)
    after = state.play(1, "d3<>d2+fog")
    assert after.dragon == [False, False]
    refused(state, "e1-e2+fog", "not in the dragon state, even after this action")


def test_air_moves_an_opposing_source_judged_against_your_araksey() -> None:
    state = position(
        """
        b . . . B
        . . . b .
        . . A . b
        . . . . b
        a a a a .
        """,
        elements=["air", "fire"],
        dragon=(0,),
    )
    assert {"air:d4-d5", "air:d4<>c3", "air:a5-a4", "air:a5-b5"} <= legal(state)
    refused(state, "air:a5>b5", "out of zone")
    refused(state, "air:a1-b2", "Air moves an opposing source")
    after = state.play(0, "air:d4<>c3")
    assert (at(after, "d4"), at(after, "c3"), after.dragon[0]) == ("A", "b", False)


def test_magma_lets_the_araksey_push() -> None:
    state = position(
        """
        . . . . B
        . . . b b
        . . A b .
        . . a . b
        a a a . .
        """,
        elements=["magma", "lightning"],
        dragon=(0,),
    )
    after = state.play(0, "magma:c3>d3")
    assert (at(after, "c3"), at(after, "d3"), at(after, "e3")) == (".", "A", "b")
    refused(state, "magma:c3>d4", "e5 behind it is taken")
    refused(state, "magma:c3>d2", "no piece on d2")


def test_lightning_moves_two_squares_or_jumps_one_piece() -> None:
    state = position(
        """
        . . . . .
        b . . b B
        . . A b .
        . . . . b
        a a . a a
        """,
        elements=["lightning", "mud"],
        dragon=(0,),
    )
    moves = legal(state)
    assert {"lightning:c3-e3", "lightning:c3-c1", "lightning:c3-e5", "lightning:c3-a5"} <= moves
    refused(state, "lightning:c3-e4", "two squares away")
    refused(state, "lightning:c3-c4", "two squares away")
    refused(state, "lightning:c3-d1", "two squares away")
    assert at(state.play(0, "lightning:c3-e3"), "e3") == "A"


def test_fire_exchanges_the_araksey_with_any_own_source() -> None:
    state = position(
        """
        . . . . B
        . . . b b
        . . A . b
        . . . . b
        a a . a a
        """,
        elements=["fire", "water"],
        dragon=(0,),
    )
    after = state.play(0, "fire:c3<>a1")
    assert (at(after, "a1"), at(after, "c3"), after.dragon[0]) == ("A", "a", False)
    refused(state, "fire:c3<>d4", "holds none")


def test_an_after_power_cannot_follow_the_action_that_awakens_it() -> None:
    refused(position(GATHERING), "d1-c1+earth", "not in the dragon state")


# ---------------------------------------------------------------------------
# Three and four players

SEVEN_SPREAD = """
. . . . . . .
b b . . . c c
b B . . . C c
b . . . . . c
. . . . . . .
. a a A a a .
. . . . . . .
"""


def test_three_players_the_lone_player_wins_by_beating_either_opponent() -> None:
    state = position(
        """
        . . . . . . .
        b b . . . a a
        b B . . . C a
        b . . . . c .
        . . . a . . .
        . . . A . . .
        . . . c c c .
        """,
        players=3,
    )
    after = state.play(0, "d3-e4")
    assert after.outcome is not None and after.outcome.winners == (0,)


def test_three_players_the_team_wins_when_either_member_wins() -> None:
    state = position(
        """
        . . . . . . .
        b b . . . . .
        b B . . . C .
        b . . . . . .
        . . . c c . .
        . . c A . c .
        . a a . a a .
        """,
        players=3,
        to_move=2,
    )
    after = state.play(2, "f2-e2")
    assert after.outcome is not None and after.outcome.winners == (1, 2)


def test_three_players_a_power_names_its_target_and_waits_for_its_turn() -> None:
    state = position(SEVEN_SPREAD, players=3, dragon=(0,))
    refused(state, "b2-b1+earth", "Name the opponent")
    state = state.play(0, "b2-b1+earth@2")
    assert state.effects == [Effect("earth", 0, 2)]
    state = state.play(1, "b5-c5").play(0, "b1-b2")
    assert state.actors == (2,) and state.frozen_codes(2) == {0, 1}
    state = state.play(2, "f5-e5")
    assert state.effects == []


def test_three_players_a_team_member_has_one_target() -> None:
    state = position(SEVEN_SPREAD, players=3, to_move=1, dragon=(1,))
    assert str(state.parse_move("b5-c5+water@0")) == "b5-c5+water"
    assert "b5-c5+water" in legal(state)


def test_four_players_the_first_beaten_araksey_loses_for_its_team() -> None:
    state = position(
        """
        D d d d . . B
        . A . . . . d
        a a . . . . c
        a a . . . . .
        . . . . b . b
        . . . b . C .
        c c c . b . .
        """,
        to_move=1,
    )
    after = state.play(1, "d2-e2")
    assert after.outcome is not None and after.outcome.winners == (1, 3)


def test_four_players_team_mates_push_but_never_exchange() -> None:
    state = position(
        """
        . . . . . . .
        . A c . . . d
        a a C . . . d
        a a c . . D d
        . . . . . . d
        . c c . . . .
        . b b b b . B
        """,
    )
    refused(state, "b5<>c5", "own araksey or with an opposing piece")
    assert at(state.play(0, "b5>c5"), "d5") == "C"


# ---------------------------------------------------------------------------
# View, JSON and interface helpers


VIEW_KEYS = {
    *("game", "players", "actors", "move_number", "last_move", "outcome", "viewer", "size", "elements"),
    *("teams", "pieces", "zones", "in_zone", "dragon", "effects", "passes_left", "phase", "start_squares"),
}


def test_view_shows_zones_dragons_and_effects() -> None:
    state = position(BUSY, to_move=1, dragon=(0, 1)).play(1, "e4-e3+water")
    view = state.view(None)
    json.dumps(view)
    assert set(view) >= VIEW_KEYS
    assert view["teams"] == [[0], [1]] and view["dragon"] == [True, False]
    assert sorted(view["in_zone"][0]) == ["a1", "c2", "c3"]
    assert view["effects"][0]["template"] == "Water: {0}'s araksey cannot move on their next turn"
    assert view["last_action"] == {
        "seat": 1,
        "kind": "step",
        "from": "e4",
        "to": "e3",
        "pushed_to": None,
        "power": "water",
        "victim": None,
    }
    assert {"seat": 0, "kind": "araksey", "square": "b2"} in view["pieces"]


def test_json_round_trip_mid_game() -> None:
    state = position(BUSY, dragon=(0,), effects=(Effect("water", 1, 0),)).play(0, "c3>b3")
    assert GAME.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_move_menu_groups_moves_by_piece() -> None:
    menu = move_menu(position(BUSY, dragon=(0,)), 0)
    source = next(g for g in menu["groups"] if g["square"] == "c3")
    assert str(source["label"]) == "Source c3 (in zone)"
    exchange = next(a for a in source["actions"] if a["move"] == "c3<>b2")
    assert str(exchange["label"]) == "Exchange with b2"
    assert exchange["powered"][0]["move"] == "c3<>b2+earth"
    assert menu["dragon"] is None and menu["pass"]["move"] == "pass"
    air = move_menu(position(BUSY, elements=["air", "fire"], dragon=(0,)), 0)
    assert str(air["dragon"]["groups"][0]["label"]).startswith("{1}'s source")


def test_move_menu_in_setup_groups_squares_by_rank() -> None:
    menu = move_menu(GAME.new(2, 1), 0)
    assert [str(g["label"]) for g in menu["groups"]] == ["Rank 2", "Rank 3", "Rank 4"]


def test_timeout_plays_a_pass() -> None:
    state = GAME.new(2, 1, {"clock": True})
    assert state.view(None)["clock_seconds"] == 15
    while state.phase != "play":
        state = state.play(state.to_move, state.legal_moves(state.to_move)[0])
    assert str(state.default_move(state.actors[0])) == "pass"
    assert GAME.new(2, 1).default_move(0) is None, "without the clock, the server's deadline rule applies"


def test_timeout_in_set_up_places_on_the_first_free_square_allowed() -> None:
    """Set-up has no pass: the late player's source, then araksey, takes the first square it may."""
    state = GAME.new(2, 1, {"clock": True})
    assert str(state.default_move(state.to_move)) == "@b2", "the first tinted start square"
    while state.phase == "setup_sources":
        state = state.play(state.to_move, state.default_move(state.to_move) or "pass")
    assert str(state.default_move(state.to_move)) == "@a1", "an araksey may go on any free square"


def test_resigning_loses_for_the_whole_team() -> None:
    state = GAME.new(4, 1)
    assert state.resignation(0).winners == (1, 3)
    assert state.resignation(3).winners == (0, 2)


def _candidates(state: ArakseyState, seat: int) -> list[Move]:
    """Moves of every shape from every occupied square, legal or not."""
    powers: list[str | None] = [None, state.elements[seat]]
    victims: list[int | None] = [None, *range(state.players)]
    found = []
    for origin in state.geo.squares:
        if state.board[state.geo.index(origin)] == EMPTY:
            continue
        for target in state.geo.squares:
            if origin.distance(target) not in (1, 2):
                continue
            for kind, power in itertools.product(("step", "exchange", "push"), powers):
                aims = victims if power in AFTER_ACTION else [None]
                found += [Move(kind, origin, target, power, victim) for victim in aims]
    return found


@pytest.mark.parametrize(
    "elements", [["earth", "water"], ["air", "fog"], ["magma", "mud"], ["lightning", "fire"]]
)
def test_refusals_agree_with_legal_moves(elements: list[str]) -> None:
    state = GAME.new(2, 1, {"elements": elements})
    chooser = random.Random(7)
    while state.outcome is None and state.move_number < 90:
        seat = state.actors[0]
        moves = state.legal_moves(seat)
        if state.phase == "play" and (state.move_number % 5 == 0 or state.dragon[seat] or state.effects):
            allowed = set(moves)
            for move in _candidates(state, seat):
                assert (state.problem(seat, move) is None) == (move in allowed), str(move)
        playable = [m for m in moves if m.kind != "pass"] or moves
        state = state.play(seat, chooser.choice(playable))


def refused_exactly(state: ArakseyState, move: str, message: str) -> None:
    """``move`` is refused with exactly ``message`` (the explanation a player reads)."""
    refused(state, move, f"^{re.escape(message)}$")


def test_magma_never_pushes_a_piece_off_the_edge_nor_round_the_board() -> None:
    state = position(
        """
        . . . . B
        . . . b b
        . . . b .
        a a . . b
        a A a . .
        """,
        elements=["magma", "lightning"],
        dragon=(0,),
    )
    assert {m for m in legal(state) if m.startswith("magma")} == {"magma:b1>b2", "magma:b1>c1"}
    refused_exactly(state, "magma:b1>a1", "The piece on a1 cannot be pushed off the board.")
    refused_exactly(state, "magma:b1>a2", "The piece on a2 cannot be pushed off the board.")
    refused_exactly(state, "magma:b1>c2", "There is no piece on c2 to push.")
    after = state.play(0, "magma:b1>c1")
    assert (at(after, "b1"), at(after, "c1"), at(after, "d1"), at(after, "a1")) == (".", "A", "a", "a")


def test_magma_at_the_far_edges_pushes_only_inwards() -> None:
    state = position(
        """
        a . . b B
        a . . . b
        . . . . b
        a . . . b
        A a . . .
        """,
        elements=["magma", "lightning"],
        dragon=(0,),
    )
    assert {m for m in legal(state) if m.startswith("magma")} == {"magma:a1>b1", "magma:a1>a2"}
    refused_exactly(state, "magma:a1>b2", "There is no piece on b2 to push.")


def test_lightning_jumps_straight_towards_rank_one_over_a_blocked_row() -> None:
    state = position(
        """
        . . . . B
        . . . b b
        a . A . .
        . a a a b
        . . . . b
        """,
        elements=["lightning", "mud"],
        dragon=(0,),
    )
    moves = {m for m in legal(state) if m.startswith("lightning")}
    assert {"lightning:c3-c1", "lightning:c3-a1"} <= moves
    assert not {"lightning:c3-b1", "lightning:c3-d1", "lightning:c3-e1"} & moves
    refused_exactly(
        state,
        "lightning:c3-b1",
        "Lightning: your araksey lands on an empty square two squares away, stepping through "
        "an empty square or jumping in a straight line over one piece.",
    )
    assert at(state.play(0, "lightning:c3-c1"), "c1") == "A"


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("b2-b4", "b4 is not next to b2: pieces move to one of the 8 squares around."),
        ("b2-c3", "c3 is not empty."),
        ("e1-e2", "e2 is not empty."),
        ("b2<>c2", "An araksey only steps; exchanges and pushes are made by the sources in its zone."),
        ("d3-d2", "There is no piece on d3."),
        ("d4-d3", "The piece on d4 is not yours."),
        ("e1<>e2", "The source on e1 is out of zone (not touching your araksey): it can only step to an empty square."),
        ("c3>d3", "There is no piece on d3 to push."),
        ("c3<>d3", "There is no piece on d3 to exchange with."),
        ("c2<>c3", "A source exchanges only with its own araksey or with an opposing piece."),
        ("b2-b1+water", "Your element is earth: you cannot use the water power."),
        ("b2-b1+earth", "You are not in the dragon state: gather your four sources around your araksey first."),
        ("@c4", "All pieces are already on the board: move one instead, like b2-c3."),
    ],
)
def test_refusals_say_exactly_what_is_wrong(move: str, message: str) -> None:
    refused_exactly(position(BUSY), move, message)


def test_power_and_counter_play_refusals_say_exactly_what_is_wrong() -> None:
    refused_exactly(position(BUSY, dragon=(0,)), "b2-b1+earth@2", "You have one opponent: write +earth with no @.")
    diagram = """
    b b . a a
    b . . . a
    . . b . .
    . a B . .
    A . . . .
    """
    exchanged = position(diagram).play(0, "b2<>c3")
    refused_exactly(
        exchanged, "b2<>c3",
        "That would put every piece back where it stood before the last move: counter-play is forbidden.",
    )  # fmt: skip
    earth = position(diagram, dragon=(0,)).play(0, "e4-d4+earth")
    refused_exactly(earth, "c3<>b2", "Earth: the pieces of seat 0 cannot be moved by you this turn.")


def test_setup_refusals_say_exactly_what_is_wrong() -> None:
    state = GAME.new(2, 1)
    refused_exactly(
        state, "b2-c3", "The game is still being set up: place a source on a free tinted start square, like @b2."
    )
    refused_exactly(state, "@a1", "Sources start on the tinted start squares: b2 c2 d2 b3 d3 b4 c4 d4.")
    refused_exactly(state.play(state.actors[0], "@b2"), "@b2", "b2 is already taken.")


def test_earth_of_the_second_seat_protects_its_own_pieces() -> None:
    state = position(BUSY, to_move=1, elements=["water", "earth"], dragon=(1,))
    assert "c3<>b3" in legal(state.play(1, "e4-e3"))
    state = state.play(1, "e4-e3+earth")
    assert "c3<>b3" not in legal(state) and "c2-d3" in legal(state)
    refused_exactly(state, "c3<>b3", "Earth: the pieces of seat 1 cannot be moved by you this turn.")


def test_water_of_the_first_seat_freezes_the_second_araksey() -> None:
    state = position(BUSY, elements=["water", "earth"], dragon=(0,))
    assert "e5-d5" in legal(state.play(0, "e1-d1"))
    state = state.play(0, "e1-d1+water")
    assert not [m for m in legal(state) if m.startswith("e5")] and "e4-d5" in legal(state)
    refused_exactly(state, "e5-d5", "Water: your araksey cannot move this turn.")


def test_no_source_is_in_zone_before_its_araksey_is_placed() -> None:
    state = GAME.new(2, 1).play(0, "@d4").play(1, "@b2")
    assert state.view(None)["in_zone"] == [[], []] and state.view(None)["zones"] == [[], []]


def test_three_players_an_after_power_names_either_opponent() -> None:
    state = position(SEVEN_SPREAD, players=3, dragon=(0,))
    refused_exactly(state, "b2-b1+earth", "Name the opponent your earth power aims at: +earth@1 or @2.")
    assert state.play(0, "b2-b1+earth@1").effects == [Effect("earth", 0, 1)]
    assert state.play(0, "b2-b1+earth@2").effects == [Effect("earth", 0, 2)]


def test_three_players_an_instead_power_names_no_opponent() -> None:
    state = position(SEVEN_SPREAD, players=3, elements=["lightning", "water", "water"], dragon=(0,))
    lightning = [m for m in state.legal_moves(0) if m.power == "lightning"]
    assert lightning and all(state.problem(0, m) is None for m in lightning)


def test_magma_pushes_towards_the_first_corner_and_never_wraps_round() -> None:
    towards_a1 = position(
        """
        . . . . .
        . . . b b
        . a A . B
        a a . . b
        . . . a b
        """,
        elements=["magma", "lightning"],
        dragon=(0,),
    )
    assert {m for m in legal(towards_a1) if m.startswith("magma")} == {"magma:c3>b2", "magma:c3>b3", "magma:c3>d4"}
    assert at(towards_a1.play(0, "magma:c3>b2"), "a1") == "a"
    edge = position(
        """
        . . . . .
        . . . b b
        . . . b B
        a a . . b
        a A a . .
        """,
        elements=["magma", "lightning"],
        dragon=(0,),
    )
    assert {m for m in legal(edge) if m.startswith("magma")} == {"magma:b1>b2", "magma:b1>c1"}
    refused_exactly(edge, "magma:b1>a1", "The piece on a1 cannot be pushed off the board.")


FOG_TEXT = "even after this action: fog has nothing to put to sleep."
FIRE_TEXT = "Fire: your araksey exchanges with one of your own sources, and"


@pytest.mark.parametrize(
    ("elements", "move", "message"),
    [
        (["fog", "earth"], "b2-b1+fog", f"Seat 1 is not in the dragon state, {FOG_TEXT}"),
        (["magma", "lightning"], "magma:c3>d3", "Magma moves your araksey: start from b2."),
        (["fire", "mud"], "fire:b2<>d3", f"{FIRE_TEXT} d3 holds none."),
        (["fire", "mud"], "fire:b2<>b3", f"{FIRE_TEXT} b3 holds none."),
    ],
)
def test_power_refusals_say_exactly_what_is_wrong(elements: list[str], move: str, message: str) -> None:
    state = position(BUSY, elements=elements, dragon=(0,))
    refused_exactly(state, move, message)
    assert str(state.problem(0, state.parse_move(move))) == message


def test_a_setup_ending_is_told_from_the_last_placer() -> None:
    state = GAME.new(2, 1)
    for square in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4", "c3", "a5"):
        state = state.play(state.actors[0], f"@{square}")
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert state.outcome.reason == "four sources in an opposing araksey's zone"


def test_last_action_view_tells_where_a_push_sent_the_piece() -> None:
    view = position(BUSY).play(0, "c2>b2").view(None)
    assert view["last_action"] == {
        "seat": 0, "kind": "push", "from": "c2", "to": "b2", "pushed_to": "a2", "power": None, "victim": None,
    }  # fmt: skip
    assert position(BUSY).play(0, "c2-d3").view(None)["last_action"]["pushed_to"] is None


def test_lightning_jumps_straight_along_a_rank_over_a_blocked_file() -> None:
    state = position(
        """
        . . . . B
        a b . b b
        . a A . .
        . a . . b
        a . . . .
        """,
        elements=["lightning", "mud"],
        dragon=(0,),
    )
    assert "lightning:c3-a3" in legal(state)
    assert at(state.play(0, "lightning:c3-a3"), "a3") == "A"


def test_the_second_seat_awakens_its_dragon_by_gathering() -> None:
    state = position(
        """
        . . b b b
        . . . B .
        . . . . .
        a A a . b
        a a . . .
        """,
        to_move=1,
    )
    assert state.dragon == [False, False]
    assert state.play(1, "e2-d3").dragon == [False, True]


def test_counter_play_is_still_refused_after_the_game_is_stored_and_loaded() -> None:
    diagram = """
    b b . a a
    b . . . a
    . . b . .
    . a B . .
    A . . . .
    """
    exchanged = position(diagram).play(0, "b2<>c3")
    reloaded = GAME.from_json(json.loads(json.dumps(exchanged.to_json())))
    assert "b2<>c3" not in legal(reloaded)
    refused_exactly(
        reloaded, "b2<>c3",
        "That would put every piece back where it stood before the last move: counter-play is forbidden.",
    )  # fmt: skip


def test_a_move_object_off_the_board_is_explained() -> None:
    state = position(BUSY)
    off = Move("step", Square(4, 0), Square(5, 0))
    assert str(state.problem(0, off)) == "e1-f1 leaves the 5×5 board."


def test_fire_of_the_second_seat_exchanges_with_its_own_sources() -> None:
    state = position(BUSY, to_move=1, elements=["mud", "fire"], dragon=(1,))
    fire = [m for m in state.legal_moves(1) if m.power == "fire"]
    assert {str(m) for m in fire} == {"fire:e5<>d4", "fire:e5<>e4", "fire:e5<>b3", "fire:e5<>e2"}
    assert all(state.problem(1, m) is None for m in fire)
    refused_exactly(state, "fire:e5<>c3", f"{FIRE_TEXT} c3 holds none.")


def test_the_loop_counts_a_position_reached_during_play_from_its_first_time() -> None:
    state = position(
        """
        . . . . B
        b b . . .
        b b . . .
        . . . a a
        A . . a a
        """
    ).play(0, "d2-c3")
    cycle = ("e5-d5", "a1-b1", "d5-e5", "b1-a1")
    for move in (*cycle, *cycle[:3]):
        state = state.play(state.actors[0], move)
        assert state.outcome is None
    state = state.play(0, cycle[3])  # the position after d2-c3, a third time
    assert state.outcome is not None and state.outcome.reason.startswith("loop")


def test_fog_puts_to_sleep_a_dragon_the_same_push_just_woke() -> None:
    state = position(
        """
        . . b b b
        . . . B .
        . . . . .
        . . . . b
        a a a A a
        """,
        elements=["fog", "earth"],
        dragon=(0,),
    )
    assert state.play(0, "e1>e2").dragon == [True, True]  # the push gathers @1's sources round its araksey
    assert "e1>e2+fog" in legal(state)
    assert state.play(0, "e1>e2+fog").dragon == [False, False]


def test_a_piece_the_last_action_moved_may_move_on_if_it_does_not_undo_it() -> None:
    # Only putting the board back is forbidden: Bob's source, exchanged onto b2, may step on.
    state = position(
        """
        b b . a a
        b . . . a
        . . b . .
        . a B . .
        A . . . .
        """
    ).play(0, "b2<>c3")
    assert at(state, "b2") == "b"
    assert "b2-b3" in legal(state)
    assert state.play(1, "b2-b3").board != state.board


def test_the_losing_second_pass_leaves_no_pass_below_zero() -> None:
    state = position(BUSY).play(0, "pass").play(1, "e4-e3").play(0, "pass")
    assert state.outcome is not None and state.passes_left == [0, 1]


def test_a_powered_move_of_the_wrong_shape_is_refused_for_its_shape() -> None:
    # The power's own checks (fog's sleeping target) do not speak for another element's move.
    state = position(BUSY, dragon=(0,))
    refused_exactly(state, "a1-c3+earth", "c3 is not next to a1: pieces move to one of the 8 squares around.")
