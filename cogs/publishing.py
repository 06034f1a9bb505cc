"""Games nobody sees: boards shown late, and games whose channel was deleted.

A ``publish`` job (and the catch-up at start-up and after a gateway resume) runs
:meth:`Boards.catch_up` of the game's cog: the old board says the game went on, the current one is
posted and pings whoever must act. A try Discord refuses again waits longer (``bot/publishing.py``).
A deleted channel stops the clocks of its games (``bot/halts.py``) and tells their players privately
(else in the server's system channel) how to continue: /games, Show board, in the channel of
their choice, where the game goes on with its history.
"""

from __future__ import annotations

import contextlib
import logging

import discord
from discord.ext import commands

from bot.app import PLAYERS_ONLY, AgoraBot
from bot.i18n import text
from bot.notices import Delivery
from bot.scheduler import PUBLISH, Job
from bot.service import GameRecord, ServiceError
from cogs.common import game_cog, mention_list
from rules import GAMES

log = logging.getLogger("agora.publishing")
UNKNOWN_CHANNEL = 10003


class Publishing(commands.Cog):
    """Runs the ``publish`` jobs, and finds the boards left behind when the bot starts or resumes."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.scheduler.handlers[PUBLISH] = self.publish
        # Before the scheduler starts: its first run, once connected, shows them.
        await self.bot.publishing.catch_up()

    async def cog_unload(self) -> None:
        self.bot.scheduler.handlers.pop(PUBLISH, None)

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        """Events missed while the gateway was away may have left boards behind."""
        await self.bot.publishing.catch_up()

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.channel_gone(channel.guild, channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.channel_gone(self.bot.get_guild(payload.guild_id), payload.thread_id)

    async def channel_gone(self, guild: discord.Guild | None, channel_id: int) -> None:
        """The games played in a deleted channel or thread: their clocks stop, their players are told."""
        for game_id in await self.bot.halts.played_in(channel_id):
            if await self.bot.halts.halt(game_id):
                log.info("game %s: its channel %s was deleted; its clocks stop", game_id, channel_id)
                await self.tell_players(guild, await self.service.load(game_id))

    async def tell_players(self, guild: discord.Guild | None, record: GameRecord) -> None:
        """Each player by DM; those whose DMs are closed in the server's system channel, if the bot may post there."""
        unreached = []
        for user_id in dict.fromkeys(record.people_besides()):
            lang = await self.bot.dm_language(user_id, record.row.guild_id)
            said = text(lang, "halt.channel_gone", game=GAMES[record.game].name, id=record.id)
            delivery = Delivery.CLOSED
            with contextlib.suppress(discord.HTTPException):
                delivery = await self.bot.notices.dm(user_id, said)
            if delivery is not Delivery.SENT:
                unreached.append(user_id)
        channel = guild.system_channel if guild is not None else None
        if not unreached or channel is None or not channel.permissions_for(channel.guild.me).send_messages:
            return
        lang = await self.bot.language_of(record.row.guild_id)
        said = text(lang, "halt.channel_gone_here", users=mention_list(unreached), game=GAMES[record.game].name,
                    id=record.id)  # fmt: skip
        with contextlib.suppress(discord.HTTPException):
            await channel.send(said, allowed_mentions=PLAYERS_ONLY)

    async def publish(self, job: Job) -> None:
        """Bring the job's board current; Discord refusing again means another, later try."""
        try:
            record = await self.service.load(job.game_id)
            await game_cog(self.bot, record.game).catch_up(record.id)
        except discord.HTTPException as error:
            if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
                log.info("game %s: its channel is gone; its board waits for a player", job.game_id)
                return
            log.warning("game %s: its board still waits (%s %s)", job.game_id, error.status, error.code)
            await self.bot.scheduler.claim(job, [self.bot.publishing.again(record)])
        except ServiceError as refused:  # the game is gone, or so is its channel
            log.info("game %s: no board to bring current (%s)", job.game_id, refused)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Publishing(bot))
