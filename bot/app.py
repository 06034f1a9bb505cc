"""The Bot subclass: ``setup_hook`` wires storage, the game service and the extensions.

The bot knows its cogs only as extension names (the modules of the ``cogs`` folder,
found on disk and loaded by discord.py), so ``bot/`` never imports ``cogs/``: the
cogs depend on the bot, not the other way round.
"""

from __future__ import annotations

import asyncio
import logging
import pkgutil
import re
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_limits import CommandsRefused, check
from bot.config import Shards
from bot.drawing import Drawing
from bot.halts import Halts
from bot.i18n import COMMANDS, game_name, player_language
from bot.identify import IdentifyGate
from bot.interactions import FAILED, InteractionDesk, Subject
from bot.notices import NoticeStore, Notifier
from bot.opponent import Thinking
from bot.panels import OpenPanels
from bot.publishing import Publishing
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.settings import SettingsStore
from bot.storage import Storage
from bot.tournament import TournamentService
from rules import GAMES, MODULES

log = logging.getLogger("agora")
# Every message and edit may ping the players it names, never @everyone, @here or a role, whatever
# a player's name or typed text holds; a message that must not ping at all says so itself.
PLAYERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)

COGS = Path(__file__).resolve().parent.parent / "cogs"


def cog_modules() -> list[str]:
    """Every module of the ``cogs`` folder but the shared one (and sub-packages such as the
    message catalogues in ``cogs/texts``), and the cog of every registered game: each is an extension.

    >>> "cogs.common" not in cog_modules() and all(m.cog in cog_modules() for m in MODULES.values())
    True
    """
    found = pkgutil.iter_modules([str(COGS)])
    in_folder = {f"cogs.{m.name}" for m in found if not m.ispkg and m.name != "common"}
    return sorted(in_folder | {modules.cog for modules in MODULES.values()})


def serve_through_desk(item: type[discord.ui.DynamicItem[Any]]) -> None:
    """Wrap a control class's callback once so its clicks are logged and answered whatever happens."""
    callback = item.callback
    if getattr(callback, "through_desk", False):
        return

    async def served(self: discord.ui.DynamicItem[Any], interaction: discord.Interaction[AgoraBot]) -> None:
        await interaction.client.interactions.serve(interaction, partial(callback, self, interaction), last_resort=True)

    served.through_desk = True  # type: ignore[attr-defined]
    item.callback = served  # type: ignore[method-assign,assignment]


class AgoraTree(app_commands.CommandTree["AgoraBot"]):
    async def _call(self, interaction: discord.Interaction[AgoraBot]) -> None:
        """Every command passes the bot's front desk: logged, timed, refused while stopping."""
        await self.client.interactions.serve(interaction, partial(super()._call, interaction), last_resort=False)

    async def on_error(self, interaction: discord.Interaction[AgoraBot], error: app_commands.AppCommandError) -> None:
        """Last resort: log the bug and still give the player an answer."""
        interaction.extras[FAILED] = True
        log.error("interaction %s failed", Subject.of(interaction), exc_info=error)
        await self.client.interactions.answer(interaction, "ops.failed")


# The games' names in French by their English, as the command choices name the games.
GAME_NAMES = {game.name: game_name("fr", game_id) for game_id, game in GAMES.items()}


class AgoraTranslator(app_commands.Translator):
    """The French of the slash commands' descriptions and choices, the games' names among them as their
    catalogues word them (names of commands and options stay as they are, so /move is /move everywhere)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is not discord.Locale.french:
            return None
        if context.location is app_commands.TranslationContextLocation.choice_name:
            named = GAME_NAMES.get(string.message)  # a game's name, as its catalogue words it
            return named if named is not None else COMMANDS["fr"].get(string.message)
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return None
        return COMMANDS["fr"].get(string.message)


class AgoraBot(commands.AutoShardedBot):
    """The Agora bot.  Tests build it with a temporary database and a fake clock.

    It runs the shards of ``AGORA_SHARDS`` (:class:`bot.config.Shards`), or every shard
    Discord recommends; processes running the other shards share the same database.
    """

    def __init__(
        self,
        database: str,
        *,
        clock: Callable[[], float] = time.time,
        sync_guild: int | None = None,
        sync_and_exit: bool = False,
        shards: Shards | None = None,
        render_workers: int = 0,
        ai_workers: int = 1,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # Without AGORA_SHARDS: discord.py asks Discord how many shards to run, and runs them all.
        sharding: dict[str, Any] = {}
        if shards is not None:
            sharding = {"shard_ids": list(shards.ids), "shard_count": shards.count}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=AgoraTree,
            allowed_mentions=PLAYERS_ONLY,
            **sharding,
        )
        self.control_patterns: list[re.Pattern[str]] = []
        self.clock = clock
        self.storage = Storage(database)
        self.service = GameService(self.storage, clock)
        self.sync_guild = sync_guild
        self.sync_and_exit = sync_and_exit
        self.settings = SettingsStore(self.storage)
        self.notices = Notifier(self, NoticeStore(self.storage))  # how each player hears of their turns
        self.scheduler = Scheduler(self.storage, clock, self.settings)
        self.service.on_turn = self.scheduler.turn_step
        self.service.on_challenge = self.scheduler.challenge_step
        self.service.turn_seconds = self.scheduler.turn_seconds
        self.service.stand_in_level = self.stand_in_level
        self.tournaments = TournamentService(self.storage, self.service, clock)
        # Boards that could not be shown when their change was saved, shown later (bot/publishing.py).
        self.publishing = Publishing(self.storage, self.scheduler, clock)
        # Clocks stopped while nobody can see a game (bot/halts.py).
        self.halts = Halts(self.storage, clock)
        self.service.on_finish.append(self.tournaments.finish_step)
        self.scheduler.sweeps.append(self.tournaments.run_due)
        self.tournaments.on_due = self.scheduler.run_soon
        self.interactions = InteractionDesk(self.language_of)
        self.drawing = Drawing(render_workers)
        self.thinking = Thinking(ai_workers)  # where Agora chooses its moves (see bot/opponent.py)
        self.panels = OpenPanels(clock)  # private panels kept up to date as their games move on
        # Each player's language as their last interaction showed it (when the bot speaks it), for the
        # direct messages that answer no interaction (:meth:`dm_language`); in memory only.
        self.last_languages: dict[int, str] = {}
        self.started = time.monotonic()
        self.identify = IdentifyGate(self.storage)  # shards identify in turn, across every process
        self._max_concurrency: int | None = None

    async def language_of(self, guild_id: int | None) -> str:
        """The language a server chose (English outside servers)."""
        return "en" if guild_id is None else (await self.settings.get(guild_id)).language

    async def reply_language(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a private answer to ``interaction``: the player's own Discord language when
        the bot speaks it (Discord sends it with every interaction), else the server's. Public
        messages stay in the server's language (:meth:`language_of`)."""
        return player_language(str(interaction.locale)) or await self.language_of(interaction.guild_id)

    async def dm_language(self, user_id: int, guild_id: int | None) -> str:
        """The language of a direct message to ``user_id`` about a game of ``guild_id`` (a reminder, a
        tournament's news): it answers no interaction, so the player's language as their last
        interaction showed it, else (none since the bot started, or a language the bot does not
        speak) the server's."""
        return self.last_languages.get(user_id) or await self.language_of(guild_id)

    def note_language(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the player's language as this interaction shows it, for :meth:`dm_language`."""
        spoken = player_language(str(interaction.locale))
        if spoken is None:
            self.last_languages.pop(interaction.user.id, None)
        else:
            self.last_languages[interaction.user.id] = spoken

    async def stand_in_level(self, guild_id: int) -> str:
        """The level Agora plays at in the seat of a player who left a table, as the server chose."""
        return (await self.settings.get(guild_id)).stand_in_level

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify once the shard's rate-limit bucket is free in every process (bot/identify.py)."""
        await self.identify.turn(shard_id or 0, await self.max_concurrency())

    async def max_concurrency(self) -> int:
        """How many buckets Discord gives the bot's identifies (asked once; 1 if it cannot be asked)."""
        if self._max_concurrency is None:
            try:
                self._max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
            except discord.HTTPException:
                log.warning("could not read the gateway's max_concurrency; shards identify one at a time")
                self._max_concurrency = 1
        return self._max_concurrency

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register persistent controls; each click passes the front desk (see ``bot/interactions.py``)."""
        for item in items:
            serve_through_desk(item)
            self.control_patterns.append(item.__discord_ui_compiled_template__)
        super().add_dynamic_items(*items)

    async def on_interaction(self, interaction: discord.Interaction[AgoraBot]) -> None:
        """A click whose id no kind of control claims (a forged or mangled id) still gets its one answer.

        discord.py hands such a click to nobody, and the player would see "This interaction failed".
        Every interaction, claimed or not, tells the player's language (:meth:`note_language`).
        """
        self.note_language(interaction)
        if interaction.type is not discord.InteractionType.component or self.claims(interaction):
            return
        answer = partial(self.interactions.answer, interaction, "err.invalid_control")
        await self.interactions.serve(interaction, answer, last_resort=True)

    def claims(self, interaction: discord.Interaction[AgoraBot]) -> bool:
        """Whether a registered kind of control matches the click's whole custom_id."""
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        return isinstance(custom_id, str) and any(p.fullmatch(custom_id) for p in self.control_patterns)

    async def setup_hook(self) -> None:
        await self.storage.open()
        for name in cog_modules():
            await self.load_extension(name)
        await self.tree.set_translator(AgoraTranslator())
        if self.sync_and_exit:
            try:
                await self.publish_commands()
            finally:
                await self.close()
            return
        # Jobs that fell due while the bot was down run as soon as it is connected.
        self.scheduler.start(self.wait_until_ready)

    async def publish_commands(self) -> None:
        """Send the slash commands to Discord (to ``sync_guild`` only, when set), in every language.

        The body is checked against Discord's limits first (:mod:`bot.command_limits`): Discord
        refuses the whole list for one text too long, so a bad one is named and nothing is sent.
        """
        guild = None if self.sync_guild is None else discord.Object(self.sync_guild)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        check(await self.commands_payload(guild))
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.HTTPException as refused:
            if refused.status != 400:
                raise
            said = "; ".join(line.strip() for line in str(refused).splitlines())  # a line a field refused
            raise CommandsRefused(f"Discord refused the slash commands ({said}); nothing was published.") from None
        log.info("synced %d slash commands (%s)", len(synced), self.sync_guild or "global")

    async def commands_payload(self, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
        """What publishing the commands (global, or of ``guild``) sends Discord: each in every language."""
        translator = self.tree.translator or AgoraTranslator()
        commands = self.tree.get_commands(guild=guild)
        return [await command.get_translated_payload(self.tree, translator) for command in commands]

    async def close(self) -> None:
        await self.scheduler.stop()
        await self.identify.close()
        self.drawing.close()
        self.thinking.close()
        # Before the first login there is no connection to close (and discord.py's sharded close would fail).
        if isinstance(self.loop, asyncio.AbstractEventLoop):  # a placeholder until the first login
            await super().close()
        await self.storage.close()
