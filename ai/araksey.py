"""Araksey for the search: nothing hidden and no chance, so the one world is the replayed game.

The evaluation counts, for each side, its sources already touching the opposing
araksey they crowd most (four there win), and a dragon state ready to use.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, replay, squash
from ai.observation import Observation
from rules import GameState, Rng
from rules.araksey import ArakseyState


def sampler(obs: Observation) -> Sampler:
    clock = obs.view["clock_seconds"] is not None
    state = replay(obs, {"elements": list(obs.view["elements"]), "clock": clock}, obs.log)

    def world(rng: Rng) -> GameState[Any]:
        return state

    return world


def pressure(state: ArakseyState, side: int) -> float:
    """The most sources of ``side`` around one opposing araksey, plus half a point per dragon ready."""
    arakseys, sources = state.locate()
    neighbours = state.geo.neighbours
    ours = [s for seat in state.side_seats(side) for s in sources[seat]]
    best = 0
    for seat in state.side_seats(1 - side):
        if arakseys[seat] != -1:
            ring = set(neighbours[arakseys[seat]])
            best = max(best, sum(1 for s in ours if s in ring))
    return best + 0.5 * sum(state.dragon[seat] for seat in state.side_seats(side))


def position_key(state: GameState[Any]) -> Hashable:
    """What the rest of the game depends on (the proofs' transposition table): the board, whose turn, the
    dragons, passes and effects, the board before the last move (no counter-play), the positions met so
    far (the loop draw) and the result."""
    assert isinstance(state, ArakseyState)
    previous = None if state.previous_board is None else tuple(state.previous_board)
    result = None if state.outcome is None else (state.outcome.winners, state.outcome.is_draw)
    effects = tuple((e.power, e.by, e.target) for e in state.effects)
    pieces = (tuple(state.board), state.phase, state.turn_index, tuple(state.dragon), tuple(state.passes_left))
    return (pieces, effects, previous, frozenset(state.seen.items()), result)


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, ArakseyState)
    lead = 0.8 * (pressure(state, 0) - pressure(state, 1))
    return tuple(squash(lead if state.sides[seat] == 0 else -lead) for seat in range(state.players))


# The position key serves mining's proofs five turns deep (bot/mining.py): the decisive moments are missed
# forced wins the search does not see at mining's budgets. The hard level proves one turn deep here.
ADAPTERS["araksey"] = Adapter(
    sampler=sampler, evaluate=evaluate, proof_budget=20_000, position_key=position_key, forced_turns=5
)
