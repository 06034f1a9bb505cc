"""/replay: watch any game of the server move by move, and export it as an animated GIF.

A replay is rebuilt from what the database keeps: the game's seed and options
give the starting position (``GAMES[game].new``) and the move log is played on
it.  Every frame is drawn from the spectators' view (``view(None)``), the one
every engine offers, so a replay never shows hidden information, finished or
not.  The final position of a finished game is drawn with its stored result
(a resignation, a time-out or an agreed draw, which the position alone does not
show) in place of whose turn it was; earlier frames keep whose turn it was then,
since stepping through a game is following it move by move, and the panel's text
gives the result at every step.  The replay panel is ephemeral (one viewer's browsing does not disturb the
channel); its First / Previous / Next / Last buttons carry the position to show
(``agora:rp:<game id>:<ply>:<action>``) and keep working after a restart.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.alt_text import alt_text
from bot.app import AgoraBot
from bot.endings import result_text, stored_ending
from bot.i18n import text, word
from bot.limits import WorkLimiter
from bot.movelog import replay
from bot.names import shown_name
from bot.service import ACTIVE, FINISHED, GameRecord, ServiceError, refusal
from bot.storage import MoveRow
from cogs.common import COLOUR, controls_view, guarded, picture_words
from render import replay as replay_gif
from render.kit import Render
from rules import GAMES, GameState, IllegalMove

JSON = dict[str, Any]
# A GIF takes seconds of CPU: one player exports one a minute, a server one every 20 s,
# and at most four wait or run at once across the bot, drawn one at a time.
GIF_USER_SECONDS, GIF_SERVER_SECONDS, GIF_QUEUE = 60.0, 20.0, 4
T = TypeVar("T")
ACTIONS = {"first": "First", "prev": "Previous", "next": "Next", "last": "Last", "gif": "Export GIF"}
EMOJIS = {"first": "⏮️", "prev": "◀️", "next": "▶️", "last": "⏭️", "gif": "🎞️"}


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"agora:rp:(?P<game>[0-9]{1,20}):(?P<ply>[0-9]{1,7}):(?P<action>first|prev|next|last|gif)",
):
    """A replay control: show the position after ``ply`` moves of game ``game_id`` (or export the GIF)."""

    def __init__(self, game_id: int, ply: int, action: str, *, disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if action == "gif" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=ACTIONS[action], style=style, emoji=EMOJIS[action], disabled=disabled,
                custom_id=f"agora:rp:{game_id}:{ply}:{action}",
            )
        )
        self.game_id, self.ply, self.action = game_id, ply, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["ply"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: AgoraBot = interaction.client
        cog = bot.get_cog("Replays")
        assert isinstance(cog, Replays)
        await guarded(interaction, lambda: cog.on_click(interaction, self.game_id, self.ply, self.action))


def position_after(record: GameRecord, moves: Sequence[MoveRow], ply: int) -> GameState[Any]:
    """The game as it stood after its first ``ply`` moves, replayed from its seed and options."""
    return replay(record.row, moves[:ply])


def every_position(record: GameRecord, moves: Sequence[MoveRow]) -> list[GameState[Any]]:
    """The starting position and the one after each move, in one pass."""
    states = [position_after(record, moves, 0)]
    for move in moves:
        states.append(states[-1].play(move.seat, move.notation))
    return states


async def off_loop(func: Callable[..., T], *args: Any) -> T:
    """Run a replay step in a thread; a move log the engine refuses is a damaged game, not a crash."""
    try:
        return await asyncio.to_thread(func, *args)
    except IllegalMove:
        raise refusal("err.replay_damaged") from None


def renderer(game: str) -> Render:
    func: Render = importlib.import_module(f"render.{game}").render
    return func


def gif_of(
    record: GameRecord,
    moves: Sequence[MoveRow],
    names: Sequence[str],
    result: str | None = None,
    words: Mapping[str, str] | None = None,
) -> bytes:
    """The whole game as a GIF: a sample of at most ``MAX_FRAMES`` positions, first and last included;
    the last frame shows ``result``; ``words``: the pictures' words in the server's language."""
    states = every_position(record, moves)
    draw = renderer(record.game)
    shown = replay_gif.sample(len(states))
    frames = [
        draw(states[i].view(None), names, words=words, result=result if i == shown[-1] else None) for i in shown
    ]
    return replay_gif.gif(frames)


class Replays(commands.Cog):
    """Replays of stored games."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.exports = WorkLimiter(user_seconds=GIF_USER_SECONDS, server_seconds=GIF_SERVER_SECONDS, queue=GIF_QUEUE)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReplayButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ReplayButton)

    @app_commands.command(name="replay", description="Watch a game move by move (or export it as a GIF).")
    @app_commands.describe(game="The game's number, e.g. 12 (see /history)")
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction[Any], game: int) -> None:
        async def work() -> None:
            record, moves = await self.replayable(interaction, game)
            await interaction.response.send_message(**await self.panel(record, moves, 0), ephemeral=True)

        await guarded(interaction, work)

    @replay.autocomplete("game")
    async def game_choices(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        rows = await self.bot.storage.games_of_user(interaction.user.id, interaction.guild_id, [FINISHED, ACTIVE])
        choices = []
        for row in rows:
            label = f"#{row.id} {GAMES[row.game].name} ({row.status})"
            if current.strip("#") in str(row.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label, value=row.id))
        return choices[:25]

    async def replayable(self, interaction: discord.Interaction[Any], game_id: int) -> tuple[GameRecord, list[MoveRow]]:
        record = await self.service.load(game_id)
        if record.row.guild_id != interaction.guild_id:
            raise refusal("err.no_game_here_id", id=game_id)
        if record.state is None or record.game not in GAMES:
            raise refusal("err.replay_unstarted", id=game_id)
        return record, await self.service.move_log(game_id)

    async def on_click(self, interaction: discord.Interaction[Any], game_id: int, ply: int, action: str) -> None:
        record, moves = await self.replayable(interaction, game_id)
        if action == "gif":
            await self.export(interaction, record, moves)
            return
        target = {"first": 0, "last": len(moves)}.get(action, ply)
        panel = await self.panel(record, moves, min(max(target, 0), len(moves)))
        await interaction.response.edit_message(
            content=panel["content"], embed=panel["embed"], attachments=[panel["file"]], view=panel["view"]
        )

    async def panel(self, record: GameRecord, moves: Sequence[MoveRow], ply: int) -> dict[str, Any]:
        """The replay message at position ``ply``: picture, what happened, and the stepping buttons."""
        names = await self.service.display_names(record)  # drawn as typed; messages show ``shown``
        shown = [shown_name(name) for name in names]
        state = await off_loop(position_after, record, moves, ply)
        result = await self.result_at(record, names, ply == len(moves))
        view = state.view(None)
        lang = await self.bot.language_of(record.row.guild_id)
        drawn = partial(renderer(record.game), words=picture_words(record.game, lang), result=result)
        png = await asyncio.to_thread(drawn, view, names)
        alt = alt_text(view, names, lang, result)
        filename = f"replay-{record.id}-{ply}.png"
        title = text(lang, "replay.title", game=GAMES[record.game].name, id=record.id)
        embed = discord.Embed(title=title, colour=COLOUR)
        step = self.step_line(moves, ply, shown, state, record.row.status == FINISHED, lang)
        embed.description = "\n".join([step, self.status_line(record, shown, lang)])
        embed.set_image(url=f"attachment://{filename}")
        embed.set_footer(text=text(lang, "replay.footer"))
        at_start, at_end = ply == 0, ply >= len(moves)
        controls = [
            ReplayButton(record.id, 0, "first", disabled=at_start),
            ReplayButton(record.id, max(ply - 1, 0), "prev", disabled=at_start),
            ReplayButton(record.id, min(ply + 1, len(moves)), "next", disabled=at_end),
            ReplayButton(record.id, len(moves), "last", disabled=at_end),
            ReplayButton(record.id, ply, "gif", disabled=not moves),
        ]
        return {
            "content": None,
            "embed": embed,
            "file": discord.File(io.BytesIO(png), filename=filename, description=alt),
            "view": controls_view(controls),
        }

    @staticmethod
    def step_line(
        moves: Sequence[MoveRow], ply: int, names: Sequence[str], state: GameState[Any], over: bool, lang: str
    ) -> str:
        """What the move did, in words: once the game is over as its player saw it, before that
        only what the spectators' view tells (a secret set of powers stays secret)."""
        if ply == 0:
            return text(lang, "replay.start", moves=len(moves))
        move = moves[ply - 1]
        described = state.describe(state.view(move.seat if over else None), names)
        told = text(lang, "replay.hidden") if described is None else word(lang, described)
        return text(lang, "replay.step", ply=ply, moves=len(moves), told=told)

    @staticmethod
    def status_line(record: GameRecord, names: Sequence[str], lang: str) -> str:
        outcome = record.outcome
        if record.row.status != FINISHED or outcome is None:
            return text(lang, "replay.ongoing")
        return text(lang, "replay.result", result=result_text(lang, record.game, outcome, record.row.end_reason, names))

    async def result_at(self, record: GameRecord, names: Sequence[str], final: bool) -> str | None:
        """The stored result for the final position's picture, in the server's language."""
        if not final:
            return None
        return stored_ending(record, names, await self.bot.language_of(record.row.guild_id))

    async def export(self, interaction: discord.Interaction[Any], record: GameRecord, moves: list[MoveRow]) -> None:
        """The whole game as an animated GIF, sent privately to the one who asked.

        Exports are bounded (see ``bot/limits.py``): a player or a server asking again too
        soon, or a full queue, gets a polite answer saying when to try again.
        """
        refused = self.exports.admit(interaction.user.id, interaction.guild_id)
        if refused is not None:
            lang = await self.bot.language_of(interaction.guild_id)
            raise ServiceError(text(lang, f"replay.wait_{refused.reason}", seconds=refused.wait))
        async with self.exports.turn():
            await self.send_gif(interaction, record, moves)

    async def send_gif(self, interaction: discord.Interaction[Any], record: GameRecord, moves: list[MoveRow]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = await self.service.display_names(record)  # drawn as typed: a picture has no markdown
        words = picture_words(record.game, await self.bot.language_of(record.row.guild_id))
        data = await off_loop(gif_of, record, moves, names, await self.result_at(record, names, True), words)
        said = f"Replay of {GAMES[record.game].name} #{record.id}: {len(moves)} move(s)."
        await interaction.followup.send(
            said,
            file=discord.File(io.BytesIO(data), filename=f"replay-{record.id}.gif", description=said),
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Replays(bot))
