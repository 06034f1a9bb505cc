"""Time to pair a Swiss round: ``python -m bench tournament``.

A simulated event of 200 players: each round is paired from the standings (random
results, a third of games drawn) and timed; the figure is the slowest round.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from bot.pairing import Entrant, Pairing, swiss


@dataclass
class Player:
    score: float = 0.0
    opponents: set[int] = field(default_factory=set)
    balance: int = 0
    bye: bool = False


def standings(players: dict[int, Player]) -> list[Entrant]:
    order = sorted(players, key=lambda uid: (-players[uid].score, uid))
    return [
        Entrant(uid, players[uid].score, rank, frozenset(players[uid].opponents), players[uid].balance,
                players[uid].bye)
        for rank, uid in enumerate(order)
    ]


def play(players: dict[int, Player], pairing: Pairing, rng: random.Random) -> None:
    for first, second in pairing.games:
        result = rng.choice((1.0, 0.5, 0.0))
        players[first].score += result
        players[second].score += 1 - result
        players[first].opponents.add(second)
        players[second].opponents.add(first)
        players[first].balance += 1
        players[second].balance -= 1
    if pairing.bye is not None:
        players[pairing.bye].score += 1
        players[pairing.bye].bye = True


def pairing_times(size: int = 200, rounds: int = 9, seed: int = 1) -> list[tuple[float, float]]:
    """(wall, CPU) seconds to pair each round of a simulated Swiss event.

    The CPU time is the process's own: on a machine shared with other work it is the
    figure to compare, the wall time is what players wait.
    """
    rng = random.Random(seed)
    players = {uid: Player() for uid in range(size)}
    times = []
    for _ in range(rounds):
        entrants = standings(players)
        wall, cpu = time.perf_counter(), time.process_time()
        pairing = swiss(entrants)
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
        play(players, pairing, rng)
    return times


def print_tournament(size: int = 200, rounds: int = 9) -> None:
    times = pairing_times(size, rounds)
    walls = sorted(wall for wall, _ in times)
    cpus = sorted(cpu for _, cpu in times)
    print("| players | rounds | pairing a round: median | slowest round | slowest round, CPU time |")
    print("|---|---|---|---|---|")
    median = walls[len(walls) // 2]
    print(f"| {size} | {rounds} | {median * 1000:.0f} ms | {walls[-1] * 1000:.0f} ms | {cpus[-1] * 1000:.0f} ms |")
