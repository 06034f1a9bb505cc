"""Araksey's elements, pieces and moves, and their notation (see the package's docstring)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.base import NotationError, Square, Text, shown

ELEMENTS: tuple[str, ...] = ("earth", "water", "air", "fire", "magma", "lightning", "mud", "fog")
# Each element's name in prose (the notation keeps the English words above).
ELEMENT_NAMES: dict[str, Text] = {
    "earth": Text("earth"),
    "water": Text("water"),
    "air": Text("air"),
    "fire": Text("fire"),
    "magma": Text("magma"),
    "lightning": Text("lightning"),
    "mud": Text("mud"),
    "fog": Text("fog"),
}
AFTER_ACTION: frozenset[str] = frozenset({"earth", "water", "mud", "fog"})
INSTEAD_OF_ACTION: frozenset[str] = frozenset({"air", "magma", "lightning", "fire"})
DEFAULT_ELEMENTS: dict[int, tuple[str, ...]] = {
    2: ("earth", "water"),
    3: ("earth", "water", "water"),
    4: ("earth", "water", "earth", "water"),
}
SOURCES_EACH = 4
CLOCK_SECONDS = 15
PHASES = ("setup_sources", "setup_arakseys", "play")

EMPTY = -1
ARAKSEY = 0
SOURCE = 1
STEP, EXCHANGE, PUSH, PLACE, PASS = "step", "exchange", "push", "place", "pass"
OPERATORS = {STEP: "-", EXCHANGE: "<>", PUSH: ">"}

# Board cells serialise as one character: upper case araksey, lower case source, letter = seat.
CELL_CHARS = "AaBbCcDd"






@dataclass(frozen=True)
class Move:
    """One move; ``str(move)`` is its notation.

    >>> str(Move(PUSH, Square(1, 1), Square(2, 2), "water", 2))
    'b2>c3+water@2'
    >>> str(Move(STEP, Square(3, 3), Square(3, 2), "air"))
    'air:d4-d3'
    """

    kind: str
    origin: Square | None = None
    target: Square | None = None
    power: str | None = None
    victim: int | None = None

    def __str__(self) -> str:
        if self.kind == PASS:
            return "pass"
        if self.kind == PLACE:
            return f"@{self.target}"
        body = f"{self.origin}{OPERATORS[self.kind]}{self.target}"
        if self.power in INSTEAD_OF_ACTION:
            return f"{self.power}:{body}"
        if self.power is not None:
            aim = "" if self.victim is None else f"@{self.victim}"
            return f"{body}+{self.power}{aim}"
        return body


PASS_MOVE = Move(PASS)

_MOVE_RE = re.compile(r"(?:([a-z]+):)?([a-z]\d+)(<>|>|-)([a-z]\d+)(?:\+([a-z]+)(?:@(\d+))?)?")
_KIND_OF_OPERATOR = {"-": STEP, "<>": EXCHANGE, ">": PUSH}
_SHAPE_OF_POWER = {"magma": PUSH, "lightning": STEP, "fire": EXCHANGE}


def read_notation(text: str) -> Move:
    """Read notation without looking at any position (the victim stays as written).

    >>> read_notation(" B2 > c3 ")
    Move(kind='push', origin=Square(file=1, rank=1), target=Square(file=2, rank=2), power=None, victim=None)
    """
    compact = re.sub(r"\s+", "", text.lower()).replace("–", "-").replace("↔", "<>")
    if compact == "pass":
        return PASS_MOVE
    if compact.startswith("@"):
        return Move(PLACE, target=Square.parse(compact[1:]))
    match = _MOVE_RE.fullmatch(compact)
    if match is None:
        raise NotationError(
            "'{text}' is not an Araksey move. Write @b2 to place, b2-c3 to step, b2<>c3 to exchange, "
            "b2>c3 to push, or pass; powers: b2-c3+water, air:d4-d3, magma:c3>d4, lightning:c3-e3, fire:c3<>a1.",
            text=shown(text),
        )
    before, origin, operator, target, after, victim = match.groups()
    kind = _KIND_OF_OPERATOR[operator]
    power = _checked_power(before, after, kind)
    return Move(kind, Square.parse(origin), Square.parse(target), power, None if victim is None else int(victim))


def _checked_power(before: str | None, after: str | None, kind: str) -> str | None:
    """The power named before or after the action, refusing the wrong timing."""
    power = before or after
    if power is None:
        return None
    if power not in ELEMENTS:
        raise NotationError(
            "'{power}' is not an element: the elements are {elements}.", power=power, elements=", ".join(ELEMENTS)
        )
    if before and power in AFTER_ACTION:
        raise NotationError("{power} is used after an action: write it at the end, like b2-c3+{power}.", power=power)
    if after and power in INSTEAD_OF_ACTION:
        raise NotationError(
            "{power} replaces the action: write it first, like {power}:{example}.", power=power, example=_EXAMPLE[power]
        )
    shape = _SHAPE_OF_POWER.get(power)
    if shape is not None and kind != shape:
        raise NotationError(shape_text(power))
    return power


def shape_text(power: str) -> Text:
    """How an araksey power is written, e.g. ``magma is written magma:c3>d4 (your araksey pushes, with >).``"""
    return Text(
        "{power} is written {power}:{example} ({shape}).",
        power=power,
        example=_EXAMPLE[power],
        shape=_POWER_SHAPE_TEXT[power],
    )


_EXAMPLE = {"air": "d4-d3", "magma": "c3>d4", "lightning": "c3-e3", "fire": "c3<>a1"}
_POWER_SHAPE_TEXT = {
    "magma": Text("your araksey pushes, with >"),
    "lightning": Text("your araksey moves, with -"),
    "fire": Text("your araksey exchanges, with <>"),
}
