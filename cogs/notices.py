"""The daily digest of ``/agora notify``: one DM a day at each player's hour, listing the games waiting for them
and the news of the games they follow (``cogs/spectators.py``).

Choosing lives in :mod:`bot.notices` and ``/agora notify`` (cogs/agora.py); this cog only runs the
digests' durable queue with the scheduler's jobs (a sweep: due digests are moved on to their next
local hour, then sent) and words them.
"""

from __future__ import annotations

import logging

from discord.ext import commands

from bot.app import AgoraBot
from bot.following import FollowStore, digest_lines
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
        self.follows = FollowStore(bot.storage)  # the games members follow, whose news join their digest

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
        """DM one player the games waiting for their move, then the news of the games they follow (nothing
        when there is neither); 1 if a digest went out."""
        waiting = await self.waiting_for(choice.user_id)
        urgent = min(waiting, key=lambda pair: pair[1].seconds_left)[0] if waiting else None
        follows = await self.follows.follows_of(choice.user_id)
        guild = urgent.row.guild_id if urgent is not None else follows[0].guild_id if follows else None
        lang = choice.lang(await self.bot.dm_language(choice.user_id, guild))
        followed = await digest_lines(self.follows, self.bot.service, choice.user_id, lang) if follows else []
        if not waiting and not followed:
            return 0
        parts = [digest_message(lang, [entry for _, entry in waiting])] if waiting else []
        said = "\n".join([*parts, *followed])[:2000]
        delivery = await self.bot.notices.dm(choice.user_id, said)
        if urgent is not None:  # closed DMs: told once, where their most urgent game is played
            server_lang = await self.bot.language_of(urgent.row.guild_id)
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
