"""Play on from here: the menu that starts a casual game against Agora from a position of a finished game, in
the player's seat, at the level they pick (the game itself: :mod:`bot.play_on`). A review offers it at the
positions before its costly moves (:func:`play_on_menu`), a replay at the position on show (:func:`play_on_here`).

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
from bot.play_on import Origin, check_position, play_on, play_on_row, player_seat
from bot.review import Estimate
from bot.service import invalid_control
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
    if not shown:
        return None
    options = [
        choice(estimate.ply - 1, level, text(lang, "playon.option", ply=estimate.ply, level=level_name(lang, level)))
        for estimate in shown
        for level in LEVELS
    ]
    return levels_menu(game_id, options, lang)


def play_on_here(game_id: int, ply: int, lang: str) -> PlayOnMenu:
    """A replay's menu: the position on show, after the game's first ``ply`` moves, at each level."""
    options = [choice(ply, level, text(lang, "playon.option_here", level=level_name(lang, level))) for level in LEVELS]
    return levels_menu(game_id, options, lang)


def choice(ply: int, level: str, label: str) -> discord.SelectOption:
    """One option of the menu: the position after the game's first ``ply`` moves, at ``level``."""
    return discord.SelectOption(label=label, value=f"{ply}:{level}")


def level_name(lang: str, level: str) -> str:
    return text(lang, f"bot.level.{level}")


def levels_menu(game_id: int, options: list[discord.SelectOption], lang: str) -> PlayOnMenu:
    """The menu of ``options`` (positions and levels) of finished game ``game_id``."""
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
        seat = player_seat(source, interaction.user.id, interaction.guild_id)
        assert interaction.channel_id is not None  # a server's interaction (player_seat checked it)
        cog = game_cog(self.bot, source.game)
        await cog.check_channel(source.row.guild_id, interaction.channel_id)  # a replay may be opened anywhere
        moves = await self.bot.storage.moves(game_id)
        ply = int(picked["ply"])
        position = await asyncio.to_thread(replay, source.row, moves[:ply])
        check_position(source, position, ply, len(moves))
        me = self.bot.user
        assert me is not None
        row = play_on_row(
            source, position, seat, interaction.user.id, me.id, picked["level"], interaction.channel_id,
            self.bot.clock(),
        )  # fmt: skip
        agora_to_move = any(other != seat for other in position.waiting_for)
        origin = Origin(game_id, ply, interaction.user.id)
        new_id = await play_on(self.bot.storage, origin, row, moves[:ply], self.bot.service.on_turn, agora_to_move)
        await self.bot.service.remember_player(row.guild_id, interaction.user.id, interaction.user.display_name)
        await cog.start_against_bot(interaction, await self.bot.service.load(new_id))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(PlayOn(bot))
