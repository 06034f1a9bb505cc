"""The board: its geometry, the sides and turn order, the lasting effects, and positions as text."""

from __future__ import annotations

import re
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.araksey.moves import (
    ARAKSEY,
    CELL_CHARS,
    DEFAULT_ELEMENTS,
    ELEMENT_NAMES,
    ELEMENTS,
    EMPTY,
    EXCHANGE,
    PLACE,
    PUSH,
    SOURCE,
    SOURCES_EACH,
    STEP,
    Move,
)
from rules.base import BadOptions, Square, Text, shown

# One neighbour ``n`` of a square ``a``: (n, the bit of the square one further from a past n, 0 off
# the board, then the plain step, exchange and push moves from a to n).
Link = tuple[int, int, Move, Move, Move]


class StepTable(dict[int, tuple[Move, ...]]):
    """The steps from one square to a set of its empty neighbours (a bit mask), in neighbour
    order; each set's tuple is built the first time it is asked for."""

    def __init__(self, links: tuple[Link, ...]) -> None:
        super().__init__()
        self.links = links

    def __missing__(self, empty: int) -> tuple[Move, ...]:
        steps = self[empty] = tuple(step for n, _, step, _, _ in self.links if empty >> n & 1)
        return steps


@dataclass(frozen=True)
class Geometry:
    """Squares as indices ``rank * size + file`` with their precomputed relations and moves
    (built once per size: move generation hands out these shared, immutable moves)."""

    size: int
    squares: tuple[Square, ...]
    neighbours: tuple[tuple[int, ...], ...]
    adjacent: tuple[frozenset[int], ...]
    # beyond[a][b]: the square one further from a past its neighbour b, or -1 off the board.
    beyond: tuple[dict[int, int], ...]
    links: tuple[tuple[Link, ...], ...]
    # around[a]: a's neighbours as a bit mask (bit i for square i).  steps[a][empty]: the steps from a
    # to the neighbours in ``empty`` (one of its subsets), in neighbour order.
    around: tuple[int, ...]
    steps: tuple[StepTable, ...]
    places: tuple[Move, ...]
    # lightning[a]: (destination, straight line?, squares adjacent to both) at distance 2.
    lightning: tuple[tuple[tuple[int, bool, tuple[int, ...]], ...], ...]
    start: tuple[int, ...]  # in board order
    corners: frozenset[int]

    def index(self, square: Square) -> int:
        return square.rank * self.size + square.file

    def on_board(self, square: Square) -> bool:
        return square.on_board(self.size, self.size)


@cache
def geometry(size: int) -> Geometry:
    squares = tuple(Square(i % size, i // size) for i in range(size * size))
    index = {sq: i for i, sq in enumerate(squares)}
    neighbours = tuple(tuple(index[n] for n in sq.neighbours(size, size)) for sq in squares)
    beyond = tuple(
        {
            n: index.get(squares[n].offset(squares[n].file - sq.file, squares[n].rank - sq.rank), -1)
            for n in neighbours[i]
        }
        for i, sq in enumerate(squares)
    )
    links = tuple(tuple(_link(squares, a, n, beyond[a][n]) for n in neighbours[a]) for a in range(len(squares)))
    centre = Square(size // 2, size // 2)
    last = size - 1
    return Geometry(
        size=size,
        squares=squares,
        neighbours=neighbours,
        adjacent=tuple(frozenset(n) for n in neighbours),
        beyond=beyond,
        links=links,
        around=tuple(sum(1 << n for n in near) for near in neighbours),
        steps=tuple(StepTable(near) for near in links),
        places=tuple(Move(PLACE, target=sq) for sq in squares),
        lightning=tuple(_lightning_targets(squares, neighbours, i) for i in range(len(squares))),
        start=tuple(i for i, sq in enumerate(squares) if sq.distance(centre) == (1 if size == 5 else 2)),
        corners=frozenset(index[Square(f, r)] for f in (0, last) for r in (0, last)),
    )


def _link(squares: tuple[Square, ...], a: int, n: int, behind: int) -> Link:
    start, end = squares[a], squares[n]
    behind_bit = 0 if behind == -1 else 1 << behind
    return (n, behind_bit, Move(STEP, start, end), Move(EXCHANGE, start, end), Move(PUSH, start, end))


def _lightning_targets(
    squares: tuple[Square, ...], neighbours: tuple[tuple[int, ...], ...], start: int
) -> tuple[tuple[int, bool, tuple[int, ...]], ...]:
    origin = squares[start]
    around = set(neighbours[start])
    targets = []
    for dest, sq in enumerate(squares):
        if origin.distance(sq) != 2:
            continue
        df, dr = sq.file - origin.file, sq.rank - origin.rank
        straight = df in (-2, 0, 2) and dr in (-2, 0, 2)
        between = tuple(sorted(around & set(neighbours[dest])))
        targets.append((dest, straight, between))
    return tuple(targets)






def side_of(players: int, seat: int) -> int:
    """Side index of a seat: 3 players seat 0 vs seats 1-2; 4 players 0+2 vs 1+3."""
    if players == 3:
        return 0 if seat == 0 else 1
    return seat % 2


def resolve_elements(players: int, given: Any) -> list[str]:
    """Check the ``elements`` option; ``None`` gives the default for the player count.

    >>> resolve_elements(2, "fire, mud")
    ['fire', 'mud']
    """
    if given is None:
        return list(DEFAULT_ELEMENTS[players])
    names = re.split(r"[\s,/;]+", given.strip().lower()) if isinstance(given, str) else list(given)
    names = [str(name).strip().lower() for name in names if str(name).strip()]
    if len(names) != players:
        raise BadOptions("Give one element per seat: {players} elements, in seat order.", players=players)
    for name in names:
        if name not in ELEMENTS:
            raise BadOptions(
                "'{name}' is not an element: choose among {elements}.", name=shown(name), elements=", ".join(ELEMENTS)
            )
    for a in range(players):
        for b in range(a + 1, players):
            same_side = side_of(players, a) == side_of(players, b)
            if same_side and names[a] != names[b]:
                raise BadOptions("Seats {a} and {b} are team mates and must share one element.", a=a, b=b)
            if not same_side and names[a] == names[b]:
                raise BadOptions(
                    "Seats {a} and {b} are opponents and cannot both play {element}.",
                    a=a,
                    b=b,
                    element=ELEMENT_NAMES[names[a]],
                )
    return names


def turn_order(players: int, elements: list[str]) -> tuple[int, ...]:
    """The repeating cycle of seats.

    Three players: the lone player always starts (« Le joueur seul commence toujours en
    premier »).  Two or four: the side with the earlier element starts.

    >>> turn_order(3, ["fog", "air", "air"]), turn_order(4, ["fog", "air", "fog", "air"])
    ((0, 1, 0, 2), (1, 0, 3, 2))
    """
    if players == 3:
        return (0, 1, 0, 2)
    first_side = side_of(players, min(range(players), key=lambda seat: ELEMENTS.index(elements[seat])))
    if players == 2:
        return (0, 1) if first_side == 0 else (1, 0)
    return (0, 1, 2, 3) if first_side == 0 else (1, 0, 3, 2)


def seat_field(seat: int) -> str:
    """The placeholder a label leaves for a seat's name, filled by ``label.format(*names)``.

    >>> seat_field(2)
    '{2}'
    """
    return "{" + str(seat) + "}"


@dataclass(frozen=True)
class Effect:
    """A one-turn dragon effect, active during the target's next turn."""

    power: str
    by: int
    target: int

    def template(self) -> str:
        """Human text with ``{seat}`` placeholders, for ``template.format(*names)`` (English)."""
        return str(self.words(by=seat_field(self.by), target=seat_field(self.target)))

    def words(self, by: str, target: str) -> Text:
        """The effect for players, naming its author ``by`` and its ``target`` (the template's words)."""
        if self.power == "earth":
            return Text("Earth: {target} cannot move {by}'s pieces on their next turn", target=target, by=by)
        if self.power == "water":
            return Text("Water: {target}'s araksey cannot move on their next turn", target=target)
        return Text("Mud: {target}'s sources cannot move on their next turn", target=target)

    def binding(self) -> Text:
        """What the effect forbids its target, on the turn it binds (a refusal's words)."""
        if self.power == "earth":
            return Text("Earth: the pieces of seat {by} cannot be moved by you this turn.", by=self.by)
        if self.power == "water":
            return Text("Water: your araksey cannot move this turn.")
        return Text("Mud: your sources cannot move this turn.")

    def frozen_codes(self) -> tuple[int, ...]:
        """Piece codes the target may not displace while this effect lasts."""
        if self.power == "earth":
            return (self.by * 2 + ARAKSEY, self.by * 2 + SOURCE)
        if self.power == "water":
            return (self.target * 2 + ARAKSEY,)
        return (self.target * 2 + SOURCE,)


# An action as generation sees it: (kind, origin index, target index).
Action = tuple[str, int, int]
# A repetition key: the board's codes, then the player to move (written as text in the JSON).
PositionKey = tuple[int, ...]
NOTHING: frozenset[int] = frozenset()


def apply_action(board: list[int] | MutableMapping[int, int], action: Action, geo: Geometry) -> None:
    """Move the pieces of ``action`` on ``board`` in place: a list, or a dict of the squares it changes."""
    kind, origin, target = action
    if kind == STEP:
        board[target], board[origin] = board[origin], EMPTY
    elif kind == EXCHANGE:
        board[target], board[origin] = board[origin], board[target]
    else:
        board[geo.beyond[origin][target]] = board[target]
        board[target], board[origin] = board[origin], EMPTY


_CELL_TEXT: dict[int, str] = {EMPTY: ".", **dict(enumerate(CELL_CHARS))}


def board_to_text(board: Sequence[int]) -> str:
    """One character per square: ``'.'`` empty, else see CELL_CHARS."""
    return "".join(map(_CELL_TEXT.__getitem__, board))


def board_from_text(text: str) -> list[int]:
    return [EMPTY if char == "." else CELL_CHARS.index(char) for char in text]


def key_to_text(key: PositionKey) -> str:
    """The JSON's form of a repetition key: the board's text, then the seat to move.

    >>> key_to_text((0, -1, 3, 1))
    'A.b1'
    """
    return f"{board_to_text(key[:-1])}{key[-1]}"


def key_from_text(text: str) -> PositionKey:
    return (*board_from_text(text[:-1]), int(text[-1]))


def action_squares(action: Action, geo: Geometry) -> tuple[int, ...]:
    """The squares whose content ``action`` changes."""
    kind, origin, target = action
    return (origin, target, geo.beyond[origin][target]) if kind == PUSH else (origin, target)


def gathered_on(board: list[int], seat: int, geo: Geometry) -> bool:
    """All four sources of ``seat`` around its own araksey on ``board``."""
    araksey = seat * 2 + ARAKSEY
    if araksey not in board:
        return False
    zone = geo.adjacent[board.index(araksey)]
    sources = [i for i, code in enumerate(board) if code == seat * 2 + SOURCE]
    return len(sources) == SOURCES_EACH and all(s in zone for s in sources)


def locate_pieces(board: list[int], players: int) -> tuple[list[int], list[list[int]]]:
    """(araksey index per seat or -1, source indices per seat in board order)."""
    arakseys = [-1] * players
    sources: list[list[int]] = [[] for _ in range(players)]
    for i, code in enumerate(board):
        if code == EMPTY:
            continue
        if code & 1:
            sources[code >> 1].append(i)
        else:
            arakseys[code >> 1] = i
    return arakseys, sources


def move_piece(located: tuple[list[int], list[list[int]]], code: int, start: int, end: int) -> None:
    """Follow the piece ``code`` from ``start`` to ``end`` in ``located`` (see ArakseyState.locate)."""
    arakseys, sources = located
    seat = code >> 1
    if code & 1:
        squares = sources[seat].copy()
        squares[squares.index(start)] = end
        squares.sort()
        sources[seat] = squares
    else:
        arakseys[seat] = end
