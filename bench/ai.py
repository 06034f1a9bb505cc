"""Strength and speed of the AI levels: ``python -m bench ai [--games N] [--game ID] [--pairing A-B]``.

Each pairing plays ``--games`` games per game, the stronger level taking seat 0
in even games and seat 1 in odd ones; a win counts 1, a draw one half. Times
are CPU seconds of one core per decision of the first level of the pairing.
Games longer than ``--max-plies`` are stopped and counted as draws (reported).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from ai import LEVELS, PublicMove, choose_move, observe
from bench.engines import percentile
from rules import GAMES

PAIRINGS = ("hard-random", "hard-easy", "medium-easy")
DUEL = 2  # one level against another: two seats, in every game


@dataclass
class Tally:
    """Results of one level against another over several games."""

    games: int = 0
    score: float = 0.0
    capped: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.score / self.games if self.games else 0.0


def play(game_id: str, levels: tuple[str, str], seed: int, max_plies: int, tally: Tally, seat: int) -> None:
    """One game: ``levels[0]`` in ``seat``, ``levels[1]`` in the other seat(s)."""
    state = GAMES[game_id].new(players=max(DUEL, GAMES[game_id].min_players), seed=seed, options={})
    log: list[PublicMove] = []
    for ply in range(max_plies):
        if state.outcome is not None:
            break
        actor = (state.waiting_for or state.actors)[0]
        level = levels[0] if actor == seat else levels[1]
        start = time.process_time()
        move = choose_move(observe(state, actor, log), level, seed=seed * 1000 + ply)
        if actor == seat:
            tally.times.append(time.process_time() - start)
        state = state.play(actor, move)
        log.append((actor, move))
    tally.games += 1
    outcome = state.outcome
    if outcome is None:
        tally.capped += 1
        tally.score += 0.5
    elif outcome.is_draw:
        tally.score += 0.5
    elif seat in outcome.winners:
        tally.score += 1.0


def measure(game_id: str, pairing: str, games: int, max_plies: int) -> Tally:
    first, second = pairing.split("-")
    tally = Tally()
    for index in range(games):
        play(game_id, (first, second), seed=index, max_plies=max_plies, tally=tally, seat=index % 2)
    return tally


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai")
    parser.add_argument("--games", type=int, default=100, help="games per pairing and game (default 100)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    parser.add_argument("--pairing", choices=PAIRINGS, action="append", help="only these pairings")
    parser.add_argument("--max-plies", type=int, default=600, help="stop a game after this many moves: a draw")
    args = parser.parse_args(argv)
    assert all(level in LEVELS for pairing in PAIRINGS for level in pairing.split("-"))
    print("| game | pairing | games | win rate | capped | mean s/decision | p95 s/decision |")
    print("|---|---|---|---|---|---|---|")
    for game_id in args.game or sorted(GAMES):
        for pairing in args.pairing or PAIRINGS:
            tally = measure(game_id, pairing, args.games, args.max_plies)
            mean = statistics.fmean(tally.times) if tally.times else 0.0
            p95 = percentile(tally.times, 0.95) if tally.times else 0.0
            print(
                f"| {GAMES[game_id].name} | {pairing.replace('-', ' vs ')} | {tally.games} | "
                f"{tally.win_rate:.0%} | {tally.capped} | {mean:.3f} | {p95:.3f} |",
                flush=True,
            )
