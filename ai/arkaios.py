"""Arkaios for the search: nothing hidden and no chance, so the one world is the replayed game.

The evaluation looks at each architect's ring (the squares around their
position): capitals there bring a temple (a win) closer, while squares still
open to build keep the architect from being blocked (a loss).
"""

from __future__ import annotations

from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, replay, squash
from ai.observation import Observation
from rules import GameState, Rng
from rules.arkaios import NEIGHBOURS, TOP, ArkaiosState


def sampler(obs: Observation) -> Sampler:
    state = replay(obs, {}, obs.log)

    def world(rng: Rng) -> GameState[Any]:
        return state

    return world


def ring_score(state: ArkaiosState, seat: int) -> float:
    """Capitals around the seat's position (towards a temple) and room left to build."""
    position = state.positions[seat]
    if position is None:
        return 0.0
    ring = NEIGHBOURS[position]
    capitals = sum(1 for n in ring if state.heights[n] == TOP)
    open_squares = sum(1 for n in ring if state.heights[n] < TOP and n != state.positions[1 - seat])
    return 2.0 * capitals / len(ring) + (0.0 if open_squares >= 2 else -1.0)


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, ArkaiosState)
    lead = ring_score(state, 0) - ring_score(state, 1)
    return (squash(lead), squash(-lead))


ADAPTERS["arkaios"] = Adapter(sampler=sampler, evaluate=evaluate, full_choices=3, proof_budget=40_000)
