"""The message catalogue: English and French say the same things, and every key the cogs name exists."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from pathlib import Path

import pytest

import cogs.texts
from bot.i18n import MESSAGES, text

ROOT = Path(__file__).resolve().parents[2]
# text(lang, "key" …), refusal("key" …) and ServiceError("…", "key" …): keys written out in the code.
NAMED_KEY = re.compile(
    r'(?:\btext\(\s*\w+,\s*|\brefusal\(\s*|ServiceError\([^()]*?,\s*)"([a-z_]+(?:\.[a-z_0-9]+)+|[a-z_]+)"'
)

for module in pkgutil.iter_modules(cogs.texts.__path__):
    importlib.import_module(f"cogs.texts.{module.name}")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_english_and_french_have_the_same_messages() -> None:
    assert sorted(MESSAGES["en"].keys() - MESSAGES["fr"].keys()) == [], "missing in French"
    assert sorted(MESSAGES["fr"].keys() - MESSAGES["en"].keys()) == [], "missing in English"


@pytest.mark.parametrize("key", sorted(MESSAGES["en"]))
def test_french_asks_for_no_value_english_is_not_given(key: str) -> None:
    """French may leave out a value (an English status word) but never needs one the code does not pass."""
    assert placeholders(MESSAGES["fr"][key]) <= placeholders(MESSAGES["en"][key])


def test_every_key_named_in_the_code_is_in_the_catalogue() -> None:
    named = {
        (path.relative_to(ROOT).as_posix(), key)
        for folder in ("bot", "cogs")
        for path in (ROOT / folder).rglob("*.py")
        for key in NAMED_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert len(named) > 100, "the pattern finds the keys"
    assert sorted((where, key) for where, key in named if key not in MESSAGES["en"]) == []


def test_a_missing_french_message_falls_back_to_english() -> None:
    assert text("de", "err.not_playing") == "You are not playing in this game."
