"""Agora plays: the scheduler's ``bot`` jobs become the bot's moves.

A move that makes it the turn of a seat the bot plays adds the job in its own transaction
(``bot/scheduler.py``). Its handler reloads the game, does nothing unless the game is still at
the job's version, works out the move from the seat's view and the public move log in a worker
process (``bot/opponent.py``), and plays it through :meth:`GameCog.commit`, as a click would,
marking the job done in the move's transaction: a job that runs twice (a restart, two processes)
moves once.
"""

from __future__ import annotations

import logging
import random

from discord.ext import commands

from ai import observe
from bot.app import AgoraBot
from bot.opponent import move_seed, public_log
from bot.scheduler import BOT, Job, JobAlreadyDone
from bot.service import ACTIVE, GameRecord, ServiceError, StaleButton
from cogs.common import game_cog

log = logging.getLogger("agora.opponent")


class Opponent(commands.Cog):
    """Runs the bot's moves for the scheduler."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.scheduler.handlers[BOT] = self.move

    async def cog_unload(self) -> None:
        self.bot.scheduler.handlers.pop(BOT, None)

    async def current(self, job: Job) -> GameRecord | None:
        """The job's game while it is still at the job's version, being played and waiting for the bot."""
        try:
            record = await self.service.load(job.game_id)
        except ServiceError:
            return None
        if record.row.status != ACTIVE or record.version != int(job.stamp) or not record.waiting_bots():
            return None
        return record

    async def move(self, job: Job) -> None:
        """The bot plays its first seat the game waits for; a later job plays the next one."""
        record = await self.current(job)
        if record is None or record.state is None:
            return  # the game moved on, ended or was resigned: the job is void
        seat = record.waiting_bots()[0]
        level = record.bot_seats[seat]
        notation = await self.choose(record, seat, level)
        cog = game_cog(self.bot, record.game)
        try:
            await cog.commit(
                record, record.user_at(seat), [notation], version=record.version,
                also=[self.bot.scheduler.done_step(job)], seat=seat,
            )  # fmt: skip
        except (JobAlreadyDone, StaleButton):
            return  # another run played it, or someone moved first: a new job follows the new position

    async def choose(self, record: GameRecord, seat: int, level: str) -> str:
        """The bot's move: from what its seat may see only, seeded by the game's id and version."""
        assert record.state is not None
        moves = await self.service.storage.moves(record.id)
        observation = observe(record.state, seat, public_log(record.game, moves, seat))
        seed = move_seed(record.id, record.version)
        try:
            return await self.bot.thinking.choose(observation, level, seed)
        except Exception:
            # A search that fails must not stall the game: a legal move, drawn from the same seed.
            log.exception("game %s: the search failed at version %s; playing a legal move", record.id, record.version)
            legal = record.state.legal_moves(seat)
            return str(random.Random(seed).choice(legal))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Opponent(bot))
