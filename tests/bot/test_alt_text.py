"""The alt text of one game's board, word for word: whose turn, the scores and the last move told in
the game's own words, in English and French."""

from __future__ import annotations

from typing import Any

from bot.alt_text import alt_text

VIEW: Any = {"game": "arcanor", "viewer": None, "actors": [1], "outcome": None, "to_move": 1,
        "move_number": 1, "last_move": ["e1^f2"], "scores": [3, 1]}  # fmt: skip


def test_the_alt_text_tells_whose_turn_the_scores_and_the_last_move() -> None:
    told = alt_text(VIEW, ["Ada", "Bob"], "en")
    assert told == "Arcanor: Bob to play. Scores: Ada 3, Bob 1. Last move: Ada moved the top piece of e1 to f2."


def test_the_alt_text_in_french_names_the_viewer_and_the_move_in_french() -> None:
    bobs_view: Any = {**VIEW, "viewer": 1}
    seen_by_bob = alt_text(bobs_view, ["Ada", "Bob"], "fr")
    assert seen_by_bob.startswith("Arcanor, vu par Bob : à vous de jouer. Scores : Ada 3, Bob 1")
    told = alt_text(VIEW, ["Ada", "Bob"], "fr")
    assert told.split(" : ")[-1] == "Ada a libéré la pièce du dessus de e1 en f2."
