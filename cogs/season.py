"""Seasons as players and admins see them: ``/season``, season tables, and each season's final table.

The rules of seasons live in :mod:`bot.seasons`; this cog wires them to the bot (the service's
``on_finish`` hook, the scheduler's sweep), answers the commands and posts final tables.
A season table pages with Previous / Next buttons that carry the season's number, the game and
the page (``agora:slb:<season>:<game>:<page>:<action>``), so they keep working after a restart.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.alt_text import ALT_TEXT_LIMIT
from bot.app import AgoraBot
from bot.i18n import day_words, game_name, plural, text
from bot.names import plain_name
from bot.ratings import PROVISIONAL_GAMES, provisional_note
from bot.rewards import NO_MANAGE_ROLES, RewardStore, RoleFacts, role_problem
from bot.seasons import CADENCES, NONE, Season, SeasonError, SeasonRating, Seasons, SeasonSettings
from cogs.common import COLOUR, RegistersControls, controls_view, guarded, tell
from render.season import SeasonLabels, SeasonLine, SeasonSection, render_season
from rules import GAMES

log = logging.getLogger("agora.seasons")

PAGE_SIZE = 10
FINAL_LINES = 10  # players per game in a final table
MEDALS = ("🥇", "🥈", "🥉")
NO_MENTIONS = discord.AllowedMentions.none()
CADENCE_CHOICES = [app_commands.Choice(name=cadence, value=cadence) for cadence in CADENCES]
# A season manager's command, run with the language to answer in and the server's id.
ManagerWork = Callable[[str, int], Awaitable[None]]


def seasons_of(bot: AgoraBot) -> Seasons:
    """The seasons of the bot's storage, on the bot's clock (the object keeps no state of its own)."""
    return Seasons(bot.storage, bot.clock)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    if interaction.guild is not None and interaction.guild.owner_id == interaction.user.id:
        return True
    return interaction.permissions.manage_guild


class SeasonBoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"agora:slb:(?P<season>[0-9]{1,6}):(?P<game>[a-z_]{1,40}):(?P<page>[0-9]{1,6}):(?P<action>prev|next)",
):
    """Previous / Next on a season table: shows page ``page`` of season ``season`` of the clicked server."""

    def __init__(self, season: int, game: str, page: int, action: str, *, label: str = "", disabled: bool = False):
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                custom_id=f"agora:slb:{season}:{game}:{page}:{action}", emoji="◀️" if action == "prev" else "▶️",
            )
        )  # fmt: skip
        self.season, self.game, self.page = season, game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeasonBoardButton:
        return cls(int(match["season"]), match["game"], int(match["page"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: AgoraBot = interaction.client

        async def work() -> None:
            lang = await bot.reply_language(interaction)  # the refusals are private; the table keeps its language
            if self.game not in GAMES or interaction.guild_id is None:
                await tell(interaction, text(lang, "lb.gone"))
                return
            try:
                embed, view = await season_board_message(bot, interaction.guild_id, self.season, self.game, self.page)
            except SeasonError as error:
                await tell(interaction, text(lang, error.key, **error.values))
                return
            await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=NO_MENTIONS)

        await guarded(interaction, work)


async def season_board_message(
    bot: AgoraBot, guild_id: int, number: int, game: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """One page of a season's table for a game; SeasonError when the server has no such season."""
    seasons = seasons_of(bot)
    season = await seasons.numbered(guild_id, number)
    if season is None:
        known = await seasons.of_guild(guild_id)
        if not known:
            raise SeasonError("season.err.no_seasons")
        raise SeasonError("season.err.unknown", number=number, last=known[0].number)
    settings = await seasons.settings(guild_id)
    since = settings.active_since(bot.clock()) if season.running else None  # past tables stay as they ended
    total = await seasons.table_size(season.id, game, since)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    entries = await seasons.table(season.id, game, page * PAGE_SIZE, PAGE_SIZE, since)
    lang = await bot.language_of(guild_id)
    embed = season_embed(season, game, page, pages, total, entries, lang)
    if since is not None:
        note = text(lang, "lb.inactive_note", days=settings.inactive_days)
        embed.set_footer(text=f"{embed.footer.text}\n{note}")
    return embed, season_buttons(number, game, page, pages, lang)


def season_embed(
    season: Season, game: str, page: int, pages: int, total: int, entries: list[SeasonRating], lang: str
) -> discord.Embed:
    title = text(lang, "season.board_title", game=game_name(lang, game), number=season.number)
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = [
        f"`{page * PAGE_SIZE + n + 1:>3}.` <@{r.user_id}> **{r.label}** · "
        + plural(lang, "season.line", r.games, games=r.games, wins=r.wins, losses=r.losses, draws=r.draws)
        for n, r in enumerate(entries)
    ]
    embed.description = "\n".join(lines) if lines else text(lang, "season.board_empty", game=game_name(lang, game))
    embed.add_field(name=text(lang, "season.period"), value=period_text(season, lang), inline=False)
    footer = text(lang, "season.footer", page=page + 1, pages=pages, total=total, games=PROVISIONAL_GAMES)
    embed.set_footer(text=footer)
    return embed


def season_buttons(number: int, game: str, page: int, pages: int, lang: str) -> discord.ui.View:
    return controls_view(
        [
            SeasonBoardButton(number, game, max(page - 1, 0), "prev", label=text(lang, "lb.prev"), disabled=page == 0),
            SeasonBoardButton(
                number, game, min(page + 1, pages - 1), "next", label=text(lang, "lb.next"), disabled=page + 1 >= pages
            ),
        ]
    )


def period_text(season: Season, lang: str) -> str:
    """When a season started and ends (or ended), with Discord's timestamps."""
    start = f"<t:{int(season.started_at)}:D>"
    if season.ended_at is not None:
        return text(lang, "season.period_ended", start=start, end=f"<t:{int(season.ended_at)}:D>")
    if season.ends_at is not None:
        return text(lang, "season.period_ends", start=start, end=f"<t:{int(season.ends_at)}:R>")
    return text(lang, "season.period_open", start=start)


class SeasonCog(RegistersControls[AgoraBot], name="Seasons"):
    """Seasons: their commands, their roll-over and their final tables."""

    controls = (SeasonBoardButton,)

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.seasons = seasons_of(bot)
        self.rewards = RewardStore(bot.storage)
        self.hook = self.seasons.finish_step(bot.service.unrated_users)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.service.on_finish.append(self.hook)
        self.bot.scheduler.sweeps.append(self.run_due)

    async def cog_unload(self) -> None:
        await super().cog_unload()
        self.bot.service.on_finish.remove(self.hook)
        self.bot.scheduler.sweeps.remove(self.run_due)

    # -- the scheduler's sweep -------------------------------------------------------------------

    async def run_due(self) -> int:
        """Roll over the seasons whose end passed and post every final table not posted yet."""
        rolled = await self.seasons.roll_due()
        return rolled + await self.post_due()

    async def post_due(self) -> int:
        posted = 0
        for season in await self.seasons.unposted():
            if await self.seasons.claim_post(season):
                await self.post_final(season)
                await self.crown_champions(season)
                posted += 1
        return posted

    # -- reward roles --------------------------------------------------------------------------------

    async def crown_champions(self, season: Season) -> None:
        """The champion role to the top of each game's final table, taken back from the last champions."""
        settings = await self.seasons.settings(season.guild_id)
        if settings.champion_role is None:
            return
        champions: set[int] = set()
        for game in await self.seasons.games_played(season.id):
            champions |= {r.user_id for r in await self.seasons.table(season.id, game, 0, settings.champion_top)}
        await self.hand_out(season.guild_id, settings.champion_role, champions)

    async def reward_winner(self, guild_id: int, winner: int | None) -> None:
        """The tournament winner's role to ``winner``, taken back from the last tournament's winner."""
        settings = await self.seasons.settings(guild_id)
        if settings.winner_role is not None and winner is not None:
            await self.hand_out(guild_id, settings.winner_role, {winner})

    async def hand_out(self, guild_id: int, role_id: int, earned: set[int]) -> None:
        """Give ``role_id`` to ``earned`` and take it back from whoever the bot gave it to before;
        what stops it is told to the admins once, and nothing here ever raises."""
        try:
            problem = self.problem_with(guild_id, role_id)
            if problem is None:
                problem = await self.move_role(guild_id, role_id, earned)
            if problem is None:
                await self.rewards.solved(guild_id)
            elif await self.rewards.first_report(guild_id, problem):
                await self.tell_admins(guild_id, problem, role_id)
        except Exception:
            log.exception("reward role %s of server %s not handed out", role_id, guild_id)

    def problem_with(self, guild_id: int, role_id: int) -> str | None:
        guild = self.bot.get_guild(guild_id)
        role = None if guild is None else guild.get_role(role_id)
        if guild is None or role is None:
            return role_problem(RoleFacts(False, False, 0, 0))
        me = guild.me
        facts = RoleFacts(True, me.guild_permissions.manage_roles, role.position, me.top_role.position, role.managed)
        return role_problem(facts)

    async def move_role(self, guild_id: int, role_id: int, earned: set[int]) -> str | None:
        """Take the role back, then give it; the problem Discord answered with, if any."""
        held = await self.rewards.holders(guild_id, role_id)
        reason = text(await self.bot.language_of(guild_id), "reward.audit")
        try:
            for uid in held - earned:
                await self.member_role(self.bot.http.remove_role, guild_id, uid, role_id, reason)
            for uid in earned - held:
                await self.member_role(self.bot.http.add_role, guild_id, uid, role_id, reason)
        except discord.Forbidden:
            return NO_MANAGE_ROLES
        await self.rewards.set_holders(guild_id, role_id, earned)
        return None

    @staticmethod
    async def member_role(change: Any, guild_id: int, user_id: int, role_id: int, reason: str) -> None:
        try:
            await change(guild_id, user_id, role_id, reason=reason)
        except discord.NotFound:
            log.info("member %s left server %s: no role to give or take back", user_id, guild_id)

    async def tell_admins(self, guild_id: int, problem: str, role_id: int) -> None:
        channel_id = await self.final_channel(guild_id)
        if channel_id is None:
            return
        lang = await self.bot.language_of(guild_id)
        said = text(lang, "reward.tell_admins", problem=text(lang, problem, role=f"<@&{role_id}>"))
        try:
            await self.bot.get_partial_messageable(channel_id).send(said, allowed_mentions=NO_MENTIONS)
        except (discord.NotFound, discord.Forbidden) as error:
            log.warning("could not tell server %s's admins about reward roles: %s", guild_id, error)

    async def post_final(self, season: Season) -> None:
        """Post a season's final table in the server's game channel; a channel it cannot use is logged."""
        channel_id = await self.final_channel(season.guild_id)
        if channel_id is None:
            log.warning("no channel to post the final table of season %s of server %s", season.number, season.guild_id)
            return
        lang = await self.bot.language_of(season.guild_id)
        embed, picture = await self.final_message(season, lang)
        files = [] if picture is None else [picture]
        try:
            await self.bot.get_partial_messageable(channel_id).send(
                embed=embed, files=files, allowed_mentions=NO_MENTIONS
            )
        except (discord.NotFound, discord.Forbidden) as error:
            log.warning("final table of season %s of server %s not posted: %s", season.number, season.guild_id, error)

    async def final_channel(self, guild_id: int) -> int | None:
        """Where final tables go: the season channel, else the first game channel, else the first text channel."""
        chosen = (await self.seasons.settings(guild_id)).channel_id
        if chosen is not None:
            return chosen
        games = (await self.bot.settings.get(guild_id)).channels
        if games:
            return games[0]
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return None
        usable = [c for c in guild.text_channels if c.permissions_for(guild.me).send_messages]
        return guild.system_channel.id if guild.system_channel is not None else usable[0].id if usable else None

    async def final_message(self, season: Season, lang: str) -> tuple[discord.Embed, discord.File | None]:
        """The embed (the podiums as text, for screen readers) and the picture of a season's final table."""
        tables = {
            g: await self.seasons.table(season.id, g, 0, FINAL_LINES)
            for g in await self.seasons.games_played(season.id)
            if g in GAMES
        }
        embed = discord.Embed(title=text(lang, "season.final_title", number=season.number), colour=COLOUR)
        embed.description = period_text(season, lang)
        if not tables:
            embed.description += "\n" + text(lang, "season.final_empty")
            return embed, None
        names = await self.names(season.guild_id, [r.user_id for rows in tables.values() for r in rows])
        for game, rows in tables.items():
            podium = " · ".join(f"{MEDALS[n]} <@{r.user_id}> **{r.label}**" for n, r in enumerate(rows[:3]))
            embed.add_field(name=game_name(lang, game), value=podium, inline=False)
        labels = SeasonLabels(
            title=text(lang, "season.final_picture", number=season.number),
            period=self.period_plain(season, lang),
            rating=text(lang, "season.col_rating"),
            games=text(lang, "season.col_games"),
            note=provisional_note(lang) if any(r.provisional for rows in tables.values() for r in rows) else "",
        )
        sections = [
            SeasonSection(game_name(lang, g), tuple(SeasonLine(n, names[r.user_id], r.label, r.games)
                                               for n, r in enumerate(rows, start=1)))
            for g, rows in tables.items()
        ]  # fmt: skip
        png = await self.bot.drawing.draw(render_season, labels, sections)
        filename = f"season-{season.number}.png"
        embed.set_image(url=f"attachment://{filename}")
        alt = self.alt_text(labels, sections, lang)
        return embed, discord.File(io.BytesIO(png), filename=filename, description=alt)

    @staticmethod
    def period_plain(season: Season, lang: str) -> str:
        start, end = _date(season.started_at), _date(season.ended_at or season.started_at)
        shared = start.year == end.year  # "du 1er janvier au 1er février 2027": the year once
        start_words, end_words = day_words(lang, start, year=not shared), day_words(lang, end)
        return text(lang, "season.picture_period", start=start_words, end=end_words)

    @staticmethod
    def alt_text(labels: SeasonLabels, sections: list[SeasonSection], lang: str) -> str:
        """What the picture shows, in words: each game's podium."""
        parts = [f"{labels.title} ({labels.period})."]
        for section in sections:
            places = ", ".join(
                text(lang, "season.alt_place", place=line.place, name=line.name, rating=line.rating)
                for line in section.lines[:3]
            )
            parts.append(f"{section.game}: {places}.")
        if labels.note:
            parts.append(f"{labels.note}.")
        return " ".join(parts)[:ALT_TEXT_LIMIT]

    async def names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        known = await self.bot.storage.display_names(guild_id, user_ids)
        return {uid: plain_name(known.get(uid, ""), str(uid)) for uid in user_ids}

    # -- /season -----------------------------------------------------------------------------------

    group = app_commands.Group(name="season", description="Seasons: fresh tables every month or quarter.",
                               guild_only=True)  # fmt: skip

    @group.command(name="show", description="The season running on this server and how seasons are set.")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            embed = await self.describe(interaction.guild_id)
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, work)

    async def describe(self, guild_id: int) -> discord.Embed:
        lang = await self.bot.language_of(guild_id)
        settings = await self.seasons.settings(guild_id)
        every = await self.seasons.of_guild(guild_id)
        running = next((s for s in every if s.running), None)
        embed = discord.Embed(title=text(lang, "season.show_title"), colour=COLOUR)
        if running is None:
            embed.description = text(lang, "season.none_running")
        else:
            embed.description = text(lang, "season.running", number=running.number) + "\n" + period_text(running, lang)
        for key, value in self.setting_lines(settings, lang):
            embed.add_field(name=text(lang, key), value=value, inline=True)
        past = [str(s.number) for s in every if not s.running]
        if past:
            value = text(lang, "season.past_value", numbers=", ".join(past))
            embed.add_field(name=text(lang, "season.past"), value=value, inline=False)
        return embed

    @staticmethod
    def setting_lines(settings: SeasonSettings, lang: str) -> list[tuple[str, str]]:
        inactive = (text(lang, "season.inactive_value", days=settings.inactive_days) if settings.inactive_days
                    else text(lang, "season.inactive_never"))  # fmt: skip
        channel = f"<#{settings.channel_id}>" if settings.channel_id else text(lang, "season.channel_default")
        none = text(lang, "reward.none")
        champion = f"<@&{settings.champion_role}>" if settings.champion_role else none
        winner = f"<@&{settings.winner_role}>" if settings.winner_role else none
        return [
            ("season.cadence", text(lang, f"season.cadence_{settings.cadence}")),
            ("season.inactive", inactive),
            ("season.channel", channel),
            ("reward.champion",
             plural(lang, "reward.champion_value", settings.champion_top, role=champion, top=settings.champion_top)),
            ("reward.winner", winner),
        ]

    @group.command(name="settings", description="Change how seasons run on this server (Manage Server).")
    @app_commands.describe(
        cadence="A new season every month, every quarter, or only by hand (none)",
        inactive_days="Days without a rated game before a player leaves the current tables (0: never)",
        channel="Where each season's final table is posted",
        champion_role="A role the bot gives each game's season champions",
        champion_top="How many of each game's final table get the champion role (1 to 10)",
        winner_role="A role the bot gives the last tournament's winner",
        roles_off="Stop giving reward roles",
    )
    @app_commands.choices(cadence=CADENCE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        cadence: app_commands.Choice[str] | None = None,
        inactive_days: app_commands.Range[int, 0, 3650] | None = None,
        channel: discord.TextChannel | None = None,
        champion_role: discord.Role | None = None,
        champion_top: app_commands.Range[int, 1, 10] | None = None,
        winner_role: discord.Role | None = None,
        roles_off: bool = False,
    ) -> None:
        async def work(lang: str, guild_id: int) -> None:
            changes: dict[str, Any] = {}
            if cadence is not None:
                changes["cadence"] = cadence.value
            if inactive_days is not None:
                changes["inactive_days"] = inactive_days
            if channel is not None:
                changes["channel_id"] = channel.id
            changes |= self.role_changes(champion_role, champion_top, winner_role, roles_off)
            if changes:
                await self.seasons.update_settings(guild_id, **changes)
            embed = await self.describe(guild_id)
            content = text(lang, "season.saved") if changes else None
            await interaction.response.send_message(content, embed=embed, ephemeral=True)

        await self.as_manager(interaction, work)

    async def as_manager(self, interaction: discord.Interaction[Any], work: ManagerWork) -> None:
        """Run ``work`` in the asker's language for their server if they manage seasons; refuse anyone else."""

        async def checked() -> None:
            assert interaction.guild_id is not None
            lang = await self.bot.reply_language(interaction)
            if not can_manage(interaction):
                await tell(interaction, text(lang, "season.err.manage"))
                return
            await work(lang, interaction.guild_id)

        await guarded(interaction, checked)

    @staticmethod
    def role_changes(
        champion: discord.Role | None, top: int | None, winner: discord.Role | None, off: bool
    ) -> dict[str, Any]:
        if off:
            return {"champion_role": None, "winner_role": None}
        changes: dict[str, Any] = {"champion_top": top} if top is not None else {}
        if champion is not None:
            changes["champion_role"] = champion.id
        if winner is not None:
            changes["winner_role"] = winner.id
        return changes

    @group.command(name="start", description="End the running season now and start the next (Manage Server).")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        async def work(lang: str, guild_id: int) -> None:
            ended, started = await self.seasons.start(guild_id)
            said = text(lang, "season.started", number=started.number)
            if ended is not None:
                said = text(lang, "season.ended", number=ended.number) + "\n" + said
            await interaction.response.send_message(said, ephemeral=True)
            await self.post_due()

        await self.as_manager(interaction, work)

    @group.command(name="end", description="End the running season now and post its final table (Manage Server).")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        async def work(lang: str, guild_id: int) -> None:
            try:
                ended = await self.seasons.end(guild_id)
            except SeasonError as error:
                await tell(interaction, text(lang, error.key, **error.values))
                return
            settings = await self.seasons.settings(guild_id)
            then = "season.next_by_hand" if settings.cadence == NONE else "season.next_on_cadence"
            said = text(lang, "season.ended", number=ended.number) + " " + text(lang, then)
            await interaction.response.send_message(said, ephemeral=True)
            await self.post_due()

        await self.as_manager(interaction, work)


def _date(when: float) -> date:
    """The day of ``when`` (UTC, as seasons start and end)."""
    return datetime.fromtimestamp(when, UTC).date()


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(SeasonCog(bot))


async def reward_tournament_winner(bot: AgoraBot, guild_id: int, winner: int | None) -> None:
    """The server's tournament winner's role to ``winner`` (nothing when seasons are not loaded)."""
    cog = bot.get_cog("Seasons")
    if isinstance(cog, SeasonCog):
        await cog.reward_winner(guild_id, winner)
