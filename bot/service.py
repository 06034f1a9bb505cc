"""The game service: load -> check -> apply -> save, for every game and every cog.

It never imports discord.  Each public coroutine takes user ids and returns a
:class:`GameRecord`; anything a player did wrong raises :class:`ServiceError`
with a message fit to show them.  Calls for the same game are serialised by a
per-game lock, and every write checks the version it started from, so a double
click or a stale button is refused and never applied twice.

The service is built in layers, one concern a module: :mod:`bot.records` (records, statuses,
refusals, loading and saving), :mod:`bot.playing` (who may act, moves, drafts), :mod:`bot.turn_time`
(time-outs and claims), :mod:`bot.offers` (draws and take-backs) and here, creating games (challenges,
rematches, lobbies).  Everything is importable from here.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from bot.database import Connection
from bot.i18n import game_named
from bot.offers import Offers
from bot.playing import Playing
from bot.records import (
    ACTIVE,
    CANCELLED,
    CHALLENGE,
    DECLINED,
    EXPIRED,
    FINISHED,
    JSON,
    MOVE,
    OFFERS,
    OPEN_STATUSES,
    REBUILT_STATES_KEPT,
    REMATCH_STATUSES,
    Act,
    GameRecord,
    Records,
    ServiceError,
    StaleButton,
    damaged,
    invalid_control,
    jump_link,
    not_playing,
    out_of_date,
    pending_offer,
    refusal,
    rematch_seats,
    resolved_options,
)
from bot.storage import Changes, GameRow, WithinTransaction
from bot.turn_time import TurnTime
from rules import GAMES, Outcome

__all__ = [
    "ACTIVE", "CANCELLED", "CHALLENGE", "DECLINED", "EXPIRED", "FINISHED", "JSON", "MOVE", "OFFERS",
    "OPEN_STATUSES", "REBUILT_STATES_KEPT", "REMATCH_STATUSES", "Act", "GameRecord", "GameService", "Offers",
    "Playing", "Records", "ServiceError", "StaleButton", "TurnTime", "damaged", "invalid_control", "jump_link",
    "not_playing", "out_of_date", "pending_offer", "refusal", "rematch_seats", "resolved_options",
]


class GameService(Offers):
    """Creating, joining, playing and ending games, for every game of the bot."""

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
        challenger_seat: int = 0,
        rematch_of: int | None = None,
        bots: Mapping[int, str] | None = None,
    ) -> GameRecord:
        """Create a challenge; the challenger takes seat ``challenger_seat`` (the first by default),
        the invited the other seats, in order.

        ``bots`` names the seats Agora plays (holding the bot's user id) with its level there:
        the bot accepts at once, so a challenge to the bot alone starts the game.

        ``turn_seconds`` overrides the server's turn deadline for this game.  ``rematch_of``
        names the finished game this challenge is the rematch of: it has at most one rematch
        waiting or played, checked in the transaction that stores this one.
        """
        spec = GAMES[game]
        seats = [*invited]
        seats.insert(challenger_seat, challenger)
        bots = dict(bots or {})
        people = [uid for seat, uid in enumerate(seats) if seat not in bots]
        if len(set(people)) != len(people) or set(people) & {seats[seat] for seat in bots}:
            raise ServiceError(
                "Each player can take only one seat: you cannot challenge yourself.", "err.self_challenge"
            )
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise refusal("err.player_count", game=game_named(spec.id), low=spec.min_players, high=spec.max_players)
        resolved = resolved_options(spec, options)
        now = self.clock()
        row = GameRow(
            id=0, game=game, guild_id=guild_id, channel_id=channel_id, status=CHALLENGE, seats=seats,
            accepted=list(dict.fromkeys([challenger, *(seats[seat] for seat in sorted(bots))])), options=resolved,
            seed=secrets.randbits(48), state=None, draft=[], outcome=None, end_reason=None, version=0,
            message_id=None, created_at=now, updated_at=now, turn_started_at=None, rematch_of=rematch_of,
            bots={str(seat): level for seat, level in sorted(bots.items())},
        )
        if set(row.accepted) == set(seats):
            # Nobody else to wait for (solo training): the game starts at once.
            for name, value in self._start_columns(row).items():
                setattr(row, name, value)
        scheduled = None if self.on_challenge is None else self.on_challenge(guild_id, now, turn_seconds)

        async def after(db: Connection, game_id: int) -> None:
            row.id = game_id
            if rematch_of is not None:
                await self._only_rematch(db, rematch_of, game_id)
            if row.status == CHALLENGE:
                await self._no_twin(db, row, turn_seconds)
            if scheduled is not None:
                await scheduled(db, game_id)
            if row.status == ACTIVE and bots and self.on_turn is not None:
                await self.on_turn(game_id, guild_id, row.turn_started_at, True)(db)  # the bot may move first

        row.id = await self.storage.insert_game(row, after)
        return self._decode(row)

    async def _no_twin(self, db: Connection, row: GameRow, turn_seconds: int | None) -> None:
        """Inside the transaction storing challenge ``row``: refuse it while the same players have the
        same challenge (game, options, time per turn) open in the same channel, whoever of them made it.

        A challenge the other way round counts too: the players are pointed to the open one to answer.
        """
        for other in await self.storage.open_challenges_in(db, row):
            if set(other.accepted) == set(other.seats):
                continue  # an open table anyone may join, not a challenge
            if set(other.seats) != set(row.seats) or other.options != row.options:
                continue
            if await self.storage.game_turn_seconds(other.id, db) != turn_seconds:
                continue
            challenger, asking = other.accepted[0], row.accepted[0]
            values: dict[str, Any] = {"id": other.id, "game": game_named(row.game), "link": jump_link(other)}
            if asking in other.accepted:
                raise refusal("err.challenge_twin", **values)
            raise refusal("err.challenge_for_you", challenger=challenger, **values)

    async def _only_rematch(self, db: Connection, game_id: int, rematch_id: int) -> None:
        """Inside the transaction storing rematch ``rematch_id``: refuse it if game ``game_id`` has another one."""
        other = await self.storage.other_rematch(db, game_id, rematch_id, REMATCH_STATUSES)
        if other is not None:
            raise ServiceError(
                f"Game #{game_id} already has a rematch: game #{other.id} in <#{other.channel_id}>.",
                "err.rematch_exists", id=game_id, rematch=other.id, channel=other.channel_id,
            )

    async def rematch(
        self, game_id: int, user_id: int, *, channel_id: int, options: JSON | None = None
    ) -> GameRecord:
        """A player of finished game ``game_id`` asks for its rematch: a new challenge through :meth:`challenge`.

        The same game, options and time per turn; the seats rotated by one (swapped for two
        players, see :func:`rematch_seats`); ``user_id`` has accepted it, the others are invited.
        ``options`` are the game's own unless the caller adapts them to the new seats.  Only
        seated players may ask, once the game is over, and only while the game has no other
        rematch waiting or played (a declined or expired one does not count).
        """
        record = await self.load(game_id)
        if user_id not in record.seats:  # a player who left the table is one of its players too
            raise ServiceError(
                f"Only the players of game #{game_id} can ask for its rematch.", "err.rematch_outsider", id=game_id
            )
        if record.row.status != FINISHED:
            raise ServiceError(
                f"Game #{game_id} is not over: its rematch can be asked once it has ended.",
                "err.rematch_not_over", id=game_id,
            )
        seats = rematch_seats(record.seats)
        seat = seats.index(user_id)
        # Seat s moves to s - 1 (see rematch_seats): the bot keeps its level wherever it sits.
        # (A seat Agora took over from a player who left goes back to that player: they are invited.)
        kept = {old: level for old, level in record.bot_seats.items() if str(old) not in record.row.absent}
        bots = {(old - 1) % len(seats): level for old, level in kept.items()}
        return await self.challenge(
            record.game, guild_id=record.row.guild_id, channel_id=channel_id, challenger=user_id,
            invited=[*seats[:seat], *seats[seat + 1:]], options=record.row.options if options is None else options,
            turn_seconds=await self.storage.game_turn_seconds(game_id), challenger_seat=seat, rematch_of=game_id,
            bots=bots,
        )  # fmt: skip

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
            status = CANCELLED if user_id == record.challenger else DECLINED
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

    def started_row(
        self, game: str, *, guild_id: int, channel_id: int, seats: Sequence[int], options: JSON | None = None
    ) -> GameRow:
        """A game that starts at once with these seats, without a challenge (a tournament's table).

        Store it with :meth:`insert_started`, inside the caller's transaction.
        """
        spec = GAMES[game]
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise refusal("err.player_count", game=game_named(spec.id), low=spec.min_players, high=spec.max_players)
        now = self.clock()
        row = GameRow(
            id=0, game=game, guild_id=guild_id, channel_id=channel_id, status=CHALLENGE, seats=list(seats),
            accepted=list(seats), options=spec.resolve_options(options or {}), seed=secrets.randbits(48),
            state=None, draft=[], outcome=None, end_reason=None, version=0, message_id=None, created_at=now,
            updated_at=now, turn_started_at=None,
        )
        for name, value in self._start_columns(row).items():
            setattr(row, name, value)
        return row

    async def insert_started(self, db: Connection, row: GameRow, turn_seconds: int | None) -> int:
        """Inside a transaction: store a game made by :meth:`started_row`, with its deadline and turn jobs."""
        row.id = await self.storage.insert_game_in(db, row)
        if turn_seconds is not None:
            await self.storage.set_turn_seconds(db, row.id, turn_seconds)
        if self.on_turn is not None:
            await self.on_turn(row.id, row.guild_id, row.turn_started_at, bool(row.bots))(db)
        return row.id

    async def start_game(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        seats: Sequence[int],
        options: JSON | None = None,
        turn_seconds: int | None = None,
    ) -> GameRecord:
        """Start a game at once with these seats, in turn order: :meth:`started_row` stored on its own.

        For callers that already know who plays and need no other write alongside.
        """
        row = self.started_row(game, guild_id=guild_id, channel_id=channel_id, seats=seats, options=options)
        async with self.storage.transaction() as db:
            game_id = await self.insert_started(db, row, turn_seconds)
        return await self.load(game_id)

    async def impose_result(self, game_id: int, winners: Sequence[int], reason: str) -> GameRecord:
        """End an active game with ``winners`` (seats; none is a draw): a tournament director's decision."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            outcome = Outcome(winners=tuple(winners), reason=reason)
            return await self._write(record, self._finish_changes(record, outcome, reason))

    async def _open_challenge(self, game_id: int) -> GameRecord:
        record = await self.load(game_id)
        if record.row.status != CHALLENGE:
            raise refusal("err.challenge_closed")
        return record

    async def open_lobby(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        creator: int,
        options: JSON | None = None,
        turn_seconds: int | None = None,
        bot_user: int | None = None,
        bots: Sequence[str] = (),
    ) -> GameRecord:
        """Open a table that anyone may join until its creator starts it (it expires like a challenge).

        ``bots`` holds the level of each seat Agora (``bot_user``) takes at once, after the creator's.
        """
        spec = GAMES[game]
        resolved = resolved_options(spec, options)
        if bots and (bot_user is None or 1 + len(bots) > spec.max_players):
            raise refusal("err.table_full", game=game_named(spec.id), high=spec.max_players)
        seats = [creator, *(bot_user for _ in bots if bot_user is not None)]
        now = self.clock()
        row = GameRow(
            id=0, game=game, guild_id=guild_id, channel_id=channel_id, status=CHALLENGE, seats=seats,
            accepted=list(dict.fromkeys(seats)), options=resolved, seed=secrets.randbits(48), state=None, draft=[],
            outcome=None, end_reason=None, version=0, message_id=None, created_at=now, updated_at=now,
            turn_started_at=None, bots={str(seat + 1): level for seat, level in enumerate(bots)},
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
                raise refusal("err.table_seated")
            if len(record.seats) >= spec.max_players:
                raise refusal("err.table_full", game=game_named(spec.id), high=spec.max_players)
            seats = [*record.seats, user_id]
            columns: JSON = {"seats": seats, "accepted": seats, "updated_at": self.clock()}
            seated = await self._write(record, Changes(columns))
            for hook in self.on_seated:
                await hook(seated, user_id)
            return seated

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Leave an open lobby; the creator leaving closes it."""
        async with self._lock(game_id):
            record = await self._open_lobby(game_id)
            if user_id not in record.seats:
                raise refusal("err.table_not_seated")
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
                raise refusal("err.table_not_opener", opener=f"<@{record.seats[0]}>")
            if len(record.seats) < spec.min_players:
                raise refusal("err.table_too_few", game=game_named(spec.id), low=spec.min_players)
            return await self._write(record, Changes(self._start_columns(record.row)))

    async def _open_lobby(self, game_id: int) -> GameRecord:
        record = await self.load(game_id)
        status = record.row.status
        if status in (ACTIVE, FINISHED):
            raise refusal("err.table_started")
        if status != CHALLENGE or set(record.row.accepted) != set(record.seats):
            raise refusal("err.table_closed")
        return record

    async def expire_challenge(
        self, game_id: int, stamp: float, also: Sequence[WithinTransaction] = ()
    ) -> GameRecord | None:
        """Close a challenge nobody answered in time.  None if it was answered meanwhile."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            if record.row.status != CHALLENGE or record.row.created_at != stamp:
                return None
            return await self._write(record, Changes({"status": EXPIRED, "updated_at": self.clock()}, [], list(also)))
