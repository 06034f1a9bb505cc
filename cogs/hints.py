"""The Hint button: in a casual game against Agora alone, the move Agora (medium) would play.

The answer is private: the position the player's seat sees, the hinted move ringed, and the move
in words. The game is kept as played with hints (``bot/hints.py``): its finished board and the
players' ``/history`` say so. The button never shows in a game with another person in it (those
are the rated ones) nor in a tournament's, and a forged click there is refused.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord.ext import commands

from ai import observe
from bot.app import AgoraBot
from bot.hints import HINT_LEVEL, check_hint, hint_boxes, hinted_games, note_hint, offers_hints
from bot.i18n import text
from bot.opponent import move_seed, public_log
from bot.service import FINISHED, GameRecord
from cogs.common import ANY_VERSION, COLOUR, GameButton, SharedControls, game_cog, send_answer
from render.learn import ringed
from rules import part_of

PREFIX = "hint"


class Hints(SharedControls):
    """The Hint button of boards against Agora, and the note on finished boards of hinted games."""

    prefix = PREFIX

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.hinted: set[int] = set()  # games given a hint since this process started (their boards say so)

    def board_controls(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        if offers_hints(record):
            label = text(lang, "hint.button")
            return [GameButton(record.id, record.version, PREFIX, label=label, emoji="💡", row=4)]
        if record.row.status == FINISHED and record.id in self.hinted:
            note = text(lang, "hint.played_with")
            return [GameButton(record.id, ANY_VERSION, PREFIX, label=note, emoji="💡", disabled=True, row=4)]
        return []

    def menu_controls(self, record: GameRecord, user_id: int, lang: str) -> list[discord.ui.Item[Any]]:
        """The Hint in the "⋯" menu of the player to move, where the board offers one."""
        if not offers_hints(record) or user_id not in record.human_actors():
            return []
        return [GameButton(record.id, record.version, PREFIX, label=text(lang, "hint.button"), emoji="💡")]

    async def on_game_changed(self, record: GameRecord) -> None:
        """A game that just ended: whether it had hints is read once (a restart forgets the set)."""
        if record.row.status == FINISHED and record.id not in self.hinted:
            self.hinted |= await hinted_games(self.bot.storage, [record.id])

    async def on_shared_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        user = interaction.user.id
        seat = self.bot.service.check_actor(record, user, version)
        await check_hint(self.bot.storage, record, user)
        notation = await self.hinted_move(record, seat)
        await note_hint(self.bot.storage, record.id, user)
        self.hinted.add(record.id)
        await self.show(interaction, record, seat, notation)

    async def hinted_move(self, record: GameRecord, seat: int) -> str:
        """Agora's move for ``seat`` at medium, from what that seat may see only (as Agora's own moves)."""
        state = record.draft_state()
        assert state is not None
        moves = await self.bot.storage.moves(record.id)
        observation = observe(state, seat, public_log(record.game, moves, seat))
        return await self.bot.thinking.choose(observation, HINT_LEVEL, move_seed(record.id, record.version))

    async def show(self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, notation: str) -> None:
        """The hint, privately: the seat's position with the move ringed, and the move in words."""
        cog = game_cog(self.bot, record.game)
        lang = await self.bot.reply_language(interaction)
        state = record.draft_state()
        assert state is not None
        view = cog.pictured(state.view(seat), lang)
        picture = await cog.draw(part_of(record.game, "render").render, record, view, lang)
        png = await asyncio.to_thread(ringed, picture.png, hint_boxes(record.game, notation, view))
        name = f"hint-{record.id}-{record.version}.png"
        embed = discord.Embed(title=text(lang, "hint.title", id=record.id), colour=COLOUR)
        embed.description = text(lang, "hint.move", move=notation)
        embed.set_image(url=f"attachment://{name}")
        embed.set_footer(text=text(lang, "hint.footer"))
        file = discord.File(io.BytesIO(png), filename=name, description=picture.alt)
        await send_answer(interaction, embed=embed, file=file, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Hints(bot))
