"""The alt text of a board picture: one line saying what the picture shows, in the server's language.

Discord reads an attachment's ``description`` aloud to screen-reader users and shows it
when images are off.  It is built from the same view the picture was drawn from, never
from the full state, so a private picture's words tell only what its viewer may know:

>>> from rules import GAMES
>>> game = next(iter(GAMES.values()))  # any game: each tells its own moves and scores
>>> names = ["Ada", "Bob", "Cy", "Di"][: game.min_players]
>>> view = game.new(players=game.min_players, seed=1).view(None)
>>> alt_text(view, names, "en").startswith(game.name + ": ")
True
>>> len(alt_text(view, names, "fr")) <= ALT_TEXT_LIMIT
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.i18n import game_name, text, word
from rules import GAMES, Outcome, part_of
from rules.base import View

# Discord's limit on an attachment's description (MessageAttachmentRequest in its OpenAPI description).
ALT_TEXT_LIMIT = 1024


def seat_scores(game: str) -> Callable[[Mapping[str, Any]], list[Any]] | None:
    """Where ``game``'s view keeps the points of each seat: its render module's ``seat_scores``
    (games without points have none)."""
    found: Callable[[Mapping[str, Any]], list[Any]] | None = getattr(part_of(game, "render"), "seat_scores", None)
    return found


def alt_text(view: View, names: Sequence[str], lang: str, result: str | None = None) -> str:
    """One line for ``view``: whose turn (or the result), the scores and the last move.

    ``result`` is the stored ending in words (a resignation, a time-out) when there is one.
    """
    line = text(lang, "alt.line", title=_title(view, names, lang), status=_status(view, names, lang, result))
    line += _turn(view, lang) + _scores(view, names, lang) + _last_move(view, names, lang)
    return line[:ALT_TEXT_LIMIT]


def _title(view: View, names: Sequence[str], lang: str) -> str:
    game = game_name(lang, view["game"])
    viewer = view["viewer"]
    if viewer is None:
        return text(lang, "alt.game", game=game)
    return text(lang, "alt.seen_by", game=game, viewer=names[viewer])


def _status(view: View, names: Sequence[str], lang: str, result: str | None) -> str:
    outcome = view["outcome"]
    if result is not None:
        return text(lang, "alt.over", result=result)
    if outcome is not None:
        ended = Outcome.from_json(outcome)
        assert ended is not None
        told = GAMES[view["game"]].state_class.describe_outcome(ended, names)  # in the game's own words
        return text(lang, "alt.over", result=word(lang, told))
    shown: Mapping[str, Any] = view  # a game whose seats may act out of turn (a power) waits for fewer: as pictured
    actors = list(dict.fromkeys(shown.get("waiting_for") or view["actors"]))
    if not actors:
        return text(lang, "alt.waiting")
    if view["viewer"] in actors:
        return text(lang, "alt.your_turn")
    return text(lang, "alt.to_play", players=", ".join(names[seat] for seat in actors))


def _turn(view: View, lang: str) -> str:
    """The turn, and the move within it, in games whose turns have several moves (as the picture's header)."""
    counted: Mapping[str, Any] = view
    turn, move = counted.get("turn_number"), counted.get("move_in_turn")
    if not turn:
        return ""
    return text(lang, "alt.turn_move", turn=turn, move=move) if move else text(lang, "alt.turn", turn=turn)


def _scores(view: View, names: Sequence[str], lang: str) -> str:
    points = seat_scores(view["game"])
    if points is None:
        return ""
    listed = ", ".join(f"{name} {score}" for name, score in zip(names, points(view), strict=False))
    return text(lang, "alt.scores", scores=listed)


def _last_move(view: View, names: Sequence[str], lang: str) -> str:
    described = GAMES[view["game"]].state_class.describe(view, names)
    return "" if described is None else text(lang, "alt.last_move", move=word(lang, described))
