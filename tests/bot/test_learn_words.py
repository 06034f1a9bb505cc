"""A lesson's words agree with its positions: what a step says of its dice, pieces, sources and
totals is read back from the step's words, in every language, and checked against the position the
step stands in (or, for what its move will make, the position after it).

Each claim is a pattern per language, and a check of what the pattern caught against the position:
a step that says "your three 4s" must stand on three 4s, whatever language says it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from bot.i18n import MESSAGES, text
from bot.learn import Lesson, lessons, played
from rules import GameState

LANGS = sorted(MESSAGES)
NUMBERS = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "ten": 10},
    "fr": {"un": 1, "deux": 2, "trois": 3, "quatre": 4, "six": 6, "dix": 10},
}
View = Mapping[str, Any]


def number(said: str, lang: str) -> int:
    """A count as the words give it: a figure or a number word."""
    return int(said) if said.isdigit() else NUMBERS[lang][said.lower()]


@dataclass(frozen=True)
class Claim:
    """What step words say of a position: ``patterns`` by language, and the check of each match
    against the learner's view of the step's position and of the position after its move."""

    patterns: Mapping[str, str]
    holds: Callable[[re.Match[str], str, View, View], bool]
    what: str


def dice(view: View) -> list[int]:
    """The learner's dice (seat 0) in a Kouba view."""
    found: list[int] = view["dice"][0]["values"]
    return found


def dragon(view: View, square: str) -> Any:
    return view["board"][int(square[1]) - 1]["abcd".index(square[0])]


def pieces(view: View, seat: int, kind: str) -> list[str]:
    return [piece["square"] for piece in view["pieces"] if piece["seat"] == seat and piece["kind"] == kind]


def around(square: str) -> set[str]:
    files, rank = "abcdefg".index(square[0]), int(square[1:])
    return {f"{'abcdefg'[files + df]}{rank + dr}" for df in (-1, 0, 1) for dr in (-1, 0, 1)
            if (df or dr) and files + df >= 0 and rank + dr >= 1}  # fmt: skip


CLAIMS: dict[str, list[Claim]] = {
    "kouba": [
        Claim(
            {"en": r"^(\d(?: \d){5}):", "fr": r"^(\d(?: \d){5}) :"},
            lambda m, lang, view, after: [int(d) for d in m[1].split()] == dice(view),
            "the dice, in order",
        ),
        Claim(
            {"en": r"(two|three) (\d)s\b", "fr": r"(deux|trois) (\d)\b"},
            lambda m, lang, view, after: dice(view).count(int(m[2])) == number(m[1], lang),
            "a count of dice",
        ),
        Claim(
            {"en": r"You have (\d+), Agora (\d+)", "fr": r"Vous avez (\d+), Agora (\d+)"},
            lambda m, lang, view, after: [int(m[1]), int(m[2])] == [sum(d["values"]) for d in view["dice"]],
            "the totals",
        ),
        Claim(
            {"en": r"^(\d+) against Agora's (\d+)", "fr": r"^(\d+) contre (\d+) pour Agora"},
            lambda m, lang, view, after: [int(m[1]), int(m[2])] == [sum(d["values"]) for d in view["dice"]],
            "the totals",
        ),
    ],
    "dragons_arena": [
        Claim(
            {"en": r"(\d)s? on ([a-d][1-4])", "fr": r"(\d) (?:de GLACE )?en ([a-d][1-4])"},
            lambda m, lang, view, after: (
                (dragon(view, m[2]) or {}).get("power") == int(m[1])
                or (dragon(after, m[2]) or {}).get("power") == int(m[1])
            ),
            "a dragon's power on a square",
        ),
        Claim(
            {
                "en": r"(\w+) dragons have been eliminated since; (\w+) are left",
                "fr": r"(\w+) dragons ont été éliminés depuis ; il en reste (\w+)",
            },
            lambda m, lang, view, after: (
                sum(view["dragons_left"].values()) == number(m[2], lang) == 16 - number(m[1], lang)
            ),
            "the dragons left",
        ),
        Claim(
            {"en": r"FIRE will total (\d+) against ICE's (\d+)", "fr": r"FEU totalisera (\d+) contre (\d+)"},
            lambda m, lang, view, after: [int(m[1]), int(m[2])] == list(duel_totals(after).values()),
            "the totals the move makes",
        ),
        Claim(
            {"en": r"Duel (\d)", "fr": r"Duel (\d)"},
            lambda m, lang, view, after: view["duel"] == int(m[1]),
            "the duel's number",
        ),
        Claim(
            {"en": r"arena is full", "fr": r"arène est pleine"},
            lambda m, lang, view, after: sum(view["dragons_left"].values()) == 16,
            "a full arena",
        ),
    ],
    "araksey": [
        Claim(
            {
                "en": r"(\w+) of your sources already stand in the zone of Agora's araksey on ([a-e]\d)",
                "fr": r"(\w+) de vos sources sont déjà dans la zone de l'araksey d'Agora en ([a-e]\d)",
            },
            lambda m, lang, view, after: (
                pieces(view, 1, "araksey") == [m[2]]
                and len(set(pieces(view, 0, "source")) & around(m[2])) == number(m[1], lang)
            ),
            "sources in a zone",
        ),
        Claim(
            {"en": r"(\w+) are there", "fr": r"(\w+) y sont déjà"},
            lambda m, lang, view, after: (
                len(set(pieces(view, 0, "source")) & around(pieces(view, 0, "araksey")[0])) == number(m[1], lang)
            ),
            "sources in your own zone",
        ),
        Claim(
            {"en": r"source on ([a-e]\d)", "fr": r"source(?: d'Agora)? (?:en|de) ([a-e]\d)"},
            lambda m, lang, view, after: (
                m[1] in pieces(view, 0, "source") + pieces(view, 1, "source") or m[1] in pieces(after, 0, "source")
            ),
            "a source on a square",
        ),
    ],
    "arcanor": [
        Claim(
            {"en": r"[Yy]our (\d) on ([a-h]\d)", "fr": r"[Vv]otre (\d) en ([a-h]\d)"},
            lambda m, lang, view, after: view["board"][m[2]]["top"]["size"] == int(m[1]),
            "a piece on a square",
        ),
        Claim(
            {"en": r"on ([a-h]\d) holds a (\d)", "fr": r"en ([a-h]\d) contient une (\d)"},
            lambda m, lang, view, after: view["board"][m[1]]["contents"][0]["size"] == int(m[2]),
            "what it holds",
        ),
    ],
    "arkaios": [
        Claim(
            {"en": r"capitals on ([a-e]\d) and ([a-e]\d)", "fr": r"chapiteaux en ([a-e]\d) et ([a-e]\d)"},
            lambda m, lang, view, after: all(height(view, m[i]) == 3 for i in (1, 2)),
            "capitals",
        ),
        Claim(
            {"en": r"(\d) \+ (\d) = (\d) pieces", "fr": r"(\d) \+ (\d) = (\d) pièces"},
            lambda m, lang, view, after: (
                int(m[1]) + int(m[2]) == int(m[3]) == view["budget"]
                and sorted(view["last_levels"]) == sorted((int(m[1]), int(m[2])))
            ),
            "the turn's pieces",
        ),
        Claim(
            {"en": r"you are on ([a-e]\d), Agora on ([a-e]\d)", "fr": r"vous êtes en ([a-e]\d), Agora en ([a-e]\d)"},
            lambda m, lang, view, after: list(view["positions"]) == [m[1], m[2]],
            "where each stands",
        ),
    ],
}


def duel_totals(view: View) -> dict[str, int]:
    """FIRE's and ICE's totals: of the duel on, or of the one just ended (a new one set out)."""
    totals = (view["last_duel"] or view)["totals"]
    return {"fire": totals["fire"], "ice": totals["ice"]}


def height(view: View, square: str) -> int:
    found: int = view["heights"][int(square[1]) - 1]["abcde".index(square[0])]
    return found


def caught(match: re.Match[str], lang: str) -> tuple[Any, ...]:
    """What a claim caught, alike in every language (number words as numbers)."""
    return tuple(number(group, lang) if group.lower() in NUMBERS[lang] else group for group in match.groups())


def after_move(lesson: Lesson, index: int) -> GameState[Any]:
    return played(lesson.position(index), ((lesson.seat, lesson.steps[index].asks[0]),))


@pytest.mark.parametrize("game", sorted(CLAIMS))
def test_every_steps_words_agree_with_its_position_in_every_language(game: str) -> None:
    lesson = lessons()[game]
    checked = 0
    for index in range(len(lesson.steps)):
        view, after = lesson.position(index).view(lesson.seat), after_move(lesson, index).view(lesson.seat)
        for claim in CLAIMS[game]:
            found = {lang: list(re.finditer(claim.patterns[lang], text(lang, lesson.key(index)))) for lang in LANGS}
            said = {lang: {caught(match, lang) for match in matches} for lang, matches in found.items()}
            assert len({frozenset(told) for told in said.values()}) == 1, f"step {index + 1}: {claim.what}: {said}"
            for lang, matches in found.items():
                for match in matches:
                    assert claim.holds(match, lang, view, after), f"step {index + 1} ({lang}): {claim.what}: {match[0]}"
                    checked += 1
    assert checked, "the words say something the positions can check"


def test_a_claim_that_disagrees_with_its_position_is_caught() -> None:
    lesson = lessons()["kouba"]
    view = lesson.position(2).view(lesson.seat)
    [count] = [claim for claim in CLAIMS["kouba"] if claim.what == "a count of dice"]
    said = re.search(count.patterns["fr"], "Gardez vos deux 3 et vos deux 4")
    assert said is not None and count.holds(said, "fr", view, view)
    wrong = list(re.finditer(count.patterns["fr"], "Gardez vos deux 3 et vos deux 4"))[1]
    assert not count.holds(wrong, "fr", view, view), "three 4s are not two"


NOTATION = re.compile(r"\b[a-h][1-8](?:[-x^]|<>|>)[a-h][1-8]|\b\d@[a-h]\d|\b[a-z]+:[@a-z0-9,:]+|\+[a-z]+\b")


@pytest.mark.parametrize("game", sorted(lessons()))
def test_a_lessons_words_name_moves_in_words_not_in_notation(game: str) -> None:
    """Notation is for /move: a step speaks of its moves as the board does (`/rules` excepted)."""
    lesson = lessons()[game]
    keys = [lesson.key(index, part) for index in range(len(lesson.steps)) for part in ("", "wrong")]
    for lang in LANGS:
        said = {key: NOTATION.findall(text(lang, key).replace("/rules game:", "")) for key in keys}
        assert {key: found for key, found in said.items() if found} == {}, lang
