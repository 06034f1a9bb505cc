"""The Araksey lesson: placing a source, then a source's swap and push from the zone, the araksey's
step, a source out of zone, waking the dragon and using it, and the four sources that win."""

from __future__ import annotations

from typing import cast

from bot.learn import JSON, Box, Lesson, Step
from render.araksey import BOARD_PIXELS
from render.kit import COORD_BAND, HEADER_HEIGHT, MARGIN, Grid
from rules import View
from rules.araksey import ArakseyView
from rules.base import FILES


def where(square: str, view: View) -> Box:
    """Where a square is drawn, as render.araksey draws the board: 5×5 for two players, 7×7 for more."""
    size = cast(ArakseyView, view)["size"]
    grid = Grid(MARGIN + COORD_BAND, HEADER_HEIGHT + 14 + COORD_BAND, BOARD_PIXELS // size, size, size)
    return grid.box(FILES.index(square[0]), int(square[1:]) - 1)


def board(rows: tuple[str, ...]) -> JSON:
    """A position set out by hand, you (earth) to play: ``rows`` from rank 5 down to rank 1, ``A``/``a``
    your araksey and sources, ``B``/``b`` Agora's, ``.`` empty."""
    squares = "".join(reversed([row.replace(" ", "") for row in rows]))
    return {
        "players": 2, "elements": ["earth", "water"], "clock": False, "phase": "play", "board": squares,
        "turn_index": 0, "dragon": [False, False], "passes_left": [1, 1], "effects": [], "previous_board": None,
        "seen": {}, "move_number": 20, "last_move": None, "last_seat": None, "outcome": None,
    }  # fmt: skip


# Your araksey on c2 with sources on b2 and b1 in its zone; Agora's source on a3 beside b2.
MIDGAME = board((
    ". b . b .",
    ". . B . .",
    "b . . . b",
    ". a A . .",
    ". a . . a",
))  # fmt: skip
# Three of your sources around your araksey on c2; the fourth, on e1, one step from d1.
DRAGON = board((
    ". . . b .",
    ". . B . b",
    "b . . . .",
    ". a A a .",
    ". a . . a",
))  # fmt: skip
# Three of your sources around Agora's araksey on c4; the fourth, on e2, one step from d3.
FOUR_SOURCES = board((
    ". . . . .",
    ". a B a .",
    ". . a . .",
    "A b . b a",
    ". b . b .",
))  # fmt: skip

LESSON = Lesson(
    game="araksey",
    seed=1,  # earth comes before water: you start
    where=where,
    steps=(
        Step(asks=("@b2",), marks=("b2",)),
        Step(asks=("b2<>a3",), marks=("c2", "b2", "a3"), replies=((1, "d5-e5"),), position=MIDGAME),
        Step(asks=("b1>b2",), marks=("b1", "b2", "b3"), replies=((1, "b5-a4"),)),
        Step(asks=("c2-c3",), marks=("c2", "c3"), replies=((1, "e3-e2"),)),
        Step(asks=("e1-d1",), marks=("e1", "d1")),
        Step(asks=("e1-d1",), marks=("e1", "d1", "c2"), replies=((1, "d5-d4"),), position=DRAGON),
        Step(asks=("c2-c3+earth",), marks=("c2", "c3")),
        Step(asks=("e2-d3",), marks=("e2", "d3", "c4"), position=FOUR_SOURCES),
    ),
)
