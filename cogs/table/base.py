"""The core of a game's cog: what each game provides (its board, its controls, the summary of a move)
and what every part of the table reads (the game, its language, its pictures).

The rest of the table is built on it, one concern a module: :mod:`cogs.table.boards` posts and
retires board messages, :mod:`cogs.table.panels` keeps the private panels, :mod:`cogs.table.turns`
is the one path of every move, :mod:`cogs.table.challenges` and :mod:`cogs.table.rematches` start
games; :class:`cogs.common.GameCog` routes the controls between them.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
from discord.ext import commands

from bot.alt_text import alt_text
from bot.app import AgoraBot
from bot.endings import stored_ending
from bot.i18n import game_named, text, word
from bot.locks import KeyedLocks
from bot.names import plain_name, told_apart
from bot.service import ACTIVE, GameRecord, invalid_control
from cogs.table.pictures import Board, Picture, picture_words
from rules.base import Text, View

COLOUR = discord.Colour(0xE69F00)


# What every game's controls share: the challenge, the private panel, and the days: questions.
COMMON_ACTIONS = (
    r"accept|decline|rematch|private|days:claim|days:wait|days:(?:draw|takeback):(?:yes|no)"
    r"|days:more|days:show|days:menu:(?:draw|takeback|resign)|days:resign:(?:yes|no)"
    r"|hint|review|follow|follow:stop|follow:thread"
)


# Answers an interaction that did not come from the current board, once the game moved (the latest record).
Reply = Callable[[GameRecord], Awaitable[None]]


def disable_moves(view: discord.ui.View) -> None:
    """Grey out every button and menu of ``view`` that plays (they show what will be possible, not
    what is); the one that opens a player's private view stays, since looking is not playing."""
    for child in view.children:
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        if isinstance(item, (discord.ui.Button, discord.ui.Select)) and not (item.custom_id or "").endswith(":private"):
            item.disabled = True


def seat_list(record: GameRecord, names: Sequence[str]) -> str:
    """The game's players for a message: people by mention (once each), Agora's seats by their
    names ("Agora 2", see :func:`bot.names.told_apart`), so the bot never mentions itself."""
    shown = [names[seat] if seat in record.bot_seats else f"<@{uid}>" for seat, uid in enumerate(record.seats)]
    return ", ".join(dict.fromkeys(shown))


def on_board(interaction: discord.Interaction[Any], record: GameRecord) -> bool:
    """Whether the interaction is a click on the game's current board message."""
    return interaction.message is not None and interaction.message.id == record.row.message_id


def is_active(record: GameRecord) -> bool:
    return record.row.status == ACTIVE


def bot_levels(record: GameRecord, lang: str) -> str:
    """Which seats Agora plays and at which level, one line per seat ("Seat 2: hard")."""
    return "\n".join(
        text(lang, "bot.level_line", seat=seat + 1, level=text(lang, f"bot.level.{level}"))
        for seat, level in sorted(record.bot_seats.items())
    )


@dataclass(frozen=True)
class LessonClick:
    """What a click on one of a game's controls does in a ``/learn`` lesson: it plays ``move``, or it
    keeps ``picked`` (a stack, a square...) for the next controls, as the real board would go on;
    neither: the controls go back to their start (a Back button)."""

    move: str | None = None
    picked: str | None = None


class TableCog(commands.Cog):
    """What a game's cog provides (:meth:`board`, :meth:`on_game_control`, :meth:`summary`, and where they
    differ from the defaults :meth:`same_board`, :meth:`private_board`...) and what the table reads of it."""

    game_id: ClassVar[str]
    # The grammar of the game's own control actions (a regular expression), besides COMMON_ACTIONS.
    actions: ClassVar[str]
    # Those of them that live on the private panel (:meth:`private_board`): redrawn when clicked out of date.
    panel_actions: ClassVar[str] = ""
    # Those of them that open a form (a modal): the click cannot be acknowledged first.
    modal_actions: ClassVar[str] = ""
    # The name of the challenge command's option that sets Agora's level.
    level_option: ClassVar[str] = "level"

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service
        # Board edits of one game happen one at a time, so the last edit shows the latest state.
        self._board_locks = KeyedLocks()
        # Boards drawn ahead, by game and version: a move's new board is drawn while its answer goes out.
        self._drawn_ahead: dict[tuple[int, int], asyncio.Task[Board]] = {}

    def knows(self, action: str) -> bool:
        """Whether ``action`` is one of this game's controls; anything else is not valid."""
        return re.fullmatch(f"{COMMON_ACTIONS}|{self.actions}", action) is not None

    @property
    def game_name(self) -> Text:
        """The game's name, worded in each message's language (see :func:`bot.i18n.game_named`)."""
        return game_named(self.game_id)

    async def language(self, record: GameRecord) -> str:
        """The language of the game's server."""
        return await self.bot.language_of(record.row.guild_id)

    def seat_mentions(self, record: GameRecord) -> list[str]:
        """Each seat as a challenge or a table shows it: a person by mention, Agora's seats by the bot's
        name, told apart when it holds several ("Agora 3"): the bot never mentions itself."""
        agora = plain_name(self.bot.user.display_name) if self.bot.user is not None else "Agora"
        names = told_apart([agora] * len(record.seats), record.seats)
        return [names[seat] if seat in record.bot_seats else f"<@{uid}>" for seat, uid in enumerate(record.seats)]

    @staticmethod
    def bot_thinking(record: GameRecord, lang: str) -> str | None:
        """The board's line while the game waits for Agora's seats only: nobody to mention,
        and nothing of the search shown."""
        if record.waiting_bots() and not record.human_actors():
            return text(lang, "agora_thinking")
        return None

    async def board(self, record: GameRecord) -> Board:
        """The public board message of an active or finished game."""
        raise NotImplementedError

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        """Handle a game-specific control (anything but the challenge buttons)."""
        raise NotImplementedError

    async def summary(self, before: GameRecord, after: GameRecord, user: int, moves: list[str], lang: str) -> str:
        """The line a retired board keeps: what was just played, in words ("Ada built level 2 on c3"),
        told from the spectators' view, so it tells no secret (a set of powers, a card in hand)."""
        state = after.state
        described = None if state is None else state.describe(state.view(None), await self.service.shown_names(after))
        if described is None:
            return text(lang, "summary_played", user=user, moves=" ".join(moves))
        return word(lang, described) + "."

    def same_board(self, before: GameRecord, after: GameRecord) -> bool:
        """Whether ``after`` is drawn over the same board message rather than a new one that pings.

        By default the board stays while the game waits for the same players.
        """
        now = set(after.actors())
        return bool(now) and now <= set(before.actors())

    async def private_board(self, record: GameRecord, seat: int, lang: str) -> Board | None:
        """What only ``seat`` may see (hidden pieces, a hand), worded in ``lang`` (the language of the
        player's panel, see ``bot/panels.py``), or None for games without secrets."""
        return None

    def typed_moves(self, words: list[str]) -> list[str]:
        """The moves in the words of a ``/move``; games whose notation allows spaces override."""
        return words

    def pictured(self, view: View, lang: str) -> View:
        """``view`` as the public picture draws it, with the engine's English in it worded in ``lang``
        (replays draw stored positions through this too); most games draw no engine text."""
        return view

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The controls ``seat`` plays ``record``'s position with, the same its board or private panel
        shows (``picked``: what an earlier control of the turn chose, see :meth:`lesson_click`).

        A ``/learn`` lesson draws them over a position of its own and routes their clicks to itself
        (:func:`cogs.table.controls.rebound`). None by default: the lesson then offers its moves in
        a menu and a typed form.
        """
        return []

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        """What a click on one of :meth:`lesson_controls` (its ``action`` and picked ``values``) does."""
        raise invalid_control()

    def describe_options(self, record: GameRecord, lang: str) -> str:
        """The challenge's options, in words."""
        return self.describe_option_values(record.row.options, lang)

    def describe_option_values(self, options: dict[str, Any], lang: str) -> str:
        """Options in words, without a game (a tournament's); games with options word their own."""
        return "\n".join(f"{name.replace('_', ' ')}: {value}" for name, value in options.items())

    async def on_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        """Handle a click on one of the game's controls, shared or its own (routed by :class:`cogs.common.GameCog`)."""
        raise NotImplementedError

    async def draw(
        self, render: Callable[..., bytes], record: GameRecord, view: View, lang: str | None = None
    ) -> Picture:
        """``render(view, names)`` off the event loop, so drawing never delays other players' clicks.

        Every picture of a finished game shows its stored result (a resignation, a time-out,
        an agreed draw), worded in ``lang`` (by default the server's language: a private panel's
        picture passes its player's), instead of whose turn it was; its words are in ``lang`` too.
        Its alt text is worded from the same ``view``, so it tells no more than the picture.
        """
        lang = lang if lang is not None else await self.language(record)
        names = await self.service.display_names(record)  # drawn as typed: a picture has no markdown
        result = stored_ending(record, names, lang)
        png = await self.bot.drawing.draw(render, view, names, words=picture_words(record.game, lang), result=result)
        return Picture(png, alt_text(view, names, lang, result))
