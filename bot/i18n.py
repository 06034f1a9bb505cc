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
  (see :class:`rules.wording.Wording`), so the code never builds grammar;
- every other file translates an engine's own English (refusals, results, move labels),
  ``rules.po`` for what all engines share and ``<game>.po`` for each game: the id of an
  entry is the English template of a :class:`rules.Text`, worded by :func:`word`. An engine's
  words that agree with a number (:meth:`rules.Text.counted`) are a plural entry there too, its
  ``msgid`` the English for one and its ``msgid_plural`` the English for many; its eliding
  articles are format specs as in ``agora.po``.

A game installed as a package brings the same files in its own ``locales/<language>/`` folder
(its ``agora.po`` holds its cog's messages and command descriptions): they join the tables.

The words the pictures draw are English in each game's render module (its ``PICTURE_WORDS``, by
key; a plural one's forms joined by :func:`rules.wording.plural_forms`), where the drawing code
lives; a game's engine module may add English words of the bot's messages it decides (its
``WORDS``), and its render module the names the catalogue words by key (its ``NAMED_BY_KEY``:
English name -> key). Every registered game's are found, none is listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from babel.units import format_unit

from render.kit import PICTURE_WORDS
from rules import GAMES, MODULES, Listing, Text, part_of
from rules.wording import ENGLISH_RULE, FORMS, PLURAL_RULE, WORDING, chosen_form

LOCALES = Path(__file__).with_name("locales")
BOT_FILE, COMMAND = "agora.po", "command"
# learn*.po, hints.po, review.po, spectators.po and puzzles.po: messages by key
LESSON_FILES = ("learn", "hint", "review", "spectators", "puzzle")

MESSAGES: dict[str, dict[str, str]] = {}  # language -> key -> message
RULE_TEXTS: dict[str, dict[str, str]] = {}  # language -> an engine's English template -> its translation
COMMANDS: dict[str, dict[str, str]] = {}  # language -> a command description in English -> its translation
PLURALS: dict[str, dict[str, tuple[str, ...]]] = {}  # language -> key -> the message's plural forms
RULE_PLURALS: dict[str, dict[str, tuple[str, ...]]] = {}  # language -> an engine's English for one -> its forms
PLURAL_RULES: dict[str, str] = {}  # language -> which form a number takes (its Plural-Forms expression)
UNIT_LENGTHS: dict[str, Literal["short", "long", "narrow"]] = {"short": "short", "long": "long", "narrow": "narrow"}


def load_language(folder: Path) -> None:
    """Read every ``.po`` file of one language's folder into that language's tables, besides what
    they hold already (translations left empty are skipped)."""
    lang = folder.name
    for table in (MESSAGES, RULE_TEXTS, COMMANDS):
        table.setdefault(lang, {})
    for plurals in (PLURALS, RULE_PLURALS):
        plurals.setdefault(lang, {})
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as file:
            catalogue = read_po(file)
        if path.name == BOT_FILE:
            PLURAL_RULES.setdefault(lang, catalogue.plural_expr)  # the bot's own, read first, rules its language
        for message in catalogue:
            forms = _plural_forms(message)
            if forms and _table(path.name, message.context) is RULE_TEXTS:
                RULE_PLURALS[lang][str(message.id[0])] = forms
            elif forms:
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


def add_english_words(words: Mapping[str, str]) -> None:
    """Add English words by key, written beside the code that draws or decides them, to the English
    messages: a plural one (its forms joined) as a plural message."""
    for key, english in words.items():
        forms = tuple(english.split(FORMS))
        if len(forms) > 1:
            PLURALS["en"][key] = forms
        MESSAGES["en"][key] = forms[-1]


add_english_words({**PICTURE_WORDS, **games_words()})
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
    >>> plural("fr", "err.no_game", 3, id=3)
    "Il n'y a pas de partie n°3."
    """
    values = worded(lang, values)
    if key not in PLURALS["en"]:
        return text(lang, key, **values)
    if key not in PLURALS.get(lang, {}):
        lang = "en"
    return WORDING.format(chosen_form(PLURALS[lang][key], plural_rule(lang), number), **values)


def plural_rule(lang: str) -> str:
    """Which form of a plural message a number takes in ``lang``: its catalogue's ``Plural-Forms``.

    >>> plural_rule("fr"), plural_rule("en")
    ('(n > 1)', '(n != 1)')
    """
    return PLURAL_RULES.get(lang, ENGLISH_RULE)


def table_word(lang: str, key: str) -> str:
    """The message ``key`` in ``lang`` as a table of words holds it for a picture: a plural message's
    forms joined (:func:`rules.wording.plural_forms`), else its template.

    >>> table_word("fr", "replay.start").split("\\x00")[0]
    'Position de départ · {moves} coup en tout.'
    """
    forms = PLURALS.get(lang, {}).get(key) or PLURALS["en"].get(key)
    return FORMS.join(forms) if forms else template(lang, key)


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
    what a picture needs to word an engine's :class:`Text` where :func:`word` cannot be called
    (a table of words, :mod:`rules.wording`: plural forms joined, the language's plural rule).

    >>> engine_words("fr")["{who} built the temple"]
    '{who} a construit le temple'
    """
    return dict(_engine_table(lang))


@cache  # the catalogues are all read once this module is imported
def _engine_table(lang: str) -> Mapping[str, str]:
    names = {name: template(lang, key) for name, key in NAMED_BY_KEY.items()}  # a game's cards, by key
    plurals = {one: FORMS.join(forms) for one, forms in RULE_PLURALS.get(lang, {}).items()}
    return MappingProxyType({**names, **RULE_TEXTS.get(lang, {}), **plurals, PLURAL_RULE: plural_rule(lang)})


def word(lang: str, words: Text | Listing | str) -> str:
    """An engine's text in ``lang``: each English template it holds translated where the
    catalogue has it, else left in English, in the form its number takes, articles elided.

    >>> word("fr", Text("It is not your turn."))
    "Ce n'est pas votre tour."
    """
    table = _engine_table(lang)
    return table.get(words, words) if isinstance(words, str) else words.word(table, WORDING.format)
