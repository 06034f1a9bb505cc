"""Short forced lines, proven before the search spends playouts: a turn that wins at once, and
whether a move leaves the opponent a turn that wins at once.

Games without chance (and games with hidden pieces once the unseen ones are sampled) end on one
turn that completes a temple, blocks the opponent or fills the winning row: a player who
misses such a turn, or lets the opponent have one, loses to a player who only looks one turn
ahead, whatever its playouts say. A *turn* here is every move a seat plays before another seat
is waited for (one to three pillars built, say), so "at once" means within the next
turn, however many decisions it takes.

Proofs are bounded by a number of moves played (:class:`Budget`), never by the clock: the same
position gives the same answer on any machine. Where the budget runs out, nothing is proven and
the search decides alone.

>>> from rules import GAMES
>>> from ai import ADAPTERS
>>> game = next(iter(GAMES.values()))  # any game: none is won on its very first turn
>>> state = game.new(players=game.min_players, seed=0)
>>> winning_turn(ADAPTERS[game.id], state, state.actors[0], Budget(10_000)) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ai.adapter import Adapter
from rules import GameState


class Budget:
    """How many more moves a proof may play; spent by every move tried."""

    def __init__(self, moves: int) -> None:
        self.left = moves

    def spend(self) -> bool:
        """Take one move from the budget; False once it is spent (the proof gives up)."""
        return self.spend_many(1)

    def spend_many(self, moves: int) -> bool:
        """Take ``moves`` from the budget at once (a step that costs as much as that many moves)."""
        self.left -= moves
        return self.left >= 0


def still_moving(state: GameState[Any], seat: int) -> bool:
    """Whether ``seat``'s turn goes on: the game is not over and waits for that seat alone."""
    return state.outcome is None and list(state.waiting_for) == [seat]


def won_by(state: GameState[Any], seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and not outcome.is_draw and seat in outcome.winners


def turn_ends(
    adapter: Adapter, state: GameState[Any], seat: int, budget: Budget
) -> Iterator[tuple[Any, GameState[Any]]]:
    """Each way ``seat`` can finish its turn from ``state``: (its first move, the position after).

    Stops early, silently, once the budget is spent (the caller checks ``budget.left``).
    """
    stack: list[tuple[Any, GameState[Any]]] = [(None, state)]
    while stack:
        first, position = stack.pop()
        for move in reversed(adapter.searchable(position, seat, position.legal_moves(seat))):
            if not budget.spend():
                return
            after = position.play(seat, move, trusted=True)
            opening = move if first is None else first
            if still_moving(after, seat):
                stack.append((opening, after))
            else:
                yield opening, after


def winning_turn(adapter: Adapter, state: GameState[Any], seat: int, budget: Budget) -> str | None:
    """The first move of a turn that wins at once for ``seat``, if there is one within the budget."""
    if not still_moving(state, seat):
        return None
    return next((str(first) for first, end in turn_ends(adapter, state, seat, budget) if won_by(end, seat)), None)


def loses_at_once(adapter: Adapter, end: GameState[Any], seat: int, budget: Budget) -> bool:
    """Whether, after ``seat``'s turn ended in ``end``, it has lost or the next player wins at once."""
    if end.outcome is not None:
        return lost_by(end, seat)
    waiting = list(end.waiting_for)
    if len(waiting) != 1 or waiting[0] == seat:
        return False
    # A teammate's win (in a game played in teams) is the seat's own: only a turn the seat loses by counts.
    return any(lost_by(after, seat) for _, after in turn_ends(adapter, end, waiting[0], budget))


def lost_by(state: GameState[Any], seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and not outcome.is_draw and seat not in outcome.winners


def survives(adapter: Adapter, state: GameState[Any], seat: int, move: Any, budget: Budget) -> bool | None:
    """Whether ``move`` begins a turn of ``seat`` after which the opponent cannot win at once
    (True), whether every such turn lets it (False); None: not proven within the budget."""
    after = state.play(seat, move, trusted=True)
    if not still_moving(after, seat):
        verdict = not loses_at_once(adapter, after, seat, budget)
        return None if budget.left < 0 else verdict
    for _, end in turn_ends(adapter, after, seat, budget):
        if not loses_at_once(adapter, end, seat, budget) and budget.left >= 0:
            return True
    return None if budget.left < 0 else False
