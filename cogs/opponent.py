"""Agora plays: the scheduler's ``bot`` jobs become the bot's moves.

A move that makes it the turn of a seat the bot plays adds the job in its own transaction
(``bot/scheduler.py``). Its handler reloads the game, does nothing unless the game is still at
the job's version, works out each decision of the bot's turn from the seat's view and the public
move log in a worker process (``bot/opponent.py``, ``bot/agora_turn.py``), and plays the whole turn
through the service as one move, marking the job done in the move's transaction (a job that runs
twice, after a restart or in two processes, moves once), then updates the board once. A game that
ended while the bot thought (a resignation) owes nothing: the job ends quietly.
"""

from __future__ import annotations

import logging

from discord.ext import commands

from ai import Observation
from bot.agora_turn import Turn, play_turn, turn_line
from bot.app import AgoraBot
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
        """The bot plays its whole turn: every decision its seats owe in a row, as one move shown once."""
        record = await self.current(job)
        if record is None or record.state is None:
            return  # the game moved on, ended or was resigned: the job is void
        history = await self.service.storage.moves(record.id)
        turn = await play_turn(
            record.game, record.id, record.version, record.state, record.bot_seats, history, self.choose
        )  # fmt: skip
        if not turn.steps:
            return
        try:
            after = await self.service.play(
                record.id, record.user_at(turn.steps[0].seat), turn.notations, record.version,
                also=[self.bot.scheduler.done_step(job)], seat=turn.seats,
            )  # fmt: skip
        except (JobAlreadyDone, StaleButton):
            return  # another run played it, or someone moved first: a new job follows the new position
        except ServiceError:
            if await self.current(job) is None:
                return  # the game ended (a resignation) while the bot thought: nothing is owed
            raise
        await self.show(record, after, turn)

    async def show(self, before: GameRecord, after: GameRecord, turn: Turn) -> None:
        """One board update for the whole turn, its steps told in the turn's line."""
        cog = game_cog(self.bot, before.game)
        user = before.user_at(turn.steps[0].seat)
        lang = await cog.language(after)
        line = turn_line(turn, await self.service.shown_names(after), lang) if len(turn.steps) > 1 else ""
        await cog.publish(before, line or await cog.summary(before, after, user, turn.notations, lang))

    async def choose(self, observation: Observation, level: str, seed: int, step: int) -> str:
        """A decision of the bot's turn, chosen in the worker pool from what its seat may see."""
        return await self.bot.thinking.choose(observation, level, seed, step)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Opponent(bot))
