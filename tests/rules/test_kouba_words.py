"""Kouba in words: the last move as the table reads it, and the labels of the move menus, with the
pile and slot numbers players count from 1."""

from __future__ import annotations

import pytest

from bot.i18n import word
from rules.kouba import KoubaState, move_label
from tests.rules.test_kouba import down, play, position, rig, up

NAMES = ["Ada", "Bob", "Cy"]


def said(state: KoubaState, lang: str = "en") -> str:
    described = KoubaState.describe(state.view(None), NAMES[: state.players])
    assert described is not None
    return word(lang, described)


def test_a_courtesan_move_tells_the_die_it_changed_and_into_what() -> None:
    table = {0: [down("D13"), up("D16", "D18"), down("D19"), down("D20"), down("D22")]}
    state = play(rig(position(piles=table), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "courtesan:5=4"))
    assert said(state) == "Ada turned a 5 into a 4 with the Courtesan"
    assert said(state, "fr").startswith("Ada") and "Courtesan" not in said(state, "fr")


def test_extra_rolls_are_told_by_their_number() -> None:
    one = {0: [down("D13"), up("D16", "E12"), down("D19"), down("D20"), down("D22")]}
    state = play(rig(position(piles=one), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "extra:1"))
    assert said(state) == "Ada took 1 extra roll"
    two = {0: [down("D13"), up("D16", "E15"), down("D19"), down("D20"), down("D22")]}
    state = play(rig(position(piles=two), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "extra:2"))
    assert said(state) == "Ada took 2 extra rolls"


@pytest.mark.parametrize(
    ("notation", "label"),
    [
        ("take:pile2", "race for the top card of their pile 2"),
        ("kouba:pile3", "put the Kouba on pile 3"),
        ("give:@2:pile4", "six alike: Kouba to @2 on pile 4"),
        ("khan:@2:pile5", "Khan: Kouba to @2 on pile 5"),
        ("brute:@3:pile1", "Brute: discard the top card of @3's pile 1"),
        ("duel:@3", "duel @3"),
        ("assassin:@2", "Assassin: end @2's turn"),
    ],
)
def test_menu_labels_count_piles_and_players_from_one(notation: str, label: str) -> None:
    state = position(3)
    assert str(move_label(state, 0, state.parse_move(notation))) == label
