"""The message catalogues (``bot/locales/<language>/*.po``) and the French localisation of slash commands.

Each language is a folder of gettext files a community can translate without touching code:

- ``agora.po`` holds the bot's messages, by key (``err.no_game``); ``en/agora.po`` is the
  English, and ``text(lang, key, **values)`` formats one in a server's language, falling
  back to English so a message is never lost;
- an entry with ``msgctxt "command"``, in any file, translates a slash command's description or a
  choice's name, by its English text: the shared commands' in ``agora.po``, a game's in its own file;
- ``learn.po`` and ``learn_<game>.po`` hold the tutorials' messages (``/learn``), by key, as
  ``agora.po`` does: each game's lesson in a file of its own; ``hints.po`` and ``review.po`` the
  Hint and Review buttons'; ``spectators.po`` following games, their threads and commentary;
  ``puzzles.po`` the puzzles' (``/puzzle``, the daily puzzle);
- a keyed message whose words depend on a number is a gettext plural entry (``msgid_plural``,
  one ``msgstr[n]`` per form of the file's ``Plural-Forms``): :func:`plural` picks the form;
- a French article that elides before a vowel is written as a format spec on the value it
  precedes: ``"Tournoi {game:de}"`` reads "Tournoi d'Awalé" and "Tournoi de Go"
  (see :class:`Wording`), so the code never builds grammar;
- every other file translates an engine's own English (refusals, results, move labels),
  ``rules.po`` for what all engines share and ``<game>.po`` for each game: the id of an
  entry is the English template of a :class:`rules.Text`, worded by :func:`word`.

A game installed as a package brings the same files in its own ``locales/<language>/`` folder
(its ``agora.po`` holds its cog's messages and command descriptions): they join the tables.

The words the pictures draw are English in each game's render module (its ``PICTURE_WORDS``, by
key), where the drawing code lives; a game's engine module may add English words of the bot's
messages it decides (its ``WORDS``), and its render module the names the catalogue words by key
(its ``NAMED_BY_KEY``: English name -> key). Every registered game's are found, none is listed.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any, Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from babel.units import format_unit

from render.kit import PICTURE_WORDS
from rules import GAMES, MODULES, Listing, Text, part_of

LOCALES = Path(__file__).with_name("locales")
BOT_FILE, COMMAND = "agora.po", "command"
# learn*.po, hints.po, review.po, spectators.po and puzzles.po: messages by key
LESSON_FILES = ("learn", "hint", "review", "spectators", "puzzle")

MESSAGES: dict[str, dict[str, str]] = {}  # language -> key -> message
RULE_TEXTS: dict[str, dict[str, str]] = {}  # language -> an engine's English template -> its translation
COMMANDS: dict[str, dict[str, str]] = {}  # language -> a command description in English -> its translation
PLURALS: dict[str, dict[str, tuple[str, ...]]] = {}  # language -> key -> the message's plural forms
PLURAL_RULES: dict[str, Callable[[int], int]] = {}  # language -> which form a number takes (its Plural-Forms)

# Words that elide before a vowel sound, by the format spec a catalogue writes after the value:
# "{game:de}" is "de Go" but "d'Awalé". A spec is the whole word, so a template reads as a sentence.
ELIDING = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'", "du": "de l'"}
VOWELS = frozenset("aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ")


class Wording(string.Formatter):
    """``str.format`` with eliding specs: ``{game:de}`` puts "de " or "d'" before the value.

    >>> Wording().format("Tournoi {game:de}", game="Awalé"), Wording().format("{n:>3}", n=7)
    ("Tournoi d'Awalé", '  7')
    """

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec not in ELIDING:
            return super().format_field(value, format_spec)
        shown = str(value)
        if shown.lstrip("*_\\")[:1] in VOWELS:  # a name in bold is still a name
            return ELIDING[format_spec] + shown
        return f"{format_spec} {shown}"


WORDING = Wording()
UNIT_LENGTHS: dict[str, Literal["short", "long", "narrow"]] = {"short": "short", "long": "long", "narrow": "narrow"}


def load_language(folder: Path) -> None:
    """Read every ``.po`` file of one language's folder into that language's tables, besides what
    they hold already (translations left empty are skipped)."""
    lang = folder.name
    for table in (MESSAGES, RULE_TEXTS, COMMANDS):
        table.setdefault(lang, {})
    PLURALS.setdefault(lang, {})
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as file:
            catalogue = read_po(file)
        if path.name == BOT_FILE:
            PLURAL_RULES[lang] = gettext.c2py(catalogue.plural_expr)
        for message in catalogue:
            forms = _plural_forms(message)
            if forms:
                key = str(message.id[0])
                PLURALS[lang][key] = forms
                MESSAGES[lang][key] = forms[-1]  # the form of many, for tools that read one template
            elif message.id and message.string:
                _table(path.name, message.context)[lang][str(message.id)] = str(message.string)


def _plural_forms(message: Message) -> tuple[str, ...]:
    """A plural entry's forms (``msgstr[0]``, ``msgstr[1]``…), or none when it is not one or not translated."""
    if not message.pluralizable or not isinstance(message.string, tuple) or not all(message.string):
        return ()
    return tuple(str(form) for form in message.string)


def _table(file_name: str, context: str | None) -> dict[str, dict[str, str]]:
    if context == COMMAND:  # in any file: a game's commands are worded in the game's own catalogue
        return COMMANDS
    if file_name != BOT_FILE and not file_name.startswith(LESSON_FILES):
        return RULE_TEXTS
    return MESSAGES


def catalogue_folders() -> list[Path]:
    """The bot's catalogues, then those of each game that brings its own (a game package's ``locales``)."""
    games = [modules.locales for modules in MODULES.values() if modules.locales is not None]
    return [LOCALES, *(folder for folder in games if folder.is_dir())]


for _catalogues in catalogue_folders():
    for _folder in sorted(_catalogues.iterdir()):
        if _folder.is_dir():
            load_language(_folder)


def games_words() -> dict[str, str]:
    """The English words, by key, that live beside each game's code that draws or decides them."""
    found: dict[str, str] = {}
    for game_id in MODULES:
        found.update(part_of(game_id, "render").PICTURE_WORDS)
        found.update(getattr(part_of(game_id, "rules"), "WORDS", {}))
    return found


def games_names_by_key() -> dict[str, str]:
    """The names each game's catalogue words by key (a card's name, the game's own), English name -> key."""
    found: dict[str, str] = {}
    for game_id in MODULES:
        found.update(getattr(part_of(game_id, "render"), "NAMED_BY_KEY", {}))
        found[GAMES[game_id].name] = name_key(game_id)
    return found


def name_key(game_id: str) -> str:
    """The key of a game's name in the catalogues: ``<id>.name`` (English by default: its registered name)."""
    return f"{game_id}.name"


MESSAGES["en"].update({**PICTURE_WORDS, **games_words()})
for _game_id, _game in GAMES.items():
    MESSAGES["en"].setdefault(name_key(_game_id), _game.name)
# Words the catalogue already has by key: a game's names (a card's ``Text("Elf King")`` is worded as
# ``<game>.card.elf_king``), and the reasons the bot itself gives an outcome (a time-out, an agreed draw).
NAMED_BY_KEY: dict[str, str] = {
    **games_names_by_key(),
    "timeout": "reason.timeout",
    "draw agreed": "reason.draw_agreed",
    "director": "reason.director",
}


LANGUAGES = tuple(sorted(MESSAGES))  # every folder of bot/locales is a language servers may choose


def player_language(locale: str | None) -> str | None:
    """The catalogue's language for a Discord ``locale`` ("fr", "en-GB"), or None when the bot does
    not speak it: a private answer then falls back to the server's language.

    >>> player_language("en-GB"), player_language("fr"), player_language("pt-BR")
    ('en', 'fr', None)
    """
    lang = (locale or "").split("-")[0].lower()
    return lang if lang in LANGUAGES else None


def language_name(lang: str) -> str:
    """A language's name in itself, as its catalogue gives it.

    >>> language_name("fr")
    'Français'
    """
    return text(lang, "language.name")


def text(lang: str, key: str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (English when missing), formatted with ``values``; a value
    that is an engine's :class:`rules.Text` (a game's name, :func:`game_named`) is worded in ``lang``.

    >>> text("fr", "err.no_game", id=3)
    "Il n'y a pas de partie n°3."
    """
    return WORDING.format(template(lang, key), **worded(lang, values))


def worded(lang: str, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each :class:`rules.Text` or :class:`rules.Listing` worded in ``lang``."""
    return {name: word(lang, value) if isinstance(value, Text | Listing) else value for name, value in values.items()}


def game_name(lang: str, game_id: str) -> str:
    """A game's name in ``lang``, as the game's catalogue words it (its registered name where none does).

    >>> game = next(iter(GAMES))
    >>> game_name("en", game) == GAMES[game].name and game_name("fr", game) == text("fr", f"{game}.name")
    True
    """
    return template(lang, name_key(game_id))


def game_named(game_id: str) -> Text:
    """A game's name for a message formatted later in its reader's language (a refusal's value):
    :func:`text` words it; ``str()`` is the English.

    >>> game = next(iter(GAMES))
    >>> str(game_named(game)) == GAMES[game].name
    True
    """
    return Text(GAMES[game_id].name)


def game_text(lang: str, key: str, game_id: str, **values: Any) -> str:
    """The game's own message ``<key>.<id>`` in ``lang`` when its catalogue has one, else ``key``, the
    message every game shares.

    >>> game_text("en", "tour.sides", "no_such_game") == text("en", "tour.sides")
    True
    """
    own = f"{key}.{game_id}"
    return text(lang, own if own in MESSAGES["en"] or own in MESSAGES.get(lang, {}) else key, **values)


def plural(lang: str, key: str, number: int, /, **values: Any) -> str:
    """The plural message ``key`` in ``lang``, in the form ``number`` takes (English when
    missing), formatted with ``values`` (which hold the number under the name the message gives it);
    a message without plural forms reads the same for every number.

    >>> [plural("fr", "replay.start", n, moves=n) for n in (1, 2)]
    ['Position de départ · 1 coup en tout.', 'Position de départ · 2 coups en tout.']
    """
    values = worded(lang, values)
    if key not in PLURALS.get(lang, {}):
        lang = "en"
    if key not in PLURALS["en"]:
        return text(lang, key, **values)
    forms = PLURALS[lang][key]
    form = forms[min(PLURAL_RULES[lang](number), len(forms) - 1)]
    return WORDING.format(form, **values)


def listed(lang: str, names: Sequence[str]) -> str:
    """``Ada``, ``Ada and Bob``, ``Ada, Bob and Cy`` (``et`` in French).

    >>> listed("fr", ["Ada", "Bob", "Cy"])
    'Ada, Bob et Cy'
    """
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + text(lang, "ending.and") + names[-1]


def duration_words(lang: str, amounts: Sequence[tuple[int, str]]) -> str:
    """Amounts of time units (``"day"``, ``"hour"``, ``"minute"``) as ``lang`` writes them, by Babel's
    units for its locale at the length its catalogue names (``duration.length``: "3d" is narrow,
    "3 j" short): a duration players read, never one they type.

    >>> duration_words("en", [(3, "day"), (23, "hour")]), duration_words("fr", [(5, "minute")]).replace("\xa0", " ")
    ('3d 23h', '5 min')
    """
    length = UNIT_LENGTHS.get(template(lang, "duration.length"), "narrow")
    parts = [format_unit(amount, f"duration-{unit}", length=length, locale=lang) for amount, unit in amounts]
    return format_list(parts or [format_unit(0, "duration-minute", length=length, locale=lang)], "unit-narrow", lang)


def day_words(lang: str, day: date, *, year: bool = True) -> str:
    """``day`` written out in ``lang``, by its catalogue's Babel patterns (``date.*``): for a picture,
    which cannot show Discord's timestamps.

    >>> day_words("fr", date(2027, 1, 1), year=False), day_words("fr", date(2027, 2, 3))
    ('1er janvier', '3 février 2027')
    >>> day_words("en", date(2027, 1, 1))
    'January 1, 2027'
    """
    key = "date.first_of_month" if day.day == 1 else "date.day_of_month"
    return format_date(day, template(lang, f"{key}.year" if year else key), locale=lang)


def template(lang: str, key: str) -> str:
    """The message ``key`` in ``lang`` (English when missing), its ``{fields}`` left to fill
    (pictures fill them where they are drawn).

    >>> template("fr", "done")
    "C'est fait : {summary}"
    """
    return MESSAGES.get(lang, MESSAGES["en"]).get(key) or MESSAGES["en"][key]


def engine_words(lang: str) -> dict[str, str]:
    """The engines' templates (and the names the bot words by key) in ``lang``, by their English:
    what a picture needs to word an engine's :class:`Text` where :func:`word` cannot be called.

    >>> engine_words("fr")["{who} built the temple"]
    '{who} a construit le temple'
    """
    names = {name: template(lang, key) for name, key in NAMED_BY_KEY.items()}
    return {**RULE_TEXTS.get(lang, {}), **names}


def word(lang: str, words: Text | Listing | str) -> str:
    """An engine's text in ``lang``: each English template it holds translated where the
    catalogue has it, else left in English.

    >>> word("fr", Text("It is not your turn."))
    "Ce n'est pas votre tour."
    """
    translations = RULE_TEXTS.get(lang, {})
    messages = MESSAGES.get(lang, {})

    def translate(template: str) -> str:
        if template in translations:
            return translations[template]
        key = NAMED_BY_KEY.get(template)  # a name the bot's catalogue words by key (a game's cards)
        return messages.get(key, template) if key else template

    return translate(words) if isinstance(words, str) else words.word(translate)
