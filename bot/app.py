"""The Bot subclass: ``setup_hook`` wires storage, the game service, the cogs and the controls."""

from __future__ import annotations

import logging
import pkgutil
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot.i18n import AgoraTranslator
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.settings import SettingsStore
from bot.storage import Storage
from cogs.common import GameButton, GameCog, GameSelect

log = logging.getLogger("agora")

# (game cog, interaction, record, version, action) -> None
ControlHandler = Callable[[GameCog, discord.Interaction[Any], Any, int, str], Awaitable[None]]


def cog_modules() -> list[str]:
    """Every module of the ``cogs`` package but the shared one (and sub-packages such as the
    message catalogues in ``cogs/texts``): each is an extension."""
    return [f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__) if not m.ispkg and m.name != "common"]



class AgoraTree(app_commands.CommandTree["AgoraBot"]):
    async def on_error(self, interaction: discord.Interaction[AgoraBot], error: app_commands.AppCommandError) -> None:
        """Last resort: log the bug and still give the player an answer."""
        log.error("command %s failed", interaction.command and interaction.command.name, exc_info=error)
        text = "Sorry, something went wrong on our side. Nothing was changed; please try again."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


class AgoraBot(commands.Bot):
    """The Agora bot.  Tests build it with a temporary database and a fake clock."""

    def __init__(
        self,
        database: str,
        *,
        clock: Callable[[], float] = time.time,
        sync_guild: int | None = None,
        sync_and_exit: bool = False,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, tree_cls=AgoraTree
        )
        self.storage = Storage(database)
        self.service = GameService(self.storage, clock)
        self.sync_guild = sync_guild
        self.sync_and_exit = sync_and_exit
        self.game_cogs: dict[str, GameCog] = {}
        # Controls every game shares, by the first part of their action ("days:claim" -> "days").
        self.control_handlers: dict[str, ControlHandler] = {}
        self.settings = SettingsStore(self.storage)
        self.scheduler = Scheduler(self.storage, clock)
        self.service.on_turn = self.scheduler.turn_step
        self.service.on_challenge = self.scheduler.challenge_step

    async def setup_hook(self) -> None:
        await self.storage.open()
        self.add_dynamic_items(GameButton, GameSelect)
        for name in cog_modules():
            await self.load_extension(name)
        await self.tree.set_translator(AgoraTranslator())
        if self.sync_and_exit:
            await self._sync_commands()
            await self.close()
            return
        # Jobs that fell due while the bot was down run as soon as it is connected.
        self.scheduler.start(self.wait_until_ready)

    async def _sync_commands(self) -> None:
        if self.sync_guild is not None:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d slash commands (%s)", len(synced), self.sync_guild or "global")

    async def close(self) -> None:
        await self.scheduler.stop()
        await super().close()
        await self.storage.close()
