"""Ratings as players see them: /leaderboard, /profile, /history, and /ratings recompute.

The leaderboard pages with Previous / Next buttons that carry the game and the
page to show (``agora:lb:<game>:<page>:<action>``), so they keep working after a
restart; each click reads the board again from the database.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ratings
from bot.app import AgoraBot
from bot.i18n import text
from bot.service import FINISHED
from bot.storage import GameRow
from cogs.common import COLOUR, controls_view, guarded, tell
from rules import GAMES, Outcome

PAGE_SIZE = 10
RECENT_GAMES = 5
HISTORY_GAMES = 15
GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()]
NO_MENTIONS = discord.AllowedMentions.none()


class LeaderboardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"agora:lb:(?P<game>[a-z_]{1,40}):(?P<page>[0-9]{1,6}):(?P<action>prev|next)",
):
    """Previous / Next on a leaderboard: shows page ``page`` of ``game``'s board for the clicked server."""

    def __init__(self, game: str, page: int, action: str, *, disabled: bool = False) -> None:
        label = "Previous" if action == "prev" else "Next"
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
                await tell(interaction, "This leaderboard is no longer available.")
                return
            embed, view = await leaderboard_message(bot, interaction.guild_id, self.game, self.page)
            await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=NO_MENTIONS)

        await guarded(interaction, work)


async def leaderboard_message(
    bot: AgoraBot, guild_id: int, game: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and paging buttons of one page (clamped to the pages there are)."""
    total = await ratings.board_size(bot.storage, guild_id, game)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    entries = await ratings.leaderboard(bot.storage, guild_id, game, page * PAGE_SIZE, PAGE_SIZE)
    embed = discord.Embed(title=f"{GAMES[game].name} leaderboard", colour=COLOUR)
    if entries:
        lines = [
            f"`{page * PAGE_SIZE + n + 1:>3}.` <@{r.user_id}> **{r.label}** · {r.record}"
            for n, r in enumerate(entries)
        ]
        embed.description = "\n".join(lines)
    else:
        embed.description = f"No rated game of {GAMES[game].name} on this server yet: finish one to appear here."
    embed.set_footer(
        text=f"Page {page + 1} of {pages} · {total} rated players · "
        f"'?' = provisional (fewer than {ratings.PROVISIONAL_GAMES} rated games)"
    )
    view = controls_view([
        LeaderboardButton(game, page - 1 if page > 0 else 0, "prev", disabled=page == 0),
        LeaderboardButton(game, page + 1 if page + 1 < pages else page, "next", disabled=page + 1 >= pages),
    ])
    return embed, view


def game_link(row: GameRow) -> str:
    """A link to the game's last board message (or its channel when there is none)."""
    target = row.message_id or ""
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{target}".rstrip("/")


def result_word(row: GameRow, user_id: int) -> str:
    outcome = Outcome.from_json(row.outcome)
    if outcome is None:
        return "ended"
    seats = [seat for seat, uid in enumerate(row.seats) if uid == user_id]
    if outcome.is_draw:
        return "draw"
    return "win" if any(seat in outcome.winners for seat in seats) else "loss"


def opponents(row: GameRow, user_id: int) -> str:
    others = [f"<@{uid}>" for uid in dict.fromkeys(row.seats) if uid != user_id]
    return ", ".join(others) if others else "solo"


async def game_lines(bot: AgoraBot, rows: list[GameRow], user_id: int) -> list[str]:
    """One line per finished game: link, opponents, result and rating change when it was rated."""
    changes = await ratings.changes_of(bot.storage, user_id, [row.id for row in rows])
    lines = []
    for row in rows:
        change = changes.get(row.id)
        rated = f" ({change.delta})" if change is not None else " (unrated)"
        lines.append(
            f"[#{row.id} {GAMES[row.game].name}]({game_link(row)}) vs {opponents(row, user_id)}: "
            f"**{result_word(row, user_id)}**{rated} · <t:{int(row.updated_at)}:d>"
        )
    return lines


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    if interaction.guild is not None and interaction.guild.owner_id == interaction.user.id:
        return True
    return interaction.permissions.manage_guild


class Leaderboards(commands.Cog):
    """Ratings, profiles and game history."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardButton)
        if self.bot.user is not None:
            self.bot.service.unrated_users.add(self.bot.user.id)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardButton)

    @app_commands.command(name="leaderboard", description="The server's best players of a game.")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        assert interaction.guild_id is not None
        embed, view = await leaderboard_message(self.bot, interaction.guild_id, game.value, 0)
        await interaction.response.send_message(embed=embed, view=view, allowed_mentions=NO_MENTIONS)

    @app_commands.command(name="profile", description="A player's ratings, record and recent games on this server.")
    @app_commands.describe(user="Whose profile (you if left out)")
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        embed = await self.profile_embed(interaction.guild_id, who)
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)

    async def profile_embed(self, guild_id: int, who: discord.abc.User) -> discord.Embed:
        standings = await ratings.ratings_of(self.bot.storage, guild_id, who.id)
        finished = await self.bot.storage.games_of_user(who.id, guild_id, [FINISHED])
        embed = discord.Embed(title=f"{who.display_name} · profile", colour=COLOUR)
        embed.description = f"<@{who.id}> has finished {len(finished)} game(s) on this server."
        for rating in standings:
            flag = " (provisional)" if rating.provisional else ""
            place, players = await ratings.place_of(self.bot.storage, guild_id, rating)
            embed.add_field(
                name=GAMES[rating.game].name if rating.game in GAMES else rating.game,
                value=f"**{rating.label}**{flag} · #{place} of {players}\n"
                f"{rating.record} in {rating.games} rated game(s)",
                inline=True,
            )
        if not standings:
            embed.add_field(name="Ratings", value="No rated game yet.", inline=False)
        favourite = ratings.favourite_opponent(who.id, finished)
        if favourite is not None:
            embed.add_field(
                name="Favourite opponent", value=f"<@{favourite[0]}> ({favourite[1]} games)", inline=False
            )
        recent = await game_lines(self.bot, finished[:RECENT_GAMES], who.id)
        embed.add_field(name="Recent games", value="\n".join(recent) or "None yet.", inline=False)
        played = await self.bot.tournaments.played_by(guild_id, who.id)
        if played:
            lang = await self.bot.language_of(guild_id)
            won = sum(t.winner == who.id for t in played)
            listed = " · ".join(f"#{t.id} {t.name}" + (" 🏆" if t.winner == who.id else "") for t in played[:8])
            line = text(lang, "tour.profile_line", played=len(played), won=won)
            embed.add_field(name=text(lang, "tour.profile"), value=f"{line}\n{listed}", inline=False)
        return embed

    @app_commands.command(name="history", description="Finished games on this server, newest first, with links.")
    @app_commands.describe(user="Whose games (you if left out)")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        finished = await self.bot.storage.games_of_user(who.id, interaction.guild_id, [FINISHED])
        lines = await game_lines(self.bot, finished[:HISTORY_GAMES], who.id)
        embed = discord.Embed(title=f"{who.display_name} · finished games", colour=COLOUR)
        embed.description = "\n".join(lines) if lines else "No finished game on this server yet."
        if len(finished) > HISTORY_GAMES:
            embed.set_footer(text=f"The latest {HISTORY_GAMES} of {len(finished)} games. Watch one with /replay.")
        else:
            embed.set_footer(text="Watch any of them again with /replay.")
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
            if not can_manage(interaction):
                await tell(interaction, "Only the server owner or members with Manage Server can recompute ratings.")
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            count = await ratings.recompute(self.bot.storage, interaction.guild_id, self.bot.service.unrated_users)
            await interaction.followup.send(
                f"Ratings rebuilt from {count} rated game(s), in the order they finished.", ephemeral=True
            )

        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Leaderboards(bot))
