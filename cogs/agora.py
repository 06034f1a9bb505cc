"""Games that last days: deadlines, reminders, timeouts, draw offers, take-backs and server settings.

The scheduler (bot/scheduler.py) calls this cog's handlers for due jobs; the
controls it posts (Claim win / Keep waiting, Accept / Decline an offer) are game
buttons whose action starts with ``days:``, routed here from ``GameCog.on_control``.
"""

from __future__ import annotations

import re
import time
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.absence import MIN_SEATS, plays_on_without
from bot.app import PLAYERS_ONLY, AgoraBot
from bot.departures import resigned_line, resigned_summary, tell_table
from bot.i18n import LANGUAGES, game_named, language_name, listed, plural, text
from bot.notices import (
    DEFAULT_HOUR,
    DIGEST,
    DM,
    MENTION,
    QUIET,
    Delivery,
    choice_words,
    choose,
    hello,
    hour_text,
    zone_suggestions,
)
from bot.opponent import LEVELS
from bot.scheduler import CLAIM_AGAIN, EXPIRE, REMIND, TIMEOUT, UNCLAIMED, Handler, Job, JobAlreadyDone
from bot.service import (
    ACTIVE,
    OFFERS,
    Act,
    GameRecord,
    ServiceError,
    StaleButton,
    not_playing,
    out_of_date,
    pending_offer,
    refusal,
)
from bot.settings import (
    CLAIM,
    FORFEIT,
    MAX_CLAIM_GRACE,
    MAX_DEADLINE,
    MIN_DEADLINE,
    MINUTE,
    UNSEEN_RUN,
    UNSEEN_WAIT,
    GuildSettings,
    format_duration,
    parse_duration,
)
from bot.status import Status, games_on, latency_ms, version
from bot.turn_time import late_seats
from cogs.common import (
    ANY_VERSION,
    COLOUR,
    GameButton,
    SharedControls,
    controls_view,
    game_cog,
    guarded,
    mention_list,
    menu_button,
    pick_game,
    send_answer,
    shared_menu,
    tell,
    update_clicked,
)
from cogs.games import game_link
from cogs.puzzles import describe_puzzles, puzzle_settings

PREFIX = "days"
_CHANNEL = re.compile(r"<#([0-9]+)>|\b([0-9]{15,21})\b")
NOTIFY_DESCRIPTION = "How you hear of your turns: a mention, a DM, a daily digest, or quietly."
# The choices of /agora notify, as Discord lists them (command words: translated by the catalogue's "command" context).
MODE_NAMES = (
    (MENTION, "mention: a ping on the board (default)"),
    (DM, "dm: a private message on each of your turns"),
    (DIGEST, "digest: one private message a day listing your games"),
    (QUIET, "quiet: your name on the board, no ping"),
)
STATUS_DESCRIPTION = "Show the bot's version, uptime, latency and games here (Manage Server)."


def status_embed(status: Status, lang: str, colour: discord.Colour) -> discord.Embed:
    latency = text(lang, "status.latency_unknown") if status.latency_ms is None else f"{status.latency_ms} ms"
    fields = [
        ("status.version", status.version),
        ("status.uptime", format_duration(status.uptime_seconds, lang)),
        ("status.latency", latency),
        ("status.games", text(lang, "status.games_value", active=status.active_games, open=status.open_challenges)),
    ]
    embed = discord.Embed(title=text(lang, "status.title"), colour=colour)
    for key, value in fields:
        embed.add_field(name=text(lang, key), value=value, inline=False)
    return embed


class Agora(SharedControls):
    """``/agora settings``, ``/agora notify`` (its choices: :mod:`bot.notices`), ``/draw``, ``/takeback`` and the
    scheduler's effects."""

    group = app_commands.Group(name="agora", description="Agora: server settings and reminders.")
    prefix = PREFIX

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.scheduler.handlers.update(self.job_handlers())

    async def cog_unload(self) -> None:
        for kind in self.job_handlers():
            self.bot.scheduler.handlers.pop(kind, None)

    def job_handlers(self) -> dict[str, Handler]:
        return {
            REMIND: self.remind,
            TIMEOUT: self.timeout,
            CLAIM_AGAIN: self.claim_again,
            UNCLAIMED: self.unclaimed,
            EXPIRE: self.expire,
        }

    # -- helpers -----------------------------------------------------------------

    async def current(self, job: Job, status: str = ACTIVE) -> GameRecord | None:
        """The job's game if the job still applies to it (same turn or same challenge), else None."""
        try:
            record = await self.service.load(job.game_id)
        except ServiceError:
            return None
        stamp = record.row.turn_started_at if status == ACTIVE else record.row.created_at
        return record if record.row.status == status and stamp == job.stamp else None

    async def send(self, record: GameRecord, content: str, view: discord.ui.View | None = None) -> discord.Message:
        channel = self.bot.get_partial_messageable(record.row.channel_id)
        return await channel.send(content, view=view or discord.utils.MISSING, allowed_mentions=PLAYERS_ONLY)

    async def time_left(self, record: GameRecord) -> float:
        seconds = await self.bot.scheduler.turn_seconds(record.id, record.row.guild_id)
        return (record.row.turn_started_at or 0.0) + seconds - self.service.clock()

    # -- scheduled jobs ----------------------------------------------------------

    async def remind(self, job: Job) -> None:
        """Remind the players to move as each chose: by DM, by a mention in the game's channel, or not at all."""
        record = await self.current(job)
        if record is None or not await self.bot.scheduler.claim(job):
            return
        left = await self.time_left(record)
        if left <= 0:
            return  # the deadline passed too (the bot was down): the timeout job speaks instead
        lang = await self.bot.language_of(record.row.guild_id)
        choices = await self.bot.notices.store.of(record.human_actors())
        in_channel = [uid for uid, choice in choices.items() if choice.pinged]
        closed = []
        for choice in (choice for choice in choices.values() if choice.reminded_privately):
            private = choice.lang(await self.bot.dm_language(choice.user_id, record.row.guild_id))
            said = self.reminder(record, private, left, [choice.user_id])
            delivery = await self.bot.notices.dm(choice.user_id, said)
            if delivery is not Delivery.SENT:  # the mention stands in for closed DMs
                in_channel.append(choice.user_id)
                closed += [choice.user_id] if delivery is Delivery.CLOSED_NOW else []
        if in_channel:
            # A player whose DMs closed since choosing them is told once, with the reminder.
            told = [text(lang, "notice.dms_closed", user=uid) for uid in closed]
            try:
                await self.send(record, "\n".join([self.reminder(record, lang, left, in_channel), *told]))
            except (discord.Forbidden, discord.NotFound) as error:  # nobody can see the game: its clocks stop
                self.bot.dispatch("board_refused", record, error)

    @staticmethod
    def reminder(record: GameRecord, lang: str, left: float, users: list[int]) -> str:
        """The reminder before the deadline, to ``users``."""
        return text(
            lang, "reminder", mention=mention_list(users), id=record.id, game=game_named(record.game),
            left=format_duration(left, lang), link=game_link(record),
        )  # fmt: skip

    async def timeout(self, job: Job) -> None:
        """The turn ran out: the rules' default move, else forfeit or a claim, as the server chose."""
        record = await self.current(job)
        if record is None:
            return
        settings = await self.bot.settings.get(record.row.guild_id)
        # Against the bot alone, nobody would claim: the turn ends as under the forfeit rule.
        nobody_claims = bool(record.bot_seats) and set(record.people_besides()) <= set(record.actors())
        # At a table of three or more, the late player leaves at the deadline: Agora plays on for them.
        nobody_claims = nobody_claims or len(record.seats) >= MIN_SEATS
        if self.service.default_moves(record) is None and settings.timeout_rule == CLAIM and not nobody_claims:
            await self.ask_claim(job, record, settings.language, "claim_prompt")
            return
        await self.end_turn(job, record, settings.language)

    async def claim_again(self, job: Job) -> None:
        """Under the claim rule, a turn's time after the claim was asked and nobody claimed: ask again."""
        record = await self.current(job)
        if record is not None:
            await self.ask_claim(job, record, await self.bot.language_of(record.row.guild_id), "claim_again")

    async def unclaimed(self, job: Job) -> None:
        """Under the claim rule, the server's grace after the deadline ran out unclaimed: the game ends on time."""
        record = await self.current(job)
        if record is not None:
            await self.end_turn(job, record, await self.bot.language_of(record.row.guild_id))

    async def end_turn(self, job: Job, record: GameRecord, lang: str) -> None:
        """The late turn ends: the rules' default move, else the player out of time loses."""
        cog = game_cog(self.bot, record.game)
        fallback = self.service.default_moves(record)
        # Everyone the change is about: the seats whose default is played, else every late seat.
        seats = late_seats(record) if fallback is None else fallback.seats
        late = [f"<@{record.user_at(seat)}>" for seat in seats]
        key = "timed_out" if fallback is None else "timed_out_default"
        cause = plural(lang, key, len(late), mention=listed(lang, late), id=record.id)
        done = [self.bot.scheduler.done_step(job)]
        try:
            if fallback is not None:
                await cog.commit(
                    record, fallback.user, fallback.moves, version=record.version, also=done, cause=cause,
                    seat=fallback.seats,
                )  # fmt: skip
            elif (after := await self.service.timeout(record.id, job.stamp, done)) is not None:
                if after.row.status == ACTIVE:  # a table of three or more: Agora plays on for them
                    cause = plural(lang, "left.timed_out", len(late), mention=listed(lang, late), id=record.id)
                    await tell_table(self.bot, record, cause)
                await cog.publish(record, cause)
        except (JobAlreadyDone, StaleButton):
            return  # another run handled the job, or the game moved on: the job is void

    async def ask_claim(self, job: Job, record: GameRecord, lang: str, key: str) -> None:
        """Post the question of a claim on time, once per job; the next question and the end are scheduled with it."""
        ask_again = self.bot.scheduler.claim_step(record.id, record.row.guild_id, job.stamp, job.due_at)
        if not await self.bot.scheduler.claim(job, [ask_again]):
            return
        ends_at = await self.bot.scheduler.due_at(UNCLAIMED, record.id, job.stamp)
        late = record.actors()
        others = [uid for uid in record.people_besides() if uid not in late]
        controls = [
            GameButton(
                record.id, record.version, f"{PREFIX}:claim", label=text(lang, "claim"),
                style=discord.ButtonStyle.danger,
            ),
            GameButton(record.id, record.version, f"{PREFIX}:wait", label=text(lang, "keep_waiting")),
        ]
        end = f"<t:{int(ends_at or job.due_at)}:R>"
        content = text(lang, key, late=mention_list(late), others=mention_list(others), id=record.id, end=end)
        try:
            message = await self.send(record, content, controls_view(controls))
        except (discord.Forbidden, discord.NotFound) as error:  # nobody can see the game: its clocks stop
            self.bot.dispatch("board_refused", record, error)
            return
        asked = record.row.claim_message
        if await self.service.storage.set_claim_message(record.id, message.id, asked) and asked is not None:
            await self.close_question(record, asked, text(lang, "claim.asked_again", id=record.id))
        # The board's "Turn ends … ago" turns into when the game ends on time.
        await game_cog(self.bot, record.game).update_board_message(record)

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
        name = game_named(after.game)
        embed = discord.Embed(
            title=text(settings.language, "challenge_title", game=name, id=after.id),
            description=text(
                settings.language, "expired", duration=format_duration(settings.challenge_seconds, settings.language)
            ),
            colour=discord.Colour.dark_grey(),
        )
        message = self.bot.get_partial_messageable(after.row.channel_id).get_partial_message(after.row.message_id)
        try:
            await message.edit(content=None, embed=embed, view=None)
        except (discord.NotFound, discord.Forbidden):
            return

    # -- shared controls -----------------------------------------------------------

    async def on_shared_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        parts = action.split(":")
        lang = await self.bot.language_of(record.row.guild_id)
        user = interaction.user.id
        if parts[1] == "claim":
            await self.service.claim_timeout(record.id, user, version)
            if interaction.message is not None:  # this question becomes the final board: it is not closed
                await self.service.storage.set_claim_message(record.id, None, interaction.message.id)
            summary = text(lang, "claimed", user=user, id=record.id)
            await game_cog(self.bot, record.game).end_on_question(interaction, record, summary)
        elif parts[1] == "wait":
            self.service.check_actor(record, user, version, Act("wait"))
            # The win can still be claimed later, as long as the late player has not moved.
            claim = GameButton(
                record.id, version, f"{PREFIX}:claim", label=text(lang, "claim"), style=discord.ButtonStyle.danger
            )
            await update_clicked(
                interaction, content=text(lang, "kept_waiting", user=user, id=record.id), view=controls_view([claim])
            )
        elif parts[1] in OFFERS and parts[2:] in (["yes"], ["no"]):
            await self.answer_offer(interaction, record, version, parts[1], parts[2] == "yes")
        elif parts[1] == "show":  # /games' Show board: anyone here may see a game's board
            await game_cog(self.bot, record.game).show_board(interaction, record)
        elif parts[1] == "more":
            await self.open_menu(interaction, record, await self.bot.reply_language(interaction))
        elif parts[1:] in [["menu", kind] for kind in OFFERS]:
            await self.post_offer(interaction, await self.pick(interaction, record.id), parts[2])
        elif parts[1:] == ["menu", "resign"]:
            await self.confirm_resign(interaction, record, await self.bot.reply_language(interaction))
        elif parts[1:] in (["resign", "yes"], ["resign", "no"]):
            await self.resign(interaction, record, lang, parts[2] == "yes")

    # -- the board's "⋯" menu: draw, take-back, resign, and what other features offer (hint, review) ----

    def board_controls(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """A "⋯" button on every board of a game being played: its players' draw, take-back and resign."""
        if record.row.status != ACTIVE:
            return []
        return [menu_button(record.id)]

    async def open_menu(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str) -> None:
        """The menu, privately, to a player of the game (the stored seats say who): while the game is
        played, draw, take-back and resign; then what the other features offer them (a hint, a review)."""
        user = interaction.user.id
        if not record.seats_of(user):
            raise not_playing()
        items = self.game_menu(record, lang) if record.row.status == ACTIVE else []
        items += shared_menu(self.bot, record, user, lang)
        if not items:
            raise out_of_date()
        content = text(lang, "menu.title", id=record.id)
        await send_answer(interaction, content=content, view=controls_view(items), ephemeral=True)

    @staticmethod
    def game_menu(record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """Draw, take-back and resign: the menu's entries while the game is played."""
        return [
            GameButton(record.id, record.version, f"{PREFIX}:menu:draw", label=text(lang, "menu.draw"), emoji="🤝"),
            GameButton(
                record.id, record.version, f"{PREFIX}:menu:takeback", label=text(lang, "menu.takeback"), emoji="↩️"
            ),
            GameButton(
                record.id,
                record.version,
                f"{PREFIX}:menu:resign",
                label=text(lang, "menu.resign"),
                emoji="🏳️",
                style=discord.ButtonStyle.danger,
            ),
        ]

    async def confirm_resign(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str) -> None:
        """Resigning asks once more: the panel turns into the question."""
        await self.pick(interaction, record.id)
        items = [
            GameButton(
                record.id, record.version, f"{PREFIX}:resign:yes", label=text(lang, "menu.resign_yes"),
                style=discord.ButtonStyle.danger,
            ),
            GameButton(record.id, record.version, f"{PREFIX}:resign:no", label=text(lang, "menu.resign_no")),
        ]
        seats = record.seats_of(interaction.user.id)
        leaves = bool(seats) and plays_on_without(record.row, seats[0])  # the game goes on without them
        question = text(lang, "menu.leave_confirm" if leaves else "menu.resign_confirm", id=record.id)
        await self.answer_panel(interaction, question, controls_view(items))

    @staticmethod
    async def answer_panel(interaction: discord.Interaction[Any], content: str, view: discord.ui.View | None) -> None:
        """The menu's next step in place of the private panel (never over a public message)."""
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await update_clicked(interaction, content=content, view=view)
        else:
            await send_answer(interaction, content=content, view=view or discord.utils.MISSING, ephemeral=True)

    async def resign(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str, sure: bool) -> None:
        """The answer to the question: resign (the panel says it is done, the board shows the result), or not."""
        user = interaction.user.id
        if not sure:
            await self.pick(interaction, record.id)
            private = await self.bot.reply_language(interaction)
            await self.answer_panel(interaction, text(private, "menu.not_resigned", id=record.id), None)
            return
        after = await self.service.resign(record.id, user)
        summary = await resigned_summary(self.bot, after, user, lang)
        cog = game_cog(self.bot, record.game)
        told = resigned_line(after, user, await self.bot.reply_language(interaction))  # the player's own words
        await cog.publish(record, summary, interaction, reply=partial(cog.done, interaction, summary=told))

    async def answer_offer(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, kind: str, accepted: bool
    ) -> None:
        """Accept or decline the offer stored with the game; the control names only its kind."""
        lang = await self.bot.language_of(record.row.guild_id)
        user = interaction.user.id
        made_at = None if version == ANY_VERSION else version
        offer = pending_offer(record)
        if not accepted:
            await self.service.decline_offer(record.id, user, kind, made_at)
            answer = "withdrawn" if offer is not None and offer.get("by") == user else "declined"
            content = text(lang, f"{kind}_{answer}", user=user, id=record.id)
            await update_clicked(interaction, content=content, view=None)
        elif kind == "draw":
            await self.service.agree_draw(record.id, user, made_at)
            summary = text(lang, "draw_agreed", id=record.id)
            await game_cog(self.bot, record.game).end_on_question(interaction, record, summary)
        else:
            await self.service.take_back(record.id, user, made_at)
            asked_by = offer["by"] if offer is not None else user
            summary = text(lang, "taken_back", user=asked_by, id=record.id)
            # The question keeps what happened; the player who asked gets a new board, with a ping.
            await update_clicked(interaction, content=summary, view=None, allowed_mentions=PLAYERS_ONLY)
            await game_cog(self.bot, record.game).publish(record, summary, interaction)

    async def on_game_changed(self, record: GameRecord) -> None:
        """An offer or a claim on time the game left behind (it moved on, or ended) closes: no buttons,
        and its text says why."""
        offer = record.row.offer
        if offer is not None and pending_offer(record) is None:
            await self.close_offer(record, offer)
        asked = record.row.claim_message
        if asked is not None and await self.service.storage.set_claim_message(record.id, None, asked):
            lang = await self.bot.language_of(record.row.guild_id)
            reason = "claim.closed_moved_on" if record.row.status == ACTIVE else "claim.closed_ended"
            await self.close_question(record, asked, text(lang, reason, id=record.id))

    async def close_question(
        self, record: GameRecord, message_id: int, content: str, channel_id: int | None = None
    ) -> None:
        """A question posted in the game's channel (or ``channel_id``) loses its buttons; ``content`` says why."""
        channel = self.bot.get_partial_messageable(channel_id or record.row.channel_id)
        message = channel.get_partial_message(message_id)
        try:
            await message.edit(content=content, view=None, allowed_mentions=PLAYERS_ONLY)
        except (discord.NotFound, discord.Forbidden):
            return

    async def close_offer(self, record: GameRecord, offer: dict[str, Any]) -> None:
        if await self.service.forget_offer(record.id, offer):
            await self.show_closed(record, offer)

    async def show_closed(self, record: GameRecord, offer: dict[str, Any]) -> None:
        """The offer's question loses its buttons and says why it closed."""
        if offer.get("message") is None:
            return
        lang = await self.bot.language_of(record.row.guild_id)
        reason = "offer.closed_moved_on" if record.row.status == ACTIVE else "offer.closed_ended"
        what = text(lang, f"offer.{offer['kind']}")
        content = text(lang, reason, offer=what, user=offer["by"], id=record.id)
        channel_id = int(offer.get("channel", record.row.channel_id))
        await self.close_question(record, int(offer["message"]), content, channel_id)

    # -- /draw and /takeback ---------------------------------------------------------

    async def pick(self, interaction: discord.Interaction[Any], game: int | None) -> GameRecord:
        """The game an offer is about, as /move picks it: being played, with the caller in a seat."""
        record = await pick_game(interaction, game)
        if record.row.status != ACTIVE:
            raise ServiceError(f"Game #{record.id} is not being played.", "err.not_played", id=record.id)
        if not record.seats_of(interaction.user.id):
            raise not_playing()
        return record

    async def post_offer(self, interaction: discord.Interaction[Any], record: GameRecord, kind: str) -> None:
        """Store the offer with the game, then post its question; the buttons name only the offer's kind."""
        lang = await self.bot.language_of(record.row.guild_id)
        user = interaction.user.id
        record = await self.service.offer(record.id, user, kind)
        others = [uid for uid in record.seats if uid != user]
        question, label = ("draw_offer", "accept_draw") if kind == "draw" else ("takeback_offer", "allow_takeback")
        answers = ((label, "yes", discord.ButtonStyle.success), ("decline", "no", discord.ButtonStyle.danger))
        controls = [
            GameButton(record.id, record.version, f"{PREFIX}:{kind}:{answer}", label=text(lang, key), style=style)
            for key, answer, style in answers
        ]
        content = text(lang, question, others=mention_list(others), user=user, id=record.id)
        private = await self.bot.reply_language(interaction)
        await tell(interaction, text(private, "offer_posted", channel=record.row.channel_id))
        message = await self.send(record, content, controls_view(controls))
        offer = record.row.offer
        assert offer is not None
        posted = {**offer, "message": message.id}
        record = await self.service.offer_posted(record.id, offer, message.id)
        if record.row.offer != posted or pending_offer(record) is None:
            # The game moved on while the question was being posted: it closes at once.
            await self.service.forget_offer(record.id, posted)
            await self.show_closed(record, posted)

    async def offer_from_command(self, interaction: discord.Interaction[Any], game: int | None, kind: str) -> None:
        """``/draw`` or ``/takeback``: the ``kind`` of offer, about the game the caller picked."""

        async def work() -> None:
            await self.post_offer(interaction, await self.pick(interaction, game), kind)

        await guarded(interaction, work)

    @app_commands.command(name="draw", description="Offer your opponent a draw.")
    @app_commands.describe(game="Which game (see /games)")
    async def draw(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await self.offer_from_command(interaction, game, kind="draw")

    @app_commands.command(name="takeback", description="Ask your opponent to let you take back your last move.")
    @app_commands.describe(game="Which game (see /games)")
    async def takeback(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await self.offer_from_command(interaction, game, kind="takeback")

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
        tournament_role="Role that may run tournaments besides Manage Server",
        claim_grace="Claim rule: how long after the deadline an unclaimed time-out ends the game, e.g. 3d",
        stand_in="Level Agora plays at in the seat of a player who left a table of three or more",
        min_reliability="Min. % of their last 20 games a player saw through, to join tournaments and open tables",
        unseen_clocks="While Agora cannot post in a game's channel, its clocks wait (default) or run",
        spectator_threads="Open private spectators' threads for games (kept from their players until the end)",
        commentary="Agora's commentary (chances of winning) in the spectators' threads",
        follow_rated="Whether rated games may be followed",
        puzzle_channel="Channel of the daily puzzle (mention it), or 'off'",
        puzzle_names="Puzzles name the players of their game (else: from a game on this server)",
    )
    @app_commands.choices(
        timeout_rule=[
            app_commands.Choice(name="forfeit: the player out of time loses", value=FORFEIT),
            app_commands.Choice(name="claim: the opponent may claim the win or wait", value=CLAIM),
        ],
        language=[app_commands.Choice(name=language_name(lang), value=lang) for lang in LANGUAGES],
        stand_in=[app_commands.Choice(name=level, value=level) for level in LEVELS],
        unseen_clocks=[
            app_commands.Choice(name="wait: nobody loses on time in a channel Agora cannot post in", value=UNSEEN_WAIT),
            app_commands.Choice(name="run: deadlines pass as usual", value=UNSEEN_RUN),
        ],
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
        tournament_role: discord.Role | None = None,
        claim_grace: str | None = None,
        stand_in: app_commands.Choice[str] | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
        unseen_clocks: app_commands.Choice[str] | None = None,
        spectator_threads: bool | None = None,
        commentary: bool | None = None,
        follow_rated: bool | None = None,
        puzzle_channel: str | None = None,
        puzzle_names: bool | None = None,
    ) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            current = await self.bot.settings.get(interaction.guild_id)
            if not interaction.permissions.manage_guild:
                raise refusal("no_permission")
            # Each setting read from what was typed, in this order (the first unreadable one is refused);
            # None: not asked, so unchanged.
            asked: dict[str, Any] = {
                "turn_seconds": None if deadline is None else parse_duration(deadline),
                "reminder_seconds": (
                    None if reminder is None else parse_duration(reminder, low=MINUTE, high=MAX_DEADLINE)
                ),
                "challenge_seconds": (
                    None if challenge_expiry is None else parse_duration(challenge_expiry, low=MIN_DEADLINE)
                ),
                "timeout_rule": None if timeout_rule is None else timeout_rule.value,
                "threads": threads,
                "channels": None if channels is None else self.parse_channels(channels),
                "language": None if language is None else language.value,
                "tournament_role": None if tournament_role is None else tournament_role.id,
                "claim_grace_seconds": (
                    None if claim_grace is None else parse_duration(claim_grace, high=MAX_CLAIM_GRACE)
                ),
                "stand_in_level": None if stand_in is None else stand_in.value,
                "min_reliability": min_reliability,
                "unseen_clocks": None if unseen_clocks is None else unseen_clocks.value,
                "spectator_threads": spectator_threads,
                "commentary": commentary,
                "follow_rated": follow_rated,
            }
            changes = {key: value for key, value in asked.items() if value is not None}
            puzzles = await puzzle_settings(self.bot, interaction.guild_id, puzzle_channel, puzzle_names)
            if changes:
                current = await self.bot.settings.update(interaction.guild_id, **changes)
            saved = changes or puzzle_channel is not None or puzzle_names is not None
            content = text(current.language, "settings_saved") if saved else None
            embed = describe_puzzles(self.describe(current), puzzles, current.language)
            await interaction.response.send_message(content, embed=embed, ephemeral=True)

        await guarded(interaction, work)

    @staticmethod
    def parse_channels(typed: str) -> tuple[int, ...]:
        if typed.strip().lower() in ("all", "any", "*", "tous", "partout"):
            return ()
        found = tuple(int(a or b) for a, b in _CHANNEL.findall(typed))
        if not found:
            raise refusal("err.channels_unreadable")
        return found

    @staticmethod
    def describe(settings: GuildSettings) -> discord.Embed:
        lang = settings.language
        rule = text(lang, "rule_claim" if settings.timeout_rule == CLAIM else "rule_forfeit")
        channels = " ".join(f"<#{c}>" for c in settings.channels) or text(lang, "anywhere")
        embed = discord.Embed(title=text(lang, "settings_title"), colour=COLOUR)
        fields = [
            ("turn_deadline", format_duration(settings.turn_seconds, lang)),
            ("timeout_rule", rule),
            ("claim_grace", format_duration(settings.claim_grace_seconds, lang)),
            ("stand_in_level", text(lang, f"bot.level.{settings.stand_in_level}")),
            ("min_reliability", f"{settings.min_reliability}%"),
            ("unseen_clocks", text(lang, f"unseen_clocks.{settings.unseen_clocks}")),
            ("reminder_point",
             text(lang, "reminder_before", duration=format_duration(settings.reminder_seconds, lang))),
            ("expiry", format_duration(settings.challenge_seconds, lang)),
            ("threads", text(lang, "yes" if settings.threads else "no")),
            ("channels", channels),
            ("follow.settings_threads", text(lang, "yes" if settings.spectator_threads else "no")),
            ("follow.settings_commentary", text(lang, "yes" if settings.commentary else "no")),
            ("follow.settings_rated", text(lang, "yes" if settings.follow_rated else "no")),
            ("language", language_name(lang)),
            (
                "tour.settings_role",
                f"<@&{settings.tournament_role}>"
                if settings.tournament_role
                else text(lang, "tour.settings_role_none"),
            ),
        ]
        for key, value in fields:
            embed.add_field(name=text(lang, key), value=value, inline=False)
        return embed

    @group.command(name="status", description=STATUS_DESCRIPTION)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            lang = await self.bot.reply_language(interaction)
            if not interaction.permissions.manage_guild:
                raise refusal("no_permission")
            embed = status_embed(await self.status_here(interaction.guild_id), lang, COLOUR)
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, work)

    async def status_here(self, guild_id: int) -> Status:
        active, waiting = await games_on(self.bot.storage, guild_id)
        uptime = time.monotonic() - self.bot.started
        return Status(version(), uptime, latency_ms(self.bot.latency), active, waiting)

    @group.command(name="notify", description=NOTIFY_DESCRIPTION)
    @app_commands.describe(
        mode="mention, dm, digest or quiet; leave out to see your choice",
        hour="digest: the hour of the day (0-23) in your time zone, 18 if left out",
        timezone="digest: your time zone, e.g. Europe/Paris",
    )
    @app_commands.choices(mode=[app_commands.Choice(name=name, value=mode) for mode, name in MODE_NAMES])
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        mode: app_commands.Choice[str] | None = None,
        hour: int | None = None,
        timezone: str | None = None,
    ) -> None:
        """Show or change how the player hears of their turns, on every server; a choice of DMs sends a first
        DM, so closed DMs are found now, not at a turn."""

        async def work() -> None:
            lang = await self.bot.reply_language(interaction)
            current = await self.bot.notices.store.get(interaction.user.id)
            if mode is None and hour is None and timezone is None:
                await tell(interaction, choice_words(lang, current) + " " + text(lang, "notice.how_to_change"))
                return
            wanted = current.mode if mode is None else mode.value
            chosen = choose(current, wanted, hour, timezone, lang, self.service.clock())
            # A first DM proves DMs are open; not again for a change of hour or time zone of a choice that works.
            if chosen.choice.mode in (DM, DIGEST) and (wanted != current.mode or current.dms_closed):
                await interaction.response.defer(ephemeral=True, thinking=True)
                if await self.bot.notices.dm(interaction.user.id, hello(lang, wanted)) is not Delivery.SENT:
                    await tell(interaction, text(lang, "notice.dms_refused", mode=wanted))
                    return
            await self.bot.notices.store.choose(chosen.choice)
            said = text(lang, "notice.saved") + " " + choice_words(lang, chosen.choice)
            if chosen.hour_defaulted:
                said += " " + text(lang, "notice.default_hour", hour=hour_text(DEFAULT_HOUR))
            if chosen.zone_defaulted:
                said += " " + text(lang, "notice.default_zone")
            await tell(interaction, said)

        await guarded(interaction, work)

    @notify.autocomplete("timezone")
    async def timezone_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.reply_language(interaction)  # places in the player's own language
        return [app_commands.Choice(name=zone.label, value=zone.key) for zone in zone_suggestions(typed, lang)]


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Agora(bot))
