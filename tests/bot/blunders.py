"""Games with a planted blunder: random play until the learner's seat may make a move after which the
opponent wins at once (while another move would not let it), then that move and the winning answer."""

from __future__ import annotations

import random
from typing import Any

from rules import GAMES, GameState

Log = list[tuple[int, str]]


def winning_answer(state: GameState[Any], loser: int) -> str | None:
    """An answer after which another seat than ``loser`` has won, if there is one."""
    for seat in state.actors:
        if seat == loser:
            continue
        for move in state.legal_moves(seat):
            after = state.play(seat, move)
            if after.outcome is not None and after.outcome.winners and loser not in after.outcome.winners:
                return str(move)
    return None


def blunder_at(state: GameState[Any], seat: int) -> tuple[str, str] | None:
    """(blunder, its winning answer) where ``seat`` also has a move that lets no such answer."""
    blunders, safe = [], False
    for move in state.legal_moves(seat):
        after = state.play(seat, move)
        if after.outcome is not None or seat in after.actors:
            continue
        answer = winning_answer(after, seat)
        if answer is None:
            safe = True
        else:
            blunders.append((str(move), answer))
    return blunders[0] if blunders and safe else None


def planted(game: str, seed: int, options: dict[str, Any] | None = None, limit: int = 400) -> Log:
    """A finished game's log, seat 0's last move the blunder, seat 1's last the winning answer."""
    rnd = random.Random(seed)
    state: GameState[Any] = GAMES[game].new(players=2, seed=seed, options=options or {})
    log: Log = []
    for _ in range(limit):
        if state.outcome is not None:
            break
        if state.actors == (0,) and (found := blunder_at(state, 0)) is not None:
            blunder, answer = found
            return [*log, (0, blunder), (1, answer)]
        seat = state.actors[0]
        move = str(rnd.choice(state.legal_moves(seat)))
        log.append((seat, move))
        state = state.play(seat, move)
    raise LookupError(f"no blunder found in {game} with seed {seed}")
