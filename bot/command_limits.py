"""Discord's limits on the slash commands a bot publishes, checked before ``python -m bot sync`` sends them.

Discord refuses the whole list (HTTP 400, error 50035) when one text of one command breaks a
limit, so a fresh install would publish no command at all. :func:`problems` reads the JSON that
``sync`` is about to send, in every language it carries (the English and each localization),
and says what breaks a limit in words an operator can act on:

>>> command = {"name": "move", "description": "Play a move.", "options": [
...     {"type": 3, "name": "notation", "description": "The move", "description_localizations": {"fr": "é" * 101}}]}
>>> print(*problems([command]))
the French description of the option notation of /move is 101 characters long, over Discord's limit of 100

The limits are Discord's documented ones (developer documentation, "Application Commands").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord

JSON = dict[str, Any]

MAX_COMMANDS = 100  # slash commands of one application, globally or in one server
NAME_LENGTH = 32  # a command's, a group's, a subcommand's or an option's name
TEXT_LENGTH = 100  # a description, a choice's name, a choice's string value
MAX_OPTIONS = 25  # options (or subcommands) of one command, group or subcommand
MAX_CHOICES = 25
MAX_TOTAL = 4000  # a command's names, descriptions, choices and values, in one language
CHAT_INPUT = discord.AppCommandType.chat_input.value
NESTING = (discord.AppCommandOptionType.subcommand.value, discord.AppCommandOptionType.subcommand_group.value)
ENGLISH = "en"  # the language of the texts themselves, before any localization


class CommandsRefused(Exception):
    """The commands cannot be published as they are; ``str()`` says why, in one sentence."""


@dataclass(frozen=True)
class Place:
    """Where a text sits: the command's path as a player types it, the option and the choice it belongs to.

    >>> Place("/agora notify", "mode", "quiet").words()
    'the choice quiet of the option mode of /agora notify'
    """

    command: str
    option: str | None = None
    choice: str | None = None

    def words(self) -> str:
        option = f"the option {self.option} of " if self.option else ""
        choice = f"the choice {self.choice} of " if self.choice else ""
        return f"{choice}{option}{self.command}"


def language_name(code: str) -> str:
    """The English name of a language Discord knows, by its locale code.

    >>> language_name("fr"), language_name("pt-BR"), language_name("en")
    ('French', 'Brazil Portuguese', 'English')
    """
    if code == ENGLISH:
        return "English"
    try:
        return discord.Locale(code).name.replace("_", " ").title()
    except ValueError:
        return repr(code)


def valid_name(name: str) -> bool:
    """Whether Discord takes ``name`` for a command or an option: 1 to 32 letters, digits, ``-`` or ``_``
    (any script; Devanagari and Thai signs too), lower case where the letter has a lower case.

    >>> valid_name("move"), valid_name("bot_level"), valid_name("Move"), valid_name("two words"), valid_name("ход")
    (True, True, False, False, True)
    """
    return 1 <= len(name) <= NAME_LENGTH and name == name.lower() and all(map(_name_character, name))


def _name_character(character: str) -> bool:
    script = unicodedata.name(character, "")
    return (
        character in "-_"
        or unicodedata.category(character)[0] in "LN"
        or script.startswith(("DEVANAGARI", "THAI"))
    )


def problems(commands: list[JSON]) -> list[str]:
    """Every limit the payload breaks, worded; empty when Discord will take it."""
    found = [f"there are {len(commands)} commands, over Discord's limit of {MAX_COMMANDS}"] * (
        len(commands) > MAX_COMMANDS
    )
    for command in commands:
        found += [*_problems_of(command, Place(f"/{command['name']}"), top=True), *_total_problems(command)]
    return found


def check(commands: list[JSON]) -> None:
    """Raise :class:`CommandsRefused` naming the first problem (and how many more) when there is one."""
    found = problems(commands)
    if found:
        more = f" (and {len(found) - 1} more problem{'s' * (len(found) > 2)})" if len(found) > 1 else ""
        raise CommandsRefused(
            f"Not publishing the slash commands: {found[0]}{more}; nothing was sent, so fix the text "
            "(in its cog, or its translation in the catalogues under msgctxt \"command\") and sync again."
        )


def _problems_of(node: JSON, place: Place, *, top: bool = False) -> Iterator[str]:
    """The problems of a command, a group, a subcommand or an option, and of what it holds."""
    named = place if top or _nests(node) else Place(place.command, node["name"])
    yield from _name_problems(node, named)
    if not top or node.get("type", CHAT_INPUT) == CHAT_INPUT:  # a context menu command has no description
        yield from _text_problems("description", node, named)
    options = node.get("options") or []
    if len(options) > MAX_OPTIONS:
        yield f"{named.words()} has {len(options)} options, over Discord's limit of {MAX_OPTIONS}"
    for option in options:
        inner = Place(f"{place.command} {option['name']}") if _nests(option) else place
        yield from _problems_of(option, inner)
    choices = node.get("choices") or []
    if len(choices) > MAX_CHOICES:
        yield f"{named.words()} has {len(choices)} choices, over Discord's limit of {MAX_CHOICES}"
    for choice in choices:
        yield from _choice_problems(choice, Place(named.command, named.option, str(choice["value"])))


def _nests(option: JSON) -> bool:
    return option.get("type") in NESTING


def _name_problems(node: JSON, place: Place) -> Iterator[str]:
    for lang, name in _in_every_language(node, "name"):
        if not valid_name(name):
            yield (
                f"the {language_name(lang)} name {name!r} of {place.words()} is not a valid name "
                f"(1 to {NAME_LENGTH} lower-case letters, digits, - or _)"
            )


def _text_problems(field: str, node: JSON, place: Place, what: str = "description") -> Iterator[str]:
    for lang, text in _in_every_language(node, field):
        if not text:
            yield f"the {language_name(lang)} {what} of {place.words()} is empty (Discord needs 1 to {TEXT_LENGTH})"
        elif len(text) > TEXT_LENGTH:
            yield (
                f"the {language_name(lang)} {what} of {place.words()} is {len(text)} characters long, "
                f"over Discord's limit of {TEXT_LENGTH}"
            )


def _choice_problems(choice: JSON, place: Place) -> Iterator[str]:
    yield from _text_problems("name", choice, place, "name")
    value = choice["value"]
    if isinstance(value, str) and not 1 <= len(value) <= TEXT_LENGTH:
        yield f"the value of {place.words()} is {len(value)} characters long, over Discord's limit of {TEXT_LENGTH}"


def _in_every_language(node: JSON, field: str) -> Iterator[tuple[str, str]]:
    yield ENGLISH, str(node.get(field) or "")
    yield from (node.get(f"{field}_localizations") or {}).items()


def _total_problems(command: JSON) -> Iterator[str]:
    """A command's texts together, in each language (a text without a localization counts in English)."""
    for lang in sorted({ENGLISH, *_languages(command)}):
        total = _total(command, lang)
        if total > MAX_TOTAL:
            yield (
                f"/{command['name']} holds {total} characters in {language_name(lang)} (names, descriptions, "
                f"choices and values), over Discord's limit of {MAX_TOTAL}"
            )


def _languages(node: JSON) -> Iterator[str]:
    for field in ("name_localizations", "description_localizations"):
        yield from node.get(field) or {}
    for inner in _held(node):
        yield from _languages(inner)


def _total(node: JSON, lang: str) -> int:
    own = sum(len(_localized(node, field, lang)) for field in ("name", "description"))
    value = len(str(node["value"])) if "value" in node else 0
    return own + value + sum(_total(inner, lang) for inner in _held(node))


def _held(node: JSON) -> list[JSON]:
    """The options (or subcommands) and choices of a command or an option."""
    return [*(node.get("options") or []), *(node.get("choices") or [])]


def _localized(node: JSON, field: str, lang: str) -> str:
    return str((node.get(f"{field}_localizations") or {}).get(lang) or node.get(field) or "")
