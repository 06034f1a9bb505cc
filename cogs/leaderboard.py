"""Ratings as players see them: /leaderboard (a game's table, or its puzzle table), /profile, /history, and
/ratings recompute.

The leaderboard pages with Previous / Next buttons that carry the game and the
page to show (``agora:lb:<game>:<page>:<action>``), so they keep working after a
restart; each click reads the board again from the database.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ratings
from bot.absence import reliability
from bot.app import AgoraBot
from bot.hints import hinted_games
from bot.i18n import game_name, plural, text
from bot.names import plain_name
from bot.opponent import records_against_bot
from bot.profile_card import alt_text_of, picture_of, profile_facts
from bot.seasons import SeasonError
from bot.service import FINISHED, jump_link
from bot.storage import GameRow
from cogs.common import COLOUR, RegistersControls, controls_view, guarded, tell
from cogs.puzzles import PUZZLES, puzzle_board, puzzle_field
from cogs.season import season_board_message, seasons_of
from render.profile import render_profile
from rules import GAMES, Outcome

PAGE_SIZE = 10
RECENT_GAMES = 5
HISTORY_GAMES = 15
GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()]
TABLE_CHOICES = [app_commands.Choice(name="games", value="games"), app_commands.Choice(name="puzzles", value=PUZZLES)]
NO_MENTIONS = discord.AllowedMentions.none()


class LeaderboardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"agora:lb:(?P<game>[a-z_]{1,40}):(?P<page>[0-9]{1,6}):(?P<action>prev|next)",
):
    """Previous / Next on a leaderboard: shows page ``page`` of ``game``'s board for the clicked server."""

    def __init__(self, game: str, page: int, action: str, *, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"agora:lb:{game}:{page}:{action}",
                disabled=disabled, emoji="◀️" if action == "prev" else "▶️",
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardButton:
        return cls(match["game"], int(match["page"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: AgoraBot = interaction.client

        async def work() -> None:
            if self.game not in GAMES or interaction.guild_id is None:
                await tell(interaction, text(await bot.reply_language(interaction), "lb.gone"))
                return
            embed, view = await leaderboard_message(bot, interaction.guild_id, self.game, self.page)
            await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=NO_MENTIONS)

        await guarded(interaction, work)


async def leaderboard_message(
    bot: AgoraBot, guild_id: int, game: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and paging buttons of one page (clamped to the pages there are)."""
    inactivity = await seasons_of(bot).settings(guild_id)
    since = inactivity.active_since(bot.clock())
    total = await ratings.board_size(bot.storage, guild_id, game, since)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    entries = await ratings.leaderboard(bot.storage, guild_id, game, page * PAGE_SIZE, PAGE_SIZE, since)
    lang = await bot.language_of(guild_id)
    embed = discord.Embed(title=text(lang, "lb.title", game=game_name(lang, game)), colour=COLOUR)
    if entries:
        lines = [
            f"`{page * PAGE_SIZE + n + 1:>3}.` <@{r.user_id}> **{r.label}** · {record_text(r, lang)}"
            for n, r in enumerate(entries)
        ]
        embed.description = "\n".join(lines)
    else:
        embed.description = text(lang, "lb.empty", game=game_name(lang, game))
    footer = text(lang, "lb.footer", page=page + 1, pages=pages, total=total, games=ratings.PROVISIONAL_GAMES)
    if since is not None:
        footer += "\n" + text(lang, "lb.inactive_note", days=inactivity.inactive_days)
    embed.set_footer(text=footer)
    view = controls_view([
        LeaderboardButton(game, max(page - 1, 0), "prev", label=text(lang, "lb.prev"), disabled=page == 0),
        LeaderboardButton(
            game, min(page + 1, pages - 1), "next", label=text(lang, "lb.next"), disabled=page + 1 >= pages
        ),
    ])
    return embed, view


def record_text(rating: ratings.Rating, lang: str) -> str:
    """Wins, losses and draws, in a server's language: ``3W/1L/0D``, ``3V/1D/0N``."""
    return text(lang, "lb.record", wins=rating.wins, losses=rating.losses, draws=rating.draws)


def result_key(row: GameRow, user_id: int) -> str:
    outcome = Outcome.from_json(row.outcome)
    if outcome is None:
        return "lb.ended"
    seats = [seat for seat, uid in enumerate(row.seats) if uid == user_id]
    if outcome.is_draw:
        return "lb.draw"
    return "lb.win" if any(seat in outcome.winners for seat in seats) else "lb.loss"


def opponents(row: GameRow, user_id: int, lang: str) -> str:
    others = [f"<@{uid}>" for uid in dict.fromkeys(row.seats) if uid != user_id]
    return ", ".join(others) if others else text(lang, "lb.solo")


async def game_lines(bot: AgoraBot, rows: list[GameRow], user_id: int, lang: str) -> list[str]:
    """One line per finished game: link, opponents, result and rating change when it was rated."""
    changes = await ratings.changes_of(bot.storage, user_id, [row.id for row in rows])
    hinted = await hinted_games(bot.storage, [row.id for row in rows])
    lines = []
    for row in rows:
        change = changes.get(row.id)
        rated = f" ({change.delta})" if change is not None else text(lang, "lb.unrated")
        game = f"[#{row.id} {game_name(lang, row.game)}]({jump_link(row)})"
        result = text(lang, result_key(row, user_id))
        line = text(lang, "lb.game_line", game=game, others=opponents(row, user_id, lang), result=result)
        helped = text(lang, "hint.history_mark") if row.id in hinted else ""
        lines.append(f"{line}{rated}{helped} · <t:{int(row.updated_at)}:d>")
    return lines


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    if interaction.guild is not None and interaction.guild.owner_id == interaction.user.id:
        return True
    return interaction.permissions.manage_guild


class Leaderboards(RegistersControls[AgoraBot]):
    """Ratings, profiles and game history."""

    controls = (LeaderboardButton,)

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        await super().cog_load()
        if self.bot.user is not None:
            self.bot.service.unrated_users.add(self.bot.user.id)

    @app_commands.command(name="leaderboard", description="The server's best players of a game.")
    @app_commands.describe(
        game="Which game", season="A season's number: its table (the lifetime table if left out)",
        table="games (the default) or puzzles: the puzzle ratings of /puzzle",
    )
    @app_commands.choices(game=GAME_CHOICES, table=TABLE_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str],
        season: app_commands.Range[int, 1, 999999] | None = None, table: app_commands.Choice[str] | None = None,
    ) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            if table is not None and table.value == PUZZLES:
                public = await self.bot.language_of(interaction.guild_id)  # the table is posted for everyone
                embed = await puzzle_board(self.bot, interaction.guild_id, game.value, public)
                await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)
                return
            if season is None:
                embed, view = await leaderboard_message(self.bot, interaction.guild_id, game.value, 0)
            else:
                try:
                    embed, view = await season_board_message(self.bot, interaction.guild_id, season, game.value, 0)
                except SeasonError as error:
                    lang = await self.bot.reply_language(interaction)
                    await tell(interaction, text(lang, error.key, **error.values))
                    return
            await interaction.response.send_message(embed=embed, view=view, allowed_mentions=NO_MENTIONS)

        await guarded(interaction, work)

    @app_commands.command(name="profile", description="A player's ratings, record and recent games on this server.")
    @app_commands.describe(user="Whose profile (you if left out)")
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        embed, card = await self.profile_embed(interaction.guild_id, who)
        embed.set_image(url=f"attachment://{card.filename}")
        await interaction.response.send_message(embed=embed, file=card, allowed_mentions=NO_MENTIONS)

    async def profile_card(
        self, guild_id: int, who: discord.abc.User, standings: list[ratings.Rating], finished: list[GameRow],
        won: int, lang: str,
    ) -> discord.File:
        """The profile as a picture, with the same facts as its alt text (the embed stays the text)."""
        season = await seasons_of(self.bot).current(guild_id)
        facts = await profile_facts(
            self.bot.storage, guild_id=guild_id, user_id=who.id, standings=standings, finished=finished,
            season=None if season is None else (season.id, season.number), tournaments_won=won,
        )
        names = {game_id: game_name(lang, game_id) for game_id in GAMES}
        card = picture_of(facts, plain_name(who.display_name), names, lang)
        png = await self.bot.drawing.draw(render_profile, card)
        return discord.File(io.BytesIO(png), filename=f"profile-{who.id}.png", description=alt_text_of(card))

    async def profile_embed(self, guild_id: int, who: discord.abc.User) -> tuple[discord.Embed, discord.File]:
        standings = await ratings.ratings_of(self.bot.storage, guild_id, who.id)
        finished = await self.bot.storage.games_of_user(who.id, guild_id, [FINISHED])
        lang = await self.bot.language_of(guild_id)
        embed = discord.Embed(title=text(lang, "lb.profile_title", name=who.display_name), colour=COLOUR)
        embed.description = plural(lang, "lb.profile_finished", len(finished), user=f"<@{who.id}>", count=len(finished))
        for rating in standings:
            flag = text(lang, "lb.provisional") if rating.provisional else ""
            place, players = await ratings.place_of(self.bot.storage, guild_id, rating)
            embed.add_field(
                name=game_name(lang, rating.game) if rating.game in GAMES else rating.game,
                value=plural(
                    lang, "lb.rating_value", rating.games, rating=rating.label, flag=flag, place=place, players=players,
                    record=record_text(rating, lang), games=rating.games,
                ),
                inline=True,
            )
        if not standings:
            embed.add_field(name=text(lang, "lb.ratings"), value=text(lang, "lb.no_rating"), inline=False)
        favourite = ratings.favourite_opponent(who.id, finished)
        if favourite is not None:
            value = plural(lang, "lb.favourite_value", favourite[1], user=f"<@{favourite[0]}>", games=favourite[1])
            embed.add_field(name=text(lang, "lb.favourite"), value=value, inline=False)
        against = records_against_bot(finished, who.id)
        if against:
            lines = [
                text(lang, "bot.record_line", level=text(lang, f"bot.level.{level}"),
                     record=text(lang, "lb.record", wins=record.wins, losses=record.losses, draws=record.draws))
                for level, record in against.items()
            ]  # fmt: skip
            embed.add_field(name=text(lang, "bot.record_field"), value="\n".join(lines), inline=False)
        kept = reliability(finished, who.id)  # the latest finished games they saw through
        if kept.games:
            value = plural(lang, "lb.reliability_value", kept.games, seen=kept.seen_through, games=kept.games)
            embed.add_field(name=text(lang, "lb.reliability"), value=value, inline=False)
        recent = await game_lines(self.bot, finished[:RECENT_GAMES], who.id, lang)
        recent_text = "\n".join(recent) or text(lang, "lb.none_yet")
        embed.add_field(name=text(lang, "lb.recent"), value=recent_text, inline=False)
        puzzles = await puzzle_field(self.bot, guild_id, who.id, lang)
        if puzzles is not None:
            embed.add_field(name=text(lang, "puzzle.profile"), value=puzzles, inline=False)
        played = await self.bot.tournaments.played_by(guild_id, who.id)
        won = sum(t.winner == who.id for t in played)
        if played:
            marked = [(t, " 🏆" if t.winner == who.id else "") for t in played[:8]]
            listed = " · ".join(f"#{t.id} {game_name(lang, t.game)}{mark}" for t, mark in marked)
            line = text(lang, "tour.profile_line", played=len(played), won=won)
            embed.add_field(name=text(lang, "tour.profile"), value=f"{line}\n{listed}", inline=False)
        return embed, await self.profile_card(guild_id, who, standings, finished, won, lang)

    @app_commands.command(name="history", description="Finished games on this server, newest first, with links.")
    @app_commands.describe(user="Whose games (you if left out)")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        finished = await self.bot.storage.games_of_user(who.id, interaction.guild_id, [FINISHED])
        lang = await self.bot.reply_language(interaction)  # a private list: in the player's language
        lines = await game_lines(self.bot, finished[:HISTORY_GAMES], who.id, lang)
        embed = discord.Embed(title=text(lang, "lb.history_title", name=who.display_name), colour=COLOUR)
        embed.description = "\n".join(lines) if lines else text(lang, "lb.no_history")
        if len(finished) > HISTORY_GAMES:
            footer = text(lang, "lb.history_latest", shown=HISTORY_GAMES, total=len(finished))
        else:
            footer = text(lang, "lb.history_all")
        embed.set_footer(text=footer)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    ratings_group = app_commands.Group(
        name="ratings",
        description="Rating administration.",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @ratings_group.command(name="recompute", description="Rebuild this server's ratings from all finished games.")
    async def recompute(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            lang = await self.bot.reply_language(interaction)
            if not can_manage(interaction):
                await tell(interaction, text(lang, "lb.recompute_refused"))
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            count = await ratings.recompute(self.bot.storage, interaction.guild_id, self.bot.service.unrated_users)
            await interaction.followup.send(plural(lang, "lb.recomputed", count, count=count), ephemeral=True)

        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Leaderboards(bot))
