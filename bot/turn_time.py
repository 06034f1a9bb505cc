"""Time per turn: the move a time-out plays, deadlines, and the win claimed on time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.absence import TIMEOUT, plays_on_without
from bot.playing import Playing
from bot.records import ACTIVE, Act, StaleButton
from bot.storage import WithinTransaction

if TYPE_CHECKING:
    from bot.records import GameRecord


class TurnTime(Playing):
    """What happens when a turn's time runs out."""

    def default_move(self, record: GameRecord) -> tuple[int, str] | None:
        """The move the rules play for the late player when the turn's time runs out, with their user id.

        None when the rules name no such move: then running out of time loses the game.
        """
        state = record.state
        if state is None or record.row.status != ACTIVE or not state.waiting_for:
            return None
        late = state.waiting_for[0]
        move = state.default_move(late)
        return None if move is None else (record.user_at(late), str(move))

    async def timeout(
        self, game_id: int, stamp: float, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord | None:
        """The turn started at ``stamp`` ran out: the rules' default move, else the player to move loses.

        The default move is played by :meth:`play`, like any other move.  None if the game moved on.
        """
        record = await self.load(game_id)
        if not self._in_turn(record, stamp):
            return None
        fallback = self.default_move(record)
        if fallback is not None:
            user_id, move = fallback
            try:
                return await self.play(game_id, user_id, [move], record.version, also)
            except StaleButton:
                return None
        async with self._lock(game_id):
            record = await self.load(game_id)
            if not self._in_turn(record, stamp) or record.state is None:
                return None
            return await self._forfeit(record, record.state.waiting_for[0], also)

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
            late = [seat for seat in record.state.waiting_for if record.user_at(seat) != user_id]
            return await self._forfeit(record, late[0])

    async def _forfeit(
        self, record: GameRecord, seat: int, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord:
        assert record.state is not None
        if plays_on_without(record.row, seat):
            return await self._depart(record, seat, TIMEOUT, also)
        outcome = replace(record.state.resignation(seat), reason="timeout")
        changes = self._finish_changes(record, outcome, "timeout")
        changes.also.extend(also)
        return await self._write(record, changes)
