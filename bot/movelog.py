"""A game rebuilt from what storage keeps: its seed and options give the start, its move log the rest.

The RNG lives in the state, so a replay is exact: take-backs, replays and ``python -m bot
check`` all rebuild states this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage import GameRow, MoveRow
from rules import GAMES, GameState


def starting_state(row: GameRow) -> GameState[Any]:
    """The game's first position, as ``new()`` drew it when the game started."""
    state: GameState[Any] = GAMES[row.game].new(players=len(row.seats), seed=row.seed, options=row.options)
    return state


def replay(row: GameRow, moves: Sequence[MoveRow]) -> GameState[Any]:
    """The position after ``moves``; raises ``rules.IllegalMove`` if the log does not replay."""
    state: GameState[Any] = starting_state(row)
    for move in moves:
        state = state.play(move.seat, move.notation)
    return state
