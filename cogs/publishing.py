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
from bot.i18n import game_named, text
from bot.notices import Delivery
from bot.scheduler import PUBLISH, Job
from bot.service import GameRecord, ServiceError
from bot.settings import UNSEEN_WAIT
from cogs.common import game_cog, mention_list

log = logging.getLogger("agora.publishing")
UNKNOWN_CHANNEL = 10003
# Discord's codes for a bot that may not post in a channel: Missing Permissions, Missing Access (removed).
CANNOT_POST = (50013, 50001)


class Publishing(commands.Cog):
    """Runs the ``publish`` jobs, and finds the boards left behind when the bot starts or resumes."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service
        # Channels whose admins were told the bot cannot post there (told once, until it can again).
        self.admins_told: set[int] = set()

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
                await self.tell_players(guild, await self.service.load(game_id), "halt.channel_gone")

    @commands.Cog.listener()
    async def on_board_refused(self, record: GameRecord, error: discord.HTTPException) -> None:
        """Discord refused a game's message: when nobody can see the game (a channel gone, the bot unable
        to post there or removed from the server), its clocks stop, its players are told, and the
        server's admins once, while the publish job keeps trying. A server whose clocks run meanwhile
        (``/agora settings unseen_clocks:run``) only has its admins told."""
        gone = error.code == UNKNOWN_CHANNEL  # its channel was deleted while the bot was not told
        if not gone and error.code not in CANNOT_POST:
            return  # a failure of the moment (a 503, an expired interaction): the publish job retries
        guild = self.bot.get_guild(record.row.guild_id)
        waits = gone or (await self.bot.settings.get(record.row.guild_id)).unseen_clocks == UNSEEN_WAIT
        if waits and await self.bot.halts.halt(record.id):
            log.warning("game %s: nobody can see it (%s %s); its clocks stop", record.id, error.status, error.code)
            await self.tell_players(guild, record, "halt.channel_gone" if gone else "halt.cannot_post")
        if not gone and guild is not None and record.row.channel_id not in self.admins_told:
            self.admins_told.add(record.row.channel_id)
            await self.tell_admins(guild, record.row.channel_id, "halt.admins" if waits else "halt.admins_run")

    @commands.Cog.listener()
    async def on_board_shown_again(self, record: GameRecord) -> None:
        """Posting works again in the game's channel: the admins will be told again if it stops once more."""
        self.admins_told.discard(record.row.channel_id)

    async def tell_admins(self, guild: discord.Guild, channel_id: int, key: str) -> None:
        """Where the server's admins can read it: the system channel if the bot may post there, else the owner by DM."""
        lang = await self.bot.language_of(guild.id)
        said = text(lang, key, channel=channel_id)
        channel = guild.system_channel
        with contextlib.suppress(discord.HTTPException):
            if channel is not None and channel.id != channel_id and channel.permissions_for(guild.me).send_messages:
                await channel.send(said, allowed_mentions=discord.AllowedMentions.none())
            elif guild.owner_id is not None:
                await self.bot.notices.dm(guild.owner_id, said)

    async def tell_players(self, guild: discord.Guild | None, record: GameRecord, key: str) -> None:
        """Each player by DM; those whose DMs are closed in the server's system channel, if the bot may post there."""
        unreached = []
        for user_id in dict.fromkeys(record.people_besides()):
            lang = await self.bot.dm_language(user_id, record.row.guild_id)
            said = text(lang, key, game=game_named(record.game), id=record.id)
            delivery = Delivery.CLOSED
            with contextlib.suppress(discord.HTTPException):
                delivery = await self.bot.notices.dm(user_id, said)
            if delivery is not Delivery.SENT:
                unreached.append(user_id)
        channel = guild.system_channel if guild is not None else None
        if not unreached or channel is None or not channel.permissions_for(channel.guild.me).send_messages:
            return
        lang = await self.bot.language_of(record.row.guild_id)
        said = text(lang, f"{key}_here", users=mention_list(unreached), game=game_named(record.game), id=record.id)
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
            await self.on_board_refused(record, error)
        except ServiceError as refused:  # the game is gone, or so is its channel
            log.info("game %s: no board to bring current (%s)", job.game_id, refused)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Publishing(bot))
