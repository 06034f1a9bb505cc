"""Kouba's dice combinations: a small language, its evaluation, and exact odds.

Every Kouba card asks for a combination of six dice. A combination is one or
more *terms* joined by ``&`` (all must hold at once). Terms:

=================  ==========================================================
``pair``           some value shows at least twice
``two-pairs``      two different values, each at least twice
``three-pairs``    three different values, each at least twice
``N-kind``         some value at least N times (N = 3..6); ``yams`` = ``6-kind``
``full``           one value at least 3 times and another at least twice
``two-sets``       two different values, each at least 3 times
``run-N``          N consecutive values (``run-4`` small straight, ``run-5``
                   large straight, ``run-6`` = 1 2 3 4 5 6)
``sum>=N``         the six dice add up to N or more (``sum<=N``: N or less)
``all-even``       every die even (``all-odd``: every die odd)
``KxV``            at least K dice showing V, e.g. ``3x6`` = three sixes
``has:A,B,..``     these values at least (a multiset), e.g. ``has:2,2,4,4``
=================  ==========================================================

>>> combo = parse_combo("pair & sum>=25")
>>> combo.met((6, 6, 5, 4, 3, 1)), combo.met((6, 5, 4, 3, 2, 1))
(True, False)
>>> describe("3x6 & run-4")
'3× ⚅ + small straight'

The odds: :func:`success_probability` computes the exact chance of making a
combination within a number of rolls of six dice, keeping any dice between
rolls with the keep choice that maximises that chance (dynamic programming
over the 462 multisets of six dice).

>>> round(success_probability("1x6"), 6) == round(1 - (5 / 6) ** 18, 6)
True
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product

from rules.base import NotationError, Text, shown

DICE = 6
FACES = (1, 2, 3, 4, 5, 6)
PIPS = "⚀⚁⚂⚃⚄⚅"

Dice = tuple[int, ...]  # sorted values, a multiset

_KIND = re.compile(r"^([3-6])-kind$")
_RUN = re.compile(r"^run-([4-6])$")
_SUM = re.compile(r"^sum(>=|<=)(\d{1,2})$")
_COUNT = re.compile(r"^([1-6])x([1-6])$")
_HAS = re.compile(r"^has:([1-6](?:,[1-6]){0,5})$")
_WORDS = ("pair", "two-pairs", "three-pairs", "full", "two-sets", "all-even", "all-odd", "yams")


@dataclass(frozen=True)
class Term:
    """One condition on the dice: ``kind`` plus a number or a multiset of values."""

    kind: str
    number: int = 0
    values: Dice = ()

    def met(self, counts: Sequence[int], total: int) -> bool:
        """Whether dice with these ``counts`` (index 1..6) and ``total`` satisfy the term."""
        return _TESTS[self.kind](self, counts, total)


@dataclass(frozen=True)
class Combo:
    """A parsed combination: every term must hold."""

    text: str
    terms: tuple[Term, ...]

    def met(self, dice: Iterable[int]) -> bool:
        values = list(dice)
        counts = [0] * 7
        for value in values:
            counts[value] += 1
        total = sum(values)
        return all(term.met(counts, total) for term in self.terms)


def _groups(counts: Sequence[int], at_least: int) -> int:
    return sum(1 for value in FACES if counts[value] >= at_least)


def _full(counts: Sequence[int]) -> bool:
    return any(counts[three] >= 3 and any(counts[two] >= 2 for two in FACES if two != three) for three in FACES)


def _run(counts: Sequence[int], length: int) -> bool:
    return any(all(counts[v] for v in range(low, low + length)) for low in range(1, 8 - length))


def _has(counts: Sequence[int], values: Dice) -> bool:
    return all(counts[value] >= need for value, need in Counter(values).items())


_TESTS: dict[str, Callable[[Term, Sequence[int], int], bool]] = {
    "pair": lambda t, c, s: _groups(c, 2) >= 1,
    "two-pairs": lambda t, c, s: _groups(c, 2) >= 2,
    "three-pairs": lambda t, c, s: _groups(c, 2) >= 3,
    "kind": lambda t, c, s: _groups(c, t.number) >= 1,
    "full": lambda t, c, s: _full(c),
    "two-sets": lambda t, c, s: _groups(c, 3) >= 2,
    "run": lambda t, c, s: _run(c, t.number),
    "sum>=": lambda t, c, s: s >= t.number,
    "sum<=": lambda t, c, s: s <= t.number,
    "all-even": lambda t, c, s: c[1] + c[3] + c[5] == 0,
    "all-odd": lambda t, c, s: c[2] + c[4] + c[6] == 0,
    "has": lambda t, c, s: _has(c, t.values),
}


def parse_term(text: str) -> Term:
    """One term of the language (see the module docstring)."""
    word = text.strip().lower()
    if word == "yams":
        return Term("kind", 6)
    if word in _WORDS:
        return Term(word)
    if match := _KIND.match(word):
        return Term("kind", int(match.group(1)))
    if match := _RUN.match(word):
        return Term("run", int(match.group(1)))
    if match := _SUM.match(word):
        return Term(f"sum{match.group(1)}", int(match.group(2)))
    if match := _COUNT.match(word):
        return Term("has", values=(int(match.group(2)),) * int(match.group(1)))
    if match := _HAS.match(word):
        return Term("has", values=tuple(sorted(int(v) for v in match.group(1).split(","))))
    raise NotationError("'{text}' is not a Kouba combination term.", text=shown(text))


@lru_cache(maxsize=256)
def parse_combo(text: str) -> Combo:
    """Parse ``term & term & ...``; raises NotationError on unknown terms."""
    terms = tuple(parse_term(part) for part in text.split("&"))
    return Combo(text.strip(), terms)


# ---------------------------------------------------------------------------
# Human-readable labels


_WORD_LABELS = {
    "pair": Text("pair"),
    "two-pairs": Text("two pairs"),
    "three-pairs": Text("three pairs"),
    "full": Text("full"),
    "two-sets": Text("two sets"),
    "all-even": Text("all even"),
    "all-odd": Text("all odd"),
}
_RUN_LABELS = {4: Text("small straight"), 5: Text("large straight"), 6: Text("straight 1-6")}


def _term_label(term: Term) -> Text | str:
    """One term's label: words as a :class:`Text`, dice (``2× ⚁``) as they are in every language."""
    if term.kind == "kind":
        return Text("yams (6 alike)") if term.number == 6 else Text("{n} of a kind", n=term.number)
    if term.kind == "run":
        return _RUN_LABELS[term.number]
    if term.kind == "sum>=":
        return Text("sum ≥ {n}", n=term.number)
    if term.kind == "sum<=":
        return Text("sum ≤ {n}", n=term.number)
    if term.kind == "has":
        return " ".join(f"{n}× {PIPS[v - 1]}" for v, n in sorted(Counter(term.values).items()))
    return _WORD_LABELS[term.kind]


def combo_words(text: str) -> Text | str:
    """A combination's label for players, to word in their language (``str()`` is the English).

    >>> str(combo_words("3x6 & run-4"))
    '3× ⚅ + small straight'
    """
    labels = [_term_label(term) for term in parse_combo(text).terms]
    words = labels[-1]
    for label in reversed(labels[:-1]):
        words = Text("{first} + {rest}", first=label, rest=words)
    return words


def describe(text: str) -> str:
    """A short English label: ``describe('full') == 'full'``."""
    return str(combo_words(text))


# ---------------------------------------------------------------------------
# Success tables


@lru_cache(maxsize=1)
def all_hands() -> tuple[Dice, ...]:
    """The 462 multisets of six dice, sorted."""
    return tuple(combinations_with_replacement(FACES, DICE))


@lru_cache(maxsize=256)
def success_set(text: str) -> frozenset[Dice]:
    """Every sorted six-dice hand that satisfies the combination."""
    combo = parse_combo(text)
    return frozenset(hand for hand in all_hands() if combo.met(hand))


def combo_met(text: str, dice: Iterable[int]) -> bool:
    """Whether the dice show the combination (fast: a set lookup)."""
    return tuple(sorted(dice)) in success_set(text)


@lru_cache(maxsize=1)
def _sub_hands() -> dict[Dice, tuple[Dice, ...]]:
    """For each full hand, its distinct sub-multisets (the possible keeps)."""
    table: dict[Dice, tuple[Dice, ...]] = {}
    for hand in all_hands():
        counts = Counter(hand)
        faces = sorted(counts)
        subs = {
            tuple(v for v, n in zip(faces, pick, strict=True) for _ in range(n))
            for pick in product(*(range(counts[f] + 1) for f in faces))
        }
        table[hand] = tuple(sorted(subs))
    return table


@lru_cache(maxsize=256)
def reachable_keeps(text: str) -> frozenset[Dice]:
    """Sorted kept dice from which the combination can still be completed.

    Races use it so that a player never keeps dice that make success impossible.
    """
    subs = _sub_hands()
    return frozenset(sub for hand in success_set(text) for sub in subs[hand])


# ---------------------------------------------------------------------------
# Exact odds with the best keeping policy


@lru_cache(maxsize=1)
def _roll_outcomes() -> tuple[tuple[tuple[Dice, float], ...], ...]:
    """For m = 0..6 dice: every sorted outcome and its probability."""
    table = []
    for m in range(DICE + 1):
        outcomes = []
        for hand in combinations_with_replacement(FACES, m):
            ways = math.factorial(m)
            for n in Counter(hand).values():
                ways //= math.factorial(n)
            outcomes.append((hand, ways / 6**m))
        table.append(tuple(outcomes))
    return tuple(table)


def _expected(values: dict[Dice, float]) -> dict[Dice, float]:
    """For every kept multiset K: the mean of ``values`` over rolling the other dice."""
    outcomes = _roll_outcomes()
    result: dict[Dice, float] = {}
    for size in range(DICE + 1):
        for kept in combinations_with_replacement(FACES, size):
            result[kept] = sum(p * values[tuple(sorted(kept + rolled))] for rolled, p in outcomes[DICE - size])
    return result


@lru_cache(maxsize=512)
def success_probability(text: str, rolls: int = 3) -> float:
    """Exact chance of making ``text`` within ``rolls`` rolls of six dice, keeping optimally.

    >>> round(success_probability("yams", 1), 6) == round(6 / 6**6, 6)
    True
    """
    wins = success_set(text)
    subs = _sub_hands()
    value = {hand: 1.0 if hand in wins else 0.0 for hand in all_hands()}
    for _ in range(rolls - 1):
        after = _expected(value)
        value = {hand: 1.0 if hand in wins else max(after[k] for k in subs[hand]) for hand in all_hands()}
    return sum(p * value[hand] for hand, p in _roll_outcomes()[DICE])


def victory_points(probability: float) -> int:
    """Points for a card from its 3-roll success chance: ``max(1, round(1 + 2·log2(1/p)))``.

    Halving the chance adds 2 points: an easy card (p ≥ 0.84) is worth 1, an
    even chance 3, a yams (about 2%) 12.

    >>> victory_points(0.5), victory_points(0.25), victory_points(0.99), victory_points(0.0205)
    (3, 5, 1, 12)
    """
    return max(1, round(1 + 2 * math.log2(1 / probability)))
