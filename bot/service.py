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
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.database import Connection
from bot.i18n import text
from bot.locks import KeyedLocks
from bot.movelog import replay
from bot.names import plain_name, shown_name
from bot.ratings import rating_step
from bot.recent import Recent
from bot.storage import AfterInsert, Changes, CorruptRow, GameRow, MoveRow, StaleVersion, Storage, WithinTransaction
from rules import GAMES, BadOptions, Game, GameState, IllegalMove, Outcome, Text

log = logging.getLogger("agora.service")

JSON = dict[str, Any]

CHALLENGE = "challenge"
ACTIVE = "active"
FINISHED = "finished"
EXPIRED = "expired"
DECLINED = "declined"
CANCELLED = "cancelled"
OPEN_STATUSES = (CHALLENGE, ACTIVE)
REBUILT_STATES_KEPT = 1_024  # games whose state a process keeps rebuilt
# A finished game's rematch in one of these stands; a declined, withdrawn or expired one makes way for another.
REMATCH_STATUSES = (CHALLENGE, ACTIVE, FINISHED)


class ServiceError(Exception):
    """Something a player asked for that cannot be done; ``str()`` is for them, in English.

    ``key`` and ``values`` name the same message in the catalogue of ``bot.i18n``, so
    the Discord edge can answer in the server's language.
    """

    def __init__(
        self,
        message: str,
        key: str | None = None,
        *,
        quotes_player: bool = False,
        engine_text: Text | None = None,
        **values: Any,
    ) -> None:
        super().__init__(message)
        self.key = key
        self.values = values
        # The message quotes what a player typed (an engine's refusal): shown with markup made inert.
        self.quotes_player = quotes_player
        # An engine's refusal, worded through the catalogue's "rules" entries rather than a key.
        self.engine_text = engine_text


def refusal(key: str, **values: Any) -> ServiceError:
    """A refusal from the message catalogue: English in ``str()``, the server's language on Discord.

    >>> str(refusal("err.no_game", id=3))
    'There is no game #3.'
    """
    return ServiceError(text("en", key, **values), key, **values)


def jump_link(row: GameRow) -> str:
    """A link to the game's message (its challenge, else its current board), or its channel when it has none."""
    target = row.message_id or ""
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{target}".rstrip("/")


def resolved_options(spec: Game[Any], options: JSON | None) -> JSON:
    """``options`` with the game's defaults filled in, or the game's refusal of them."""
    try:
        return spec.resolve_options(options or {})
    except BadOptions as error:
        raise ServiceError(str(error), engine_text=error.text) from None


def damaged(game_id: int) -> ServiceError:
    return ServiceError(f"Game #{game_id} is damaged in storage and cannot be played.", "err.damaged", id=game_id)


def not_playing() -> ServiceError:
    """The refusal for someone without a seat in the game."""
    return ServiceError("You are not playing in this game.", "err.not_playing")


class StaleButton(ServiceError):
    """The control clicked belongs to an older version of the game."""


def out_of_date() -> StaleButton:
    return StaleButton(
        "These controls are out of date: the game has moved on since. Use the latest board message.",
        "err.out_of_date",
    )


def invalid_control() -> ServiceError:
    """The answer to a control or a game id that is not valid here (forged, foreign or unknown)."""
    return ServiceError("This control is not valid.", "err.invalid_control")


@dataclass(frozen=True)
class Act:
    """What a user asks to do on a game, for :meth:`GameService.check_actor`.

    ``kind`` is ``move`` (play, draft, undo, choose), ``claim`` (the win on time, with the
    turn's ``deadline``), ``wait`` (let a late player go on) or ``answer`` (the pending
    ``offer``: ``draw`` or ``takeback``).

    >>> Act("answer", offer="draw")
    Act(kind='answer', offer='draw', deadline=None)
    """

    kind: str = "move"
    offer: str | None = None
    deadline: float | None = None


MOVE = Act()
OFFERS = ("draw", "takeback")


def pending_offer(record: GameRecord) -> JSON | None:
    """The offer waiting for an answer: stored with the game, and only while the game has not moved.

    Its ``version`` follows the game through the steps of an unfinished turn (a draft), which
    do not move the game on; ``made`` is the version it was made at, which its buttons carry.
    """
    offer = record.row.offer
    if offer is None or offer.get("version") != record.version or record.row.status != ACTIVE:
        return None
    return offer


def rematch_seats(seats: Sequence[int]) -> list[int]:
    """The seats of a rematch: rotated by one, so two players swap and each player moves up a seat.

    >>> rematch_seats([1, 2]), rematch_seats([1, 2, 3])
    ([2, 1], [2, 3, 1])
    """
    return [*seats[1:], *seats[:1]]


def offer_made_at(offer: JSON) -> int:
    """The game's version when ``offer`` was made (offers stored before ``made`` was kept: their version)."""
    made = offer["made"] if "made" in offer else offer.get("version")
    return made if isinstance(made, int) else -1


def message_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    """A link to a message of the game's channel, or the channel's mention when the message is not known."""
    if message_id is None:
        return f"<#{channel_id}>"
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


@dataclass
class GameRecord:
    """A stored game with its state decoded."""

    row: GameRow
    state: GameState[Any] | None
    # The players' names, read once per loaded record: a move draws, describes and alt-texts one record.
    names: list[str] | None = field(default=None, repr=False, compare=False)

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

    @property
    def challenger(self) -> int:
        """Who made the challenge: the first to have accepted it (a rematch's may sit in any seat)."""
        return self.row.accepted[0] if self.row.accepted else self.row.seats[0]

    def seats_of(self, user_id: int) -> list[int]:
        return [seat for seat, uid in enumerate(self.row.seats) if uid == user_id]

    @property
    def bot_seats(self) -> dict[int, str]:
        """The seats Agora plays, with its level there (from the stored game, never from a control)."""
        return {int(seat): str(level) for seat, level in self.row.bots.items()}

    def waiting_bots(self) -> list[int]:
        """The bot's seats the game waits for now, in seat order."""
        if self.state is None or self.row.status != ACTIVE:
            return []
        bots = self.bot_seats
        return [seat for seat in self.state.waiting_for if seat in bots]

    def people_besides(self, user_id: int | None = None) -> list[int]:
        """The other people seated (the bot's seats left out): who may answer an offer or claim on time."""
        bots = self.bot_seats
        return [uid for seat, uid in enumerate(self.row.seats) if seat not in bots and uid != user_id]

    def human_actors(self) -> list[int]:
        """User ids of the people the game waits for (the bot's seats left out: it is never pinged)."""
        if self.state is None or self.row.status != ACTIVE:
            return []
        bots = self.bot_seats
        return [self.row.seats[seat] for seat in self.state.waiting_for if seat not in bots]

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
        """User ids the game is waiting for (see ``GameState.waiting_for``).

        An unconfirmed draft does not pass the turn on: the game still waits for its owner.
        """
        if self.state is None or self.row.status != ACTIVE:
            return []
        return [self.row.seats[seat] for seat in self.state.waiting_for]


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


class GameService:
    """Creating, joining, playing and ending games, for every game of the bot."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self._locks = KeyedLocks()
        # Set by the scheduler: what runs in the transaction that starts a turn (game id, guild id,
        # new turn_started_at, whether Agora holds a seat) or stops a game (None), and in the one
        # that stores a challenge.
        self.on_turn: Callable[[int, int, float | None, bool], WithinTransaction] | None = None
        self.on_challenge: Callable[[int, float, int | None], AfterInsert] | None = None
        # Games with one of these users in a seat (the bot itself) are never rated.
        self.unrated_users: set[int] = set()
        # What else runs in the transaction that ends a game, given the game and its result
        # (a tournament records the result there, and schedules its next round).
        self.on_finish: list[Callable[[GameRow, Outcome], WithinTransaction]] = []
        # Set by the scheduler: a game's time per turn in seconds (its own, else its server's).
        self.turn_seconds: Callable[[int, int], Awaitable[int]] | None = None
        # The state last rebuilt from its stored JSON, per game: a move loads its game several times
        # (to check the click, to play, after writing, to publish), and states never change once made
        # (``play`` returns a new one), so one state serves every load of the same stored JSON.
        self._rebuilt: Recent[int, tuple[JSON, GameState[Any]]] = Recent(REBUILT_STATES_KEPT)

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

    async def load_mine(self, game_id: int, user_id: int, guild_id: int | None) -> GameRecord:
        """A game of this server where ``user_id`` holds a seat, named by a command.

        A game that does not exist, belongs to another server or to other players gets
        the same answer, so a command reveals nothing about games that are not yours.
        """
        refusal = ServiceError(
            f"Game #{game_id} is not one of your games on this server: see /games.", "err.not_your_game", id=game_id
        )
        if not 0 < game_id <= 2**63 - 1:
            raise refusal
        try:
            record = await self.load(game_id)
        except ServiceError as error:
            raise (refusal if error.key == "err.no_game" else error) from None
        if record.row.guild_id != guild_id or not record.seats_of(user_id):
            raise refusal
        return record

    def _decode(self, row: GameRow) -> GameRecord:
        if row.state is None:
            return GameRecord(row, None)
        kept = self._rebuilt.get(row.id)
        # Storage hands out the same decoded JSON while the stored value is unchanged: most often identical.
        if kept is not None and (kept[0] is row.state or kept[0] == row.state):
            return GameRecord(row, kept[1])
        try:
            state = GAMES[row.game].from_json(row.state)
        except Exception:
            # Any failure to rebuild a stored state is a damaged row, never a crash.
            log.warning("game %s has a state that cannot be restored", row.id, exc_info=True)
            raise damaged(row.id) from None
        self._rebuilt[row.id] = (row.state, state)
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
        """The players' names in the game's server, as pictures draw them (see :mod:`bot.names`); read once
        per loaded record (a name changed meanwhile shows from the game's next record on)."""
        if record.names is None:
            names = await self.storage.display_names(record.row.guild_id, record.seats)
            seats = enumerate(record.seats)
            record.names = [plain_name(names.get(uid, ""), f"Player {seat + 1}") for seat, uid in seats]
        return list(record.names)

    async def shown_names(self, record: GameRecord) -> list[str]:
        """The players' names in the game's server, safe in a message: no markdown, link or mention."""
        return [shown_name(name) for name in await self.display_names(record)]

    async def remember_player(self, guild_id: int, user_id: int, display_name: str) -> None:
        await self.storage.remember_player(guild_id, user_id, plain_name(display_name), self.clock())

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
            raise refusal("err.player_count", game=spec.name, low=spec.min_players, high=spec.max_players)
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
            values: JSON = {"id": other.id, "game": GAMES[row.game].name, "link": jump_link(other)}
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
        if not record.seats_of(user_id):
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
        bots = {(old - 1) % len(seats): level for old, level in record.bot_seats.items()}
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
            raise refusal("err.player_count", game=spec.name, low=spec.min_players, high=spec.max_players)
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
        bot_user: int | None = None,
        bots: Sequence[str] = (),
    ) -> GameRecord:
        """Open a table that anyone may join until its creator starts it (it expires like a challenge).

        ``bots`` holds the level of each seat Agora (``bot_user``) takes at once, after the creator's.
        """
        spec = GAMES[game]
        resolved = resolved_options(spec, options)
        if bots and (bot_user is None or 1 + len(bots) > spec.max_players):
            raise refusal("err.table_full", game=spec.name, high=spec.max_players)
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
                raise refusal("err.table_full", game=spec.name, high=spec.max_players)
            seats = [*record.seats, user_id]
            columns: JSON = {"seats": seats, "accepted": seats, "updated_at": self.clock()}
            return await self._write(record, Changes(columns))

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
                raise refusal("err.table_too_few", game=spec.name, low=spec.min_players)
            return await self._write(record, Changes(self._start_columns(record.row)))

    async def _open_lobby(self, game_id: int) -> GameRecord:
        record = await self.load(game_id)
        status = record.row.status
        if status in (ACTIVE, FINISHED):
            raise refusal("err.table_started")
        if status != CHALLENGE or set(record.row.accepted) != set(record.seats):
            raise refusal("err.table_closed")
        return record

    # -- who may act: the one authorization step of every move ------------------

    def check_actor(self, record: GameRecord, user_id: int, version: int | None, act: Act = MOVE) -> int:
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
        return self._seat_to_act(record, record.state, user_id)

    def _seat_to_act(self, record: GameRecord, state: GameState[Any], user_id: int, only: int | None = None) -> int:
        mine = [seat for seat in record.seats_of(user_id) if only is None or seat == only]
        if not mine:
            raise not_playing()
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

    def check_server(self, record: GameRecord, guild_id: int | None) -> None:
        """A click or command names a game of the server it comes from; any other is not valid here.

        The refusal is the same as for a game that does not exist, so it reveals nothing.
        """
        if guild_id != record.row.guild_id:
            raise invalid_control()

    # -- playing -------------------------------------------------------------

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
            record = await self.load(game_id)
            self.check_actor(record, user_id, version)
            notations = [*record.row.draft, *moves]
            if not notations:
                raise ServiceError("There is no move to play.", "err.no_move")
            ply = await self.storage.move_count(game_id)
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
                raise not_playing()
            outcome = record.state.resignation(seats[0])
            return await self._write(record, self._finish_changes(record, outcome, "resignation"))

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        await self.storage.set_message_id(game_id, message_id)

    async def set_ping(self, game_id: int, ping_id: int | None) -> None:
        await self.storage.set_ping_id(game_id, ping_id)

    async def set_channel(self, game_id: int, channel_id: int) -> None:
        """Move a game to another channel (its own thread); not a change of the game, so no new version."""
        await self.storage.set_channel_id(game_id, channel_id)

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
        plays them, or one per notation.
        """
        assert record.state is not None
        state = record.state
        played: list[MoveRow] = []
        for index, notation in enumerate(notations):
            seat = self._seat_to_act(record, state, user_id, only if not isinstance(only, Sequence) else only[index])
            try:
                after = state.play(seat, notation)
            except IllegalMove as error:
                raise ServiceError(str(error), quotes_player=True, engine_text=error.text) from None
            move = str(state.parse_move(notation))
            played.append(MoveRow(ply + len(played) + 1, seat, user_id, move, self.clock()))
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
        steps = [step] if step is not None else []
        steps.extend(hook(record.row, outcome) for hook in self.on_finish)
        return Changes(written, list(moves), steps)

    def _finish_columns(self, outcome: Outcome, reason: str) -> JSON:
        return {"status": FINISHED, "outcome": outcome.to_json(), "end_reason": reason, "updated_at": self.clock()}

    async def _active(self, game_id: int, version: int | None) -> GameRecord:
        record = await self.load(game_id)
        if record.row.status != ACTIVE:
            raise ServiceError(
                f"Game #{game_id} is not being played.", "err.not_played", id=game_id
            )
        if version is not None and version != record.version:
            raise out_of_date()
        return record

    async def _write(self, record: GameRecord, changes: Changes) -> GameRecord:
        columns = changes.columns
        if self.on_turn is not None and ("status" in columns or "turn_started_at" in columns):
            active = columns.get("status", record.row.status) == ACTIVE
            stamp = columns.get("turn_started_at", record.row.turn_started_at) if active else None
            changes.also.append(self.on_turn(record.id, record.row.guild_id, stamp, bool(record.row.bots)))
        try:
            await self.storage.update_game(record.id, record.version, changes)
        except StaleVersion:
            raise StaleButton(
                "The game changed while you were acting; nothing was played. Try again.", "err.changed_while"
            ) from None
        return await self.load(record.id)

    # -- games that last days ---------------------------------------------------

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
        outcome = replace(record.state.resignation(seat), reason="timeout")
        changes = self._finish_changes(record, outcome, "timeout")
        changes.also.extend(also)
        return await self._write(record, changes)

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
        return self._locks[game_id]
