"""The words a finished game's boards show for its stored result, in English and French."""

from __future__ import annotations

import pytest

from bot.endings import ending_text
from rules import Outcome

NAMES = ["Ada", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("lang", "outcome", "reason", "names", "expected"),
    [
        ("en", Outcome((1,), "resignation"), "resignation", NAMES[:2], "Ada resigned: Bob won"),
        ("fr", Outcome((1,), "resignation"), "resignation", NAMES[:2], "Abandon de Ada : victoire de Bob"),
        ("en", Outcome((0,), "timeout"), "timeout", NAMES[:2], "Bob ran out of time: Ada won"),
        ("fr", Outcome((0,), "timeout"), "timeout", NAMES[:2], "Temps écoulé pour Bob : victoire de Ada"),
        ("en", Outcome((), "draw agreed"), "draw agreed", NAMES[:2], "Draw agreed"),
        ("fr", Outcome((), "draw agreed"), "draw agreed", NAMES[:2], "Nulle acceptée"),
        # Team games: the whole side loses; a Kouba resignation leaves every other player winning.
        ("en", Outcome((1, 3), "resignation"), "resignation", NAMES, "Ada and Cy resigned: Bob and Dee won"),
        ("fr", Outcome((0, 2, 3), "resignation"), "resignation", NAMES, "Abandon de Bob : victoire de Ada, Cy et Dee"),
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
