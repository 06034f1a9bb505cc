"""A board message (text, embed, picture, controls) and the words its picture draws."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import engine_words, table_word
from cogs.table.replies import CONTENT_LIMIT, clip, fit_embed
from rules import part_of


@dataclass(frozen=True)
class Picture:
    """A drawn board and its alt text (what the picture shows, for screen readers)."""

    png: bytes
    alt: str


@dataclass
class Board:
    """A board message: text, embed, picture and controls."""

    content: str
    embed: discord.Embed
    picture: Picture
    controls: list[discord.ui.Item[Any]] = field(default_factory=list)

    def file(self, game_id: int, version: int, *, private: bool = False) -> discord.File:
        """The picture as an attachment, with its alt text as Discord's ``description``."""
        prefix = "private" if private else "game"
        name = f"{prefix}-{game_id}-{version}.png"
        return discord.File(io.BytesIO(self.picture.png), filename=name, description=self.picture.alt)

    def attach(self, embed_image_name: str) -> None:
        """Ready the board to be sent: its picture attached, its text within Discord's limits."""
        self.embed.set_image(url=f"attachment://{embed_image_name}")
        self.content = clip(self.content, CONTENT_LIMIT) if self.content else self.content
        fit_embed(self.embed)


def picture_words(game: str, lang: str) -> dict[str, str]:
    """The words ``game``'s pictures draw (its render module's PICTURE_WORDS, and the engines' templates
    the last move is described with), in ``lang``: a table of words (:mod:`rules.wording`), plural
    messages' forms joined and the language's plural rule in it.

    >>> from rules import GAMES
    >>> picture_words(next(iter(GAMES)), "fr")["pic.last_move"]
    'Dernier coup : {move}'
    """
    keys: Mapping[str, str] = part_of(game, "render").PICTURE_WORDS
    return {**engine_words(lang), **{key: table_word(lang, key) for key in keys}}
