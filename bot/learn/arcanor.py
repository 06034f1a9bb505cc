"""The Arcanor lesson: moving a stack, releasing its top piece, eating, then the winning row where a
stack freezes and scores, up to the 12 points that win at once."""

from __future__ import annotations

from bot.learn import JSON, Lesson, Step, squares_of
from render.arcanor import board_grid


def board(stacks: dict[str, list[list[int]]]) -> JSON:
    """A position set out by hand, seat 0 to move: each stack's pieces as [owner, size], top first."""
    return {
        "game": "arcanor", "players": 2, "strict_memory": False, "rng": 1, "first": 0, "to_move": 0,
        "move_number": 20, "passes": 0, "board": stacks, "last_move": [], "outcome": None, "history": {},
        "peeks": [], "peeked": [],
    }  # fmt: skip


# Your 1 (holding a 2) on c3 beside Agora's 2 (holding a 3) on d4.
EAT = board({"c3": [[0, 1], [0, 2]], "d4": [[1, 2], [1, 3]], "b1": [[0, 3], [0, 4]], "g7": [[1, 3], [1, 4]],
             "f6": [[1, 1]]})  # fmt: skip
# Your 3 (holding a 4) on e6, one step from your winning row.
FREEZE = board({"e6": [[0, 3], [0, 4]], "b1": [[0, 1], [0, 2]], "g7": [[1, 3], [1, 4]], "a2": [[1, 1]]})
# Two 4s frozen on your winning row (8 points) and a third on d6.
WIN = board({"a7": [[0, 4]], "h7": [[0, 4]], "d6": [[0, 4]], "b1": [[0, 1]], "g2": [[1, 1]]})

LESSON = Lesson(
    game="arcanor",
    seed=0,  # you are drawn to start
    where=squares_of(board_grid()),
    steps=(
        Step(asks=("b1-b2",), marks=("b1", "b2"), replies=((1, "b7-b6"),)),
        Step(asks=("d1^d2",), marks=("d1", "d2"), replies=((1, "c7-c6"),)),
        Step(asks=("d1-e2",), marks=("d1", "e2")),
        Step(asks=("c3xd4",), marks=("c3", "d4"), position=EAT),
        Step(asks=("e6-e7",), marks=("e6", "e7"), position=FREEZE),
        Step(asks=("d6-d7",), marks=("d6", "d7", "a7", "h7"), position=WIN),
    ),
)
