"""Every game's French rules page exists, fits the same limits as the English one, and has the same sections."""

from __future__ import annotations

import re

import pytest

from cogs.games import rules_page, rules_sections
from rules import GAMES
from tests.rules.test_conformance import PAGE_LIMIT, SECTION_LIMIT


def _sections(text: str) -> list[str]:
    return re.split(r"(?m)^## ", text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_french_rules_page(game_id: str) -> None:
    page = rules_page(game_id, "fr")
    assert page.is_file(), f"{game_id}: the French rules page {page} is missing"
    text = page.read_text(encoding="utf-8")
    english = rules_page(game_id, "en").read_text(encoding="utf-8")
    assert text.startswith("# "), f"{game_id}: the French page must start with a '# ' title"
    assert len(text) <= PAGE_LIMIT, f"{game_id}: French page has {len(text)} characters, limit {PAGE_LIMIT}"
    for section in _sections(text):
        title = section.splitlines()[0] if section else ""
        assert len(section) <= SECTION_LIMIT, f"{game_id}: French section '{title}' has {len(section)} characters"
    assert len(_sections(text)) == len(_sections(english)), f"{game_id}: French and English pages differ in sections"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_french_sections_are_read_from_the_french_page(game_id: str) -> None:
    english, french = rules_sections(game_id, "en"), rules_sections(game_id, "fr")
    assert len(english) == len(french)
    assert english != french
