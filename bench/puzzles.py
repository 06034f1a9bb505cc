"""Puzzles mined from games between Agora's levels: ``python -m bench puzzles [--games N] [--game ID] [--recheck]``.

Each game plays ``--games`` games, medium against easy (medium in seat 0 in even games, seat 1 in odd ones;
the other seats easy), and mines each finished game as the bot does after a game (:func:`bot.mining.mine`,
in this process). It reports the puzzles kept per game and the mining's worker seconds per game (processor
time: the AI workers' cost, whatever else the machine runs). ``--recheck`` weighs every kept puzzle again,
seeded, at four times the first look's budget and counts those still clear with the same best move.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from dataclasses import dataclass, field
from typing import Any

from ai import PublicMove, choose_move, observe
from bot.mining import SCALE, Found, here, judge, mine, mine_seed
from rules import GAMES, GameState

MAX_PLIES = 600  # a game longer than this is stopped (and mined as it stands)


@dataclass
class Tally:
    """One game's bench: puzzles kept, mining seconds per game, and re-checks that held."""

    games: int = 0
    puzzles: int = 0
    seconds: list[float] = field(default_factory=list)
    held: int = 0


def played(game_id: str, seed: int) -> tuple[list[GameState[Any]], list[PublicMove]]:
    """A seeded game, medium in seat ``seed % 2``, easy elsewhere: every state and the moves between them."""
    state = GAMES[game_id].new(players=max(2, GAMES[game_id].min_players), seed=seed, options={})
    states: list[GameState[Any]] = [state]
    moves: list[PublicMove] = []
    while state.outcome is None and len(moves) < MAX_PLIES:
        seat = (state.waiting_for or state.actors)[0]
        level = "medium" if seat == seed % 2 else "easy"
        move = choose_move(observe(state, seat, moves), level, seed=seed * 1000 + len(moves))
        state = state.play(seat, move)
        moves.append((seat, move))
        states.append(state)
    return states, moves


def holds(game_id: str, found: Found, seed: int) -> bool:
    """Whether a kept puzzle is still clear, with the same best move, at four times the first look's budget."""
    state = GAMES[game_id].state_class.from_json(found.position)
    again = judge(observe(state, found.seat, found.log), found.judged.played, seed + 1, 4 * SCALE)
    return again.clear and again.best == found.judged.best


def measure(game_id: str, games: int, recheck: bool) -> Tally:
    tally = Tally()
    for seed in range(games):
        states, moves = played(game_id, seed)
        mined = asyncio.run(mine(here, game_id, seed, states, moves))
        tally.games += 1
        tally.puzzles += len(mined.found)
        tally.seconds.append(mined.seconds)
        if recheck:
            tally.held += sum(holds(game_id, found, mine_seed(seed, found.ply)) for found in mined.found)
    return tally


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench puzzles")
    parser.add_argument("--games", type=int, default=200, help="games per game, medium against easy (default 200)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    parser.add_argument("--recheck", action="store_true", help="weigh every kept puzzle again at 4x the budget")
    args = parser.parse_args(argv)
    print("| game | games | puzzles | per 10 games | mean mining s/game | max mining s/game | held at 4x |")
    print("|---|---|---|---|---|---|---|")
    for game_id in args.game or sorted(GAMES):
        tally = measure(game_id, args.games, args.recheck)
        held = f"{tally.held}/{tally.puzzles}" if args.recheck else "-"
        print(
            f"| {GAMES[game_id].name} | {tally.games} | {tally.puzzles} | {10 * tally.puzzles / tally.games:.1f} | "
            f"{statistics.fmean(tally.seconds):.1f} | {max(tally.seconds):.1f} | {held} |",
            flush=True,
        )
