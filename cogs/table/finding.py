"""Which game a command or a click is about: the one named, or the caller's one in this channel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.app import AgoraBot
from bot.service import ACTIVE, GameRecord, refusal


async def game_here(interaction: discord.Interaction[Any], game_id: int) -> GameRecord:
    """Game ``game_id`` when it belongs to the server the interaction comes from.

    Another server's game is refused as if it did not exist: a click or a command
    never acts on (or tells about) a game of another server.
    """
    bot: AgoraBot = interaction.client
    record = await bot.service.load(game_id)
    if record.row.guild_id != interaction.guild_id:
        raise refusal("err.no_game", id=game_id)
    return record


async def pick_game(interaction: discord.Interaction[Any], game: int | None, *, for_move: bool = False) -> GameRecord:
    """The game named (``/move game:12``), or the caller's only game being played in this channel.

    With ``for_move`` (a move), among several games in this channel the one waiting for the
    caller's move is picked; anything that ends or changes a game by offer asks for its name.
    """
    bot: AgoraBot = interaction.client
    user = interaction.user.id
    if game is not None:
        return await bot.service.load_mine(game, user, interaction.guild_id)
    here = [
        r for r in await bot.service.active_games(user, interaction.guild_id)
        if r.row.status == ACTIVE and r.row.channel_id == interaction.channel_id
    ]
    here.sort(key=lambda r: r.id)
    if len(here) == 1:
        return here[0]
    if not here:
        raise refusal("err.no_game_here")
    if not for_move:
        raise refusal("err.several_games_named", ids=game_numbers(here))
    waiting = [r for r in here if user in r.actors()]
    if len(waiting) == 1:
        return waiting[0]
    if waiting:
        raise refusal("err.several_waiting_here", ids=game_numbers(waiting))
    raise refusal("err.several_games_here", ids=game_numbers(here))


def game_numbers(records: Sequence[GameRecord]) -> str:
    """``#3, #5``: how a refusal names games."""
    return ", ".join(f"#{record.id}" for record in records)
