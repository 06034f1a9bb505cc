"""Boards shown late: the scheduler's ``publish`` jobs, and the catch-up at start-up and after a resume.

What a job does is :meth:`Boards.catch_up` of the game's cog: the old board says the game went on,
the current one is posted and pings whoever must act. A try Discord refuses again waits longer
(``bot/publishing.py``); a channel that is gone is not tried again (the game is moved on by a
player's command there, see docs/operations.md).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.app import AgoraBot
from bot.scheduler import PUBLISH, Job
from bot.service import ServiceError
from cogs.common import game_cog

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
