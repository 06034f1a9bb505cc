"""Weighing a move already played with Agora's hard search: what a review needs from the search.

:func:`weigh` runs the hard level's search (:class:`ai.search.Search`, the same tree, iterations and
playouts as Agora's hard moves, from the seat's :class:`ai.Observation` only) and reads values off
its root instead of only ranking its moves:

- ``before``: the root's value, the visit-weighted mean of its moves' values (the seat's chance of
  winning before it moves, as the search sees it);
- ``best`` and ``best_value``: the move the hard level would play and its value;
- ``played_value``: the value of the move played. The search visits a poor move little, so after the
  search proper, the move played is followed alone for a fixed number of further iterations
  (``FOLLOW_SHARE`` of the budget) in the same tree: its value rests on those, not on the few visits
  the search spared it. (They come after ``before`` and the best move are read, and change neither.)

As at the hard level, a move proven to let the opponent win at once (:func:`ai.solver.survives`) is
worth nothing, and a turn proven to win at once is worth everything. The iterations decide the values,
never the clock (the level's time cap is a safety stop only): the same observation, move and seed give
the same weighing.

>>> from rules import GAMES
>>> from ai.observation import observe
>>> game = next(iter(GAMES.values()))  # any game will do
>>> state = game.new(players=game.min_players, seed=0)
>>> seat = (state.waiting_for or state.actors)[0]
>>> played = str(state.legal_moves(seat)[0])
>>> first = weigh(observe(state, seat), played, seed=1, scale=0.05)
>>> first == weigh(observe(state, seat), played, seed=1, scale=0.05)
True
>>> 0.0 <= first.played_value <= 1.0 and 0.0 <= first.before <= 1.0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler
from ai.observation import Observation
from ai.search import LEVELS, Level, Node, Search, proven_win
from ai.solver import Budget, survives
from rules import GameState, Rng

LEVEL = "hard"
FOLLOW_SHARE = 1 / 4  # further iterations given to the move played alone, a share of the search's budget


@dataclass(frozen=True)
class Weighing:
    """One position weighed for ``seat``: values are chances of winning in [0, 1], from its point of view."""

    best: str
    best_value: float
    played_value: float
    before: float
    iterations: int


def weigh(obs: Observation, played: str, seed: int, scale: float = 1.0) -> Weighing:
    """How good ``played`` was for ``obs.seat``, by the hard search from ``obs`` (``scale``: part of the
    hard budget, for tests). Raises ``ValueError`` when the seat had no such move."""
    if not isinstance(obs, Observation):
        raise TypeError("A weighing works from an Observation (what the seat saw), never from a game state.")
    adapter, plan = ADAPTERS[obs.game], LEVELS[LEVEL]
    rng = Rng.seeded(seed)
    sample = adapter.sampler(obs)
    world = sample(rng)
    if not any(str(move) == played for move in world.legal_moves(obs.seat)):
        raise ValueError(f"Seat {obs.seat} could not play {played!r} in that position.")
    proof = Budget(adapter.proof_budget) if adapter.proof_budget is not None else None
    won = None if proof is None else proven_win(adapter, sample, world, obs.seat, proof, rng)
    budget = max(1, round(plan.iterations * adapter.speed * scale))
    search = FollowingSearch(adapter, sample, obs.seat, plan, rng)
    ranked = search.run(budget, plan.time_cap * scale)
    before = search.root_value()
    followed = max(1, round(budget * FOLLOW_SHARE))
    search.follow(played, followed, plan.time_cap * scale)
    values = search.values()
    if proof is not None:  # as the hard level plays: not a move proven to let the opponent win at once
        if loses(adapter, world, obs.seat, played, proof):  # the move played first: the review is about it
            values[played] = 0.0
        ranked = [next((m for m in ranked if not loses(adapter, world, obs.seat, m, proof)), ranked[0])]
    if won is not None:
        values[won] = 1.0
    best = won if won is not None else str(ranked[0])
    played_value = values.get(played, before)
    return Weighing(best, max(values[best], played_value), played_value, before, budget + followed)


def weigh_moves(game: str, sample: Sampler, seat: int, moves: Sequence[str], seed: int) -> dict[str, float]:
    """Each of ``moves`` (legal for ``seat`` in the worlds ``sample`` draws) weighed by the hard search:
    one search, then each move followed alone for the same further iterations, so they compare on
    equal terms; a move proven to let the opponent win at once is worth nothing, one proven to win
    at once everything (as in :func:`weigh`)."""
    adapter, plan = ADAPTERS[game], LEVELS[LEVEL]
    rng = Rng.seeded(seed)
    world = sample(rng)
    proof = Budget(adapter.proof_budget) if adapter.proof_budget is not None else None
    won = None if proof is None else proven_win(adapter, sample, world, seat, proof, rng)
    budget = max(1, round(plan.iterations * adapter.speed))
    search = FollowingSearch(adapter, sample, seat, plan, rng)
    search.run(budget, plan.time_cap)
    for move in moves:
        search.follow(move, max(1, round(budget * FOLLOW_SHARE)), plan.time_cap)
    found = search.values()
    values = {move: found.get(move, 0.0) for move in moves}
    for move in moves:
        if move == won:
            values[move] = 1.0
        elif proof is not None and loses(adapter, world, seat, move, proof):
            values[move] = 0.0
    return values


def loses(adapter: Adapter, world: GameState[Any], seat: int, move: Any, proof: Budget) -> bool:
    """Whether ``move`` is proven to let the opponent win at once (the hard level's check; the weighing's
    proofs share one budget, as a hard decision's do)."""
    found = next(m for m in world.legal_moves(seat) if str(m) == str(move))
    return survives(adapter, world, seat, found, proof) is False


class FollowingSearch(Search):
    """The hard search, able to follow one root move alone (:meth:`follow`) and to read its root's values."""

    def __init__(self, adapter: Adapter, sample: Sampler, seat: int, plan: Level, rng: Rng) -> None:
        super().__init__(adapter, sample, seat, plan, rng)
        self.following: str | None = None

    def follow(self, played: str, iterations: int, time_cap: float) -> None:
        """``iterations`` more iterations, each starting with ``played`` at the root."""
        self.following = played
        self.run(iterations, time_cap)
        self.following = None

    def select(self, node: Node, state: GameState[Any], seat: int) -> tuple[Node, Any, bool]:
        if node is not self.root or self.following is None:
            return super().select(node, state, seat)
        move = next((m for m in state.legal_moves(seat) if str(m) == self.following), None)
        if move is None:  # not legal in this sampled world: the iteration goes as the search would
            return super().select(node, state, seat)
        key = f"{seat}|{move}"
        child = node.children.get(key)
        if child is None:
            node.children[key] = child = Node(seat, move)
            return child, move, True
        return child, move, False

    def values(self) -> dict[str, float]:
        """Each root move tried: its mean value for the seat."""
        return {str(node.move): node.total / node.visits for node in self.root.children.values() if node.visits}

    def root_value(self) -> float:
        """The root's value: its moves' values weighted by their visits (a half when nothing was tried)."""
        visits = sum(node.visits for node in self.root.children.values())
        total = sum(node.total for node in self.root.children.values())
        return total / visits if visits else 0.5
