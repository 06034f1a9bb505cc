"""The words a finished game's boards show for its stored result, in English and French."""

from __future__ import annotations

import pytest

from bot.endings import ending_text, result_text
from rules import Outcome

NAMES = ["Ada", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("lang", "outcome", "reason", "names", "expected"),
    [
        ("en", Outcome((1,), "resignation"), "resignation", NAMES[:2], "Bob wins: Ada resigned"),
        ("fr", Outcome((1,), "resignation"), "resignation", NAMES[:2], "Bob gagne : abandon d'Ada"),
        ("en", Outcome((0,), "timeout"), "timeout", NAMES[:2], "Ada wins on time"),
        ("fr", Outcome((0,), "timeout"), "timeout", NAMES[:2], "Ada gagne au temps"),
        ("en", Outcome((), "draw agreed"), "draw agreed", NAMES[:2], "Draw agreed"),
        ("fr", Outcome((), "draw agreed"), "draw agreed", NAMES[:2], "Nulle acceptée"),
        # Team games: the whole side loses; a Kouba resignation leaves every other player winning.
        ("en", Outcome((1, 3), "resignation"), "resignation", NAMES, "Bob and Dee win: Ada and Cy resigned"),
        ("fr", Outcome((0, 2, 3), "resignation"), "resignation", NAMES, "Ada, Cy et Dee gagnent : abandon de Bob"),
        # A solo game has no one else to win it.
        ("en", Outcome((), "resignation"), "resignation", NAMES[:1], "Ada resigned"),
        ("fr", Outcome((), "timeout"), "timeout", NAMES[:1], "Temps écoulé pour Ada"),
    ],
)
def test_endings_the_rules_did_not_decide(
    lang: str, outcome: Outcome, reason: str, names: list[str], expected: str
) -> None:
    assert ending_text(lang, outcome, reason, names) == expected


def test_an_ending_by_the_rules_is_left_to_the_board() -> None:
    assert ending_text("en", Outcome((0,), "temple"), "rules", NAMES[:2]) is None
    assert ending_text("fr", Outcome((), "loop"), "rules", NAMES[:2]) is None


@pytest.mark.parametrize(
    ("lang", "game", "outcome", "expected"),
    [
        ("en", "arkaios", Outcome((1,), "temple"), "Bob built the temple"),
        ("fr", "arkaios", Outcome((1,), "temple"), "Bob a construit le temple"),
        ("en", "arkaios", Outcome((0,), "blocked"), "Bob is blocked: Ada wins"),
        ("fr", "arkaios", Outcome((0,), "blocked"), "Bob est bloqué : Ada gagne"),
        ("en", "arcanor", Outcome((0,), "12 points on the winning row"), "Ada wins: 12 points on the winning row"),
        ("en", "araksey", Outcome((), "double KO: both sides completed an opposing zone at once"),
         "Draw: double KO: both sides completed an opposing zone at once"),
    ],
)
def test_an_ending_by_the_rules_is_told_in_the_game_s_own_words(
    lang: str, game: str, outcome: Outcome, expected: str
) -> None:
    assert result_text(lang, game, outcome, "rules", NAMES[:2]) == expected


def test_a_stored_ending_wins_over_the_rules_words() -> None:
    told = result_text("en", "arkaios", Outcome((1,), "resignation"), "resignation", NAMES[:2])
    assert told == "Bob wins: Ada resigned"
