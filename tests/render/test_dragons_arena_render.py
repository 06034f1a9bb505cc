"""Dragons Arena images: start, mid-game, force fields, finished, secret sets, placement and solo."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from render.dragons_arena import ARENA, FIELD, SIDE_COLOURS, panel_box, render
from render.kit import YELLOW
from rules import GAMES
from rules.base import JSON
from rules.dragons_arena import DragonsArenaState, DragonsArenaView
from tests.render.pixels import picture, share, shows_turn

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


check_png = picture


def assert_arena_shows(image: Image.Image, view: DragonsArenaView) -> None:
    """Every square shows the die the view puts there, in its side's colour, with its force field;
    empty squares show no die."""
    for rank, row in enumerate(view["board"]):
        for file, cell in enumerate(row):
            x0, y0, x1, y1 = ARENA.box(file, rank)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            body = (cx + 7, cy + 7, cx + 13, cy + 13)  # between the pips of every power
            frame = (x0 + 16, cy - 2, x0 + 19, cy + 2)  # the field's white band, left of the die
            for side, colour in enumerate(SIDE_COLOURS):
                expected = cell is not None and cell["side"] == ("fire", "ice")[side]
                assert (share(image, body, colour) > 0.8) == expected, (file, rank, cell)
            has_field = cell is not None and cell["field"]
            assert (share(image, frame, FIELD, 10) > 0.8) == has_field, (file, rank, cell)


def turn_marked(image: Image.Image, side: int) -> bool:
    """The side's panel wears the yellow frame and arrow of the side to play."""
    return share(image, panel_box(side), YELLOW) > 0.01


def test_start_view() -> None:
    view = GAME.new(2, 3, {"level": "baby"}).view(None)
    image = check_png(render(view, PLAYERS))
    assert_arena_shows(image, view)
    assert shows_turn(image)
    to_play = ("fire", "ice").index(view["to_play"] or "")
    assert turn_marked(image, to_play) and not turn_marked(image, 1 - to_play)


def test_mid_game_view_with_fields_and_last_move() -> None:
    state = position({"a1": "F2*", "b2": "I2", "c1": "I3", "d4": "F3*", "b3": "F6", "c3": "I1*"}, "ice")
    after = state.play(1, "c3xb3")
    image = check_png(render(after.view(None), PLAYERS))
    assert_arena_shows(image, after.view(None))
    # The square the dragon left carries the yellow last-move frame.
    assert (240, 228, 66) in {colour for _, colour in image.convert("RGB").getcolors(1 << 16) or []}


def test_random_mid_game_with_dragon_master() -> None:
    state = played(GAME.new(2, 7, {"dragon_master": True, "nuggets": 3}), 6)
    assert_arena_shows(check_png(render(state.view(0), PLAYERS)), state.view(0))


def test_finished_view() -> None:
    state = position({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}).play(0, "a1xb2")
    assert state.outcome is not None
    image = check_png(render(state.view(None), PLAYERS))
    assert_arena_shows(image, state.view(None))
    assert not turn_marked(image, 0) and not turn_marked(image, 1)


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
    for state in (played(GAME.new(2, 2, {"level": "little"}), 5), played(GAME.new(2, 2, {"level": "equal"}), 2)):
        view = state.view(None)
        image = check_png(render(view, PLAYERS))
        assert_arena_shows(image, view)
        for side, colour in enumerate(SIDE_COLOURS):
            # The dice still to place stand at the foot of their side's panel.
            left, top, right, bottom = panel_box(side)
            shown = share(image, (left + 12, top + 160, right - 12, bottom - 4), colour) > 0.02
            assert shown == bool(view["dice"][("fire", "ice")[side]]), (view["phase"], side)


def test_next_duel_view_shows_the_previous_result() -> None:
    state = position({"a1": "F4", "b2": "I3", "d4": "I4", "d3": "I2"}, nuggets=2).play(0, "a1xb2")
    assert state.view(None)["last_duel"] is not None
    assert_arena_shows(check_png(render(state.view(None), PLAYERS)), state.view(None))


@pytest.mark.parametrize("species", ["fire", "ice"])
def test_solo_views(species: str) -> None:
    state = GAME.new(1, 4, {"solo": "high", "solo_species": species})
    assert_arena_shows(check_png(render(state.view(0), ["Cleo"])), state.view(0))
    finished = played(state, 200)
    assert finished.outcome is not None
    assert_arena_shows(check_png(render(finished.view(0), ["Cleo"])), finished.view(0))


def test_long_names_do_not_break_the_picture() -> None:
    view = GAME.new(2, 3).view(None)
    image = check_png(render(view, ["A" * 40, "B" * 40]))
    assert shows_turn(image)  # the names are cut before they reach the turn
    assert_arena_shows(image, view)


