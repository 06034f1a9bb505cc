"""Every game played at tables of three or more says on its rules pages (what ``/rules`` shows), in
English and in French, what happens when a player leaves the table (docs/leaving.md)."""

from __future__ import annotations

import pytest

from bot.absence import MIN_SEATS
from cogs.games import rules_sections
from rules import GAMES

TABLE_GAMES = sorted(game_id for game_id, game in GAMES.items() if game.max_players >= MIN_SEATS)
SECTION = {"en": "A player who leaves", "fr": "Un joueur qui part"}
# What each language's section must say: Agora takes the seat, the player is ranked last, two players end the game.
SAID = {
    "en": ("Agora plays their seat to the end", "ranked last", "With two players, leaving ends the game."),
    "fr": ("Agora joue sa place jusqu'au bout", "classé dernier", "À 2, partir termine la partie."),
}


def test_the_table_games_are_found() -> None:
    assert len(TABLE_GAMES) >= 2


@pytest.mark.parametrize("lang", sorted(SECTION))
@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_rules_pages_say_what_happens_when_a_player_leaves(game_id: str, lang: str) -> None:
    sections = dict(rules_sections(game_id, lang))
    assert SECTION[lang] in sections, f"{game_id} ({lang}): no section '{SECTION[lang]}' in /rules"
    for words in SAID[lang]:
        assert words in sections[SECTION[lang]], f"{game_id} ({lang}): the section does not say '{words}'"
