"""A finished game's stored result in words, for the header of its boards.

Every renderer takes ``result`` (see :mod:`render.kit`); this gives it for a
stored game, in the server's language:

>>> from rules import Outcome
>>> ending_text("en", Outcome((1,), "resignation"), "resignation", ["Ada", "Bob"])
'Bob wins: Ada resigned'
>>> ending_text("fr", Outcome((0,), "timeout"), "timeout", ["Ada", "Bob"])
'Ada gagne au temps'
>>> ending_text("en", Outcome((0,), "temple"), "rules", ["Ada", "Bob"]) is None
True

A game the rules ended needs no words from here: its final position holds the
outcome and each board already draws it in the game's own terms (a temple, the
points). Resignations, time-outs and agreed draws are decided outside the rules,
so only the stored game knows them. Every game says them the same way: "Bob wins
on time", "Ada wins: Bob resigned", "Draw agreed".
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import listed, text, word
from bot.service import FINISHED, GameRecord
from rules import GAMES, Outcome

RULES = "rules"


def ending_text(lang: str, outcome: Outcome, end_reason: str | None, names: Sequence[str]) -> str | None:
    """How the game ended, e.g. "Bob wins: Ada resigned"; None when the rules ended it."""
    reason = end_reason or outcome.reason
    if reason == RULES:
        return None
    if reason == "draw agreed":
        return text(lang, "ending.draw_agreed")
    winners = listed(lang, [names[seat] for seat in outcome.winners])
    losers = listed(lang, [name for seat, name in enumerate(names) if seat not in outcome.winners])
    many = ".many" if len(outcome.winners) > 1 else ""  # a team wins: the verb agrees
    if reason in ("resignation", "timeout"):
        # A solo game has nobody else to win it.
        key = f"ending.{reason}{many}" if outcome.winners else f"ending.{reason}.alone"
        return text(lang, key, losers=losers, winners=winners)
    if outcome.is_draw:
        return text(lang, "ending.draw", reason=word(lang, reason))
    return text(lang, f"ending.won{many}", winners=winners, reason=word(lang, reason))


def result_text(lang: str, game: str, outcome: Outcome, end_reason: str | None, names: Sequence[str]) -> str:
    """How the game ended, whoever ended it: "Ada built the temple", "Bob wins: Ada resigned".

    >>> game = next(iter(GAMES))  # any game: an ending by its rules is told in the game's own words
    >>> result_text("en", game, Outcome((1,), "resignation"), "resignation", ["Ada", "Bob"])
    'Bob wins: Ada resigned'
    """
    told = ending_text(lang, outcome, end_reason, names)
    return told or word(lang, GAMES[game].state_class.describe_outcome(outcome, names))


def stored_ending(record: GameRecord, names: Sequence[str], lang: str) -> str | None:
    """The words for the pictures of a finished game (None while it is on, or when the rules ended it)."""
    outcome = record.outcome
    if record.row.status != FINISHED or outcome is None:
        return None
    return ending_text(lang, outcome, record.row.end_reason, names)
