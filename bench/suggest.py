"""How long ``/move`` autocomplete takes per keystroke: ``python -m bench suggest``.

Random games of every engine, at 2 and 4 players where the game allows it; at each
position the player to move types nothing (the most moves to list) and the first two
characters of a legal move.  Figures are the decoding, engine and matching work per keystroke.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from bot.suggest import suggested_moves
from rules import GAMES, GameState

GAMES_PER_SETUP = 20


@dataclass(frozen=True)
class SuggestFigures:
    game: str
    players: int
    most_moves: int
    median_ms: float
    worst_ms: float


def keystrokes(game_id: str, state: GameState[Any], seat: int) -> list[float]:
    """Seconds to answer an empty and a two-letter ``notation`` at this position.

    Each answer starts from the stored JSON, as the bot's does (it loads the game per keystroke).
    """
    game, stored = GAMES[game_id], state.to_json()
    moves = [str(move) for move in state.legal_moves(seat)]
    times = []
    for typed in ("", moves[0][:2]):
        start = time.perf_counter()
        suggested_moves(game.from_json(stored), [seat], typed)
        times.append(time.perf_counter() - start)
    return times


def widest_options(game_id: str, players: int) -> dict[str, Any]:
    """The options of the game's sample setup for ``players`` that offers the most moves at the start
    (the longest lists to answer; none when no sample setup has that many players)."""
    game = GAMES[game_id]
    found = [options for count, options in game.sample_setups if count == players]
    return max(found, key=lambda options: opening_moves(game_id, players, options), default={})


def opening_moves(game_id: str, players: int, options: dict[str, Any]) -> int:
    state = GAMES[game_id].new(players=players, seed=1, options=options)
    return sum(len(state.legal_moves(seat)) for seat in state.actors)


def measure(game_id: str, players: int, seed: int = 1) -> SuggestFigures:
    chooser, times, most = random.Random(seed), list[float](), 0
    for number in range(GAMES_PER_SETUP):
        state = GAMES[game_id].new(players=players, seed=seed + number, options=widest_options(game_id, players))
        while state.outcome is None and state.actors:
            seat = state.actors[0]
            most = max(most, len(state.legal_moves(seat)))
            times += keystrokes(game_id, state, seat)
            state = state.play(seat, chooser.choice(state.legal_moves(seat)))
    ms = [t * 1000 for t in times]
    return SuggestFigures(game_id, players, most, statistics.median(ms), max(ms))


def main() -> None:
    print("| game | players | most legal moves | median per keystroke | worst |")
    print("|---|---|---|---|---|")
    for game_id, game in sorted(GAMES.items()):
        for players in sorted({game.min_players, min(4, game.max_players)}):
            f = measure(game_id, players)
            print(f"| {f.game} | {f.players} | {f.most_moves} | {f.median_ms:.2f} ms | {f.worst_ms:.2f} ms |")
