"""Playing a move: placements, actions, passes, dragons and their powers, and how a game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.araksey.board import Effect, move_piece
from rules.araksey.moves import (
    AFTER_ACTION,
    ARAKSEY,
    EMPTY,
    EXCHANGE,
    INSTEAD_OF_ACTION,
    PASS,
    PLACE,
    SOURCE,
    SOURCES_EACH,
    STEP,
)
from rules.araksey.refusals import ArakseyRefusals
from rules.base import Outcome

if TYPE_CHECKING:
    from rules.araksey.moves import Move


class ArakseyPlay(ArakseyRefusals):
    """What each move does to the position, and the endings it brings."""

    def _apply(self, seat: int, move: Move) -> None:
        self.move_number += 1
        self._last, self.last_seat = move, seat
        if move.kind == PLACE:
            self._place(seat, move)
        elif move.kind == PASS:
            self._pass(seat)
        else:
            self._act(seat, move)

    def _place(self, seat: int, move: Move) -> None:
        assert move.target is not None
        kind = SOURCE if self.phase == "setup_sources" else ARAKSEY
        square = self.geo.index(move.target)
        arakseys, sources = self._located
        self.board = self.board.copy()
        self.board[square] = seat * 2 + kind
        self._empty ^= 1 << square
        if kind == SOURCE:
            sources = sources.copy()
            sources[seat] = sorted([*sources[seat], square])
        else:
            arakseys = arakseys.copy()
            arakseys[seat] = square
        self._located, self._gathered = (arakseys, sources), None
        if kind == ARAKSEY and self.gathered(seat):
            self._set_dragon(seat, True)
        self._advance_setup()

    def _advance_setup(self) -> None:
        for step in range(1, len(self.order) + 1):
            index = (self.turn_index + step) % len(self.order)
            if self._has_to_place(self.order[index]):
                self.turn_index = index
                return
        self.turn_index = 0
        if self.phase == "setup_sources":
            self.phase = "setup_arakseys"
            return
        self.phase = "play"
        self._outcome = self._ending(self.order[-1]) or self._trap()
        self._count_position()

    def _has_to_place(self, seat: int) -> bool:
        arakseys, sources = self._located
        if self.phase == "setup_sources":
            return len(sources[seat]) < SOURCES_EACH
        return arakseys[seat] == -1

    def _pass(self, seat: int) -> None:
        self.previous_board = None
        self._end_effects_on(seat)
        if self.passes_left[seat] == 0:
            losers = self.sides[seat]
            self._outcome = Outcome(self.side_seats(1 - losers), "second pass: the passing side loses")
            return
        self.passes_left = self.passes_left.copy()
        self.passes_left[seat] -= 1
        self._next_turn()

    def _act(self, seat: int, move: Move) -> None:
        assert move.origin is not None and move.target is not None
        before = self._gathered_seats()
        if self.effects:
            self._end_effects_on(seat)
        if move.power in INSTEAD_OF_ACTION:
            self._set_dragon(seat, False)
        size, kind = self.size, move.kind
        origin = move.origin.rank * size + move.origin.file
        target = move.target.rank * size + move.target.file
        self._shift_pieces(kind, origin, target)
        awake = self._gathered_seats()
        for s in range(self.players):
            if awake[s] and not before[s]:
                self._set_dragon(s, True)
        if move.power in AFTER_ACTION:
            self._use_after_power(seat, move.power, self.target_of(seat, move.victim))
        self._outcome = self._ending(seat) or self._trap()
        if self._outcome is None:
            self._next_turn()

    def _shift_pieces(self, kind: str, origin: int, target: int) -> None:
        """Play the action on a new board, keeping the old one as ``previous_board`` and following
        the moved pieces in ``locate``."""
        previous = self.previous_board = self.board
        board = self.board = previous.copy()
        arakseys, sources = self._located
        located = (arakseys.copy(), sources.copy())
        mover, occupant = board[origin], board[target]
        # _undone: the squares that differ from the previous board (for counter-play).
        if kind == STEP:
            board[target], board[origin] = mover, EMPTY
            self._empty ^= 1 << origin | 1 << target
            move_piece(located, mover, origin, target)
            self._undone = frozenset((origin, target))
        elif kind == EXCHANGE:
            # The two codes differ (never two sources of one player): each piece is followed on its own.
            board[target], board[origin] = mover, occupant
            move_piece(located, occupant, target, origin)
            move_piece(located, mover, origin, target)
            self._undone = frozenset((origin, target))
        else:
            # The pushed piece first: the pusher may be a source of the same player.
            behind = self.geo.beyond[origin][target]
            board[behind], board[target], board[origin] = occupant, mover, EMPTY
            self._empty ^= 1 << origin | 1 << behind
            move_piece(located, occupant, target, behind)
            move_piece(located, mover, origin, target)
            # A source pushing one of its own player's leaves the middle square as it was.
            self._undone = frozenset((origin, target, behind) if mover != occupant else (origin, behind))
        self._located, self._gathered = located, None

    def _set_dragon(self, seat: int, awake: bool) -> None:
        if self.dragon[seat] != awake:
            self.dragon = self.dragon.copy()
            self.dragon[seat] = awake

    def _use_after_power(self, seat: int, power: str, target: int) -> None:
        self._set_dragon(seat, False)
        if power == "fog":
            self._set_dragon(target, False)
        else:
            self.effects = [*self.effects, Effect(power, seat, target)]

    def _end_effects_on(self, seat: int) -> None:
        self.effects = [e for e in self.effects if e.target != seat]

    def _next_turn(self) -> None:
        self.turn_index = (self.turn_index + 1) % len(self.order)
        self._count_position()

    def _count_position(self) -> None:
        if self._outcome is not None:
            return
        key = (*self.board, self.order[self.turn_index])
        self.seen = self.seen.copy()
        count = self.seen[key] = self.seen.get(key, 0) + 1
        if count >= 3:
            self._outcome = Outcome((), "loop: the same position with the same player to move, a third time")

    def _ending(self, mover: int) -> Outcome | None:
        sides = self.winning_sides()
        if len(sides) == 2:
            return Outcome((), "double KO: both sides completed an opposing zone at once")
        if not sides:
            return None
        side = sides.pop()
        if side == self.sides[mover]:
            return Outcome(self.side_seats(side), "four sources in an opposing araksey's zone")
        return Outcome(self.side_seats(side), "suicide: the loser's own move completed the winner's four sources")

    def _trap(self) -> Outcome | None:
        arakseys = self._located[0]
        for seat, araksey in enumerate(arakseys):
            if araksey not in self.geo.corners:
                return None
            for n in self.geo.neighbours[araksey]:
                code = self.board[n]
                if code == EMPTY or code & 1 != SOURCE or self.sides[code >> 1] == self.sides[seat]:
                    return None
        return Outcome((), "trap: every araksey is cornered by opposing sources")
