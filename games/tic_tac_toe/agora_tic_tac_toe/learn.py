"""Tic-tac-toe's lesson (``/learn game:tic_tac_toe``): the centre, a threat, blocking one, the full
board's draw, then a row of three; its words are in this package's catalogues (``learn_tic_tac_toe.po``)."""

from __future__ import annotations

from agora_tic_tac_toe.render import BOARD_TOP, CELL, WIDTH
from agora_tic_tac_toe.rules import GAME_ID, SIZE
from bot.learn import JSON, Lesson, Step, squares_of
from render.kit import Grid

GRID = Grid(left=(WIDTH - CELL * SIZE) // 2, top=BOARD_TOP, cell=CELL, files=SIZE, ranks=SIZE)  # as drawn


def board(rows: tuple[str, str, str]) -> JSON:
    """A position set out by hand, X (you) to play: ``rows`` from rank 3 down to rank 1, ``X``/``O``/``.``."""
    marks = [{"X": 0, "O": 1}.get(mark) for row in reversed(rows) for mark in row.split()]
    return {"marks": marks, "moves": sum(mark is not None for mark in marks), "last": None, "outcome": None}


# X on a1 and b2, O on a3 and b1: c3 ends the game.
THREE_IN_A_ROW = board((
    "O . .",
    ". X .",
    "X O .",
))  # fmt: skip

LESSON = Lesson(
    game=GAME_ID,
    seed=0,
    where=squares_of(GRID),
    steps=(
        Step(asks=("b2",), marks=("b2",), replies=((1, "a1"),)),
        Step(asks=("c1",), marks=("c1", "b2", "a3"), replies=((1, "a3"),)),
        Step(asks=("a2",), marks=("a1", "a2", "a3"), replies=((1, "c2"),)),
        Step(asks=("b3",), marks=("b1", "b2", "b3"), replies=((1, "b1"),)),
        Step(asks=("c3",), marks=("c3",)),
        Step(asks=("c3",), marks=("a1", "b2", "c3"), position=THREE_IN_A_ROW),
    ),
)
