"""Araksey board images: set-up, mid-game (2, 3, 4 players), finished and seat views."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from cogs.common import picture_words
from render.araksey import ELEMENT_LOOK, render
from rules import GAMES
from rules.araksey import ArakseyState, Effect, Move
from rules.base import JSON
from tests.render.test_picture_words import drawn_texts

GAME = GAMES["araksey"]
NAMES = ["Ada", "Bartholomew", "Cy", "Dorothea"]


def played(players: int, seed: int, moves: int, options: JSON | None = None) -> ArakseyState:
    """A random game of ``moves`` moves (passing only when nothing else is legal)."""
    state: ArakseyState = GAME.new(players, seed, options or {})
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.outcome is not None:
            break
        seat = state.actors[0]
        moves_now = state.legal_moves(seat)
        state = state.play(seat, chooser.choice([m for m in moves_now if m.kind != "pass"] or moves_now))
    return state


def with_dragons_and_effects(state: ArakseyState) -> ArakseyState:
    data = state.to_json()
    data["dragon"] = [seat % 2 == 0 for seat in range(state.players)]
    data["effects"] = [{"power": "water", "by": 1, "target": 0}]
    return ArakseyState.from_json(data)


def check_png(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < 100_000
    image = Image.open(io.BytesIO(png))
    assert 700 <= image.width <= 1000
    return image


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_view(players: int) -> None:
    image = check_png(render(GAME.new(players, 1).view(None), NAMES[:players]))
    assert image.width == 800


def test_setup_tints_the_start_squares_until_play_begins() -> None:
    setup = played(2, 3, 9)
    assert setup.phase == "setup_arakseys"
    data = setup.to_json()
    data["phase"] = "play"
    same_board_in_play = ArakseyState.from_json(data)
    assert pixels(render(setup.view(None), NAMES)) != pixels(render(same_board_in_play.view(None), NAMES))


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {"elements": ["fire", "mud", "mud"]}), (4, {})]
)
def test_mid_game_views(players: int, options: JSON) -> None:
    state = with_dragons_and_effects(played(players, 5, 40, options))
    assert state.phase == "play" and state.outcome is None
    for seat in (None, *range(players)):
        check_png(render(state.view(seat), NAMES[:players]))


def test_dragon_and_effects_are_drawn() -> None:
    state = played(2, 5, 30)
    plain = render(state.view(None), NAMES)
    marked = render(with_dragons_and_effects(state).view(None), NAMES)
    assert pixels(plain) != pixels(marked)


def test_finished_view() -> None:
    state = played(2, 11, 2000)
    assert state.outcome is not None
    check_png(render(state.view(None), NAMES))


def test_no_hidden_information_so_every_seat_sees_the_same_board() -> None:
    state = played(2, 4, 25)
    public = pixels(render(state.view(None), NAMES))
    for seat in (0, 1):
        assert pixels(render(state.view(seat), NAMES)) == public


def test_every_kind_of_last_action_draws() -> None:
    state = next(
        s
        for s in (played(2, seed, 16) for seed in range(50))
        if s.outcome is None and {"exchange", "push"} <= {m.kind for m in s.legal_moves(s.actors[0])}
    )
    seat = state.actors[0]
    kinds: dict[str, Move] = {}
    for move in state.legal_moves(seat):
        kinds.setdefault(move.kind, move)
    assert {"step", "exchange", "push", "pass"} <= set(kinds)
    images = {pixels(render(state.play(seat, move).view(None), NAMES)) for move in kinds.values()}
    assert len(images) == len(kinds)


def test_long_names_and_no_names() -> None:
    state = ArakseyState.from_json(
        {**played(4, 6, 30).to_json(), "effects": [{"power": "earth", "by": 0, "target": 3}]}
    )
    assert state.effects == [Effect("earth", 0, 3)]
    check_png(render(state.view(None), ["A very long display name indeed", "Zoë 🐉", "x" * 40, "Dee"]))
    check_png(render(state.view(None), []))




@pytest.mark.parametrize("lang", ["en", "fr"])
def test_element_tags_are_in_the_readers_language(lang: str) -> None:
    """The side panel's element chips: "Fi" for fire in English, "Fe" (feu) in French."""
    words = picture_words("araksey", lang)
    state = played(4, 3, 12)
    elements = state.view(None)["elements"]
    texts = drawn_texts(render, state.view(None), NAMES, words=words)
    tags = {words[f"araksey.pic.tag.{element}"] for element in elements}
    assert tags <= set(texts)
    if lang == "fr":
        assert words["araksey.pic.tag.fire"] == "Fe" and words["araksey.pic.tag.earth"] == "Te"
        english = {ELEMENT_LOOK[element][2] for element in elements} - tags
        assert not english & set(texts), "no English tag on a French picture"
