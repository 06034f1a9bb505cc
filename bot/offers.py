"""Offers between players: a draw or a take-back, asked and answered."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.movelog import replay
from bot.records import (
    Act,
    ServiceError,
    message_link,
    not_playing,
    offer_made_at,
    out_of_date,
    pending_offer,
    refusal,
)
from bot.storage import Changes, MoveRow
from bot.turn_time import TurnTime
from rules import IllegalMove, Outcome

if TYPE_CHECKING:
    from bot.records import JSON, GameRecord

log = logging.getLogger("agora.service")


class Offers(TurnTime):
    """A draw or take-back offered, answered, or forgotten as the game moves on."""

    async def offer(self, game_id: int, user_id: int, kind: str) -> GameRecord:
        """``user_id`` offers a draw or asks to take back their last turn; the offer is stored with the game.

        It stays pending until answered or until the game moves on (a move; not a step of a draft).
        One offer at a time per game: while one waits for its answer, another is refused
        with a link to it.
        """
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            if not record.seats_of(user_id):
                raise not_playing()
            if record.bot_seats and not record.people_besides(user_id):
                raise refusal("err.bot_offer")  # only the bot could answer it: it never does
            waiting = pending_offer(record)
            if waiting is not None:
                channel = waiting.get("channel", record.row.channel_id)
                link = message_link(record.row.guild_id, channel, waiting.get("message"))
                raise refusal(f"err.{waiting['kind']}_pending", id=game_id, link=link)
            if kind == "draw":
                self.check_draw_possible(record)
            else:
                self._before_last_turn(await self.storage.moves(game_id), user_id)
            offer = {"kind": kind, "by": user_id, "version": record.version, "made": record.version,
                     "channel": record.row.channel_id}  # fmt: skip
            await self.storage.set_offer(game_id, offer)
            return await self.load(game_id)

    async def offer_posted(self, game_id: int, offer: JSON, message_id: int) -> GameRecord:
        """Remember the message that asks ``offer`` (its link, and the message closed with the offer)."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            if record.row.offer == offer:
                await self.storage.set_offer(game_id, {**offer, "message": message_id})
            return await self.load(game_id)

    async def forget_offer(self, game_id: int, offer: JSON) -> bool:
        """Clear ``offer`` once it is no longer pending; False if it was cleared or replaced already."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            if record.row.offer != offer:
                return False
            await self.storage.set_offer(game_id, None)
            return True

    def _check_answer(self, record: GameRecord, user_id: int, kind: str, version: int | None) -> JSON:
        """The pending offer ``user_id`` answers; its buttons carry the version the offer was made at."""
        offer = pending_offer(record)
        if offer is not None and version is not None and version != offer_made_at(offer):
            raise out_of_date()
        self.check_actor(record, user_id, None, Act("answer", offer=kind))
        assert offer is not None
        return offer

    async def decline_offer(self, game_id: int, user_id: int, kind: str, version: int | None) -> GameRecord:
        """The pending offer is declined by the opponent, or withdrawn by the player who made it."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            offer = pending_offer(record)
            withdrawn = offer is not None and offer.get("by") == user_id and offer.get("kind") == kind
            if not withdrawn:
                self._check_answer(record, user_id, kind, version)
            elif offer is not None and version is not None and version != offer_made_at(offer):
                raise out_of_date()
            await self.storage.set_offer(game_id, None)
            return await self.load(game_id)

    async def agree_draw(self, game_id: int, user_id: int, version: int | None) -> GameRecord:
        """``user_id`` accepts the draw offered by their opponent: the game ends with no winner."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            self._check_answer(record, user_id, "draw", version)
            self.check_draw_possible(record)
            outcome = Outcome(winners=(), reason="draw agreed")
            changes = self._finish_changes(record, outcome, "draw agreed", {"offer": None})
            return await self._write(record, changes)

    async def take_back(self, game_id: int, user_id: int, version: int | None) -> GameRecord:
        """``user_id`` agrees that the opponent who asked takes back their last turn.

        The state is rebuilt by replaying the move log without that turn from the game's seed
        (the RNG lives in the state, so the replay is exact); the taken-back moves are deleted
        in the same transaction as the version-checked write.
        """
        async with self._lock(game_id):
            record = await self.load(game_id)
            offer = self._check_answer(record, user_id, "takeback", version)
            moves = await self.storage.moves(game_id)
            keep = self._before_last_turn(moves, int(offer["by"]))
            try:
                state = replay(record.row, moves[:keep])
            except IllegalMove:
                log.warning("game %s: its move log does not replay", game_id, exc_info=True)
                raise refusal("err.takeback_log", id=game_id) from None
            now = self.clock()
            columns: JSON = {
                "state": state.to_json(), "draft": [], "updated_at": now, "turn_started_at": now, "offer": None
            }

            async def forget(db: Any) -> None:
                await self.storage.delete_moves_after(db, game_id, moves[keep - 1].ply if keep else 0)

            return await self._write(record, Changes(columns, [], [forget]))

    @staticmethod
    def _before_last_turn(moves: Sequence[MoveRow], asked_by: int) -> int:
        """How many moves stay once the last turn (the trailing moves of one seat) is taken back."""
        if not moves or moves[-1].user_id != asked_by:
            raise ServiceError(
                "You can take back only your own last move, before your opponent plays.",
                "err.takeback_not_yours",
            )
        keep = len(moves)
        while keep and moves[keep - 1].seat == moves[-1].seat:
            keep -= 1
        return keep

    @staticmethod
    def check_draw_possible(record: GameRecord) -> None:
        """A draw by agreement needs every player's consent; one answer button speaks for one opponent only."""
        if len(set(record.seats)) != 2:
            raise ServiceError("A draw can be agreed only in a two-player game.", "err.draw_two_players")
