"""Dragons Arena engine: one test per rule, the rulebook examples, every end, refusals, hidden sets."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rules import GAMES, IllegalMove
from rules.base import Rng, Square
from rules.dragons_arena import (
    FIRE,
    ICE,
    Blizzard,
    ChangePower,
    Combustion,
    DragonsArenaState,
    Eliminate,
    Place,
    SetPowers,
    Split,
    beats,
    moves_by_square,
    moves_from,
    opening_side,
    power_sets,
    second_square,
)

GAME = GAMES["dragons_arena"]


def arena(
    board: dict[str, str], to_play: str = "fire", players: int = 2, **options: Any
) -> DragonsArenaState:
    """A duel in progress from a readable board: ``{"b2": "F5", "c3": "I3*"}``.

    F is FIRE, I is ICE, the digit the power, ``*`` a force field.
    """
    settings = {
        "level": "baby",
        "dragon_master": False,
        "solo": "off" if players == 2 else "normal",
        "solo_species": "fire",
        "nuggets": 1,
    }
    settings.update(options)
    data = {"players": players, "options": settings, "rng": 99, "phase": "play", "board": board}
    state: DragonsArenaState = GAME.from_json({**data, "to_play": to_play, "starter": to_play})
    return state


def at(state: DragonsArenaState, square: str) -> str:
    """What stands on a square, in the same readable form ('' when empty)."""
    cell = state.view(None)["board"][int(square[1]) - 1]["abcd".index(square[0])]
    if cell is None:
        return ""
    return f"{cell['side'][0].upper()}{cell['power']}{'*' if cell['field'] else ''}"


def moves(state: DragonsArenaState, seat: int | None = None) -> set[str]:
    return {str(m) for m in state.legal_moves(state.actors[0] if seat is None else seat)}


def refused(state: DragonsArenaState, seat: int, move: str, match: str) -> None:
    """The move is refused with a message matching ``match`` and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalMove, match=match):
        state.play(seat, move)
    assert state.to_json() == before


# A checkerboard of power-1 dragons: nobody can eliminate anybody.
ALL_ONES = {f"{f}{r}": ("F1" if ("abcd".index(f) + r) % 2 else "I1") for f in "abcd" for r in range(1, 5)}


# ---------------------------------------------------------------------------
# Capture rule and adjacency


def test_capture_rule_lower_power_except_six_and_one() -> None:
    table = {a: {d for d in range(1, 7) if beats(a, d)} for a in range(1, 7)}
    assert table == {1: {6}, 2: {1}, 3: {1, 2}, 4: {1, 2, 3}, 5: {1, 2, 3, 4}, 6: {2, 3, 4, 5}}


def test_adjacency_counts_diagonals_but_not_distance_two() -> None:
    state = arena({"b2": "F5", "c3": "I3", "d4": "I2", "a4": "I1"})
    assert moves(state) == {"b2xc3"}


def test_attacker_moves_onto_target_and_takes_its_power() -> None:
    state = arena({"b2": "F5", "c2": "I3", "a4": "I6", "a3": "F2"}).play(0, "b2xc2")
    assert (at(state, "b2"), at(state, "c2")) == ("", "F3")
    assert state.view(None)["to_play"] == "ice"


# ---------------------------------------------------------------------------
# Rulebook examples (figures lost; positions rebuilt from the text)


def test_rulebook_example_fire_eliminates_and_takes_place_and_power() -> None:
    # FIRE to attack; the player chooses to eliminate the ICE 3 on c3 with the adjacent FIRE 5.
    state = arena({"b2": "F5", "c3": "I3", "c2": "I4", "a1": "F1", "d4": "I6", "d3": "F4"})
    assert state.view(None)["must"] == "eliminate"
    assert {"b2xc3", "b2xc2", "d3xc3"} <= moves(state)
    after = state.play(0, "b2xc3")
    assert (at(after, "b2"), at(after, "c3")) == ("", "F3")
    assert after.view(None)["last_move"] == ["b2xc3"]


def test_rulebook_example_ice_cannot_eliminate_and_changes_a_fire_power() -> None:
    # ICE to attack, nothing to eliminate: it turns a FIRE 4 into a 1 and a force field goes on it.
    state = arena({"a1": "I2", "b2": "F4", "c3": "I4", "d4": "F5", "a3": "I3", "b3": "F5"}, to_play="ice")
    view = state.view(None)
    assert view["must"] == "change" and view["prompt"] == "ICE cannot eliminate: change a power"
    after = state.play(1, "b2=1")
    assert at(after, "b2") == "F1*"
    assert after.view(None)["board"][1][1] == {"side": "fire", "power": 1, "field": True}
    assert after.view(None)["to_play"] == "fire"


def test_rulebook_example_end_ice_wins_six_to_three() -> None:
    # FIRE's only action: its 4 takes the ICE 3; then no dragon touches an enemy and ICE wins 6-3.
    state = arena({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"})
    assert moves(state) == {"a1xb2"}
    after = state.play(0, "a1xb2")
    assert after.outcome is not None
    assert after.outcome.winners == (ICE,)
    assert after.view(None)["totals"] == {"fire": 3, "ice": 6}
    assert after.outcome.reason == "ICE won the duel"
    assert after.view(None)["last_duel"]["reason"] == "no dragon is next to an enemy"
    assert after.outcome.scores == (0.0, 1.0)


def test_rulebook_example_little_placement_ice_with_two_ones_starts() -> None:
    fire = [1, 2, 3, 3, 4, 5, 6, 6]
    ice = [1, 1, 2, 4, 4, 5, 5, 6]
    assert opening_side(fire, ice, Rng.seeded(0)) == ICE
    # The same through a real LITTLE start: find a seed whose rolls give ICE more 1s.
    for seed in range(200):
        state = GAME.new(2, seed, {"level": "little"})
        dice = state.view(None)["dice"]
        if dice["ice"].count(1) == 2 and dice["fire"].count(1) == 1:
            assert state.actors == (ICE,)
            assert state.view(None)["must"] == "place"
            return
    pytest.fail("no seed rolled the rulebook's dice counts")


SOLO_END = {
    "a4": "I6", "b4": "I5", "c4": "F3", "d4": "F2",
    "a3": "I3", "b3": "I4", "d3": "F4",
    "a2": "I2", "b2": "F1", "c2": "F1",
}  # fmt: skip


def test_rulebook_example_solo_opponent_cannot_eliminate_ends_the_duel() -> None:
    # You are ICE; your 2 takes a FIRE 1; then no FIRE dragon can eliminate an ICE one: over.
    state = arena(SOLO_END, to_play="ice", players=1, solo="normal", solo_species="ice")
    after = state.play(0, "a2xb2")
    assert after.outcome is not None
    assert after.view(0)["last_duel"]["reason"] == "the opponent's FIRE dragons cannot eliminate"
    assert after.actors == ()


@pytest.mark.parametrize(("difficulty", "opponent", "result"), [("normal", 14, "win"), ("high", 20, "loss")])
def test_rulebook_example_solo_score_19_vs_10_plus_bonus(difficulty: str, opponent: int, result: str) -> None:
    state = arena(SOLO_END, to_play="ice", players=1, solo=difficulty, solo_species="ice")
    after = state.play(0, "a2xb2")
    score = after.view(0)["solo"]["score"]
    assert (score["you"], score["opponent_power"], score["opponent_dragons"]) == (19, 10, 4)
    assert (score["opponent"], score["result"]) == (opponent, result)
    assert after.outcome is not None
    assert after.outcome.winners == ((0,) if result == "win" else ())
    assert after.outcome.scores == (19.0,)


# ---------------------------------------------------------------------------
# A turn: compulsory elimination, power change, force fields


def test_elimination_is_compulsory() -> None:
    state = arena({"b2": "F5", "c2": "I3", "a4": "I6", "a3": "F2"})
    assert all(isinstance(m, Eliminate) for m in state.legal_moves(0))
    refused(state, 0, "a4=2", r"Eliminating is compulsory when you can: for example b2xc2")


def test_change_any_dragon_own_or_enemy_to_a_different_power() -> None:
    state = arena({"a1": "F2", "b2": "I2", "d4": "F3*"})
    assert moves(state) == {f"{sq}={p}" for sq in ("a1", "b2") for p in (1, 3, 4, 5, 6)}
    assert at(state.play(0, "a1=6"), "a1") == "F6*"


def test_change_refused_on_force_field_same_power_or_empty_square() -> None:
    state = arena({"a1": "F2", "b2": "I2*", "d4": "F3"})
    refused(state, 0, "b2=5", r"has a force field")
    refused(state, 0, "a1=2", r"already shows 2")
    refused(state, 0, "c3=4", r"c3 is empty")
    refused(state, 0, "a1=7", r"A power is 1 to 6")


def test_force_field_vanishes_when_its_dragon_moves_to_eliminate() -> None:
    state = arena({"b2": "F5*", "c2": "I3", "a4": "I6", "a3": "F2"})
    assert at(state.play(0, "b2xc2"), "c2") == "F3"


def test_force_field_vanishes_when_its_dragon_is_eliminated() -> None:
    state = arena({"b2": "F5", "c2": "I3*", "a4": "I6", "a3": "F2"})
    assert at(state.play(0, "b2xc2"), "c2") == "F3"


def test_elimination_refusals_explain_the_rule() -> None:
    state = arena({"b2": "F3", "c2": "I2", "c3": "I5", "a4": "I6", "a3": "F2"})
    refused(state, 0, "b2xc3", r"A 3 cannot eliminate a 5")
    refused(state, 0, "c2xb2", r"c2 does not hold one of your FIRE dragons")
    refused(state, 0, "b2xa3", r"a3 does not hold an enemy dragon")
    refused(state, 0, "a3xc3", r"c3 is not next to a3")
    refused(state, 1, "c2xb2", r"not your turn")


# ---------------------------------------------------------------------------
# End of a duel


def test_end_when_every_dragon_has_a_field_and_the_side_to_play_cannot_eliminate() -> None:
    state = arena({"a1": "F2*", "b2": "I2", "d4": "F3*"}, to_play="ice")
    after = state.play(1, "b2=4")
    assert after.outcome is not None
    assert after.view(None)["last_duel"]["reason"] == "every dragon has a force field and FIRE cannot act"
    assert after.outcome.winners == (FIRE,)  # 2 + 3 against 4


def test_not_over_while_a_field_less_dragon_remains() -> None:
    state = arena({"a1": "F2*", "b2": "I2", "c1": "I3", "d4": "F3*"}, to_play="ice")
    after = state.play(1, "b2=4")
    assert after.outcome is None and after.view(None)["must"] == "change"


def test_equal_totals_draw_gives_no_nugget_and_a_new_duel_starts() -> None:
    state = arena({"a1": "F4", "b2": "I3", "d4": "I1", "d3": "I2"})
    after = state.play(0, "a1xb2")
    view = after.view(None)
    assert after.outcome is None
    assert view["last_duel"]["winner"] is None and view["last_duel"]["totals"] == {"fire": 3, "ice": 3}
    assert view["nuggets"] == {"fire": 0, "ice": 0} and view["duel"] == 2
    assert view["phase"] == "play" and view["last_squares"] == [] and view["last_move"] == ["a1xb2"]
    assert sum(1 for row in view["board"] for cell in row if cell) == 16


def test_match_needs_the_agreed_number_of_nuggets() -> None:
    state = arena({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}, nuggets=2, level="little")
    first = state.play(0, "a1xb2")
    assert first.outcome is None
    assert first.view(None)["nuggets"] == {"fire": 0, "ice": 1}
    assert first.view(None)["phase"] == "placement" and first.view(None)["last_duel"]["winner"] == "ice"
    data = arena({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}, nuggets=2).to_json()
    data["nuggets"] = {"fire": 0, "ice": 1}
    final = GAME.from_json(data).play(0, "a1xb2")
    assert final.outcome is not None and final.outcome.winners == (ICE,)
    assert final.outcome.scores == (0.0, 2.0) and final.outcome.reason == "ICE won the duel and the match"


def test_repeated_position_ends_the_duel_on_the_third_time() -> None:
    # All 1s: no one can eliminate. FIRE turns a1 into a 3; ICE's Blizzard turns it back to 1 (no
    # empty square, so it stays). The cycle would never end without the repetition rule.
    state = arena(ALL_ONES, dragon_master=True)
    for move in ("a1=3", "ice:a1", "a1=3", "ice:a1"):
        state = state.play(state.actors[0], move)
        assert state.outcome is None
    state = state.play(0, "a1=3")
    assert state.outcome is not None and state.outcome.reason == "FIRE won the duel"
    assert state.view(None)["last_duel"]["reason"] == "the same arena came back a third time"
    assert state.outcome.winners == (FIRE,)


# ---------------------------------------------------------------------------
# Who starts, and the placement levels


def test_who_starts_compares_ones_then_twos_then_random() -> None:
    assert opening_side([1, 2, 2], [1, 2, 3], Rng.seeded(1)) == FIRE
    assert opening_side([1, 3, 3], [1, 2, 3], Rng.seeded(1)) == ICE
    same = [1, 2, 3, 4, 5, 6, 6, 6]
    assert {opening_side(same, same, Rng.seeded(s)) for s in range(20)} == {FIRE, ICE}


def test_baby_scatters_all_sixteen_dice_and_the_side_with_more_ones_starts() -> None:
    for seed in range(10):
        state = GAME.new(2, seed, {"level": "baby"})
        view = state.view(None)
        cells = [c for row in view["board"] for c in row]
        assert all(cells) and view["phase"] == "play"
        ones = [sum(1 for c in cells if c["side"] == s and c["power"] == 1) for s in ("fire", "ice")]
        if ones[0] != ones[1]:
            assert view["starter"] == ("fire" if ones[0] > ones[1] else "ice")


def test_little_placement_alternates_and_refuses_taken_squares_and_missing_dice() -> None:
    state = GAME.new(2, 5, {"level": "little"})
    first = state.actors[0]
    own = state.view(None)["dice"][("fire", "ice")[first]]
    missing = next(p for p in range(1, 7) if p not in own)
    refused(state, first, f"{missing}@a1", rf"no die showing {missing}")
    refused(state, first, "a1x b2", r"The duel has not begun: place one of your dice first")
    state = state.play(first, f"{own[0]}@b2")
    assert state.actors == (1 - first,)
    refused(state, 1 - first, f"{state.view(None)['dice'][('fire', 'ice')[1 - first]][0]}@b2", r"b2 is taken")
    while state.view(None)["phase"] == "placement":
        state = state.play(state.actors[0], str(state.legal_moves(state.actors[0])[0]))
    view = state.view(None)
    assert view["phase"] == "play" and view["move_number"] == 16
    assert view["to_play"] == view["starter"] == ("fire", "ice")[first]  # who placed first attacks first
    assert view["dice"] == {"fire": [], "ice": []}


def test_big_sets_are_simultaneous_hidden_and_total_28() -> None:
    state = GAME.new(2, 1, {"level": "big"})
    assert state.actors == (0, 1)
    refused(state, 0, "set:1,2,3", r"exactly 8 powers, one per dragon \(you gave 3\)")
    refused(state, 0, "set:1,2,3,4,5,6,7,0", r"Each power must be 1 to 6")
    refused(state, 0, "set:6,6,6,6,6,6,6,6", r"total exactly 28; yours total 48")
    state = state.play(1, "set:5,5,4,4,4,3,2,1")
    assert state.actors == (0,)
    assert state.view(1)["dice"]["ice"] == [1, 2, 3, 4, 4, 4, 5, 5]
    assert state.view(0)["dice"] == {"fire": None, "ice": None}
    assert state.view(None)["dice"] == {"fire": None, "ice": None}
    assert state.view(0)["last_move"] == ["set:hidden"]
    assert state.view(1)["last_move"] == ["set:1,2,3,4,4,4,5,5"]
    assert "1,2,3,4,4,4" not in json.dumps(state.view(0))
    assert state.view(0)["ready"] == {"fire": False, "ice": True}
    state = state.play(0, " SET: 1, 1, 3, 3, 4, 5, 5, 6 ")
    view = state.view(None)
    assert view["phase"] == "placement" and state.actors == (FIRE,)  # two 1s against one
    assert view["dice"] == {"fire": [1, 1, 3, 3, 4, 5, 5, 6], "ice": [1, 2, 3, 4, 4, 4, 5, 5]}
    assert view["last_move"] == ["set:1,1,3,3,4,5,5,6", "set:1,2,3,4,4,4,5,5"]


def test_free_sets_accept_any_eight_powers() -> None:
    state = GAME.new(2, 1, {"level": "free"})
    assert len(state.legal_moves(0)) == 1287
    state = state.play(0, "set:6,6,6,6,6,6,6,6").play(1, "set:1,1,1,1,1,1,1,1")
    assert state.actors == (ICE,) and state.view(None)["totals"] == {"fire": 0, "ice": 0}
    assert len(power_sets(28)) == 73 and len(state.legal_moves(0)) == 0


def test_equal_power_splits_give_both_sides_the_same_dice() -> None:
    state = GAME.new(2, 4, {"level": "equal"})
    starter = state.actors[0]
    assert state.view(None)["must"] == "split" and moves(state) == {"split:1+6", "split:2+5", "split:3+4"}
    refused(state, starter, "split:2+4", r"7 points")
    seats = []
    for move in ("split:4+3", "split:1+6", "split:2+5", "split:3+4"):
        seats.append(state.actors[0])
        state = state.play(state.actors[0], move)
    assert seats == [starter, 1 - starter, starter, 1 - starter]
    dice = state.view(None)["dice"]
    assert dice["fire"] == dice["ice"] == [1, 2, 3, 3, 4, 4, 5, 6] and sum(dice["fire"]) == 28
    assert state.view(None)["phase"] == "placement" and state.actors == (starter,)


# ---------------------------------------------------------------------------
# DRAGON MASTER


def test_combustion_takes_three_and_removes_the_force_field() -> None:
    state = arena({"b2": "F1", "c3": "I5*", "a4": "I2", "d1": "F3"}, dragon_master=True)
    assert "fire:c3" in moves(state)
    after = state.play(0, "fire:c3")
    assert at(after, "c3") == "I2"


def test_combustion_eliminates_at_zero_or_less() -> None:
    state = arena({"b2": "F1", "c3": "I3", "c2": "I4", "d1": "F3"}, dragon_master=True)
    assert at(state.play(0, "fire:c3"), "c3") == ""


def test_element_is_an_alternative_to_a_compulsory_elimination() -> None:
    state = arena({"b2": "F1", "c3": "I6", "a4": "I2", "d1": "F3"}, dragon_master=True)
    assert moves(state) == {"b2xc3", "fire:c3"}
    view = state.view(None)
    assert view["must"] == "eliminate" and view["element_allowed"]
    assert view["prompt"] == "FIRE must eliminate (or use its element)"


def test_blizzard_takes_two_and_moves_the_dragon_to_an_empty_square() -> None:
    board = {"b2": "I1", "c3": "F5*", "c2": "F3", "a4": "F6", "d1": "I3"}
    state = arena(board, to_play="ice", dragon_master=True)
    after = state.play(1, "ice:c3>a1")
    assert (at(after, "c3"), at(after, "a1")) == ("", "F3")
    assert after.view(None)["last_squares"] == ["c3", "a1"]
    refused(state, 1, "ice:c3", r"Say where the dragon goes")
    refused(state, 1, "ice:c3>c2", r"c2 is not empty")


def test_blizzard_that_eliminates_takes_no_destination() -> None:
    state = arena({"b2": "I1", "c3": "F2", "c2": "F4", "d1": "I3"}, to_play="ice", dragon_master=True)
    refused(state, 1, "ice:c3>a1", r"Write ice:c3 alone")
    assert at(state.play(1, "ice:c3"), "c3") == ""


def test_blizzard_on_a_full_arena_leaves_the_dragon_in_place() -> None:
    state = arena(ALL_ONES | {"b1": "F4"}, to_play="ice", dragon_master=True)
    assert "ice:b1" in moves(state) and not any(m.startswith("ice:b1>") for m in moves(state))
    assert at(state.play(1, "ice:b1"), "b1") == "F2"


def test_element_is_compulsory_when_nothing_else_is_possible() -> None:
    state = arena({"b2": "F1*", "c3": "I5*", "a4": "I2*", "d1": "F3*"}, dragon_master=True)
    assert moves(state) == {"fire:c3"}
    assert state.view(None)["must"] == "element"


def test_without_an_element_the_same_position_ends_the_duel() -> None:
    board = {"b2": "F1*", "c3": "I1", "a4": "I3*", "d1": "F3*"}
    assert arena(board, to_play="ice").play(1, "c3=2").outcome is not None
    after = arena(board, to_play="ice", dragon_master=True).play(1, "c3=2")
    assert after.outcome is None and moves(after) == {"fire:c3"}


def test_element_refusals() -> None:
    plain = arena({"b2": "F1", "c3": "I5", "a4": "I2", "d1": "F3"})
    refused(plain, 0, "fire:c3", r"only played with the DRAGON MASTER option")
    master = arena({"b2": "F1", "c3": "I5", "a4": "I2", "d1": "F3"}, dragon_master=True)
    refused(master, 0, "ice:c3", r"You play FIRE: your element is Combustion")
    refused(master, 0, "fire:a4", r"a4 is not an enemy next to one of your power-1 dragons")


# ---------------------------------------------------------------------------
# SOLO training


def test_solo_one_seat_plays_both_sides() -> None:
    state = GAME.new(1, 3, {"solo": "high", "solo_species": "ice"})
    sides = set()
    while state.outcome is None:
        assert state.actors == (0,)
        sides.add(state.view(0)["solo"]["side_to_play"])
        state = state.play(0, str(state.legal_moves(0)[0]))
    assert state.view(0)["solo"]["bonus_table"] == [0, 1, 3, 6, 10]
    assert state.view(0)["level"] == "baby"
    assert sides == {"fire", "ice"}


def test_solo_opponent_side_cannot_change_a_power() -> None:
    state = arena({"b2": "I5", "c2": "F3", "a4": "F6", "a3": "I2"}, to_play="ice", players=1)
    assert state.view(0)["solo"]["playing_opponent"]
    assert moves(state) == {"b2xc2"}
    refused(state, 0, "a4=1", r"When you play the opponent's side, powers cannot be changed")


def test_solo_you_may_still_change_a_power() -> None:
    state = arena({"a1": "F2", "b2": "I2", "d4": "I3"}, to_play="fire", players=1)
    assert "a1=5" in moves(state)


def test_solo_five_opponent_dragons_left_is_a_loss() -> None:
    # You are FIRE (2 against 2: no elimination), you change a far ICE dragon; ICE cannot
    # eliminate, the duel ends, and ICE still has 5 dragons: a loss whatever the totals.
    board = {"a1": "F6", "b1": "F2", "c1": "I2", "a4": "I1", "b4": "I1", "c4": "I1", "d4": "I1"}
    state = arena(board, to_play="fire", players=1)
    after = state.play(0, "d4=2")
    assert after.outcome is not None and after.outcome.winners == ()
    score = after.view(0)["solo"]["score"]
    assert score["opponent_dragons"] == 5 and score["result"] == "loss"
    assert score["you"] > score["opponent"]
    assert after.outcome.reason == "the opponent kept 5 dragons or more"


def test_solo_opening_passes_to_you_when_the_opponent_cannot_eliminate() -> None:
    # Our ruling. Solo is always BABY; here the last die of a hand-made arena of 1s is put in
    # so that the opponent (ICE), due to open, has nothing to eliminate.
    board = {sq: code for sq, code in ALL_ONES.items() if sq != "a1"}
    data = arena(board, to_play="fire", players=1).to_json()
    data.update(phase="placement", starter="ice", dice={"fire": [1], "ice": []})
    state = GAME.from_json(data).play(0, "1@a1")
    assert state.outcome is None
    assert state.view(0)["phase"] == "play" and state.view(0)["to_play"] == "fire"
    assert state.view(0)["solo"]["playing_opponent"] is False


def test_solo_needs_one_player_and_one_player_means_solo() -> None:
    with pytest.raises(ValueError, match="one player"):
        GAME.new(2, 1, {"solo": "high"})
    assert GAME.new(1, 1, {}).view(0)["solo"]["difficulty"] == "normal"


# ---------------------------------------------------------------------------
# Notation, views and UI helpers


@pytest.mark.parametrize(
    ("text", "move"),
    [
        (" B2X C3 ", Eliminate(Square(1, 1), Square(2, 2))),
        ("c3=5", ChangePower(Square(2, 2), 5)),
        ("FIRE:c3", Combustion(Square(2, 2))),
        ("ice:c3>a1", Blizzard(Square(2, 2), Square(0, 0))),
        ("ice:c3", Blizzard(Square(2, 2))),
        ("4@b2", Place(4, Square(1, 1))),
        ("set:5,5,4,4,4,3,2,1", SetPowers((1, 2, 3, 4, 4, 4, 5, 5))),
        ("split:4+3", Split(3, 4)),
    ],
)
def test_notation_reads_every_move_and_round_trips(text: str, move: object) -> None:
    state = arena({"a1": "F2", "b2": "I2"})
    assert state.parse_move(text) == move
    assert state.parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", r"is not a move. Write b2xc3"),
        ("e5xc3", r"e5 is not in the arena"),
        ("c3=x", r"'x' is not a number"),
        ("split:34", r"two powers joined by \+"),
        ("set:1,a", r"'a' is not a number"),
    ],
)
def test_bad_notation_is_refused_with_help(text: str, message: str) -> None:
    state = arena({"a1": "F2", "b2": "I2"})
    refused(state, 0, text, message)


def test_wrong_phase_moves_are_refused() -> None:
    refused(arena({"a1": "F2", "b2": "I2"}), 0, "4@c3", r"All dice are in the arena")
    refused(GAME.new(2, 1, {"level": "big"}), 0, "a1xb2", r"set your 8 secret powers first")
    state = GAME.new(2, 1, {"level": "equal"})
    refused(state, state.actors[0], "3@a1", r"split 7 points first")


def test_view_has_the_documented_keys() -> None:
    view = arena({"a1": "F2", "b2": "I2"}, dragon_master=True).view(None)
    for key in (
        "game", "players", "actors", "move_number", "last_move", "outcome", "viewer", "board", "totals",
        "nuggets", "nuggets_to_win", "duel", "level", "phase", "dice", "must", "prompt", "solo",
        "dragon_master", "to_play", "last_squares", "last_duel", "element_allowed", "dragons_left",
    ):  # fmt: skip
        assert key in view, key
    assert view["board"][0][0] == {"side": "fire", "power": 2, "field": False}
    assert view["solo"] is None and view["totals"] == {"fire": 2, "ice": 2}


def test_moves_from_groups_moves_by_the_first_square_clicked() -> None:
    state = arena({"b2": "F1", "c3": "I6", "c2": "F5", "a4": "I2", "d1": "F3"}, dragon_master=True)
    groups = moves_by_square(state, 0)
    assert {k: sorted(map(str, v)) for k, v in groups.items()} == {"b2": ["b2xc3"], "c3": ["fire:c3"]}
    assert [second_square(m) for m in moves_from(state, "B2")] == ["c3"]
    assert moves_from(state, "a1") == []


def test_refused_and_legal_moves_leave_the_state_unchanged() -> None:
    state = arena({"b2": "F5", "c2": "I3", "a4": "I6", "a3": "F2"})
    before = state.to_json()
    state.legal_moves(0)
    state.view(0)
    after = state.play(0, "b2xc2")
    assert state.to_json() == before and after.to_json() != before
    assert GAME.from_json(json.loads(json.dumps(after.to_json()))) == after


# ---------------------------------------------------------------------------
# Rules a test must pin down before the engine changes


def refused_exactly(state: DragonsArenaState, seat: int, move: str, message: str) -> None:
    """The move is refused with exactly ``message`` (the explanation a player reads)."""
    refused(state, seat, move, f"^{re.escape(message)}$")


@pytest.mark.parametrize("nuggets", [1, 3, 5])
def test_match_length_is_the_nuggets_option_from_the_first_duel(nuggets: int) -> None:
    state = GAME.new(2, 7, {"level": "baby", "nuggets": nuggets})
    assert state.view(None)["nuggets_to_win"] == nuggets
    assert GAME.from_json(state.to_json()).view(None)["nuggets_to_win"] == nuggets


def test_match_length_defaults_to_one_duel() -> None:
    assert GAME.new(2, 7, {"level": "baby"}).view(None)["nuggets_to_win"] == 1


def test_solo_ignores_the_nuggets_option_one_duel_only() -> None:
    assert GAME.new(1, 7, {"nuggets": 3}).view(0)["nuggets_to_win"] == 1


def solo_end_with(opponent_dragons: int, difficulty: str) -> DragonsArenaState:
    """A solo duel (you are FIRE) ended by your power change: ICE keeps that many 1s, far away."""
    far = ("d1", "d2", "d3", "d4", "c4", "b4")[:opponent_dragons]
    board = {"a1": "F6", "a2": "F5", "b1": "F2", **{sq: "I1" for sq in far}}
    state = arena(board, to_play="fire", players=1, solo=difficulty)
    after = state.play(0, "b1=3")
    assert after.outcome is not None
    return after


@pytest.mark.parametrize(
    ("difficulty", "bonuses"), [("normal", (0, 1, 2, 3, 4)), ("high", (0, 1, 3, 6, 10))]
)
def test_solo_bonus_table_for_each_number_of_opponent_dragons(difficulty: str, bonuses: tuple[int, ...]) -> None:
    for left in range(1, 5):
        score = solo_end_with(left, difficulty).view(0)["solo"]["score"]
        assert (score["opponent_dragons"], score["bonus"]) == (left, bonuses[left])
        assert score["opponent"] == left + bonuses[left]
    last = arena({"a1": "F6", "b1": "I2"}, to_play="fire", players=1, solo=difficulty).play(0, "a1xb1")
    score = last.view(0)["solo"]["score"]
    assert (score["opponent_dragons"], score["bonus"], score["result"]) == (0, bonuses[0], "win")


def test_solo_four_opponent_dragons_left_is_scored_not_lost() -> None:
    after = solo_end_with(4, "high")
    assert after.outcome is not None
    assert after.outcome.winners == ()  # 14 against 4 + 10: a draw
    assert after.outcome.reason == "your power equalled the opponent's power plus its bonus"
    score = after.view(0)["solo"]["score"]
    assert (score["you"], score["opponent"], score["result"]) == (14, 14, "draw")
    won = solo_end_with(4, "normal")
    assert won.outcome is not None and won.outcome.winners == (0,)
    assert won.outcome.reason == "your power beat the opponent's power plus its bonus"


def test_solo_five_opponent_dragons_left_is_lost_with_its_reason() -> None:
    after = solo_end_with(5, "normal")
    assert after.outcome is not None and after.outcome.winners == ()
    assert after.outcome.reason == "the opponent kept 5 dragons or more"
    assert after.view(0)["solo"]["score"]["opponent_dragons"] == 5


@pytest.mark.parametrize("level", ["baby", "little"])
def test_rolled_dice_show_every_power_from_one_to_six_and_nothing_else(level: str) -> None:
    seen: set[int] = set()
    for seed in range(12):
        view = GAME.new(2, seed, {"level": level}).view(None)
        seen |= {c["power"] for row in view["board"] for c in row if c}
        seen |= {p for side in ("fire", "ice") for p in view["dice"][side]}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_baby_gives_each_side_eight_dragons() -> None:
    for seed in range(5):
        view = GAME.new(2, seed, {"level": "baby"}).view(None)
        assert view["dragons_left"] == {"fire": 8, "ice": 8}


def test_refusals_say_exactly_what_is_wrong() -> None:
    state = arena({"b2": "F3", "c2": "I2", "c3": "I5", "a4": "I6", "a3": "F2"})
    refused_exactly(state, 0, "b2xc3", "A 3 cannot eliminate a 5: it needs a lower power, "
                    "except that a 6 never takes a 1 and only a 1 takes a 6.")
    refused_exactly(state, 0, "a3xc3", "c3 is not next to a3: a dragon only eliminates a neighbour.")
    refused_exactly(state, 0, "a4=2", "Eliminating is compulsory when you can: for example b2xc2.")
    refused_exactly(state, 0, "4@d1", "All dice are in the arena: eliminate (b2xc3), change a power (c3=5) "
                    "or use your element.")
    quiet = arena({"a1": "F2", "b2": "I2*", "d4": "F3"})
    refused_exactly(quiet, 0, "b2=5", "The dragon on b2 has a force field: its power cannot change.")
    refused_exactly(quiet, 0, "a1=2", "The dragon on a1 already shows 2: pick a different power.")
    refused_exactly(quiet, 0, "fire:b2", "Element powers are only played with the DRAGON MASTER option.")


def test_a_new_game_is_duel_one_with_no_nuggets() -> None:
    for level in ("baby", "little", "big"):
        view = GAME.new(2, 3, {"level": level, "nuggets": 3}).view(None)
        assert view["duel"] == 1 and view["nuggets"] == {"fire": 0, "ice": 0}


def test_equal_level_counts_the_splits_left() -> None:
    state = GAME.new(2, 4, {"level": "equal"})
    left = []
    for move in ("split:4+3", "split:1+6", "split:2+5", "split:3+4"):
        left.append(state.view(None)["splits_left"])
        state = state.play(state.actors[0], move)
    assert left == [4, 3, 2, 1] and state.view(None)["splits_left"] == 0


def test_secret_set_prompt_names_who_still_sets() -> None:
    state = GAME.new(2, 1, {"level": "big"})
    assert state.view(None)["prompt"] == "Both sides: set 8 secret powers totalling 28"
    state = state.play(1, "set:5,5,4,4,4,3,2,1")
    assert state.view(None)["prompt"] == "FIRE: set 8 secret powers totalling 28"
    free = GAME.new(2, 1, {"level": "free"}).play(0, "set:6,6,6,6,6,6,6,6")
    assert free.view(None)["prompt"] == "ICE: set 8 secret powers"


def test_solo_loss_by_five_dragons_counts_no_bonus() -> None:
    score = solo_end_with(5, "high").view(0)["solo"]["score"]
    assert (score["bonus"], score["opponent"], score["result"]) == (0, 5, "loss")


def test_a_stored_game_without_split_count_starts_its_splits_afresh() -> None:
    data = GAME.new(2, 4, {"level": "equal"}).to_json()
    del data["splits"]
    assert GAME.from_json(data).view(None)["splits_left"] == 4


def test_in_a_duel_the_opening_side_plays_even_when_it_cannot_eliminate() -> None:
    # Passing the opening on is our solo ruling only: in a duel the side due to open plays
    # (here it can only change a power), whoever placed the last die.
    board = {sq: code for sq, code in ALL_ONES.items() if sq != "a1"}
    data = arena(board, to_play="fire").to_json()
    data.update(phase="placement", starter="ice", dice={"fire": [1], "ice": []})
    state = GAME.from_json(data).play(0, "1@a1")
    assert state.outcome is None
    assert state.view(None)["phase"] == "play" and state.view(None)["to_play"] == "ice"


def test_a_one_duel_game_names_no_match_in_its_result() -> None:
    state = arena({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}).play(0, "a1xb2")
    assert state.outcome is not None and state.outcome.winners == (ICE,)
    assert "match" not in state.outcome.reason and "nuggets" not in state.outcome.reason
