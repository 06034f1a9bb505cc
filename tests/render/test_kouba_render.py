"""Kouba images: the public table and the private hand, at the start, mid-game, in events and at the end."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image

from render.kouba import render, render_hand
from rules import GAMES
from rules.kouba import KoubaState

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


def check_png(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < 100_000
    image = Image.open(io.BytesIO(png))
    assert 700 <= image.width <= 1000
    return image


def rolled(state: KoubaState) -> bool:
    return state.phase == "turn" and state.rollers[state.turn].rolls >= 2 and state.move_number > 30


def test_start_view() -> None:
    state = GAME.new(3, seed=1)
    check_png(render(state.view(None), NAMES[:3]))
    check_png(render_hand(state.view(0), NAMES[:3]))


def test_mid_game_turn_public_and_private_differ() -> None:
    state = walk(2, 3, rolled)
    assert state.outcome is None
    public = render(state.view(None), NAMES[:2])
    check_png(public)
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
    check_png(render(state.view(None), NAMES[:3]))


def test_finished_view() -> None:
    state = walk(4, 2, lambda s: False)
    assert state.outcome is not None
    check_png(render(state.view(None), NAMES[:4]))
    check_png(render_hand(state.view(1), NAMES[:4]))


def test_spectator_hand_is_a_plain_notice() -> None:
    check_png(render_hand(GAME.new(2, seed=1).view(None), NAMES[:2]))


def test_render_time() -> None:
    view = walk(2, 3, rolled).view(None)
    render(view, NAMES[:2])
    times = []
    for _ in range(7):
        started = time.perf_counter()
        render(view, NAMES[:2])
        times.append(time.perf_counter() - started)
    assert statistics.median(times) < 0.1
