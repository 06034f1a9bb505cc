"""The Arkaios lesson: the opening, a turn's budget and final level, then the two ways a game ends
(shutting the rival in so they cannot build, and being shut in by capitals: the temple)."""

from __future__ import annotations

from bot.learn import JSON, Lesson, Step, squares_of
from render.arkaios import BOARD_TOP, CELL, SIZE, WIDTH
from render.kit import Grid
from rules.base import FILES

GRID = Grid(left=(WIDTH - CELL * SIZE) // 2, top=BOARD_TOP, cell=CELL, files=SIZE, ranks=SIZE)  # as drawn


def garden(heights: dict[str, int], positions: tuple[str, str], last_levels: tuple[int, int]) -> JSON:
    """A position set out by hand, seat 0 to build: squares' heights, both positions and last levels."""
    board = [0] * SIZE * SIZE
    for square, height in heights.items():
        board[(int(square[1:]) - 1) * SIZE + FILES.index(square[0])] = height
    return {
        "game": "arkaios", "players": 2, "heights": board, "positions": list(positions),
        "last_levels": list(last_levels), "to_move": 0, "chain": [], "spent": 0, "last_turn": [],
        "last_turn_seat": 1, "last_turn_from": None, "move_number": 20, "turns_played": 20, "outcome": None,
    }  # fmt: skip


# The rival stands on e5 with capitals on d5 and d4: a capital on e4 leaves it nowhere to build.
SHUT_IN = garden({"d5": 3, "d4": 3, "e4": 1, "e5": 1, "c3": 2, "d3": 1}, ("c3", "e5"), (2, 1))
# Capitals on a2 and b2: ending the turn on a1 with b1 raised to a capital is the temple.
TEMPLE = garden({"a2": 3, "b2": 3, "b1": 2, "c2": 2, "a1": 1, "e5": 1}, ("c2", "e5"), (2, 1))

LESSON = Lesson(
    game="arkaios",
    seed=1,
    where=squares_of(GRID),
    steps=(
        Step(asks=("c3=3",), marks=("c3",), replies=((1, "d4=2"),)),
        Step(asks=("c2=2",), marks=("c3", "c2")),
        Step(asks=("b2=1",), marks=("b2",)),
        Step(asks=("b1=1",), marks=("b1",)),
        Step(asks=("a1=1",), marks=("a1",)),
        Step(asks=("d3=2",), marks=("d3", "e5"), position=SHUT_IN),
        Step(asks=("e4=3",), marks=("e4",)),
        Step(asks=("b1=3",), marks=("b1", "a2", "b2"), position=TEMPLE),
        Step(asks=("a1=3",), marks=("a1",)),
    ),
)
