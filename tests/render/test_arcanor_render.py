"""Arcanor board images: start, mid-game, finished, private and strict-memory views."""

from __future__ import annotations

import io
import random

from PIL import Image

from render.arcanor import board_grid, render
from render.kit import SEAT_COLOURS
from rules import GAMES
from rules.arcanor import ArcanorState, ArcanorView
from rules.base import Square
from tests.render.pixels import centre_box, picture, share, shows_turn

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


check_png = picture


def assert_board_shows(image: Image.Image, view: ArcanorView) -> None:
    """Each square shows its top piece in its owner's colour; empty squares show no piece."""
    grid = board_grid()
    for rank in range(grid.ranks):
        for file in range(grid.files):
            entry = view["board"].get(str(Square(file, rank)))
            middle = centre_box(grid.box(file, rank), 14)
            for seat, colour in enumerate(SEAT_COLOURS[:2]):
                owned = entry is not None and entry["top"]["owner"] == seat
                assert (share(image, middle, colour, 40) > 0.2) == owned, (Square(file, rank), entry)


def test_start_view() -> None:
    view = GAME.new(players=2, seed=1).view(None)
    image = check_png(render(view, PLAYERS))
    assert image.height > image.width * 0.9
    assert_board_shows(image, view)
    assert shows_turn(image)


def test_mid_game_views() -> None:
    state = played(3, 140)
    for seat in (None, 0, 1):
        assert_board_shows(check_png(render(state.view(seat), PLAYERS)), state.view(seat))


def test_finished_view() -> None:
    state = played(5, 5000)
    assert state.outcome is not None
    assert_board_shows(check_png(render(state.view(None), PLAYERS)), state.view(None))


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
    for view, names in ((with_contents().view(0), ["A very long display name indeed", "Zoë 🐉"]),
                        (with_contents().view(None), [])):  # fmt: skip
        image = check_png(render(view, names))
        assert_board_shows(image, view)
        assert shows_turn(image)




def _pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()
