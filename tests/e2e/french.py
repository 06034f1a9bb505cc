"""Finding English in what the bot sends to a French server.

A sentence is taken for English when it holds one of the small words French never uses
(``the``, ``your``, ``is``...), or a game's English name where French names it otherwise (its
catalogue's ``<id>.name``: a game called "Tic-tac-toe" that French calls "Morpion"). The slash-command
menus are read apart (:func:`menu_texts`): their English is Discord's default, and each text carries
its French beside it. Mentions, channel links, code spans, links, slash commands and custom ids are
left out: they are the same in every language.
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


def menu_texts(commands: list[dict[str, Any]]) -> Iterator[tuple[str, str, str | None]]:
    """(where, the English, its French or None) of every text a player reads in the slash-command
    menus: the description of each command, group, subcommand and option, and each choice's name.

    >>> days = {"type": 4, "name": "days", "description": "How many", "choices": [{"name": "one", "value": 1}]}
    >>> list(menu_texts([{"name": "away", "description": "Pause.", "description_localizations": {"fr": "Pause."},
    ...     "options": [days]}]))
    [('/away', 'Pause.', 'Pause.'), ('/away days', 'How many', None), ('/away days: one', 'one', None)]
    """
    for command in commands:
        yield from _menu_texts(command, f"/{command['name']}")


def _menu_texts(node: dict[str, Any], where: str) -> Iterator[tuple[str, str, str | None]]:
    yield where, node["description"], (node.get("description_localizations") or {}).get("fr")
    for option in node.get("options") or []:
        yield from _menu_texts(option, f"{where} {option['name']}")
    for choice in node.get("choices") or []:
        yield f"{where}: {choice['name']}", choice["name"], (choice.get("name_localizations") or {}).get("fr")


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
