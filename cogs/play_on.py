"""Play on from here: the review's menu that starts a casual game against Agora from a position of a finished
game, in the player's seat, at the level they pick (the game itself: :mod:`bot.play_on`).

The menu's custom id names the finished game (``agora:playon:<game id>``) and each option a position and a
level (``<moves before it>:<level>``); who may pick is read from the stored game (a seat the player
played), never from the control.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from typing import Any, cast

import discord
from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import text
from bot.movelog import replay
from bot.opponent import LEVELS
from bot.play_on import check_position, play_on, play_on_row
from bot.review import Estimate
from bot.service import FINISHED, invalid_control, refusal
from cogs.common import game_cog, guarded

CHOICE = re.compile(r"(?P<ply>[0-9]{1,5}):(?P<level>[a-z]{1,10})")


class PlayOnMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"agora:playon:(?P<game>[0-9]{1,12})"):
    """The menu of positions and levels to play on from."""

    def __init__(self, item: discord.ui.Select[Any], game_id: int) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayOnMenu:
        assert isinstance(item, discord.ui.Select)
        return cls(item, int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("PlayOn")
        assert isinstance(cog, PlayOn)
        values = list(cast(dict[str, Any], interaction.data or {}).get("values", []))
        await guarded(interaction, lambda: cog.start(interaction, self.game_id, values))


def play_on_menu(game_id: int, shown: Sequence[Estimate], lang: str) -> PlayOnMenu | None:
    """The review's menu: each costly move's position (before it), at each level; None without one."""
    options = [
        discord.SelectOption(
            label=text(lang, "playon.option", ply=estimate.ply, level=text(lang, f"bot.level.{level}")),
            value=f"{estimate.ply - 1}:{level}",
        )
        for estimate in shown
        for level in LEVELS
    ]
    if not options:
        return None
    item: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"agora:playon:{game_id}", options=options, placeholder=text(lang, "playon.placeholder")
    )
    return PlayOnMenu(item, game_id)


class PlayOn(commands.Cog):
    """Starts the games played on from a finished game's positions."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PlayOnMenu)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PlayOnMenu)

    async def start(self, interaction: discord.Interaction[Any], game_id: int, values: list[str]) -> None:
        """The game against Agora from the picked position, in the player's own seat; its board follows."""
        picked = CHOICE.fullmatch(values[0]) if values else None
        if picked is None or picked["level"] not in LEVELS:
            raise invalid_control()
        source = await self.bot.service.load(game_id)
        if source.row.guild_id != interaction.guild_id or source.row.status != FINISHED:
            raise refusal("playon.not_finished", id=game_id)
        seats = [seat for seat in source.seats_of(interaction.user.id) if seat not in source.bot_seats]
        if not seats:
            raise refusal("playon.not_yours", id=game_id)
        moves = await self.bot.storage.moves(game_id)
        ply = int(picked["ply"])
        position = await asyncio.to_thread(replay, source.row, moves[:ply])
        check_position(source, position, ply, len(moves))
        me = self.bot.user
        assert me is not None and interaction.channel_id is not None
        row = play_on_row(
            source, position, seats[0], interaction.user.id, me.id, picked["level"], interaction.channel_id,
            self.bot.clock(),
        )  # fmt: skip
        agora_to_move = any(seat != seats[0] for seat in position.waiting_for)
        new_id = await play_on(self.bot.storage, row, moves[:ply], self.bot.service.on_turn, agora_to_move)
        await self.bot.service.remember_player(row.guild_id, interaction.user.id, interaction.user.display_name)
        await game_cog(self.bot, source.game).start_against_bot(interaction, await self.bot.service.load(new_id))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(PlayOn(bot))
