"""The game service: load -> check -> apply -> save, for every game and every cog.

It never imports discord.  Each public coroutine takes user ids and returns a
:class:`GameRecord`; anything a player did wrong raises :class:`ServiceError`
with a message fit to show them.  Calls for the same game are serialised by a
per-game lock, and every write checks the version it started from, so a double
click or a stale button is refused and never applied twice.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.ratings import rating_step
from bot.storage import AfterInsert, Changes, CorruptRow, GameRow, MoveRow, StaleVersion, Storage, WithinTransaction
from rules import GAMES, GameState, IllegalMove, Outcome

log = logging.getLogger("agora.service")

JSON = dict[str, Any]

CHALLENGE = "challenge"
ACTIVE = "active"
FINISHED = "finished"
EXPIRED = "expired"
DECLINED = "declined"
CANCELLED = "cancelled"
OPEN_STATUSES = (CHALLENGE, ACTIVE)


class ServiceError(Exception):
    """Something a player asked for that cannot be done; ``str()`` is for them, in English.

    ``key`` and ``values`` name the same message in the catalogue of ``bot.i18n``, so
    the Discord edge can answer in the server's language.
    """

    def __init__(self, message: str, key: str | None = None, **values: Any) -> None:
        super().__init__(message)
        self.key = key
        self.values = values


def damaged(game_id: int) -> ServiceError:
    return ServiceError(f"Game #{game_id} is damaged in storage and cannot be played.", "err.damaged", id=game_id)


class StaleButton(ServiceError):
    """The control clicked belongs to an older version of the game."""


@dataclass
class GameRecord:
    """A stored game with its state decoded."""

    row: GameRow
    state: GameState[Any] | None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def game(self) -> str:
        return self.row.game

    @property
    def seats(self) -> list[int]:
        return self.row.seats

    @property
    def outcome(self) -> Outcome | None:
        return Outcome.from_json(self.row.outcome)

    def seats_of(self, user_id: int) -> list[int]:
        return [seat for seat, uid in enumerate(self.row.seats) if uid == user_id]

    def user_at(self, seat: int) -> int:
        return self.row.seats[seat]

    def draft_state(self) -> GameState[Any] | None:
        """The state with the unfinished turn's moves applied (equal to ``state`` without a draft)."""
        state = self.state
        if state is None:
            return None
        for notation in self.row.draft:
            state = state.play(state.actors[0], notation)
        return state

    def actors(self) -> list[int]:
        """User ids the game is waiting for (see ``GameState.waiting_for``)."""
        state = self.draft_state()
        if state is None or self.row.status != ACTIVE:
            return []
        return [self.row.seats[seat] for seat in state.waiting_for]


class GameService:
    """Creating, joining, playing and ending games, for every game of the bot."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        # Set by the scheduler: what runs in the transaction that starts a turn (game id, guild id,
        # new turn_started_at) or stops a game (None), and in the one that stores a challenge.
        self.on_turn: Callable[[int, int, float | None], WithinTransaction] | None = None
        self.on_challenge: Callable[[int, float, int | None], AfterInsert] | None = None
        # Games with one of these users in a seat (the bot itself) are never rated.
        self.unrated_users: set[int] = set()

    # -- reading -------------------------------------------------------------

    async def load(self, game_id: int) -> GameRecord:
        try:
            row = await self.storage.game(game_id)
        except CorruptRow:
            log.warning("game %s has a row that cannot be decoded", game_id)
            raise damaged(game_id) from None
        if row is None:
            raise ServiceError(f"There is no game #{game_id}.", "err.no_game", id=game_id)
        return self._decode(row)

    def _decode(self, row: GameRow) -> GameRecord:
        if row.state is None:
            return GameRecord(row, None)
        try:
            state = GAMES[row.game].from_json(row.state)
        except Exception:
            # Any failure to rebuild a stored state is a damaged row, never a crash.
            log.warning("game %s has a state that cannot be restored", row.id, exc_info=True)
            raise damaged(row.id) from None
        return GameRecord(row, state)

    async def active_games(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        rows = await self.storage.games_of_user(user_id, guild_id, OPEN_STATUSES)
        records = []
        for row in rows:
            try:
                records.append(self._decode(row))
            except ServiceError:
                continue
        return records

    async def move_log(self, game_id: int) -> list[MoveRow]:
        await self.load(game_id)
        return await self.storage.moves(game_id)

    async def display_names(self, record: GameRecord) -> list[str]:
        names = await self.storage.display_names(record.seats)
        return [names.get(uid, f"Player {seat + 1}") for seat, uid in enumerate(record.seats)]

    async def remember_player(self, user_id: int, display_name: str) -> None:
        await self.storage.remember_player(user_id, display_name, self.clock())

    # -- challenges ----------------------------------------------------------

    async def challenge(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        challenger: int,
        invited: Sequence[int],
        options: JSON | None = None,
        turn_seconds: int | None = None,
    ) -> GameRecord:
        """Create a challenge; seats are challenger first, then the invited, in order.

        ``turn_seconds`` overrides the server's turn deadline for this game.
        """
        spec = GAMES[game]
        seats = [challenger, *invited]
        if len(set(seats)) != len(seats):
            raise ServiceError(
                "Each player can take only one seat: you cannot challenge yourself.", "err.self_challenge"
            )
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise ServiceError(f"{spec.name} is played by {spec.min_players} to {spec.max_players} players.")
        try:
            resolved = spec.resolve_options(options or {})
        except ValueError as error:
            raise ServiceError(str(error)) from None
        now = self.clock()
        row = GameRow(
            id=0, game=game, guild_id=guild_id, channel_id=channel_id, status=CHALLENGE, seats=seats,
            accepted=[challenger], options=resolved, seed=secrets.randbits(48), state=None, draft=[],
            outcome=None, end_reason=None, version=0, message_id=None, created_at=now, updated_at=now,
            turn_started_at=None,
        )
        if set(row.accepted) == set(seats):
            # Nobody else to wait for (solo training): the game starts at once.
            for name, value in self._start_columns(row).items():
                setattr(row, name, value)
        after = None if self.on_challenge is None else self.on_challenge(guild_id, now, turn_seconds)
        row.id = await self.storage.insert_game(row, after)
        return self._decode(row)

    async def accept(self, game_id: int, user_id: int) -> GameRecord:
        """Accept a challenge; the game starts once every invited player has accepted."""
        async with self._lock(game_id):
            record = await self._open_challenge(game_id)
            if user_id not in record.seats:
                raise ServiceError("This challenge is not addressed to you.", "err.not_addressed")
            if user_id in record.row.accepted:
                raise ServiceError(
                    "You have already accepted this challenge; waiting for the others.", "err.already_accepted"
                )
            accepted = [*record.row.accepted, user_id]
            columns: JSON = {"accepted": accepted, "updated_at": self.clock()}
            if set(accepted) == set(record.seats):
                columns.update(self._start_columns(record.row))
            return await self._write(record, Changes(columns))

    def _start_columns(self, row: GameRow) -> JSON:
        state = GAMES[row.game].new(players=len(row.seats), seed=row.seed, options=row.options)
        now = self.clock()
        return {"status": ACTIVE, "state": state.to_json(), "turn_started_at": now, "updated_at": now}

    async def decline(self, game_id: int, user_id: int) -> GameRecord:
        """An invited player declines, or the challenger withdraws."""
        async with self._lock(game_id):
            record = await self._open_challenge(game_id)
            if user_id not in record.seats:
                raise ServiceError("This challenge is not addressed to you.", "err.not_addressed")
            status = CANCELLED if user_id == record.seats[0] else DECLINED
            return await self._write(record, Changes({"status": status, "updated_at": self.clock()}))

    async def set_option(self, game_id: int, name: str, value: Any, version: int) -> GameRecord:
        """Store one option while the challenge is open (a choice an invited player makes on accepting).

        The cog checks ``value`` against the record of ``version``; a change since is refused as stale.
        """
        async with self._lock(game_id):
            record = await self._open_challenge(game_id)
            if record.version != version:
                raise StaleButton("The challenge changed while you were choosing; nothing was stored. Try again.")
            options = {**record.row.options, name: value}
            return await self._write(record, Changes({"options": options, "updated_at": self.clock()}))

    async def _open_challenge(self, game_id: int) -> GameRecord:
        record = await self.load(game_id)
        if record.row.status != CHALLENGE:
            raise ServiceError(f"This challenge is no longer open (the game is {record.row.status}).")
        return record

    # -- open lobbies: seats grow as players join, the creator starts ---------
    # A lobby is a challenge row whose every seat has accepted (a challenge with
    # everyone accepted would already have started), so no schema change is needed.

    async def open_lobby(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        creator: int,
        options: JSON | None = None,
        turn_seconds: int | None = None,
    ) -> GameRecord:
        """Open a table that anyone may join until its creator starts it (it expires like a challenge)."""
        spec = GAMES[game]
        try:
            resolved = spec.resolve_options(options or {})
        except ValueError as error:
            raise ServiceError(str(error)) from None
        now = self.clock()
        row = GameRow(
            id=0, game=game, guild_id=guild_id, channel_id=channel_id, status=CHALLENGE, seats=[creator],
            accepted=[creator], options=resolved, seed=secrets.randbits(48), state=None, draft=[],
            outcome=None, end_reason=None, version=0, message_id=None, created_at=now, updated_at=now,
            turn_started_at=None,
        )
        after = None if self.on_challenge is None else self.on_challenge(guild_id, now, turn_seconds)
        row.id = await self.storage.insert_game(row, after)
        return GameRecord(row, None)

    async def join(self, game_id: int, user_id: int) -> GameRecord:
        """Take the next free seat of an open lobby."""
        async with self._lock(game_id):
            record = await self._open_lobby(game_id)
            spec = GAMES[record.game]
            if user_id in record.seats:
                raise ServiceError("You are already at this table.")
            if len(record.seats) >= spec.max_players:
                raise ServiceError(f"This table is full: {spec.name} is played by at most {spec.max_players}.")
            seats = [*record.seats, user_id]
            columns: JSON = {"seats": seats, "accepted": seats, "updated_at": self.clock()}
            return await self._write(record, Changes(columns))

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Leave an open lobby; the creator leaving closes it."""
        async with self._lock(game_id):
            record = await self._open_lobby(game_id)
            if user_id not in record.seats:
                raise ServiceError("You are not at this table.")
            if user_id == record.seats[0]:
                return await self._write(record, Changes({"status": CANCELLED, "updated_at": self.clock()}))
            seats = [uid for uid in record.seats if uid != user_id]
            columns: JSON = {"seats": seats, "accepted": seats, "updated_at": self.clock()}
            return await self._write(record, Changes(columns))

    async def start_lobby(self, game_id: int, user_id: int) -> GameRecord:
        """The creator starts the game with the players seated now, in joining order."""
        async with self._lock(game_id):
            record = await self._open_lobby(game_id)
            spec = GAMES[record.game]
            if user_id != record.seats[0]:
                raise ServiceError(f"Only <@{record.seats[0]}>, who opened this table, can start the game.")
            if len(record.seats) < spec.min_players:
                raise ServiceError(f"{spec.name} needs at least {spec.min_players} players: wait for more to join.")
            return await self._write(record, Changes(self._start_columns(record.row)))

    async def _open_lobby(self, game_id: int) -> GameRecord:
        record = await self.load(game_id)
        status = record.row.status
        if status in (ACTIVE, FINISHED):
            raise ServiceError("This game has already started: nobody can join or leave the table any more.")
        if status != CHALLENGE or set(record.row.accepted) != set(record.seats):
            raise ServiceError(f"This table is no longer open (the game is {status}).")
        return record

    # -- playing -------------------------------------------------------------

    async def play(
        self, game_id: int, user_id: int, moves: Sequence[str], version: int | None = None
    ) -> GameRecord:
        """Commit the unfinished turn's draft followed by ``moves``, as one transaction."""
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            notations = [*record.row.draft, *moves]
            if not notations:
                raise ServiceError("There is no move to play.")
            ply = await self.storage.move_count(game_id)
            state, played = self._apply(record, user_id, notations, ply)
            return await self._save_moves(record, state, played)

    async def add_to_draft(self, game_id: int, user_id: int, move: str, version: int | None) -> GameRecord:
        """Add a move to the unfinished turn without committing it (the player can still undo)."""
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            draft = [*record.row.draft, move]
            self._apply(record, user_id, draft, 0)
            return await self._write(record, Changes({"draft": draft, "updated_at": self.clock()}))

    async def undo_draft(self, game_id: int, user_id: int, version: int | None) -> GameRecord:
        """Take back the last move of the unfinished turn."""
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            if user_id not in record.actors():
                raise self._not_your_turn(record, user_id)
            if not record.row.draft:
                raise ServiceError("Nothing to undo: you have not started your turn.")
            return await self._write(record, Changes({"draft": record.row.draft[:-1], "updated_at": self.clock()}))

    async def resign(self, game_id: int, user_id: int) -> GameRecord:
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            seats = record.seats_of(user_id)
            if not seats or record.state is None:
                raise ServiceError("You are not playing in this game.", "err.not_playing")
            outcome = record.state.resignation(seats[0])
            return await self._write(record, self._finish_changes(record, outcome, "resignation"))

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        await self.storage.set_message_id(game_id, message_id)

    async def set_channel(self, game_id: int, channel_id: int) -> None:
        """Move a game to another channel (its own thread); not a change of the game, so no new version."""
        await self.storage.set_channel_id(game_id, channel_id)

    def _apply(
        self, record: GameRecord, user_id: int, notations: Sequence[str], ply: int
    ) -> tuple[GameState[Any], list[MoveRow]]:
        """Play ``notations`` in turn for ``user_id``; numbered after ``ply`` moves already stored."""
        assert record.state is not None
        state = record.state
        played: list[MoveRow] = []
        for notation in notations:
            seat = self._acting_seat(record, state, user_id)
            try:
                after = state.play(seat, notation)
            except IllegalMove as error:
                raise ServiceError(str(error)) from None
            move = str(state.parse_move(notation))
            played.append(MoveRow(ply + len(played) + 1, seat, user_id, move, self.clock()))
            state = after
        return state, played

    def _acting_seat(self, record: GameRecord, state: GameState[Any], user_id: int) -> int:
        mine = record.seats_of(user_id)
        if not mine:
            raise ServiceError("You are not playing in this game.", "err.not_playing")
        for seat in mine:
            if seat in state.actors:
                return seat
        if state.outcome is not None:
            raise ServiceError("The game is over: no more moves can be played.", "err.game_over")
        raise self._not_your_turn(record, user_id)

    def _not_your_turn(self, record: GameRecord, user_id: int) -> ServiceError:
        if not record.seats_of(user_id):
            return ServiceError("You are not playing in this game.", "err.not_playing")
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
        return await self._write(record, changes)

    def _finish_changes(
        self, record: GameRecord, outcome: Outcome, reason: str, columns: JSON | None = None,
        moves: Sequence[MoveRow] = (),
    ) -> Changes:
        """The write that ends a game: every finish path uses it, so the rating update rides along.

        ``columns`` and ``moves`` are what else the same write stores (the last state, the last moves).
        """
        written = {**(columns or {}), **self._finish_columns(outcome, reason)}
        step = rating_step(record.row, outcome, written["updated_at"], self.unrated_users)
        return Changes(written, list(moves), [step] if step is not None else [])

    def _finish_columns(self, outcome: Outcome, reason: str) -> JSON:
        return {"status": FINISHED, "outcome": outcome.to_json(), "end_reason": reason, "updated_at": self.clock()}

    async def _active(self, game_id: int, version: int | None) -> GameRecord:
        record = await self.load(game_id)
        if record.row.status != ACTIVE:
            raise ServiceError(f"Game #{game_id} is not being played (it is {record.row.status}).")
        if version is not None and version != record.version:
            raise StaleButton(
                "These controls are out of date: the game has moved on since. Use the latest board message.",
                "err.out_of_date",
            )
        return record

    async def _write(self, record: GameRecord, changes: Changes) -> GameRecord:
        columns = changes.columns
        if self.on_turn is not None and ("status" in columns or "turn_started_at" in columns):
            active = columns.get("status", record.row.status) == ACTIVE
            stamp = columns.get("turn_started_at", record.row.turn_started_at) if active else None
            changes.also.append(self.on_turn(record.id, record.row.guild_id, stamp))
        try:
            await self.storage.update_game(record.id, record.version, changes)
        except StaleVersion:
            raise StaleButton(
                "The game changed while you were acting; nothing was played. Try again.", "err.changed_while"
            ) from None
        return await self.load(record.id)

    # -- games that last days ---------------------------------------------------

    async def timeout(
        self, game_id: int, stamp: float, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord | None:
        """The turn started at ``stamp`` ran out: the player to move loses.  None if the game moved on."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            if record.row.status != ACTIVE or record.row.turn_started_at != stamp or record.state is None:
                return None
            late = record.state.waiting_for[0]
            fallback = record.state.default_move(late)
            if fallback is None:
                return await self._forfeit(record, late, also)
            ply = await self.storage.move_count(game_id)
            state, played = self._apply(record, record.user_at(late), [str(fallback)], ply)
            return await self._save_moves(record, state, played, also)

    async def claim_timeout(self, game_id: int, user_id: int, version: int) -> GameRecord:
        """The opponent of a player out of time claims the win (the server's ``claim`` rule)."""
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            if not record.seats_of(user_id) or record.state is None:
                raise ServiceError("You are not playing in this game.", "err.not_playing")
            late = [seat for seat in record.state.waiting_for if record.user_at(seat) != user_id]
            if not late:
                raise ServiceError("It is your own turn: only your opponent can claim the win.")
            return await self._forfeit(record, late[0])

    async def _forfeit(
        self, record: GameRecord, seat: int, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord:
        assert record.state is not None
        outcome = replace(record.state.resignation(seat), reason="timeout")
        changes = self._finish_changes(record, outcome, "timeout")
        changes.also.extend(also)
        return await self._write(record, changes)

    async def agree_draw(self, game_id: int, user_id: int, offered_by: int, version: int) -> GameRecord:
        """``user_id`` accepts the draw ``offered_by`` proposed: the game ends with no winner."""
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            self._check_answer(record, user_id, offered_by)
            self.check_draw_possible(record)
            outcome = Outcome(winners=(), reason="draw agreed")
            return await self._write(record, self._finish_changes(record, outcome, "draw agreed"))

    async def take_back(self, game_id: int, user_id: int, asked_by: int, version: int) -> GameRecord:
        """``user_id`` agrees that ``asked_by`` takes back their last turn.

        The state is rebuilt by replaying the move log without that turn from the game's seed
        (the RNG lives in the state, so the replay is exact); the taken-back moves are deleted
        in the same transaction as the version-checked write.
        """
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            self._check_answer(record, user_id, asked_by)
            moves = await self.storage.moves(game_id)
            keep = self._before_last_turn(moves, asked_by)
            state = GAMES[record.game].new(players=len(record.seats), seed=record.row.seed, options=record.row.options)
            try:
                for move in moves[:keep]:
                    state = state.play(move.seat, move.notation)
            except IllegalMove:
                log.warning("game %s: its move log does not replay", game_id, exc_info=True)
                raise ServiceError(f"Game #{game_id} cannot be rebuilt from its move log: no take-back.") from None
            now = self.clock()
            columns: JSON = {"state": state.to_json(), "draft": [], "updated_at": now, "turn_started_at": now}

            async def forget(db: Any) -> None:
                await self.storage.delete_moves_after(db, game_id, moves[keep - 1].ply if keep else 0)

            return await self._write(record, Changes(columns, [], [forget]))

    @staticmethod
    def _before_last_turn(moves: Sequence[MoveRow], asked_by: int) -> int:
        """How many moves stay once the last turn (the trailing moves of one seat) is taken back."""
        if not moves or moves[-1].user_id != asked_by:
            raise ServiceError("Only the player who made the last move can take it back, before anyone else moves.")
        keep = len(moves)
        while keep and moves[keep - 1].seat == moves[-1].seat:
            keep -= 1
        return keep

    @staticmethod
    def check_draw_possible(record: GameRecord) -> None:
        """A draw by agreement needs every player's consent; one answer button speaks for one opponent only."""
        if len(set(record.seats)) != 2:
            raise ServiceError("A draw can be agreed only in a two-player game.")

    @staticmethod
    def _check_answer(record: GameRecord, user_id: int, asked_by: int) -> None:
        if not record.seats_of(user_id):
            raise ServiceError("You are not playing in this game.", "err.not_playing")
        if user_id == asked_by:
            raise ServiceError("You made this offer: your opponent must answer it.")

    async def expire_challenge(
        self, game_id: int, stamp: float, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord | None:
        """Close a challenge nobody answered in time.  None if it was answered meanwhile."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            if record.row.status != CHALLENGE or record.row.created_at != stamp:
                return None
            return await self._write(record, Changes({"status": EXPIRED, "updated_at": self.clock()}, [], list(also)))

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())
