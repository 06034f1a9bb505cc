"""What the search needs from each game, beyond the rules contract.

An :class:`Adapter` knows two things about its game:

- how to *determinise* an observation: build full states that agree with
  everything the seat has seen, drawing whatever it has not seen (other hands,
  the draw pile, stack contents, the dice still to come) from an :class:`Rng`;
- how to *evaluate* a position that is not over: one value in [0, 1] per seat,
  used where a playout is cut off.

>>> squash(0.0)
0.5
>>> outcome_values(Outcome(winners=(1,), reason="blocked"), 2)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ai.observation import Observation, PublicMove
from rules import GAMES, GameState, Outcome, Rng

Values = tuple[float, ...]
Sampler = Callable[[Rng], GameState[Any]]
# (state, seat, budget) -> each way the seat can finish its turn: (its first move, the position after).
TurnEnds = Callable[[GameState[Any], int, Any], Iterator[tuple[Any, GameState[Any]]]]


def keep_all(state: GameState[Any], seat: int, moves: list[Any]) -> list[Any]:
    """The default move filter of the search: every legal move."""
    return moves


@dataclass(frozen=True)
class Adapter:
    """One game's determinisation and evaluation.

    ``sampler(obs)`` does the work that is the same for every sample once, and
    returns a function that draws one full state per call. ``searchable`` may
    drop moves that only change what a human sees (lifting a stack to look inside), never
    moves that change the game.

    ``speed`` scales the levels' iterations per decision (engines differ in speed, and each
    game's budget keeps a decision near the level's intended time). ``secret_moves`` is the
    prefix of the moves whose notation tells a secret while it is one, and how another seat sees
    them (a secret set-up: ``("set:", "set:hidden")``); a log handed to the AI hides them.

    ``full_choices`` is how many real choices of one turn think with the whole budget before the
    later ones get less (a turn of up to three pillars built, each a real decision).
    ``proof_budget``, for games without chance, is the moves the hard level may try to prove a turn
    that wins at once, or a move that loses at once, before it searches (``ai/solver.py``): a
    budget, not a clock, so the move stays the same on every machine. ``None``: no proofs.

    ``deep_budget`` is the moves hard may try, on top, to prove lines two turns deep
    (``ai/deep_proof.py``: a turn that forces a win whatever the answer, and no turn that lets the
    opponent do so); it needs ``position_key``, a value equal for two states exactly when the game
    goes on the same from both (the proofs' transposition table). ``None``: no such proofs.
    ``whole_turns``, if given, is a faster :func:`ai.solver.turn_ends` for those proofs: the same
    ends (each distinct position once), each move tried spending one move of the budget.
    ``forced_turns``, for a game without chance whose decisive moments lie beyond the search's sight at
    mining's budgets, or where several moves may force a win that the search alone weighs loosely, is
    how many turns deep puzzle mining proves forced wins (``bot/mining.py``,
    :func:`with_forced_lines`); it needs ``position_key``. ``None``: mining proves as the hard level does.
    ``forced_moves`` is the moves one such proof may try in one world: a game whose turns branch more
    needs more to prove the same depth.
    """

    sampler: Callable[[Observation], Sampler]
    evaluate: Callable[[GameState[Any]], Values]
    searchable: Callable[[GameState[Any], int, list[Any]], list[Any]] = field(default=keep_all)
    speed: float = 1.0
    secret_moves: tuple[str, str] | None = None
    full_choices: int = 1
    proof_budget: int | None = None
    deep_budget: int | None = None
    position_key: Callable[[GameState[Any]], Hashable] | None = None
    whole_turns: TurnEnds | None = None
    forced_turns: int | None = None
    forced_moves: int = 60_000


ADAPTERS: dict[str, Adapter] = {}


def squash(x: float) -> float:
    """A logistic curve: any real number to a value in (0, 1), 0 to one half."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def outcome_values(outcome: Outcome, players: int) -> Values:
    """1 for each winner, 0 for the others; 0.5 for everyone after a draw."""
    if outcome.is_draw:
        return (0.5,) * players
    return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(players))


def replay(obs: Observation, options: dict[str, Any], log: Iterable[PublicMove]) -> GameState[Any]:
    """Replay the public log from the start, for games without chance or secrets.

    The result must show exactly the observation's view (the seat's, or the spectators' for a
    spectator's observation, whose ``viewer`` is None), else the log is not the game's and the
    observation is refused.
    """
    state: GameState[Any] = GAMES[obs.game].new(players=obs.players, seed=0, options=options)
    for seat, notation in log:
        state = state.play(seat, notation)
    if state.view(obs.view.get("viewer", obs.seat)) != dict(obs.view):
        raise ValueError("The move log does not lead to the position in the view.")
    return state


def chance_seed(rng: Rng) -> int:
    """A fresh 64-bit state for a sampled world's own dice and shuffles."""
    return rng.next_u64()
