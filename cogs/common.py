"""What every game cog shares: persistent controls, challenges, board messages and errors.

Every button and select is a :class:`discord.ui.DynamicItem` whose custom_id
carries the game id, the game version it was drawn for and an action, e.g.
``agora:b:12:5:confirm``.  A click reloads the game from the database, so
controls keep working after a restart and no game lives in a View.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from bot.i18n import text
from bot.service import ACTIVE, CHALLENGE, GameRecord, ServiceError
from bot.settings import DurationError, parse_duration
from rules import GAMES

if TYPE_CHECKING:
    from bot.app import AgoraBot

log = logging.getLogger("agora.cogs")

ANY_VERSION = -1
MISSING_PERMISSIONS = (
    "I cannot post in this channel. Please give me the View Channel, Send Messages, "
    "Embed Links and Attach Files permissions here."
)
PLAYER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
COLOUR = discord.Colour(0xE69F00)

_ID = r"(?P<game>[0-9]+):(?P<version>[0-9]+|any):(?P<action>[^\s]{1,70})"


def control_id(kind: str, game_id: int, version: int, action: str) -> str:
    """The custom_id of a control; ``version`` is ANY_VERSION for controls valid at any time."""
    shown = "any" if version == ANY_VERSION else str(version)
    return f"agora:{kind}:{game_id}:{shown}:{action}"


def _parse(match: re.Match[str]) -> tuple[int, int, str]:
    version = ANY_VERSION if match["version"] == "any" else int(match["version"])
    return int(match["game"]), version, match["action"]


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=f"agora:b:{_ID}"):
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


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=f"agora:s:{_ID}"):
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
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def disabled_copy(message: discord.Message | None) -> discord.ui.View | None:
    """The message's controls, all disabled: what an old board keeps once the game moved on."""
    if message is None or not message.components:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    return view


async def dispatch(
    interaction: discord.Interaction[Any], game_id: int, version: int, action: str, values: list[str]
) -> None:
    """Route a click to the cog of the game it belongs to."""
    bot: AgoraBot = interaction.client

    async def route() -> None:
        record = await bot.service.load(game_id)
        cog = bot.game_cogs.get(record.game)
        if cog is None:
            raise ServiceError("This game is not available on this bot any more.")
        await cog.on_control(interaction, record, version, action, values)

    await guarded(interaction, route)


async def guarded(interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work``; turn what a player did wrong into a polite private answer."""
    try:
        await work()
    except ServiceError as error:
        await tell(interaction, await in_server_language(interaction, error))
    except discord.Forbidden:
        log.warning("missing permissions in channel %s", interaction.channel_id)
        refusal = ServiceError(MISSING_PERMISSIONS, "err.permissions")
        await tell(interaction, await in_server_language(interaction, refusal))


async def in_server_language(interaction: discord.Interaction[Any], error: ServiceError) -> str:
    """The refusal in the server's language when the catalogue has it, else as raised (English)."""
    if error.key is None or interaction.guild_id is None:
        return str(error)
    bot: AgoraBot = interaction.client
    language = (await bot.settings.get(interaction.guild_id)).language
    return str(error) if language == "en" else text(language, error.key, **error.values)


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A private (ephemeral) answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def mention_list(user_ids: Sequence[int]) -> str:
    return ", ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


@dataclass
class Board:
    """A board message: text, embed, picture and controls."""

    content: str
    embed: discord.Embed
    png: bytes
    controls: list[discord.ui.Item[Any]] = field(default_factory=list)

    def file(self, game_id: int, version: int, *, private: bool = False) -> discord.File:
        prefix = "private" if private else "game"
        return discord.File(io.BytesIO(self.png), filename=f"{prefix}-{game_id}-{version}.png")

    def attach(self, embed_image_name: str) -> None:
        self.embed.set_image(url=f"attachment://{embed_image_name}")


class GameCog(commands.Cog):
    """Base of each game's cog: challenges, board messages, moving on after a turn."""

    game_id: ClassVar[str]

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.game_cogs[self.game_id] = self

    async def cog_unload(self) -> None:
        self.bot.game_cogs.pop(self.game_id, None)

    @property
    def game_name(self) -> str:
        return GAMES[self.game_id].name

    # -- what each game provides ----------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        """The public board message of an active or finished game."""
        raise NotImplementedError

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        """Handle a game-specific control (anything but the challenge buttons)."""
        raise NotImplementedError

    async def private_board(self, record: GameRecord, seat: int) -> Board | None:
        """What only ``seat`` may see (hidden pieces, a hand), or None for games without secrets."""
        return None

    async def play_text(self, record: GameRecord, user_id: int, moves: list[str]) -> GameRecord:
        """Play moves typed with /move; games with drafted turns override."""
        return await self.service.play(record.id, user_id, moves)

    # -- challenges ------------------------------------------------------------

    async def start_challenge(
        self,
        interaction: discord.Interaction[Any],
        invited: Sequence[discord.abc.User],
        options: dict[str, Any],
        deadline: str | None = None,
    ) -> None:
        """Post a challenge; ``deadline`` ("30m", "2h", "3d") overrides the server's time per turn."""

        async def work() -> None:
            turn_seconds = await self.check_new_game(interaction, deadline)
            assert interaction.guild_id is not None and interaction.channel_id is not None
            if any(user.bot for user in invited):
                raise ServiceError("Bots cannot play: challenge a person.")
            for user in (interaction.user, *invited):
                await self.service.remember_player(user.id, user.display_name)
            record = await self.service.challenge(
                self.game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                challenger=interaction.user.id,
                invited=[user.id for user in invited],
                options=options,
                turn_seconds=turn_seconds,
            )
            await interaction.response.send_message(
                **self.challenge_message(record), allowed_mentions=PLAYER_MENTIONS
            )
            message = await interaction.original_response()
            await self.service.set_message(record.id, message.id)

        await guarded(interaction, work)

    async def check_new_game(self, interaction: discord.Interaction[Any], deadline: str | None) -> int | None:
        """Refuse a new game outside a server or its allowed channels; the turn time asked for, in seconds."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise ServiceError("Games are played in a server channel, not in direct messages.")
        settings = await self.bot.settings.get(interaction.guild_id)
        if settings.channels and interaction.channel_id not in settings.channels:
            allowed = ", ".join(f"<#{channel}>" for channel in settings.channels)
            raise ServiceError(text(settings.language, "wrong_channel", channels=allowed))
        try:
            return None if deadline is None else parse_duration(deadline)
        except DurationError as error:
            raise ServiceError(str(error)) from None

    async def server_language(self, record: GameRecord) -> str:
        return (await self.bot.settings.get(record.row.guild_id)).language

    def language(self, record: GameRecord) -> str:
        """The language of the game's server (callers awaited ``bot.settings.get`` for it before)."""
        return self.bot.settings.cached(record.row.guild_id).language

    def challenge_message(self, record: GameRecord) -> dict[str, Any]:
        challenger, *invited = record.seats
        waiting = [uid for uid in invited if uid not in record.row.accepted]
        lang = self.language(record)
        embed = discord.Embed(title=text(lang, "challenge_title", game=self.game_name, id=record.id), colour=COLOUR)
        embed.description = text(
            lang, "challenge_invite", challenger=challenger, invited=mention_list(invited), game=self.game_name
        )
        options = self.describe_options(record.row.options)
        if options:
            embed.add_field(name=text(lang, "options"), value=options, inline=False)
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

    def describe_options(self, options: dict[str, Any]) -> str:
        return "\n".join(f"{name.replace('_', ' ')}: {value}" for name, value in options.items())

    async def on_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action == "accept":
            await self._accept(interaction, record)
        elif action == "decline":
            await self._decline(interaction, record)
        elif action == "private":
            await self._show_private(interaction, record)
        elif action.split(":", 1)[0] in self.bot.control_handlers:
            # Controls shared by every game (draw offers, take-backs, timeouts): see cogs/agora.py.
            await self.bot.control_handlers[action.split(":", 1)[0]](self, interaction, record, version, action)
        else:
            await self.on_game_control(interaction, record, version, action, values)

    async def _accept(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        await self.service.remember_player(interaction.user.id, interaction.user.display_name)
        settings = await self.bot.settings.get(record.row.guild_id)
        lang = settings.language
        record = await self.service.accept(record.id, interaction.user.id)
        if record.row.status == CHALLENGE:
            await interaction.response.edit_message(**self.challenge_message(record))
            return
        embed = discord.Embed(
            title=text(lang, "game_title", game=self.game_name, id=record.id),
            description=text(lang, "game_on", players=mention_list(record.seats)),
            colour=COLOUR,
        )
        await interaction.response.edit_message(content=None, embed=embed, view=None)
        if settings.threads and interaction.message is not None:
            record = await self._move_to_thread(interaction.message, record, lang)
        await self.post_board(interaction, record)

    async def _move_to_thread(self, message: discord.Message, record: GameRecord, lang: str) -> GameRecord:
        """Open a public thread from the challenge message; the game's boards go there from now on."""
        try:
            thread = await message.create_thread(name=text(lang, "thread_name", game=self.game_name, id=record.id))
        except discord.HTTPException:
            log.info("could not open a thread for game %s; it stays in its channel", record.id)
            return record
        await self.service.set_channel(record.id, thread.id)
        return await self.service.load(record.id)

    async def _decline(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        record = await self.service.decline(record.id, interaction.user.id)
        who = "withdrawn" if record.row.status == "cancelled" else "declined"
        embed = discord.Embed(
            title=text(lang, "challenge_title", game=self.game_name, id=record.id),
            description=text(lang, who, user=interaction.user.id),
            colour=discord.Colour.dark_grey(),
        )
        await interaction.response.edit_message(content=None, embed=embed, view=None)

    async def _show_private(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A fresh ephemeral picture of what the clicking player alone may see."""
        seats = record.seats_of(interaction.user.id)
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
        await interaction.response.send_message(
            content=board.content or None,
            embed=board.embed,
            file=board.file(record.id, record.version, private=True),
            view=controls_view(board.controls) if board.controls else discord.utils.MISSING,
            ephemeral=True,
        )

    def private_button(self, record: GameRecord, label: str) -> GameButton:
        """The button that opens :meth:`private_board`; valid at any version."""
        return GameButton(record.id, ANY_VERSION, "private", label=label, emoji="🔒")

    # -- board messages --------------------------------------------------------

    async def post_board(self, interaction: discord.Interaction[Any] | None, record: GameRecord) -> None:
        """Post a new board message in the game's channel and remember it as the current one."""
        board = await self.board(record)
        name = f"game-{record.id}-{record.version}.png"
        board.attach(name)
        await self.show_deadline(board, record)
        try:
            message = await self._send_board(record.row.channel_id, board, record)
        except discord.NotFound:
            # The game's channel was deleted: carry on where the player is, if that is elsewhere.
            here = interaction.channel_id if interaction is not None else None
            if here is None or here == record.row.channel_id:
                raise ServiceError("This game's channel no longer exists.") from None
            log.info("channel of game %s is gone; moving the game to channel %s", record.id, here)
            await self.service.set_channel(record.id, here)
            message = await self._send_board(here, board, record)
        await self.service.set_message(record.id, message.id)

    async def _send_board(self, channel_id: int, board: Board, record: GameRecord) -> discord.Message:
        return await self.bot.get_partial_messageable(channel_id).send(
            content=board.content,
            embed=board.embed,
            file=board.file(record.id, record.version),
            view=controls_view(board.controls) if board.controls else discord.utils.MISSING,
            allowed_mentions=PLAYER_MENTIONS,
        )

    async def show_deadline(self, board: Board, record: GameRecord) -> None:
        """Say on a new board when the turn ends.

        Discord shows ``<t:…:R>`` as "in 23 hours" in each reader's own language and time zone.
        """
        if record.row.status != ACTIVE or record.row.turn_started_at is None or len(board.embed.fields) >= 25:
            return
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        deadline = record.row.turn_started_at + await self.bot.scheduler.turn_seconds(record.id, record.row.guild_id)
        board.embed.add_field(name=text(lang, "turn_ends"), value=f"<t:{int(deadline)}:R>", inline=False)

    async def refresh_board(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Redraw the clicked board message in place (within the same turn)."""
        board = await self.board(record)
        name = f"game-{record.id}-{record.version}.png"
        board.attach(name)
        await interaction.response.edit_message(
            content=board.content,
            embed=board.embed,
            attachments=[board.file(record.id, record.version)],
            view=controls_view(board.controls),
            allowed_mentions=PLAYER_MENTIONS,
        )

    async def move_on(self, interaction: discord.Interaction[Any], record: GameRecord, summary: str) -> None:
        """After a turn: freeze the clicked board, then post the next one."""
        await interaction.response.edit_message(
            content=summary, view=disabled_copy(interaction.message), allowed_mentions=PLAYER_MENTIONS
        )
        await self.post_board(interaction, record)

    async def after_move(
        self, interaction: discord.Interaction[Any], before: GameRecord, after: GameRecord, summary: str
    ) -> None:
        """Once a move passed the turn on: freeze the old board and post the next one.

        The click may come from the board itself or from a private (ephemeral) panel.
        """
        on_board = interaction.message is not None and interaction.message.id == before.row.message_id
        if on_board:
            await self.move_on(interaction, after, summary)
            return
        done = text(await self.server_language(before), "done", summary=summary)
        await interaction.response.edit_message(content=done, embed=None, attachments=[], view=None)
        await self.retire_board(before, summary)
        await self.post_board(interaction, after)

    async def update_board_message(self, record: GameRecord) -> None:
        """Redraw the current board message in place, by id (when the click came from elsewhere)."""
        if record.row.message_id is None:
            return
        board = await self.board(record)
        board.attach(f"game-{record.id}-{record.version}.png")
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            await message.edit(
                content=board.content, embed=board.embed, attachments=[board.file(record.id, record.version)],
                view=controls_view(board.controls) if board.controls else None, allowed_mentions=PLAYER_MENTIONS,
            )
        except (discord.NotFound, discord.Forbidden):
            log.info("board message %s of game %s is gone; posting a new one", record.row.message_id, record.id)
            await self.post_board(None, record)

    async def retire_board(self, record: GameRecord, summary: str) -> None:
        """Freeze the current board message when the game moved on without a click on it."""
        if record.row.message_id is None:
            return
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            await message.edit(content=summary, view=None)
        except (discord.NotFound, discord.Forbidden):
            log.info("board message %s of game %s is gone", record.row.message_id, record.id)

    async def render(self, func: Callable[..., bytes], *args: Any) -> bytes:
        """Draw off the event loop, so a render never delays other players' clicks."""
        return await asyncio.to_thread(func, *args)


def is_active(record: GameRecord) -> bool:
    return record.row.status == ACTIVE
