"""The Arkaios board picture: a compact PNG that changes with what it must show."""

from __future__ import annotations

import io

from PIL import Image

from render.arkaios import render
from rules import GAMES

NAMES = ("Alice", "Bob")


def views() -> list[dict[str, object]]:
    state = GAMES["arkaios"].new(players=2, seed=0)
    shots = [state.view(None)]
    for move in ("c3=3", "d4=2", "b2=2", "b3=2", "a4=1", "c4=2"):
        state = state.play(state.actors[0], move)
        shots.append(state.view(None))
    return shots


def test_every_board_is_a_compact_png_about_800_wide() -> None:
    for view in views():
        png = render(view, NAMES)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) < 100_000
        with Image.open(io.BytesIO(png)) as img:
            assert 700 <= img.width <= 1000


def test_each_move_changes_the_picture() -> None:
    pictures = [render(view, NAMES) for view in views()]
    assert len(set(pictures)) == len(pictures)


def test_finished_game_is_drawn() -> None:
    state = GAMES["arkaios"].new(players=2, seed=0)
    for move in ("c3=1", "d4=2"):
        state = state.play(state.actors[0], move)
    assert state.outcome is not None
    assert render(state.view(None), NAMES) != render(views()[2], NAMES)
