"""Arcanor: nesting pieces race to the opponent's home row (2 players).

Rules as implemented (RULINGS.md section 4 wins over the rulebook):

- Board 8 files x 7 ranks (a-h, 1-7). Seat 0's home row is rank 1, seat 1's is
  rank 7; each player's *winning row* is the opponent's home row.
- 12 pieces a side, sizes 1 (largest, worth 1 point) to 4 (smallest, 4 points),
  three of each. A piece of size ``s`` can hold one of size ``s + 1``, so a
  stack is a chain such as 1>2>3>4 whose pieces may belong to either player.
  Only the top piece is visible; its owner controls the stack.
- Setup: on each home row, b, d and f hold a 1 containing a 2; c, e and g a 3
  containing a 4. The starting player is drawn at random.
- A turn is one of, with a stack you control that is not frozen, towards one of
  the 8 neighbouring squares:
  *move* the whole stack to an empty square; *release* the top piece alone to
  an empty square (what it held stays, and the uncovered piece plays for its
  owner again); *eat*: the top piece alone steps onto a square whose top is an
  enemy piece exactly one size smaller, covering that whole stack; whatever the
  eater held stays behind. You never cover your own top piece.
- A stack whose top belongs to the player whose winning row it stands on is
  frozen for good: it cannot move, release, or be eaten.
- Score: the sizes of your *top* pieces on your winning row. 12 or more wins at
  once. A player with no move must pass; two passes in a row, or the same
  position with the same player to move for the third time, end the game:
  more points wins, equal points draw. (A freeze can never be undone, so the
  repetition history starts afresh whenever a stack freezes.)
- Option ``strict_memory``: nobody sees inside stacks privately; the player to
  move may instead lift a stack they control (``peek:b1``), which does not end
  the turn and shows its contents to everyone in a public log (the latest 12
  lifts). Each stack can be lifted once per turn. In this variant a release is offered for every
  stack (releasing an empty piece simply moves it), so the list of legal moves
  never betrays whether a stack is empty.

Notation (case-insensitive, spaces ignored):

>>> from rules import GAMES
>>> state = GAMES["arcanor"].new(players=2, seed=1)
>>> [str(state.parse_move(text)) for text in ("B1-B2", " b1^a2 ", "b1 x c2", "PASS")]
['b1-b2', 'b1^a2', 'b1xc2', 'pass']
>>> str(state.parse_move("peek b1"))
'peek:b1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import chain, combinations, product
from typing import ClassVar, NotRequired, TypedDict, cast

from rules.base import (
    AND,
    JSON,
    Game,
    GameState,
    Listing,
    NotationError,
    Option,
    Outcome,
    Rng,
    Square,
    Text,
    View,
    plain_notation,
    register,
    shown,
)


class PieceView(TypedDict):
    owner: int  # seat
    size: int  # 1 (the largest) to 4


class StackView(TypedDict):
    """A stack as a viewer sees it: its top piece, and what it holds only for its owner."""

    top: PieceView
    frozen: bool
    contents: NotRequired[list[PieceView]]  # the viewer's own stacks, outside strict memory


class PeekView(TypedDict):
    """One lift in the public log: who looked under which stack, on which turn, and what was there."""

    seat: int
    square: str
    turn: int
    top: PieceView
    contents: list[PieceView]


class ArcanorView(View):
    """What ``viewer`` may know: ``board`` maps occupied squares (``"b1"``) to stacks;
    ``scores`` per seat; ``home_rows`` are ranks (1-7) of seat 0 and seat 1; ``target``
    the points that win."""

    board: dict[str, StackView]
    scores: list[int]
    passes: int
    strict_memory: bool
    peeks: list[PeekView]
    home_rows: list[int]
    first_player: int
    to_move: int  # the seat whose turn it is, or whose turn it was when the game ended
    target: int


FILE_COUNT = 8
RANK_COUNT = 7
TARGET_POINTS = 12
PEEKS_KEPT = 12  # the public log keeps the latest lifts; the move list keeps every peek:<square>
HOME_RANKS = (0, RANK_COUNT - 1)  # 0-based home rank of seat 0 and seat 1

Piece = tuple[int, int]  # (owner seat, size 1..4)
Stack = tuple[Piece, ...]  # top piece first; () is an empty square

SQUARES: tuple[Square, ...] = tuple(Square(i % FILE_COUNT, i // FILE_COUNT) for i in range(56))
INDEX: dict[Square, int] = {sq: i for i, sq in enumerate(SQUARES)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[n] for n in sq.neighbours(FILE_COUNT, RANK_COUNT)) for sq in SQUARES
)
# FROZEN_OWNER[index]: the seat whose winning row holds ``index`` (its stacks there are frozen), else -1.
FROZEN_OWNER: tuple[int, ...] = tuple(
    0 if i // FILE_COUNT == HOME_RANKS[1] else 1 if i // FILE_COUNT == HOME_RANKS[0] else -1 for i in range(56)
)
SETUP_FILES: dict[int, tuple[int, int]] = {1: (1, 2), 3: (1, 2), 5: (1, 2), 2: (3, 4), 4: (3, 4), 6: (3, 4)}

NOTATION_HELP = Text(
    "Write b1-b2 to move a stack, b1^b2 to release its top piece, b1xc2 to eat with the top piece, "
    "or pass when you have no move"
)
STRICT_NOTATION_HELP = Text(  # the same, with lifts (strict memory)
    "Write b1-b2 to move a stack, b1^b2 to release its top piece, b1xc2 to eat with the top piece, "
    "or pass when you have no move, or peek:b1 to lift a stack"
)


# ---------------------------------------------------------------------------
# Moves


@dataclass(frozen=True)
class _SquareToSquare:
    """A move from ``source`` to ``target``, written with its kind's sign between them."""

    SIGN: ClassVar[str]
    source: Square
    target: Square

    @cached_property
    def notation(self) -> str:
        return f"{self.source}{self.SIGN}{self.target}"

    @cached_property
    def squares(self) -> tuple[int, int]:
        """(source, target) as board indices."""
        return INDEX[self.source], INDEX[self.target]

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Step(_SquareToSquare):
    """The whole stack on ``source`` steps to the empty ``target``: ``b1-b2``."""

    SIGN = "-"


@dataclass(frozen=True)
class Release(_SquareToSquare):
    """Only the top piece steps to the empty ``target``: ``b1^b2``."""

    SIGN = "^"


@dataclass(frozen=True)
class Eat(_SquareToSquare):
    """The top piece alone covers the enemy stack on ``target``: ``b1xc2``."""

    SIGN = "x"


@dataclass(frozen=True)
class Peek:
    """Strict memory only: lift a stack you control for all to see: ``peek:b1``."""

    square: Square

    @cached_property
    def notation(self) -> str:
        return f"peek:{self.square}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Pass:
    """Offered only when no move, release or eat is possible: ``pass``."""

    def __str__(self) -> str:
        return "pass"


ArcanorMove = Step | Release | Eat | Peek | Pass
PEEK_PREFIX = "peek:"
_SQUARE_MOVE = re.compile(r"([a-h][1-7])([-^x])([a-h][1-7])")


def turn_words(who: str, notations: Sequence[str]) -> Text:
    """One turn (its lifts, then its move) as the log tells it, contents never named:
    "Ada lifted b2 and c3, then ate c4 with the top piece of b3".

    >>> str(turn_words("Ada", ["peek:b1", "pass"]))
    'Ada lifted b1, then passed'
    """
    lifted = tuple(notation[len(PEEK_PREFIX) :] for notation in notations if notation.startswith(PEEK_PREFIX))
    played = [notation for notation in notations if not notation.startswith(PEEK_PREFIX)]
    if not played:
        return Text("{who} lifted {squares}", who=who, squares=Listing(lifted, AND))
    action = _action_words(played[-1])
    if lifted:
        return Text("{who} lifted {squares}, then {action}", who=who, squares=Listing(lifted, AND), action=action)
    return Text("{who} {action}", who=who, action=action)


def _action_words(notation: str) -> Text:
    """What a move did, for the log and the pictures: "moved the stack on b1 to b2"."""
    read = _SQUARE_MOVE.fullmatch(notation)
    if read is None:
        return Text("passed")
    start, kind, end = read.groups()
    if kind == "-":
        return Text("moved the stack on {start} to {end}", start=start, end=end)
    if kind == "^":
        return Text("moved the top piece of {start} to {end}", start=start, end=end)
    return Text("ate {end} with the top piece of {start}", start=start, end=end)
SquareMove = Step | Release | Eat
# Each seat's moves, square by square: (seat 0's, seat 1's).
SeatMoves = tuple[list[tuple[SquareMove, ...]], list[tuple[SquareMove, ...]]]

# Moves are immutable values: build each possible one once and share it.
NAMES: tuple[str, ...] = tuple(str(sq) for sq in SQUARES)
_PAIRS = [(i, j) for i in range(len(SQUARES)) for j in NEIGHBOURS[i]]
STEPS: dict[tuple[int, int], Step] = {(i, j): Step(SQUARES[i], SQUARES[j]) for i, j in _PAIRS}
RELEASES: dict[tuple[int, int], Release] = {(i, j): Release(SQUARES[i], SQUARES[j]) for i, j in _PAIRS}
EATS: dict[tuple[int, int], Eat] = {(i, j): Eat(SQUARES[i], SQUARES[j]) for i, j in _PAIRS}
_ALL_SHORT_MOVES: list[ArcanorMove] = [*STEPS.values(), *RELEASES.values(), *EATS.values()]
# AROUND[releases][index]: for each neighbour of ``index``, (neighbour, the moves onto it when empty,
# the eat of it): the moves onto an empty square are the step, and the release when ``releases``.
AROUND: tuple[tuple[tuple[tuple[int, tuple[SquareMove, ...], Eat], ...], ...], ...] = tuple(
    tuple(
        tuple((j, (STEPS[i, j], RELEASES[i, j]) if releases else (STEPS[i, j],), EATS[i, j]) for j in NEIGHBOURS[i])
        for i in range(len(SQUARES))
    )
    for releases in (False, True)
)
PEEKS: tuple[Peek, ...] = tuple(Peek(sq) for sq in SQUARES)
# AROUND_BOTH[source, target]: the other squares whose moves a move from source to target can
# change (the neighbours of both squares), in board order.
AROUND_BOTH: dict[tuple[int, int], tuple[int, ...]] = {
    (i, j): tuple(sorted({*NEIGHBOURS[i], *NEIGHBOURS[j]} - {i, j})) for i, j in _PAIRS
}
HOME_ROW_SQUARES = frozenset(i for i in range(len(SQUARES)) if FROZEN_OWNER[i] != -1)
PASS = Pass()
KNOWN_MOVES: dict[str, ArcanorMove] = {str(m): m for m in [*_ALL_SHORT_MOVES, *map(Peek, SQUARES), Pass()]}

_PAIR = re.compile(r"^([a-z]\d+)([-^x])([a-z]\d+)$")
_PEEK = re.compile(r"^peek:?([a-z]\d+)$")
_KINDS: dict[str, type[SquareMove]] = {kind.SIGN: kind for kind in (Step, Release, Eat)}


def parse_square(text: str) -> Square:
    """A square of this board, or NotationError naming the board's limits."""
    square = Square.parse(text)
    if not square.on_board(FILE_COUNT, RANK_COUNT):
        raise NotationError("{square} is off the board: files run a-h and ranks 1-7.", square=shown(text))
    return square


def piece_json(piece: Piece) -> PieceView:
    return {"owner": piece[0], "size": piece[1]}


def copy_peek(entry: PeekView) -> PeekView:
    """A fresh copy of one public log entry (cheaper than copy.deepcopy)."""
    return {
        "seat": entry["seat"],
        "square": entry["square"],
        "turn": entry["turn"],
        "top": _copy_piece(entry["top"]),
        "contents": [_copy_piece(piece) for piece in entry["contents"]],
    }


def _copy_piece(piece: PieceView) -> PieceView:
    return {"owner": piece["owner"], "size": piece["size"]}


def stack_json(stack: Stack) -> list[list[int]]:
    return [[owner, size] for owner, size in stack]


PIECE_CODES: dict[Piece, str] = {
    (owner, size): "abcdefgh"[owner * 4 + size - 1] for owner in (0, 1) for size in (1, 2, 3, 4)
}


CODE_PIECES: dict[str, Piece] = {code: piece for piece, code in PIECE_CODES.items()}


def stack_code(stack: Stack) -> str:
    """One letter per piece, top first, for compact position keys: seat 0's 1 is 'a', seat 1's 3 is 'g'.

    >>> stack_code(((0, 1), (1, 2)))
    'af'
    """
    return "".join(map(PIECE_CODES.__getitem__, stack))


# ---------------------------------------------------------------------------
# Stacks as codes
#
# A stack holds pieces of increasing sizes (a piece only ever holds a smaller one), so there are
# only 81 stacks and the empty square: the state keeps each square's stack as its number in
# STACKS, one byte, and reads what a move needs from tables built once here.


def _all_stacks() -> list[Stack]:
    stacks: list[Stack] = [()]
    for count in range(1, 5):
        for sizes in combinations((1, 2, 3, 4), count):
            for owners in product((0, 1), repeat=count):
                stacks.append(tuple(zip(owners, sizes, strict=True)))
    return stacks


STACKS: tuple[Stack, ...] = tuple(_all_stacks())
STACK_CODE: dict[Stack, int] = {stack: code for code, stack in enumerate(STACKS)}
EMPTY = STACK_CODE[()]
NO_OWNER = -2  # not -1: no square's FROZEN_OWNER, so an empty square is never frozen
TOP_OWNER: tuple[int, ...] = tuple(stack[0][0] if stack else NO_OWNER for stack in STACKS)
TOP_SIZE: tuple[int, ...] = tuple(stack[0][1] if stack else 0 for stack in STACKS)
HOLDS: tuple[bool, ...] = tuple(len(stack) > 1 for stack in STACKS)  # whether a release leaves something
BELOW: tuple[int, ...] = tuple(STACK_CODE[stack[1:]] for stack in STACKS)  # what a release or an eat leaves
TOP_ALONE: tuple[int, ...] = tuple(STACK_CODE[stack[:1]] for stack in STACKS)  # what a release moves
# PREY[eater][other]: whether the top of ``eater`` may eat the stack ``other`` (an enemy top exactly
# one size smaller); COVER[eater][other] the stack it then makes (EMPTY where it may not eat).
PREY: tuple[tuple[bool, ...], ...] = tuple(
    tuple(
        bool(eater)
        and bool(other)
        and other[0][0] == 1 - eater[0][0]
        and other[0][1] == eater[0][1] + 1
        for other in STACKS
    )
    for eater in STACKS
)
COVER: tuple[tuple[int, ...], ...] = tuple(
    tuple(STACK_CODE[STACKS[eater][:1] + other] if PREY[eater][code] else EMPTY for code, other in enumerate(STACKS))
    for eater in range(len(STACKS))
)

# A position for the repetition rule: the seat to move, then the 56 stacks' codes.  Stored as
# text ('0/b1ab,c1cd,...': each occupied square and its pieces, see stack_code).
PositionKey = bytes
SEAT_BYTES = (b"\x00", b"\x01")


def position_text(key: PositionKey) -> str:
    """The stored form of a position key.

    >>> position_text(SEAT_BYTES[1] + bytes([STACK_CODE[(0, 1), (0, 2)]] + [EMPTY] * 55))
    '1/a1ab'
    """
    cells = (NAMES[i] + stack_code(STACKS[code]) for i, code in enumerate(key[1:]) if code != EMPTY)
    return f"{key[0]}/" + ",".join(cells)


def position_key(text: str) -> PositionKey:
    """The key a stored position text stands for.

    >>> position_text(position_key("1/a1ab,h7g")) == "1/a1ab,h7g"
    True
    """
    to_move, _, cells = text.partition("/")
    codes = bytearray(EMPTY for _ in SQUARES)
    for cell in filter(None, cells.split(",")):
        codes[INDEX[Square.parse(cell[:2])]] = STACK_CODE[tuple(CODE_PIECES[code] for code in cell[2:])]
    return SEAT_BYTES[int(to_move)] + codes


# ---------------------------------------------------------------------------
# State


class ArcanorState(GameState[ArcanorMove]):
    """One Arcanor position; ``codes`` holds the 56 stacks' codes (see STACKS), index = file + 8 * rank."""

    players = 2

    def __init__(self, codes: bytearray, to_move: int, first: int, strict_memory: bool, rng: Rng) -> None:
        self.codes = codes
        self.to_move = to_move
        self.first = first
        self.strict_memory = strict_memory
        self.rng = rng
        self.move_number = 0
        self.passes = 0
        self.last_move: list[str] = []
        self.result: Outcome | None = None
        self.history: dict[PositionKey, int] = {}
        self.peeks: list[PeekView] = []
        self.peeked: list[str] = []  # squares lifted during the current turn
        self._legal: list[ArcanorMove] | None = None
        # Not part of the state: each seat's moves, square by square (() where the seat has none).
        self._seat_moves: SeatMoves | None = None

    # -- creation and storage -------------------------------------------------

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> ArcanorState:
        rng = Rng.seeded(seed)
        first = rng.below(2)
        codes = bytearray(STACK_CODE[stack] for stack in initial_board())
        state = cls(codes, first, first, bool(options.get("strict_memory", False)), rng)
        state._remember_position()
        return state

    @classmethod
    def from_json(cls, data: JSON) -> ArcanorState:
        codes = bytearray(EMPTY for _ in SQUARES)
        for name, pieces in data["board"].items():
            codes[INDEX[Square.parse(name)]] = STACK_CODE[tuple((int(o), int(s)) for o, s in pieces)]
        state = cls(codes, data["to_move"], data["first"], data["strict_memory"], Rng(data["rng"]))
        state.move_number = data["move_number"]
        state.passes = data["passes"]
        state.last_move = list(data["last_move"])
        state.result = Outcome.from_json(data["outcome"])
        state.history = {position_key(text): count for text, count in data["history"].items()}
        state.peeks = [copy_peek(entry) for entry in data["peeks"]]
        state.peeked = list(data["peeked"])
        return state

    def to_json(self) -> JSON:
        return {
            "game": "arcanor",
            "players": 2,
            "strict_memory": self.strict_memory,
            "rng": self.rng.state,
            "first": self.first,
            "to_move": self.to_move,
            "move_number": self.move_number,
            "passes": self.passes,
            "board": {NAMES[i]: stack_json(STACKS[code]) for i, code in enumerate(self.codes) if code != EMPTY},
            "last_move": list(self.last_move),
            "outcome": self.result.to_json() if self.result else None,
            "history": {position_text(key): count for key, count in self.history.items()},
            "peeks": [copy_peek(entry) for entry in self.peeks],
            "peeked": list(self.peeked),
        }

    def copy(self) -> ArcanorState:
        """Copies the codes and the history, which moves change in place; shares the rest, which
        moves replace (the lists, the per-square moves) or never change (the RNG, drawn only at the start)."""
        clone = object.__new__(ArcanorState)
        clone.__dict__ = self.__dict__.copy()  # twice as fast as _shallow_copy's update
        clone.codes = self.codes.copy()
        clone.history = self.history.copy()
        clone._legal = None
        return clone

    @property
    def board(self) -> list[Stack]:
        """The 56 stacks, top piece first (index = file + 8 * rank)."""
        return [STACKS[code] for code in self.codes]

    # -- the contract ----------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.result else (self.to_move,)

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def legal_moves(self, seat: int) -> list[ArcanorMove]:
        if self.result or seat != self.to_move:  # not an actor
            return []
        if self._legal is None:
            self._legal = self._compute_legal(seat)
        return list(self._legal)

    def parse_move(self, text: str) -> ArcanorMove:
        compact = "".join(plain_notation(text).split()).lower()
        if known := KNOWN_MOVES.get(compact):
            return known  # every move between neighbours, every peek and pass
        if peek := _PEEK.match(compact):
            return Peek(parse_square(peek.group(1)))
        if pair := _PAIR.match(compact):
            source, kind, target = pair.groups()
            return _KINDS[kind](parse_square(source), parse_square(target))
        notation_help = STRICT_NOTATION_HELP if self.strict_memory else NOTATION_HELP
        raise NotationError("Could not read '{text}'. {help}.", text=shown(text), help=notation_help)

    def _apply(self, seat: int, move: ArcanorMove) -> None:
        self._legal = None
        if isinstance(move, Peek):
            self._apply_peek(seat, move)
            return
        self.last_move = [*self.last_move, str(move)] if self.peeked else [str(move)]
        self.peeked = []
        self.move_number += 1
        scored = False
        if isinstance(move, Pass):
            self.passes += 1
        else:
            self.passes = 0
            if self._apply_board_move(move):
                # A frozen stack never changes again: no earlier position can come back.
                self.history.clear()
            source, target = move.squares
            scored = source in HOME_ROW_SQUARES or target in HOME_ROW_SQUARES
        self.to_move = 1 - seat
        self._check_end(scored)

    def refusal(self, seat: int, move: ArcanorMove) -> Text:
        if isinstance(move, Pass):
            example = str(self.legal_moves(seat)[0])
            return Text("You cannot pass while you have a legal move (for example {example}).", example=example)
        if isinstance(move, Peek):
            return self._peek_refusal(seat, move)
        return self._square_move_refusal(seat, move)

    # -- board facts -------------------------------------------------------------

    def is_frozen(self, index: int) -> bool:
        """A stack topped by a piece standing on its owner's winning row never moves again."""
        return TOP_OWNER[self.codes[index]] == FROZEN_OWNER[index]

    def scores(self) -> tuple[int, int]:
        """Points of the visible pieces each seat has on its winning row."""
        points = [0, 0]
        for seat in (0, 1):
            row = HOME_RANKS[1 - seat] * FILE_COUNT
            for code in self.codes[row : row + FILE_COUNT]:
                if TOP_OWNER[code] == seat:
                    points[seat] += TOP_SIZE[code]
        return points[0], points[1]

    def stack_at(self, square: Square) -> Stack:
        return STACKS[self.codes[INDEX[square]]]

    # -- legal moves ---------------------------------------------------------------

    def _compute_legal(self, seat: int) -> list[ArcanorMove]:
        moves = cast(list[ArcanorMove], self._board_moves(seat))
        if not moves:
            moves.append(PASS)
        if self.strict_memory:
            moves.extend(self._peeks_allowed(seat))
        return moves

    def _board_moves(self, seat: int) -> list[SquareMove]:
        """Steps, releases and eats of ``seat``'s stacks, square by square in board order."""
        if self._seat_moves is None:
            self._seat_moves = ([()] * len(SQUARES), [()] * len(SQUARES))
            self._update_square_moves(self._seat_moves, range(len(SQUARES)))
        return list(chain.from_iterable(self._seat_moves[seat]))

    def _update_square_moves(self, seat_moves: SeatMoves, squares: Iterable[int]) -> None:
        """Write the moves of the stacks on ``squares``: for their top's owner, () for the other seat."""
        codes, first, second = self.codes, *seat_moves
        for index in squares:
            first[index] = second[index] = ()
            owner = TOP_OWNER[codes[index]]
            if owner != NO_OWNER:
                seat_moves[owner][index] = self._moves_of_square(index)

    def _moves_of_square(self, index: int) -> tuple[SquareMove, ...]:
        """The moves of the stack on ``index`` for the owner of its top (none if empty or frozen)."""
        codes = self.codes
        code = codes[index]
        owner = TOP_OWNER[code]
        if owner == NO_OWNER or FROZEN_OWNER[index] == owner:
            return ()
        enemy = 1 - owner
        prey = PREY[code]
        moves: list[SquareMove] = []
        for near, onto_empty, eat in AROUND[self.strict_memory or HOLDS[code]][index]:
            other = codes[near]
            if other == EMPTY:
                moves += onto_empty
            elif prey[other] and FROZEN_OWNER[near] != enemy:
                moves.append(eat)
        return tuple(moves)

    def _peeks_allowed(self, seat: int) -> list[Peek]:
        return [
            PEEKS[i] for i, code in enumerate(self.codes) if TOP_OWNER[code] == seat and NAMES[i] not in self.peeked
        ]

    # -- applying --------------------------------------------------------------------

    def _apply_board_move(self, move: SquareMove) -> bool:
        """Play a step, release or eat; whether it froze a stack.

        Neither square was frozen before (frozen stacks neither move nor are eaten), so a
        stack froze exactly when one of the two squares is frozen now.
        """
        source, target = move.squares
        codes = self.codes
        code = codes[source]
        if isinstance(move, Step):
            codes[source], codes[target] = EMPTY, code
        elif isinstance(move, Release):
            codes[source], codes[target] = BELOW[code], TOP_ALONE[code]
        else:
            codes[source], codes[target] = BELOW[code], COVER[code][codes[target]]
        if self._seat_moves is not None:
            # States share the per-square lists: replace, never change in place.
            seat_moves = self._seat_moves = (self._seat_moves[0].copy(), self._seat_moves[1].copy())
            self._update_square_moves(seat_moves, (source, target))
            # Around them only moves change, not owners: empty squares keep no moves, the others
            # keep none for the seat that does not own them.
            for index in AROUND_BOTH[source, target]:
                owner = TOP_OWNER[codes[index]]
                if owner != NO_OWNER:
                    seat_moves[owner][index] = self._moves_of_square(index)
        return TOP_OWNER[codes[source]] == FROZEN_OWNER[source] or TOP_OWNER[codes[target]] == FROZEN_OWNER[target]

    def _apply_peek(self, seat: int, move: Peek) -> None:
        # The lists are replaced, never changed in place: copies of the state share them.
        name = str(move.square)
        stack = self.stack_at(move.square)
        entry: PeekView = {
            "seat": seat,
            "square": name,
            "turn": self.move_number + 1,
            "top": piece_json(stack[0]),
            "contents": [piece_json(piece) for piece in stack[1:]],
        }
        self.peeks = [*self.peeks, entry][-PEEKS_KEPT:]
        self.last_move = [*self.last_move, str(move)] if self.peeked else [str(move)]
        self.peeked = [*self.peeked, name]

    def _position_key(self) -> PositionKey:
        """Who moves, then every stack: see :func:`position_text` for its stored form."""
        return SEAT_BYTES[self.to_move] + self.codes

    def _remember_position(self) -> int:
        key = self._position_key()
        seen = self.history[key] = self.history.get(key, 0) + 1
        return seen

    def _check_end(self, scored: bool) -> None:
        """End the game if a rule says so; ``scored``: whether the move touched a winning row
        (otherwise the points did not change and were short of the target)."""
        # Each reason is an English sentence (a msgid of the catalogues): finished games store it as it is.
        if scored and max(self.scores()) >= TARGET_POINTS:
            winners, scores = self._by_points()
            self.result = Outcome(winners, "12 points on the winning row", scores)
        elif self.passes >= 2:
            winners, scores = self._by_points()
            self.result = Outcome(winners, "both players passed in a row", scores)
        elif self._remember_position() >= 3:
            winners, scores = self._by_points()
            self.result = Outcome(winners, "the same position came up a third time", scores)

    def _by_points(self) -> tuple[tuple[int, ...], tuple[float, float]]:
        """The winners (none on equal points) and the scores of an ending decided by points."""
        scores = self.scores()
        winners = () if scores[0] == scores[1] else ((0,) if scores[0] > scores[1] else (1,))
        return winners, (float(scores[0]), float(scores[1]))

    # -- refusals ----------------------------------------------------------------------

    def _peek_refusal(self, seat: int, move: Peek) -> Text:
        if not self.strict_memory:
            return Text(
                "Lifting a stack (peek) only exists in the strict-memory variant: "
                "your private view already shows what your stacks hold."
            )
        square = str(move.square)
        stack = self.stack_at(move.square)
        if not stack or stack[0][0] != seat:
            return Text("You may only lift a stack whose top piece is yours; {square} is not one.", square=square)
        return Text("You already lifted {square} this turn.", square=square)

    def _square_move_refusal(self, seat: int, move: SquareMove) -> Text:
        source, target = str(move.source), str(move.target)
        stack = self.stack_at(move.source)
        if not stack:
            return Text("There is no piece on {source}.", source=source)
        if stack[0][0] != seat:
            return Text(
                "The top piece on {source} is your opponent's: you may only play stacks whose top piece is yours.",
                source=source,
            )
        if self.is_frozen(INDEX[move.source]):
            return Text(
                "{source} stands on your winning row: it is frozen for good and can no longer move, release or eat.",
                source=source,
            )
        if move.source.distance(move.target) != 1:
            return Text(
                "{target} is not next to {source}: pieces step one square, in any of 8 directions.",
                target=target,
                source=source,
            )
        if isinstance(move, Eat):
            return self._eat_refusal(stack[0], move)
        return self._step_refusal(stack, move)

    def _step_refusal(self, stack: Stack, move: Step | Release) -> Text:
        source, target = str(move.source), str(move.target)
        if self.stack_at(move.target):
            return Text(
                "{target} is occupied: a stack or a released piece only steps onto an empty square. "
                "To eat, write {eat}.",
                target=target,
                eat=f"{source}x{target}",
            )
        # Only outside strict memory (there every stack may release), to the stack's owner, who sees inside it.
        return Text(
            "The {size} on {source} holds nothing to release: move it with {step}.",
            size=stack[0][1],
            source=source,
            step=f"{source}-{target}",
        )

    def _eat_refusal(self, eater: Piece, move: Eat) -> Text:
        target = str(move.target)
        stack = self.stack_at(move.target)
        if not stack:
            return Text(
                "{target} is empty: there is nothing to eat there; to step onto it write {step}.",
                target=target,
                step=f"{move.source}-{target}",
            )
        owner, size = stack[0]
        if owner == eater[0]:
            return Text("The top piece on {target} is yours, and you may never cover your own pieces.", target=target)
        if self.is_frozen(INDEX[move.target]):
            return Text("{target} stands on its winning row: it is frozen and can no longer be eaten.", target=target)
        if eater[1] == 4:
            return Text(
                "A 4 is the smallest piece and cannot eat anything; the top of {target} is a {size}.",
                target=target,
                size=size,
            )
        return Text(
            "A {eater} can only eat a {prey} (exactly one size smaller); the top of {target} is a {size}. "
            "Only the top piece ever eats: what it holds stays behind.",
            eater=eater[1],
            prey=eater[1] + 1,
            target=target,
            size=size,
        )

    # -- views ---------------------------------------------------------------------------

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """The turn so far, or the last one: "Ada lifted b2, then ate c4 from b3" (contents never named).

        >>> from rules import GAMES
        >>> state = GAMES["arcanor"].new(players=2, seed=1)
        >>> str(ArcanorState.describe(state.play(1, "b7-a6").view(None), ["Ada", "Bob"]))
        'Bob moved the stack on b7 to a6'
        """
        board = cast(ArcanorView, view)
        notations = board["last_move"]
        if not notations:
            return None
        played = any(not notation.startswith(PEEK_PREFIX) for notation in notations)
        # A move ends the turn, a lift does not: a lifter is still the player to move.
        who = names[1 - board["to_move"] if played else board["to_move"]]
        return turn_words(who, notations)

    def view(self, seat: int | None) -> ArcanorView:
        return {
            "game": "arcanor",
            "players": 2,
            "actors": list(self.actors),
            "move_number": self.move_number,
            "last_move": list(self.last_move),
            "outcome": self.result.to_json() if self.result else None,
            "viewer": seat,
            "board": self._board_view(seat),
            "scores": list(self.scores()),
            "passes": self.passes,
            "strict_memory": self.strict_memory,
            "peeks": [copy_peek(entry) for entry in self.peeks],
            "home_rows": [rank + 1 for rank in HOME_RANKS],
            "first_player": self.first,
            "to_move": self.to_move,
            "target": TARGET_POINTS,
        }

    def _board_view(self, seat: int | None) -> dict[str, StackView]:
        """Every top piece; what lies below only for the viewer's own stacks (never in strict memory)."""
        board: dict[str, StackView] = {}
        for index, stack in enumerate(self.board):
            if not stack:
                continue
            entry: StackView = {"top": piece_json(stack[0]), "frozen": self.is_frozen(index)}
            if seat is not None and stack[0][0] == seat and not self.strict_memory:
                entry["contents"] = [piece_json(piece) for piece in stack[1:]]
            board[str(SQUARES[index])] = entry
        return board


def initial_board() -> list[Stack]:
    """Six duos on each home row: 1>2 on b, d, f and 3>4 on c, e, g."""
    board: list[Stack] = [() for _ in SQUARES]
    for seat, rank in enumerate(HOME_RANKS):
        for file, (outer, inner) in SETUP_FILES.items():
            board[file + FILE_COUNT * rank] = ((seat, outer), (seat, inner))
    return board


# ---------------------------------------------------------------------------
# Helpers for the Discord select menus


@dataclass(frozen=True)
class MoveChoice:
    """One entry of the second select menu: the notation to play and what it does (the bot words it)."""

    notation: str
    label: Text


@dataclass(frozen=True)
class MoveGroup:
    """One entry of the first select menu: a square (or "pass") and its actions."""

    source: str
    label: Text
    choices: tuple[MoveChoice, ...]


def move_menu(state: ArcanorState, seat: int) -> list[MoveGroup]:
    """The legal moves of ``seat`` grouped by the square they start from, squares in board order.

    Labels only say what ``seat`` may know (in strict memory, nothing about contents).
    A lone ``pass`` forms its own group "pass".

    >>> from rules import GAMES
    >>> state = GAMES["arcanor"].new(players=2, seed=0)  # seed 0 draws seat 0 to start
    >>> groups = move_menu(state, 0)
    >>> groups[0].source, str(groups[0].label), str(groups[0].choices[0].label)
    ('b1', 'b1: your 1 holding your 2', 'b1-a2: move the 1 with what it holds')
    """
    by_square: dict[str, list[MoveChoice]] = {}
    for move in state.legal_moves(seat):
        key = menu_source(move)
        by_square.setdefault(key, []).append(MoveChoice(str(move), move_label(state, seat, move)))
    order = sorted(by_square, key=_menu_order)
    return [MoveGroup(name, group_label(state, seat, name), tuple(by_square[name])) for name in order]


def menu_source(move: ArcanorMove) -> str:
    """The square a move starts from ("b1"), or "pass"."""
    if isinstance(move, Pass):
        return "pass"
    return str(move.square if isinstance(move, Peek) else move.source)


def _menu_order(name: str) -> int:
    """Squares in board order (a1, b1, ... h7), then "pass"."""
    return len(SQUARES) if name == "pass" else INDEX[Square.parse(name)]


NO_MOVE = Text("pass: you have no move")


def group_label(state: ArcanorState, seat: int, name: str) -> Text:
    """'b1: your 1 holding your 2' (contents only outside strict memory)."""
    if name == "pass":
        return NO_MOVE
    stack = state.stack_at(Square.parse(name))
    if state.strict_memory or len(stack) == 1:
        return Text("{square}: your {size}", square=name, size=stack[0][1])
    held = Listing(tuple(_held(seat, piece) for piece in stack[1:]), AND)
    return Text("{square}: your {size} holding {held}", square=name, size=stack[0][1], held=held)


def _held(seat: int, piece: Piece) -> Text:
    owner, size = piece
    return Text("your {size}", size=size) if owner == seat else Text("their {size}", size=size)


def move_label(state: ArcanorState, seat: int, move: ArcanorMove) -> Text:
    """A short description of one move for a select option."""
    if isinstance(move, Pass):
        return NO_MOVE
    if isinstance(move, Peek):
        return Text("{move}: lift it and show everyone what it holds (your turn goes on)", move=str(move))
    stack = state.stack_at(move.source)
    top = stack[0][1]
    if isinstance(move, Eat):
        return Text("{move}: your {top} eats the {prey}", move=str(move), top=top, prey=top + 1)
    if isinstance(move, Step):
        if state.strict_memory:
            return Text("{move}: move the stack", move=str(move))
        if stack[1:]:
            return Text("{move}: move the {top} with what it holds", move=str(move), top=top)
        return Text("{move}: move the {top}", move=str(move), top=top)
    return Text(
        "{move}: release the {top}, {uncovered}", move=str(move), top=top, uncovered=_uncovered(state, seat, stack)
    )


def _uncovered(state: ArcanorState, seat: int, stack: Stack) -> Text:
    if state.strict_memory:
        return Text("what it holds stays")
    owner, size = stack[1]
    return Text("uncovering your {size}", size=size) if owner == seat else Text("freeing their {size}", size=size)


GAME = register(
    Game(
        id="arcanor",
        name="Arcanor",
        min_players=2,
        max_players=2,
        state_class=ArcanorState,
        options=(
            Option(
                "strict_memory",
                False,
                (False, True),
                "Nobody sees inside stacks; lifting a stack (peek:b1) shows its contents to everyone.",
            ),
        ),
        sample_setups=((2, {"strict_memory": False}), (2, {"strict_memory": True})),
    )
)
