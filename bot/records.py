"""A game as the service hands it out (:class:`GameRecord`), its statuses, and the refusals a player may
get (:class:`ServiceError`); :class:`Records` loads and saves records for the rest of the service."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.absence import absent_seats, final_outcome
from bot.i18n import text
from bot.locks import KeyedLocks
from bot.names import plain_name, shown_name, told_apart
from bot.ratings import rating_step
from bot.recent import Recent
from bot.storage import AfterInsert, Changes, CorruptRow, GameRow, MoveRow, StaleVersion, Storage, WithinTransaction
from rules import GAMES, BadOptions, Game, GameState, Outcome, Text

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
        """The seats ``user_id`` plays (not one they left: Agora plays it now)."""
        left = absent_seats(self.row)
        return [seat for seat, uid in enumerate(self.row.seats) if uid == user_id and seat not in left]

    def has_left(self, user_id: int) -> bool:
        """Whether ``user_id`` left this game, Agora playing their seat since."""
        return any(int(data["user"]) == user_id for data in self.row.absent.values())

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
        left = absent_seats(self.row)
        return [self.row.seats[seat] for seat in self.state.waiting_for if seat not in left]


class Records:
    """Loading a game (decoded once while it stays the same), its players' names, and the
    writes every change of a game ends with."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self._locks = KeyedLocks()
        # The highest board version this process has written per game: the column never goes back, so
        # writing what is already there would only cost a round trip.
        self._boards_shown: dict[int, int] = {}
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
        # What runs once a member took a seat at an open table (the game as it now stands, the member):
        # the game's followers' thread lets no player in while it is played.
        self.on_seated: list[Callable[[GameRecord, int], Awaitable[None]]] = []
        # Set by the scheduler: how long a game's current turn lasts in seconds (its own time per turn,
        # else its server's, plus its player's time away).
        self.turn_seconds: Callable[[int, int], Awaitable[float]] | None = None
        # Set by the bot: the level Agora plays at in the seat of a player who left, per server.
        self.stand_in_level: Callable[[int], Awaitable[str]] | None = None
        # The state last rebuilt from its stored JSON, per game: a move loads its game several times
        # (to check the click, to play, after writing, to publish), and states never change once made
        # (``play`` returns a new one), so one state serves every load of the same stored JSON.
        self._rebuilt: Recent[int, tuple[JSON, GameState[Any]]] = Recent(REBUILT_STATES_KEPT)

    async def load(self, game_id: int) -> GameRecord:
        return (await self.load_counted(game_id, plies=False))[0]

    async def load_counted(self, game_id: int, plies: bool = True) -> tuple[GameRecord, int]:
        """A game, and with ``plies`` how many moves it holds (read together: one trip to the database)."""
        try:
            row, count = await self.storage.game_and_plies(game_id) if plies else (await self.storage.game(game_id), 0)
        except CorruptRow:
            log.warning("game %s has a row that cannot be decoded", game_id)
            raise damaged(game_id) from None
        if row is None:
            raise ServiceError(f"There is no game #{game_id}.", "err.no_game", id=game_id)
        return self._decode(row), count

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
        if record.row.guild_id != guild_id:
            raise refusal
        if not record.seats_of(user_id):
            raise self._outsider(record, user_id) if record.has_left(user_id) else refusal
        return record


    @staticmethod
    def _outsider(record: GameRecord, user_id: int) -> ServiceError:
        """The refusal for someone without a seat to act from: left (Agora plays it), or never seated."""
        if record.has_left(user_id):
            return refusal("err.left_game", id=record.id)
        return not_playing()

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
            known = told_apart([plain_name(names.get(uid, ""), "") for uid in record.seats], record.seats)
            record.names = [name or f"Player {seat + 1}" for seat, name in enumerate(known)]
        return list(record.names)

    async def shown_names(self, record: GameRecord) -> list[str]:
        """The players' names in the game's server, safe in a message: no markdown, link or mention."""
        return [shown_name(name) for name in await self.display_names(record)]

    async def remember_player(self, guild_id: int, user_id: int, display_name: str) -> None:
        await self.storage.remember_player(guild_id, user_id, plain_name(display_name), self.clock())

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        await self.storage.set_message_id(game_id, message_id)

    async def board_shows(self, game_id: int, version: int) -> None:
        """The board message now shows ``version`` of the game (it is published)."""
        if self._boards_shown.get(game_id, -1) < version:
            await self.storage.set_board_version(game_id, version)
            self._boards_shown[game_id] = version

    async def board_posted(self, game_id: int, message_id: int, version: int) -> None:
        """A new board message, showing ``version`` of the game, is the current one: one write for both."""
        await self.storage.set_board(game_id, message_id, version)
        self._boards_shown[game_id] = max(version, self._boards_shown.get(game_id, -1))

    async def set_ping(self, game_id: int, ping_id: int | None) -> None:
        await self.storage.set_ping_id(game_id, ping_id)

    async def set_channel(self, game_id: int, channel_id: int) -> None:
        """Move a game to another channel (its own thread); not a change of the game, so no new version."""
        await self.storage.set_channel_id(game_id, channel_id)

    def check_server(self, record: GameRecord, guild_id: int | None) -> None:
        """A click or command names a game of the server it comes from; any other is not valid here.

        The refusal is the same as for a game that does not exist, so it reveals nothing.
        """
        if guild_id != record.row.guild_id:
            raise invalid_control()

    async def _active(self, game_id: int, version: int | None) -> GameRecord:
        record = await self.load(game_id)
        if record.row.status != ACTIVE:
            raise ServiceError(
                f"Game #{game_id} is not being played.", "err.not_played", id=game_id
            )
        if version is not None and version != record.version:
            raise out_of_date()
        return record

    async def _write(self, record: GameRecord, changes: Changes, state: GameState[Any] | None = None) -> GameRecord:
        """Write ``changes`` to ``record``'s game and read it back; ``state``, when the changes hold its JSON,
        is kept as the rebuilt state, so the read-back does not rebuild it."""
        columns = changes.columns
        if self.on_turn is not None and ("status" in columns or "turn_started_at" in columns):
            active = columns.get("status", record.row.status) == ACTIVE
            stamp = columns.get("turn_started_at", record.row.turn_started_at) if active else None
            bots = bool(columns.get("bots", record.row.bots))
            changes.also.append(self.on_turn(record.id, record.row.guild_id, stamp, bots))
        try:
            await self.storage.update_game(record.id, record.version, changes)
        except StaleVersion:
            raise StaleButton(
                "The game changed while you were acting; nothing was played. Try again.", "err.changed_while"
            ) from None
        if state is not None and "state" in columns:
            self._rebuilt[record.id] = (columns["state"], state)
        return await self.load(record.id)

    def _finish_changes(
        self, record: GameRecord, outcome: Outcome, reason: str, columns: JSON | None = None,
        moves: Sequence[MoveRow] = (),
    ) -> Changes:
        """The write that ends a game: every finish path uses it, so the rating update rides along.

        ``columns`` and ``moves`` are what else the same write stores (the last state, the last moves).
        """
        outcome = final_outcome(outcome, record.row)  # who left is ranked last
        written = {**(columns or {}), **self._finish_columns(outcome, reason)}
        step = rating_step(record.row, outcome, written["updated_at"], self.unrated_users)
        steps = [step] if step is not None else []
        steps.extend(hook(record.row, outcome) for hook in self.on_finish)
        return Changes(written, list(moves), steps)

    def _finish_columns(self, outcome: Outcome, reason: str) -> JSON:
        return {"status": FINISHED, "outcome": outcome.to_json(), "end_reason": reason, "updated_at": self.clock()}

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]
