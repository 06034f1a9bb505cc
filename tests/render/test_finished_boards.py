"""A finished game is drawn finished: given the stored result, every board draws it in the
header instead of whose turn it is, and drops its turn prompts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from render import araksey, arkaios, dragons_arena, kouba
from render.kit import LAST_MOVE, MARGIN, SEAT_COLOURS, YELLOW, Header, Render, draw_header, new_canvas, text_width
from rules import GAMES, GameState, part_of
from tests.render.pixels import picture, share, shows_result, shows_turn

NAMES = ["Ada", "Bartholomew", "Cy"]
RESULTS = {"en": "Ada wins: Bartholomew resigned", "fr": "Ada gagne : abandon de Bartholomew"}


def mid_game(game: str, players: int = 2, moves: int = 6) -> GameState[Any]:
    """A game in progress after a few random moves."""
    state: GameState[Any] = GAMES[game].new(players=players, seed=5)
    chooser = random.Random(5)
    for _ in range(moves):
        seat = state.actors[0]
        state = state.play(seat, chooser.choice(state.legal_moves(seat)))
    assert state.outcome is None
    return state


def board(game: str) -> Render:
    draw: Render = part_of(game, "render").render
    return draw


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_result_replaces_whose_turn_it_is(game: str) -> None:
    players = 3 if game == "kouba" else 2
    view = mid_game(game, players).view(None)
    names = NAMES[:players]
    playing = picture(board(game)(view, names))
    assert shows_turn(playing) and not shows_result(playing)
    pictures = {lang: board(game)(view, names, result=text) for lang, text in RESULTS.items()}
    for png in pictures.values():
        finished = picture(png)
        assert shows_result(finished) and not shows_turn(finished)
    assert pictures["en"] != pictures["fr"]


def test_arkaios_drops_the_building_prompt() -> None:
    view = mid_game("arkaios").view(None)
    turn = view["turn"]
    assert turn is not None
    marker = (28, arkaios.STATUS_TOP + 20, 44, arkaios.STATUS_TOP + 36)  # the mover's shape before the prompt
    assert share(picture(arkaios.render(view, NAMES[:2])), marker, SEAT_COLOURS[turn]) > 0.3
    assert share(picture(arkaios.render(view, NAMES[:2], result=RESULTS["en"])), marker, SEAT_COLOURS[turn]) == 0


def test_dragons_arena_drops_the_side_to_play() -> None:
    view = mid_game("dragons_arena").view(None)
    for result, marked in ((None, True), (RESULTS["en"], False)):
        image = picture(dragons_arena.render(view, NAMES[:2], result=result))
        panels = [share(image, dragons_arena.panel_box(side), YELLOW) > 0.01 for side in (0, 1)]
        assert any(panels) == marked


def test_araksey_drops_the_bar_of_the_seat_to_act() -> None:
    view = mid_game("araksey", moves=3).view(None)
    bar = (araksey.PANEL_LEFT + 3, 100, araksey.PANEL_LEFT + 8, 500)
    assert share(picture(araksey.render(view, NAMES[:2])), bar, LAST_MOVE) > 0.02
    assert share(picture(araksey.render(view, NAMES[:2], result=RESULTS["en"])), bar, LAST_MOVE) == 0


def test_kouba_waits_for_nobody_once_finished() -> None:
    view = mid_game("kouba", players=3).view(None)
    for result, waited in ((None, True), (RESULTS["fr"], False)):
        image = picture(kouba.render(view, NAMES, result=result))
        arrows = []
        for seat in range(3):
            top = kouba.player_row_box(view, seat)[1]
            arrows.append(share(image, (MARGIN + 148, top + 10, MARGIN + 166, top + 30), YELLOW) > 0.1)
        assert any(arrows) == waited
    hand = picture(kouba.render_hand(mid_game("kouba", players=3).view(0), NAMES, result=RESULTS["en"]))
    assert shows_result(hand) and not shows_turn(hand)


def test_a_long_result_is_shrunk_beside_the_names_never_over_them() -> None:
    names = ("Ada", "Bartholomew")
    long = "Bartholomew ran out of time after a very long think: Ada won the match " * 2
    plain, draw = new_canvas(800, 92)
    draw_header(draw, 800, Header("Game", names, turn="Ada to play"))
    finished, draw = new_canvas(800, 92)
    draw_header(draw, 800, Header("Game", names, turn="Ada to play", result=long))
    names_end = MARGIN + sum(24 + text_width(draw, name, 22) + 22 for name in names)
    left = (0, 0, round(names_end), 92)
    assert plain.crop(left).tobytes() == finished.crop(left).tobytes()
    assert shows_result(finished) and not shows_turn(finished)
