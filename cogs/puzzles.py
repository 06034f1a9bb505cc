"""``/puzzle``: puzzles cut from this server's finished games, answered privately with the game's own controls.

The logic lives in :mod:`bot.puzzles` (keeping, dealing, answers, ratings, streaks) and
:mod:`bot.mining` (finding them); this cog queues each finished game for mining (in the transaction
that ends it), mines the queue in a worker of its own at the lowest priority, and draws the puzzle
panel: the position as the mover saw it and the controls its board shows (the game cog's
:meth:`~cogs.table.base.TableCog.lesson_controls`, as a ``/learn`` lesson draws them), rebound to this
panel (``agora:puzzle:<id>:g:<action>``), so a click never touches a stored game.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.alt_text import alt_text
from bot.app import AgoraBot
from bot.database import Connection
from bot.i18n import game_named, plural, text, word
from bot.mining import mine
from bot.names import shown_name
from bot.puzzles import Answered, DailyPost, DayResult, Puzzle, PuzzleSettings, PuzzleStore, day_of
from bot.records import GameRecord
from bot.service import ACTIVE, FINISHED, invalid_control, refusal
from bot.storage import GameRow, WithinTransaction
from bot.workers import QuietWorkers
from cogs.common import COLOUR, controls_view, echo, game_cog, guarded, picture_words, rebound, update_clicked
from cogs.review import every_state
from cogs.table.controls import Rebind
from render.learn import lesson_picture
from render.review import side_by_side
from rules import GAMES, IllegalMove, Outcome

log = logging.getLogger("agora.cogs")
T = TypeVar("T")

ACTIONS = r"open|next|move|g:[!-~]{1,80}"
STAND_IN_ID = 1  # the record a puzzle's position is drawn as: no stored game has to exist
MINING_DELAY = 600.0  # seconds after a game ends before it is mined: its players' review and rematch go first
MENU_LIMIT = 25  # Discord's options in one select
BOARD_SIZE = 20  # the puzzle table shows the best this many
PUZZLES = "puzzles"  # the leaderboard's puzzle table
OFF_WORDS = ("off", "none", "no", "non", "aucun", "désactivé")
NO_PINGS = discord.AllowedMentions.none()  # the daily post names its first solver without pinging them


class PuzzleControl(
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=rf"agora:puzzle:(?P<id>[0-9]{{1,12}}):(?P<action>{ACTIONS})",
):
    """A control of a puzzle panel: one of the game's own (``g:<action>``), the move menu, or "Next puzzle"."""

    def __init__(self, item: discord.ui.Item[Any], puzzle_id: int, action: str) -> None:
        super().__init__(item)
        self.puzzle_id, self.action = puzzle_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PuzzleControl:
        return cls(item, int(match["id"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Puzzles")
        assert isinstance(cog, Puzzles)
        values = list(cast(dict[str, Any], interaction.data or {}).get("values", []))
        await guarded(interaction, lambda: cog.on_click(interaction, self.puzzle_id, self.action, values))


def custom_id(puzzle_id: int, action: str) -> str:
    return f"agora:puzzle:{puzzle_id}:{action}"


def button(puzzle_id: int, action: str, label: str, style: discord.ButtonStyle) -> PuzzleControl:
    item: discord.ui.Button[Any] = discord.ui.Button(label=label, style=style, custom_id=custom_id(puzzle_id, action))
    return PuzzleControl(item, puzzle_id, action)


def puzzle_control(puzzle_id: int) -> Rebind:
    """Makes a game's control (its button or select, as the game drew it) a control of the puzzle."""

    def rebind(item: discord.ui.Item[Any], action: str) -> discord.ui.Item[Any]:
        own = f"g:{action}"
        if not isinstance(item, (discord.ui.Button, discord.ui.Select)):
            raise TypeError(f"a game control is a button or a select, not {item!r}")
        item.custom_id = custom_id(puzzle_id, own)
        return PuzzleControl(item, puzzle_id, own)

    return rebind


def stand_in(puzzle: Puzzle, solver: int, bot: int) -> GameRecord:
    """The puzzle's position as a game record for the game's cog to draw controls over (never stored):
    the solver in the mover's seat, Agora in the others."""
    state = puzzle.state()
    seats = [bot] * state.players
    seats[puzzle.seat] = solver
    row = GameRow(
        id=STAND_IN_ID, game=puzzle.game, guild_id=puzzle.guild_id, channel_id=0, status=ACTIVE, seats=seats,
        accepted=seats, options={}, seed=0, state=state.to_json(), draft=[], outcome=None, end_reason=None,
        version=0, message_id=None, created_at=0.0, updated_at=0.0, turn_started_at=None,
    )  # fmt: skip
    return GameRecord(row, state, None)


class Puzzles(commands.Cog):
    """``/puzzle``, ``/puzzle-privacy``, the puzzle panels' controls and the mining of finished games."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.store = PuzzleStore(bot.storage)
        self.miner: asyncio.Task[None] | None = None
        self.workers = QuietWorkers()  # apart from the AI workers: live moves and reviews never wait for mining

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PuzzleControl)
        self.bot.service.on_finish.append(self.queue_step)
        self.bot.scheduler.sweeps.append(self.mine_soon)
        self.bot.scheduler.sweeps.append(self.post_daily)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PuzzleControl)
        self.bot.service.on_finish.remove(self.queue_step)
        self.bot.scheduler.sweeps.remove(self.mine_soon)
        self.bot.scheduler.sweeps.remove(self.post_daily)
        if self.miner is not None:
            self.miner.cancel()
        self.workers.close()

    # -- mining --------------------------------------------------------------------------

    def queue_step(self, row: GameRow, outcome: Outcome) -> WithinTransaction:
        """In the transaction that ends a game: queue it for mining (a game between two seats or more)."""
        now = self.bot.clock()

        async def step(db: Connection) -> None:
            if len(row.seats) >= 2:
                await db.execute(
                    "INSERT INTO puzzle_mining (game_id, queued_at) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING",
                    (row.id, now),
                )

        return step

    async def mine_soon(self) -> int:
        """A scheduler sweep: start mining the games due, unless mining is under way. Mining runs beside the
        scheduler, never in its turn, so no job waits for it; returns 0 (no job ran)."""
        if (self.miner is None or self.miner.done()) and await self.due() is not None:
            self.miner = asyncio.create_task(self.mine_queue(), name="agora-puzzle-mining")
        return 0

    async def due(self) -> int | None:
        return await self.store.next_to_mine(self.bot.clock() - MINING_DELAY)

    async def mine_queue(self) -> None:
        while (game_id := await self.due()) is not None:
            try:
                await self.mine_game(game_id)
            except Exception:  # a game that cannot be mined is marked done: the queue goes on
                if self.bot.is_closed():
                    return  # the bot is stopping: the game stays queued for its next start
                log.exception("mining game %s for puzzles failed", game_id)
                await self.store.keep_mined(game_id, 0, "", (), (), 0.0, self.bot.clock())

    async def mine_game(self, game_id: int) -> list[int]:
        """Mine one finished game (in short jobs in the quiet worker, behind everything else) and keep
        its puzzles; a game with a player who keeps their games out gives none. Returns the new ids."""
        record = await self.bot.service.load(game_id)
        players = sorted({uid for seat, uid in enumerate(record.seats) if seat not in record.bot_seats})
        if record.row.status != FINISHED or not players or await self.store.opted_out(players):
            return await self.store.keep_mined(
                game_id, record.row.guild_id, record.game, players, (), 0.0, self.bot.clock()
            )
        moves = [(move.seat, move.notation) for move in await self.bot.storage.moves(game_id)]
        states = await asyncio.to_thread(every_state, record, moves)
        mined = await mine(self.run, record.game, game_id, states, moves)
        if await self.store.opted_out(players):  # a player chose to keep their games out meanwhile
            mined = type(mined)((), mined.weighed, mined.seconds)
        guild = record.row.guild_id
        return await self.store.keep_mined(
            game_id, guild, record.game, players, mined.found, mined.seconds, self.bot.clock()
        )

    def run(self, work: Callable[..., T], /, *args: Any) -> Any:
        return self.workers.run(work, *args)

    # -- the daily puzzle ----------------------------------------------------------------

    async def post_daily(self) -> int:
        """A scheduler sweep: on each server with a puzzle channel, show the results of the days gone by, then
        post today's puzzle if no look (of any process, before or after a restart) took today yet. Returns
        how many posts went out."""
        today = day_of(self.bot.clock())
        sent = 0
        for settings in await self.store.daily_servers():
            for post in await self.store.days_to_close(settings.guild_id, today):
                await self.close_post(post)
            if await self.store.has_day(settings.guild_id, today):
                continue
            puzzle = await self.store.day_pick(settings.guild_id, today)
            picked = None if puzzle is None else puzzle.id
            assert settings.channel_id is not None
            if await self.store.claim_day(settings.guild_id, today, picked, settings.channel_id):
                sent += await self.post(settings.guild_id, settings.channel_id, today, puzzle)
        return sent

    async def post(self, guild_id: int, channel_id: int, day: str, puzzle: Puzzle | None) -> int:
        """Post the day's puzzle (nothing on a day without one); 1 if it went out. A post that fails (the
        channel gone, no permission) is not tried again: the day stays taken."""
        if puzzle is None:
            return 0
        lang = await self.bot.language_of(guild_id)
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            if not isinstance(channel, discord.abc.Messageable):
                raise discord.ClientException(f"channel {channel_id} takes no messages")
            message = await channel.send(**await self.daily_message(puzzle, day, lang, None))
        except (discord.HTTPException, discord.ClientException):
            log.warning("the daily puzzle of server %s could not be posted in channel %s", guild_id, channel_id)
            return 0
        await self.store.posted(guild_id, day, message.id)
        return 1

    async def daily_message(self, puzzle: Puzzle, day: str, lang: str, result: DayResult | None) -> dict[str, Any]:
        """The daily post: the position, where it comes from, and Solve; at the day's end, who solved it."""
        names = [text(lang, "puzzle.other", seat=seat + 1) for seat in range(puzzle.state().players)]
        view = game_cog(self.bot, puzzle.game).pictured(puzzle.state().view(puzzle.seat), lang)
        words = picture_words(puzzle.game, lang)
        png = await self.bot.drawing.draw(lesson_picture, puzzle.game, view, names, words=words)
        filename = f"daily-{puzzle.id}.png"
        embed = discord.Embed(
            title=text(lang, "puzzle.daily_title", day=day, game=game_named(puzzle.game)), colour=COLOUR
        )
        lines = [await self.source(puzzle, lang), text(lang, "puzzle.daily_ask", name=names[puzzle.seat])]
        if result is not None:
            first = text(lang, "puzzle.daily_first", user=f"<@{result.first}>") if result.first else ""
            lines.append(plural(lang, "puzzle.daily_solved", result.solved, count=result.solved) + first)
        embed.description = "\n\n".join(lines)
        embed.set_image(url=f"attachment://{filename}")
        picture = discord.File(io.BytesIO(png), filename=filename, description=alt_text(view, names, lang))
        solve = button(puzzle.id, "open", text(lang, "puzzle.solve"), discord.ButtonStyle.primary)
        return {"embed": embed, "files": [picture], "view": controls_view([solve]), "allowed_mentions": NO_PINGS}

    async def close_post(self, post: DailyPost) -> None:
        """At a day's end: its post shows how many solved the puzzle, and who first (once)."""
        result = await self.store.close_day(post)
        puzzle = None if post.puzzle_id is None else await self.store.get(post.puzzle_id)
        if result is None or puzzle is None or post.message_id is None:
            return
        lang = await self.bot.language_of(post.guild_id)
        said = await self.daily_message(puzzle, post.day, lang, result)
        said["attachments"] = said.pop("files")
        try:
            channel = self.bot.get_partial_messageable(post.channel_id)
            await channel.get_partial_message(post.message_id).edit(**said)
        except discord.HTTPException:
            log.warning("the daily puzzle post %s could not be closed", post.message_id)

    # -- /puzzle ----------------------------------------------------------------------------

    @app_commands.command(name="puzzle", description="Your next puzzle from this server's games, in private.")
    @app_commands.describe(game="Only puzzles of this game")
    @app_commands.choices(game=[app_commands.Choice(name=GAMES[game].name, value=game) for game in sorted(GAMES)])
    @app_commands.guild_only()
    async def puzzle(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            found = await self.store.next_for(interaction.user.id, interaction.guild_id, game)
            if found is None:
                key = "puzzle.none_of_game" if game is not None else "puzzle.none"
                raise refusal(key, game=game_named(game) if game is not None else "")
            panel = await self.asking(interaction, found, "", None)
            files = panel.pop("attachments")
            await interaction.response.send_message(**panel, files=files, ephemeral=True)

        await guarded(interaction, work)

    @app_commands.command(name="puzzle-privacy", description="Keep your games out of puzzles, or let them in.")
    @app_commands.describe(keep_out="True: no puzzle is cut from your games (those cut already are dropped)")
    async def privacy(self, interaction: discord.Interaction[Any], keep_out: bool | None = None) -> None:
        async def work() -> None:
            lang = await self.bot.reply_language(interaction)
            user = interaction.user.id
            if keep_out is None:
                said = text(lang, "puzzle.privacy_out" if await self.store.is_opted_out(user) else "puzzle.privacy_in")
            else:
                dropped = await self.store.set_opt_out(user, keep_out, self.bot.clock())
                said = (
                    plural(lang, "puzzle.kept_out", dropped, dropped=dropped)
                    if keep_out
                    else text(lang, "puzzle.let_in")
                )
            await interaction.response.send_message(said, ephemeral=True)

        await guarded(interaction, work)

    # -- clicks -----------------------------------------------------------------------------

    async def on_click(
        self, interaction: discord.Interaction[Any], puzzle_id: int, action: str, values: list[str]
    ) -> None:
        check_owner(interaction)
        puzzle = await self.store.get(puzzle_id)
        if puzzle is None or puzzle.guild_id != interaction.guild_id:
            raise refusal("puzzle.gone")
        if action == "open":  # the daily post's Solve: the puzzle in a private panel
            panel = await self.asking(interaction, puzzle, "", None)
            files = panel.pop("attachments")
            await interaction.response.send_message(**panel, files=files, ephemeral=True)
        elif action == "next":
            await self.deal_next(interaction)
        elif action == "move" and values:
            await self.try_answer(interaction, puzzle, values[0])
        elif action.startswith("g:"):
            await self.on_game_control(interaction, puzzle, action.removeprefix("g:"), values)
        else:
            raise invalid_control()

    async def deal_next(self, interaction: discord.Interaction[Any]) -> None:
        """The panel moves on to the player's next puzzle (of any game: "next" follows no filter)."""
        assert interaction.guild_id is not None
        found = await self.store.next_for(interaction.user.id, interaction.guild_id)
        if found is None:
            raise refusal("puzzle.none")
        await update_clicked(interaction, **await self.asking(interaction, found, "", None))

    async def on_game_control(
        self, interaction: discord.Interaction[Any], puzzle: Puzzle, action: str, values: list[str]
    ) -> None:
        """A click on one of the game's own controls: the move it plays, or the controls that follow it."""
        cog = game_cog(self.bot, puzzle.game)
        if not cog.knows(action):
            raise invalid_control()
        click = cog.lesson_click(self.record(puzzle, interaction.user.id), puzzle.seat, action, values)
        if click.move is not None:
            await self.try_answer(interaction, puzzle, click.move)
        else:
            await update_clicked(interaction, **await self.asking(interaction, puzzle, "", click.picked))

    async def try_answer(self, interaction: discord.Interaction[Any], puzzle: Puzzle, notation: str) -> None:
        """A move the rules refuse is explained and changes nothing; any other is the player's answer."""
        lang = await self.bot.reply_language(interaction)
        try:
            puzzle.state().play(puzzle.seat, notation)
        except IllegalMove as refused:
            said = text(lang, "puzzle.refused", move=echo(notation), why=word(lang, refused.text))
            await update_clicked(interaction, **await self.asking(interaction, puzzle, said, None))
            return
        answered = await self.store.answer(puzzle, interaction.user.id, notation, self.bot.clock())
        await update_clicked(interaction, **await self.answered(interaction, puzzle, notation, answered))

    # -- the panel --------------------------------------------------------------------------

    async def asking(
        self, interaction: discord.Interaction[Any], puzzle: Puzzle, said: str, picked: str | None
    ) -> dict[str, Any]:
        """The puzzle as it is asked: the position the mover saw, its words and the game's controls."""
        lang = await self.bot.reply_language(interaction)
        names = await self.names(interaction, puzzle, lang)
        view = game_cog(self.bot, puzzle.game).pictured(puzzle.state().view(puzzle.seat), lang)
        png = await self.bot.drawing.draw(
            lesson_picture, puzzle.game, view, names, words=picture_words(puzzle.game, lang)
        )
        filename = f"puzzle-{puzzle.id}.png"
        embed = discord.Embed(title=self.title(puzzle, lang), colour=COLOUR)
        ask = text(lang, "puzzle.ask", name=names[puzzle.seat])
        embed.description = "\n\n".join(part for part in (said, await self.source(puzzle, lang), ask) if part)
        embed.set_image(url=f"attachment://{filename}")
        embed.set_footer(text=text(lang, "puzzle.footer"))
        picture = discord.File(io.BytesIO(png), filename=filename, description=alt_text(view, names, lang))
        return {
            "content": None,
            "embed": embed,
            "attachments": [picture],
            "view": self.controls(interaction, puzzle, picked, lang),
        }

    async def answered(
        self, interaction: discord.Interaction[Any], puzzle: Puzzle, notation: str, answer: Answered
    ) -> dict[str, Any]:
        """Right or wrong, what it did to the player's rating and streak, and the line pictured."""
        lang = await self.bot.reply_language(interaction)
        names = await self.names(interaction, puzzle, lang)
        verdict = text(lang, "puzzle.right" if answer.solved else "puzzle.wrong", move=echo(notation), best=puzzle.best)
        lines = [verdict, text(lang, "puzzle.played", move=puzzle.played, name=names[puzzle.seat])]
        lines.append(text(lang, "puzzle.line", line=self.line_words(puzzle, names)))
        if answer.counted:
            lines.append(text(lang, "puzzle.rated", before=answer.before, after=answer.after, streak=answer.streak))
        else:
            lines.append(text(lang, "puzzle.practice"))
        embed = discord.Embed(title=self.title(puzzle, lang), colour=COLOUR, description="\n\n".join(lines))
        filename = f"puzzle-{puzzle.id}-line.png"
        png = await self.line_picture(puzzle, notation, names, lang)
        embed.set_image(url=f"attachment://{filename}")
        alt = text(lang, "puzzle.alt", move=echo(notation), best=puzzle.best)
        picture = discord.File(io.BytesIO(png), filename=filename, description=alt)
        later = button(puzzle.id, "next", text(lang, "puzzle.next"), discord.ButtonStyle.primary)
        return {"content": None, "embed": embed, "attachments": [picture], "view": controls_view([later])}

    async def line_picture(self, puzzle: Puzzle, notation: str, names: list[str], lang: str) -> bytes:
        """The position after the player's move beside the one at the end of the line, as the mover sees them."""
        cog = game_cog(self.bot, puzzle.game)
        start = puzzle.state()
        theirs = start.play(puzzle.seat, notation)
        line = start
        for seat, move in puzzle.line:
            line = line.play(seat, move)
        views = [cog.pictured(after.view(puzzle.seat), lang) for after in (theirs, line)]
        captions = (text(lang, "puzzle.yours", move=notation), text(lang, "puzzle.after_line", plies=len(puzzle.line)))
        words = picture_words(puzzle.game, lang)
        return await self.bot.drawing.draw(side_by_side, puzzle.game, *views, names, words=words, captions=captions)

    @staticmethod
    def line_words(puzzle: Puzzle, names: list[str]) -> str:
        return " → ".join(f"{names[seat]}: **{move}**" for seat, move in puzzle.line)

    def title(self, puzzle: Puzzle, lang: str) -> str:
        return text(lang, "puzzle.title", id=puzzle.id, game=game_named(puzzle.game))

    async def source(self, puzzle: Puzzle, lang: str) -> str:
        """Where the puzzle comes from: the game and its players where the server allows names, else only the server."""
        if not (await self.store.settings(puzzle.guild_id)).names_shown:
            return text(lang, "puzzle.from_server")
        record = await self.bot.service.load(puzzle.game_id)
        names = await self.bot.service.display_names(record)
        return text(lang, "puzzle.from_game", id=puzzle.game_id, players=", ".join(names), ply=puzzle.ply)

    async def names(self, interaction: discord.Interaction[Any], puzzle: Puzzle, lang: str) -> list[str]:
        """The seats' names on the pictures: the solver in the mover's seat, the others named by seat only
        (the real players' names are in the source line, where the server allows them)."""
        count = puzzle.state().players
        names = [text(lang, "puzzle.other", seat=seat + 1) for seat in range(count)]
        names[puzzle.seat] = shown_name(interaction.user.display_name)
        return names

    def controls(
        self, interaction: discord.Interaction[Any], puzzle: Puzzle, picked: str | None, lang: str
    ) -> discord.ui.View:
        """The game's own controls for the position, else (a game whose cog draws none) a menu of its moves."""
        record = self.record(puzzle, interaction.user.id)
        drawn = game_cog(self.bot, puzzle.game).lesson_controls(record, puzzle.seat, picked, lang)
        own = rebound(drawn, puzzle_control(puzzle.id))
        return controls_view(own or [self.move_menu(puzzle, lang)])

    def move_menu(self, puzzle: Puzzle, lang: str) -> PuzzleControl:
        """Up to MENU_LIMIT moves to pick from, the answer among them (in the game's order: nothing tells it)."""
        legal = sorted({str(move) for move in puzzle.state().legal_moves(puzzle.seat)} - {puzzle.best})
        offered = sorted([puzzle.best, *legal[: MENU_LIMIT - 1]])
        options = [discord.SelectOption(label=move, value=move) for move in offered]
        item: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id(puzzle.id, "move"), options=options, placeholder=text(lang, "puzzle.choose_move")
        )
        return PuzzleControl(item, puzzle.id, "move")

    def record(self, puzzle: Puzzle, solver: int) -> GameRecord:
        assert self.bot.user is not None
        return stand_in(puzzle, solver, self.bot.user.id)


async def puzzle_settings(bot: AgoraBot, guild_id: int, channel: str | None, names: bool | None) -> PuzzleSettings:
    """``/agora settings puzzle_channel: puzzle_names:``: the server's puzzle choices, changed as asked."""
    store = PuzzleStore(bot.storage)
    current = await store.settings(guild_id)
    if channel is None and names is None:
        return current
    changed = replace(
        current,
        channel_id=current.channel_id if channel is None else channel_named(channel),
        names_shown=current.names_shown if names is None else names,
    )
    await store.update_settings(changed)
    return changed


def channel_named(typed: str) -> int | None:
    """The channel a setting names (a mention or an id), None for "off", else a refusal saying what is read.

    >>> channel_named("<#123456789012345678>"), channel_named(" off ")
    (123456789012345678, None)
    """
    if typed.strip().lower() in OFF_WORDS:
        return None
    found = re.fullmatch(r"\s*(?:<#([0-9]{15,21})>|([0-9]{15,21}))\s*", typed)
    if found is None:
        raise refusal("puzzle.channel_unreadable")
    return int(found[1] or found[2])


def describe_puzzles(embed: discord.Embed, settings: PuzzleSettings, lang: str) -> discord.Embed:
    """The settings' embed with the server's puzzle choices added."""
    channel = f"<#{settings.channel_id}>" if settings.channel_id else text(lang, "puzzle.daily_off")
    embed.add_field(name=text(lang, "puzzle.setting_channel"), value=channel, inline=False)
    names = text(lang, "yes" if settings.names_shown else "no")
    embed.add_field(name=text(lang, "puzzle.setting_names"), value=names, inline=False)
    return embed


async def puzzle_board(bot: AgoraBot, guild_id: int, game: str, lang: str) -> discord.Embed:
    """``/leaderboard … table:puzzles``: the server's best puzzle solvers of a game, BOARD_SIZE at most."""
    entries = await PuzzleStore(bot.storage).table(guild_id, game)
    name = game_named(game)
    embed = discord.Embed(title=text(lang, "puzzle.board_title", game=name), colour=COLOUR)
    lines = [
        text(
            lang,
            "puzzle.board_line",
            place=f"{place:>3}",
            user=f"<@{r.user_id}>",
            rating=r.label,
            solved=r.solved,
            tried=r.tried,
        )
        for place, r in enumerate(entries[:BOARD_SIZE], start=1)
    ]
    embed.description = "\n".join(lines) or text(lang, "puzzle.board_empty", game=name)
    embed.set_footer(text=text(lang, "puzzle.board_footer", shown=min(len(entries), BOARD_SIZE), total=len(entries)))
    return embed


async def puzzle_field(bot: AgoraBot, guild_id: int, user_id: int, lang: str) -> str | None:
    """The puzzle lines of a ``/profile``: each game's puzzle rating, and the streak (None: no puzzle answered)."""
    store = PuzzleStore(bot.storage)
    rated = await store.ratings_of(guild_id, user_id)
    if not rated:
        return None
    streak = await store.streak(guild_id, user_id)
    lines = [
        text(lang, "puzzle.profile_line", game=game_named(r.game), rating=r.label, solved=r.solved, tried=r.tried)
        for r in rated
        if r.game in GAMES
    ]
    lines.append(text(lang, "puzzle.profile_streak", current=streak.current, best=streak.best))
    return "\n".join(lines)


def check_owner(interaction: discord.Interaction[Any]) -> None:
    """Refuse a click on a puzzle panel that another player opened (Discord says whose it is)."""
    message = interaction.message
    opened = message.interaction_metadata if message is not None else None
    if opened is not None and opened.user.id != interaction.user.id:
        raise refusal("puzzle.not_yours")


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Puzzles(bot))
