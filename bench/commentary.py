"""The commentary's cost: worker time to weigh one turn's position for spectators, by game.

``python -m bench commentary [--games N] [--turns N]`` plays seeded random games of every game (for
two, and for four where a game seats four), weighs the position after each turn as the spectators'
thread does (:func:`bot.commentary.weigh_position`, in this process: a worker's work), and prints the
processor time a turn took (median, p95, longest) against the 2 s a turn the commentary may cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from bot.commentary import spectator_observation, weigh_position
from rules import GAMES, GameState

TARGET_SECONDS = 2.0


def turn_seconds(game: str, players: int, seed: int, turns: int) -> list[float]:
    """The worker time of each turn's weighing in one random game (up to ``turns`` turns)."""
    rng = random.Random(seed)
    state: GameState[Any] = GAMES[game].new(players=players, seed=seed)
    moves: list[tuple[int, str]] = []
    spent: list[float] = []
    while state.outcome is None and len(spent) < turns:
        seat = (state.waiting_for or state.actors)[0]
        move = str(rng.choice(state.legal_moves(seat)))
        state = state.play(seat, move)
        moves.append((seat, move))
        obs = spectator_observation(state, moves)
        if obs is not None and obs.seat != seat:  # a turn ended: the table moves on to another seat
            spent.append(weigh_position(obs, len(moves), seed + len(moves)).seconds)
    return spent


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench commentary")
    parser.add_argument("--games", type=int, default=3, help="random games a table")
    parser.add_argument("--turns", type=int, default=20, help="turns weighed at most a game")
    args = parser.parse_args(argv)
    print("| game | players | turns | median | p95 | longest | target |")
    print("|---|---|---|---|---|---|---|")
    for game_id, game in sorted(GAMES.items()):
        for players in sorted({max(2, game.min_players), *([4] if game.min_players <= 4 <= game.max_players else [])}):
            spent = [s for seed in range(args.games) for s in turn_seconds(game_id, players, seed, args.turns)]
            if not spent:
                continue
            p95 = statistics.quantiles(spent, n=20)[-1] if len(spent) > 1 else spent[0]
            print(f"| {game.name} | {players} | {len(spent)} | {statistics.median(spent):.2f} s | {p95:.2f} s | "
                  f"{max(spent):.2f} s | {TARGET_SECONDS:.0f} s |")
