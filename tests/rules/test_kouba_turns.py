"""Kouba counts its turns beside its moves: a turn holds many moves (rolls, keeps, everyone's races)."""

from __future__ import annotations

import random

from rules import GAMES
from rules.kouba import KoubaState


def test_each_turn_counts_once_and_its_moves_from_its_start() -> None:
    state = GAMES["kouba"].new(players=3, seed=5)
    picker = random.Random(5)
    view = state.view(None)
    assert view["phase"] == "swap" and view["turn_number"] == 0 and view["move_in_turn"] == 0
    begun = 0
    for _ in range(400):
        if not state.actors:
            break
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
        before, view = view, state.view(None)
        number = view["turn_number"]
        assert number is not None and number in (before["turn_number"], before["turn_number"] + 1)
        if number > before["turn_number"]:
            begun += 1
            assert view["move_in_turn"] == 0 and view["turn"] is not None, "a new turn has no move yet"
        elif view["phase"] in ("turn", "event"):
            assert view["move_in_turn"] == before["move_in_turn"] + 1
    assert begun == view["turn_number"] > 5
    assert KoubaState.from_json(state.to_json()).view(None)["turn_number"] == begun


def test_a_game_stored_before_turns_were_counted_does_not_guess() -> None:
    data = GAMES["kouba"].new(players=2, seed=1).to_json()
    del data["turns_begun"], data["turn_began_at"]
    state = KoubaState.from_json(data)
    for _ in range(6):
        seat = state.actors[0]
        state = state.play(seat, state.legal_moves(seat)[0])
    assert state.view(None)["turn_number"] is None
