"""Engine and drawing figures for every registered game: moves/s, playouts/s, render time."""

from __future__ import annotations

import importlib
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import GAMES, Game, GameState, Rng

JSON = dict[str, Any]


@dataclass(frozen=True)
class EngineFigures:
    game: str
    setup: str
    moves_per_second: float
    playouts_per_second: float
    render_median_ms: float
    render_p99_ms: float
    png_kb: float


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The sample below which ``fraction`` of the samples fall (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def describe_setup(players: int, options: JSON) -> str:
    """``2 players, level=baby``: how a row of the table was played."""
    return ", ".join([f"{players} players", *(f"{name}={value}" for name, value in options.items())])


def random_playout(game: Game[Any], players: int, options: JSON, seed: int) -> list[GameState[Any]]:
    """States of one random game, start to end."""
    rng = Rng.seeded(seed)
    state = game.new(players=players, seed=seed, options=options)
    states = [state]
    while state.outcome is None and len(states) < 20_000:
        seat = rng.choice(list(state.actors))
        state = state.play(seat, rng.choice(state.legal_moves(seat)))
        states.append(state)
    return states


def time_playouts(game: Game[Any], players: int, options: JSON, budget_s: float) -> tuple[float, float]:
    """(moves per second, playouts per second) of random play within about ``budget_s``."""
    moves = playouts = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < budget_s:
        moves += len(random_playout(game, players, options, seed)) - 1
        playouts += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, playouts / elapsed


def time_renders(draw: Callable[[JSON, Sequence[str]], bytes], views: list[JSON], names: Sequence[str]) -> list[float]:
    """Milliseconds per render of each view (after one warm-up render that builds cached palettes)."""
    draw(views[0], names)
    timings = []
    for view in views:
        start = time.perf_counter()
        draw(view, names)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def measure(game_id: str, budget_s: float = 2.0, renders: int = 60) -> list[EngineFigures]:
    game = GAMES[game_id]
    draw = importlib.import_module(f"render.{game_id}").render
    figures = []
    for players, options in game.sample_setups[:1] or ((game.min_players, {}),):
        names = [f"Player {seat + 1}" for seat in range(players)]
        states = random_playout(game, players, options, seed=1)
        views = [states[i * len(states) // renders].view(None) for i in range(renders)]
        timings = time_renders(draw, views, names)
        png = draw(views[len(views) // 2], names)
        moves_s, playouts_s = time_playouts(game, players, options, budget_s)
        figures.append(
            EngineFigures(
                game=game.name, setup=describe_setup(players, options), moves_per_second=moves_s,
                playouts_per_second=playouts_s, render_median_ms=statistics.median(timings),
                render_p99_ms=percentile(timings, 0.99), png_kb=len(png) / 1024,
            )
        )
    return figures
