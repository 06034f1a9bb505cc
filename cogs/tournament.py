"""/tournament: server tournaments on Discord.  A thin edge over bot/tournament.py.

The tournament service pairs rounds and records results; this cog posts what players see
(the announcement with its Join button, each round's games, standings, the podium) when
the service's durable jobs ask for it.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.alt_text import ALT_TEXT_LIMIT
from bot.app import PLAYERS_ONLY, AgoraBot
from bot.departures import check_reliability, resigned_summary
from bot.i18n import game_name, game_text, plural, text
from bot.names import plain_name
from bot.notices import DM, Delivery
from bot.options import read_options
from bot.service import GameRecord, ServiceError, jump_link
from bot.settings import DAY, MINUTE, DurationError, format_duration, parse_duration
from bot.standings import FORMATS, ROUND_ROBIN, TABLES, Standing
from bot.tournament import (
    ANNOUNCE,
    BOARDS,
    CANCEL,
    CANCELLED,
    FINISH,
    FINISHED,
    OPEN,
    Table,
    Tournament,
    TournamentJob,
)
from cogs.common import COLOUR, RegistersControls, controls_view, game_cog, guarded, mention_list, tell
from cogs.season import reward_tournament_winner
from cogs.spectators import top_boards_offer
from cogs.table.challenges import DEADLINE_HELP
from render.standings import StandingsLabels, StandingsRow, render_standings
from rules import GAMES

log = logging.getLogger("agora.tournament")

MAX_START_DELAY = 30 * DAY
# Sign-up stays open at least this long, even for ``starts:now``: time to see the announcement and join.
MIN_SIGN_UP = 5 * MINUTE
GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()]
# What a closed announcement says under it, by the tournament's status (running and paused: it has started).
CLOSED_FOOTERS = {CANCELLED: "tour.cancelled_closed", FINISHED: "tour.finished_closed"}
FORMAT_NAMES = {"swiss": "Swiss", "round_robin": "Round robin", "tables": "Seated tables (three or more)"}


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"agora:t:(?P<id>[0-9]+):join"):
    """The Join button of a tournament announcement; works across restarts."""

    def __init__(self, tournament_id: int, label: str = "Join") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"agora:t:{tournament_id}:join", emoji="🏆"
            )
        )
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("TournamentCog")
        assert isinstance(cog, TournamentCog)
        await cog.join_by_button(interaction, self.tournament_id)


def points_text(value: float) -> str:
    """``2``, ``2½``, ``½``."""
    whole, half = divmod(round(value * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


class TournamentCog(RegistersControls[AgoraBot]):
    """Create, join, leave and follow tournaments; directors pause, resume, end and decide games."""

    controls = (JoinButton,)

    group = app_commands.Group(
        name="tournament", description="Server tournaments: Swiss, round robin or seated tables.", guild_only=True
    )

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.tournaments = bot.tournaments

    async def cog_load(self) -> None:
        await super().cog_load()
        self.tournaments.handlers.update({ANNOUNCE: self.announce_round, BOARDS: self.post_boards,
                                          FINISH: self.announce_end, CANCEL: self.announce_cancel})

    async def cog_unload(self) -> None:
        await super().cog_unload()
        for kind in (ANNOUNCE, BOARDS, FINISH, CANCEL):
            self.tournaments.handlers.pop(kind, None)

    # -- helpers ---------------------------------------------------------------------

    async def check_director(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.settings.get(interaction.guild_id)
        if interaction.permissions.manage_guild:
            return
        roles = {role.id for role in getattr(interaction.user, "roles", [])}
        if settings.tournament_role is not None and settings.tournament_role in roles:
            return
        lang = await self.bot.reply_language(interaction)  # a private refusal: in the player's language
        role = "" if settings.tournament_role is None else text(
            lang, "tour.err.director_role", role=f"<@&{settings.tournament_role}>"
        )
        raise ServiceError(text(lang, "tour.err.director", role=role))

    async def pick(self, interaction: discord.Interaction[Any], tournament_id: int | None) -> Tournament:
        """The tournament named, or the server's only one in progress."""
        if tournament_id is not None:
            return await self.tournaments.get(tournament_id)
        assert interaction.guild_id is not None
        lang = await self.bot.reply_language(interaction)  # its refusals are private
        found = await self.tournaments.of_guild(interaction.guild_id)
        if not found:
            found = (await self.tournaments.of_guild(interaction.guild_id, ("finished",)))[:1]
        if len(found) == 1:
            return found[0]
        if not found:
            raise ServiceError(text(lang, "tour.err.nothing"))
        raise ServiceError(text(lang, "tour.err.which", ids=", ".join(f"#{t.id}" for t in found)))

    async def names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """Players' names in the server, as the standings picture draws them."""
        known = await self.bot.storage.display_names(guild_id, user_ids)
        return {uid: plain_name(known.get(uid, ""), str(uid)) for uid in user_ids}

    def send(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    # -- the announcement -----------------------------------------------------------------

    async def announcement(self, tournament: Tournament, lang: str) -> dict[str, Any]:
        entries = await self.tournaments.entries(tournament.id)
        deadline = tournament.turn_seconds or (await self.bot.settings.get(tournament.guild_id)).turn_seconds
        key = "tour.announce_rr" if tournament.format == ROUND_ROBIN else "tour.announce"
        embed = discord.Embed(
            title=text(lang, "tour.title", game=tournament.name, id=tournament.id),
            description=plural(
                lang, key, tournament.rounds, format=text(lang, f"tour.format.{tournament.format}"),
                rounds=tournament.rounds, deadline=format_duration(deadline, lang), starts=int(tournament.starts_at),
            ),
            colour=COLOUR,
        )
        options = game_cog(self.bot, tournament.game).describe_option_values(tournament.options, lang)
        if options:
            embed.add_field(name=text(lang, "tour.options"), value=options, inline=False)
        if not tournament.away_allowed:
            embed.add_field(name=text(lang, "tour.time_away"), value=text(lang, "tour.no_time_away"), inline=False)
        players = mention_list([e.user_id for e in entries]) or text(lang, "tour.nobody_yet")
        embed.add_field(name=text(lang, "tour.players", count=len(entries)), value=players[:1024], inline=False)
        if tournament.status != OPEN:
            embed.set_footer(text=text(lang, CLOSED_FOOTERS.get(tournament.status, "tour.started_closed")))
            return {"embed": embed, "view": None}
        closes = text(lang, "tour.sign_up_closes", at=int(tournament.starts_at))
        embed.description = f"{embed.description}\n{closes}"
        return {"embed": embed, "view": controls_view([JoinButton(tournament.id, text(lang, "tour.join"))])}

    async def refresh_announcement(self, tournament: Tournament) -> None:
        if tournament.message_id is None:
            return
        message = self.send(tournament.channel_id).get_partial_message(tournament.message_id)
        try:
            await message.edit(**await self.announcement(tournament, await self.bot.language_of(tournament.guild_id)))
        except (discord.NotFound, discord.Forbidden):
            log.info("announcement of tournament %s is gone", tournament.id)

    # -- commands ---------------------------------------------------------------------------

    @group.command(name="create", description="Create a tournament (Manage Server or the tournament role).")
    @app_commands.describe(
        game="Which game",
        format="Swiss or round robin for duels, seated tables for games of three or more",
        rounds="How many rounds (a round robin plays as many as it needs)",
        deadline=DEADLINE_HELP,
        starts="When the first round starts: a delay like 2h or 1d, or 'now'",
        options="The game's options as name=value, apart by spaces, e.g. level=free nuggets=2 (see /rules)",
        time_away="Whether players may take time away (/away) during the event (default: yes)",
    )
    @app_commands.choices(
        game=GAME_CHOICES, format=[app_commands.Choice(name=FORMAT_NAMES[f], value=f) for f in FORMATS]
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, 20] = 3,
        deadline: str | None = None,
        starts: str = "1d",
        options: str | None = None,
        time_away: bool = True,
    ) -> None:
        async def work() -> None:
            await self.check_director(interaction)
            assert interaction.guild_id is not None and interaction.channel_id is not None
            lang = await self.bot.language_of(interaction.guild_id)
            chosen = read_options(GAMES[game.value], options)
            turn_seconds, start = self.times(deadline, starts, await self.bot.reply_language(interaction))
            tournament = await self.tournaments.create(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, creator=interaction.user.id,
                game=game.value, format_=format.value, rounds=rounds, options=chosen,
                turn_seconds=turn_seconds, starts_at=self.bot.service.clock() + start, away_allowed=time_away,
            )
            await interaction.response.send_message(**await self.announcement(tournament, lang))
            message = await interaction.original_response()
            await self.tournaments.set_message(tournament.id, message.id)

        await guarded(interaction, work)

    @staticmethod
    def times(deadline: str | None, starts: str, lang: str) -> tuple[int | None, int]:
        """The turn time asked for, and the delay before the first round: ``now`` (or anything shorter)
        leaves sign-up open :data:`MIN_SIGN_UP`, so players can see the announcement and join."""
        turn_seconds = None if deadline is None else parse_duration(deadline)
        if starts.strip().lower() in ("now", "maintenant", "0"):
            return turn_seconds, MIN_SIGN_UP
        try:
            return turn_seconds, max(MIN_SIGN_UP, parse_duration(starts, low=0, high=MAX_START_DELAY))
        except DurationError:
            raise ServiceError(text(lang, "tour.err.starts", typed=starts)) from None

    async def join_by_button(self, interaction: discord.Interaction[Any], tournament_id: int) -> None:
        async def work() -> None:
            tournament = await self.join(interaction, tournament_id)
            public = await self.bot.language_of(tournament.guild_id)
            await interaction.response.edit_message(**await self.announcement(tournament, public))
            private = await self.bot.reply_language(interaction)
            await tell(interaction, text(private, "tour.joined", id=tournament.id, game=tournament.name))

        await guarded(interaction, work)

    async def join(self, interaction: discord.Interaction[Any], tournament_id: int) -> Tournament:
        if interaction.guild_id is not None:  # the server's minimum reliability, if it asks for one
            minimum = (await self.bot.settings.get(interaction.guild_id)).min_reliability
            await check_reliability(self.bot.storage, interaction.guild_id, interaction.user.id, minimum)
        tournament = await self.tournaments.join(tournament_id, interaction.user.id)
        await self.bot.service.remember_player(tournament.guild_id, interaction.user.id, interaction.user.display_name)
        return tournament

    @group.command(name="join", description="Join a tournament open for sign-up.")
    @app_commands.describe(tournament="Which tournament")
    async def join_command(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        async def work() -> None:
            picked = await self.join(interaction, (await self.pick(interaction, tournament)).id)
            lang = await self.bot.reply_language(interaction)
            await tell(interaction, text(lang, "tour.joined", id=picked.id, game=picked.name))
            await self.refresh_announcement(picked)

        await guarded(interaction, work)

    @group.command(name="leave", description="Leave a tournament, or withdraw from it once started.")
    @app_commands.describe(tournament="Which tournament", resign="Resign your game in progress (otherwise it goes on)")
    async def leave(
        self, interaction: discord.Interaction[Any], tournament: int | None = None, resign: bool = False
    ) -> None:
        async def work() -> None:
            picked = await self.pick(interaction, tournament)
            lang = await self.bot.reply_language(interaction)
            table = await self.tournaments.leave(picked.id, interaction.user.id)
            if picked.status == OPEN:
                await tell(interaction, text(lang, "tour.left", id=picked.id))
                await self.refresh_announcement(picked)
                return
            if table is None or table.game_id is None:
                await tell(interaction, text(lang, "tour.withdrawn", id=picked.id))
            elif resign:
                await self.resign(table.game_id, interaction.user.id)
                await tell(interaction, text(lang, "tour.withdrawn_resigned", id=picked.id, game_id=table.game_id))
            else:
                await tell(interaction, text(lang, "tour.withdrawn_running", id=picked.id, game_id=table.game_id))
            public = await self.bot.language_of(picked.guild_id)
            await self.send(picked.channel_id).send(
                text(public, "tour.withdrew_public", user=interaction.user.id, id=picked.id),
                allowed_mentions=discord.AllowedMentions.none(),
            )

        await guarded(interaction, work)

    async def resign(self, game_id: int, user_id: int) -> None:
        before = await self.bot.service.load(game_id)
        after = await self.bot.service.resign(game_id, user_id)
        summary = await resigned_summary(self.bot, after, user_id, await self.bot.language_of(before.row.guild_id))
        await game_cog(self.bot, before.game).publish(before, summary)

    @group.command(name="standings", description="Standings of a tournament.")
    @app_commands.describe(tournament="Which tournament")
    async def standings_command(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        async def work() -> None:
            picked = await self.pick(interaction, tournament)
            lang = await self.bot.language_of(picked.guild_id)
            embed, picture = await self.standings_message(picked, lang)
            await interaction.response.send_message(embed=embed, file=picture)

        await guarded(interaction, work)

    @group.command(name="pause", description="Pause a tournament: the next round waits.")
    @app_commands.describe(tournament="Which tournament")
    async def pause(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        await self.direct(interaction, tournament, "pause")

    @group.command(name="resume", description="Resume a paused tournament.")
    @app_commands.describe(tournament="Which tournament")
    async def resume(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        await self.direct(interaction, tournament, "resume")

    @group.command(name="end", description="End a tournament now and announce its podium.")
    @app_commands.describe(tournament="Which tournament")
    async def end(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        await self.direct(interaction, tournament, "end")

    async def direct(self, interaction: discord.Interaction[Any], tournament_id: int | None, action: str) -> None:
        async def work() -> None:
            await self.check_director(interaction)
            picked = await self.pick(interaction, tournament_id)
            lang = await self.bot.language_of(picked.guild_id)
            if action == "pause":
                await self.tournaments.pause(picked.id)
                said = text(lang, "tour.paused", id=picked.id)
            elif action == "resume":
                await self.tournaments.resume(picked.id)
                said = text(lang, "tour.resumed", id=picked.id)
            else:
                await self.tournaments.end(picked.id)
                said = text(lang, "tour.ended", id=picked.id, user=interaction.user.id)
            await interaction.response.send_message(said, allowed_mentions=discord.AllowedMentions.none())

        await guarded(interaction, work)

    @group.command(name="force", description="Decide a stuck tournament game.")
    @app_commands.describe(game="The game's number", winner="Who wins (leave out for a draw)")
    async def force(
        self, interaction: discord.Interaction[Any], game: int, winner: discord.Member | discord.User | None = None
    ) -> None:
        async def work() -> None:
            await self.check_director(interaction)
            lang = await self.bot.language_of(interaction.guild_id)
            before = await self.bot.service.load(game)
            await self.tournaments.force_result(game, None if winner is None else winner.id)
            result = text(lang, "tour.forced_draw") if winner is None else text(lang, "tour.forced_win", user=winner.id)
            await interaction.response.send_message(
                text(lang, "tour.forced", game_id=game, result=result), allowed_mentions=PLAYERS_ONLY
            )
            await game_cog(self.bot, before.game).publish(before, text(lang, "tour.forced_summary", game_id=game))

        await guarded(interaction, work)

    async def tournament_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's tournaments, newest first: "#3 Chess · round 2 of 5"."""
        if interaction.guild_id is None:
            return []
        lang = await self.bot.reply_language(interaction)  # only the typing player sees the choices
        found = await self.tournaments.of_guild(interaction.guild_id, ("open", "running", "paused", "finished"))
        choices = []
        for tournament in found:
            status = text(lang, f"tour.status.{tournament.status}", round=tournament.round, rounds=tournament.rounds)
            label = f"#{tournament.id} {game_name(lang, tournament.game)} · {status}"
            if current.strip("#") in str(tournament.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=tournament.id))
        return choices[:25]

    join_command.autocomplete("tournament")(tournament_choices)
    leave.autocomplete("tournament")(tournament_choices)
    standings_command.autocomplete("tournament")(tournament_choices)
    pause.autocomplete("tournament")(tournament_choices)
    resume.autocomplete("tournament")(tournament_choices)
    end.autocomplete("tournament")(tournament_choices)

    # -- standings ------------------------------------------------------------------------------

    async def standings_message(
        self, tournament: Tournament, lang: str, announcing: int | None = None
    ) -> tuple[discord.Embed, discord.File]:
        """The standings as text and picture; ``announcing`` a round, they are those after the round before."""
        table = await self.tournaments.standings(tournament)
        names = await self.names(tournament.guild_id, [s.user_id for s in table])
        subtitle = await self.standings_subtitle(tournament, lang, announcing)
        columns = self.columns(tournament, lang)
        embed = discord.Embed(
            title=text(lang, "tour.standings_title", id=tournament.id), description=self.lines(table, columns, lang),
            colour=COLOUR,
        )
        legend = "tour.legend_tables" if tournament.format == TABLES else "tour.legend_swiss"
        embed.set_footer(text=f"{subtitle} · {text(lang, legend)}")
        labels = StandingsLabels(
            title=f"{game_name(lang, tournament.game)} · {text(lang, f'tour.format.{tournament.format}')}",
            subtitle=subtitle,
            columns=tuple(columns), played=text(lang, "tour.col.played"), withdrawn=text(lang, "tour.withdrawn_mark"),
        )
        rows = [
            StandingsRow(place, names[s.user_id], points_text(s.points), tuple(points_text(t) for t in s.tiebreaks),
                         s.played, s.withdrawn)
            for place, s in enumerate(table, start=1)
        ]
        png = render_standings(labels, rows)
        name = f"standings-{tournament.id}-{tournament.round}.png"
        embed.set_image(url=f"attachment://{name}")
        # The embed lists the same standings as text; the alt text says what the picture is.
        alt = f"{labels.title} · {subtitle}"[:ALT_TEXT_LIMIT]
        return embed, discord.File(io.BytesIO(png), filename=name, description=alt)

    async def standings_subtitle(self, tournament: Tournament, lang: str, announcing: int | None) -> str:
        """"final", "before the start", "after round 2 of 5", or "round 3 of 5 in progress"."""
        if tournament.status in (FINISHED, CANCELLED):
            return text(lang, "tour.final")
        if tournament.round == 0:
            return text(lang, "tour.before_start")
        if announcing is not None:
            return text(lang, "tour.after_round", round=announcing - 1, rounds=tournament.rounds)
        tables = await self.tournaments.tables(tournament.id, tournament.round)
        if tables and all(t.finished for t in tables):
            return text(lang, "tour.after_round", round=tournament.round, rounds=tournament.rounds)
        return text(lang, "tour.round_in_progress", round=tournament.round, rounds=tournament.rounds)

    @staticmethod
    def columns(tournament: Tournament, lang: str) -> list[str]:
        if tournament.format == TABLES:
            return [text(lang, "tour.col.points"), text(lang, "tour.col.victory")]
        return [text(lang, "tour.col.points"), text(lang, "tour.col.buchholz"), text(lang, "tour.col.sb")]

    @staticmethod
    def lines(table: list[Standing], columns: list[str], lang: str) -> str:
        out = []
        for place, s in enumerate(table, start=1):
            values = [points_text(s.points), *(points_text(t) for t in s.tiebreaks)]
            shown = " · ".join(f"{label} {value}" for label, value in zip(columns, values, strict=True))
            mark = f" ({text(lang, 'tour.withdrawn_mark')})" if s.withdrawn else ""
            out.append(f"{place}. <@{s.user_id}>{mark}: {shown} · {text(lang, 'tour.col.played')} {s.played}")
        return "\n".join(out)[:4000] or "-"

    # -- what the durable jobs post -----------------------------------------------------------------

    async def announce_round(self, tournament: Tournament, job: TournamentJob) -> None:
        """Standings so far, then the round's games with a link to each board, naming their players and
        pinging those heard by the mention; those heard by DM are told privately (``/agora notify``)."""
        lang = await self.bot.language_of(tournament.guild_id)
        channel = self.send(tournament.channel_id)
        if job.round == 1:
            await self.refresh_announcement(tournament)
        else:
            embed, picture = await self.standings_message(tournament, lang, announcing=job.round)
            await channel.send(embed=embed, file=picture)
        tables = await self.tournaments.tables(tournament.id, job.round)
        links = await self.board_links(tables)
        closed = await self.tell_players(tournament, job.round, tables, links, lang)
        content = mention_list([uid for t in tables for uid in t.seats])
        games = [table.game_id for table in tables if table.game_id is not None]  # the leaders' boards first
        offer = await top_boards_offer(self.bot, tournament.guild_id, games, lang)
        await channel.send(
            content="\n".join([content, *(text(lang, "notice.dms_closed", user=uid) for uid in closed)])[:2000],
            embed=self.round_embed(tournament, job.round, tables, lang, links),
            allowed_mentions=await self.bot.notices.pings(content),  # closed DMs are heard by the mention now
            view=offer,
        )

    async def board_links(self, tables: list[Table]) -> dict[int, str]:
        """A link to each game's board, by game (a game whose board is not posted yet links to its channel)."""
        links = {}
        for table in tables:
            if table.game_id is not None:
                links[table.game_id] = jump_link((await self.bot.service.load(table.game_id)).row)
        return links

    async def tell_players(
        self, tournament: Tournament, round_: int, tables: list[Table], links: dict[int, str], lang: str
    ) -> list[int]:
        """Tell each player heard by DM privately where they play; returns those whose DMs were found closed
        now (to be told once, in the announcement).  A digest lists the round's game once it waits for them."""
        closed = []
        for table in tables:
            for choice in (await self.bot.notices.store.of(table.seats)).values():
                if choice.heard_by != DM:
                    continue
                private = choice.lang(await self.bot.dm_language(choice.user_id, tournament.guild_id))
                notice = self.round_notice(tournament, round_, table, choice.user_id, links, private)
                if await self.bot.notices.dm(choice.user_id, notice) is Delivery.CLOSED_NOW:
                    closed.append(choice.user_id)
        return closed

    @staticmethod
    def round_notice(
        tournament: Tournament, round_: int, table: Table, user_id: int, links: dict[int, str], lang: str
    ) -> str:
        """What one player is told privately of a round: their game, its opponents and board, or their bye."""
        values = {"id": tournament.id, "round": round_, "game": tournament.name}
        if table.game_id is None:
            return text(lang, "tour.dm_bye", **values)
        others = mention_list([uid for uid in table.seats if uid != user_id])
        return text(lang, "tour.dm_game", **values, game_id=table.game_id, others=others, link=links[table.game_id])

    async def post_boards(self, tournament: Tournament, job: TournamentJob) -> None:
        """Each game's first board, in its own thread when the server runs games in threads."""
        lang = await self.bot.language_of(tournament.guild_id)
        threads = (await self.bot.settings.get(tournament.guild_id)).threads
        for table in await self.tournaments.tables(tournament.id, job.round):
            if table.game_id is not None:
                await self.start_table(tournament, job.round, table.game_id, threads, lang)

    def round_embed(
        self, tournament: Tournament, round_: int, tables: list[Table], lang: str, links: dict[int, str]
    ) -> discord.Embed:
        lines = []
        for table in tables:
            players = " – ".join(f"<@{uid}>" for uid in table.seats)
            if table.game_id is None:
                lines.append(text(lang, "tour.round_bye", players=players))
            else:
                lines.append(text(lang, "tour.round_game_link", game_id=table.game_id, players=players,
                                  link=links[table.game_id]))
        embed = discord.Embed(
            title=text(lang, "tour.round_title", id=tournament.id, round=round_, rounds=tournament.rounds),
            description="\n".join(lines)[:4000], colour=COLOUR,
        )
        if tournament.format != TABLES:  # who moves first is balanced in duels: say what that means in this game
            embed.set_footer(text=game_text(lang, "tour.sides", tournament.game))
        return embed

    async def start_table(self, tournament: Tournament, round_: int, game_id: int, threads: bool, lang: str) -> None:
        """Post a game's first board once (a restart in the middle posts only the boards still missing)."""
        record = await self.bot.service.load(game_id)
        if record.row.message_id is not None:
            return
        if threads:
            record = await self.open_thread(tournament, round_, record, lang)
        await game_cog(self.bot, record.game).post_board(None, record)

    async def open_thread(self, tournament: Tournament, round_: int, record: GameRecord, lang: str) -> GameRecord:
        values = {"id": tournament.id, "round": round_, "game_id": record.id}
        channel = self.bot.get_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return record  # threads open from a server text channel only
        said = text(lang, "tour.game_thread", **values) + " " + mention_list(record.seats)
        message = await channel.send(said, allowed_mentions=await self.bot.notices.pings(said))
        try:
            thread = await message.create_thread(name=text(lang, "tour.thread_name", **values))
        except discord.HTTPException:
            log.info("could not open a thread for game %s; it stays in its channel", record.id)
            return record
        await self.bot.service.set_channel(record.id, thread.id)
        return await self.bot.service.load(record.id)

    async def announce_end(self, tournament: Tournament, job: TournamentJob) -> None:
        await reward_tournament_winner(self.bot, tournament.guild_id, tournament.winner)  # never raises
        lang = await self.bot.language_of(tournament.guild_id)
        await self.refresh_announcement(tournament)
        embed, picture = await self.standings_message(tournament, lang)
        table = [s for s in await self.tournaments.standings(tournament) if s.played or s.points]
        keys = ("tour.podium", "tour.podium2", "tour.podium3")
        names = ("first", "second", "third")
        podium = [text(lang, key, **{name: s.user_id}) for key, name, s in zip(keys, names, table, strict=False)]
        title = text(lang, "tour.podium_title", id=tournament.id, game=tournament.name)
        content = "\n".join([title, *podium]) if podium else f"{title}\n{text(lang, 'tour.no_result')}"
        await self.send(tournament.channel_id).send(
            content=content, embed=embed, file=picture, allowed_mentions=PLAYERS_ONLY
        )

    async def announce_cancel(self, tournament: Tournament, job: TournamentJob) -> None:
        lang = await self.bot.language_of(tournament.guild_id)
        await self.refresh_announcement(tournament)
        said = text(lang, "tour.cancelled", id=tournament.id, game=tournament.name)
        await self.send(tournament.channel_id).send(said)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(TournamentCog(bot))
