"""``/away``: a player's time away, during which the clocks of all their games wait (``bot/away.py``).

The logic lives in :class:`bot.away.TimeAway`; this cog answers the command, tells each game's
channel that the player is away (the opponents' notice), keeps the boards' "away until" line up to
date, and ends time away that reached its planned end (a sweep of the scheduler, so it survives a
restart).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.away import ALLOWANCE_DAYS, WINDOW_DAYS, Away, TimeAway
from bot.i18n import plural, text
from bot.service import ACTIVE, GameRecord
from bot.settings import format_duration
from cogs.common import game_cog, guarded, tell

NO_PINGS = discord.AllowedMentions.none()


def shown_time(at: float) -> str:
    """A moment as Discord shows it in each reader's own time zone and language (date and time)."""
    return f"<t:{int(at)}:f>"


class AwayCog(commands.Cog):
    """``/away days:N``, ``/away off:True`` and ``/away`` (what is left of the allowance)."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.away = TimeAway(bot.storage, bot.service.clock)

    async def cog_load(self) -> None:
        self.bot.scheduler.sweeps.append(self.end_due)

    async def cog_unload(self) -> None:
        if self.end_due in self.bot.scheduler.sweeps:
            self.bot.scheduler.sweeps.remove(self.end_due)

    @app_commands.command(name="away", description="Pause the clocks of all your games while you are away.")
    @app_commands.describe(
        days="How many days you are away (at least 1; 14 days in any 90 days)",
        off="End your time away now",
    )
    async def away_command(
        self, interaction: discord.Interaction[Any], days: int | None = None, off: bool = False
    ) -> None:
        async def work() -> None:
            lang = await self.bot.reply_language(interaction)
            if off:
                await self.come_back(interaction, lang)
            elif days is None:
                await self.show(interaction, lang)
            else:
                await self.go(interaction, lang, days)

        await guarded(interaction, work)

    async def go(self, interaction: discord.Interaction[Any], lang: str, days: int) -> None:
        """Start time away; tell the player, then each of their games' channels, and redraw the boards."""
        user = interaction.user.id
        started = await self.away.start(user, days)
        until = shown_time(started.away.until)
        said = plural(lang, "away.started", len(started.games), count=len(started.games), until=until)
        if started.replaced is not None:
            said += "\n" + await self.replaced_words(user, started.replaced, lang)
        await tell(interaction, said)
        for record in await self.service_games(user):
            if started.replaced is None:  # each channel is told once; the boards show the new end
                await self.tell_table(record, "away.notice", user=user, until=until, id=record.id)
            if record.id in started.games:
                await game_cog(self.bot, record.game).update_board_message(record)

    async def replaced_words(self, user: int, replaced: Away, lang: str) -> str:
        """What replacing the time away going on did: the time it ran counts, the rest is given back."""
        ran, left = replaced.end - replaced.started_at, await self.away.left(user)
        return plural(lang, "away.replaced", left.whole_days, before=shown_time(replaced.until),
                      used=format_duration(ran, lang), left=left.whole_days)  # fmt: skip

    async def come_back(self, interaction: discord.Interaction[Any], lang: str) -> None:
        """``/away off``: back now; the boards lose their "away until" line and show the new deadline."""
        ended = await self.away.end(interaction.user.id)
        if ended is None:
            await tell(interaction, text(lang, "away.not_away"))
            return
        await tell(interaction, text(lang, "away.ended"))
        await self.redraw(ended.user_id)

    async def show(self, interaction: discord.Interaction[Any], lang: str) -> None:
        """``/away`` alone: whether the player is away, and what is left of their allowance."""
        user = interaction.user.id
        going, left = await self.away.current(user), await self.away.left(user)
        status = text(lang, "away.status_here")
        if going is not None:
            status = text(lang, "away.status_away", until=shown_time(going.until))
        rule = plural(lang, "away.allowance", left.whole_days, left=left.whole_days, most=ALLOWANCE_DAYS,
                      window=WINDOW_DAYS)  # fmt: skip
        if left.used_seconds > 0:  # why a day may be gone: the days begun count
            rule += " " + text(lang, "away.used", used=format_duration(left.used_seconds, lang), window=WINDOW_DAYS)
        await tell(interaction, f"{status}\n{rule}")

    @commands.Cog.listener()
    async def on_away_ended(self, user_id: int, moved_in: int) -> None:
        """The player moved while away (their time away ended with the move): the boards of their
        other games waiting for them are redrawn; the game they moved in shows its next board anyway."""
        await self.redraw(user_id, besides=moved_in)

    async def end_due(self) -> int:
        """The scheduler's sweep: time away that reached its planned end ends, and boards are redrawn."""
        ended = await self.away.end_due()
        for away in ended:
            await self.redraw(away.user_id)
        return len(ended)

    async def redraw(self, user_id: int, besides: int | None = None) -> None:
        """The boards of the games waiting for the player (but game ``besides``), now that they are back."""
        for record in await self.service_games(user_id):
            if user_id in record.human_actors() and record.id != besides:
                await game_cog(self.bot, record.game).update_board_message(record)

    async def service_games(self, user_id: int) -> list[GameRecord]:
        """The player's games being played, in every server, where they still hold their seat."""
        records = await self.bot.service.active_games(user_id, None)
        return [r for r in records if r.row.status == ACTIVE and not r.has_left(user_id)]

    async def tell_table(self, record: GameRecord, key: str, **values: Any) -> None:
        """A notice in the game's channel, in its server's language, pinging nobody."""
        lang = await self.bot.language_of(record.row.guild_id)
        channel = self.bot.get_partial_messageable(record.row.channel_id)
        try:
            await channel.send(text(lang, key, **values), allowed_mentions=NO_PINGS)
        except (discord.NotFound, discord.Forbidden):
            return  # the channel is gone or closed to the bot: the board still says it


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(AwayCog(bot))
