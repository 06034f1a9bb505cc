"""Arkaios for the search: nothing hidden and no chance, so the one world is the replayed game.

The evaluation looks at each architect's ring (the squares around their
position): capitals there bring a temple (a win) closer, while squares still
open to build keep the architect from being blocked (a loss).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, replay, squash
from ai.observation import Observation
from ai.solver import Budget
from rules import GameState, Outcome, Rng
from rules.arkaios import (
    AROUND,
    NEIGHBOURS,
    PILLARS,
    STEPS,
    TOP,
    ArkaiosState,
    Heights,
    Pillar,
    can_finish,
    searched,
    third_level,
)

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
    ring: tuple[int, ...] = AROUND[position](state.heights)  # read at once: this runs for every end
    capitals = ring.count(TOP)
    other = state.positions[1 - seat]
    open_squares = len(ring) - capitals - (other in NEIGHBOURS[position] and state.heights[other] < TOP)
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
    key = walk_key(state)
    walked = WALKS.get(key)
    if walked is None:
        walked = walk_turn(state, seat, budget)
        if walked is None:
            return
        remember(key, walked)
    elif not budget.spend_many(walked.tried):
        return
    for first, heights, square, ended in walked.ends:
        if not budget.spend_many(END_COST):
            return
        yield first, turn_end(state, seat, heights, square, ended)


# Where a turn's walk starts: the garden, the seat, both architects and levels, the chain so far.
WalkKey = tuple[Heights, int, int | None, int | None, int | None, int | None, int, tuple[int, int] | None]
# One end of a turn: its first pillar, the garden after, the final pillar's square, how it ends the
# game ("temple", "blocked") or None.
TurnEnd = tuple[Pillar | None, Heights, int, str | None]


@dataclass(frozen=True)
class Walked:
    """A finished walk of a turn: the pillars it tried (what it cost the budget) and its ends."""

    tried: int
    ends: tuple[TurnEnd, ...]


# The walks this process made lately. A turn's ends do not depend on the decision asking for them,
# and the pillars of one turn (and the turns after) ask for many of the same; a walk found here
# charges the budget what it cost, so every proof ends exactly as it would have without it.
WALKS: dict[WalkKey, Walked] = {}
WALKS_KEPT = 2_000  # about three turns of proofs, some 30 MB


def walk_key(state: ArkaiosState) -> WalkKey:
    chain_end = (state.chain[-1].index, state.chain[-1].level) if state.chain else None
    mover, other = state.to_move, 1 - state.to_move
    return (state.heights, mover, state.positions[mover], state.positions[other],
            state.last_levels[mover], state.last_levels[other], state.spent, chain_end)  # fmt: skip


def remember(key: WalkKey, walked: Walked) -> None:
    if len(WALKS) >= WALKS_KEPT:
        del WALKS[next(iter(WALKS))]  # the oldest walk
    WALKS[key] = walked


def walk_turn(state: ArkaiosState, seat: int, budget: Budget) -> Walked | None:
    """Walk every chain that finishes ``seat``'s turn; None if the budget ran out on the way."""
    mine, theirs = state.last_levels[seat], state.last_levels[1 - seat]
    position, forbidden = state.positions[seat], state.positions[1 - seat]
    assert mine is not None and theirs is not None and position is not None and forbidden is not None
    prev, level = (state.chain[-1].index, state.chain[-1].level) if state.chain else (position, mine)
    ends: dict[ChainEnd, Pillar | None] = {}
    left, final, before = mine + theirs - state.spent, third_level(mine, theirs), budget.left
    walk(searched(state.heights, forbidden), prev, level, left, final, None, ends, budget)
    if budget.left < 0:
        return None
    kept = state.heights[forbidden : forbidden + 1]  # the opponent's square, marked for the walk
    found = []
    for (walked, square), first in ends.items():
        heights = walked[:forbidden] + kept + walked[forbidden + 1 :]
        found.append((first, heights, square, how_it_ends(heights, square, forbidden, theirs, final)))
    return Walked(before - budget.left, tuple(found))


def how_it_ends(heights: Heights, square: int, opponent_at: int, theirs: int, level: int) -> str | None:
    """How a turn whose final pillar stands on ``square`` ends the game: "temple" if that pillar
    completes one, "blocked" if the opponent (on ``opponent_at``, last at level ``theirs``) cannot
    finish a turn after it, else None (the game goes on)."""
    if AROUND[square](heights).count(TOP) == len(NEIGHBOURS[square]):
        return "temple"
    # The opponent's turn, as ArkaiosState.has_turn reads it, without its general checks.
    if not can_finish(searched(heights, square), opponent_at, theirs, level + theirs, third_level(theirs, level)):
        return "blocked"
    return None


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


def turn_end(state: ArkaiosState, seat: int, heights: Heights, square: int, ended: str | None) -> ArkaiosState:
    """The position after ``seat``'s turn ends with its final pillar on ``square``, the garden
    ``heights``: a temple won, the opponent blocked (``ended``), or the opponent to move."""
    positions, last_levels = state.positions.copy(), state.last_levels.copy()
    mine, theirs = last_levels[seat], last_levels[1 - seat]
    assert mine is not None and theirs is not None
    positions[seat], last_levels[seat] = square, third_level(mine, theirs)
    end = object.__new__(ArkaiosState)  # ArkaiosState.copy's way, its fields set in one go: this runs for every end
    end.__dict__ = {**state.__dict__, "heights": heights, "chain": [], "spent": 0, "positions": positions,
                    "last_levels": last_levels, "_legal": None}  # fmt: skip
    if ended is not None:
        end.result = Outcome(winners=(seat,), reason=ended)
    if ended != "temple":
        end.to_move = 1 - seat
    return end


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, ArkaiosState)
    lead = ring_score(state, 0) - ring_score(state, 1)
    values = VALUES.get(lead)
    if values is None:
        values = VALUES[lead] = (squash(lead), squash(-lead))
    return values


# The values of each lead met so far: a ring holds few capitals, so there are only a few hundred.
VALUES: dict[float, Values] = {}


ADAPTERS["arkaios"] = Adapter(
    sampler=sampler,
    evaluate=evaluate,
    full_choices=3,
    proof_budget=40_000,
    deep_budget=DEEP_BUDGET,
    position_key=position_key,
    whole_turns=whole_turns,
    forced_turns=5,
    forced_moves=500_000,
)
