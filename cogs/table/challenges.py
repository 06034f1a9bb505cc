"""Challenges: posting one, accepting or declining it, and the game's first board once all accepted."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.app import PLAYERS_ONLY
from bot.i18n import text
from bot.opponent import DEFAULT_LEVEL
from bot.service import ACTIVE, CHALLENGE, GameRecord, refusal
from bot.settings import parse_duration
from cogs.table.base import COLOUR, bot_levels, on_board, seat_list
from cogs.table.controls import GameButton, controls_view
from cogs.table.replies import guarded, mention_list, tell, update_clicked
from cogs.table.turns import Turns

log = logging.getLogger("agora.cogs")


# What the challenge commands say of the options every game shares (the catalogues translate them by their text).
OPPONENT_HELP = "Who you want to play against"
DEADLINE_HELP = "Time per turn, e.g. 30m, 2h or 3d (5 minutes to 7 days)"
LEVEL_HELP = "Agora's strength when you challenge the bot itself: easy, medium or hard"

ChallengeCallback = Callable[..., Coroutine[Any, Any, None]]
ChallengeCommand = app_commands.Command[Any, ..., None]


def challenge_command(
    group: app_commands.Group, description: str, level_option: str = "level", **options: str
) -> Callable[[ChallengeCallback], ChallengeCommand]:
    """Declare a game's ``challenge`` subcommand in ``group``, ``description`` its help.

    ``options`` describes the game's own parameters; the ones every game shares (``deadline``,
    and Agora's strength under ``level_option``) are described here, the same for all games.
    """
    described = app_commands.describe(**options, deadline=DEADLINE_HELP, **{level_option: LEVEL_HELP})

    def declare(callback: ChallengeCallback) -> ChallengeCommand:
        return group.command(name="challenge", description=description)(described(callback))

    return declare


class Challenges(Turns):
    """A challenge's message and its answers; Agora, when invited, accepts at once."""

    async def start_challenge(
        self,
        interaction: discord.Interaction[Any],
        invited: Sequence[discord.abc.User],
        options: dict[str, Any],
        deadline: str | None = None,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Post a challenge; ``deadline`` ("30m", "2h", "3d") overrides the server's time per turn.

        Agora itself may be invited: it plays its seats at ``level`` and accepts at once, so a
        challenge to the bot alone starts the game. Other bots are refused.
        """

        async def work() -> None:
            turn_seconds = await self.check_new_game(interaction, deadline)
            assert interaction.guild_id is not None and interaction.channel_id is not None
            me = self.bot.user.id if self.bot.user is not None else None
            if any(user.bot and user.id != me for user in invited):
                raise refusal("err.bot_challenged")
            for user in dict.fromkeys((interaction.user, *invited)):
                await self.service.remember_player(interaction.guild_id, user.id, user.display_name)
            record = await self.service.challenge(
                self.game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                challenger=interaction.user.id,
                invited=[user.id for user in invited],
                options=options,
                turn_seconds=turn_seconds,
                bots={seat: level for seat, user in enumerate(invited, start=1) if user.id == me},
            )
            if record.row.status == ACTIVE:
                await self.start_against_bot(interaction, record)
                return
            message = self.challenge_message(record, await self.language(record))
            await interaction.response.send_message(**message, allowed_mentions=PLAYERS_ONLY)
            sent = await interaction.original_response()
            await self.service.set_message(record.id, sent.id)
            await self.note_unused_level(interaction, record, "bot.level_unused")

        await guarded(interaction, work)

    async def start_against_bot(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A challenge the bot alone was to answer: the game is on, and its first board follows."""
        settings = await self.bot.settings.get(record.row.guild_id)
        lang = settings.language
        players = seat_list(record, await self.service.shown_names(record))
        embed = discord.Embed(
            title=text(lang, "game_title", game=self.game_name, id=record.id),
            description=text(lang, "game_on", players=players),
            colour=COLOUR,
        )
        embed.add_field(name=text(lang, "bot.level_field"), value=bot_levels(record, lang), inline=False)
        await interaction.response.send_message(embed=embed, allowed_mentions=PLAYERS_ONLY)
        message = await interaction.original_response()
        await self.service.set_message(record.id, message.id)
        if settings.threads:
            record = await self._move_to_thread(message, record, lang)
        await self.post_board(interaction, record)

    async def note_unused_level(self, interaction: discord.Interaction[Any], record: GameRecord, key: str) -> None:
        """Tell the player privately that the level they named changes nothing: the game has no seat of
        Agora's (``key`` says how to give it one)."""
        asked = getattr(interaction.namespace, self.level_option, None)
        if asked is None or record.bot_seats:
            return
        lang = await self.bot.reply_language(interaction)
        await tell(interaction, text(lang, key, level=text(lang, f"bot.level.{asked}")))

    async def check_new_game(self, interaction: discord.Interaction[Any], deadline: str | None) -> int | None:
        """Refuse a new game outside a server or its allowed channels; the turn time asked for, in seconds."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise refusal("err.direct_message")
        await self.check_channel(interaction.guild_id, interaction.channel_id)
        return None if deadline is None else parse_duration(deadline)

    async def check_channel(self, guild_id: int, channel_id: int) -> None:
        """Refuse a new game in a channel outside the server's allowed ones."""
        settings = await self.bot.settings.get(guild_id)
        if settings.channels and channel_id not in settings.channels:
            allowed = ", ".join(f"<#{channel}>" for channel in settings.channels)
            raise refusal("wrong_channel", channels=allowed)  # worded in the player's language, as every refusal

    def challenge_message(self, record: GameRecord, lang: str) -> dict[str, Any]:
        challenger = record.challenger
        invited = [uid for uid in record.seats if uid != challenger]
        waiting = [uid for uid in invited if uid not in record.row.accepted]
        shown = self.seat_mentions(record)
        others = ", ".join(dict.fromkeys(shown[seat] for seat, uid in enumerate(record.seats) if uid != challenger))
        embed = discord.Embed(title=text(lang, "challenge_title", game=self.game_name, id=record.id), colour=COLOUR)
        embed.description = text(lang, "challenge_invite", challenger=challenger, invited=others, game=self.game_name)
        if record.row.rematch_of is not None:
            note = "rematch_note" if len(record.seats) == 2 else "rematch_note_rotated"
            embed.description += "\n" + text(lang, note, id=record.row.rematch_of)
        options = self.describe_options(record, lang)
        if options:
            embed.add_field(name=text(lang, "options"), value=options, inline=False)
        if record.bot_seats:
            embed.add_field(name=text(lang, "bot.level_field"), value=bot_levels(record, lang), inline=False)
        embed.add_field(
            name=text(lang, "waiting_for"), value=mention_list(waiting) or text(lang, "nobody"), inline=False
        )
        embed.set_footer(text=text(lang, "challenge_footer"))
        controls = [
            GameButton(
                record.id, record.version, "accept", label=text(lang, "accept"), style=discord.ButtonStyle.success
            ),
            GameButton(
                record.id, record.version, "decline", label=text(lang, "decline"), style=discord.ButtonStyle.danger
            ),
        ]
        content = text(lang, "challenged", waiting=mention_list(waiting))
        return {"content": content, "embed": embed, "view": controls_view(controls)}

    async def _accept(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Accept from the challenge message, or from elsewhere (``/games``): then the challenge message
        is brought up to date by id and the clicker is answered privately."""
        await self.service.remember_player(record.row.guild_id, interaction.user.id, interaction.user.display_name)
        settings = await self.bot.settings.get(record.row.guild_id)
        lang = settings.language
        record = await self.service.accept(record.id, interaction.user.id)
        from_message = on_board(interaction, record)
        if record.row.status == CHALLENGE:
            await self.show_challenge(interaction, record, self.challenge_message(record, lang))
            if not from_message:
                waiting = [uid for uid in record.seats if uid not in record.row.accepted]
                said = text(await self.bot.reply_language(interaction), "accepted_waiting", id=record.id,
                            waiting=mention_list(waiting))  # fmt: skip
                await tell(interaction, said)
            return
        players = seat_list(record, await self.service.shown_names(record))
        embed = discord.Embed(
            title=text(lang, "game_title", game=self.game_name, id=record.id),
            description=text(lang, "game_on", players=players),
            colour=COLOUR,
        )
        message = await self.show_challenge(interaction, record, {"content": None, "embed": embed, "view": None})
        if settings.threads and message is not None:
            record = await self._move_to_thread(message, record, lang)
        if not from_message:
            said = text(await self.bot.reply_language(interaction), "accepted_started", id=record.id,
                        channel=record.row.channel_id)  # fmt: skip
            await tell(interaction, said)
        await self.post_board(interaction, record)

    async def show_challenge(
        self, interaction: discord.Interaction[Any], record: GameRecord, message: dict[str, Any]
    ) -> discord.Message | discord.PartialMessage | None:
        """Bring the challenge message up to date: through the click when it came from that message,
        else by its stored id (an answer from ``/games``).  Returns the challenge message, if it is there."""
        if on_board(interaction, record):
            await update_clicked(interaction, **message)
            return interaction.message
        if record.row.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(record.row.channel_id, guild_id=record.row.guild_id)
        posted = channel.get_partial_message(record.row.message_id)
        try:
            await posted.edit(**message)
            return posted
        except (discord.NotFound, discord.Forbidden):
            log.info("challenge message %s of game %s is gone", record.row.message_id, record.id)
            return None

    async def _move_to_thread(
        self, message: discord.Message | discord.PartialMessage, record: GameRecord, lang: str
    ) -> GameRecord:
        """Open a public thread from the challenge message; the game's boards go there from now on."""
        try:
            thread = await message.create_thread(name=text(lang, "thread_name", game=self.game_name, id=record.id))
        except discord.HTTPException:
            log.info("could not open a thread for game %s; it stays in its channel", record.id)
            return record
        await self.service.set_channel(record.id, thread.id)
        return await self.service.load(record.id)

    async def _decline(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        lang = await self.language(record)
        record = await self.service.decline(record.id, interaction.user.id)
        withdrawn = record.row.status == "cancelled"
        embed = discord.Embed(
            title=text(lang, "challenge_title", game=self.game_name, id=record.id),
            description=text(lang, "withdrawn" if withdrawn else "declined", user=interaction.user.id),
            colour=discord.Colour.dark_grey(),
        )
        from_message = on_board(interaction, record)
        await self.show_challenge(interaction, record, {"content": None, "embed": embed, "view": None})
        if not from_message:
            key = "withdrawn_by_you" if withdrawn else "declined_by_you"
            await tell(interaction, text(await self.bot.reply_language(interaction), key, id=record.id))

    def answer_buttons(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """Accept and Decline for a challenge listed by ``/games``: the challenge message's own controls,
        so who may answer is decided the same way.  Games that need a choice to accept override."""
        return [
            GameButton(
                record.id, record.version, "accept", label=text(lang, "accept_game", id=record.id),
                style=discord.ButtonStyle.success,
            ),
            GameButton(
                record.id, record.version, "decline", label=text(lang, "decline_game", id=record.id),
                style=discord.ButtonStyle.danger,
            ),
        ]
