"""Engine and drawing figures for every registered game: plies/s, playouts/s, render time.

Random playouts go through the contract's fast path (``play(..., trusted=True)``), as a
search does, and are timed in CPU seconds; ``max_plies`` cuts them short (what a search's
rollouts do).
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules import GAMES, Game, GameState, Rng, View, part_of

JSON = dict[str, Any]
State = GameState[Any]


@dataclass(frozen=True)
class EngineFigures:
    game: str
    setup: str
    plies_per_second: float
    playouts_per_second: float
    cut_playouts_per_second: float
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


BENCH_PLAYERS = (2, 4)  # a game is measured with two players, and with four where it seats them
CUT_PLIES = 60


def playout(game: Game[Any], players: int, options: JSON, seed: int, max_plies: int = 20_000) -> Iterator[State]:
    """The states of one random game, start to end (or ``max_plies`` plies), played on the fast path."""
    rng = Rng.seeded(seed)
    state = game.new(players=players, seed=seed, options=options)
    yield state
    for _ in range(max_plies):
        if state.outcome is not None:
            return
        seat = rng.choice(list(state.actors))
        state = state.play(seat, rng.choice(state.legal_moves(seat)), trusted=True)
        yield state


def random_playout(game: Game[Any], players: int, options: JSON, seed: int) -> list[State]:
    """Every state of one random game."""
    return list(playout(game, players, options, seed))


def playout_length(game: Game[Any], players: int, options: JSON, seed: int, max_plies: int = 20_000) -> int:
    """Plies of one random game, keeping no state behind."""
    return sum(1 for _ in playout(game, players, options, seed, max_plies)) - 1


def time_playouts(
    game: Game[Any], players: int, options: JSON, budget_s: float, max_plies: int = 20_000, first_seed: int = 0
) -> tuple[float, float]:
    """(plies per second, playouts per second) of random play within about ``budget_s``.

    Seconds of CPU time of this process: other work on a shared machine barely moves the figures.
    """
    moves = playouts = 0
    start = time.process_time()
    seed = first_seed
    while time.process_time() - start < budget_s:
        moves += playout_length(game, players, options, seed, max_plies)
        playouts += 1
        seed += 1
    elapsed = time.process_time() - start
    return moves / elapsed, playouts / elapsed


def setups(game_id: str) -> tuple[tuple[int, JSON], ...]:
    """The setups measured: the first sample setup of each of :data:`BENCH_PLAYERS` the game has."""
    game = GAMES[game_id]
    firsts = {players: (players, options) for players, options in reversed(game.sample_setups)}
    chosen = tuple(firsts[players] for players in BENCH_PLAYERS if players in firsts)
    return chosen or game.sample_setups[:1] or ((game.min_players, {}),)


def profile_top(game_id: str, budget_s: float = 2.0, lines: int = 3) -> list[str]:
    """The ``lines`` functions where random playouts of ``game_id`` spend most time (own time)."""
    game = GAMES[game_id]
    players, options = setups(game_id)[-1]
    # As many playouts as fit in a quarter of the budget unprofiled: no clock calls in the profile.
    count = max(1, int(time_playouts(game, players, options, budget_s / 4)[1] * budget_s / 4))
    profiler = cProfile.Profile()
    profiler.runcall(lambda: [playout_length(game, players, options, seed) for seed in range(count)])
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime")
    stats.print_stats(lines)
    table = out.getvalue().splitlines()
    header = next(i for i, line in enumerate(table) if line.lstrip().startswith("ncalls"))
    return [f"{game.name} ({describe_setup(players, options)})", *table[header : header + 1 + lines]]


def time_renders(draw: Callable[[Any, Sequence[str]], bytes], views: list[View], names: Sequence[str]) -> list[float]:
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
    draw = part_of(game_id, "render").render
    figures = []
    for players, options in setups(game_id):
        names = [f"Player {seat + 1}" for seat in range(players)]
        states = random_playout(game, players, options, seed=1)
        views = [states[i * len(states) // renders].view(None) for i in range(renders)]
        timings = time_renders(draw, views, names)
        png = draw(views[len(views) // 2], names)
        moves_s, playouts_s = time_playouts(game, players, options, budget_s)
        # Other seeds than the full playouts': no position cached by an engine is met again.
        _, cut_s = time_playouts(game, players, options, budget_s / 2, CUT_PLIES, first_seed=1_000_000)
        figures.append(
            EngineFigures(
                game=game.name, setup=describe_setup(players, options), plies_per_second=moves_s,
                playouts_per_second=playouts_s, cut_playouts_per_second=cut_s,
                render_median_ms=statistics.median(timings), render_p99_ms=percentile(timings, 0.99),
                png_kb=len(png) / 1024,
            )
        )
    return figures
