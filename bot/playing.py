"""Playing a game: who may act, the moves and drafted turns, resigning."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.absence import RESIGNATION, STAND_IN_LEVEL, absent_seats, departure_columns, plays_on_without
from bot.records import (
    ACTIVE,
    MOVE,
    Records,
    ServiceError,
    not_playing,
    offer_made_at,
    out_of_date,
    pending_offer,
)
from bot.storage import Changes, MoveRow, WithinTransaction
from rules import GameState, IllegalMove

if TYPE_CHECKING:
    from bot.records import JSON, Act, GameRecord


def seats_of_moves(
    seat: int | Sequence[int] | None, record: GameRecord, moves: Sequence[str]
) -> int | list[int | None] | None:
    """The seat of each notation :meth:`GameService.play` applies: the draft's first (its player's
    own seat), then ``seat``'s for ``moves``; a single seat or None stays as it is."""
    if seat is None or isinstance(seat, int):
        return seat
    if len(seat) != len(moves):
        raise ValueError(f"{len(moves)} moves but {len(seat)} seats to play them.")
    return [*([None] * len(record.row.draft)), *seat]


class Playing(Records):
    """The one path of a move: checked against the stored game, applied, saved."""

    def check_actor(
        self, record: GameRecord, user_id: int, version: int | None, act: Act = MOVE, seat: int | None = None
    ) -> int:
        """The seat ``user_id`` acts from in ``record`` now, or the refusal they read.

        Every way of acting on a game asks here first, before any game logic: moves,
        draft steps and undo, clicks that only redraw choices, a time-out's default move,
        a claim on time and the answer to an offer.  It reads only the stored game, never
        a control's id: the game is being played, the control belongs to its current
        version (``None``: controls valid at any version, which the engine then checks)
        and the user holds a seat.  Then, by ``act``: a move belongs to a seat the game
        waits for (a drafted, unconfirmed turn to the player who started it); a claim to
        a player who is not late, once the deadline has passed; an answer to the pending
        offer of that kind, stored with the game, to a player who did not make it.
        ``seat`` names the seat of a move (the bot's job, for a seat it may hold among several).
        """
        if record.row.status != ACTIVE or record.state is None:
            raise ServiceError(
                f"Game #{record.id} is not being played.", "err.not_played", id=record.id
            )
        if version is not None and version != record.version:
            raise out_of_date()
        if act.kind == "claim":
            return self._claimant(record, user_id, act.deadline)
        if act.kind == "wait":
            return self._not_late(record, user_id)
        if act.kind == "answer":
            return self._answerer(record, user_id, act.offer)
        return self._seat_to_act(record, record.state, user_id, seat)

    def _seat_to_act(self, record: GameRecord, state: GameState[Any], user_id: int, only: int | None = None) -> int:
        mine = [seat for seat in record.seats_of(user_id) if only is None or seat == only]
        if only is not None and only in absent_seats(record.row) and record.user_at(only) == user_id:
            mine = [only]  # Agora's job names the seat it plays for the player who left it
        if not mine:
            raise self._outsider(record, user_id)
        for seat in mine:
            if seat in state.actors:
                return seat
        if state.outcome is not None:
            raise ServiceError("The game is over: no more moves can be played.", "err.game_over")
        raise self._not_your_turn(record, user_id)

    def _not_late(self, record: GameRecord, user_id: int) -> int:
        """A seated player waiting for someone else: who answers the question of a late turn."""
        assert record.state is not None
        mine = record.seats_of(user_id)
        if not mine:
            raise not_playing()
        if not [seat for seat in record.state.waiting_for if record.user_at(seat) != user_id]:
            raise ServiceError("It is your own turn: only your opponent can claim the win.", "err.own_turn_claim")
        return mine[0]

    def _claimant(self, record: GameRecord, user_id: int, deadline: float | None) -> int:
        """A claim on time: by a player who is not late, once the late player's time is up."""
        seat = self._not_late(record, user_id)
        if deadline is None or self.clock() < deadline:
            shown = f"<t:{int(deadline)}:R>" if deadline is not None else "-"
            raise ServiceError(
                f"Time is not up yet: the turn ends {shown}. You can claim the win only after that.",
                "err.not_late", deadline=shown,
            )
        return seat

    def _answerer(self, record: GameRecord, user_id: int, kind: str | None) -> int:
        """An answer to an offer: the offer of that kind is stored with this version, made by someone else."""
        mine = record.seats_of(user_id)
        if not mine:
            raise not_playing()
        offer = pending_offer(record)
        if offer is None or offer.get("kind") != kind:
            raise ServiceError("There is no such offer to answer in this game.", "err.no_offer")
        if offer.get("by") == user_id:
            raise ServiceError("You made this offer: your opponent must answer it.", "err.own_offer")
        return mine[0]

    async def play(
        self,
        game_id: int,
        user_id: int,
        moves: Sequence[str],
        version: int | None = None,
        also: Sequence[WithinTransaction] = (),
        seat: int | Sequence[int] | None = None,
    ) -> GameRecord:
        """Commit the unfinished turn's draft followed by ``moves``, as one transaction.

        Every way of moving comes here: a click, ``/move``, a time-out's default move, the bot's
        move. ``also`` runs in the same transaction (a scheduler job marking itself done).
        ``seat``: which of ``user_id``'s seats plays (the bot holding several), else the first that may;
        a sequence names the seat of each of ``moves`` (Agora's turn across its seats).
        """
        async with self._lock(game_id):
            record, ply = await self.load_counted(game_id)
            self.check_actor(record, user_id, version, seat=seat if not isinstance(seat, Sequence) else seat[0])
            notations = [*record.row.draft, *moves]
            if not notations:
                raise ServiceError("There is no move to play.", "err.no_move")
            state, played = self._apply(record, user_id, notations, ply, seats_of_moves(seat, record, moves))
            return await self._save_moves(record, state, played, also)

    async def add_to_draft(self, game_id: int, user_id: int, move: str, version: int | None) -> GameRecord:
        """Add a move to the unfinished turn without committing it (the player can still undo)."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            self.check_actor(record, user_id, version)
            draft = [*record.row.draft, move]
            self._apply(record, user_id, draft, 0)
            return await self._write(record, self._draft_changes(record, draft))

    async def undo_draft(self, game_id: int, user_id: int, version: int | None) -> GameRecord:
        """Take back the last move of the unfinished turn (only its owner can)."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            self.check_actor(record, user_id, version)
            if not record.row.draft:
                raise ServiceError("Nothing to undo: you have not started your turn.", "err.nothing_to_undo")
            return await self._write(record, self._draft_changes(record, record.row.draft[:-1]))

    def _draft_changes(self, record: GameRecord, draft: list[str]) -> Changes:
        """A step of the unfinished turn: the game has not moved on, so a pending offer stays pending."""
        columns: JSON = {"draft": draft, "updated_at": self.clock()}
        offer = pending_offer(record)
        if offer is not None:
            columns["offer"] = {**offer, "made": offer_made_at(offer), "version": record.version + 1}
        return Changes(columns)

    async def resign(self, game_id: int, user_id: int) -> GameRecord:
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            seats = record.seats_of(user_id)
            if not seats or record.state is None:
                raise self._outsider(record, user_id)
            if plays_on_without(record.row, seats[0]):
                return await self._depart(record, seats[:1], RESIGNATION)
            outcome = record.state.resignation(seats[0])
            return await self._write(record, self._finish_changes(record, outcome, "resignation"))


    async def _depart(
        self, record: GameRecord, seats: Sequence[int], reason: str, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord:
        """The players of ``seats`` leave a table of three or more together (``bot/absence.py``): Agora
        plays on for them."""
        assert record.state is not None
        level = STAND_IN_LEVEL if self.stand_in_level is None else await self.stand_in_level(record.row.guild_id)
        state = record.state
        columns = departure_columns(record.row, state.waiting_for, state.actors, seats, reason, level, self.clock())
        return await self._write(record, Changes(columns, [], list(also)))

    def _apply(
        self,
        record: GameRecord,
        user_id: int,
        notations: Sequence[str],
        ply: int,
        only: int | Sequence[int | None] | None = None,
    ) -> tuple[GameState[Any], list[MoveRow]]:
        """Play ``notations`` in turn for ``user_id``; numbered after ``ply`` moves already stored.

        Each later move of the sequence must still be ``user_id``'s to play; ``only``: the seat that
        plays them, or one per notation (Agora's turn across its seats, each moved for its seat's
        user: the bot, or the player whose seat it took over).
        """
        assert record.state is not None
        state = record.state
        played: list[MoveRow] = []
        for index, notation in enumerate(notations):
            named = only[index] if isinstance(only, Sequence) else only
            mover = record.user_at(named) if isinstance(only, Sequence) and named is not None else user_id
            seat = self._seat_to_act(record, state, mover, named)
            try:
                after = state.play(seat, notation)
            except IllegalMove as error:
                raise ServiceError(str(error), quotes_player=True, engine_text=error.text) from None
            move = str(state.parse_move(notation))
            played.append(MoveRow(ply + len(played) + 1, seat, mover, move, self.clock()))
            state = after
        return state, played

    def _not_your_turn(self, record: GameRecord, user_id: int) -> ServiceError:
        if not record.seats_of(user_id):
            return not_playing()
        waiting = ", ".join(f"<@{uid}>" for uid in dict.fromkeys(record.actors()))
        if not waiting:
            return ServiceError("It is not your turn.", "err.not_your_turn")
        return ServiceError(f"It is not your turn: waiting for {waiting}.", "err.waiting_for", waiting=waiting)

    async def _save_moves(
        self, record: GameRecord, state: GameState[Any], played: list[MoveRow], also: Sequence[WithinTransaction] = ()
    ) -> GameRecord:
        now = self.clock()
        columns: JSON = {"state": state.to_json(), "draft": [], "updated_at": now, "turn_started_at": now}
        if state.outcome is not None:
            changes = self._finish_changes(record, state.outcome, "rules", columns, played)
        else:
            changes = Changes(columns, played)
        changes.also.extend(also)
        return await self._write(record, changes, state)
