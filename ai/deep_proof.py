"""Forced lines two turns deep, proven over whole turns: a turn after which every answer of the
opponent leaves a turn that wins at once, and whether a turn lets the opponent do the same.

:mod:`ai.solver` sees one turn ahead: it takes a turn that wins at once and avoids a turn after
which the opponent wins at once. A player who looks only that far still loses to a *trap*: the
opponent builds a position where every answer lets it win at once on its next turn (a piece shut
in so that each way out completes the opponent's goal or blocks itself). This
module proves such lines for two sides playing whole turns in alternation, without chance: a
small AND/OR search over turns, where a *turn* is every move a seat plays before another seat is
waited for, with a transposition table keyed on the position at the end of a turn (many orders of
the same pillars lead to the same garden) and the turns ordered by the game's evaluation, best
first for the side choosing.

Like the one-turn proofs, it is bounded by the moves it tries (:class:`ai.solver.Budget`), never
by the clock: the same position gives the same answer on any machine; where the budget runs out,
nothing is proven.

>>> from rules import GAMES
>>> from ai import ADAPTERS
>>> game = next(game for game, adapter in ADAPTERS.items() if adapter.position_key is not None)
>>> state = GAMES[game].new(players=2, seed=0)
>>> prover = TurnProver(ADAPTERS[game], Budget(100_000))
>>> prover.winning_move(state, 0, turns=1) is None   # no game is won in its first turn
True
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any

from ai.adapter import Adapter
from ai.solver import Budget, lost_by, still_moving, turn_ends, won_by
from rules import GameState

# The proven facts of one search, keyed on (what was asked, the position, turns left).
Table = dict[tuple[str, Hashable, int], bool]


class OutOfBudget(Exception):
    """The moves a proof may try are spent: nothing is proven."""


class TurnProver:
    """Proofs over whole turns for one decision; what it proved is kept in its table."""

    def __init__(self, adapter: Adapter, budget: Budget) -> None:
        if adapter.position_key is None:
            raise ValueError("Proofs over turns need the game's position key (Adapter.position_key).")
        self.adapter, self.budget = adapter, budget
        self.key = adapter.position_key
        self.table: Table = {}
        self.turns_of: dict[Hashable, list[tuple[Any, GameState[Any]]]] = {}

    # -- what a decision asks --------------------------------------------------------------

    def winning_move(self, state: GameState[Any], seat: int, turns: int) -> Any | None:
        """The first move of a turn that forces a win for ``seat`` within ``turns`` turns (1: at
        once; 3: this turn, any answer, then a winning turn), if one is proven within the budget."""
        try:
            ends = self.ordered(self.ends(state, seat), seat)
            return next((first for first, end in ends if self.won_within(end, seat, turns)), None)
        except OutOfBudget:
            return None

    def forces(self, state: GameState[Any], seat: int, move: Any, turns: int) -> bool | None:
        """Whether ``move`` begins a turn of ``seat`` that forces a win within ``turns`` turns (True), whether
        none does (False); None: not proven within the budget."""
        try:
            ends = self.ordered(self.ends_after(state, seat, move), seat)
            return any(self.won_within(end, seat, turns) for _, end in ends)
        except OutOfBudget:
            return None

    def safe(self, state: GameState[Any], seat: int, move: Any, turns: int) -> bool | None:
        """Whether ``move`` begins a turn of ``seat`` after which the opponent cannot force a win
        within ``turns`` turns (True), whether every such turn lets it (False); None: not proven."""
        try:
            ends = self.ordered(self.ends_after(state, seat, move), seat)
            return any(self.holds(end, seat, turns) for _, end in ends)
        except OutOfBudget:
            return None

    # -- the search --------------------------------------------------------------------------

    def ends_after(self, state: GameState[Any], seat: int, move: Any) -> list[tuple[Any, GameState[Any]]]:
        """Each distinct end of the turn ``move`` begins (the move alone when it ends the turn)."""
        after = state.play(seat, move, trusted=True)
        return [(move, after)] if not still_moving(after, seat) else self.ends(after, seat)

    def won_within(self, end: GameState[Any], seat: int, turns: int) -> bool:
        """Whether ``seat``, its turn ended in ``end``, has won, or (``turns`` 3 or more) leaves the opponent
        lost within ``turns - 1`` turns."""
        return won_by(end, seat) or (end.outcome is None and turns >= 3 and self.loses(end, turns - 1))

    def holds(self, end: GameState[Any], seat: int, turns: int) -> bool:
        """Whether ``seat``, its turn ended in ``end``, is not forced to lose within ``turns`` turns."""
        if end.outcome is not None:
            return not lost_by(end, seat)
        return not self.wins(end, turns)

    def wins(self, state: GameState[Any], turns: int) -> bool:
        """Whether the seat to move in ``state`` (a turn's start) forces a win within ``turns`` turns."""
        seat = mover(state)
        return self.remembered("wins", state, turns, lambda: self.search_win(state, seat, turns))

    def loses(self, state: GameState[Any], turns: int) -> bool:
        """Whether every turn of the seat to move in ``state`` loses within ``turns`` turns."""
        seat = mover(state)
        return self.remembered("loses", state, turns, lambda: self.search_loss(state, seat, turns))

    def search_win(self, state: GameState[Any], seat: int, turns: int) -> bool:
        ends = self.ordered(self.ends(state, seat), seat)
        if any(won_by(end, seat) for _, end in ends):
            return True
        return turns >= 3 and any(end.outcome is None and self.loses(end, turns - 1) for _, end in ends)

    def search_loss(self, state: GameState[Any], seat: int, turns: int) -> bool:
        return all(not self.holds(end, seat, turns - 1) for _, end in self.ordered(self.ends(state, seat), seat))

    def remembered(self, question: str, state: GameState[Any], turns: int, answer: Any) -> bool:
        entry = (question, self.key(state), turns)
        known = self.table.get(entry)
        if known is None:
            known = self.table[entry] = bool(answer())
        return known

    def ends(self, state: GameState[Any], seat: int) -> list[tuple[Any, GameState[Any]]]:
        """Each distinct position ``seat`` can end its turn in, with a first move leading there."""
        key = self.key(state)
        known = self.turns_of.get(key)
        if known is not None:
            return known
        distinct: dict[Hashable, tuple[Any, GameState[Any]]] = {}
        walk = self.adapter.whole_turns or partial(turn_ends, self.adapter)
        for first, end in walk(state, seat, self.budget):
            distinct.setdefault(self.key(end), (first, end))
        if self.budget.left < 0:
            raise OutOfBudget
        found = self.turns_of[key] = list(distinct.values())
        return found

    def ordered(self, ends: list[tuple[Any, GameState[Any]]], seat: int) -> list[tuple[Any, GameState[Any]]]:
        """Finished games first (a win ends the search), then the best for ``seat`` by the evaluation."""
        return sorted(ends, key=lambda pair: (pair[1].outcome is None, -self.score(pair[1], seat)))

    def score(self, state: GameState[Any], seat: int) -> float:
        return 0.0 if state.outcome is not None else self.adapter.evaluate(state)[seat]


def mover(state: GameState[Any]) -> int:
    """The one seat a turn's start waits for (the proofs are for two sides in alternation)."""
    waiting = list(state.waiting_for)
    if len(waiting) != 1:
        raise OutOfBudget  # several seats at once: outside what these proofs cover
    return waiting[0]
