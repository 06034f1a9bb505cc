"""Finding English in what the bot sends to a French server.

A sentence is taken for English when it holds one of the small words French never uses
(``the``, ``your``, ``is``...), or a game's English name where French names it otherwise (its
catalogue's ``<id>.name``: a game called "Tic-tac-toe" that French calls "Morpion"). Mentions,
channel links, code spans, links, slash commands and custom ids are left out: they are the same in
every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from bot.i18n import game_name
from rules import GAMES
from tests.harness.transport import RecordedRequest

ENGLISH_WORDS = frozenset(
    {"the", "your", "you", "is", "are", "and", "with", "this", "it", "of", "has", "was", "can", "must"}
    | {"won", "not", "to", "turn", "game", "games", "waiting", "played", "move", "moves", "pick", "choose"}
)
# Keys whose strings a player reads (messages, embeds, components, modals, attachments' alt text).
SHOWN_KEYS = frozenset({"content", "title", "description", "name", "value", "text", "label", "placeholder"})
INERT = re.compile(r"<[@#][!&]?[0-9]+>|`[^`]*`|https?://\S+|<t:[0-9]+(?::[a-zA-Z])?>|(?<!\w)/[a-z]+")
WORD = re.compile(r"[A-Za-z']+")
ENGLISH_NAMES = tuple(game.name for game_id, game in GAMES.items() if game_name("fr", game_id) != game.name)


def shown_strings(value: Any, key: str = "") -> Iterator[str]:
    """Every string of a request's JSON that a player reads."""
    if isinstance(value, dict):
        for name, inner in value.items():
            yield from shown_strings(inner, name)
    elif isinstance(value, list):
        for inner in value:
            yield from shown_strings(inner, key)
    elif isinstance(value, str) and key in SHOWN_KEYS:
        yield value


def english_in(requests: Iterable[RecordedRequest]) -> list[str]:
    """The shown strings of ``requests`` that read as English (slash-command publication aside)."""
    return english_among(
        shown for request in requests if "/commands" not in request.path for shown in shown_strings(request.json)
    )


def english_among(strings: Iterable[str], names: Iterable[str] = ENGLISH_NAMES) -> list[str]:
    """Those of ``strings`` that read as English, once each (``names``: the games' English names
    that French words otherwise).

    >>> english_among(["Votre main", "Your hand", "<@12> à vous", "Partie de Go n°2"], names=["Go"])
    ['Your hand', 'Partie de Go n°2']
    """
    named = [re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.I) for name in names]
    found = []
    for shown in strings:
        plain = INERT.sub(" ", shown)
        words = {word.lower() for word in WORD.findall(plain)}
        if words & ENGLISH_WORDS or any(name.search(plain) for name in named):
            found.append(shown)
    return list(dict.fromkeys(found))
