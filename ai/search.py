"""Choosing a move from an observation: random, easy, medium and hard players.

- ``easy``: one ply, greedy on the game's evaluation with noise added to every
  score, so it often plays a plausible but wrong move, as a beginner would.
- ``medium`` and ``hard``: Information-Set Monte Carlo Tree Search (single
  observer): every iteration draws one full state consistent with the
  observation, walks a tree of the seat's information sets with UCB on the
  moves legal in that state, plays randomly for a few plies, and scores the end
  with the evaluation (or the result when the game ended). Hard has four times
  the budget and shorter playouts that lean more on the evaluation. Medium uses
  the evaluation too: within 0.3 s a random playout rarely reaches the end of a
  game with hidden pieces or cards, and without it medium lost to easy.
- ``random``: a uniformly random legal move (a baseline for the benchmark).

Determinism: the number of iterations decides the move, never the clock, so the
same observation, level and seed give the same move on any machine, and a bug
report can replay a bot move exactly. Each level also has a time cap, a safety
stop only: on a machine so slow that it is reached, the search stops early and
that one decision then depends on the machine's speed.

>>> from rules import GAMES
>>> from ai.observation import observe
>>> game = next(iter(GAMES.values()))  # any game will do
>>> state = game.new(players=game.min_players, seed=0)
>>> move = choose_move(observe(state, 0), level="easy", seed=3)
>>> move == choose_move(observe(state, 0), level="easy", seed=3)
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, outcome_values
from ai.deep_proof import TurnProver
from ai.observation import Observation
from ai.solver import Budget, survives, turn_ends, winning_turn, won_by
from rules import GameState, Rng

EXPLORATION = 0.7  # UCB constant for values in [0, 1]
CLOCK_EVERY = 8  # iterations between two looks at the clock
MIN_SHARE = 1 / 100  # the least part of its budget a decision late in a long turn gets


@dataclass(frozen=True)
class Level:
    """How one strength plays: ``iterations`` per decision (scaled per game by
    its adapter's ``speed``), ``depth`` random plies before evaluating, ``time_cap``
    seconds as a safety stop, ``noise`` on the easy player's scores."""

    name: str
    iterations: int
    depth: int
    time_cap: float
    noise: float = 0.0
    proves: bool = False  # looks for a turn that wins at once, and for the opponent's, before playing


LEVELS: dict[str, Level] = {
    "random": Level("random", 0, 0, 1.0),
    "easy": Level("easy", 0, 0, 1.0, noise=0.3),
    "medium": Level("medium", 300, 4, 0.6),
    "hard": Level("hard", 1200, 3, 1.9, proves=True),
}


# A turn proven to win at once (see ``Adapter.proof_budget``) must win in this many sampled worlds.
PROOF_SAMPLES = 4
# How deep hard proves where its game allows (ai/deep_proof.py): its turn, the answer, its next turn.
DEEP_TURNS = 3


def step_share(step: int) -> float:
    """The part of a decision's budget the ``step``-th real choice of Agora's turn gets (0: its first;
    forced moves do not count): a turn of many decisions (rolls and keeps of dice for three seats,
    a dice race) costs under two decisions' time however long it is (the shares add up to π²/6).

    >>> [round(step_share(step), 3) for step in (0, 1, 3, 99)]
    [1.0, 0.25, 0.062, 0.01]
    """
    share: float = (1.0 + step) ** -2
    return max(MIN_SHARE, share)


def choose_move(obs: Observation, level: str = "hard", seed: int = 0, step: int = 0) -> str:
    """The move (in notation) that ``obs.seat`` plays at ``level``, as the ``step``-th decision of its turn.

    The same observation, level, seed and step always give the same move (unless the
    level's time cap is reached first, see the module docstring).
    """
    if not isinstance(obs, Observation):
        raise TypeError("The AI plays from an Observation (ai.observe(state, seat, log)), never from a game state.")
    plan = LEVELS[level]
    adapter = ADAPTERS[obs.game]
    rng = Rng.seeded(seed)
    sample = adapter.sampler(obs)
    world = sample(rng)
    moves = searchable_moves(adapter, world, obs.seat)
    if not moves:
        raise ValueError(f"Seat {obs.seat} has no move to play now.")
    if len(moves) == 1 or plan.name == "random":
        return str(moves[rng.below(len(moves))])
    if plan.name == "easy":
        return greedy(adapter, world, obs.seat, moves, plan.noise, rng)
    proof = Budget(adapter.proof_budget) if plan.proves and adapter.proof_budget is not None else None
    if proof is not None and (won := proven_win(adapter, sample, world, obs.seat, proof, rng)) is not None:
        return won
    share = step_share(max(0, step + 1 - adapter.full_choices))
    budget = max(1, round(plan.iterations * adapter.speed * share))
    deep = deep_prover(adapter, plan)
    if deep is not None and (forced := deep.winning_move(world, obs.seat, DEEP_TURNS)) is not None:
        return str(forced)
    ranked = Search(adapter, sample, obs.seat, plan, rng).run(budget, plan.time_cap * share)
    if proof is None:
        return str(ranked[0])
    return str(first_safe(adapter, world, obs.seat, ranked, proof, deep))


def deep_prover(adapter: Adapter, plan: Level) -> TurnProver | None:
    """The proofs two turns deep of a level that proves, in a game that has them."""
    if not plan.proves or adapter.deep_budget is None or adapter.position_key is None:
        return None
    return TurnProver(adapter, Budget(adapter.deep_budget))


def first_safe(
    adapter: Adapter, world: GameState[Any], seat: int, ranked: list[Any], proof: Budget, deep: TurnProver | None
) -> Any:
    """The best-ranked move that is not proven to lose: two turns deep while that budget lasts
    (after a fresh one for this), then at once; the best-ranked move if every one loses."""
    candidates = ranked
    if deep is not None:
        deep.budget = Budget(adapter.deep_budget or 0)
        refuted: set[str] = set()
        for move in ranked:
            verdict = deep.safe(world, seat, move, DEEP_TURNS)
            if verdict:
                return move
            if verdict is None:
                break
            refuted.add(str(move))
        candidates = [move for move in ranked if str(move) not in refuted] or ranked
    return next((m for m in candidates if survives(adapter, world, seat, m, proof) is not False), candidates[0])


def proven_win(
    adapter: Adapter, sample: Sampler, world: GameState[Any], seat: int, proof: Budget, rng: Rng
) -> str | None:
    """A first move of a turn that wins at once in ``world`` and in other sampled worlds too."""
    won = winning_turn(adapter, world, seat, proof)
    if won is None:
        return None
    for _ in range(PROOF_SAMPLES - 1):
        other = sample(rng)
        if other is not world and not any(
            str(first) == won and won_by(end, seat) for first, end in turn_ends(adapter, other, seat, proof)
        ):
            return None
    return won


def searchable_moves(adapter: Adapter, state: GameState[Any], seat: int) -> list[Any]:
    return adapter.searchable(state, seat, state.legal_moves(seat))


def advance(state: GameState[Any], seat: int, move: Any) -> GameState[Any]:
    """The state after a move taken from ``legal_moves``: the one place the search plays."""
    return state.play(seat, move, trusted=True)


def value_for(adapter: Adapter, state: GameState[Any]) -> Values:
    """The result of a finished game, else the evaluation."""
    outcome = state.outcome
    return outcome_values(outcome, state.players) if outcome is not None else adapter.evaluate(state)


def greedy(adapter: Adapter, world: GameState[Any], seat: int, moves: list[Any], noise: float, rng: Rng) -> str:
    """The move whose next position evaluates best for ``seat``, each score blurred by ``noise``."""
    best, best_score = moves[0], -math.inf
    for move in moves:
        score = value_for(adapter, advance(world, seat, move))[seat] + noise * (2 * uniform(rng) - 1)
        if score > best_score:
            best, best_score = move, score
    return str(best)


def uniform(rng: Rng) -> float:
    """A float in [0, 1) from the search's own generator."""
    return rng.next_u64() / 2.0**64


def mover(state: GameState[Any], rng: Rng | None = None) -> int:
    """Whose move the search plays in a state where several seats may act:
    one the game waits for (the first, or a random one during playouts)."""
    seats = state.waiting_for or state.actors
    return seats[0] if rng is None else seats[rng.below(len(seats))]


class Node:
    """An edge of the tree: ``seat`` played ``move``; statistics from ``seat``'s point of view."""

    __slots__ = ("available", "children", "move", "seat", "total", "visits")

    def __init__(self, seat: int, move: Any) -> None:
        self.seat = seat
        self.move = move
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.children: dict[str, Node] = {}

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


class Search:
    """One decision's tree search over sampled worlds.

    ``clock`` reads the time its ``time_cap`` is counted in: the wall clock for a live move (a player waits),
    the processor's time for work whose result must not depend on what else the machine runs (puzzles).
    """

    clock = staticmethod(time.perf_counter)

    def __init__(self, adapter: Adapter, sample: Sampler, seat: int, plan: Level, rng: Rng) -> None:
        self.adapter, self.sample, self.seat, self.plan, self.rng = adapter, sample, seat, plan, rng
        self.root = Node(seat, None)

    def run(self, iterations: int, time_cap: float) -> list[Any]:
        """The root's moves tried, the most visited first (ties: the best total)."""
        deadline = self.clock() + time_cap
        for done in range(iterations):
            if done % CLOCK_EVERY == 0 and done and self.clock() > deadline:
                break
            self.iterate(self.sample(self.rng))
        ranked = sorted(self.root.children.values(), key=lambda n: (n.visits, n.total), reverse=True)
        return [node.move for node in ranked]

    def iterate(self, state: GameState[Any]) -> None:
        node, path = self.root, []
        while state.outcome is None:
            seat = self.seat if node is self.root else mover(state)
            child, move, fresh = self.select(node, state, seat)
            state = advance(state, seat, move)
            path.append(child)
            node = child
            if fresh:
                break
        values = self.playout(state)
        for edge in path:
            edge.visits += 1
            edge.total += values[edge.seat]

    def select(self, node: Node, state: GameState[Any], seat: int) -> tuple[Node, Any, bool]:
        """The child to follow among the moves legal in this world (a new one first), and that move."""
        untried: list[tuple[str, Any]] = []
        known: list[tuple[Node, Any]] = []
        for move in searchable_moves(self.adapter, state, seat):
            key = f"{seat}|{move}"
            child = node.children.get(key)
            if child is None:
                untried.append((key, move))
            else:
                child.available += 1
                known.append((child, move))
        if untried:
            key, move = untried[self.rng.below(len(untried))]
            node.children[key] = child = Node(seat, move)
            return child, move, True
        best, move = max(known, key=lambda pair: pair[0].ucb())
        return best, move, False

    def playout(self, state: GameState[Any]) -> Values:
        for _ in range(self.plan.depth):
            if state.outcome is not None:
                break
            seat = mover(state, self.rng)
            moves = searchable_moves(self.adapter, state, seat)
            state = advance(state, seat, moves[self.rng.below(len(moves))])
        return value_for(self.adapter, state)
