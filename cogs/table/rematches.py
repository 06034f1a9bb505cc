"""Rematches: a finished game's Rematch button asks for the same game again, where a challenge would go."""

from __future__ import annotations

from typing import Any

import discord

from bot.app import PLAYERS_ONLY
from bot.i18n import text
from bot.service import ACTIVE, GameRecord, refusal
from cogs.table.challenges import Challenges
from cogs.table.replies import send_answer, tell


class Rematches(Challenges):
    """A finished game's rematch: a challenge the clicker has accepted (a solo game starts at once)."""

    def rematch_options(self, record: GameRecord, challenger: int) -> dict[str, Any]:
        """The options of ``record``'s rematch asked by ``challenger``: the same; games whose options
        name seats override."""
        return record.row.options

    def home_channel(self, interaction: discord.Interaction[Any], record: GameRecord) -> int:
        """Where a new challenge about ``record`` goes: its channel, or the one its thread was opened in.

        An archived thread is not in the bot's cache; a click from inside it still describes it.
        """
        channel = self.bot.get_channel(record.row.channel_id)
        if channel is None and interaction.channel_id == record.row.channel_id:
            channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            return channel.parent_id
        return record.row.channel_id

    async def _rematch(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A finished game's Rematch: a challenge where a normal one would go, the clicker has accepted it.

        Who may ask, and whether the game has a rematch already, the service decides from the stored game.
        """
        user = interaction.user
        if await self.bot.tournaments.round_of(record.id) is not None:
            raise refusal("tour.err.no_rematch", id=record.id)
        channel_id = self.home_channel(interaction, record)
        if record.seats_of(user.id):  # someone else is told only that the rematch is not theirs to ask
            await self.check_channel(record.row.guild_id, channel_id)
        rematch = await self.service.rematch(
            record.id, user.id, channel_id=channel_id, options=self.rematch_options(record, user.id)
        )
        await self.service.remember_player(record.row.guild_id, user.id, user.display_name)
        lang, private = await self.language(rematch), await self.bot.reply_language(interaction)
        if rematch.row.status == ACTIVE:  # a solo game: nobody to wait for, it starts at once
            await self.post_board(None, rematch)
            await tell(interaction, text(private, "play_again_posted", id=rematch.id, channel=channel_id))
            return
        message = self.challenge_message(rematch, lang)
        if channel_id == interaction.channel_id:
            sent_id = (await send_answer(interaction, **message, allowed_mentions=PLAYERS_ONLY)).id
        else:
            posted = await self.bot.get_partial_messageable(channel_id).send(**message, allowed_mentions=PLAYERS_ONLY)
            sent_id = posted.id
            await tell(interaction, text(private, "rematch_posted", id=rematch.id, channel=channel_id))
        await self.service.set_message(rematch.id, sent_id)
