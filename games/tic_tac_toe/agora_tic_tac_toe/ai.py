"""Tic-tac-toe for the search: nothing hidden and no chance, so the one world is the replayed game.

The evaluation counts the lines each seat could still complete, weighted by its marks on them.
"""

from __future__ import annotations

from typing import Any

from agora_tic_tac_toe.rules import GAME_ID, LINES, TicTacToeState
from ai.adapter import ADAPTERS, Adapter, Sampler, Values, replay, squash
from ai.observation import Observation
from rules import GameState, Rng


def sampler(obs: Observation) -> Sampler:
    state = replay(obs, {}, obs.log)

    def world(rng: Rng) -> GameState[Any]:
        return state

    return world


def threats(state: TicTacToeState, seat: int) -> int:
    """The seat's marks on each line the other seat has not blocked, squared (two in a line count 4)."""
    total = 0
    for line in LINES:
        marks = [state.marks[index] for index in line]
        if 1 - seat not in marks:
            total += marks.count(seat) ** 2
    return total


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, TicTacToeState)
    lead = (threats(state, 0) - threats(state, 1)) / 4
    return (squash(lead), squash(-lead))


ADAPTERS[GAME_ID] = Adapter(sampler=sampler, evaluate=evaluate)
