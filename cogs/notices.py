"""The daily digest of ``/agora notify``: one DM a day at each player's hour, listing the games waiting for them.

Choosing lives in :mod:`bot.notices` and ``/agora notify`` (cogs/agora.py); this cog only runs the
digests' durable queue with the scheduler's jobs (a sweep: due digests are moved on to their next
local hour, then sent) and words them.
"""

from __future__ import annotations

import logging

from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import game_named
from bot.notices import (
    DIGEST,
    Delivery,
    NoticeChoice,
    Waiting,
    digest_due_today,
    digest_message,
    following_digest,
)
from bot.service import ACTIVE, GameRecord
from cogs.games import game_link

log = logging.getLogger("agora.cogs")


class Digests(commands.Cog):
    """Sends each due digest once: the scheduler sweeps this queue on every look, and at start-up."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.scheduler.sweeps.append(self.send_due)

    async def cog_unload(self) -> None:
        self.bot.scheduler.sweeps.remove(self.send_due)

    async def send_due(self) -> int:
        """Send the digests due now; returns how many went out.  A digest whose local day is over (the bot
        was down at its hour and all the rest of that day) is skipped, never sent late."""
        now = self.bot.clock()
        sent = 0
        for choice in await self.bot.notices.store.due_digests(now):
            if not await self.bot.notices.store.take_digest(choice, following_digest(choice, now)):
                continue  # another process took it: theirs to send
            if not digest_due_today(choice, now) or choice.heard_by != DIGEST:
                continue  # a day missed whole, or closed DMs (the mention stands in): no DM is tried
            try:
                sent += await self.send_digest(choice)
            except Exception:  # one player's digest that failed is not sent again; the others still go out
                log.exception("the digest of user %s failed", choice.user_id)
        return sent

    async def send_digest(self, choice: NoticeChoice) -> int:
        """DM one player the games waiting for their move (nothing when none waits); 1 if a digest went out."""
        waiting = await self.waiting_for(choice.user_id)
        if not waiting:
            return 0
        urgent = min(waiting, key=lambda pair: pair[1].seconds_left)[0]
        server_lang = await self.bot.language_of(urgent.row.guild_id)
        lang = choice.lang(await self.bot.dm_language(choice.user_id, urgent.row.guild_id))
        said = digest_message(lang, [entry for _, entry in waiting])
        delivery = await self.bot.notices.dm(choice.user_id, said)
        # Closed DMs: told once, where their most urgent game is played; the mention stands in from now on.
        await self.bot.notices.tell_if_closed(delivery, urgent.row.channel_id, choice.user_id, server_lang)
        return int(delivery is Delivery.SENT)

    async def waiting_for(self, user_id: int) -> list[tuple[GameRecord, Waiting]]:
        """Every game being played, on any server, that waits for ``user_id``'s move, with its digest line."""
        found = []
        for record in await self.bot.service.active_games(user_id):
            if record.row.status == ACTIVE and user_id in record.human_actors():
                found.append((record, await self.entry(record)))
        return found

    async def entry(self, record: GameRecord) -> Waiting:
        seconds = await self.bot.scheduler.turn_seconds(record.id, record.row.guild_id)
        left = (record.row.turn_started_at or 0.0) + seconds - self.bot.clock()
        return Waiting(game_named(record.game), record.id, left, game_link(record))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Digests(bot))
