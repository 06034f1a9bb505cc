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
(``agora:rp:<game id>:<ply>:<action>``) and keep working after a restart.  "Post to channel"
shares the frame on show (or, under an exported GIF, the GIF) in the channel for everyone,
saying who shared it: the same spectators' view, so sharing a game in progress gives nothing away.
A player of a finished game also finds **Play on** on their panel: a casual game against Agora from the
position on show, in their own seat (``cogs/play_on.py``, whose menu decides from the stored game).
"""

from __future__ import annotations

import asyncio
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
from bot.commentary import after_the_end
from bot.endings import result_text, stored_ending
from bot.i18n import game_name, game_named, plural, text, word
from bot.limits import WorkLimiter
from bot.movelog import replay
from bot.names import shown_name
from bot.play_on import may_play_on
from bot.service import ACTIVE, FINISHED, GameRecord, ServiceError, invalid_control, refusal
from bot.storage import MoveRow
from cogs.common import COLOUR, MAX_GAME_ID, RegistersControls, controls_view, game_cog, guarded, picture_words
from cogs.play_on import play_on_here
from render import replay as replay_gif
from render.kit import Render
from rules import GAMES, GameState, IllegalMove, View, part_of

JSON = dict[str, Any]
# A GIF takes seconds of CPU: one player exports one a minute, a server one every 20 s,
# and at most four wait or run at once across the bot, drawn one at a time.
GIF_USER_SECONDS, GIF_SERVER_SECONDS, GIF_QUEUE = 60.0, 20.0, 4
T = TypeVar("T")
# Posting a replay in the channel: one a player every 30 s, one a server every 10 s, four at once.
POST_USER_SECONDS, POST_SERVER_SECONDS, POST_QUEUE = 30.0, 10.0, 4
GIFS_KEPT = 8  # GIFs drawn lately, so posting one just exported draws nothing again
EMOJIS = {"first": "⏮️", "prev": "◀️", "next": "▶️", "last": "⏭️", "gif": "🎞️", "post": "📣", "postgif": "📣"}
LABELS = {"postgif": "replay.post"}  # the catalogue key of each button's label, ``replay.<action>`` by default
PUBLIC = discord.AllowedMentions.none()  # a shared replay names who shared it, and pings nobody


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"agora:rp:(?P<game>[0-9]{1,20}):(?P<ply>[0-9]{1,7}):(?P<action>first|prev|next|last|gif|post|postgif)",
):
    """A replay control: show the position after ``ply`` moves of game ``game_id``, export the GIF,
    or post the frame (``post``) or the GIF (``postgif``) in the channel."""

    def __init__(self, game_id: int, ply: int, action: str, *, lang: str = "en", disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if action in ("gif", "post", "postgif") else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=text(lang, LABELS.get(action, f"replay.{action}")), style=style, emoji=EMOJIS[action],
                disabled=disabled, custom_id=f"agora:rp:{game_id}:{ply}:{action}",
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


def positions_around(
    record: GameRecord, moves: Sequence[MoveRow], ply: int
) -> tuple[GameState[Any] | None, GameState[Any]]:
    """The positions before and after move ``ply`` (nothing before the starting position)."""
    if ply == 0:
        return None, position_after(record, moves, 0)
    before = position_after(record, moves, ply - 1)
    return before, before.play(moves[ply - 1].seat, moves[ply - 1].notation)


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
    func: Render = part_of(game, "render").render
    return func


def gif_of(
    record: GameRecord,
    moves: Sequence[MoveRow],
    names: Sequence[str],
    pictured: Callable[[View], View],
    result: str | None = None,
    words: Mapping[str, str] | None = None,
) -> bytes:
    """The whole game as a GIF: a sample of at most ``MAX_FRAMES`` positions, first and last included;
    the last frame shows ``result``; ``pictured`` words a view's engine texts and ``words`` are the
    pictures' words, both in the server's language."""
    states = every_position(record, moves)
    draw = renderer(record.game)
    shown = replay_gif.sample(len(states))
    frames = [
        draw(pictured(states[i].view(None)), names, words=words, result=result if i == shown[-1] else None)
        for i in shown
    ]
    return replay_gif.gif(frames)


class Replays(RegistersControls[AgoraBot]):
    """Replays of stored games."""

    controls = (ReplayButton,)

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.exports = WorkLimiter(user_seconds=GIF_USER_SECONDS, server_seconds=GIF_SERVER_SECONDS, queue=GIF_QUEUE)
        self.posts = WorkLimiter(
            user_seconds=POST_USER_SECONDS, server_seconds=POST_SERVER_SECONDS, queue=POST_QUEUE, clock=bot.clock
        )
        self.gifs: dict[tuple[int, int, str], bytes] = {}  # (game, version, language) -> GIF, the latest GIFS_KEPT

    @app_commands.command(name="replay", description="Watch a game move by move (or export it as a GIF).")
    @app_commands.describe(game="The game's number, e.g. 12 (see /history)")
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction[Any], game: int) -> None:
        async def work() -> None:
            record, moves = await self.replayable(interaction, game)
            lang = await self.bot.reply_language(interaction)  # the panel is private: in the player's language
            panel = await self.panel(record, moves, 0, lang, viewer=interaction.user.id)
            await interaction.response.send_message(**panel, ephemeral=True)
            commentary = await after_the_end(self.bot.storage, self.service, self.bot.drawing, record, lang)
            if commentary is not None:  # Agora's commentary for the spectators, once the game is over
                await interaction.followup.send(commentary.words, file=commentary.file(record.id), ephemeral=True)

        await guarded(interaction, work)

    @replay.autocomplete("game")
    async def game_choices(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        rows = await self.bot.storage.games_of_user(interaction.user.id, interaction.guild_id, [FINISHED, ACTIVE])
        lang = await self.bot.reply_language(interaction)  # only the typing player sees the choices
        choices = []
        for row in rows:
            label = f"#{row.id} {game_name(lang, row.game)} ({row.status})"
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
        if not 0 < game_id <= MAX_GAME_ID:  # a forged id: refused before any lookup, as every control's
            raise invalid_control()
        record, moves = await self.replayable(interaction, game_id)
        if action == "gif":
            await self.export(interaction, record, moves)
            return
        target = {"first": 0, "last": len(moves)}.get(action, ply)
        if action in ("post", "postgif"):
            await self.share(interaction, record, moves, min(max(target, 0), len(moves)), gif=action == "postgif")
            return
        lang = await self.bot.reply_language(interaction)
        panel = await self.panel(record, moves, min(max(target, 0), len(moves)), lang, viewer=interaction.user.id)
        await interaction.response.edit_message(
            content=panel["content"], embed=panel["embed"], attachments=[panel["file"]], view=panel["view"]
        )

    async def panel(
        self, record: GameRecord, moves: Sequence[MoveRow], ply: int, lang: str, viewer: int | None = None
    ) -> dict[str, Any]:
        """The replay message at position ``ply`` in ``lang`` (the viewer's, on the private panel; the
        server's, once posted): picture, what happened, the stepping buttons, and Play on when ``viewer``
        (the one the private panel is for) played the finished game."""
        names = await self.service.display_names(record)  # drawn as typed; messages show ``shown``
        shown = [shown_name(name) for name in names]
        before, state = await off_loop(positions_around, record, moves, ply)
        result = await self.result_at(record, names, ply == len(moves), lang)
        view = state.view(None)
        drawn = partial(renderer(record.game), words=picture_words(record.game, lang), result=result)
        png = await asyncio.to_thread(drawn, game_cog(self.bot, record.game).pictured(view, lang), names)
        alt = alt_text(view, names, lang, result)
        filename = f"replay-{record.id}-{ply}.png"
        title = text(lang, "replay.title", game=game_named(record.game), id=record.id)
        embed = discord.Embed(title=title, colour=COLOUR)
        earlier = None if before is None else before.view(None)
        step = self.step_line(moves, ply, shown, (earlier, state), record.row.status == FINISHED, lang)
        embed.description = "\n".join([step, self.status_line(record, shown, lang)])
        embed.set_image(url=f"attachment://{filename}")
        embed.set_footer(text=text(lang, "replay.footer"))
        at_start, at_end = ply == 0, ply >= len(moves)
        controls: list[discord.ui.Item[Any]] = [
            ReplayButton(record.id, 0, "first", lang=lang, disabled=at_start),
            ReplayButton(record.id, max(ply - 1, 0), "prev", lang=lang, disabled=at_start),
            ReplayButton(record.id, min(ply + 1, len(moves)), "next", lang=lang, disabled=at_end),
            ReplayButton(record.id, len(moves), "last", lang=lang, disabled=at_end),
            ReplayButton(record.id, ply, "gif", lang=lang, disabled=not moves),
            ReplayButton(record.id, ply, "post", lang=lang),
        ]
        if viewer is not None and state.outcome is None and may_play_on(record, viewer):
            controls.append(play_on_here(record.id, ply, lang))  # not from a position where the game was over
        return {
            "content": None,
            "embed": embed,
            "file": discord.File(io.BytesIO(png), filename=filename, description=alt),
            "view": controls_view(controls),
        }

    @staticmethod
    def step_line(
        moves: Sequence[MoveRow],
        ply: int,
        names: Sequence[str],
        states: tuple[View | None, GameState[Any]],
        over: bool,
        lang: str,
    ) -> str:
        """What the move did, in words: once the game is over as its player saw it, before that
        only what the spectators' view tells (a secret set of powers stays secret).  ``states``: the
        spectators' view before the move and the position after it; in a game whose turn has
        several moves, the view before says which turn the move belongs to and how far it was."""
        before, state = states
        if ply == 0 or before is None:
            return plural(lang, "replay.start", len(moves), moves=len(moves))
        move = moves[ply - 1]
        described = state.describe(state.view(move.seat if over else None), names)
        told = text(lang, "replay.hidden") if described is None else word(lang, described)
        counted: Mapping[str, Any] = before
        turn = counted.get("turn_number")
        if turn:
            place = (counted.get("move_in_turn") or 0) + 1
            return text(lang, "replay.step_turn", turn=turn, move=place, ply=ply, moves=len(moves), told=told)
        return text(lang, "replay.step", ply=ply, moves=len(moves), told=told)

    @staticmethod
    def status_line(record: GameRecord, names: Sequence[str], lang: str) -> str:
        outcome = record.outcome
        if record.row.status != FINISHED or outcome is None:
            return text(lang, "replay.ongoing")
        return text(lang, "replay.result", result=result_text(lang, record.game, outcome, record.row.end_reason, names))

    async def result_at(self, record: GameRecord, names: Sequence[str], final: bool, lang: str) -> str | None:
        """The stored result for the final position's picture, in ``lang``."""
        if not final:
            return None
        return stored_ending(record, names, lang)

    async def export(self, interaction: discord.Interaction[Any], record: GameRecord, moves: list[MoveRow]) -> None:
        """The whole game as an animated GIF, sent privately to the one who asked.

        Exports are bounded (see ``bot/limits.py``): a player or a server asking again too
        soon, or a full queue, gets a polite answer saying when to try again.
        """
        refused = self.exports.admit(interaction.user.id, interaction.guild_id)
        if refused is not None:
            lang = await self.bot.reply_language(interaction)
            raise ServiceError(text(lang, f"replay.wait_{refused.reason}", seconds=refused.wait))
        async with self.exports.turn():
            await self.send_gif(interaction, record, moves)

    async def send_gif(self, interaction: discord.Interaction[Any], record: GameRecord, moves: list[MoveRow]) -> None:
        """The GIF, privately, with a button to post it in the channel."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await self.bot.reply_language(interaction)  # sent privately: in the player's language
        data = await self.drawn_gif(record, moves, lang)
        said = plural(lang, "replay.gif_said", len(moves), game=game_named(record.game), id=record.id, moves=len(moves))
        await interaction.followup.send(
            said,
            file=discord.File(io.BytesIO(data), filename=f"replay-{record.id}.gif", description=said),
            view=controls_view([ReplayButton(record.id, len(moves), "postgif", lang=lang)]),
            ephemeral=True,
        )

    async def drawn_gif(self, record: GameRecord, moves: list[MoveRow], lang: str) -> bytes:
        """The game's GIF in ``lang``, drawn now unless it was drawn lately (the game has not changed since:
        a resignation changes the version, not the moves)."""
        key = (record.id, record.version, lang)
        if key in self.gifs:
            return self.gifs[key]
        names = await self.service.display_names(record)  # drawn as typed: a picture has no markdown
        words = picture_words(record.game, lang)
        pictured = partial(game_cog(self.bot, record.game).pictured, lang=lang)
        result = await self.result_at(record, names, True, lang)
        data = await off_loop(gif_of, record, moves, names, pictured, result, words)
        self.gifs[key] = data
        for old in list(self.gifs)[:-GIFS_KEPT]:
            del self.gifs[old]
        return data

    # -- sharing ------------------------------------------------------------------------

    async def share(
        self, interaction: discord.Interaction[Any], record: GameRecord, moves: list[MoveRow], ply: int, *, gif: bool
    ) -> None:
        """Post the frame after ``ply`` moves (or the whole GIF) in the channel, saying who shared it.

        What is posted is what the private panel showed: the spectators' view, so a game in
        progress gives away nothing a spectator may not see.  Posts keep to the server's game
        channels (or their threads) and are bounded (see ``bot/limits.py``) against spam.
        """
        private = await self.bot.reply_language(interaction)  # refusals and the note that it was posted
        channel_id = await self.postable_channel(interaction, private)
        refused = self.posts.admit(interaction.user.id, interaction.guild_id)
        if refused is not None:
            raise ServiceError(text(private, f"replay.post_wait_{refused.reason}", seconds=refused.wait))
        lang = await self.bot.language_of(record.row.guild_id)  # what is posted is public
        async with self.posts.turn():
            shared = text(lang, "replay.shared", user=f"<@{interaction.user.id}>")
            channel = self.bot.get_partial_messageable(channel_id)
            if gif:
                await self.share_gif(interaction, record, moves, lang, shared, channel)
            else:
                panel = await self.panel(record, moves, ply, lang)
                await channel.send(shared, embed=panel["embed"], file=panel["file"], allowed_mentions=PUBLIC)
                await interaction.response.send_message(
                    text(private, "replay.posted", channel=f"<#{channel_id}>"), ephemeral=True
                )

    async def share_gif(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        moves: list[MoveRow],
        lang: str,
        shared: str,
        channel: discord.PartialMessageable,
    ) -> None:
        """Post the GIF in the server's ``lang``: the one just exported, or drawn again within the exports' bounds."""
        private = await self.bot.reply_language(interaction)
        if (record.id, record.version, lang) not in self.gifs:
            refused = self.exports.admit(interaction.user.id, interaction.guild_id)
            if refused is not None:
                raise ServiceError(text(private, f"replay.wait_{refused.reason}", seconds=refused.wait))
            async with self.exports.turn():
                await interaction.response.defer(ephemeral=True, thinking=True)
                data = await self.drawn_gif(record, moves, lang)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await self.drawn_gif(record, moves, lang)
        said = plural(lang, "replay.gif_said", len(moves), game=game_named(record.game), id=record.id, moves=len(moves))
        file = discord.File(io.BytesIO(data), filename=f"replay-{record.id}.gif", description=said)
        await channel.send(f"{shared}\n{said}", file=file, allowed_mentions=PUBLIC)
        await interaction.followup.send(text(private, "replay.posted", channel=f"<#{channel.id}>"), ephemeral=True)

    async def postable_channel(self, interaction: discord.Interaction[Any], lang: str) -> int:
        """The channel the replay was opened in, when the server lets games (and so replays) be posted there."""
        assert interaction.channel_id is not None and interaction.guild_id is not None
        allowed = (await self.bot.settings.get(interaction.guild_id)).channels
        parent = interaction.channel.parent_id if isinstance(interaction.channel, discord.Thread) else None
        if allowed and interaction.channel_id not in allowed and parent not in allowed:
            channels = ", ".join(f"<#{channel}>" for channel in allowed)
            raise ServiceError(text(lang, "replay.post_channels", channels=channels))
        return interaction.channel_id


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Replays(bot))
