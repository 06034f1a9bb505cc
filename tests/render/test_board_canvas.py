"""Boards start from a canvas whose squares and coordinates are drawn once per grid and pasted
(:func:`render.kit.board_canvas`): the pixels are those of drawing them on each board."""

from __future__ import annotations

from typing import Any

import pytest

from render import kit
from render.kit import Grid, Squares, board_canvas, draw_checkered, draw_coordinates, new_canvas
from rules import part_of
from tests.render.test_memo_font import playout

GRID_GAMES = {  # each setup whose board differs: Araksey's 5×5 and 7×7, Arcanor with and without peeks
    "arkaios": [(2, {})],
    "dragons_arena": [(2, {"level": "baby"}), (1, {"solo": "normal", "solo_species": "fire"})],
    "arcanor": [(2, {"strict_memory": False}), (2, {"strict_memory": True})],
    "araksey": [(2, {}), (4, {})],
}
Canvas = tuple[int, int, Grid, Squares | None]


def canvases_the_boards_ask_for(monkeypatch: pytest.MonkeyPatch) -> set[Canvas]:
    asked: set[Canvas] = set()

    def spy(width: int, height: int, grid: Grid, squares: Squares | None = None) -> Any:
        asked.add((width, height, grid, squares))
        return board_canvas(width, height, grid, squares)

    for game, setups in GRID_GAMES.items():
        module = part_of(game, "render")
        monkeypatch.setattr(module, "board_canvas", spy)
        for players, options in setups:
            states = playout(game, players, options, seed=3)
            for state in (states[0], states[len(states) // 2], states[-1]):
                module.render(state.view(None), ["Ada", "Bob", "Cy", "Di"][:players])
    return asked


def test_every_board_s_canvas_is_the_squares_and_coordinates_drawn_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = canvases_the_boards_ask_for(monkeypatch)
    assert {grid.files for _, _, grid, _ in asked} == {4, 5, 7, 8}  # every board's grid was asked for
    for width, height, grid, squares in asked:
        plain, draw = new_canvas(width, height)
        draw_checkered(draw, grid, squares)
        draw_coordinates(draw, grid)
        assert board_canvas(width, height, grid, squares)[0].tobytes() == plain.tobytes(), grid


def test_the_kept_board_is_never_drawn_on(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = canvases_the_boards_ask_for(monkeypatch)  # boards drawn: pieces, arrows, marks on their canvases
    for _, _, grid, squares in asked:
        kept = kit._board_image(grid, squares or kit.checkered(grid))
        assert kept.tobytes() == kit._board_image.__wrapped__(grid, squares or kit.checkered(grid)).tobytes()
