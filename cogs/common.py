"""What every game cog shares: persistent controls, challenges, the turn pipeline and errors.

Every button and select is a :class:`discord.ui.DynamicItem` whose custom_id
carries the game id, the game version it was drawn for and an action, e.g.
``agora:b:12:5:confirm``.  A click reloads the game from the database, so
controls keep working after a restart and no game lives in a View.

Every move, whatever made it (a click, ``/move``, a time-out), takes one path:
:meth:`GameCog.commit` plays it through the game service (whose
``check_actor`` decides who may act) and :meth:`GameCog.publish` brings the
board messages up to date.  A game's cog supplies only its board, its
controls and the summary line of a move.

Answer first, draw after: a click is acknowledged (a deferred update) and ``/move``
thinks privately before the game is loaded; the board, or a private refusal, follows
through the interaction (:func:`update_clicked`, :func:`send_answer`, :func:`tell`).
"""

from __future__ import annotations

import asyncio
import importlib
import io
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

import discord
from discord.ext import commands

from bot.absence import stand_in_lines
from bot.alt_text import alt_text
from bot.app import PLAYERS_ONLY, AgoraBot
from bot.endings import stored_ending
from bot.i18n import engine_words, template, text, word
from bot.locks import KeyedLocks
from bot.opponent import DEFAULT_LEVEL
from bot.panels import Edit, OpenPanel
from bot.scheduler import UNCLAIMED
from bot.service import (
    ACTIVE,
    CHALLENGE,
    FINISHED,
    GameRecord,
    ServiceError,
    StaleButton,
    invalid_control,
    refusal,
)
from bot.settings import parse_duration
from bot.storage import WithinTransaction
from rules import GAMES
from rules.base import View

log = logging.getLogger("agora.cogs")

ANY_VERSION = -1
MISSING_PERMISSIONS = (
    "I cannot post in this channel. Please give me the View Channel, Send Messages, "
    "Embed Links and Attach Files permissions here."
)
COLOUR = discord.Colour(0xE69F00)

# The DynamicItem templates take any id of their kind, so that a malformed one is still
# answered ("this control is not valid") instead of being ignored; ControlId checks the rest.
_ANY_ID = r"(?P<raw>.{0,100})"
_CONTROL_ID = re.compile(r"(?P<game>[1-9][0-9]{0,18}):(?P<version>0|[1-9][0-9]{0,8}|any):(?P<action>[!-~]{1,80})")
MAX_GAME_ID = 2**63 - 1  # SQLite's INTEGER
# What every game's controls share: the challenge, the private panel, and the days: questions.
COMMON_ACTIONS = (
    r"accept|decline|rematch|private|days:claim|days:wait|days:(?:draw|takeback):(?:yes|no)"
    r"|days:more|days:menu:(?:draw|takeback|resign)|days:resign:(?:yes|no)"
)


def control_id(kind: str, game_id: int, version: int, action: str) -> str:
    """The custom_id of a control; ``version`` is ANY_VERSION for controls valid at any time."""
    shown = "any" if version == ANY_VERSION else str(version)
    return f"agora:{kind}:{game_id}:{shown}:{action}"


@dataclass(frozen=True)
class ControlId:
    """The parts of a control's custom_id after ``agora:b:`` or ``agora:s:``, within bounds.

    >>> ControlId.parse("12:5:confirm")
    ControlId(game_id=12, version=5, action='confirm')
    >>> ControlId.parse("99999999999999999999:any:private") is None
    True
    """

    game_id: int
    version: int
    action: str

    @classmethod
    def parse(cls, raw: str) -> ControlId | None:
        found = _CONTROL_ID.fullmatch(raw)
        if found is None or int(found["game"]) > MAX_GAME_ID:
            return None
        version = ANY_VERSION if found["version"] == "any" else int(found["version"])
        return cls(int(found["game"]), version, found["action"])


def _parse(match: re.Match[str]) -> tuple[int, int, str]:
    """The parts of a matched custom_id; an invalid one gets game 0, which :func:`dispatch` refuses."""
    parsed = ControlId.parse(match["raw"])
    return (0, 0, "") if parsed is None else (parsed.game_id, parsed.version, parsed.action)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=f"agora:b:{_ANY_ID}"):
    """A button bound to one game and one version of it."""

    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or None,
            style=style,
            custom_id=control_id("b", game_id, version, action),
            disabled=disabled,
            emoji=emoji,
            row=row,
        )
        super().__init__(button)
        self.game_id, self.version, self.action = game_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        game_id, version, action = _parse(match)
        return cls(game_id, version, action)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, self.game_id, self.version, self.action, [])


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=f"agora:s:{_ANY_ID}"):
    """A select menu bound to one game and one version of it; each option value is an action argument."""

    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "",
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=control_id("s", game_id, version, action),
            options=list(options) or [discord.SelectOption(label="-")],
            placeholder=placeholder or None,
            row=row,
            disabled=disabled,
        )
        super().__init__(select)
        self.game_id, self.version, self.action = game_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        game_id, version, action = _parse(match)
        return cls(game_id, version, action)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, self.game_id, self.version, self.action, list(self.item.values))


def controls_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view of ``items``, every label within Discord's limits."""
    view = discord.ui.View(timeout=None)
    for item in items:
        fit_item(item)
        view.add_item(item)
    return view


async def dispatch(
    interaction: discord.Interaction[Any], game_id: int, version: int, action: str, values: list[str]
) -> None:
    """Route a click to the cog of the game it belongs to.

    The click is acknowledged before the game is loaded (a deferred update), so the player's
    button stops spinning at once however busy the bot is; the answer follows.  A malformed id is
    refused straight away, and a control that opens a form is not deferred (a form must be the answer).
    """

    async def route() -> None:
        if game_id == 0:
            raise invalid_control()
        if not opens_modal(interaction.client, action):
            await acknowledge(interaction)
        service = interaction.client.service
        try:
            record = await service.load(game_id)
        except ServiceError as error:
            raise invalid_control() if error.key == "err.no_game" else error from None
        service.check_server(record, interaction.guild_id)
        cog = game_cog(interaction.client, record.game)
        if not cog.knows(action):
            raise invalid_control()
        await cog.on_control(interaction, record, version, action, values)

    await guarded(interaction, route)


async def game_here(interaction: discord.Interaction[Any], game_id: int) -> GameRecord:
    """Game ``game_id`` when it belongs to the server the interaction comes from.

    Another server's game is refused as if it did not exist: a click or a command
    never acts on (or tells about) a game of another server.
    """
    bot: AgoraBot = interaction.client
    record = await bot.service.load(game_id)
    if record.row.guild_id != interaction.guild_id:
        raise refusal("err.no_game", id=game_id)
    return record


async def pick_game(interaction: discord.Interaction[Any], game: int | None, *, for_move: bool = False) -> GameRecord:
    """The game named (``/move game:12``), or the caller's only game being played in this channel.

    With ``for_move`` (a move), among several games in this channel the one waiting for the
    caller's move is picked; anything that ends or changes a game by offer asks for its name.
    """
    bot: AgoraBot = interaction.client
    user = interaction.user.id
    if game is not None:
        return await bot.service.load_mine(game, user, interaction.guild_id)
    here = [
        r for r in await bot.service.active_games(user, interaction.guild_id)
        if r.row.status == ACTIVE and r.row.channel_id == interaction.channel_id
    ]
    here.sort(key=lambda r: r.id)
    if len(here) == 1:
        return here[0]
    if not here:
        raise refusal("err.no_game_here")
    if not for_move:
        raise refusal("err.several_games_named", ids=game_numbers(here))
    waiting = [r for r in here if user in r.actors()]
    if len(waiting) == 1:
        return waiting[0]
    if waiting:
        raise refusal("err.several_waiting_here", ids=game_numbers(waiting))
    raise refusal("err.several_games_here", ids=game_numbers(here))


def game_numbers(records: Sequence[GameRecord]) -> str:
    """``#3, #5``: how a refusal names games."""
    return ", ".join(f"#{record.id}" for record in records)


def game_cog(bot: commands.Bot | commands.AutoShardedBot, game: str) -> GameCog:
    """The loaded cog of ``game``, or a refusal when this bot does not host it."""
    for cog in bot.cogs.values():
        if isinstance(cog, GameCog) and cog.game_id == game:
            return cog
    raise refusal("err.game_unavailable")


async def guarded(interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work``; turn what a player did wrong into a polite private answer."""
    try:
        await work()
    except ServiceError as error:
        said = await in_server_language(interaction, error)
        await tell(interaction, inert(said) if error.quotes_player else said)
    except discord.Forbidden:
        log.warning("missing permissions in channel %s", interaction.channel_id)
        refusal = ServiceError(MISSING_PERMISSIONS, "err.permissions")
        await tell(interaction, await in_server_language(interaction, refusal))


async def in_server_language(interaction: discord.Interaction[Any], error: ServiceError) -> str:
    """The refusal in the server's language when the catalogue has it, else as raised (English)."""
    lang = await interaction.client.language_of(interaction.guild_id)
    if lang == "en":
        return str(error)
    if error.engine_text is not None:
        return word(lang, error.engine_text)
    return str(error) if error.key is None else text(lang, error.key, **error.values)


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A private (ephemeral) answer, whether or not the interaction was answered already."""
    text = clip(text, CONTENT_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)  # not waited for: nothing edits it later
        interaction.extras[ACKNOWLEDGED] = False
    else:
        await interaction.response.send_message(text, ephemeral=True)


# -- answering an interaction: at once, then with what it did ----------------------------------------

ACKNOWLEDGED = "agora.acknowledged"  # key of ``interaction.extras``: deferred, its answer still to come


async def acknowledge(interaction: discord.Interaction[Any], *, thinking: bool = False) -> None:
    """Tell Discord at once that the interaction is being handled: a click's deferred update, or a
    command's private "thinking…" (``thinking``); the answer follows through :func:`update_clicked`,
    :func:`send_answer` or :func:`tell`."""
    if thinking:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()
    interaction.extras[ACKNOWLEDGED] = True


def answered(interaction: discord.Interaction[Any]) -> bool:
    """Whether the player has had the answer to the interaction (an acknowledgement is not one)."""
    return interaction.response.is_done() and not interaction.extras.get(ACKNOWLEDGED, False)


async def update_clicked(interaction: discord.Interaction[Any], **message: Any) -> None:
    """Change the message whose control was clicked: in the interaction's response, or once it was
    acknowledged, by editing it through the interaction."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.edit_message(**message)
    interaction.extras[ACKNOWLEDGED] = False


@dataclass(frozen=True)
class Sent:
    """A message sent in answer to an interaction, and how to edit it later through the interaction."""

    id: int | None
    edit: Edit


async def send_answer(interaction: discord.Interaction[Any], **message: Any) -> Sent:
    """A new message in answer to the interaction (``ephemeral`` for its user alone): the response,
    or once the interaction was acknowledged or answered, a follow-up."""
    if interaction.response.is_done():
        sent = await interaction.followup.send(**message, wait=True)
        interaction.extras[ACKNOWLEDGED] = False
        return Sent(sent.id, partial(interaction.followup.edit_message, sent.id))
    response = await interaction.response.send_message(**message)
    return Sent(response.message_id, interaction.edit_original_response)


def opens_modal(bot: commands.Bot | commands.AutoShardedBot, action: str) -> bool:
    """Whether a control's action answers with a form, which must be the interaction's first answer."""
    return any(
        isinstance(cog, GameCog) and cog.modal_actions and re.fullmatch(cog.modal_actions, action) is not None
        for cog in bot.cogs.values()
    )


# Discord's limits: a message past them is refused, and the player gets nothing.
CONTENT_LIMIT, TITLE_LIMIT, DESCRIPTION_LIMIT, FIELD_NAME_LIMIT, FIELD_LIMIT, FOOTER_LIMIT = (
    2000, 256, 4096, 256, 1024, 2048
)
OPTION_LIMIT, BUTTON_LIMIT, PLACEHOLDER_LIMIT, ECHO_LIMIT = 100, 80, 150, 100


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut.

    >>> clip("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def inert(message: str) -> str:
    """A message quoting a player's text with its markdown and mentions made inert (it reads the same)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(message))


def echo(typed: str) -> str:
    """What a player typed, as a reply quotes it: cut to ECHO_LIMIT, markdown and mentions made inert.

    >>> len(echo("x" * 500)), "@everyone" in echo("@everyone"), echo("**bold**") == r"\\*\\*bold\\*\\*"
    (100, False, True)
    """
    return inert(clip(typed.strip(), ECHO_LIMIT))


def fit_embed(embed: discord.Embed) -> None:
    """Cut an embed's title, description, fields and footer to Discord's limits."""
    if embed.title:
        embed.title = clip(embed.title, TITLE_LIMIT)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION_LIMIT)
    for index, found in enumerate(list(embed.fields)):
        embed.set_field_at(
            index, name=clip(found.name or "-", FIELD_NAME_LIMIT), value=clip(found.value or "-", FIELD_LIMIT),
            inline=bool(found.inline),
        )
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER_LIMIT), icon_url=embed.footer.icon_url)


def fit_item(item: discord.ui.Item[Any]) -> None:
    """Cut a control's labels (button, placeholder, options) to Discord's limits."""
    inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
    if isinstance(inner, discord.ui.Button) and inner.label:
        inner.label = clip(inner.label, BUTTON_LIMIT)
    if isinstance(inner, discord.ui.Select):
        if inner.placeholder:
            inner.placeholder = clip(inner.placeholder, PLACEHOLDER_LIMIT)
        for option in inner.options:
            option.label = clip(option.label, OPTION_LIMIT)
            if option.description:
                option.description = clip(option.description, OPTION_LIMIT)


def mention_list(user_ids: Sequence[int]) -> str:
    return ", ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


def on_board(interaction: discord.Interaction[Any], record: GameRecord) -> bool:
    """Whether the interaction is a click on the game's current board message."""
    return interaction.message is not None and interaction.message.id == record.row.message_id


@dataclass(frozen=True)
class Picture:
    """A drawn board and its alt text (what the picture shows, for screen readers)."""

    png: bytes
    alt: str


@dataclass
class Board:
    """A board message: text, embed, picture and controls."""

    content: str
    embed: discord.Embed
    picture: Picture
    controls: list[discord.ui.Item[Any]] = field(default_factory=list)

    def file(self, game_id: int, version: int, *, private: bool = False) -> discord.File:
        """The picture as an attachment, with its alt text as Discord's ``description``."""
        prefix = "private" if private else "game"
        name = f"{prefix}-{game_id}-{version}.png"
        return discord.File(io.BytesIO(self.picture.png), filename=name, description=self.picture.alt)

    def attach(self, embed_image_name: str) -> None:
        """Ready the board to be sent: its picture attached, its text within Discord's limits."""
        self.embed.set_image(url=f"attachment://{embed_image_name}")
        self.content = clip(self.content, CONTENT_LIMIT) if self.content else self.content
        fit_embed(self.embed)


# Answers an interaction that did not come from the current board, once the game moved (the latest record).
Reply = Callable[[GameRecord], Awaitable[None]]


class SharedControls(commands.Cog):
    """A cog that handles controls every game shares, whose action starts with ``prefix`` (e.g. ``days:``)."""

    prefix: ClassVar[str]

    async def on_shared_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        raise NotImplementedError

    def board_controls(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """Controls this cog adds to every public board of ``record`` (none by default)."""
        return []

    async def on_game_changed(self, record: GameRecord) -> None:
        """The game moved on or ended (``record`` is the latest): close what no longer applies."""


class GameCog(commands.Cog):
    """Base of each game's cog: challenges, the turn pipeline, board messages.

    A game's cog provides :meth:`board`, its controls (:meth:`on_game_control`), the
    :meth:`summary` of a move and, where it differs from the default, :meth:`same_board`.
    """

    game_id: ClassVar[str]
    # The grammar of the game's own control actions (a regular expression), besides COMMON_ACTIONS.
    actions: ClassVar[str]
    # Those of them that live on the private panel (:meth:`private_board`): redrawn when clicked out of date.
    panel_actions: ClassVar[str] = ""
    # Those of them that open a form (a modal): the click cannot be acknowledged first.
    modal_actions: ClassVar[str] = ""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service
        # Board edits of one game happen one at a time, so the last edit shows the latest state.
        self._board_locks = KeyedLocks()
        # Boards drawn ahead, by game and version: a move's new board is drawn while its answer goes out.
        self._drawn_ahead: dict[tuple[int, int], asyncio.Task[Board]] = {}

    async def cog_load(self) -> None:
        # The controls of every game: registered at start-up, so boards keep working after a restart.
        self.bot.add_dynamic_items(GameButton, GameSelect)

    def knows(self, action: str) -> bool:
        """Whether ``action`` is one of this game's controls; anything else is not valid."""
        return re.fullmatch(f"{COMMON_ACTIONS}|{self.actions}", action) is not None

    @property
    def game_name(self) -> str:
        return GAMES[self.game_id].name

    async def language(self, record: GameRecord) -> str:
        """The language of the game's server."""
        return await self.bot.language_of(record.row.guild_id)

    @staticmethod
    def bot_thinking(record: GameRecord, lang: str) -> str | None:
        """The board's line while the game waits for Agora's seats only: nobody to mention,
        and nothing of the search shown."""
        if record.waiting_bots() and not record.human_actors():
            return text(lang, "agora_thinking")
        return None

    # -- what each game provides ----------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        """The public board message of an active or finished game."""
        raise NotImplementedError

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        """Handle a game-specific control (anything but the challenge buttons)."""
        raise NotImplementedError

    async def summary(self, before: GameRecord, after: GameRecord, user: int, moves: list[str], lang: str) -> str:
        """The line a retired board keeps: what was just played, in words ("Ada built level 2 on c3"),
        told from the spectators' view, so it tells no secret (a set of powers, a card in hand)."""
        state = after.state
        described = None if state is None else state.describe(state.view(None), await self.service.shown_names(after))
        if described is None:
            return text(lang, "summary_played", user=user, moves=" ".join(moves))
        return word(lang, described) + "."

    def same_board(self, before: GameRecord, after: GameRecord) -> bool:
        """Whether ``after`` is drawn over the same board message rather than a new one that pings.

        By default the board stays while the game waits for the same players.
        """
        now = set(after.actors())
        return bool(now) and now <= set(before.actors())

    async def private_board(self, record: GameRecord, seat: int) -> Board | None:
        """What only ``seat`` may see (hidden pieces, a hand), or None for games without secrets."""
        return None

    def typed_moves(self, words: list[str]) -> list[str]:
        """The moves in the words of a ``/move``; games whose notation allows spaces override."""
        return words

    async def play_typed(self, interaction: discord.Interaction[Any], record: GameRecord, words: list[str]) -> None:
        """``/move``: play the typed moves; games with drafted turns override."""
        lang = await self.language(record)
        notation = " ".join(words)

        async def reply(after: GameRecord) -> None:
            await tell(interaction, text(lang, "move_played", notation=echo(notation), id=after.id))

        await self.commit(
            record, interaction.user.id, self.typed_moves(words), version=None, interaction=interaction, reply=reply
        )

    # -- the turn pipeline ---------------------------------------------------------

    async def commit(
        self,
        before: GameRecord,
        user: int,
        moves: list[str],
        *,
        version: int | None,
        interaction: discord.Interaction[Any] | None = None,
        reply: Reply | None = None,
        also: Sequence[WithinTransaction] = (),
        cause: str = "",
        seat: int | None = None,
    ) -> GameRecord:
        """Play ``moves`` for ``user`` and bring the board up to date: the one path of every move.

        Clicks, ``/move``, a time-out's default move and the bot's move (no interaction) all
        come here; ``version`` is the one the control was drawn for (None: any).  ``also`` runs
        in the move's transaction; ``cause`` goes before the summary (why the move was played);
        ``seat`` is which of ``user``'s seats plays (the bot may hold several).
        """
        after = await self.service.play(before.id, user, moves, version, also, seat=seat)
        summary = await self.summary(before, after, user, moves, await self.language(after))
        await self.publish(before, " ".join(part for part in (cause, summary) if part), interaction, reply)
        return after

    async def publish(
        self,
        before: GameRecord,
        summary: str,
        interaction: discord.Interaction[Any] | None = None,
        reply: Reply | None = None,
    ) -> GameRecord:
        """Show how the game changed since ``before``: redraw the same board, or freeze it and post the next.

        Through the interaction when it came from the current board; otherwise the
        interaction gets a private answer (``reply``, by default "Done: …") and the board
        messages are edited or posted through the channel.  Returns the latest record.
        """
        async with self._board_locks[before.id]:
            latest = await self.service.load(before.id)
            # Someone else's click may have posted a newer board meanwhile: then that one is only kept up to date.
            ours = latest.row.message_id == before.row.message_id
            new_board = ours and not self.same_board(before, latest)
            owed = interaction is not None and not answered(interaction)
            async with self.drawing_ahead(latest):
                if interaction is not None and owed and on_board(interaction, latest):
                    await self.through_board(interaction, latest, summary, new_board)
                else:
                    if interaction is not None and owed:
                        await (reply(latest) if reply is not None else self.done(interaction, latest, summary))
                    await self.through_channel(interaction, latest, summary, new_board)
            if ours and not new_board:
                await self.ping(before, latest)
            clicked = interaction.message.id if interaction is not None and interaction.message is not None else None
            await self.changed(latest, answered=clicked)
        self.bot_to_move(latest)
        return latest

    @asynccontextmanager
    async def drawing_ahead(self, record: GameRecord) -> AsyncIterator[None]:
        """Within the block, ``record``'s board is drawing (in a worker) while the block's other requests
        go out (the player's answer, the retired board's line); :meth:`drawn_board` takes it."""
        key = (record.id, record.version)
        task = self._drawn_ahead[key] = asyncio.create_task(self.board(record))
        try:
            yield
        finally:
            if self._drawn_ahead.get(key) is task:
                # Not taken (no board message to redraw, or the block failed): its outcome is not wanted.
                del self._drawn_ahead[key]
                task.add_done_callback(_drop_outcome)
                task.cancel()

    async def drawn_board(self, record: GameRecord) -> Board:
        """``record``'s board: the one drawing ahead for it if any (taken once), else drawn now."""
        ahead = self._drawn_ahead.pop((record.id, record.version), None)
        return await (ahead if ahead is not None else self.board(record))

    async def end_on_question(self, interaction: discord.Interaction[Any], before: GameRecord, summary: str) -> None:
        """The game ended by an answer to a question posted in its channel (an agreed draw, a claim on time).

        The question's message becomes the final board and the old board keeps only ``summary``:
        the ending posts no new message.
        """
        async with self._board_locks[before.id]:
            latest = await self.service.load(before.id)
            board = await self.board(latest)
            board.attach(f"game-{latest.id}-{latest.version}.png")
            await update_clicked(
                interaction, content=summary, embed=board.embed, attachments=[board.file(latest.id, latest.version)],
                view=await self.board_view(latest, board), allowed_mentions=PLAYERS_ONLY,
            )
            await self.retire_board(latest, summary)
            if interaction.message is not None:
                await self.service.set_message(latest.id, interaction.message.id)
            await self.drop_ping(latest)
            await self.changed(latest)

    async def changed(self, latest: GameRecord, *, answered: int | None = None) -> None:
        """Let the shared controls close what the change ended (a pending offer), and redraw the open
        private panels (but ``answered``, the message the click came from, which its answer redrew)."""
        for cog in list(self.bot.cogs.values()):
            if isinstance(cog, SharedControls):
                await cog.on_game_changed(latest)
        await self.refresh_panels(latest, besides=answered)

    async def through_board(
        self, interaction: discord.Interaction[Any], record: GameRecord, summary: str, new_board: bool
    ) -> None:
        """A click on the current board: it is frozen with ``summary`` and the next one posted, or redrawn."""
        if new_board:
            await self.move_on(interaction, record, summary)
        else:
            await self.refresh_board(interaction, record)

    async def through_channel(
        self, interaction: discord.Interaction[Any] | None, record: GameRecord, summary: str, new_board: bool
    ) -> None:
        """No click on the current board: it is retired with ``summary`` and the next one posted, or edited."""
        if new_board:
            await self.retire_board(record, summary)
            await self.post_board(interaction, record)
        else:
            await self.update_board_message(record)

    async def ping(self, before: GameRecord, record: GameRecord) -> None:
        """The board was edited in place, which notifies nobody: whoever must act now and was not
        waiting before gets a short message linking to it.  The previous ping goes (its player has
        acted), so the channel keeps one at most."""
        newcomers = [user for user in record.human_actors() if user not in before.actors()]
        if not newcomers or record.row.message_id is None:
            return
        await self.drop_ping(record)
        link = f"https://discord.com/channels/{record.row.guild_id}/{record.row.channel_id}/{record.row.message_id}"
        content = text(
            await self.language(record), "turn_ping",
            users=mention_list(newcomers), game=self.game_name, id=record.id, link=link,
        )  # fmt: skip
        try:
            sent = await self.bot.get_partial_messageable(record.row.channel_id).send(
                content, allowed_mentions=PLAYERS_ONLY
            )
        except discord.HTTPException:  # the move is played and the board shows it: a lost ping is no failure
            log.info("could not ping the players of game %s", record.id)
            return
        await self.service.set_ping(record.id, sent.id)

    async def drop_ping(self, record: GameRecord) -> None:
        """Delete the game's ping message, if it has one (a new board pings by itself)."""
        if record.row.ping_id is None:
            return
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.ping_id)
        try:
            await message.delete()
        except (discord.NotFound, discord.Forbidden):
            log.info("ping message %s of game %s is gone", record.row.ping_id, record.id)
        await self.service.set_ping(record.id, None)

    async def done(self, interaction: discord.Interaction[Any], record: GameRecord, summary: str) -> None:
        """The answer to a move made away from the board: a private panel closes, anything else is told."""
        done = text(await self.language(record), "done", summary=summary)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await update_clicked(interaction, content=done, embed=None, attachments=[], view=None)
            self.bot.panels.forget(interaction.message.id)
        else:
            await tell(interaction, done)

    # -- challenges ------------------------------------------------------------

    async def start_challenge(
        self,
        interaction: discord.Interaction[Any],
        invited: Sequence[discord.abc.User],
        options: dict[str, Any],
        deadline: str | None = None,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Post a challenge; ``deadline`` ("30m", "2h", "3d") overrides the server's time per turn.

        Agora itself may be invited: it plays its seats at ``level`` and accepts at once, so a
        challenge to the bot alone starts the game. Other bots are refused.
        """

        async def work() -> None:
            turn_seconds = await self.check_new_game(interaction, deadline)
            assert interaction.guild_id is not None and interaction.channel_id is not None
            me = self.bot.user.id if self.bot.user is not None else None
            if any(user.bot and user.id != me for user in invited):
                raise refusal("err.bot_challenged")
            for user in dict.fromkeys((interaction.user, *invited)):
                await self.service.remember_player(interaction.guild_id, user.id, user.display_name)
            record = await self.service.challenge(
                self.game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                challenger=interaction.user.id,
                invited=[user.id for user in invited],
                options=options,
                turn_seconds=turn_seconds,
                bots={seat: level for seat, user in enumerate(invited, start=1) if user.id == me},
            )
            if record.row.status == ACTIVE:
                await self.start_against_bot(interaction, record)
                return
            message = self.challenge_message(record, await self.language(record))
            await interaction.response.send_message(**message, allowed_mentions=PLAYERS_ONLY)
            sent = await interaction.original_response()
            await self.service.set_message(record.id, sent.id)

        await guarded(interaction, work)

    async def start_against_bot(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A challenge the bot alone was to answer: the game is on, and its first board follows."""
        settings = await self.bot.settings.get(record.row.guild_id)
        lang = settings.language
        embed = discord.Embed(
            title=text(lang, "game_title", game=self.game_name, id=record.id),
            description=text(lang, "game_on", players=mention_list(record.seats)),
            colour=COLOUR,
        )
        embed.add_field(name=text(lang, "bot.level_field"), value=bot_levels(record, lang), inline=False)
        await interaction.response.send_message(embed=embed, allowed_mentions=PLAYERS_ONLY)
        message = await interaction.original_response()
        await self.service.set_message(record.id, message.id)
        if settings.threads:
            record = await self._move_to_thread(message, record, lang)
        await self.post_board(interaction, record)

    async def check_new_game(self, interaction: discord.Interaction[Any], deadline: str | None) -> int | None:
        """Refuse a new game outside a server or its allowed channels; the turn time asked for, in seconds."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise refusal("err.direct_message")
        await self.check_channel(interaction.guild_id, interaction.channel_id)
        return None if deadline is None else parse_duration(deadline)

    async def check_channel(self, guild_id: int, channel_id: int) -> None:
        """Refuse a new game in a channel outside the server's allowed ones."""
        settings = await self.bot.settings.get(guild_id)
        if settings.channels and channel_id not in settings.channels:
            allowed = ", ".join(f"<#{channel}>" for channel in settings.channels)
            raise ServiceError(text(settings.language, "wrong_channel", channels=allowed))

    def challenge_message(self, record: GameRecord, lang: str) -> dict[str, Any]:
        challenger = record.challenger
        invited = [uid for uid in record.seats if uid != challenger]
        waiting = [uid for uid in invited if uid not in record.row.accepted]
        embed = discord.Embed(title=text(lang, "challenge_title", game=self.game_name, id=record.id), colour=COLOUR)
        embed.description = text(
            lang, "challenge_invite", challenger=challenger, invited=mention_list(invited), game=self.game_name
        )
        if record.row.rematch_of is not None:
            note = "rematch_note" if len(record.seats) == 2 else "rematch_note_rotated"
            embed.description += "\n" + text(lang, note, id=record.row.rematch_of)
        options = self.describe_options(record, lang)
        if options:
            embed.add_field(name=text(lang, "options"), value=options, inline=False)
        if record.bot_seats:
            embed.add_field(name=text(lang, "bot.level_field"), value=bot_levels(record, lang), inline=False)
        embed.add_field(
            name=text(lang, "waiting_for"), value=mention_list(waiting) or text(lang, "nobody"), inline=False
        )
        embed.set_footer(text=text(lang, "challenge_footer"))
        controls = [
            GameButton(
                record.id, record.version, "accept", label=text(lang, "accept"), style=discord.ButtonStyle.success
            ),
            GameButton(
                record.id, record.version, "decline", label=text(lang, "decline"), style=discord.ButtonStyle.danger
            ),
        ]
        content = text(lang, "challenged", waiting=mention_list(waiting))
        return {"content": content, "embed": embed, "view": controls_view(controls)}

    def describe_options(self, record: GameRecord, lang: str) -> str:
        """The challenge's options, in words."""
        return self.describe_option_values(record.row.options, lang)

    def pictured(self, view: View, lang: str) -> View:
        """``view`` as the public picture draws it, with the engine's English in it worded in ``lang``
        (replays draw stored positions through this too); most games draw no engine text."""
        return view

    def describe_option_values(self, options: dict[str, Any], lang: str) -> str:
        """Options in words, without a game (a tournament's); games with options word their own."""
        return "\n".join(f"{name.replace('_', ' ')}: {value}" for name, value in options.items())

    async def on_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action == "accept":
            await self._accept(interaction, record)
        elif action == "decline":
            await self._decline(interaction, record)
        elif action == "rematch":
            await self._rematch(interaction, record)
        elif action == "private":
            await self._show_private(interaction, record)
        elif (shared := self.shared_controls(action)) is not None:
            await shared.on_shared_control(interaction, record, version, action)
        else:
            try:
                await self.on_game_control(interaction, record, version, action, values)
            except StaleButton as error:
                on_panel = interaction.message is not None and interaction.message.flags.ephemeral
                if not (on_panel and self.panel_actions and re.fullmatch(self.panel_actions, action)):
                    raise
                await self.stale_panel(interaction, record, error)

    def shared_controls(self, action: str) -> SharedControls | None:
        """The cog of controls every game shares (draw offers, take-backs, time-outs) that ``action`` names."""
        prefix = action.split(":", 1)[0]
        for cog in self.bot.cogs.values():
            if isinstance(cog, SharedControls) and cog.prefix == prefix:
                return cog
        return None

    async def _accept(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Accept from the challenge message, or from elsewhere (``/games``): then the challenge message
        is brought up to date by id and the clicker is answered privately."""
        await self.service.remember_player(record.row.guild_id, interaction.user.id, interaction.user.display_name)
        settings = await self.bot.settings.get(record.row.guild_id)
        lang = settings.language
        record = await self.service.accept(record.id, interaction.user.id)
        from_message = on_board(interaction, record)
        if record.row.status == CHALLENGE:
            await self.show_challenge(interaction, record, self.challenge_message(record, lang))
            if not from_message:
                waiting = [uid for uid in record.seats if uid not in record.row.accepted]
                await tell(interaction, text(lang, "accepted_waiting", id=record.id, waiting=mention_list(waiting)))
            return
        embed = discord.Embed(
            title=text(lang, "game_title", game=self.game_name, id=record.id),
            description=text(lang, "game_on", players=mention_list(record.seats)),
            colour=COLOUR,
        )
        message = await self.show_challenge(interaction, record, {"content": None, "embed": embed, "view": None})
        if settings.threads and message is not None:
            record = await self._move_to_thread(message, record, lang)
        if not from_message:
            await tell(interaction, text(lang, "accepted_started", id=record.id, channel=record.row.channel_id))
        await self.post_board(interaction, record)

    async def show_challenge(
        self, interaction: discord.Interaction[Any], record: GameRecord, message: dict[str, Any]
    ) -> discord.Message | discord.PartialMessage | None:
        """Bring the challenge message up to date: through the click when it came from that message,
        else by its stored id (an answer from ``/games``).  Returns the challenge message, if it is there."""
        if on_board(interaction, record):
            await update_clicked(interaction, **message)
            return interaction.message
        if record.row.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(record.row.channel_id, guild_id=record.row.guild_id)
        posted = channel.get_partial_message(record.row.message_id)
        try:
            await posted.edit(**message)
            return posted
        except (discord.NotFound, discord.Forbidden):
            log.info("challenge message %s of game %s is gone", record.row.message_id, record.id)
            return None

    async def _move_to_thread(
        self, message: discord.Message | discord.PartialMessage, record: GameRecord, lang: str
    ) -> GameRecord:
        """Open a public thread from the challenge message; the game's boards go there from now on."""
        try:
            thread = await message.create_thread(name=text(lang, "thread_name", game=self.game_name, id=record.id))
        except discord.HTTPException:
            log.info("could not open a thread for game %s; it stays in its channel", record.id)
            return record
        await self.service.set_channel(record.id, thread.id)
        return await self.service.load(record.id)

    async def _decline(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        lang = await self.language(record)
        record = await self.service.decline(record.id, interaction.user.id)
        withdrawn = record.row.status == "cancelled"
        embed = discord.Embed(
            title=text(lang, "challenge_title", game=self.game_name, id=record.id),
            description=text(lang, "withdrawn" if withdrawn else "declined", user=interaction.user.id),
            colour=discord.Colour.dark_grey(),
        )
        from_message = on_board(interaction, record)
        await self.show_challenge(interaction, record, {"content": None, "embed": embed, "view": None})
        if not from_message:
            await tell(interaction, text(lang, "withdrawn_by_you" if withdrawn else "declined_by_you", id=record.id))

    def answer_buttons(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """Accept and Decline for a challenge listed by ``/games``: the challenge message's own controls,
        so who may answer is decided the same way.  Games that need a choice to accept override."""
        return [
            GameButton(
                record.id, record.version, "accept", label=text(lang, "accept_game", id=record.id),
                style=discord.ButtonStyle.success,
            ),
            GameButton(
                record.id, record.version, "decline", label=text(lang, "decline_game", id=record.id),
                style=discord.ButtonStyle.danger,
            ),
        ]

    # -- rematches ----------------------------------------------------------------

    def rematch_button(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """The Rematch button of a finished game's board ("Play again" for a solo game); valid at any version."""
        if record.row.status != FINISHED:
            return []
        label = text(lang, "rematch" if len(set(record.seats)) > 1 else "play_again")
        style = discord.ButtonStyle.primary
        return [GameButton(record.id, ANY_VERSION, "rematch", label=label, emoji="🔁", style=style)]

    def rematch_options(self, record: GameRecord, challenger: int) -> dict[str, Any]:
        """The options of ``record``'s rematch asked by ``challenger``: the same; games whose options
        name seats override."""
        return record.row.options

    def home_channel(self, interaction: discord.Interaction[Any], record: GameRecord) -> int:
        """Where a new challenge about ``record`` goes: its channel, or the one its thread was opened in.

        An archived thread is not in the bot's cache; a click from inside it still describes it.
        """
        channel = self.bot.get_channel(record.row.channel_id)
        if channel is None and interaction.channel_id == record.row.channel_id:
            channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            return channel.parent_id
        return record.row.channel_id

    async def _rematch(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A finished game's Rematch: a challenge where a normal one would go, the clicker has accepted it.

        Who may ask, and whether the game has a rematch already, the service decides from the stored game.
        """
        user = interaction.user
        channel_id = self.home_channel(interaction, record)
        if record.seats_of(user.id):  # someone else is told only that the rematch is not theirs to ask
            await self.check_channel(record.row.guild_id, channel_id)
        rematch = await self.service.rematch(
            record.id, user.id, channel_id=channel_id, options=self.rematch_options(record, user.id)
        )
        await self.service.remember_player(record.row.guild_id, user.id, user.display_name)
        lang = await self.language(rematch)
        if rematch.row.status == ACTIVE:  # a solo game: nobody to wait for, it starts at once
            await self.post_board(None, rematch)
            await tell(interaction, text(lang, "play_again_posted", id=rematch.id, channel=channel_id))
            return
        message = self.challenge_message(rematch, lang)
        if channel_id == interaction.channel_id:
            sent_id = (await send_answer(interaction, **message, allowed_mentions=PLAYERS_ONLY)).id
        else:
            posted = await self.bot.get_partial_messageable(channel_id).send(**message, allowed_mentions=PLAYERS_ONLY)
            sent_id = posted.id
            await tell(interaction, text(lang, "rematch_posted", id=rematch.id, channel=channel_id))
        await self.service.set_message(rematch.id, sent_id)

    async def _show_private(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A fresh ephemeral picture of what the clicking player alone may see."""
        seats = record.seats_of(interaction.user.id)
        if not seats and record.has_left(interaction.user.id):
            raise refusal("err.left_game", id=record.id)
        if not seats:
            raise ServiceError(
                "You are not playing in this game: the public board shows everything you may see.",
                "err.private_outsider",
            )
        board = await self.private_board(record, seats[0])
        if board is None:
            raise ServiceError(
                f"Nothing is hidden in {self.game_name}: the public board shows everything.",
                "err.nothing_hidden",
                game=self.game_name,
            )
        board.attach(f"private-{record.id}-{record.version}.png")
        sent = await send_answer(
            interaction,
            content=board.content or None,
            embed=board.embed,
            file=board.file(record.id, record.version, private=True),
            view=controls_view(board.controls) if board.controls else discord.utils.MISSING,
            ephemeral=True,
        )
        if sent.id is not None and is_active(record):
            await self.panel_drawn(interaction, record, sent.id, sent.edit)

    # -- private panels kept up to date (see bot/panels.py) ----------------------------

    async def panel_drawn(
        self, interaction: discord.Interaction[Any], record: GameRecord, message_id: int, edit: Edit
    ) -> None:
        """Remember a private panel just drawn for the clicker, to redraw it as the game moves on;
        the player's older panels of this game beyond the few kept up to date say they were replaced."""
        retired = self.bot.panels.drawn(record.id, interaction.user.id, message_id, edit)
        if retired:
            note = text(await self.language(record), "panel.replaced")
            for panel in retired:
                await self.edit_panel(panel, content=note, embed=None, attachments=[], view=None)

    def panel_redrawn(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A click on a private panel redrew it in place: its fresh token keeps it up to date longer."""
        if interaction.message is not None and is_active(record):
            self.bot.panels.drawn(
                record.id, interaction.user.id, interaction.message.id, interaction.edit_original_response
            )

    async def refresh_panels(self, record: GameRecord, *, besides: int | None = None) -> None:
        """Redraw the game's open private panels (but ``besides``, the one a click just answered) as
        ``record`` stands: a panel never offers what the game no longer allows."""
        for panel in self.bot.panels.of_game(record.id, besides=besides):
            message = await self.panel_message(record, panel.user_id)
            if message is None or not is_active(record):
                self.bot.panels.forget(panel.message_id)  # a finished game's panel is drawn a last time
            if message is not None:
                await self.edit_panel(panel, **message)

    async def panel_message(self, record: GameRecord, user_id: int) -> dict[str, Any] | None:
        """The private panel of ``user_id`` as an edit of the message (no controls for a finished game),
        or a note when nothing is hidden any more."""
        seats = record.seats_of(user_id)
        if not seats:
            return None
        board = await self.private_board(record, seats[0])
        if board is None:
            said = text(await self.language(record), "err.nothing_hidden", game=self.game_name)
            return {"content": said, "embed": None, "attachments": [], "view": None}
        board.attach(f"private-{record.id}-{record.version}.png")
        return {
            "content": board.content or None,
            "embed": board.embed,
            "attachments": [board.file(record.id, record.version, private=True)],
            "view": controls_view(board.controls) if board.controls else None,
        }

    async def edit_panel(self, panel: OpenPanel, **message: Any) -> None:
        """Edit a panel through its token; one dismissed (or whose token died early) is forgotten."""
        try:
            await panel.edit(**message)
        except discord.HTTPException as error:
            log.info("private panel %s of game %s can no longer be edited (%s)", panel.message_id, panel.game_id,
                     error.status)
            self.bot.panels.forget(panel.message_id)

    async def stale_panel(self, interaction: discord.Interaction[Any], record: GameRecord, error: StaleButton) -> None:
        """A click on an out-of-date private panel: nothing is played, and the panel says so, redrawn
        as the game stands now (when the clicker has one); else the usual private refusal."""
        latest = await self.service.load(record.id)
        message = await self.panel_message(latest, interaction.user.id)
        if message is None or answered(interaction):
            raise error
        message["content"] = text(await self.language(latest), "panel.out_of_date")
        await update_clicked(interaction, **message)
        self.panel_redrawn(interaction, latest)

    def private_button(self, record: GameRecord, label: str) -> GameButton:
        """The button that opens :meth:`private_board`; valid at any version."""
        return GameButton(record.id, ANY_VERSION, "private", label=label, emoji="🔒")

    # -- board messages --------------------------------------------------------

    async def board_view(self, record: GameRecord, board: Board) -> discord.ui.View | None:
        """The public board's controls, then a finished game's Rematch and the shared ones (the "⋯" menu)
        where a row has room."""
        lang = await self.language(record)
        extras = [*self.rematch_button(record, lang)]
        extras += [item for cog in self.bot.cogs.values() if isinstance(cog, SharedControls)
                   for item in cog.board_controls(record, lang)]  # fmt: skip
        view = controls_view(board.controls)
        for item in extras:
            try:
                view.add_item(item)
            except ValueError:  # the game's own controls fill all five rows
                break
        return view if view.children else None

    async def post_board(self, interaction: discord.Interaction[Any] | None, record: GameRecord) -> None:
        """Post a new board message in the game's channel and remember it as the current one."""
        board = await self.drawn_board(record)
        name = f"game-{record.id}-{record.version}.png"
        board.attach(name)
        await self.show_deadline(board, record)
        try:
            message = await self._send_board(record.row.channel_id, board, record)
        except discord.NotFound:
            # The game's channel was deleted: carry on where the player is, if that is elsewhere.
            here = interaction.channel_id if interaction is not None else None
            if here is None or here == record.row.channel_id:
                raise refusal("err.channel_gone") from None
            log.info("channel of game %s is gone; moving the game to channel %s", record.id, here)
            await self.service.set_channel(record.id, here)
            message = await self._send_board(here, board, record)
        await self.service.set_message(record.id, message.id)
        await self.drop_ping(record)
        self.bot_to_move(record)

    def bot_to_move(self, record: GameRecord) -> None:
        """Once the board shows a position where the bot must play, its job (added with the move that
        made it so) runs now rather than at the scheduler's next look."""
        if record.waiting_bots():
            self.bot.scheduler.run_soon()

    async def _send_board(self, channel_id: int, board: Board, record: GameRecord) -> discord.Message:
        view = await self.board_view(record, board)
        return await self.bot.get_partial_messageable(channel_id).send(
            content=board.content,
            embed=board.embed,
            file=board.file(record.id, record.version),
            view=view or discord.utils.MISSING,
            allowed_mentions=PLAYERS_ONLY,
        )

    async def show_deadline(self, board: Board, record: GameRecord) -> None:
        """Say on a board when the turn ends; once its time is up under the claim rule, when the game
        ends on time if nobody claims the win.

        Discord shows ``<t:…:R>`` as "in 23 hours" in each reader's own language and time zone.
        """
        if record.row.absent and len(board.embed.fields) < 25:  # who left, and since when Agora plays for them
            lang = await self.language(record)
            lines = stand_in_lines(record.row, lang)
            board.embed.add_field(name=text(lang, "stand_in.field"), value=lines, inline=False)
        started = record.row.turn_started_at
        if record.row.status != ACTIVE or started is None or len(board.embed.fields) >= 25:
            return
        scheduler, key = self.bot.scheduler, "turn_ends"
        deadline = started + await scheduler.turn_seconds(record.id, record.row.guild_id)
        if deadline <= self.service.clock():
            ends_at = await scheduler.due_at(UNCLAIMED, record.id, started)
            deadline, key = (deadline, key) if ends_at is None else (ends_at, "claim_ends")
        name = text(await self.language(record), key)
        board.embed.add_field(name=name, value=f"<t:{int(deadline)}:R>", inline=False)

    async def refresh_board(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Redraw the clicked board message in place (within the same turn)."""
        board = await self.drawn_board(record)
        name = f"game-{record.id}-{record.version}.png"
        board.attach(name)
        await self.show_deadline(board, record)
        await update_clicked(
            interaction,
            content=board.content,
            embed=board.embed,
            attachments=[board.file(record.id, record.version)],
            view=await self.board_view(record, board),
            allowed_mentions=PLAYERS_ONLY,
        )

    async def move_on(self, interaction: discord.Interaction[Any], record: GameRecord, summary: str) -> None:
        """After a turn: the clicked board keeps only what happened, then the next one is posted."""
        await update_clicked(
            interaction, content=summary, embed=None, attachments=[], view=None, allowed_mentions=PLAYERS_ONLY
        )
        await self.post_board(interaction, record)

    async def update_board_message(self, record: GameRecord) -> None:
        """Redraw the current board message in place, by id (when the change came from elsewhere)."""
        if record.row.message_id is None:
            return
        board = await self.drawn_board(record)
        board.attach(f"game-{record.id}-{record.version}.png")
        await self.show_deadline(board, record)
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            await message.edit(
                content=board.content, embed=board.embed, attachments=[board.file(record.id, record.version)],
                view=await self.board_view(record, board), allowed_mentions=PLAYERS_ONLY,
            )
        except (discord.NotFound, discord.Forbidden):
            log.info("board message %s of game %s is gone; posting a new one", record.row.message_id, record.id)
            await self.post_board(None, record)

    async def retire_board(self, record: GameRecord, summary: str) -> None:
        """The current board keeps only what happened when the game moved on without a click on it:
        one line per move in the channel, and a single picture, the latest board's."""
        if record.row.message_id is None:
            return
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            await message.edit(content=summary, embed=None, attachments=[], view=None, allowed_mentions=PLAYERS_ONLY)
        except (discord.NotFound, discord.Forbidden):
            log.info("board message %s of game %s is gone", record.row.message_id, record.id)

    async def draw(self, render: Callable[..., bytes], record: GameRecord, view: View) -> Picture:
        """``render(view, names)`` off the event loop, so drawing never delays other players' clicks.

        Every picture of a finished game shows its stored result (a resignation, a time-out,
        an agreed draw), worded in the server's language, instead of whose turn it was; its
        words are in the server's language too.  Its alt text is worded from the same ``view``,
        so it tells no more than the picture.
        """
        lang = await self.language(record)
        names = await self.service.display_names(record)  # drawn as typed: a picture has no markdown
        result = stored_ending(record, names, lang)
        png = await self.bot.drawing.draw(render, view, names, words=picture_words(record.game, lang), result=result)
        return Picture(png, alt_text(view, names, lang, result))


def _drop_outcome(task: asyncio.Task[Any]) -> None:
    """Read a finished task's outcome so that asyncio does not report an error nobody waits for."""
    if not task.cancelled():
        task.exception()


def picture_words(game: str, lang: str) -> dict[str, str]:
    """The words ``game``'s pictures draw (its render module's PICTURE_WORDS, and the engines' templates
    the last move is described with), in ``lang``.

    >>> picture_words("arkaios", "fr")["pic.last_move"]
    'Dernier coup : {move}'
    """
    keys: Mapping[str, str] = importlib.import_module(f"render.{game}").PICTURE_WORDS
    return {**engine_words(lang), **{key: template(lang, key) for key in keys}}


def bot_levels(record: GameRecord, lang: str) -> str:
    """Which seats Agora plays and at which level, one line per seat ("Seat 2: hard")."""
    return "\n".join(
        text(lang, "bot.level_line", seat=seat + 1, level=text(lang, f"bot.level.{level}"))
        for seat, level in sorted(record.bot_seats.items())
    )


def is_active(record: GameRecord) -> bool:
    return record.row.status == ACTIVE

