"""A game's options typed in words, as ``/tournament create`` takes them: ``level=free nuggets=2``,
``elements=fire,mud``. They are read against the options the game declares (:class:`rules.Option`),
so a command that takes options needs no parameter per game.

>>> from dataclasses import replace
>>> from rules import GAMES
>>> game = replace(next(iter(GAMES.values())), options=(Option("strict_memory", False, (False, True)),))
>>> read_options(game, "strict_memory=yes")
{'strict_memory': True}
>>> read_options(game, "memory=yes")  # doctest: +ELLIPSIS
Traceback (most recent call last):
bot.records.ServiceError: The memory option is not one of ...'s options.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import game_named
from bot.service import refusal
from rules.base import JSON, Game, Option, shown

YES, NO = frozenset({"true", "yes", "on", "oui", "vrai"}), frozenset({"false", "no", "off", "non", "faux"})


def read_options(game: Game[Any], typed: str | None) -> JSON:
    """The options written in ``typed`` (``name=value`` pairs apart by spaces), each checked."""
    given: JSON = {}
    for pair in (typed or "").split():
        name, equals, value = pair.partition("=")
        if not equals or not value:
            raise refusal("tour.err.option_form", typed=shown(pair))
        option = option_named(game, name.lower())
        given[option.name] = option_value(option, value)
    return given


def option_named(game: Game[Any], name: str) -> Option:
    for option in game.options:
        if option.name == name:
            return option
    raise refusal("tour.err.option", option=shown(name), game=game_named(game.id))


def option_value(option: Option, typed: str) -> Any:
    """``typed`` as a value of ``option``: one of its choices, a whole number, or a list (``fire,mud``)."""
    word = typed.lower()
    if option.choices:
        for choice in option.choices:
            if _names(choice, word):
                return choice
        choices = ", ".join(str(choice).lower() for choice in option.choices)
        raise refusal("tour.err.option_value", option=option.name, value=shown(typed), choices=choices)
    if isinstance(option.default, int) and not isinstance(option.default, bool):
        if not (word.isascii() and word.isdigit()):
            raise refusal("tour.err.option_value", option=option.name, value=shown(typed), choices="1, 2, 3…")
        return int(word)
    return [part for part in word.split(",") if part]


def _names(choice: Any, word: str) -> bool:
    """Whether ``word`` names ``choice`` (a yes or a no in English or French for a yes-or-no option)."""
    if isinstance(choice, bool):
        return word in (YES if choice else NO)
    return str(choice).lower() == word
