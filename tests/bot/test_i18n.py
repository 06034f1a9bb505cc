"""The message catalogues: every language says the same things with the same values, every key
the code names exists, and every English text an engine writes has its translation."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import BOT_FILE, LESSON_FILES, LOCALES, MESSAGES, PLURALS, RULE_PLURALS, RULE_TEXTS, plural, text, word
from rules import GAMES, MODULES, ForbiddenMove, Listing, Text
from rules.base import AND, OR
from rules.wording import ELIDING

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = sorted(path.name for path in LOCALES.iterdir() if path.is_dir())
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# text(lang, "key" …), refusal("key" …) and ServiceError("…", "key" …): keys written out in the code.
NAMED_KEY = re.compile(
    r'(?:\b(?:text|plural)\(\s*\w+,\s*|\brefusal\(\s*|ServiceError\([^()]*?,\s*)"([a-z_]+(?:\.[a-z_0-9]+)+|[a-z_]+)"'
)
# Calls whose first argument is an engine's English template (a msgid of the engines' catalogues).
TEMPLATE_CALLS = {"Text", "NotationError", "ForbiddenMove", "IllegalMove", "Refused", "BadOptions"}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def shown(path: Path) -> str:
    """``path`` relative to the checkout, or whole for a game package installed elsewhere."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


def module_file(name: str) -> Path:
    found = importlib.util.find_spec(name)
    assert found is not None and found.origin is not None, f"{name} cannot be found"
    return Path(found.origin)


def engine_files() -> list[Path]:
    """The engines' code: the ``rules`` folder (the contract and the built-in games) and each
    game package's engine module, found as the bot finds them."""
    packaged = [module_file(modules.rules) for modules in MODULES.values() if modules.package is not None]
    return sorted((ROOT / "rules").rglob("*.py")) + packaged


def code_files() -> list[Path]:
    """The bot's and the cogs' code, and each game package's cog."""
    packaged = [module_file(modules.cog) for modules in MODULES.values() if modules.package is not None]
    return [path for folder in ("bot", "cogs") for path in sorted((ROOT / folder).rglob("*.py"))] + packaged


def catalogues(lang: str = "*") -> list[Path]:
    """The ``.po`` files of ``lang`` (every language by default): the bot's, then each game package's."""
    folders = [LOCALES, *(modules.locales for modules in MODULES.values() if modules.locales is not None)]
    return [path for folder in folders for path in sorted(folder.glob(f"{lang}/*.po"))]


def engine_calls() -> Iterator[tuple[str, ast.expr]]:
    """(where, argument) of every English text the engines write: templates, Listing joins, outcomes' reasons.

    Only a string literal is a template the scan can check: an f-string is refused (see
    :func:`test_engine_texts_are_templates_not_formatted_strings`), and a name or an expression
    is not seen at all, so engines write their templates, Listing joins and reasons as literals.
    """
    for path in engine_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                for argument in texts_of(node.func.id, node):
                    yield f"{shown(path)}:{node.lineno}", argument


def texts_of(name: str, call: ast.Call) -> list[ast.expr]:
    if name in TEMPLATE_CALLS:
        return call.args[:1]
    if name == "Listing":
        return call.args[1:2]
    if name == "Outcome":
        return call.args[1:2] + [keyword.value for keyword in call.keywords if keyword.arg == "reason"]
    return []


def engine_templates() -> dict[str, str]:
    """Each English template the engines write, with where it is first written."""
    found = {OR: "base.py (Listing)", AND: "base.py (Listing)"}
    for where, argument in engine_calls():
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            found.setdefault(argument.value, where)
    return found


def counted_templates() -> dict[str, tuple[str, str]]:
    """The English of each text the engines write that agrees with a number (``Text.counted(one, many,
    count)``, templates written out): its form for one -> (its form for many, the value counted)."""
    found: dict[str, tuple[str, str]] = {}
    for path in engine_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "counted":
                written = [argument.value for argument in node.args[:3] if isinstance(argument, ast.Constant)]
                if len(written) == 3:  # else a text read back from its English, written out elsewhere
                    one, many, count = written
                    found[one] = (many, count)
    return found


def plural_ids(lang: str) -> dict[str, str]:
    """Each plural entry of the engines' catalogues of ``lang``: its ``msgid`` -> its ``msgid_plural``."""
    found = {}
    for path in catalogues(lang):
        if path.name != BOT_FILE and not path.name.startswith(LESSON_FILES):
            with path.open("rb") as file:
                found.update({str(m.id[0]): str(m.id[1]) for m in read_po(file) if isinstance(m.id, tuple)})
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_language_has_every_message(lang: str) -> None:
    assert sorted(MESSAGES["en"].keys() - MESSAGES[lang].keys()) == [], "missing"
    assert sorted(MESSAGES[lang].keys() - MESSAGES["en"].keys()) == [], "not in English"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_asks_for_the_same_values(lang: str) -> None:
    differ = {
        key: (placeholders(MESSAGES["en"][key]), placeholders(MESSAGES[lang][key]))
        for key in MESSAGES["en"].keys() & MESSAGES[lang].keys()
        if placeholders(MESSAGES["en"][key]) != placeholders(MESSAGES[lang][key])
    }
    assert differ == {}


def test_every_key_named_in_the_code_is_in_the_catalogue() -> None:
    named = {
        (shown(path), key)
        for path in code_files()
        for key in NAMED_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert len(named) > 100, "the pattern finds the keys"
    assert sorted((where, key) for where, key in named if key not in MESSAGES["en"]) == []


def test_engine_texts_are_templates_not_formatted_strings() -> None:
    """An f-string could not be found in a catalogue: values go in as keywords."""
    formatted = [where for where, argument in engine_calls() if isinstance(argument, ast.JoinedStr)]
    assert formatted == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_engine_text_is_translated_with_the_same_values(lang: str) -> None:
    templates = engine_templates()
    assert len(templates) > 20, "the scan finds the engines' texts"
    missing = sorted(
        f"{where}: {template}" for template, where in templates.items() if template not in RULE_TEXTS[lang]
    )
    assert missing == []
    differ = sorted(
        template
        for template in templates.keys() & RULE_TEXTS[lang].keys()
        if placeholders(template) != placeholders(RULE_TEXTS[lang][template])
    )
    assert differ == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_left_for_an_engine_text_that_is_gone(lang: str) -> None:
    assert sorted(RULE_TEXTS[lang].keys() - engine_templates().keys()) == []
    assert sorted(RULE_PLURALS[lang].keys() - counted_templates().keys()) == []


def test_the_scan_finds_the_engines_texts_that_agree_with_a_number() -> None:
    counted = counted_templates()
    assert counted["+{n} roll"] == ("+{n} rolls", "n"), "a counted text's templates are read as written"
    assert not counted.keys() & engine_templates().keys(), "a counted text is never written as a plain one too"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_engine_text_that_agrees_with_a_number_has_its_plural_forms(lang: str) -> None:
    """Its catalogue entry is a plural one (``msgid`` the English for one, ``msgid_plural`` for many),
    each form asking for the same values as the English, the number among them."""
    counted, ids = counted_templates(), plural_ids(lang)
    assert sorted(one for one in counted if ids.get(one) != counted[one][0]) == [], "no plural entry, or another"
    differ = sorted(
        one
        for one, (many, count) in counted.items()
        for form in (many, *RULE_PLURALS[lang].get(one, ()))
        if placeholders(form) != placeholders(one) or count not in placeholders(form)
    )
    assert differ == []
    assert sorted(counted.keys() & RULE_TEXTS[lang].keys()) == [], "a plain translation besides its plural forms"


def test_an_engine_refusal_is_worded_in_french_with_its_values() -> None:
    refusal = ForbiddenMove(
        "Your opponent opened with level {level}: your opening pillar must be level {allowed}.",
        level=2,
        allowed=Listing(("1", "3")),
    )
    assert str(refusal) == "Your opponent opened with level 2: your opening pillar must be level 1 or 3."
    assert word("fr", refusal.text) == (
        "Votre adversaire a ouvert au niveau 2 : votre pilier d'ouverture doit être de niveau 1 ou 3."
    )


def test_a_text_without_a_translation_stays_in_english() -> None:
    assert word("fr", Text("{n} unknown words", n=3)) == "3 unknown words"


def test_a_missing_french_message_falls_back_to_english() -> None:
    assert text("de", "err.not_playing") == "You are not playing in this game."


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_text_two_engines_write_reads_the_same_in_both_files(lang: str) -> None:
    """The engines' files of a language share one table: a template in two files must agree (and so
    must a slash-command text, in the table of those, ``msgctxt "command"``)."""
    seen: dict[tuple[str | None, str], tuple[str, str]] = {}
    disagree = []
    for path in catalogues(lang):
        if path.name == BOT_FILE:
            continue
        with path.open("rb") as file:
            for message in read_po(file):
                if not (message.id and message.string):
                    continue
                first = seen.setdefault((message.context, str(message.id)), (path.name, str(message.string)))
                if first[1] != str(message.string):  # a plural message's forms: as one text too
                    disagree.append(f"{message.id}: {first[0]} and {path.name}")
    assert disagree == []


@pytest.mark.parametrize("path", catalogues(), ids=lambda path: shown(path))
def test_no_message_is_written_twice_in_a_file(path: Path) -> None:
    """A second entry for the same id would silently win over the first."""
    ids = re.findall(r'^(?:msgctxt "([^"]*)"\n)?msgid "(.+)"$', path.read_text(encoding="utf-8"), flags=re.M)
    assert sorted(entry for entry in set(ids) if ids.count(entry) > 1) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_plural_message_is_plural_in_every_language_with_the_same_values(lang: str) -> None:
    assert PLURALS["en"], "the catalogue has plural messages"
    assert sorted(PLURALS["en"].keys() ^ PLURALS[lang].keys()) == []
    differ = sorted(
        key
        for key, forms in PLURALS[lang].items()
        for form in (*forms, *PLURALS["en"][key])
        if placeholders(form) != placeholders(PLURALS["en"][key][-1])
    )
    assert differ == []


def test_french_says_one_in_the_singular_and_two_in_the_plural() -> None:
    assert plural("fr", "your_turn_count", 1, count=1) == "**1** partie attend votre coup."
    assert plural("fr", "your_turn_count", 0, count=0) == "**0** partie attend votre coup."
    assert plural("fr", "your_turn_count", 2, count=2) == "**2** parties attendent votre coup."
    assert plural("en", "your_turn_count", 0, count=0) == "**0** games waiting for your move."


def test_a_french_article_elides_before_a_vowel_only() -> None:
    assert text("fr", "challenge_title", game="Arkaios", id=2) == "Défi d'Arkaios · partie n°2"
    assert text("fr", "challenge_title", game="Kouba", id=2) == "Défi de Kouba · partie n°2"
    assert text("en", "challenge_title", game="Arkaios", id=2) == "Arkaios challenge · game #2"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_format_spec_in_a_catalogue_is_one_the_bot_knows(lang: str) -> None:
    """A spec such as ``{game:de}`` must be an eliding word: anything else would fail when formatted."""
    plurals = [(key, form) for table in (PLURALS, RULE_PLURALS) for key, forms in table[lang].items() for form in forms]
    found = {
        (key, spec)
        for key, message in [*MESSAGES[lang].items(), *RULE_TEXTS[lang].items(), *plurals]
        for _, name, spec, _ in string.Formatter().parse(message)
        if name and spec
    }
    assert sorted((key, spec) for key, spec in found if spec not in ELIDING) == []
    assert lang == "en" or found, "the French catalogues elide"


def test_no_french_message_writes_a_plural_in_brackets() -> None:
    """Plural agreement is the catalogue's plural forms' work, not the reader's: no "partie(s)"."""
    assert sorted(key for key, message in MESSAGES["fr"].items() if "(s)" in message) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pictures_fill_their_words_as_the_catalogues_write_them(game: str) -> None:
    """A picture fills its words through ``render.kit.word`` and ``plural_word``, which elide and choose a
    plural form: a picture word filled with plain ``str.format`` would fail on an eliding spec."""
    source = module_file(MODULES[game].render).read_text(encoding="utf-8")
    assert ".format(" not in source


def test_an_eliding_article_reads_names_in_bold_and_mentions() -> None:
    assert text("fr", "ending.resignation.alone", losers="**Agora**") == "Abandon d'**Agora**"
    assert text("fr", "ending.resignation.alone", losers="<@12>") == "Abandon de <@12>"
    waiting = text("fr", "games.table_waiting", count=2, opener="alice")
    assert waiting == "table ouverte, 2 assis : on attend qu'alice la lance"
