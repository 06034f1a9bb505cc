"""Arkaios for the search: nothing hidden and no chance, so the one world is the replayed game.

The evaluation looks at each architect's ring (the squares around their
position): capitals there bring a temple (a win) closer, while squares still
open to build keep the architect from being blocked (a loss).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, replay, squash
from ai.observation import Observation
from ai.solver import Budget
from rules import GameState, Outcome, Rng
from rules.arkaios import AROUND, NEIGHBOURS, PILLARS, STEPS, TOP, ArkaiosState, Heights, Pillar, searched, third_level

# Moves hard may try per decision to prove lines two turns deep (ai/deep_proof.py).
DEEP_BUDGET = 240_000


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


def position_key(state: GameState[Any]) -> Hashable:
    """What the rest of the game depends on: the garden, both architects, whose turn and how far
    into it (the pieces spent and the last pillar of the chain), and the result."""
    assert isinstance(state, ArkaiosState)
    chain_end = str(state.chain[-1]) if state.chain else None
    winners = None if state.result is None else state.result.winners
    architects = (tuple(state.positions), tuple(state.last_levels))
    return (state.heights, architects, state.to_move, state.spent, chain_end, winners)


# What building one end of a turn costs the budget, in moves: looking whether the opponent is blocked
# is a small search of its own.
END_COST = 8
# A chain's end: (the heights the completion search reads, the final pillar's square).
ChainEnd = tuple[Heights, int]


def whole_turns(state: GameState[Any], seat: int, budget: Budget) -> Iterator[tuple[Any, GameState[Any]]]:
    """Each distinct way ``seat`` can finish its turn from ``state``: (its first pillar, the position
    after). The proofs' fast path: chains are walked on the heights alone and only their ends
    become states, instead of playing every pillar through the engine. Each pillar tried spends
    one move of ``budget`` and each end built ``END_COST``; once it is spent the walk stops,
    silently (the caller checks it). The openings are not walked: the budget is marked spent."""
    assert isinstance(state, ArkaiosState)
    if state.phase != "turn" or state.to_move != seat:
        budget.left = -1  # the openings are left to the one-turn proofs: a line through them proves nothing
        return
    mine, theirs = state.last_levels[seat], state.last_levels[1 - seat]
    position, forbidden = state.positions[seat], state.positions[1 - seat]
    assert mine is not None and theirs is not None and position is not None and forbidden is not None
    prev, level = (state.chain[-1].index, state.chain[-1].level) if state.chain else (position, mine)
    ends: dict[ChainEnd, Pillar | None] = {}
    left, final = mine + theirs - state.spent, third_level(mine, theirs)
    walk(searched(state.heights, forbidden), prev, level, left, final, None, ends, budget)
    kept = state.heights[forbidden : forbidden + 1]  # the opponent's square, marked for the walk
    for (heights, square), first in ends.items():
        if not budget.spend_many(END_COST):
            return
        yield first, turn_end(state, seat, heights[:forbidden] + kept + heights[forbidden + 1 :], square)


def walk(
    heights: Heights, prev: int, prev_level: int, left: int, final: int, first: Pillar | None,
    ends: dict[ChainEnd, Pillar | None], budget: Budget,
) -> None:  # fmt: skip
    """Every chain from pillar ``prev`` spending exactly ``left`` pieces, its last pillar at level
    ``final``: its end in ``ends``, with the first pillar of a chain that reaches it."""
    for index, height in zip(NEIGHBOURS[prev], AROUND[prev](heights), strict=True):
        for level, rest in STEPS[prev_level][left][height]:
            if not budget.spend():
                return
            pillar = first or PILLARS[index][level]
            raised = heights[:index] + bytes((level,)) + heights[index + 1 :]
            if rest == 0:
                if level == final:
                    ends.setdefault((raised, index), pillar)
            else:
                walk(raised, index, level, rest, final, pillar, ends, budget)


def turn_end(state: ArkaiosState, seat: int, heights: Heights, square: int) -> ArkaiosState:
    """The position after ``seat``'s turn ends with its final pillar on ``square``, the garden
    ``heights``: a temple won, the opponent blocked, or the opponent to move."""
    end = state.copy()
    level = third_level(*(lv for lv in state.last_levels if lv is not None))
    end.heights, end.chain, end.spent = heights, [], 0
    end.positions, end.last_levels = state.positions.copy(), state.last_levels.copy()
    end.positions[seat], end.last_levels[seat] = square, level
    if all(heights[n] == TOP for n in NEIGHBOURS[square]):
        end.result = Outcome(winners=(seat,), reason="temple")
        return end
    end.to_move = 1 - seat
    if not end.has_turn():
        end.result = Outcome(winners=(seat,), reason="blocked")
    return end


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, ArkaiosState)
    lead = ring_score(state, 0) - ring_score(state, 1)
    return (squash(lead), squash(-lead))


ADAPTERS["arkaios"] = Adapter(
    sampler=sampler,
    evaluate=evaluate,
    full_choices=3,
    proof_budget=40_000,
    deep_budget=DEEP_BUDGET,
    position_key=position_key,
    whole_turns=whole_turns,
)
