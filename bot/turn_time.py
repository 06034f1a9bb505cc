"""Time per turn: the move a time-out plays, deadlines, and the win claimed on time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot.absence import TIMEOUT, absent_seats, plays_on_without
from bot.playing import Playing
from bot.records import ACTIVE, Act, StaleButton
from bot.storage import WithinTransaction
from rules import GameState, Outcome

if TYPE_CHECKING:
    from bot.records import GameRecord


@dataclass(frozen=True)
class DefaultMoves:
    """The moves the rules play for every late seat when a turn's time runs out, in one change:
    ``moves[i]`` for ``seats[i]``, played in the name of ``user`` (the first late seat's player)."""

    user: int
    seats: list[int]
    moves: list[str]


def late_seats(record: GameRecord) -> list[int]:
    """The seats a deadline finds late: those the game waits for, less the ones Agora plays for a
    player who left (Agora answers at once)."""
    if record.state is None or record.row.status != ACTIVE:
        return []
    gone = absent_seats(record.row)
    return [seat for seat in record.state.waiting_for if seat not in gone]


def lost_on_time(state: GameState[Any], seats: Sequence[int]) -> Outcome:
    """The result when every one of ``seats`` runs out of time together: the seats that would win
    the resignation of each of them win (nobody, when everyone was late: a draw on time).

    >>> from rules import GAMES
    >>> game = next(game for game in GAMES.values() if game.min_players == 2)
    >>> state = game.new(players=2, seed=1)
    >>> lost_on_time(state, [0]).winners, lost_on_time(state, [0, 1]).winners
    ((1,), ())
    """
    first = state.resignation(seats[0])
    winners = [seat for seat in first.winners if all(seat in state.resignation(late).winners for late in seats)]
    return replace(first, winners=tuple(winners), reason="timeout")


class TurnTime(Playing):
    """What happens when a turn's time runs out."""

    def default_moves(self, record: GameRecord) -> DefaultMoves | None:
        """The moves the rules play for the late seats when the turn's time runs out, in seat order,
        each while the game still waits for it (a racer's giving up can end the race for the other).

        None when the rules name no such move for one of them: then running out of time loses the
        game (or, at a table of three or more, the seat) for every late seat.
        """
        state, late = record.state, late_seats(record)
        if state is None or not late:
            return None
        seats, moves = [], []
        for seat in late:
            if seat not in state.waiting_for:
                continue
            move = state.default_move(seat)
            if move is None:
                return None
            seats.append(seat)
            moves.append(str(move))
            state = state.play(seat, move, trusted=True)
        return DefaultMoves(record.user_at(seats[0]), seats, moves)

    async def timeout(
        self, game_id: int, stamp: float, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord | None:
        """The turn started at ``stamp`` ran out: the rules' default move, else the player to move loses.

        The default move is played by :meth:`play`, like any other move.  None if the game moved on.
        """
        record = await self.load(game_id)
        if not self._in_turn(record, stamp):
            return None
        fallback = self.default_moves(record)
        if fallback is not None:
            try:
                return await self.play(game_id, fallback.user, fallback.moves, record.version, also, fallback.seats)
            except StaleButton:
                return None
        async with self._lock(game_id):
            record = await self.load(game_id)
            if not self._in_turn(record, stamp) or not late_seats(record):
                return None
            return await self._forfeit(record, late_seats(record), also)

    @staticmethod
    def _in_turn(record: GameRecord, stamp: float) -> bool:
        """Whether ``record`` is still in the turn that started at ``stamp``."""
        return record.row.status == ACTIVE and record.row.turn_started_at == stamp and record.state is not None

    async def deadline(self, record: GameRecord) -> float | None:
        """When the current turn's time runs out (None while nobody is timed)."""
        if self.turn_seconds is None or record.row.turn_started_at is None:
            return None
        return record.row.turn_started_at + await self.turn_seconds(record.id, record.row.guild_id)

    async def claim_timeout(self, game_id: int, user_id: int, version: int) -> GameRecord:
        """The opponent of a player out of time claims the win (the server's ``claim`` rule)."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            act = Act("claim", deadline=await self.deadline(record))
            self.check_actor(record, user_id, version, act)
            assert record.state is not None
            late = [seat for seat in late_seats(record) if record.user_at(seat) != user_id]
            return await self._forfeit(record, late)

    async def _forfeit(
        self, record: GameRecord, seats: Sequence[int], also: Sequence[WithinTransaction] = ()
    ) -> GameRecord:
        """Every one of ``seats`` ran out of time, in one change: they leave a table that goes on, else lose."""
        assert record.state is not None
        if plays_on_without(record.row, *seats):
            return await self._depart(record, seats, TIMEOUT, also)
        outcome = lost_on_time(record.state, seats)
        changes = self._finish_changes(record, outcome, "timeout")
        changes.also.extend(also)
        return await self._write(record, changes)
