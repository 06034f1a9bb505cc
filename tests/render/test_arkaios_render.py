"""The Arkaios board picture: a compact PNG that changes with what it must show."""

from __future__ import annotations

import io

from PIL import Image

from render.arkaios import render
from rules import GAMES
from rules.arkaios import ArkaiosState

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


def _state_after(*moves: str) -> ArkaiosState:
    state: ArkaiosState = GAMES["arkaios"].new(players=2, seed=0)
    for move in moves:
        state = state.play(state.actors[0], move)
    return state


def test_start_mid_turn_and_finished_boards_are_valid_pngs() -> None:
    for moves in ((), ("c3=3", "d4=2", "b2=2"), ("c3=1", "d4=2")):
        png = render(_state_after(*moves).view(None), NAMES)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 100_000
        with Image.open(io.BytesIO(png)) as img:
            assert 700 <= img.width <= 1000 and img.mode == "P"


def test_private_views_draw_the_same_board_as_the_public_one() -> None:
    # Everything in Arkaios is public: a seat's view shows nothing more.
    state = _state_after("c3=3", "d4=2", "b2=2")
    public = render(state.view(None), NAMES)
    assert render(state.view(0), NAMES) == public == render(state.view(1), NAMES)


def test_temple_ending_is_drawn_differently_from_a_blocked_one() -> None:
    walls = {sq: 3 for sq in ("b2", "c2", "d2", "b3", "b4", "c4", "d4")}
    grid = [0] * 25
    for name, height in {**walls, "d3": 1, "e1": 1}.items():
        grid[(int(name[1]) - 1) * 5 + "abcde".index(name[0])] = height
    data = {
        "game": "arkaios", "players": 2, "heights": grid, "positions": ["d4", "e1"], "last_levels": [3, 1],
        "to_move": 0, "chain": [], "spent": 0, "last_turn": [], "last_turn_seat": None, "last_turn_from": None,
        "move_number": 6, "outcome": None,
    }  # fmt: skip
    state = GAMES["arkaios"].from_json(data).play(0, "d3=3").play(0, "c3=2")
    assert state.outcome is not None and state.outcome.reason == "temple"
    temple = render(state.view(None), NAMES)
    blocked = render(_state_after("c3=1", "d4=2").view(None), NAMES)
    assert temple != blocked and len(temple) < 100_000


def test_missing_names_fall_back_to_seat_numbers() -> None:
    assert render(_state_after("c3=3").view(None), ["Alice"])[:4] == b"\x89PNG"


