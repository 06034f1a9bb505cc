"""Kouba images: the public table and the private hand, at the start, mid-game, in events and at the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageDraw

from render.kit import MARGIN, YELLOW
from render.kouba import BAND, HAND_TOP, PARCHMENT, STRIP_H, arena_box, hand_column, player_row_box, render, render_hand
from rules import GAMES
from rules.kouba import KoubaState, KoubaView
from tests.render.pixels import Box, picture, share, shows_turn

GAME = GAMES["kouba"]
NAMES = ["Ada", "Bartholomew", "Cy", "Dagmar", "Eve", "Friedrich-Wilhelm"]


def walk(players: int, seed: int, until: Callable[[KoubaState], bool]) -> KoubaState:
    """Random play until ``until`` holds (or the game ends)."""
    state: KoubaState = GAME.new(players, seed=seed)
    chooser = random.Random(seed)
    while state.outcome is None and not until(state):
        seat = chooser.choice(state.actors)
        state = state.play(seat, chooser.choice(state.legal_moves(seat)))
    return state


check_png = picture


def assert_arena_shows(image: Image.Image, view: KoubaView) -> None:
    """Each arena slot holds its card, its colour band in the card's colour; an empty slot no card."""
    for slot, card in enumerate(view["arena"]):
        x0, y0, x1, y1 = arena_box(slot)
        assert (share(image, (x0 + 10, y0 + 40, x1 - 10, y1 - 10), PARCHMENT, 12) > 0.3) == (card is not None)
        if card is not None:
            band = (x1 - 80, y0 + 6, x1 - 44, y0 + 26)  # between the band's word and the points disc
            assert share(image, band, BAND[card["colour"]], 12) > 0.9, (slot, card["colour"])


def waited_marked(image: Image.Image, view: KoubaView, seat: int) -> bool:
    """The yellow arrow beside a player's name: the game waits for them."""
    _, top, _, _ = player_row_box(view, seat)
    return share(image, (MARGIN + 148, top + 10, MARGIN + 166, top + 30), YELLOW) > 0.1


def top_card_band(pile: int, cards_below: int) -> Box:
    """The colour band of a pile's top card in the hand picture (under ``cards_below`` strips)."""
    x, y = hand_column(pile), HAND_TOP + 26 + cards_below * (STRIP_H + 4)
    return (x + 100, y + 8, x + 114, y + 22)


def rolled(state: KoubaState) -> bool:
    return state.phase == "turn" and state.rollers[state.turn].rolls >= 2 and state.move_number > 30


def test_start_view() -> None:
    state = GAME.new(3, seed=1)
    view = state.view(None)
    table = check_png(render(view, NAMES[:3]))
    assert_arena_shows(table, view)
    assert shows_turn(table)
    assert all(waited_marked(table, view, seat) for seat in range(3))  # everyone chooses a swap
    own = state.view(0)
    hand = check_png(render_hand(own, NAMES[:3]))
    for index, pile in enumerate(own.get("hand", [])):
        assert share(hand, top_card_band(index, len(pile["cards"]) - 1), BAND[pile["cards"][-1]["colour"]], 12) > 0.9


def test_mid_game_turn_public_and_private_differ() -> None:
    state = walk(2, 3, rolled)
    assert state.outcome is None
    public = render(state.view(None), NAMES[:2])
    image = check_png(public)
    assert_arena_shows(image, state.view(None))
    waiting = state.view(None)["waiting_for"]
    assert [waited_marked(image, state.view(None), seat) for seat in range(2)] == [s in waiting for s in range(2)]
    own = render(state.view(state.turn), NAMES[:2])
    hand = render_hand(state.view(state.turn), NAMES[:2])
    check_png(hand)
    assert hand != public
    assert render_hand(state.view(0), NAMES[:2]) != render_hand(state.view(1), NAMES[:2])
    assert own == public  # the table shows nothing private


def test_six_player_race() -> None:
    state = walk(6, 4, lambda s: s.event is not None and s.event.kind in ("reaper", "sylvan"))
    assert state.event is not None
    image = check_png(render(state.view(None), NAMES))
    assert image.height > image.width


def test_duel_view() -> None:
    state = walk(3, 5, lambda s: s.event is not None and s.event.kind == "duel" and s.event.stage == "roll")
    assert state.event is not None
    assert_arena_shows(check_png(render(state.view(None), NAMES[:3])), state.view(None))


def test_finished_view() -> None:
    state = walk(4, 2, lambda s: False)
    assert state.outcome is not None
    table = check_png(render(state.view(None), NAMES[:4]))
    assert not any(waited_marked(table, state.view(None), seat) for seat in range(4))
    assert_arena_shows(table, state.view(None))
    check_png(render_hand(state.view(1), NAMES[:4]))


def test_spectator_hand_is_a_plain_notice() -> None:
    image = check_png(render_hand(GAME.new(2, seed=1).view(None), NAMES[:2]))
    body = (0, HAND_TOP + 30, image.width, image.height - 60)
    assert share(image, body, PARCHMENT, 12) == 0  # no card is drawn
    player = check_png(render_hand(GAME.new(2, seed=1).view(0), NAMES[:2]))
    assert share(player, body, PARCHMENT, 12) > 0.1




def drawn_texts(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any], words: dict[str, str] | None) -> list[str]:
    """The strings a render of ``view`` draws."""
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        texts.append(str(text))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    check_png(render(view, NAMES[:2], words=words))
    return texts


def test_an_empty_arena_slot_says_no_card_is_left_to_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no card can be drawn the arena slot stays empty, and the table says why, in the server's language."""
    view = GAME.new(2, seed=1).view(None)
    view["arena"][1], view["draw_count"] = None, 0
    english = drawn_texts(monkeypatch, view, None)
    assert "empty" in english and "no card left to draw" in english
    french = drawn_texts(monkeypatch, view, {"kouba.pic.empty": "vide", "kouba.pic.no_card_left": "plus de carte"})
    assert "vide" in french and "plus de carte" in french and "empty" not in french
    view["draw_count"] = 12
    assert "no card left to draw" not in drawn_texts(monkeypatch, view, None)
