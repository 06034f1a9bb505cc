"""Kouba: deck data, exact odds, and every rule of the engine (the package rules/kouba/).

Positions are built with :func:`position` (a hand-written table restored through
``from_json``) and dice are scripted with :class:`ScriptedRng`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from rules import GAMES, IllegalMove
from rules.base import JSON, Rng
from rules.kouba import (
    CAUSE_TEXTS,
    LOG_TEXTS,
    KoubaState,
    _roll_dice,
    _shuffle,
    cause_text,
    log_text,
    move_groups,
    move_label,
    pile_score,
)
from rules.kouba_combos import (
    combo_met,
    describe,
    parse_combo,
    reachable_keeps,
    success_probability,
    victory_points,
)
from rules.kouba_deck import card, deck_for, load_deck

GAME = GAMES["kouba"]

# Face-down filler cards for the piles (their powers never matter face down).
FILLERS = [
    "D13", "D16", "D19", "D20", "D22", "E13", "E16", "E19", "E20", "E22",
    "D14", "D17", "D23", "E14", "E17", "E23", "D05", "E05", "D06", "E06",
    "D08", "E08", "D10", "E10", "D02", "E02", "D03", "E03", "E09", "E11",
]  # fmt: skip
DRAW = ["E12", "E18", "E15", "E07", "E04"]  # bottom ... top


class ScriptedRng(Rng):
    """Dice come from ``script`` first, then from the seeded generator."""

    def __init__(self, script: list[int], state: int = 7) -> None:
        super().__init__(state)
        self.script = list(script)

    def randint(self, low: int, high: int) -> int:
        return self.script.pop(0) if self.script else super().randint(low, high)


def down(*cards: str) -> JSON:
    return {"cards": list(cards), "active": False, "kouba": False}


def up(*cards: str) -> JSON:
    """A pile whose top card (the last) is an active champion."""
    return {"cards": list(cards), "active": True, "kouba": False}


def kouba(*cards: str) -> JSON:
    return {"cards": list(cards), "active": False, "kouba": True}


def position(
    players: int = 2,
    piles: dict[int, list[JSON]] | None = None,
    arena: tuple[str | None, ...] = ("D21", "D07", "D04"),
    draw: list[str] | None = None,
    turn: int = 0,
    dice: list[int] | None = None,
    **fields: Any,
) -> KoubaState:
    """A turn in progress: ``turn`` has not rolled yet; every seat holds 5 face-down fillers
    unless ``piles`` says otherwise; the draw pile's top is its last card."""
    data = GAME.new(players, seed=1).to_json()
    table = [[down(FILLERS[seat * 5 + i]) for i in range(5)] for seat in range(players)]
    for seat, seat_piles in (piles or {}).items():
        table[seat] = seat_piles
    data.update(
        phase="turn", turn=turn, first_player=turn, stage="roll", opening=False, swapped=[True] * players,
        arena=list(arena), draw=list(DRAW if draw is None else draw), discard=[], event_queue=[], log=[],
        last_move=[], piles=table, rollers=[roller(limit=3 if s == turn else 0) for s in range(players)],
    )  # fmt: skip
    data.update(fields)
    state = KoubaState.from_json(data)
    state.rng = ScriptedRng(dice or [])
    return state


def roller(limit: int = 0) -> JSON:
    return {"values": [], "kept": [], "rolls": 0, "limit": limit, "done": False, "target": "", "dice": 6}


def rig(state: KoubaState, *dice: int) -> KoubaState:
    """Script the next dice (in rolling order)."""
    assert isinstance(state.rng, ScriptedRng)
    state.rng.script.extend(dice)
    return state


def play(state: KoubaState, *steps: tuple[int, str]) -> KoubaState:
    for seat, move in steps:
        state = state.play(seat, move)
    return state


def moves(state: KoubaState, seat: int) -> list[str]:
    return [str(m) for m in state.legal_moves(seat)]


def entering(card_id: str, players: int = 2, **kwargs: Any) -> KoubaState:
    """Seat 0 wins the Hammer Duelist (two pairs) in slot 1; seat 1's turn then draws ``card_id``."""
    state = position(players, arena=("D27", "D07", "D04"), draw=[*DRAW, card_id], **kwargs)
    state = play(rig(state, 1, 1, 2, 2, 3, 4), (0, "roll"), (0, "claim:1:pile1"))
    assert state.arena[0] == card_id
    return state


# ---------------------------------------------------------------------------
# The deck


def test_deck_has_two_factions_of_28_cards() -> None:
    deck = load_deck()
    assert len(deck) == 56
    assert Counter(c.faction for c in deck.values()) == {"dwarves": 28, "elves": 28}
    for faction in ("dwarves", "elves"):
        colours = Counter(c.colour for c in deck.values() if c.faction == faction)
        assert colours == {"champion": 23, "legendary": 2, "duelist": 3}


def test_deck_names_every_power_and_event_of_the_rulebook() -> None:
    names = {c.name for c in load_deck().values()}
    for name in (
        "Dwarf King", "Elf King", "Khan", "Black Widow", "Brute", "Executioner", "Assassin", "Judge",
        "Priestess", "Sentinel", "Champion", "Wild One", "Courtesan", "Magician", "Shaman", "Guardian",
        "Weaver", "Golem", "Reaper", "Sylvan",
    ):  # fmt: skip
        assert name in names
    extra = {c.extra_rolls for c in load_deck().values() if c.power == "extra"}
    assert extra == {1, 2}


def test_six_players_leave_a_draw_pile_of_at_least_20() -> None:
    assert len(deck_for(6)) - 6 * 5 - 3 >= 20


def test_two_players_remove_one_legendary_and_one_duelist_per_faction() -> None:
    removed = [load_deck()[cid] for cid in load_deck() if cid not in deck_for(2)]
    assert sorted((c.faction, c.colour) for c in removed) == [
        ("dwarves", "duelist"), ("dwarves", "legendary"), ("elves", "duelist"), ("elves", "legendary"),
    ]  # fmt: skip


def test_points_follow_the_exact_odds() -> None:
    for c in load_deck().values():
        assert c.points == victory_points(success_probability(c.combo)), c.id


# ---------------------------------------------------------------------------
# Combinations and exact odds


@pytest.mark.parametrize(
    ("combo", "dice", "expected"),
    [
        ("pair", (1, 2, 3, 4, 5, 5), True),
        ("pair", (1, 2, 3, 4, 5, 6), False),
        ("two-pairs", (1, 1, 3, 3, 5, 6), True),
        ("two-pairs", (1, 1, 1, 1, 5, 6), False),
        ("three-pairs", (2, 2, 4, 4, 6, 6), True),
        ("4-kind", (3, 3, 3, 3, 1, 2), True),
        ("yams", (5, 5, 5, 5, 5, 5), True),
        ("full", (2, 2, 2, 5, 5, 1), True),
        ("full", (2, 2, 2, 2, 2, 1), False),
        ("two-sets", (2, 2, 2, 5, 5, 5), True),
        ("run-4", (2, 3, 4, 5, 5, 5), True),
        ("run-5", (1, 2, 3, 4, 6, 6), False),
        ("run-6", (6, 5, 4, 3, 2, 1), True),
        ("sum>=30", (6, 6, 6, 6, 5, 1), True),
        ("sum<=12", (1, 1, 2, 2, 3, 4), False),
        ("all-even", (2, 4, 6, 6, 4, 2), True),
        ("all-odd", (1, 3, 5, 5, 3, 2), False),
        ("3x6", (6, 6, 6, 1, 2, 3), True),
        ("has:2,2,4,4", (2, 4, 2, 4, 1, 1), True),
        ("pair & sum>=25", (6, 6, 5, 4, 3, 1), True),
    ],
)
def test_combination_language(combo: str, dice: tuple[int, ...], expected: bool) -> None:
    assert parse_combo(combo).met(dice) is expected
    assert combo_met(combo, dice) is expected


def test_unknown_combination_term_is_refused() -> None:
    with pytest.raises(IllegalMove, match="not a Kouba combination term"):
        parse_combo("pair & straightish")


def test_combination_labels() -> None:
    assert describe("3x6 & run-4") == "3× ⚅ + small straight"
    assert describe("sum<=12") == "sum ≤ 12"


def test_one_value_within_three_rolls() -> None:
    # Keep every 6: failure means no 6 among 18 throws of a die.
    assert success_probability("1x6") == pytest.approx(1 - (5 / 6) ** 18, abs=1e-12)


def test_six_sixes_within_three_rolls() -> None:
    # Each die independently needs a 6 within its 3 throws.
    assert success_probability("6x6") == pytest.approx((91 / 216) ** 6, abs=1e-12)


def test_yams_in_one_roll() -> None:
    assert success_probability("yams", 1) == pytest.approx(6 / 6**6, abs=1e-15)


def test_yams_in_three_rolls_matches_a_markov_chain() -> None:
    """Independent check: keep the largest group of equal dice (optimal for a yams)."""

    def largest_after(kept: int) -> dict[int, Fraction]:
        outcome: dict[int, Fraction] = {}
        rolled = 6 - kept
        for dice in product(range(6), repeat=rolled):  # face 0 stands for the kept value
            counts = Counter(dice)
            best = max(kept + counts[0], max(counts.values()) if rolled else 0) if kept else max(counts.values())
            outcome[best] = outcome.get(best, Fraction(0)) + Fraction(1, 6**rolled)
        return outcome

    chain = largest_after(0)
    for _ in range(2):
        nxt: dict[int, Fraction] = {}
        for group, p in chain.items():
            for best, q in ({6: Fraction(1)} if group == 6 else largest_after(group)).items():
                nxt[best] = nxt.get(best, Fraction(0)) + p * q
        chain = nxt
    assert success_probability("yams") == pytest.approx(float(chain[6]), abs=1e-12)
    assert 0.020 < success_probability("yams") < 0.021


def test_reachable_keeps_exclude_dead_ends() -> None:
    assert (1, 2, 3) in reachable_keeps("run-6")
    assert (3, 3) not in reachable_keeps("run-6")


# ---------------------------------------------------------------------------
# Round setup


def test_start_deals_five_face_down_piles_and_everyone_may_swap() -> None:
    state = GAME.new(4, seed=3)
    assert state.actors == (0, 1, 2, 3)
    assert all(len(p) == 5 and all(len(pile.cards) == 1 for pile in p) for p in state.piles)
    assert state.arena == [None, None, None]
    assert "swap:1,2" in moves(state, 2) and "swap:none" in moves(state, 2)
    assert len(moves(state, 2)) == 16


def test_swap_replaces_the_chosen_cards_once() -> None:
    state = GAME.new(2, seed=3)
    before = [p.cards[0] for p in state.piles[0]]
    state = state.play(0, "swap:1,3")
    after = [p.cards[0] for p in state.piles[0]]
    assert after[1] == before[1] and after[0] != before[0] and after[2] != before[2]
    assert state.actors == (1,)
    with pytest.raises(IllegalMove, match="It is not your turn"):
        state.play(0, "swap:none")


def test_swapping_three_cards_is_refused() -> None:
    state = GAME.new(2, seed=3)
    with pytest.raises(IllegalMove, match="at most 2"):
        state.play(0, "swap:1,2,3")


def test_first_player_ignores_entry_effects_of_the_opening_arena() -> None:
    state = GAME.new(2, seed=5)
    data = state.to_json()
    data["draw"] = [*data["draw"], "D25", "D26", "E24"]  # Reaper, a duelist, Weaver on top
    state = play(KoubaState.from_json(data), (0, "swap:none"), (1, "swap:none"))
    assert sorted(c for c in state.arena if c) == ["D25", "D26", "E24"]
    assert state.phase == "turn" and state.event is None
    assert state.actors == (state.first_player,)


# ---------------------------------------------------------------------------
# A turn


def test_first_player_faces_the_three_arena_cards_and_claims_one() -> None:
    state = play(rig(position(), 2, 2, 2, 3, 4, 5), (0, "roll"))
    assert moves(state, 0)[:1] == ["roll"]
    assert "claim:1:pile2" in moves(state, 0)
    assert not any(m.startswith("claim:2") or m.startswith("claim:3") for m in moves(state, 0))
    state = state.play(0, "claim:1:pile2")
    assert state.piles[0][1].cards[-1] == "D21" and state.piles[0][1].active
    assert state.turn == 1
    assert state.arena == ["E04", "D07", "D04"]  # the gap is filled from the draw pile


def test_only_one_card_per_turn() -> None:
    state = play(rig(position(arena=("D21", "E21", "D04")), 3, 3, 3, 3, 1, 2), (0, "roll"), (0, "claim:2:pile1"))
    assert state.turn == 1 and "D21" in state.arena


def test_full_arena_discards_the_rightmost_shifts_right_and_draws_into_the_gap() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"), (0, "kouba:pile5"))
    assert state.turn == 1
    assert state.arena == ["E04", "D21", "D07"]
    assert state.discard == ["D04"]


SHAMAN_TABLE = {1: [up("E13", "D21"), down("E16"), down("E19"), down("E20"), down("E22")]}


def test_an_empty_draw_pile_takes_the_discard_but_not_the_card_just_discarded() -> None:
    """The Shaman « défausser et remplacer »: the replaced card never comes straight back."""
    state = position(piles=SHAMAN_TABLE, draw=[], discard=["E12"]).play(1, "guardian:arena2")
    assert state.arena == ["D21", "E12", "D04"] and state.discard == ["D07"] and state.draw == []


def test_when_no_card_can_be_drawn_the_arena_slot_stays_empty() -> None:
    state = position(piles=SHAMAN_TABLE, draw=[]).play(1, "shaman:arena2")
    assert state.arena == ["D21", None, "D04"] and state.discard == ["D07"]
    assert state.log[-1] == "no card left to draw: arena slot 2 stays empty"
    view = state.view(None)
    assert view["arena"][1] is None and view["draw_count"] == 0


def test_a_refill_never_draws_back_the_card_it_discarded() -> None:
    state = play(rig(position(draw=[]), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"), (0, "kouba:pile5"))
    assert state.turn == 1 and state.arena == [None, "D21", "D07"] and state.discard == ["D04"]
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"), (1, "kouba:pile5"))
    assert state.arena == ["D04", "D21", "D07"], "the next refill may take it from the discard"


def test_keep_names_values_and_rolls_the_other_dice() -> None:
    state = play(rig(position(), 6, 1, 6, 2, 3, 4, 5, 5, 5, 5), (0, "roll"), (0, "keep:6,6"))
    assert state.rollers[0].values == [6, 5, 6, 5, 5, 5]
    assert state.rollers[0].kept == [True, False, True, False, False, False]
    with pytest.raises(IllegalMove, match="You cannot keep:4"):
        state.play(0, "keep:4")


def test_three_rolls_at_most() -> None:
    state = play(position(), (0, "roll"), (0, "roll"), (0, "roll"))
    assert "roll" not in moves(state, 0)
    with pytest.raises(IllegalMove, match="used all 3 rolls"):
        state.play(0, "roll")


def test_claim_needs_the_combination_and_leaves_the_state_unchanged() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"))
    before = state.to_json()
    with pytest.raises(IllegalMove, match=r"Your dice \(1 2 3 5 6 6\) do not show 3 of a kind"):
        state.play(0, "claim:1:pile1")
    assert state.to_json() == before


def test_failure_gives_a_kouba_on_a_pile_of_the_players_choice() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    assert state.actors == (0,)
    assert moves(state, 0) == [f"kouba:pile{i}" for i in range(1, 6)]
    state = state.play(0, "kouba:pile3")
    assert state.piles[0][2].kouba and state.koubas(0) == 1


def test_a_kouba_never_goes_on_another_kouba() -> None:
    state = position(piles={0: [kouba("D13"), down("D16"), down("D19"), down("D20"), down("D22")]})
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    with pytest.raises(IllegalMove, match="already has a Kouba"):
        state.play(0, "kouba:pile1")


def test_no_card_on_a_pile_with_a_kouba() -> None:
    state = position(piles={0: [kouba("D13"), down("D16"), down("D19"), down("D20"), down("D22")]})
    state = play(rig(state, 2, 2, 2, 3, 4, 5), (0, "roll"))
    assert "claim:1:pile1" not in moves(state, 0)
    with pytest.raises(IllegalMove, match="has a Kouba: no card may go on it"):
        state.play(0, "claim:1:pile1")


def test_won_champion_replaces_the_active_card_of_its_pile() -> None:
    state = position(piles={0: [up("D13", "D04"), down("D16"), down("D19"), down("D20"), down("D22")]})
    assert any(m.startswith("khan:") for m in moves(state, 0))
    state = play(rig(state, 2, 2, 2, 3, 4, 5), (0, "roll"), (0, "claim:1:pile1"))
    assert state.piles[0][0].cards == ["D13", "D04", "D21"] and state.piles[0][0].active
    assert not state.power_piles(0, "khan") and state.power_piles(0, "shaman") == [0]


def test_won_legendary_lies_face_down_without_power() -> None:
    state = position(arena=("D24", "D07", "D04"))
    state = play(rig(state, 6, 6, 6, 6, 6, 1), (0, "roll"), (0, "claim:1:pile2"))
    assert state.piles[0][1].cards[-1] == "D24" and not state.piles[0][1].active


def test_six_identical_dice_give_a_kouba_to_any_player_even_the_roller() -> None:
    """« il peut infliger un KOUBA à un joueur de son choix, sur la pile de son choix »
    (RULINGS: any player)."""
    state = play(rig(position(3), 2, 2, 2, 2, 2, 2), (0, "roll"))
    gives = [m for m in moves(state, 0) if m.startswith("give")]
    assert len(gives) == 15 and "give:@1:pile2" in gives
    state = state.play(0, "give:@1:pile2")
    assert state.piles[0][1].kouba and state.koubas(0) == 1
    assert "rolled six alike and gives themselves a Kouba" in state.log[-2]


def test_six_identical_dice_give_a_kouba_on_the_givers_choice() -> None:
    state = play(rig(position(), 4, 4, 4, 4, 4, 4), (0, "roll"))
    assert "give:@2:pile3" in moves(state, 0)
    state = state.play(0, "give:@2:pile3")
    assert state.piles[1][2].kouba
    assert not any(m.startswith("give") for m in moves(state, 0))
    state = state.play(0, "claim:1:pile1")  # the turn goes on: a 3 of a kind
    assert state.turn == 1


# ---------------------------------------------------------------------------
# Powers


def king_table() -> dict[int, list[JSON]]:
    return {0: [up("D13", "D01"), down("D16"), down("D19"), down("D20"), down("D22")]}


def test_king_counters_a_failure() -> None:
    state = play(rig(position(piles=king_table()), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    assert moves(state, 0) == ["king:counter", "king:allow"]
    assert state.view(0)["pending"]["kind"] == "king"
    state = state.play(0, "king:counter")
    assert state.koubas(0) == 0 and not state.piles[0][0].active
    assert state.turn == 1


def test_king_may_let_the_kouba_through() -> None:
    state = play(rig(position(piles=king_table()), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"), (0, "king:allow"))
    assert moves(state, 0)[0] == "kouba:pile1"
    state = state.play(0, "kouba:pile2")
    assert state.koubas(0) == 1 and state.piles[0][0].active


def test_khan_gives_a_kouba_in_another_players_turn() -> None:
    state = position(piles={1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]})
    assert state.actors == (0, 1) and state.waiting_for == (0,)
    assert "khan:@1:pile4" in state.view(1)["usable_powers"]
    state = state.play(1, "khan:@1:pile4")
    assert state.piles[0][3].kouba
    assert not state.piles[1][0].active  # used once, now face down
    assert state.actors == (0,)


def test_khan_waits_for_the_kings_answer() -> None:
    table = {**king_table(), 1: [up("E13", "E04"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = position(piles=table).play(1, "widow:@1:pile4")
    assert state.actors == (0,) and moves(state, 0) == ["king:counter", "king:allow"]
    refused = state
    with pytest.raises(IllegalMove, match="It is not your turn"):
        refused.play(1, "brute:@1:pile2")
    state = state.play(0, "king:allow")
    assert state.piles[0][3].kouba  # the giver's pile
    assert state.actors == (0,)


def test_brute_discards_the_top_card_of_an_opponents_pile() -> None:
    table = {
        0: [down("D13", "D16"), up("D19", "D07"), down("D20"), down("D22"), down("D14")],
        1: [up("E13", "E01"), down("E16"), down("E19"), down("E20"), down("E22")],
    }
    state = position(piles=table).play(0, "brute:@2:pile1")
    assert state.piles[1][0].cards == ["E13"] and not state.piles[1][0].active
    assert "E01" in state.discard and not state.piles[1][0].kouba


def test_brute_on_a_one_card_pile_gives_a_kouba_no_king_can_stop() -> None:
    table = {
        0: [down("D13"), up("D19", "D07"), down("D20"), down("D22"), down("D14")],
        1: [up("E13", "E01"), down("E16"), down("E19"), down("E20"), down("E22")],
    }
    state = position(piles=table).play(0, "executioner:@2:pile3")
    assert state.piles[1][2].cards == [] and state.piles[1][2].kouba
    assert state.piles[1][0].active  # the King could not answer
    assert state.actors == (0,)  # a King only acts when a Kouba it may counter comes


def test_assassin_ends_the_turn_before_a_claim() -> None:
    table = {1: [up("E13", "D11"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = play(rig(position(piles=table), 2, 2, 2, 3, 4, 5), (0, "roll"))
    assert "assassin:@1" in moves(state, 1)
    state = state.play(1, "judge:@1")
    assert state.turn == 1 and state.koubas(0) == 0 and len(state.piles[0][0].cards) == 1
    assert "assassin:@1" not in moves(state, 1) and not state.power_piles(1, "assassin")


def test_assassin_cannot_target_a_player_who_is_not_playing() -> None:
    table = {1: [up("E13", "D11"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = position(3, piles=table)
    with pytest.raises(IllegalMove, match="only stops the player whose turn it is"):
        state.play(1, "assassin:@3")


def test_extra_rolls_in_the_players_turn() -> None:
    table = {0: [up("D13", "D15"), down("D16"), down("D19"), down("D20"), down("D22")]}
    state = play(position(piles=table), (0, "roll"), (0, "roll"), (0, "roll"))
    assert "extra:2" in moves(state, 0)
    state = state.play(0, "champion:2")
    assert state.rollers[0].rolls_left == 2 and "roll" in moves(state, 0)


def test_courtesan_sets_a_die_during_the_turn() -> None:
    table = {0: [up("D13", "D18"), down("D16"), down("D19"), down("D20"), down("D22")]}
    state = play(rig(position(piles=table), 1, 1, 2, 3, 4, 6), (0, "roll"))
    assert "claim:1:pile2" not in moves(state, 0)
    state = state.play(0, "courtesan:6=1")
    assert sorted(state.rollers[0].values) == [1, 1, 1, 2, 3, 4]
    assert "claim:1:pile2" in moves(state, 0)


def test_shaman_replaces_an_arena_card_and_ignores_its_entry_effect() -> None:
    table = {1: [up("E13", "D21"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = position(piles=table, draw=[*DRAW, "D25"]).play(1, "guardian:arena2")
    assert state.arena == ["D21", "D25", "D04"] and "D07" in state.discard
    assert state.phase == "turn" and state.event is None


def test_powers_work_while_a_kouba_is_being_placed() -> None:
    """« Les cartes Champions donnent un pouvoir utilisable une seule fois, à tout moment »:
    also while a Kouba is being placed; the game still waits only for its receiver."""
    table = {1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = play(rig(position(piles=table), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    assert state.actors == (0, 1) and state.waiting_for == (0,)
    assert "khan:@1:pile4" in moves(state, 1) and "khan:@1:pile4" in state.view(1)["usable_powers"]
    with pytest.raises(IllegalMove, match="@1 is placing a Kouba"):
        state.play(1, "roll")
    state = state.play(1, "khan:@1:pile4")
    assert len(state.pending) == 2 and state.waiting_for == (0,)
    state = state.play(0, "kouba:pile2")
    assert state.piles[0][1].kouba and state.piles[0][3].kouba and state.turn == 1


def test_a_kings_answer_is_a_pause_without_powers() -> None:
    table = {
        **king_table(),
        1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")],
    }
    state = play(rig(position(piles=table), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    assert state.actors == (0,) and moves(state, 1) == []


def test_assassin_stops_a_turn_during_its_entry_event() -> None:
    """« Vous pouvez faire passer le tour d'un adversaire à tout moment, même pendant son lancer
    de dés, tant qu'il n'a pas encore revendiqué de carte »: also while its entry event is played."""
    table = {0: [down("D13"), up("D16", "D11"), down("D19"), down("D20"), down("D22")]}
    state = entering("D24", piles=table)
    assert state.phase == "event" and state.turn == 1
    assert "assassin:@2" in moves(state, 0) and state.waiting_for == (0, 1)
    state = state.play(0, "assassin:@2")
    assert "assassin:@2" not in moves(state, 0) and state.phase == "event"
    state = play(rig(state, 3, 5), (0, "roll"), (1, "roll"))  # the Golem is still played: both odd
    assert state.phase == "turn" and state.turn == 0, "the assassinated turn is over"


# ---------------------------------------------------------------------------
# Legendaries and duels


def test_golem_even_results_receive_a_kouba() -> None:
    state = entering("D24")
    assert state.event is not None and state.event.kind == "golem"
    assert state.actors == (0, 1)
    state = play(rig(state, 4, 3), (0, "roll"), (1, "roll"))
    assert state.actors == (0,) and state.view(None)["pending"]["cause"].startswith("Golem")
    state = state.play(0, "kouba:pile2")
    assert state.koubas(0) == 1 and state.koubas(1) == 0
    assert state.phase == "turn" and state.turn == 1 and state.rollers[1].rolls == 0


def test_golem_extra_roll_lets_a_player_roll_again() -> None:
    table = {1: [up("E13", "E12"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = play(rig(entering("D24", piles=table), 4, 2), (0, "roll"), (1, "roll"))
    assert moves(state, 1) == ["stop", "extra:1"]  # 2 is even: seat 1 may use the Priestess
    state = play(rig(state, 5), (1, "priestess:1"), (1, "roll"))
    assert state.phase == "turn"  # the Golem is settled: seat 0 (even) gets a Kouba
    state = state.play(0, "kouba:pile3")
    assert state.koubas(1) == 0 and state.koubas(0) == 1


def test_weaver_highest_total_receives_a_kouba() -> None:
    state = entering("E24")
    state = play(rig(state, 6, 6, 6, 6, 6, 5), (0, "roll"), (0, "stop"))
    state = play(rig(state, 1, 1, 1, 1, 2, 2, 1), (1, "roll"), (1, "keep:1,1,1,1,2"), (1, "stop"))
    assert state.actors == (0,)
    state = state.play(0, "kouba:pile2")
    assert state.koubas(0) == 1 and state.phase == "turn"


def test_weaver_tie_rolls_again() -> None:
    state = play(rig(entering("E24"), 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), (0, "roll"), (0, "stop"), (1, "roll"))
    state = state.play(1, "stop")
    assert state.event is not None and state.event.attempt == 2 and state.actors == (0, 1)


def test_reaper_race_the_player_who_needs_more_rolls_loses() -> None:
    state = entering("D25")
    assert state.event is not None and state.event.kind == "reaper"
    state = play(rig(state, 6, 5, 4, 3, 2, 1), (0, "roll"))
    assert state.rollers[0].done and state.actors == (1,)
    state = play(rig(state, 1, 1, 2, 3, 4, 5), (1, "roll"))
    assert state.actors == (1,) and state.view(1)["pending"]["cause"] == "Reaper race: straight 1-6, slowest"


def test_race_keeps_only_dice_that_can_still_succeed() -> None:
    state = play(rig(entering("D25"), 1, 1, 2, 3, 4, 5), (1, "roll"))
    assert "keep:1,2,3,4,5" in moves(state, 1) and "keep:1,1" not in moves(state, 1)
    with pytest.raises(IllegalMove, match="keep only dice that can still make straight 1-6"):
        state.play(1, "keep:1,1")


def test_race_tie_rolls_off() -> None:
    state = play(rig(entering("D25"), 1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1), (0, "roll"), (1, "roll"))
    assert state.event is not None and state.event.attempt == 2 and state.actors == (0, 1)


def test_courtesan_can_finish_a_race_in_another_players_turn() -> None:
    table = {0: [down("D13"), up("D16", "D18"), down("D19"), down("D20"), down("D22")]}
    state = play(rig(entering("D25", piles=table), 1, 2, 3, 4, 5, 5, 6, 5, 4, 3, 2, 1), (0, "roll"), (1, "roll"))
    assert state.rollers[1].done and not state.rollers[0].done
    assert "courtesan:5=6" in state.view(0)["usable_powers"]
    state = state.play(0, "magician:5=6")
    assert state.event is not None and state.event.attempt == 2  # one roll each: they race again


def test_races_have_no_roll_limit() -> None:
    """« Il s'agit de courses où tous les joueurs jouent en simultané, sans limite de lancers »."""
    state = entering("D25")
    for _ in range(40):
        state = play(rig(state, 1, 1, 1, 1, 1, 1), (0, "roll"))
    assert state.rollers[0].rolls == 40 and not state.rollers[0].done and "roll" in moves(state, 0)
    state = play(rig(state, 6, 5, 4, 3, 2, 1), (1, "roll"))
    assert state.pending[0].receiver == 0  # 40 rolls against 1: seat 0 is the slowest


def test_a_racer_may_give_up_and_loses_the_race_at_once() -> None:
    """« le dernier à réussir reçoit un KOUBA »: who gives up will never succeed, so loses now."""
    state = entering("D25", players=3)
    label = str(move_label(state, 0, state.parse_move("stop")))
    assert "stop" in moves(state, 0) and label.startswith("give up the race")
    state = state.play(2, "stop")
    assert state.event is None and state.pending[0].receiver == 2
    assert state.pending[0].cause == "Reaper race: straight 1-6, gave up"


def test_giving_up_a_duel_gives_the_kouba_on_the_pile_the_winner_took_from() -> None:
    state = entering("D26")
    state = play(state, (1, "take:pile3"), (0, "take:pile2"))
    state = state.play(0, "stop")
    assert state.piles[0][2].kouba and state.event is None


def test_giving_up_is_what_the_time_limit_plays_in_a_race() -> None:
    state = entering("D25")
    assert str(state.default_move(0)) == "stop" and str(state.default_move(1)) == "stop"
    state = play(rig(state, 6, 5, 4, 3, 2, 1), (0, "roll"))
    assert state.default_move(0) is None and str(state.default_move(1)) == "stop"
    assert position().default_move(0) is None  # the arena turn keeps the server's deadline rule


def test_sylvan_race_needs_two_2s_and_two_4s() -> None:
    state = entering("E25", players=3)
    state = play(rig(state, 2, 2, 4, 4, 1, 1), (2, "roll"))
    state = play(rig(state, 2, 4, 2, 4, 6, 6), (0, "roll"))
    state = play(rig(state, 2, 2, 2, 4, 6, 6), (1, "roll"))
    assert state.actors == (1,) and state.pending[0].receiver == 1


def test_duel_loser_receives_a_kouba_on_the_pile_the_winner_took_from() -> None:
    table = {
        1: [down("E13"), down("E21"), down("E19"), down("E20"), down("E22")],
        2: [down("E14"), down("E16"), down("D21"), down("E17"), down("E23")],
    }
    state = entering("D26", players=3, piles=table)
    assert state.actors == (1,) and moves(state, 1) == ["duel:@1", "duel:@3"]
    state = state.play(1, "duel:@3")
    assert state.actors == (1, 2)
    state = play(state, (1, "take:pile3"), (2, "take:pile2"))  # both take a 3 of a kind
    taken = state.view(None)["event"]["taken"]
    assert [t["card"]["id"] for t in taken] == ["D21", "E21"]
    state = play(rig(state, 5, 5, 5, 1, 2, 3), (1, "roll"))
    state = play(rig(state, 1, 2, 3, 4, 5, 6), (2, "roll"))
    assert state.piles[2][2].kouba and state.koubas(2) == 1  # the pile @2 took from
    assert state.phase == "turn" and state.turn == 1


def test_two_player_duel_picks_the_only_opponent() -> None:
    state = entering("D26")
    assert state.event is not None and state.event.seats == [1, 0] and state.event.stage == "take"


# ---------------------------------------------------------------------------
# Scoring, rounds and the end


def test_faction_bonus_per_pile() -> None:
    assert pile_score(["D21"]) == 1
    assert pile_score(["D21", "D12"]) == 1 + 1 + 4
    assert pile_score(["D21", "D12", "D27"]) == 3 + 8
    assert pile_score(["D21", "D12", "D27", "D09"]) == 5 + 20
    assert pile_score(["D21", "D12", "D27", "D09", "D15"]) == 7 + 20
    assert pile_score(["D21", "D12", "E21", "E12"]) == 4 + 4 + 4


def test_a_pile_with_a_kouba_scores_nothing() -> None:
    state = position(piles={0: [kouba("D21", "D12"), down("D27"), down("D19"), down("D20"), down("D22")]})
    assert state.round_score(0) == sum(card(c).points for c in ("D27", "D19", "D20", "D22")) == 12


def test_the_fourth_kouba_ends_the_round_and_that_player_starts_the_next() -> None:
    table = {0: [kouba("D13"), kouba("D16"), kouba("D19"), down("D20"), down("D22")]}
    state = play(rig(position(3, piles=table, turn=0), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    state = state.play(0, "kouba:pile4")
    assert len(state.round_scores) == 1 and state.round_scores[0][0] == pile_score(["D22"])
    assert state.round == 2 and state.phase == "swap" and state.first_player == 0
    assert all(len(p.cards) == 1 and not p.kouba for seat in state.piles for p in seat)
    assert state.view(None)["revealed"][0][4]["cards"] == ["D22"]


def test_the_game_ends_after_as_many_rounds_as_players() -> None:
    table = {1: [kouba("E13"), kouba("E16"), kouba("E19"), down("E20"), down("E22")]}
    state = position(piles=table, turn=1, round=2, round_scores=[[10, 30]])
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"), (1, "kouba:pile5"))
    scores = state.round_scores[1]
    assert state.outcome is not None and state.actors == ()
    winner = 0 if 10 + scores[0] > 30 + scores[1] else 1
    assert state.outcome.winners == (winner,)
    assert state.outcome.scores == (10.0 + scores[0], 30.0 + scores[1])


def tied_at_the_end(piles: list[JSON] | None = None) -> KoubaState:
    """The last round ends level on points: the tie-break race between seats 0 and 1 starts."""
    table = {1: [kouba("E13"), kouba("E16"), kouba("E19"), down("E20"), down("E22")]}
    if piles is not None:
        table[0] = piles
    state = position(piles=table, turn=1, round=2, round_scores=[[0, 0]])
    mine = sum(pile_score(p.cards) for p in state.piles[0])
    state.round_scores = [[pile_score(["E22"]) - mine + 50, 50]]
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"), (1, "kouba:pile4"))
    assert state.phase == "tiebreak"
    return state


def test_courtesan_works_in_the_tie_break_race() -> None:
    """« Vous pouvez utiliser ce pouvoir à tout moment », in « Course contre la Mort » too."""
    piles = [down("D13"), up("D16", "D18"), down("D19"), down("D20"), down("D22")]
    state = play(rig(tied_at_the_end(piles), 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 5), (1, "roll"), (0, "roll"))
    assert state.outcome is None, "seat 0 may still tie with the Courtesan"
    assert "courtesan:5=6" in moves(state, 0) and not any(m.startswith("shaman") for m in moves(state, 0))
    state = state.play(0, "magician:5=6")
    assert state.event is not None and state.event.attempt == 2  # one roll each: they race again


def test_giving_up_the_tie_break_race_lets_the_other_win() -> None:
    state = tied_at_the_end().play(0, "stop")
    assert state.outcome is not None and state.outcome.winners == (1,)


def test_a_tie_is_broken_by_a_reaper_race() -> None:
    table = {1: [kouba("E13"), kouba("E16"), kouba("E19"), down("E20"), down("E22")]}
    state = position(piles=table, turn=1, round=2, round_scores=[[0, 0]])
    mine = sum(pile_score(p.cards) for p in state.piles[0])
    theirs = pile_score(["E22"])
    state.round_scores = [[theirs - mine + 50, 50]]
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"), (1, "kouba:pile4"))
    assert state.phase == "tiebreak" and state.outcome is None and state.actors == (0, 1)
    state = play(rig(state, 1, 1, 1, 1, 1, 1), (0, "roll"))
    state = play(rig(state, 6, 5, 4, 3, 2, 1), (1, "roll"))
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert "Reaper race" in state.outcome.reason


# ---------------------------------------------------------------------------
# Notation, views and random games


def test_notation_round_trips_and_aliases() -> None:
    state = position(3)
    for text in (
        "swap:1,3",
        "keep:3,3,6",
        "claim:2:pile4",
        "give:@3:pile1",
        "khan:@2:pile4",
        "shaman:arena2",
        "courtesan:2=6",
        "king:counter",
        "duel:@2",
        "take:pile3",
        "extra:2",
        "assassin:@1",
        "stop",
    ):
        assert str(state.parse_move(text)) == text
    assert str(state.parse_move(" Black-Widow : @2 : pile 4 ")) == "khan:@2:pile4"
    with pytest.raises(IllegalMove, match="There is no player @5"):
        state.parse_move("khan:@5:pile1")
    with pytest.raises(IllegalMove, match="Could not read"):
        state.parse_move("attack!")


def test_move_groups_for_the_ui() -> None:
    state = play(rig(position(), 2, 2, 2, 3, 4, 5), (0, "roll"))
    groups = move_groups(state, 0)
    assert set(groups) >= {"roll", "keep", "claim", "stop"}
    assert "claim:1:pile1" in groups["claim"]


def test_move_labels_describe_every_legal_move() -> None:
    picker = random.Random(5)
    state = GAME.new(3, seed=5)
    labels = set()
    while state.outcome is None and state.move_number < 400:
        for seat in state.actors:
            labels.update(str(move_label(state, seat, m)) for m in state.legal_moves(seat))
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
    assert "give up: take a Kouba" in labels and any(label.startswith("win ") for label in labels)


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_every_log_line_and_cause_reads_back_as_the_text_it_was_written_from(seed: int) -> None:
    """The log and the causes stay English in the state: the bot reads them back to word them."""
    picker = random.Random(seed)
    state = GAME.new(3 + seed % 3, seed=seed)
    lines: set[str] = set()
    causes: set[str] = set()
    while state.outcome is None and state.move_number < 600:
        lines.update(state.log)
        causes.update(d.cause for d in state.pending)
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
    for line in lines:
        assert log_text(line).template in written(LOG_TEXTS) and str(log_text(line)) == line, line
    for cause in causes:
        assert cause_text(cause).template in written(CAUSE_TEXTS) and str(cause_text(cause)) == cause, cause
    assert len(lines) > 10 and causes


def written(texts: tuple[str | tuple[str, str, str], ...]) -> set[str]:
    """The templates of the log's texts: a counted text's is its English for one."""
    return {text if isinstance(text, str) else text[0] for text in texts}


def test_a_power_you_do_not_hold_is_refused_clearly() -> None:
    state = position()
    with pytest.raises(IllegalMove, match="You have no active Khan"):
        state.play(0, "khan:@2:pile1")


def test_views_show_own_hand_only() -> None:
    state = position(piles={1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]})
    public, mine, theirs = state.view(None), state.view(0), state.view(1)
    assert "hand" not in public and "usable_powers" not in public
    assert [c["id"] for p in mine["hand"] for c in p["cards"]] == FILLERS[:5]
    assert theirs["hand"][0]["cards"][-1]["name"] == "Khan"
    assert public["tables"][1]["piles"][0] == {"size": 2, "kouba": False, "active": card("D04").to_json()}
    assert "E16" not in json.dumps(public) and "E16" not in json.dumps(mine)
    assert "E16" in json.dumps(theirs)
    for view in (public, mine, theirs):
        assert "draw" not in view and "rng" not in json.dumps(view)


def hide_shuffle(state: KoubaState, seat: int, picker: random.Random) -> KoubaState:
    """The same table, except ``seat``'s hidden cards and the draw pile order are changed."""
    other = KoubaState.from_json(state.to_json())
    pool = list(other.draw)
    for pile in other.piles[seat]:
        for i, cid in enumerate(pile.cards):
            if pool and not (pile.active and i == len(pile.cards) - 1):
                j = picker.randrange(len(pool))
                pile.cards[i], pool[j] = pool[j], cid
    picker.shuffle(pool)
    other.draw = pool
    return other


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_view_leaks_another_players_hand_or_the_draw_pile(players: int) -> None:
    picker = random.Random(players)
    checked = owner_saw_it = 0
    for seed in range(6):
        state = GAME.new(players, seed=seed)
        while state.outcome is None:
            seat = picker.choice(state.actors)
            state = state.play(seat, picker.choice(state.legal_moves(seat)))
            if picker.random() < 0.15 and not (state.event and state.event.kind == "duel"):
                owner = picker.randrange(players)
                other = hide_shuffle(state, owner, picker)
                for viewer in [None, *range(players)]:
                    if viewer != owner:
                        assert other.view(viewer) == state.view(viewer), (seed, viewer, owner)
                owner_saw_it += other.view(owner) != state.view(owner)
                checked += 1
    assert checked > 50 and owner_saw_it > 25  # the owner does see the change


def test_random_games_use_every_power_and_event() -> None:
    used: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for seed in range(40):
        picker = random.Random(seed)
        state = GAME.new(2 + seed % 5, seed=seed)
        while state.outcome is None:
            seat = picker.choice(state.actors)
            move = picker.choice(state.legal_moves(seat))
            used[str(move).split(":")[0]] += 1
            state = state.play(seat, move)
            if state.event:
                events[state.event.kind] += 1
    for kind in ("khan", "brute", "assassin", "extra", "courtesan", "shaman", "king", "take", "duel"):
        assert used[kind], kind
    assert set(events) >= {"golem", "weaver", "reaper", "sylvan", "duel"}


def test_json_round_trip_mid_game() -> None:
    state = play(rig(entering("D25"), 1, 2, 3, 4, 4, 4), (0, "roll"))
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.from_json(data) == state
    assert GAME.from_json(data).view(1) == state.view(1)


# ---------------------------------------------------------------------------
# Rules a test must pin down before the engine changes


def refused_exactly(state: KoubaState, seat: int, move: str, reason: str, allowed: str = "") -> None:
    """The move is refused with exactly ``reason`` then, if given, ``You may play: <allowed>.``;
    the state is unchanged."""
    message = f"{reason} You may play: {allowed}." if allowed else reason
    before = state.to_json()
    with pytest.raises(IllegalMove, match=f"^{re.escape(message)}$"):
        state.play(seat, move)
    assert state.to_json() == before


def duel_of_three() -> KoubaState:
    table = {
        1: [down("E13"), down("E21"), down("E19"), down("E20"), down("E22")],
        2: [down("E14"), down("E16"), down("D21"), down("E17"), down("E23")],
    }
    return entering("D26", players=3, piles=table).play(1, "duel:@3")


def test_duel_cards_stay_hidden_while_the_duelists_take() -> None:
    state = duel_of_three()
    assert state.view(None)["event"]["stage"] == "take"
    half = state.play(1, "take:pile3")
    for view in (half.view(None), half.view(0), half.view(1), half.view(2)):
        assert view["event"]["taken"] == [] and view["event"]["stage"] == "take"
    both = half.play(2, "take:pile2")
    assert [t["card"]["id"] for t in both.view(0)["event"]["taken"]] == ["D21", "E21"]


def test_the_slowest_racer_may_counter_the_kouba_with_a_king() -> None:
    table = {1: [up("E13", "E01"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = play(rig(entering("D25", piles=table), 6, 5, 4, 3, 2, 1, 1, 1, 2, 3, 4, 5), (0, "roll"), (1, "roll"))
    assert moves(state, 1) == ["king:counter", "king:allow"]
    assert state.view(None)["pending"]["kind"] == "king"
    state = state.play(1, "king:counter")
    assert state.koubas(1) == 0 and not state.piles[1][0].active
    assert state.phase == "turn" and state.turn == 1


def test_a_kouba_aimed_at_pile_one_is_placed_at_once() -> None:
    state = position(piles={1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]})
    state = state.play(1, "khan:@1:pile1")
    assert state.piles[0][0].kouba and state.pending == []
    assert state.view(None)["pending"] is None and state.actors == (0,)


def test_the_duel_loser_gets_the_kouba_on_pile_one_when_the_winner_took_it() -> None:
    state = play(duel_of_three(), (1, "take:pile2"), (2, "take:pile1"))
    state = play(rig(state, 1, 1, 2, 2, 3, 4), (2, "roll"))  # two pairs: @3 wins E13's duel
    state = play(rig(state, 6, 6, 6, 6, 5, 2), (1, "roll"))
    assert state.piles[1][0].kouba and state.koubas(1) == 1 and state.pending == []


def test_extra_rolls_are_offered_only_to_the_player_rolling() -> None:
    table = {1: [up("E13", "E12"), down("E16"), down("E19"), down("E20"), down("E22")]}
    state = position(piles=table)
    assert not [m for m in moves(state, 1) if m.startswith("extra")]
    refused_exactly(state, 1, "extra:1", "It is not your turn.")
    turn = play(position(piles={0: table[1]}), (0, "roll"))
    assert "extra:1" in moves(turn, 0)


def test_a_kouba_for_a_player_with_no_open_pile_is_lost() -> None:
    full = [kouba("E13"), kouba("E16"), kouba("E19"), kouba("E20"), kouba("E22")]
    state = play(rig(entering("D24", piles={1: full}), 3, 4), (0, "roll"), (1, "roll"))
    assert state.pending == [] and state.koubas(1) == 5 and state.koubas(0) == 0
    assert state.phase == "turn" and state.turn == 1


def test_several_koubas_at_once_go_in_turn_order_from_the_current_player() -> None:
    state = play(rig(entering("D24", players=3), 2, 4, 6), (0, "roll"), (1, "roll"), (2, "roll"))
    assert [d.receiver for d in state.pending] == [1, 2, 0]
    assert state.view(None)["pending"]["seat"] == 1 and state.view(None)["pending"]["queued"] == 2
    assert state.actors == (1,)
    first = "First place the Kouba you receive (Golem, rolled 4) on a pile without one."
    refused_exactly(state, 1, "roll", first, "kouba:pile1, kouba:pile2, kouba:pile3, kouba:pile4, …")
    state = state.play(1, "kouba:pile2")
    assert state.actors == (2,) and state.view(None)["pending"]["queued"] == 1
    state = play(state, (2, "kouba:pile2"), (0, "kouba:pile2"))
    assert [state.koubas(s) for s in range(3)] == [1, 1, 1] and state.pending == []


def test_view_shows_who_has_swapped_during_the_swap_only() -> None:
    state = GAME.new(3, seed=2)
    assert state.view(None)["swapped"] == [False, False, False]
    state = state.play(1, "swap:none")
    assert state.view(0)["swapped"] == [False, True, False]
    state = play(state, (0, "swap:1"), (2, "swap:none"))
    assert state.view(None)["phase"] != "swap" and state.view(None)["swapped"] is None


def test_view_shows_the_rolls_left() -> None:
    table = {0: [up("D13", "D15"), down("D16"), down("D19"), down("D20"), down("D22")]}
    state = position(piles=table)
    assert [d["rolls_left"] for d in state.view(None)["dice"]] == [3, None]
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (0, "roll"))
    assert state.view(None)["dice"][0]["rolls_left"] == 2
    state = state.play(0, "extra:2")
    assert state.view(None)["dice"][0]["rolls_left"] == 4


def test_swap_refusals_say_exactly_what_is_wrong() -> None:
    state = GAME.new(3, seed=3)
    refused_exactly(state, 0, "swap:1,2,3", "You may swap at most 2 cards.", "swap:none, swap:1, swap:2, swap:3, …")
    refused_exactly(position(), 0, "swap:1", "Swapping is only allowed once, at the start of a round.", "roll")


def test_dice_and_claim_refusals_say_exactly_what_is_wrong() -> None:
    fresh = position(arena=(None, "D07", "D04"))
    refused_exactly(fresh, 0, "keep:1", "Roll first: there are no dice to keep yet.", "roll")
    refused_exactly(fresh, 0, "claim:2:pile1", "Roll the dice first.", "roll")
    rolled = play(rig(fresh, 1, 2, 3, 5, 6, 6), (0, "roll"))
    keeps = "roll, keep:1, keep:1,2, keep:1,2,3, …"
    refused_exactly(rolled, 0, "claim:1:pile1", "Arena slot 1 is empty.", keeps)
    refused_exactly(
        rolled, 0, "keep:4", "You cannot keep:4: name 1 to 5 values among your dice (1 2 3 5 6 6), like keep:1.", keeps
    )
    used = play(rolled, (0, "roll"), (0, "roll"))
    refused_exactly(used, 0, "roll", "You have used all 3 rolls.", "stop")
    khan = position(piles={1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]})
    powers = "khan:@1:pile1, khan:@1:pile2, khan:@1:pile3, khan:@1:pile4, …"
    refused_exactly(khan, 1, "roll", "You are not rolling dice now.", powers)
    refused_exactly(khan, 1, "claim:1:pile1", "You may only claim a card during your own turn.", powers)


def test_kouba_placement_refusals_say_exactly_what_is_wrong() -> None:
    table = {0: [kouba("D13"), down("D16"), down("D19"), down("D20"), down("D22")]}
    failed = play(rig(position(piles=table), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    piles = "kouba:pile2, kouba:pile3, kouba:pile4, kouba:pile5"
    refused_exactly(failed, 0, "kouba:pile1", "Pile 1 already has a Kouba: a Kouba never goes on another Kouba.", piles)
    first = "First place the Kouba you receive (failed the arena) on a pile without one."
    refused_exactly(failed, 0, "roll", first, piles)
    kinged = play(rig(position(piles=king_table()), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    refused_exactly(
        kinged, 0, "kouba:pile2",
        "A Kouba (failed the arena) is coming at you: first answer with king:counter or king:allow.",
        "king:counter, king:allow",
    )  # fmt: skip
    refused_exactly(position(piles=king_table()), 0, "king:counter", "No Kouba is coming at you now.", "roll")
    refused_exactly(
        position(), 0, "stop",
        "Stop gives up your turn (you take a Kouba) or a race (you lose it), or settles a Weaver or Golem result "
        "after a roll.",
        "roll",
    )  # fmt: skip


def test_power_refusals_say_exactly_what_is_wrong() -> None:
    state = position(piles=king_table())
    no_khan = "You have no active Khan (a face-up champion on a pile without a Kouba)."
    refused_exactly(state, 0, "khan:@2:pile1", no_khan, "roll")
    no_shaman = "You have no active Shaman (a face-up champion on a pile without a Kouba)."
    refused_exactly(state, 0, "shaman:arena1", no_shaman, "roll")
    khan = position(piles={
        0: [kouba("D13"), down("D16"), down("D19"), down("D20"), down("D22")],
        1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")],
    })  # fmt: skip
    powers = "khan:@1:pile2, khan:@1:pile3, khan:@1:pile4, khan:@1:pile5"
    refused_exactly(khan, 1, "khan:@1:pile1", "@1's pile 1 has a Kouba or is not an opponent's pile.", powers)
    refused_exactly(khan, 1, "khan:@2:pile2", "@2's pile 2 has a Kouba or is not an opponent's pile.", powers)
    assassin = {1: [up("E13", "D11"), down("E16"), down("E19"), down("E20"), down("E22")]}
    refused_exactly(
        position(3, piles=assassin), 1, "assassin:@3",
        "The Assassin only stops the player whose turn it is (@1), before they claim, and not yourself.", "assassin:@1",
    )  # fmt: skip


def test_revealed_piles_score_nothing_under_a_kouba() -> None:
    table = {0: [kouba("D13"), kouba("D16"), kouba("D19"), down("D21", "D12"), down("D22")]}
    state = play(rig(position(3, piles=table, turn=0), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    revealed = state.play(0, "kouba:pile5").view(None)["revealed"][0]
    assert [p["score"] for p in revealed] == [0, 0, 0, 1 + 1 + 4, 0]
    assert [p["kouba"] for p in revealed] == [True, True, True, False, True]


def test_swap_naming_a_pile_twice_is_refused() -> None:
    state = GAME.new(2, seed=3)
    refused_exactly(state, 0, "swap:2,2", "'2,2' names the same number twice.")


def test_players_beyond_the_table_are_refused_by_name() -> None:
    state = position(piles={1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]})
    refused_exactly(state, 1, "khan:@3:pile1", "There is no player @3: this game has @1 to @2.")
    assert state.legal_moves(2) == [] and state.legal_moves(-1) == []


def test_each_move_counts_once() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"))
    assert state.view(None)["move_number"] == position().move_number + 1
    assert state.play(0, "stop").view(None)["move_number"] == position().move_number + 2


def test_the_log_keeps_the_latest_twelve_lines() -> None:
    state = position(log=[f"line {n}" for n in range(12)])
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    log = state.view(None)["log"]
    assert len(log) == 12 and log[0] == "line 1" and log[-1] == "@1 failed and takes a Kouba"


def test_the_discard_pile_shows_its_latest_card() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"), (0, "kouba:pile5"))
    state.discard.insert(0, "E09")
    assert state.view(None)["discard_top"]["id"] == "D04" and state.view(None)["discard_count"] == 2


def test_a_duelist_facing_a_single_open_pile_takes_it_at_once() -> None:
    table = {
        1: [kouba("E13"), kouba("E21"), kouba("E19"), down("E20"), kouba("E22")],
        2: [down("E14"), down("E16"), down("D21"), down("E17"), down("E23")],
    }
    state = entering("D26", players=3, piles=table).play(1, "duel:@3")
    assert state.event is not None and state.event.take[2] == 3 and state.event.take[1] == -1
    assert state.actors == (1,) and moves(state, 1)[:2] == ["take:pile1", "take:pile2"]


def test_two_racers_still_rolling_keep_racing_rather_than_roll_off() -> None:
    state = entering("D25", players=3)
    state = play(rig(state, 1, 2, 3, 4, 5, 6), (1, "roll"))  # @2 finishes in one roll
    state = play(rig(state, 1, 1, 1, 1, 1, 1), (2, "roll"))
    state = play(rig(state, 1, 1, 1, 1, 1, 1), (0, "roll"))
    assert state.event is not None and state.event.attempt == 1
    assert [state.rollers[s].rolls for s in range(3)] == [1, 1, 1] and state.actors == (0, 2)
    state = play(rig(state, 2, 3, 4, 5, 6), (0, "keep:1"))
    assert state.rollers[0].done and state.actors == (2,)
    state = play(rig(state, 6, 6, 6, 6, 6), (2, "keep:1"))
    assert state.pending[0].receiver == 2 and state.pending[0].cause == "Reaper race: straight 1-6, slowest"
    assert state.view(None)["pending"]["pile"] == -1  # the slowest racer picks the pile


def test_with_two_kings_the_first_pile_counters_first() -> None:
    table = {0: [up("D13", "D01"), down("D16"), up("D19", "E01"), down("D20"), down("D22")]}
    state = play(rig(position(piles=table), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"), (0, "king:counter"))
    assert state.koubas(0) == 0
    assert [p.active for p in state.piles[0]] == [False, False, True, False, False]


def test_a_kouba_for_a_player_with_one_open_pile_goes_there_at_once() -> None:
    table = {1: [kouba("E13"), kouba("E16"), down("E19"), kouba("E20"), kouba("E22")]}
    state = play(rig(entering("D24", piles=table), 4, 6), (0, "roll"), (1, "roll"))
    assert state.piles[1][2].kouba and state.koubas(1) == 5
    assert [d.receiver for d in state.pending] == [0] and state.actors == (0,)


def tied_after_the_last_round() -> KoubaState:
    table = {1: [kouba("E13"), kouba("E16"), kouba("E19"), down("E20"), down("E22")]}
    state = position(piles=table, turn=1, round=2, round_scores=[[0, 0]])
    mine = sum(pile_score(p.cards) for p in state.piles[0])
    state.round_scores = [[pile_score(["E22"]) - mine + 50, 50]]
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"), (1, "kouba:pile4"))
    assert state.phase == "tiebreak"
    return state


def test_a_tie_break_waits_for_a_racer_who_could_still_match_the_best() -> None:
    state = play(rig(tied_after_the_last_round(), 1, 1, 1, 1, 1, 1), (0, "roll"))
    state = play(rig(state, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6), (1, "roll"), (1, "keep:1"))
    assert state.rollers[1].done and state.outcome is None and state.actors == (0,)
    state = play(rig(state, 2, 3, 4, 5, 6), (0, "keep:1"))
    assert state.outcome is None and state.event is not None and state.event.attempt == 2


def test_a_race_stored_before_giving_up_existed_loads_with_nobody_given_up() -> None:
    state = play(rig(entering("D25"), 1, 1, 2, 3, 4, 5), (1, "roll"))
    data = state.to_json()
    old = json.loads(json.dumps(data))
    for stored in old["rollers"]:
        del stored["gave_up"]
    assert KoubaState.from_json(old).to_json() == data


def test_a_duel_kouba_aimed_at_a_pile_that_got_one_meanwhile_goes_where_the_loser_chooses() -> None:
    table = {0: [down("D13"), up("D16", "D04"), down("D19"), down("D20"), down("D22")]}
    state = play(entering("D26", piles=table), (1, "take:pile1"), (0, "take:pile2"))
    state = play(rig(state, 1, 1, 3, 3, 5, 6), (0, "roll"))  # @1 makes E16's 1,1,3,3 at once
    state = state.play(0, "khan:@2:pile2")  # the pile @1 took from gets a Kouba before the duel ends
    assert state.piles[1][1].kouba and state.koubas(1) == 1
    state = play(rig(state, 1, 2, 3, 4, 5, 6), (1, "roll"))  # @2 misses two pairs: @2 loses
    assert state.actors == (1,) and moves(state, 1) == ["kouba:pile1", "kouba:pile3", "kouba:pile4", "kouba:pile5"]
    assert state.view(None)["pending"]["pile"] == -1  # no pile is set for the loser any more
    assert state.play(1, "kouba:pile4").koubas(1) == 2


def test_a_clear_winner_after_the_last_round_needs_no_race() -> None:
    table = {1: [kouba("E13"), kouba("E16"), kouba("E19"), down("E20"), down("E22")]}
    state = position(piles=table, turn=1, round=2, round_scores=[[10, 30]])
    state = play(rig(state, 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"), (1, "kouba:pile5"))
    assert state.outcome is not None and state.outcome.reason == "most points after the last round"


def test_the_tie_break_is_drawn_by_the_first_tied_seat() -> None:
    event = tied_at_the_end().view(None)["event"]
    assert (event["kind"], event["drawer"], event["seats"]) == ("tiebreak", 0, [0, 1])


def test_events_drawn_together_are_played_in_the_order_drawn() -> None:
    state = position(arena=("D27", None, None), draw=[*DRAW, "D26", "D25", "D24"])
    state = play(rig(state, 1, 1, 2, 2, 3, 4), (0, "roll"), (0, "claim:1:pile1"))
    assert state.event is not None and state.event.kind == "golem"
    assert [card(c).event for c in state.event_queue] == ["reaper", "duel"]
    state = play(rig(state, 3, 5), (0, "roll"), (1, "roll"))  # two odd dice: no Kouba
    assert state.event is not None and state.event.kind == "reaper"


def test_the_hand_shows_a_kouba_pile_scoring_nothing() -> None:
    state = position(piles={0: [kouba("D21", "D12"), down("D27"), down("D19"), down("D20"), down("D22")]})
    hand = state.view(0)["hand"]
    assert [p["score"] for p in hand][:2] == [0, pile_score(["D27"])] and hand[0]["kouba"]


def test_swap_and_duel_refusals_out_of_their_moment() -> None:
    swapped = GAME.new(3, seed=3).play(0, "swap:1,2")
    with pytest.raises(IllegalMove, match=r"^It is not your turn\.$"):
        swapped.play(0, "swap:1,2")
    khan = position(piles={1: [up("E13", "D04"), down("E16"), down("E19"), down("E20"), down("E22")]})
    duel = "A duel's drawer picks the opponent (duel:@2), then each duelist takes a pile (take:pile1)."
    refused_exactly(khan, 1, "duel:@1", duel, "khan:@1:pile1, khan:@1:pile2, khan:@1:pile3, khan:@1:pile4, …")
    refused_exactly(khan, 1, "take:pile1", duel, "khan:@1:pile1, khan:@1:pile2, khan:@1:pile3, khan:@1:pile4, …")
    refused_exactly(khan, 1, "swap:1,2", "Swapping is only allowed once, at the start of a round.",
                    "khan:@1:pile1, khan:@1:pile2, khan:@1:pile3, khan:@1:pile4, …")


def test_a_lost_kouba_lets_the_next_one_go_to_its_only_open_pile_at_once() -> None:
    full = [kouba(card) for card in FILLERS[5:10]]
    one_open = [*(kouba(card) for card in FILLERS[10:14]), down(FILLERS[14])]
    state = entering("D24", players=3, piles={1: full, 2: one_open})
    state = play(rig(state, 2, 4, 6), (0, "roll"), (1, "roll"), (2, "roll"))
    assert state.koubas(1) == 5 and state.koubas(2) == 5, "seat 1's Kouba is lost, seat 2's placed at once"
    assert [d.receiver for d in state.pending] == [0] and state.actors == (0,)


# ---------------------------------------------------------------------------
# The engine's fast paths give what the plain ones give


def _splitmix_state_drawing(output: int) -> int:
    """The generator state whose next 64-bit output is ``output`` (SplitMix64 run backwards)."""
    mask = Rng.MASK
    z = output ^ (output >> 31) ^ (output >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = z ^ (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("state", [0, 1, 7, 2**63, Rng.MASK, _splitmix_state_drawing(Rng.MASK)])
def test_dice_are_rolled_as_the_generator_rolls_them(state: int) -> None:
    """The engine rolls its dice with the generator written out inline: same dice, same generator
    state after, including the rare draw above the last multiple of 6 that is drawn again."""
    plain = Rng(state)
    dice, after = _roll_dice(state, 6)
    assert dice == [plain.randint(1, 6) for _ in range(6)] and after == plain.state
    assert _roll_dice(after, 1) == ([plain.randint(1, 6)], plain.state)


@pytest.mark.parametrize("state", [0, 5, Rng.MASK, _splitmix_state_drawing(Rng.MASK)])
def test_cards_are_shuffled_as_the_generator_shuffles_them(state: int) -> None:
    plain, fast = deck_for(4), deck_for(4)
    rng = Rng(state)
    rng.shuffle(plain)
    assert _shuffle(state, fast) == rng.state and fast == plain


def test_a_drawn_again_value_is_really_met() -> None:
    rng = Rng(_splitmix_state_drawing(Rng.MASK))
    assert rng.copy().next_u64() == Rng.MASK  # above the last multiple of 6: Rng.below draws again


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_playing_a_move_changes_neither_its_position_nor_the_other_moves_played_from_it(
    players: int, seed: int
) -> None:
    """States share what a move does not change (piles, dice, cards, the event): every move of
    every actor, played from the same position, leaves that position and its other results as they were."""
    picker = random.Random(seed)
    state = GAME.new(players, seed=seed)
    while state.outcome is None:
        before = state.to_json()
        results = [
            (after, after.to_json())
            for seat in state.actors
            for after in (state.play(seat, move, trusted=True) for move in state.legal_moves(seat))
        ]
        assert state.to_json() == before
        assert all(after.to_json() == snapshot for after, snapshot in results)
        state = picker.choice(results)[0]
