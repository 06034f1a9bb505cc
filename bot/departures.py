"""What the channel hears when a player leaves a table of three or more (``bot/absence.py``), and
the server's minimum reliability to take a seat.

The board is often redrawn in place when a seat changes hands, which notifies nobody and keeps
no summary: the departure is said in a message of its own, once.
"""

from __future__ import annotations

import logging

import discord

from bot.absence import reliability
from bot.app import PLAYERS_ONLY, AgoraBot
from bot.i18n import text
from bot.service import ACTIVE, FINISHED, GameRecord, refusal
from bot.storage import Storage

log = logging.getLogger("agora.departures")


async def tell_table(bot: AgoraBot, record: GameRecord, content: str) -> None:
    """Say ``content`` in the game's channel; a channel deleted or closed to the bot loses only this message."""
    channel = bot.get_partial_messageable(record.row.channel_id)
    try:
        await channel.send(content, allowed_mentions=PLAYERS_ONLY)
    except (discord.NotFound, discord.Forbidden):
        log.info("game %s: its channel is gone; the departure was not announced", record.id)


async def resigned_summary(bot: AgoraBot, after: GameRecord, user_id: int, lang: str) -> str:
    """The line for ``user_id``'s resignation: the game is over, or they left a table that goes on
    (said in the channel too)."""
    line = resigned_line(after, user_id, lang)
    if after.row.status == ACTIVE:
        await tell_table(bot, after, line)
    return line


def resigned_line(after: GameRecord, user_id: int, lang: str) -> str:
    """The words of ``user_id``'s resignation in ``lang``: the game is over, or they left a table that goes on."""
    if after.row.status != ACTIVE:
        return text(lang, "resigned", user=user_id)
    return text(lang, "left.resigned", user=user_id)


async def check_reliability(storage: Storage, guild_id: int, user_id: int, minimum: int) -> None:
    """Refuse ``user_id`` a seat (a tournament, an open table of three or more) when they saw through less than
    ``minimum`` % of their latest finished games on the server; a player without any is welcome."""
    if minimum <= 0:
        return
    kept = reliability(await storage.games_of_user(user_id, guild_id, [FINISHED]), user_id)
    if kept.games and kept.seen_through * 100 < minimum * kept.games:
        raise refusal("err.unreliable", seen=kept.seen_through, games=kept.games, minimum=minimum)
