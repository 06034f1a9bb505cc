"""How a template is worded in a language: articles that elide, words that agree with a number.

Every layer fills its templates the same way (an engine's :class:`rules.Text`, a picture's words,
the bot's keyed messages), so the grammar lives in the catalogues and no code builds it:

- a word that elides before a vowel is written as a format spec on the value it precedes:
  ``"Tournoi {game:de}"`` reads "Tournoi d'Awalé" and "Tournoi de Go" (:class:`Wording`);
- words that agree with a number are a gettext plural message: one template per form of the
  language (``msgstr[0]``, ``msgstr[1]``…) and its rule, the ``Plural-Forms`` expression of its
  catalogue, which says which form a number takes (:func:`chosen_form`).

A table of a language's words (``Mapping[str, str]``: translations by English template, or
pictures' words by key) can be sent to a worker process as it is, so it holds a plural message as
gettext's compiled catalogues do: its forms joined by :data:`FORMS` in one value, and the
language's rule under the key :data:`PLURAL_RULE`. English is the empty table: templates as the
code writes them, ``(n != 1)`` for its rule.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

# Words that elide before a vowel sound, by the format spec a catalogue writes after the value:
# "{game:de}" is "de Go" but "d'Awalé". A spec is the whole word, so a template reads as a sentence.
ELIDING = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'", "du": "de l'"}
VOWELS = frozenset("aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ")
# A value that is itself a field left to fill later, by position ("{2}": a seat whose name comes once
# the label is worded): its eliding spec stays on it, for the filling that knows the name.
LATER_FIELD = re.compile(r"\{\d+\}")

FORMS = "\x00"  # between the forms of a plural message in a table of words, as in a compiled .mo file
PLURAL_RULE = "Plural-Forms"  # the key of a table's plural rule (its language's Plural-Forms expression)
ENGLISH_RULE = "(n != 1)"
ENGLISH: Mapping[str, str] = MappingProxyType({})  # English's table: every template as the code writes it

Fill = Callable[..., str]  # how a template is filled with its values: str.format, or Wording().format


class Wording(string.Formatter):
    """``str.format`` with eliding specs: ``{game:de}`` puts "de " or "d'" before the value.

    >>> Wording().format("Tournoi {game:de}", game="Awalé"), Wording().format("{n:>3}", n=7)
    ("Tournoi d'Awalé", '  7')

    A name in bold is still a name; a mention (``<@12>``) shows a name the template cannot see,
    so nothing elides before it; a field still to fill keeps its spec:

    >>> [Wording().format("Abandon {who:de}", who=who) for who in ("**Ada**", "<@12>", "{1}")]
    ["Abandon d'**Ada**", 'Abandon de <@12>', 'Abandon {1:de}']
    """

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec not in ELIDING:
            return super().format_field(value, format_spec)
        shown = str(value)
        if LATER_FIELD.fullmatch(shown):
            return f"{shown[:-1]}:{format_spec}}}"
        if shown.lstrip("*_\\")[:1] in VOWELS:
            return ELIDING[format_spec] + shown
        return f"{format_spec} {shown}"


WORDING = Wording()


def plural_forms(*forms: str) -> str:
    """A plural message's forms as a table of words holds them (English: the form for one, then for many).

    >>> plural_forms("{n} roll left", "{n} rolls left").split(FORMS)
    ['{n} roll left', '{n} rolls left']
    """
    return FORMS.join(forms)


@lru_cache(maxsize=16)
def _plural_rule(expression: str) -> Callable[[int], int]:
    return gettext.c2py(expression)


def chosen_form(forms: Sequence[str], rule: str, number: int) -> str:
    """The form of a plural message that ``number`` takes by a language's ``rule`` (its Plural-Forms
    expression): French says one and zero in the singular, English only one.

    >>> [chosen_form(("{n} lancer", "{n} lancers"), "(n > 1)", n) for n in (0, 1, 2)]
    ['{n} lancer', '{n} lancer', '{n} lancers']
    >>> [chosen_form(("{n} roll", "{n} rolls"), ENGLISH_RULE, n) for n in (0, 1, 2)]
    ['{n} rolls', '{n} roll', '{n} rolls']
    """
    return forms[min(_plural_rule(rule)(number), len(forms) - 1)]


def counted(words: Mapping[str, str], one: str, many: str, number: int) -> str:
    """The template an engine's plural text takes for ``number`` in the language of ``words``: the
    forms that table gives ``one`` (the English for one) by its rule, else the English ``one`` or ``many``.

    >>> french = {"{n} roll left": plural_forms("{n} lancer restant", "{n} lancers restants"), PLURAL_RULE: "(n > 1)"}
    >>> counted(french, "{n} roll left", "{n} rolls left", 0), counted(ENGLISH, "{n} roll left", "{n} rolls left", 0)
    ('{n} lancer restant', '{n} rolls left')
    """
    if one not in words:
        return chosen_form((one, many), ENGLISH_RULE, number)
    return chosen_form(words[one].split(FORMS), words.get(PLURAL_RULE, ENGLISH_RULE), number)
