"""Discord's documented limits on application commands, as the fake's command routes enforce them.

Discord's OpenAPI description carries some of them (lengths of names and descriptions, 25 options
and choices) but not all: the name's pattern and case, a command's description being required, a
string choice's value of at most 100 characters, 100 commands, and 4,000 characters a command in
each language. Discord answers a body breaking any of them with 400, error 50035 and every broken
rule at its field's path; so does the fake, whatever the spec says (or when it is absent).
Written apart from the bot's own check (``bot/command_limits.py``) on purpose: each checks the other.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from .transport import APIError, form_errors

JSON = dict[str, Any]
Path = list[str | int]

MAX_COMMANDS = 100
MAX_OPTIONS = MAX_CHOICES = 25
NAME = (1, 32)
TEXT = (1, 100)
MAX_SIZE = 4000
CHAT_INPUT = 1
SUBCOMMANDS = (1, 2)  # option types that are a subcommand or a group of them
DEVANAGARI, THAI = range(0x0900, 0x0980), range(0x0E00, 0x0E80)


def commands_refusal(commands: list[JSON]) -> APIError | None:
    """Discord's answer to a bulk overwrite of ``commands``, or None when it takes them."""
    if len(commands) > MAX_COMMANDS:
        return _invalid([([], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_COMMANDS} or fewer in length.")])
    return _invalid([error for n, command in enumerate(commands) for error in command_errors(command, [n])])


def command_refusal(command: JSON) -> APIError | None:
    """Discord's answer to creating or editing one command, or None when it takes it."""
    return _invalid(list(command_errors(command, [])))


Error = tuple[Path, str, str]


def command_errors(command: JSON, path: Path) -> Iterator[Error]:
    """Each broken rule of one command: (the field's path, Discord's code, its message)."""
    yield from _node_errors(command, path, describe=int(command.get("type") or CHAT_INPUT) == CHAT_INPUT)
    sizes = {lang: _size(command, lang) for lang in _languages(command)}
    if any(size > MAX_SIZE for size in sizes.values()):
        yield path, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({MAX_SIZE})"


def _node_errors(node: JSON, path: Path, *, describe: bool = True) -> Iterator[Error]:
    for lang, name in _texts(node, "name"):
        where = [*path, "name"] if lang is None else [*path, "name_localizations", lang]
        if not _is_name(name):
            yield where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
    if describe:
        yield from _length_errors(node, "description", path)
    yield from _count_errors(node, "options", MAX_OPTIONS, path)
    for n, option in enumerate(node.get("options") or []):
        yield from _node_errors(option, [*path, "options", n])
    yield from _count_errors(node, "choices", MAX_CHOICES, path)
    for n, choice in enumerate(node.get("choices") or []):
        yield from _choice_errors(choice, [*path, "choices", n])


def _choice_errors(choice: JSON, path: Path) -> Iterator[Error]:
    yield from _length_errors(choice, "name", path)
    value = choice.get("value")
    if isinstance(value, str) and not TEXT[0] <= len(value) <= TEXT[1]:
        yield [*path, "value"], "BASE_TYPE_BAD_LENGTH", f"Must be between {TEXT[0]} and {TEXT[1]} in length."


def _length_errors(node: JSON, field: str, path: Path) -> Iterator[Error]:
    for lang, text in _texts(node, field):
        if not TEXT[0] <= len(text) <= TEXT[1]:
            where = [*path, field] if lang is None else [*path, f"{field}_localizations", lang]
            yield where, "BASE_TYPE_BAD_LENGTH", f"Must be between {TEXT[0]} and {TEXT[1]} in length."


def _count_errors(node: JSON, field: str, most: int, path: Path) -> Iterator[Error]:
    if len(node.get(field) or []) > most:
        yield [*path, field], "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length."


def _texts(node: JSON, field: str) -> Iterator[tuple[str | None, str]]:
    """The text itself (language None), then each of its localizations."""
    yield None, str(node.get(field) or "")
    yield from (node.get(f"{field}_localizations") or {}).items()


def _is_name(name: str) -> bool:
    """^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, lower case."""
    allowed = all(
        c in "-_" or unicodedata.category(c)[0] in "LN" or ord(c) in DEVANAGARI or ord(c) in THAI for c in name
    )
    return allowed and NAME[0] <= len(name) <= NAME[1] and name == name.lower()


def _languages(node: JSON) -> set[str | None]:
    found: set[str | None] = {None}
    for field in ("name_localizations", "description_localizations"):
        found |= set(node.get(field) or {})
    for inner in (*(node.get("options") or []), *(node.get("choices") or [])):
        found |= _languages(inner)
    return found


def _size(node: JSON, lang: str | None) -> int:
    """Characters of a command in one language: names, descriptions, values, choices, all nested."""
    own = sum(len(_in(node, field, lang)) for field in ("name", "description")) + len(str(node.get("value", "")))
    return own + sum(_size(inner, lang) for inner in (*(node.get("options") or []), *(node.get("choices") or [])))


def _in(node: JSON, field: str, lang: str | None) -> str:
    localized = (node.get(f"{field}_localizations") or {}).get(lang) if lang else None
    return str(localized or node.get(field) or "")


def _invalid(errors: list[Error]) -> APIError | None:
    """Discord's one answer for every broken rule of a body, merged at their paths."""
    if not errors:
        return None
    merged: JSON = {}
    for path, code, message in errors:
        _merge(merged, form_errors(path, code, message))
    return APIError(400, 50035, "Invalid Form Body", merged)


def _merge(into: JSON, errors: JSON) -> None:
    for key, value in errors.items():
        if key == "_errors":
            into.setdefault(key, []).extend(value)
        else:
            _merge(into.setdefault(key, {}), value)
