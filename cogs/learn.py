"""``/learn``: each game's tutorial in a private panel that goes on through its own controls.

The panel shows the step's position (the game's own picture, what the step talks about ringed)
and its words, and the controls a real game's board shows for that position: the game's cog draws
them (:meth:`cogs.table.base.TableCog.lesson_controls`) and says what each click does
(:meth:`~cogs.table.base.TableCog.lesson_click`: a move, or a choice such as a stack that the next
controls follow); their custom_ids are the lesson's (``agora:learn:<game>:<step>:g:<action>``), so
the clicks come here and never touch a stored game. A game whose cog draws no lesson controls is
offered its moves in a menu and a button to type one instead.

The step a player is at is kept in the database (``learn_progress``): a click on a panel drawn for
another step shows the player's step instead, so stale panels and double clicks do no harm; a
click by anyone but the player who opened the panel is refused. Nothing is rated or posted in the
channel; the last step offers a practice game against Agora at easy. A move the step does not ask
is weighed against the asked one by Agora's hard search: one at least as good is accepted, the
lesson saying why the asked one is fine too and going on from it; moves are worded as the board
words them, and a step that sets out a new position says so.
Being private, the panel speaks the player's own Discord language when the bot speaks it, else
the server's (``AgoraBot.reply_language``).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.alt_text import alt_text
from bot.app import AgoraBot
from bot.i18n import game_name, text, word
from bot.learn import Answer, Lesson, Verdict, answer, as_good, lessons, menu
from bot.learn.progress import keep_step, step_of
from bot.names import shown_name
from bot.records import GameRecord
from bot.service import ACTIVE, invalid_control, refusal
from bot.storage import GameRow
from cogs.common import (
    COLOUR,
    controls_view,
    echo,
    game_cog,
    guarded,
    picture_words,
    rebound,
    update_clicked,
)
from cogs.dragons_arena import modal_value
from cogs.table.controls import Rebind
from render.learn import lesson_picture
from rules import GAMES, GameState, View

TYPE_MODAL, TYPE_FIELD = "agora:learn-type:", "move"
ACTIONS = r"move|type|practice|again|g:[!-~]{1,80}"  # g:<action>: one of the game's own controls
LESSON_GAME_ID = 1  # the stand-in record a lesson's position is drawn as: no stored game has to exist
PRACTICE_LEVEL = "easy"


@dataclass(frozen=True)
class Said:
    """What the panel says above the step's own words: how the last move went (may be empty)."""

    line: str = ""


class LearnControl(
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=rf"agora:learn:(?P<game>[a-z_]{{1,30}}):(?P<step>[0-9]{{1,2}}):(?P<action>{ACTIONS})",
):
    """A control of a lesson's panel: one of the game's own controls (``g:<action>``), the move menu,
    "Type a move", "Practice" or "Start again"."""

    def __init__(self, item: discord.ui.Item[Any], game: str, step: int, action: str) -> None:
        super().__init__(item)
        self.game, self.step, self.action = game, step, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LearnControl:
        return cls(item, match["game"], int(match["step"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Learn")
        assert isinstance(cog, Learn)
        values = list(cast(dict[str, Any], interaction.data or {}).get("values", []))
        await guarded(interaction, lambda: cog.on_click(interaction, self.game, self.step, self.action, values))


def custom_id(game: str, step: int, action: str) -> str:
    return f"agora:learn:{game}:{step}:{action}"


def button(game: str, step: int, action: str, label: str, style: discord.ButtonStyle) -> LearnControl:
    item: discord.ui.Button[Any] = discord.ui.Button(label=label, style=style, custom_id=custom_id(game, step, action))
    return LearnControl(item, game, step, action)


def lesson_control(game: str, step: int) -> Rebind:
    """Makes a game's control (its button or select, as the game drew it) a control of the lesson."""

    def rebind(item: discord.ui.Item[Any], action: str) -> discord.ui.Item[Any]:
        own = f"g:{action}"
        if not isinstance(item, (discord.ui.Button, discord.ui.Select)):
            raise TypeError(f"a game control is a button or a select, not {item!r}")
        item.custom_id = custom_id(game, step, own)
        return LearnControl(item, game, step, own)

    return rebind


def stand_in(lesson: Lesson, state: GameState[Any], step: int, learner: discord.abc.User, bot: int) -> GameRecord:
    """The lesson's position as a game record for the game's cog to draw controls over (never stored):
    the learner in their seat, Agora in the others."""
    seats, names = [bot] * lesson.players, ["Agora"] * lesson.players
    seats[lesson.seat], names[lesson.seat] = learner.id, shown_name(learner.display_name)
    row = GameRow(
        id=LESSON_GAME_ID, game=lesson.game, guild_id=0, channel_id=0, status=ACTIVE, seats=seats, accepted=seats,
        options=lesson.options, seed=lesson.seed, state=state.to_json(), draft=[], outcome=None, end_reason=None,
        version=step, message_id=None, created_at=0.0, updated_at=0.0, turn_started_at=None,
    )  # fmt: skip
    return GameRecord(row, state, names)


def move_menu(lesson: Lesson, step: int, lang: str) -> LearnControl:
    options = [discord.SelectOption(label=move, value=move) for move in menu(lesson, step)]
    placeholder = text(lang, "learn.choose_move")
    item: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(lesson.game, step, "move"), options=options, placeholder=placeholder
    )
    return LearnControl(item, lesson.game, step, "move")


class TypeMoveModal(discord.ui.Modal):
    """A move typed in the game's notation; the cog's listener reads the submission."""

    def __init__(self, game: str, step: int, lang: str) -> None:
        super().__init__(title=text(lang, "learn.type_title"), custom_id=f"{TYPE_MODAL}{game}:{step}", timeout=900)
        field: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=text(lang, "learn.type_label"), custom_id=TYPE_FIELD, min_length=1, max_length=60
        )
        self.add_item(field)


class Learn(commands.Cog):
    """``/learn`` and the controls of lesson panels."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LearnControl)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LearnControl)

    @app_commands.command(name="learn", description="Learn a game step by step, in private.")
    @app_commands.describe(game="The game to learn")
    @app_commands.choices(game=[app_commands.Choice(name=GAMES[game].name, value=game) for game in sorted(lessons())])
    async def learn(self, interaction: discord.Interaction[Any], game: str) -> None:
        async def work() -> None:
            lesson = lesson_of(game)
            step = await step_of(self.bot.storage, interaction.user.id, game)
            panel = await self.panel(interaction, lesson, min(step, len(lesson.steps)), Said())
            picture = panel.pop("attachments")
            await interaction.response.send_message(**panel, files=picture, ephemeral=True)

        await guarded(interaction, work)

    # -- clicks ------------------------------------------------------------------------

    async def on_click(
        self, interaction: discord.Interaction[Any], game: str, shown: int, action: str, values: list[str]
    ) -> None:
        lesson = lesson_of(game)
        user = interaction.user.id
        check_owner(interaction)
        if action == "again":
            await self.go_to(interaction, lesson, 0, Said())
            return
        step = min(await step_of(self.bot.storage, user, game), len(lesson.steps))
        lang = await self.bot.reply_language(interaction)
        if step != shown:  # a panel drawn for another step (an old one, a double click): show where they are
            await self.go_to(interaction, lesson, step, Said(text(lang, "learn.moved_on")))
        elif action == "practice" and step == len(lesson.steps):
            await game_cog(self.bot, game).start_challenge(interaction, [self.me()], {}, level=PRACTICE_LEVEL)
        elif action == "type" and step < len(lesson.steps):
            await interaction.response.send_modal(TypeMoveModal(game, step, lang))
        elif action == "move" and values and step < len(lesson.steps):
            await self.try_move(interaction, lesson, step, values[0])
        elif action.startswith("g:") and step < len(lesson.steps):
            await self.on_game_control(interaction, lesson, step, action.removeprefix("g:"), values)
        else:
            await self.go_to(interaction, lesson, step, Said())

    async def on_game_control(
        self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, action: str, values: list[str]
    ) -> None:
        """A click on one of the game's own controls: the move it plays, or the controls that follow it."""
        cog = game_cog(self.bot, lesson.game)
        if not cog.knows(action):
            raise invalid_control()
        record = self.record(interaction, lesson, step)
        click = cog.lesson_click(record, lesson.seat, action, values)
        if click.move is not None:
            await self.try_move(interaction, lesson, step, click.move)
        else:
            await update_clicked(interaction, **await self.panel(interaction, lesson, step, Said(), click.picked))

    async def try_move(self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, notation: str) -> None:
        """The step done when ``notation`` is what it asks; else the same step, with why not."""
        found = await self.weighed(interaction, lesson, step, answer(lesson, step, notation), notation)
        lang = await self.bot.reply_language(interaction)
        said = partial(self.move_said, interaction, lesson, step, lang)
        if found.verdict is Verdict.ASKED:
            await self.go_to(interaction, lesson, step + 1, Said(text(lang, "learn.well_done", move=said(notation))))
        elif found.verdict is Verdict.AS_GOOD:
            why = text(lang, lesson.key(step, "also"))
            line = text(lang, "learn.as_good", move=said(notation), why=why, asked=said(lesson.steps[step].asks[0]))
            await self.go_to(interaction, lesson, step + 1, Said(line))
        else:
            await self.go_to(interaction, lesson, step, Said(self.why_not(lesson, step, said(notation), found, lang)))

    async def weighed(
        self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, found: Answer, notation: str
    ) -> Answer:
        """A legal move the step does not ask, weighed against the asked one by Agora's hard search in
        the AI workers (the click acknowledged first: a search outlasts Discord's three seconds)."""
        if found.verdict is not Verdict.OTHER:
            return found
        if not interaction.response.is_done():
            await interaction.response.defer()
        move = str(lesson.position(step).parse_move(notation))
        if await self.bot.thinking.run(as_good, lesson.game, step, move):
            return Answer(Verdict.AS_GOOD)
        return found

    def move_said(
        self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, lang: str, notation: str
    ) -> str:
        """A move of the step in the board's words, the player named as they are on the picture."""
        found = lesson.move_words(step, notation, lesson_names(lesson, interaction.user))
        return echo(notation) if found is None else word(lang, found)

    def why_not(self, lesson: Lesson, step: int, move: str, found: Answer, lang: str) -> str:
        if found.verdict is Verdict.REFUSED and found.refusal is not None:
            return text(lang, "learn.refused", move=move, why=word(lang, found.refusal))
        return text(lang, "learn.not_asked", move=move, why=text(lang, lesson.key(step, "wrong")))

    async def go_to(self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, said: Said) -> None:
        await keep_step(self.bot.storage, interaction.user.id, lesson.game, step, self.bot.clock())
        await update_clicked(interaction, **await self.panel(interaction, lesson, step, said))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A typed move: the modal's submission (handled here, so it works after a restart too)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = cast(dict[str, Any], interaction.data or {})
        found = re.fullmatch(re.escape(TYPE_MODAL) + r"([a-z_]{1,30}):([0-9]{1,2})", str(data.get("custom_id", "")))
        if found is None:
            return
        typed = modal_value(list(data.get("components", [])), TYPE_FIELD)
        work = partial(self.on_click, interaction, found[1], int(found[2]), "move", [typed.strip()])
        await self.bot.interactions.serve(interaction, partial(guarded, interaction, work), last_resort=True)

    # -- the panel ---------------------------------------------------------------------

    async def panel(
        self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, said: Said, picked: str | None = None
    ) -> dict[str, Any]:
        """The lesson's panel at ``step`` (``len(steps)``: the lesson done); ``picked``: what the game's
        controls already chose in this step (a stack whose moves they show)."""
        lang = await self.bot.reply_language(interaction)
        done = step >= len(lesson.steps)
        state = lesson.finish() if done else lesson.position(step)
        names = lesson_names(lesson, interaction.user)
        view = game_cog(self.bot, lesson.game).pictured(state.view(lesson.seat), lang)
        if lesson.set_out(min(step, len(lesson.steps) - 1)):
            view = uncounted(view)
        marks = () if done else tuple(lesson.where(mark, view) for mark in lesson.steps[step].marks)
        words = picture_words(lesson.game, lang)
        png = await self.bot.drawing.draw(lesson_picture, lesson.game, view, names, words=words, boxes=marks)
        filename = f"learn-{lesson.game}-{step}.png"
        embed = discord.Embed(title=self.title(lesson, step, lang), colour=COLOUR)
        body = text(lang, f"learn.{lesson.game}.end") if done else text(lang, lesson.key(step))
        intro = text(lang, f"learn.{lesson.game}.intro") if step == 0 and not said.line else ""
        fresh = text(lang, "learn.new_position") if not done and lesson.sets_out(step) else ""
        embed.description = "\n\n".join(part for part in (said.line, intro, fresh, body) if part)
        embed.set_image(url=f"attachment://{filename}")
        embed.set_footer(text=text(lang, "learn.footer_done" if done else "learn.footer"))
        picture = discord.File(io.BytesIO(png), filename=filename, description=alt_text(view, names, lang))
        controls = self.controls(interaction, lesson, step, lang, picked)
        return {"content": None, "embed": embed, "attachments": [picture], "view": controls}

    def title(self, lesson: Lesson, step: int, lang: str) -> str:
        name = game_name(lang, lesson.game)
        if step >= len(lesson.steps):
            return text(lang, "learn.title_done", game=name)
        return text(lang, "learn.title", game=name, step=step + 1, steps=len(lesson.steps))

    def controls(
        self, interaction: discord.Interaction[Any], lesson: Lesson, step: int, lang: str, picked: str | None
    ) -> discord.ui.View:
        """The step's controls: the game's own, else (a game whose cog draws none) a menu and a typed move."""
        if step >= len(lesson.steps):
            practice = button(lesson.game, step, "practice", text(lang, "learn.practice"), discord.ButtonStyle.success)
            again = button(lesson.game, 0, "again", text(lang, "learn.again"), discord.ButtonStyle.secondary)
            return controls_view([practice, again])
        record = self.record(interaction, lesson, step)
        drawn = game_cog(self.bot, lesson.game).lesson_controls(record, lesson.seat, picked, lang)
        own = rebound(drawn, lesson_control(lesson.game, step))
        if own:
            return controls_view(own)
        typed = button(lesson.game, step, "type", text(lang, "learn.type"), discord.ButtonStyle.secondary)
        return controls_view([move_menu(lesson, step, lang), typed])

    def record(self, interaction: discord.Interaction[Any], lesson: Lesson, step: int) -> GameRecord:
        """Step ``step``'s position as a stand-in record."""
        return stand_in(lesson, lesson.position(step), step, interaction.user, self.me().id)

    def me(self) -> discord.abc.User:
        assert self.bot.user is not None
        return self.bot.user


def lesson_names(lesson: Lesson, learner: discord.abc.User) -> list[str]:
    """The seats' names in a lesson: the learner in their seat, Agora in the others."""
    names = ["Agora"] * lesson.players
    names[lesson.seat] = shown_name(learner.display_name)
    return names


def uncounted(view: View) -> View:
    """``view`` without its move and turn counts: a position set out for a lesson had no moves played."""
    counted = cast(dict[str, Any], dict(view))
    counted["move_number"] = 0
    if "turn_number" in counted:
        counted["turn_number"] = 0
    return cast(View, counted)


def check_owner(interaction: discord.Interaction[Any]) -> None:
    """Refuse a click on a lesson panel that another player opened (Discord says whose it is)."""
    message = interaction.message
    opened = message.interaction_metadata if message is not None else None
    if opened is not None and opened.user.id != interaction.user.id:
        raise refusal("learn.not_yours")


def lesson_of(game: str) -> Lesson:
    """``game``'s lesson, or a polite refusal for a game without one (a forged control)."""
    found = lessons().get(game)
    if found is None:
        raise refusal("learn.no_lesson")
    return found


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Learn(bot))
