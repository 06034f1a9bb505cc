"""Games that last days: deadlines, reminders, timeouts, draw offers, take-backs and server settings.

The scheduler (bot/scheduler.py) calls this cog's handlers for due jobs; the
controls it posts (Claim win / Keep waiting, Accept / Decline an offer) are game
buttons whose action starts with ``days:``, routed here from ``GameCog.on_control``.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import text
from bot.scheduler import EXPIRE, REMIND, TIMEOUT, Job, JobAlreadyDone
from bot.service import ACTIVE, GameRecord, ServiceError, StaleButton
from bot.settings import (
    CLAIM,
    FORFEIT,
    MAX_DEADLINE,
    MIN_DEADLINE,
    MINUTE,
    DurationError,
    GuildSettings,
    format_duration,
    parse_duration,
)
from cogs.common import COLOUR, PLAYER_MENTIONS, GameButton, GameCog, controls_view, guarded, mention_list, tell
from cogs.games import game_link
from rules import GAMES

PREFIX = "days"
_CHANNEL = re.compile(r"<#([0-9]+)>|\b([0-9]{15,21})\b")
STALE = "These controls are out of date: the game has moved on since."


class Agora(commands.Cog):
    """``/agora settings``, ``/agora notify``, ``/draw``, ``/takeback`` and the scheduler's effects."""

    group = app_commands.Group(name="agora", description="Agora: server settings and reminders.")

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.scheduler.handlers.update({REMIND: self.remind, TIMEOUT: self.timeout, EXPIRE: self.expire})
        self.bot.control_handlers[PREFIX] = self.on_days_control

    async def cog_unload(self) -> None:
        for kind in (REMIND, TIMEOUT, EXPIRE):
            self.bot.scheduler.handlers.pop(kind, None)
        self.bot.control_handlers.pop(PREFIX, None)

    # -- helpers -----------------------------------------------------------------

    async def lang(self, guild_id: int) -> str:
        return (await self.bot.settings.get(guild_id)).language

    async def current(self, job: Job, status: str = ACTIVE) -> GameRecord | None:
        """The job's game if the job still applies to it (same turn or same challenge), else None."""
        try:
            record = await self.service.load(job.game_id)
        except ServiceError:
            return None
        stamp = record.row.turn_started_at if status == ACTIVE else record.row.created_at
        return record if record.row.status == status and stamp == job.stamp else None

    async def send(self, record: GameRecord, content: str, view: discord.ui.View | None = None) -> None:
        channel = self.bot.get_partial_messageable(record.row.channel_id)
        await channel.send(content, view=view or discord.utils.MISSING, allowed_mentions=PLAYER_MENTIONS)

    async def time_left(self, record: GameRecord) -> float:
        seconds = await self.bot.scheduler.turn_seconds(record.id, record.row.guild_id)
        return (record.row.turn_started_at or 0.0) + seconds - self.service.clock()

    # -- scheduled jobs ----------------------------------------------------------

    async def remind(self, job: Job) -> None:
        """Mention the players to move in the game's channel, and DM those who opted in."""
        record = await self.current(job)
        if record is None or not await self.bot.scheduler.claim(job):
            return
        left = await self.time_left(record)
        if left <= 0:
            return  # the deadline passed too (the bot was down): the timeout job speaks instead
        lang = await self.lang(record.row.guild_id)
        actors = record.actors()
        content = text(
            lang,
            "reminder",
            mention=mention_list(actors),
            id=record.id,
            game=GAMES[record.game].name,
            left=format_duration(left),
            link=game_link(record),
        )
        await self.send(record, content)
        for user_id in dict.fromkeys(actors):
            if await self.bot.settings.wants_dm(user_id):
                await self.direct_message(record, user_id, content, lang)

    async def direct_message(self, record: GameRecord, user_id: int, content: str, lang: str) -> None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(content)
        except discord.Forbidden:
            await self.send(record, text(lang, "dm_closed", user=user_id))
        except discord.NotFound:
            return

    async def timeout(self, job: Job) -> None:
        """The turn ran out: forfeit, or let the opponent claim the win, as the server chose."""
        record = await self.current(job)
        cog = None if record is None else self.bot.game_cogs.get(record.game)
        if record is None or cog is None:
            return
        settings = await self.bot.settings.get(record.row.guild_id)
        late = record.state.waiting_for[:1] if record.state is not None else ()
        has_fallback = record.state is not None and bool(late) and record.state.default_move(late[0]) is not None
        if settings.timeout_rule == CLAIM and not has_fallback:
            if await self.bot.scheduler.claim(job):
                await self.offer_claim(record, settings.language)
            return
        try:
            after = await self.service.timeout(record.id, job.stamp, [self.bot.scheduler.done_step(job)])
        except JobAlreadyDone:
            return
        if after is None:
            return
        key = "timed_out_default" if after.row.status == ACTIVE else "timed_out"
        summary = text(settings.language, key, mention=mention_list(record.actors()), id=record.id)
        await cog.retire_board(record, summary)
        await cog.post_board(None, after)

    async def offer_claim(self, record: GameRecord, lang: str) -> None:
        late = record.actors()
        others = [uid for uid in record.seats if uid not in late]
        controls = [
            GameButton(
                record.id,
                record.version,
                f"{PREFIX}:claim",
                label=text(lang, "claim"),
                style=discord.ButtonStyle.danger,
            ),
            GameButton(record.id, record.version, f"{PREFIX}:wait", label=text(lang, "keep_waiting")),
        ]
        content = text(lang, "claim_prompt", late=mention_list(late), others=mention_list(others), id=record.id)
        await self.send(record, content, controls_view(controls))

    async def expire(self, job: Job) -> None:
        """Close a challenge nobody answered and say so on its message."""
        record = await self.current(job, status="challenge")
        if record is None:
            return
        try:
            after = await self.service.expire_challenge(record.id, job.stamp, [self.bot.scheduler.done_step(job)])
        except JobAlreadyDone:
            return
        if after is None or after.row.message_id is None:
            return
        settings = await self.bot.settings.get(after.row.guild_id)
        name = GAMES[after.game].name
        embed = discord.Embed(
            title=text(settings.language, "challenge_title", game=name, id=after.id),
            description=text(settings.language, "expired", duration=format_duration(settings.challenge_seconds)),
            colour=discord.Colour.dark_grey(),
        )
        message = self.bot.get_partial_messageable(after.row.channel_id).get_partial_message(after.row.message_id)
        try:
            await message.edit(content=None, embed=embed, view=None)
        except (discord.NotFound, discord.Forbidden):
            return

    # -- shared controls -----------------------------------------------------------

    async def on_days_control(
        self, cog: GameCog, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        parts = action.split(":")
        lang = await self.lang(record.row.guild_id)
        user = interaction.user.id
        if parts[1] == "claim":
            after = await self.service.claim_timeout(record.id, user, version)
            await self.conclude(cog, interaction, record, after, text(lang, "claimed", user=user, id=record.id))
        elif parts[1] == "wait":
            self.check_version(record, version)
            if not record.seats_of(user) or user in record.actors():
                raise ServiceError(text(lang, "not_for_you"))
            # The win can still be claimed later, as long as the late player has not moved.
            claim = GameButton(
                record.id, version, f"{PREFIX}:claim", label=text(lang, "claim"), style=discord.ButtonStyle.danger
            )
            await interaction.response.edit_message(
                content=text(lang, "kept_waiting", user=user, id=record.id), view=controls_view([claim])
            )
        elif len(parts) == 4:
            await self.answer_offer(cog, interaction, record, version, parts[1], parts[2] == "yes", int(parts[3]))

    async def answer_offer(
        self,
        cog: GameCog,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        version: int,
        kind: str,
        accepted: bool,
        asked_by: int,
    ) -> None:
        lang = await self.lang(record.row.guild_id)
        user = interaction.user.id
        if not accepted:
            self.check_version(record, version)
            if not record.seats_of(user):
                raise ServiceError("You are not playing in this game.")
            key = "draw_declined" if kind == "draw" else "takeback_declined"
            await interaction.response.edit_message(content=text(lang, key, user=user, id=record.id), view=None)
            return
        if kind == "draw":
            after = await self.service.agree_draw(record.id, user, asked_by, version)
            await self.conclude(cog, interaction, record, after, text(lang, "draw_agreed", id=record.id))
        else:
            after = await self.service.take_back(record.id, user, asked_by, version)
            await self.conclude(cog, interaction, record, after, text(lang, "taken_back", user=asked_by, id=record.id))

    @staticmethod
    def check_version(record: GameRecord, version: int) -> None:
        if record.row.status != ACTIVE or record.version != version:
            raise StaleButton(STALE)

    async def conclude(
        self, cog: GameCog, interaction: discord.Interaction[Any], before: GameRecord, after: GameRecord, summary: str
    ) -> None:
        """Close the question's message, freeze the old board and post the new one."""
        await interaction.response.edit_message(content=summary, view=None, allowed_mentions=PLAYER_MENTIONS)
        await cog.retire_board(before, summary)
        await cog.post_board(None, after)

    # -- /draw and /takeback ---------------------------------------------------------

    async def pick(self, interaction: discord.Interaction[Any], game: int | None) -> GameRecord:
        if game is not None:
            record = await self.service.load(game)
        else:
            # The caller's only game in this channel, as /move and /resign pick it.
            mine = [
                r
                for r in await self.service.active_games(interaction.user.id, interaction.guild_id)
                if r.row.status == ACTIVE and r.row.channel_id == interaction.channel_id
            ]
            if len(mine) != 1:
                raise ServiceError(
                    "Name the game (see /games): you have several games in this channel."
                    if mine
                    else "You have no game in progress in this channel. Name the game: see /games."
                )
            record = mine[0]
        if record.row.status != ACTIVE:
            raise ServiceError(f"Game #{record.id} is not being played.")
        if not record.seats_of(interaction.user.id):
            raise ServiceError("You are not playing in this game.")
        return record

    async def post_offer(self, interaction: discord.Interaction[Any], record: GameRecord, kind: str) -> None:
        lang = await self.lang(record.row.guild_id)
        user = interaction.user.id
        others = [uid for uid in record.seats if uid != user]
        offer, label = ("draw_offer", "accept_draw") if kind == "draw" else ("takeback_offer", "allow_takeback")
        controls = [
            GameButton(
                record.id,
                record.version,
                f"{PREFIX}:{kind}:yes:{user}",
                label=text(lang, label),
                style=discord.ButtonStyle.success,
            ),
            GameButton(
                record.id,
                record.version,
                f"{PREFIX}:{kind}:no:{user}",
                label=text(lang, "decline"),
                style=discord.ButtonStyle.danger,
            ),
        ]
        content = text(lang, offer, others=mention_list(others), user=user, id=record.id)
        await tell(interaction, text(lang, "offer_posted", channel=record.row.channel_id))
        await self.send(record, content, controls_view(controls))

    @app_commands.command(name="draw", description="Offer your opponent a draw.")
    @app_commands.describe(game="Which game (see /games)")
    async def draw(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async def work() -> None:
            record = await self.pick(interaction, game)
            self.service.check_draw_possible(record)
            await self.post_offer(interaction, record, "draw")

        await guarded(interaction, work)

    @app_commands.command(name="takeback", description="Ask your opponent to let you take back your last move.")
    @app_commands.describe(game="Which game (see /games)")
    async def takeback(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async def work() -> None:
            record = await self.pick(interaction, game)
            moves = await self.service.move_log(record.id)
            if not moves or moves[-1].user_id != interaction.user.id:
                raise ServiceError("You can take back only your own last move, before your opponent plays.")
            await self.post_offer(interaction, record, "takeback")

        await guarded(interaction, work)

    # -- /agora settings and /agora notify --------------------------------------------

    @group.command(name="settings", description="Show or change how games last on this server (Manage Server).")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(
        deadline="Default time per turn, e.g. 24h or 3d",
        timeout_rule="What happens when a player runs out of time",
        reminder="How long before the deadline to remind, e.g. 4h",
        challenge_expiry="How long an unanswered challenge stays open, e.g. 24h",
        threads="Run each game in its own thread",
        channels="Channels where games may start (mention them), or 'all'",
        language="Language of the bot's messages on this server",
    )
    @app_commands.choices(
        timeout_rule=[
            app_commands.Choice(name="forfeit: the player out of time loses", value=FORFEIT),
            app_commands.Choice(name="claim: the opponent may claim the win or wait", value=CLAIM),
        ],
        language=[app_commands.Choice(name="English", value="en"), app_commands.Choice(name="Français", value="fr")],
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        deadline: str | None = None,
        timeout_rule: app_commands.Choice[str] | None = None,
        reminder: str | None = None,
        challenge_expiry: str | None = None,
        threads: bool | None = None,
        channels: str | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            current = await self.bot.settings.get(interaction.guild_id)
            if not interaction.permissions.manage_guild:
                raise ServiceError(text(current.language, "no_permission"))
            changes: dict[str, Any] = {}
            try:
                if deadline is not None:
                    changes["turn_seconds"] = parse_duration(deadline)
                if reminder is not None:
                    changes["reminder_seconds"] = parse_duration(reminder, low=MINUTE, high=MAX_DEADLINE)
                if challenge_expiry is not None:
                    changes["challenge_seconds"] = parse_duration(challenge_expiry, low=MIN_DEADLINE)
            except DurationError as error:
                raise ServiceError(str(error)) from None
            if timeout_rule is not None:
                changes["timeout_rule"] = timeout_rule.value
            if threads is not None:
                changes["threads"] = threads
            if channels is not None:
                changes["channels"] = self.parse_channels(channels)
            if language is not None:
                changes["language"] = language.value
            if changes:
                current = await self.bot.settings.update(interaction.guild_id, **changes)
            content = text(current.language, "settings_saved") if changes else None
            await interaction.response.send_message(content, embed=self.describe(current), ephemeral=True)

        await guarded(interaction, work)

    @staticmethod
    def parse_channels(typed: str) -> tuple[int, ...]:
        if typed.strip().lower() in ("all", "any", "*", "tous", "partout"):
            return ()
        found = tuple(int(a or b) for a, b in _CHANNEL.findall(typed))
        if not found:
            raise ServiceError("Mention the channels where games may start (e.g. #games), or write 'all'.")
        return found

    @staticmethod
    def describe(settings: GuildSettings) -> discord.Embed:
        lang = settings.language
        rule = text(lang, "rule_claim" if settings.timeout_rule == CLAIM else "rule_forfeit")
        channels = " ".join(f"<#{c}>" for c in settings.channels) or text(lang, "anywhere")
        embed = discord.Embed(title=text(lang, "settings_title"), colour=COLOUR)
        fields = [
            ("turn_deadline", format_duration(settings.turn_seconds)),
            ("timeout_rule", rule),
            ("reminder_point", text(lang, "reminder_before", duration=format_duration(settings.reminder_seconds))),
            ("expiry", format_duration(settings.challenge_seconds)),
            ("threads", text(lang, "yes" if settings.threads else "no")),
            ("channels", channels),
            ("language", "Français" if lang == "fr" else "English"),
        ]
        for key, value in fields:
            embed.add_field(name=text(lang, key), value=value, inline=False)
        return embed

    @group.command(name="notify", description="Turn on or off reminders by direct message.")
    async def notify(self, interaction: discord.Interaction[Any]) -> None:
        wanted = await self.bot.settings.toggle_dm(interaction.user.id)
        lang = await self.lang(interaction.guild_id) if interaction.guild_id else "en"
        await tell(interaction, text(lang, "notify_on" if wanted else "notify_off"))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Agora(bot))
