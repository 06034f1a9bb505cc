"""Arcanor board images: start, mid-game, finished, private and strict-memory views."""

from __future__ import annotations

import io
import random
import time

import pytest
from PIL import Image

from render.arcanor import render
from rules import GAMES
from rules.arcanor import ArcanorState

GAME = GAMES["arcanor"]
PLAYERS = ["Ada", "Bartholomew"]


def played(seed: int, moves: int, strict: bool = False) -> ArcanorState:
    """A random game of ``moves`` moves (or fewer if it ends first)."""
    state: ArcanorState = GAME.new(players=2, seed=seed, options={"strict_memory": strict})
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.outcome is not None:
            break
        seat = state.actors[0]
        state = state.play(seat, chooser.choice(state.legal_moves(seat)))
    return state


def with_contents() -> ArcanorState:
    """Mid-game position where both players control stacks that hold pieces."""
    data = GAME.new(players=2, seed=0).to_json()
    data["board"] = {
        "b1": [[0, 1], [0, 2]],
        "d4": [[0, 1], [1, 2], [1, 3], [0, 4]],
        "e5": [[1, 1], [0, 2]],
        "g7": [[0, 2], [1, 3]],
        "c3": [[1, 3], [0, 4]],
    }
    data.update(to_move=1, move_number=31, last_move=["d3-d4"])
    return ArcanorState.from_json(data)


def check_png(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < 100_000
    image = Image.open(io.BytesIO(png))
    assert 700 <= image.width <= 1000
    return image


def test_start_view() -> None:
    image = check_png(render(GAME.new(players=2, seed=1).view(None), PLAYERS))
    assert image.height > image.width * 0.9


def test_mid_game_views() -> None:
    state = played(3, 140)
    for seat in (None, 0, 1):
        check_png(render(state.view(seat), PLAYERS))


def test_finished_view() -> None:
    state = played(5, 5000)
    assert state.outcome is not None
    check_png(render(state.view(None), PLAYERS))


def test_private_view_draws_hidden_contents_the_public_view_does_not() -> None:
    state = with_contents()
    public = render(state.view(None), PLAYERS)
    for seat in (0, 1):
        private = render(state.view(seat), PLAYERS)
        check_png(private)
        assert _pixels(private) != _pixels(public)


def test_public_image_depends_only_on_the_public_view() -> None:
    # Two states with the same tops but different contents draw the same public image.
    state = with_contents()
    data = state.to_json()
    data["board"]["d4"] = [[0, 1]]
    shallow = GAME.from_json(data)
    assert _pixels(render(state.view(None), PLAYERS)) == _pixels(render(shallow.view(None), PLAYERS))
    assert _pixels(render(state.view(1), PLAYERS)) == _pixels(render(shallow.view(1), PLAYERS))


def test_strict_memory_view_lists_public_peeks() -> None:
    state = played(7, 160, strict=True)
    seat = state.actors[0]
    before = render(state.view(1 - seat), PLAYERS)
    peek = next(m for m in state.legal_moves(seat) if str(m).startswith("peek:"))
    after = render(state.play(seat, peek).view(1 - seat), PLAYERS)
    check_png(after)
    assert _pixels(before) != _pixels(after)


def test_players_with_long_names_and_no_names() -> None:
    check_png(render(with_contents().view(0), ["A very long display name indeed", "Zoë 🐉"]))
    check_png(render(with_contents().view(None), []))


@pytest.mark.parametrize("seat", [None, 0])
def test_render_is_fast(seat: int | None) -> None:
    view = with_contents().view(seat)
    render(view, PLAYERS)  # the first call builds the sprites and the palette
    timings = []
    for _ in range(9):
        started = time.perf_counter()
        render(view, PLAYERS)
        timings.append(time.perf_counter() - started)
    assert sorted(timings)[4] < 0.1  # generous: shared CI machines are slow; typically ~15 ms


def _pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()
