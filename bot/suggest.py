"""What ``/move`` offers while a player types: the legal moves matching what they typed.

Moves whose notation starts with the typed text come first, then those that contain
it, each in the engine's order; spaces and case do not matter.  Earlier words of a
several-move turn (pillars built one after another) are played first, so the last word is completed
from the position they lead to:

>>> from rules import GAMES
>>> game = next(game for game in GAMES.values() if game.min_players == 2)  # any game for two
>>> start = game.new(players=2, seed=0)
>>> first = str(start.legal_moves(0)[0])
>>> suggested_moves(start, [0], first.upper())[0] == first
True
>>> suggested_moves(start, [1], "")  # not this seat's turn
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import GameState, IllegalMove

CHOICES_LIMIT = 25  # Discord shows at most 25 choices
CHOICE_LENGTH = 100  # and each choice's value holds at most 100 characters


def suggested_moves(state: GameState[Any], seats: Sequence[int], typed: str, limit: int = CHOICES_LIMIT) -> list[str]:
    """Up to ``limit`` notations a player in ``seats`` may send as ``/move``, the best matches first."""
    words = typed.split()
    done, last = (words[:-1], words[-1]) if words and not typed.endswith(" ") else (words, "")
    seat = next((seat for seat in seats if seat in state.actors), None)
    if seat is None:
        return []
    position = _after(state, seat, done)
    if position is None:  # the words are one move written with spaces ("b1 x c2")
        position, done, last = state, [], typed
    lead = " ".join(done)
    found = [" ".join((lead, move)).strip() for move in _matching(position, seat, last)]
    return [move for move in found if len(move) <= CHOICE_LENGTH][:limit]


def _after(state: GameState[Any], seat: int, moves: list[str]) -> GameState[Any] | None:
    """The position once ``seat`` played ``moves``, or None if they cannot be played in a row."""
    for move in moves:
        if seat not in state.actors:
            return None
        try:
            state = state.play(seat, move)
        except IllegalMove:
            return None
    return state if seat in state.actors else None


def _matching(state: GameState[Any], seat: int, typed: str) -> list[str]:
    """The legal notations of ``seat`` that start with ``typed``, then those that contain it."""
    needle = _squeezed(typed)
    moves = [str(move) for move in state.legal_moves(seat)]
    starting = [move for move in moves if _squeezed(move).startswith(needle)]
    inside = [move for move in moves if needle in _squeezed(move) and not _squeezed(move).startswith(needle)]
    return starting + inside


def _squeezed(notation: str) -> str:
    return "".join(notation.split()).lower()
