"""Pictures of games whose turn has several moves count turns, not moves (Arkaios' pillars)."""

from __future__ import annotations

import random

from cogs.common import picture_words
from render.arkaios import render
from render.kouba import render as kouba_render
from rules import GAMES
from rules.arkaios import ArkaiosState
from tests.render.test_picture_words import drawn_texts


def arkaios_in_turn(turn: int) -> ArkaiosState:
    """A game of random pillars that reached the second pillar of ``turn`` (the first seed that does)."""
    for seed in range(100):
        picker, state = random.Random(seed), GAMES["arkaios"].new(players=2, seed=0)
        while state.actors:
            view = state.view(None)
            if (view["turn_number"], view["move_in_turn"]) == (turn, 2):
                assert isinstance(state, ArkaiosState)
                return state
            seat = state.actors[0]
            state = state.play(seat, picker.choice(state.legal_moves(seat)))
    raise AssertionError(f"no random game reached turn {turn}")


def test_turn_eight_reads_turn_eight_in_both_languages() -> None:
    state = arkaios_in_turn(8)
    view = state.view(None)
    assert view["move_number"] > 8, "pillars outnumber turns"
    english = drawn_texts(render, view, ["alice", "bob"], words=picture_words("arkaios", "en"))
    assert "turn 8 · move 2" in english and f"move {view['move_number']}" not in english
    french = drawn_texts(render, view, ["alice", "bob"], words=picture_words("arkaios", "fr"))
    assert "tour 8 · coup 2" in french


def test_a_game_stored_before_turns_were_counted_keeps_its_move_number() -> None:
    data = arkaios_in_turn(3).to_json()
    del data["turns_played"]
    view = ArkaiosState.from_json(data).view(None)
    assert f"move {view['move_number']}" in drawn_texts(render, view, ["alice", "bob"])


def test_a_kouba_table_reads_its_turn_not_its_rolls() -> None:
    state, picker = GAMES["kouba"].new(players=3, seed=5), random.Random(5)
    while state.view(None)["move_in_turn"] < 2:
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
    view = state.view(None)
    drawn = drawn_texts(kouba_render, view, ["alice", "bob", "carol"], words=picture_words("kouba", "fr"))
    assert f"tour {view['turn_number']} · coup 2" in drawn
    assert not [t for t in drawn if t.startswith("coup ")], "the move count is not drawn"
