"""Tic-tac-toe's rules: two players mark the squares of a 3×3 board in turn, X first; three
marks in a row (across, down or diagonal) win, and a full board without one is a draw.

Moves are squares in notation (``b2``). Nothing is hidden: every seat sees the same view.

>>> state = TicTacToeState.start(2, 0, {})
>>> for seat, square in enumerate(["a1", "b1", "a2", "b2", "a3"]):
...     state = state.play(seat % 2, square)
>>> state.outcome
Outcome(winners=(0,), reason='three in a row', scores=(), departed=(), departures=())
>>> TicTacToeState.start(2, 0, {}).play(0, "b2").play(1, "b2")
Traceback (most recent call last):
rules.base.ForbiddenMove: b2 is already marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self, cast

from rules.base import JSON, Game, GameState, NotationError, Outcome, Square, Text, View, plain_notation, register

GAME_ID = "tic_tac_toe"
SIZE = 3
SQUARES: tuple[Square, ...] = tuple(Square(file, rank) for rank in range(SIZE) for file in range(SIZE))
# The eight lines of three squares, as indices into SQUARES (rank * SIZE + file).
LINES: tuple[tuple[int, int, int], ...] = (
    *((r * SIZE, r * SIZE + 1, r * SIZE + 2) for r in range(SIZE)),
    *((f, f + SIZE, f + 2 * SIZE) for f in range(SIZE)),
    (0, 4, 8),
    (2, 4, 6),
)


class TicTacToeView(View):
    """The board as everyone sees it.

    ``marks[rank][file]`` (row 0 is rank 1) is the seat that marked the square, or None;
    ``to_move`` is None once the game is over; ``line`` holds the winning row's squares.
    """

    marks: list[list[int | None]]
    to_move: int | None
    line: list[str]


class TicTacToeState(GameState[Square]):
    """A position: the marks, whose turn it is, and the ending once there is one."""

    def __init__(self, marks: list[int | None], moves: int, last: int | None, result: Outcome | None) -> None:
        self.players = 2
        self.marks = marks
        self.moves = moves  # marks made so far: X (seat 0) marks first, so it also tells whose turn it is
        self.last = last  # the index of the square marked last
        self.result = result

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        empty: list[int | None] = [None for _ in SQUARES]
        return cls(empty, 0, None, None)

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return cls(list(data["marks"]), data["moves"], data["last"], Outcome.from_json(data["outcome"]))

    def to_json(self) -> JSON:
        outcome = None if self.result is None else self.result.to_json()
        return {"marks": list(self.marks), "moves": self.moves, "last": self.last, "outcome": outcome}

    @property
    def to_move(self) -> int:
        return self.moves % 2

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.to_move,)

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def legal_moves(self, seat: int) -> list[Square]:
        if seat not in self.actors:
            return []
        return [square for index, square in enumerate(SQUARES) if self.marks[index] is None]

    def parse_move(self, text: str) -> Square:
        square = Square.parse(plain_notation(text))
        if not square.on_board(SIZE, SIZE):
            raise NotationError("{square} is not on the board: files a to c, ranks 1 to 3.", square=str(square))
        return square

    def refusal(self, seat: int, move: Square) -> Text:
        return Text("{square} is already marked.", square=str(move))

    def _apply(self, seat: int, move: Square) -> None:
        self.marks = list(self.marks)
        self.marks[index_of(move)] = seat
        self.moves += 1
        self.last = index_of(move)
        if winning_line(self.marks) is not None:
            self.result = Outcome((seat,), "three in a row")
        elif None not in self.marks:
            self.result = Outcome((), "full board")

    def view(self, seat: int | None) -> TicTacToeView:
        line = winning_line(self.marks) or ()
        return {
            "game": GAME_ID,
            "players": self.players,
            "actors": list(self.actors),
            "move_number": self.moves,
            "last_move": [] if self.last is None else [str(SQUARES[self.last])],
            "outcome": None if self.result is None else self.result.to_json(),
            "viewer": seat,
            "marks": [self.marks[rank * SIZE : (rank + 1) * SIZE] for rank in range(SIZE)],
            "to_move": None if self.result is not None else self.to_move,
            "line": [str(SQUARES[index]) for index in line],
        }

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """ "Ada marked b2" (X or O as the picture draws them)."""
        board = cast(TicTacToeView, view)
        if not board["last_move"]:
            return None
        seat = (board["move_number"] - 1) % 2
        return Text("{who} marked {square}", who=names[seat], square=board["last_move"][0])

    @classmethod
    def describe_outcome(cls, outcome: Outcome, names: Sequence[str]) -> Text:
        """ "Ada made three in a row", "The board is full: a draw"."""
        if outcome.reason == "three in a row" and outcome.winners:
            return Text("{who} made three in a row", who=names[outcome.winners[0]])
        if outcome.reason == "full board":
            return Text("The board is full: a draw")
        return super().describe_outcome(outcome, names)


def index_of(square: Square) -> int:
    return square.rank * SIZE + square.file


def winning_line(marks: Sequence[int | None]) -> tuple[int, int, int] | None:
    """The first line of three marks of one seat, if any."""
    for line in LINES:
        first = marks[line[0]]
        if first is not None and all(marks[index] == first for index in line):
            return line
    return None


GAME = register(
    Game(
        id=GAME_ID,
        name="Tic-tac-toe",
        min_players=2,
        max_players=2,
        state_class=TicTacToeState,
        sample_setups=((2, {}),),
    )
)
