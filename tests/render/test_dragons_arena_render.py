"""Dragons Arena images: start, mid-game, force fields, finished, secret sets, placement and solo."""

from __future__ import annotations

import io
import random
import statistics
import time

import pytest
from PIL import Image

from render.dragons_arena import render
from rules import GAMES
from rules.base import JSON
from rules.dragons_arena import DragonsArenaState

GAME = GAMES["dragons_arena"]
PLAYERS = ["Ada", "Bartholomew"]


def played(state: DragonsArenaState, moves: int, seed: int = 1) -> DragonsArenaState:
    """``moves`` random moves from ``state`` (fewer if the game ends)."""
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.outcome is not None:
            break
        seat = state.actors[0]
        state = state.play(seat, chooser.choice(state.legal_moves(seat)))
    return state


def position(board: dict[str, str], to_play: str = "fire", **options: object) -> DragonsArenaState:
    settings: JSON = {
        "level": "baby",
        "dragon_master": False,
        "solo": "off",
        "solo_species": "fire",
        "nuggets": 1,
    }
    settings.update(options)
    data = {"players": 2, "options": settings, "rng": 5, "phase": "play", "board": board, "to_play": to_play}
    state: DragonsArenaState = GAME.from_json(data)
    return state


def check_png(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < 100_000
    image = Image.open(io.BytesIO(png))
    assert 700 <= image.width <= 1000
    return image


def test_start_view() -> None:
    check_png(render(GAME.new(2, 3, {"level": "baby"}).view(None), PLAYERS))


def test_mid_game_view_with_fields_and_last_move() -> None:
    state = position({"a1": "F2*", "b2": "I2", "c1": "I3", "d4": "F3*", "b3": "F6", "c3": "I1*"}, "ice")
    after = state.play(1, "c3xb3")
    image = check_png(render(after.view(None), PLAYERS))
    # The square the dragon left carries the yellow last-move frame.
    assert (240, 228, 66) in {colour for _, colour in image.convert("RGB").getcolors(1 << 16) or []}


def test_random_mid_game_with_dragon_master() -> None:
    state = played(GAME.new(2, 7, {"dragon_master": True, "nuggets": 3}), 6)
    check_png(render(state.view(0), PLAYERS))


def test_finished_view() -> None:
    state = position({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}).play(0, "a1xb2")
    assert state.outcome is not None
    check_png(render(state.view(None), PLAYERS))


def test_secret_set_private_view_differs_from_public() -> None:
    state = GAME.new(2, 1, {"level": "big"}).play(1, "set:5,5,4,4,4,3,2,1")
    public = render(state.view(None), PLAYERS)
    private = render(state.view(1), PLAYERS)
    other = render(state.view(0), PLAYERS)
    check_png(public)
    check_png(private)
    assert public != private
    # FIRE has not set its powers yet and sees exactly what spectators see.
    assert other == public


def test_placement_and_equal_split_views() -> None:
    state = played(GAME.new(2, 2, {"level": "little"}), 5)
    check_png(render(state.view(None), PLAYERS))
    split = played(GAME.new(2, 2, {"level": "equal"}), 2)
    check_png(render(split.view(None), PLAYERS))


def test_next_duel_view_shows_the_previous_result() -> None:
    state = position({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}, nuggets=2).play(0, "a1xb2")
    assert state.view(None)["last_duel"] is not None
    check_png(render(state.view(None), PLAYERS))


@pytest.mark.parametrize("species", ["fire", "ice"])
def test_solo_views(species: str) -> None:
    state = GAME.new(1, 4, {"solo": "high", "solo_species": species})
    check_png(render(state.view(0), ["Cleo"]))
    finished = played(state, 200)
    assert finished.outcome is not None
    check_png(render(finished.view(0), ["Cleo"]))


def test_long_names_do_not_break_the_picture() -> None:
    check_png(render(GAME.new(2, 3).view(None), ["A" * 40, "B" * 40]))


def test_render_is_fast() -> None:
    view = played(GAME.new(2, 9, {"dragon_master": True}), 4).view(None)
    render(view, PLAYERS)
    times = []
    for _ in range(7):
        start = time.perf_counter()
        render(view, PLAYERS)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.1  # typically about 15 ms; loose for busy machines
