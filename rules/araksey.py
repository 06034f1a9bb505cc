"""Araksey: arakseys and their sources, for 2, 3 or 4 players (RULINGS.md section 1).

Rules as implemented
--------------------
* Board 5×5 for 2 players, 7×7 for 3 or 4.  Each seat owns one ARAKSEY and four
  SOURCES and plays one element (earth, water, air, fire, magma, lightning, mud, fog).
  Sides: 2 players, one each; 3 players, seat 0 alone against the team of seats 1
  and 2; 4 players, seats 0+2 against 1+3.  Team members share an element, opposing
  sides never do (option ``elements``, one per seat in seat order).
* Turn order: 2 players alternate; 3 players play P1, P2, P1, P3 (seats 0,1,0,2): the
  lone player always starts, whatever the elements; 4 players play A1, B1, A2, B2
  (seats 0,1,2,3).  With 2 or 4 players the side whose element comes first in earth,
  water, air, fire, magma, lightning, mud, fog starts, keeping that cycle: a 2-player
  game with seat 1 holding the earlier element plays 1,0; a 4-player game whose side 1
  holds it plays 1,0,3,2.
* Set-up: following the turn cycle and skipping whoever has nothing left to place,
  each player places one source on a free start square (``@b2``) until all are placed,
  then each places their araksey on any free square.  Win and suicide are checked
  after the last placement; a dragon state can awaken as an araksey lands.
* Zone: the squares around an araksey.  A source is *in zone* when it touches its own
  araksey (judged before the action).  One action per turn:
  araksey steps to an adjacent empty square; a source out of zone steps; a source in
  zone steps, exchanges with its own araksey or with an adjacent opposing piece, or
  pushes any adjacent piece one square further (the square behind must be on the board
  and empty; pushes never chain).  A team mate's pieces can be pushed, not exchanged.
* Winning: X's side wins when all four of X's sources touch one opposing araksey,
  whoever caused it (suicide included).  Both sides at once: draw (double KO).
* Dragon state: awakens for a player when an action (anyone's) gathers all four of
  their sources around their own araksey, having not all been there before.  It lasts
  until used (or put to sleep by fog) and may be used from the player's next turn
  (it must be held at the start of the turn).  After-action powers: earth (the target
  may not move any of your pieces on their next turn), water (the target's araksey may
  not move on their next turn), mud (the target's sources may not move on their next
  turn), fog (the target's dragon goes to sleep, also one the same action has just
  woken).  Instead-of-action powers: air (move an opposing source as if yours, zone
  judged against your araksey), magma (your araksey pushes an adjacent piece),
  lightning (your araksey ends two squares away: two steps through an empty square, or
  a straight jump over one piece), fire (your araksey exchanges with any of your
  sources).  With several opponents an after-action power names its target
  (``@seat``); its effect covers the target's next turn only.
* Passing: ``pass`` is always offered; each player has one pass, and passing a second
  time loses the game for that player's side.
* No counter-play: a move that puts every piece back where it stood before the
  previous move is illegal.
* Draws: double KO; the trap (every araksey in a corner with its three neighbours held
  by opposing sources); the loop (the same board with the same player to move for the
  third time).  Random play ends through wins and the pass rule, so no move cap.
* Clock option: the engine only records it (``clock_seconds`` in the view); when the
  15 s run out the bot plays ``pass`` for the player (``ArakseyState.default_move``);
  during set-up, which has no pass, it places the piece on the first free square allowed.

Notation
--------
``@b2`` place a piece; ``b2-c3`` step; ``b2<>c3`` exchange; ``b2>c3`` push (the piece
on b2 takes c3, the piece on c3 goes one further); ``pass``.  After-action power:
``b2-c3+water`` (``+water@2`` names the target seat when there are several
opponents).  Instead-of-action power: ``air:d4-d3``, ``magma:c3>d4``,
``lightning:c3-e3``, ``fire:c3<>a1``.

>>> from rules import GAMES
>>> state = GAMES["araksey"].new(players=2, seed=1, options={})
>>> state.actors, str(state.legal_moves(0)[0])
((0,), '@b2')
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Self, TypedDict, cast

from rules.base import (
    FILES,
    JSON,
    BadOptions,
    Game,
    GameState,
    NotationError,
    Option,
    Outcome,
    Square,
    Text,
    View,
    plain_notation,
    register,
    shown,
)


class PieceView(TypedDict):
    seat: int
    kind: str  # "araksey" or "source"
    square: str


class EffectView(TypedDict):
    """A dragon effect for the target's next turn; ``template`` has ``{seat}`` placeholders for names."""

    power: str
    by: int
    target: int
    text: str
    template: str


# "from" is a Python keyword, hence the functional form.
LastAction = TypedDict(
    "LastAction",
    {
        "seat": int | None,
        "kind": str,  # step, exchange, push, place or pass
        "from": str | None,
        "to": str | None,
        "pushed_to": str | None,
        "power": str | None,
        "victim": int | None,
    },
)


class ArakseyView(View):
    """What everyone sees (nothing is hidden). Per-seat lists are in seat order; squares in
    notation. ``zones[seat]`` are the squares around that seat's araksey, ``in_zone[seat]``
    its sources standing there; ``teams`` lists the seats of each side."""

    size: int
    phase: str  # setup_sources, setup_arakseys or play
    elements: list[str]
    teams: list[list[int]]
    turn_order: list[int]
    pieces: list[PieceView]
    zones: list[list[str]]
    in_zone: list[list[str]]
    dragon: list[bool]
    effects: list[EffectView]
    passes_left: list[int]
    start_squares: list[str]
    last_action: LastAction | None
    clock_seconds: int | None


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


# ---------------------------------------------------------------------------
# Moves


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


# ---------------------------------------------------------------------------
# Board geometry, computed once per size


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


# ---------------------------------------------------------------------------
# Seats, sides and elements


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


# ---------------------------------------------------------------------------
# The state


class ArakseyState(GameState[Move]):
    """One position of Araksey.

    A state never changes a list it holds once built: ``copy`` shares them all, and a move
    replaces the lists it changes (board, dragons, passes, effects, seen positions).
    """

    def __init__(
        self,
        *,
        players: int,
        elements: list[str],
        clock: bool = False,
        phase: str = "setup_sources",
        board: list[int] | None = None,
        turn_index: int = 0,
        dragon: list[bool] | None = None,
        passes_left: list[int] | None = None,
        effects: list[Effect] | None = None,
        previous_board: list[int] | None = None,
        seen: dict[str, int] | None = None,
        move_number: int = 0,
        last_move: str | None = None,
        last_seat: int | None = None,
        outcome: Outcome | None = None,
    ) -> None:
        self.players = players
        self.elements = elements
        self.clock = clock
        self.size = 5 if players == 2 else 7
        self.geo = geometry(self.size)
        self.order = turn_order(players, elements)
        self.sides = tuple(side_of(players, seat) for seat in range(players))
        self.rivals = tuple(tuple(self.opponents(seat)) for seat in range(players))
        # Per seat: the piece codes its sources may exchange with (its araksey, any opposing piece).
        self.partners = tuple(
            frozenset(c for c in range(2 * players) if self._may_exchange(c, seat, self.sides[seat]))
            for seat in range(players)
        )
        self.phase = phase
        self.board = board if board is not None else [EMPTY] * (self.size * self.size)
        # The empty squares as a bit mask (bit i for square i), kept with the board.
        self._empty = sum(1 << i for i, code in enumerate(self.board) if code == EMPTY)
        self.turn_index = turn_index
        self.dragon = dragon if dragon is not None else [False] * players
        self.passes_left = passes_left if passes_left is not None else [1] * players
        self.effects = effects if effects is not None else []
        self.previous_board = previous_board
        # How many times each position has been met (the loop draw), by PositionKey.
        self.seen: dict[PositionKey, int] = {key_from_text(key): count for key, count in (seen or {}).items()}
        self.move_number = move_number
        # The last move, written as notation only when asked (last_move).
        self._last: Move | str | None = last_move
        self.last_seat = last_seat
        self._outcome = outcome
        # (araksey index per seat or -1, source indices per seat in board order), followed move by move.
        self._located = locate_pieces(self.board, players)
        self._gathered: list[bool] | None = None  # per seat, with _located
        self._moves: list[Move] | None = None
        # Squares where the board differs from previous_board (for counter-play), once per position.
        self._undone: frozenset[int] | None = None

    # -- contract ----------------------------------------------------------

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        """A new game; nothing is random in Araksey, so ``seed`` is unused."""
        elements = resolve_elements(players, options.get("elements"))
        return cls(players=players, elements=elements, clock=bool(options.get("clock", False)))

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        previous = data["previous_board"]
        return cls(
            players=data["players"],
            elements=list(data["elements"]),
            clock=data["clock"],
            phase=data["phase"],
            board=board_from_text(data["board"]),
            turn_index=data["turn_index"],
            dragon=list(data["dragon"]),
            passes_left=list(data["passes_left"]),
            effects=[Effect(e["power"], e["by"], e["target"]) for e in data["effects"]],
            previous_board=None if previous is None else board_from_text(previous),
            seen=dict(data["seen"]),
            move_number=data["move_number"],
            last_move=data["last_move"],
            last_seat=data["last_seat"],
            outcome=Outcome.from_json(data["outcome"]),
        )

    def to_json(self) -> JSON:
        return {
            "players": self.players,
            "elements": list(self.elements),
            "clock": self.clock,
            "phase": self.phase,
            "board": board_to_text(self.board),
            "turn_index": self.turn_index,
            "dragon": list(self.dragon),
            "passes_left": list(self.passes_left),
            "effects": [{"power": e.power, "by": e.by, "target": e.target} for e in self.effects],
            "previous_board": None if self.previous_board is None else board_to_text(self.previous_board),
            "seen": {key_to_text(key): count for key, count in self.seen.items()},
            "move_number": self.move_number,
            "last_move": self.last_move,
            "last_seat": self.last_seat,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def copy(self) -> Self:
        """Shares everything, the pieces' places included (same board until a move replaces it);
        only the legal moves are this position's own."""
        clone = object.__new__(type(self))
        # One copy of the attribute table (cheaper than _shallow_copy's attribute by attribute update).
        clone.__dict__ = self.__dict__.copy()
        clone._moves = clone._undone = None
        return clone

    @property
    def last_move(self) -> str | None:
        return None if self._last is None else str(self._last)

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self._outcome is not None else (self.order[self.turn_index],)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def to_move(self) -> int:
        return self.order[self.turn_index]

    # -- pieces --------------------------------------------------------------

    def locate(self) -> tuple[list[int], list[list[int]]]:
        """(araksey index per seat or -1, source indices per seat in board order)."""
        return self._located

    def opponents(self, seat: int) -> list[int]:
        return [other for other in range(self.players) if self.sides[other] != self.sides[seat]]

    def default_move(self, seat: int) -> Move | None:
        """With the reflection clock on, running out of time passes the turn (the pass rule applies).

        Set-up has no pass: the late player's piece goes on the first free square it may take
        (board order: a1, b1, …), so the game goes on.

        >>> from rules import GAMES
        >>> state = GAMES["araksey"].new(players=2, seed=1, options={"clock": True})
        >>> str(state.default_move(state.to_move)) in [str(m) for m in state.legal_moves(state.to_move)]
        True
        """
        if not self.clock or seat not in self.actors:
            return None
        return PASS_MOVE if self.phase == "play" else self.legal_moves(seat)[0]

    def resignation(self, seat: int) -> Outcome:
        """A resigning player's whole side loses."""
        return Outcome(winners=self.side_seats(1 - self.sides[seat]), reason="resignation")

    def side_seats(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.sides[seat] == side)

    def in_own_zone(self, seat: int, index: int) -> bool:
        araksey = self.locate()[0][seat]
        return araksey != -1 and index in self.geo.adjacent[araksey]

    def gathered(self, seat: int) -> bool:
        """All four sources of ``seat`` around its own araksey (awakens the dragon)."""
        return self._gathered_seats()[seat]

    def _gathered_seats(self) -> list[bool]:
        if self._gathered is None:
            arakseys, sources = self._located
            adjacent = self.geo.adjacent
            self._gathered = [
                araksey != -1 and len(own) == SOURCES_EACH and adjacent[araksey].issuperset(own)
                for araksey, own in zip(arakseys, sources, strict=True)
            ]
        return self._gathered

    # -- legal moves ---------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat != self.order[self.turn_index]:
            return []
        if self._moves is None:
            self._moves = self._placements() if self.phase != "play" else self._play_moves(seat)
        return self._moves.copy()

    def _placements(self) -> list[Move]:
        board, places = self.board, self.geo.places
        allowed = self.geo.start if self.phase == "setup_sources" else range(len(board))
        return [places[i] for i in allowed if board[i] == EMPTY]

    def _play_moves(self, seat: int) -> list[Move]:
        """The actions of ``seat``'s own pieces, less those moving a frozen piece or undoing the
        previous move; then the dragon's powers; then pass."""
        araksey = self._located[0][seat]
        frozen = self.frozen_codes(seat)
        moves: list[Move] = []
        if seat * 2 + ARAKSEY not in frozen:
            moves += self.geo.steps[araksey][self._empty & self.geo.around[araksey]]
            if araksey in self._undone_squares():
                moves = self._without_counter_play(araksey, moves)
        self._source_moves(seat, seat, frozen, moves)
        if self.dragon[seat]:
            moves += self._power_moves(seat, moves)
        moves.append(PASS_MOVE)
        return moves

    def _source_moves(self, controller: int, owner: int, frozen: frozenset[int], moves: list[Move]) -> None:
        """Append the plain moves of ``owner``'s sources moved by ``controller`` (their owner, or an air
        player, whose araksey then judges the zone), less those moving a frozen piece or undoing the
        previous move."""
        board, geo, empty = self.board, self.geo, self._empty
        arakseys, sources = self._located
        zone = geo.adjacent[arakseys[controller]]
        partners = self.partners[controller]
        undone = self._undone_squares()
        for source in sources[owner]:
            code = board[source]
            if code in frozen:
                continue
            found: Sequence[Move]
            if source not in zone:
                found = geo.steps[source][empty & geo.around[source]]
            else:
                found = []
                for n, behind, step, exchange, push in geo.links[source]:
                    occupant = board[n]
                    if occupant == EMPTY:
                        found.append(step)
                    elif occupant not in frozen:
                        if occupant in partners and occupant != code:
                            found.append(exchange)
                        if empty & behind:
                            found.append(push)
            # An action always changes its origin square: one that does not restore it cannot undo.
            if source in undone:
                found = self._without_counter_play(source, found)
            moves += found

    def _without_counter_play(self, origin: int, moves: Sequence[Move]) -> list[Move]:
        """``moves`` (all starting on ``origin``, a square the previous move changed) less those
        that undo the previous move."""
        return [move for move in moves if not self.is_counter_play(self._action_of(move))]

    def _power_moves(self, seat: int, plain: list[Move]) -> list[Move]:
        element = self.elements[seat]
        if element in AFTER_ACTION:
            return [
                Move(m.kind, m.origin, m.target, element, victim)
                for m in plain
                for victim in self.victims(seat, self._action_of(m))
            ]
        if element == "air":
            moved: list[Move] = []
            for opponent in self.rivals[seat]:
                self._source_moves(seat, opponent, self.frozen_codes(seat), moved)
            return [Move(m.kind, m.origin, m.target, element) for m in moved]
        squares = self.geo.squares
        actions = self._kept(seat, self.power_actions(seat, element))
        return [Move(kind, squares[o], squares[t], element) for kind, o, t in actions]

    def victims(self, seat: int, action: Action) -> list[int | None]:
        """How an after-action power of ``seat`` played after ``action`` may name its target
        (None: the only one).  Fog needs a dragon to put to sleep, counting one the action wakes."""
        targets = self.opponents(seat)
        if self.elements[seat] == "fog":
            awake = self.dragons_after(action)
            targets = [t for t in targets if awake[t]]
        if len(self.opponents(seat)) == 1:
            return [None] if targets else []
        return list(targets)

    def dragons_after(self, action: Action) -> list[bool]:
        """The dragon states once ``action`` is played: « l'état DRAGON est immédiatement activé ».

        A dragon wakes when the action gathers all four sources around their araksey.
        """
        board = list(self.board)
        apply_action(board, action, self.geo)
        return [
            self.dragon[seat] or (gathered_on(board, seat, self.geo) and not self.gathered(seat))
            for seat in range(self.players)
        ]

    def _action_of(self, move: Move) -> Action:
        assert move.origin is not None and move.target is not None
        return (move.kind, self.geo.index(move.origin), self.geo.index(move.target))

    def target_of(self, seat: int, victim: int | None) -> int:
        return self.opponents(seat)[0] if victim is None else victim

    def _may_exchange(self, occupant: int, controller: int, own_side: int) -> bool:
        """A source exchanges with its own araksey or with any opposing piece."""
        owner = occupant >> 1
        return self.sides[owner] != own_side or (owner == controller and occupant & 1 == ARAKSEY)

    def power_actions(self, seat: int, element: str) -> list[Action]:
        """Actions of the magma, lightning and fire powers, before effects and counter-play."""
        arakseys, sources = self.locate()
        araksey = arakseys[seat]
        if element == "magma":
            return [(PUSH, araksey, n) for n in self.geo.neighbours[araksey] if self._pushable(araksey, n)]
        if element == "lightning":
            return [(STEP, araksey, dest) for dest in self._lightning_reach(araksey)]
        return [(EXCHANGE, araksey, source) for source in sources[seat]]

    def _pushable(self, pusher: int, victim: int) -> bool:
        behind = self.geo.beyond[pusher][victim]
        return self.board[victim] != EMPTY and behind != -1 and self.board[behind] == EMPTY

    def _lightning_reach(self, araksey: int) -> list[int]:
        board = self.board
        return [
            dest
            for dest, straight, between in self.geo.lightning[araksey]
            if board[dest] == EMPTY and (straight or any(board[b] == EMPTY for b in between))
        ]

    def _kept(self, seat: int, actions: list[Action]) -> list[Action]:
        """Drop actions that move a frozen piece or undo the previous move."""
        frozen = self.frozen_codes(seat)
        if frozen:
            actions = [a for a in actions if not self._moves_frozen(a, frozen)]
        # An action always changes its origin square: one that does not restore it cannot undo.
        undone = self._undone_squares()
        return [a for a in actions if a[1] not in undone or not self.is_counter_play(a)]

    def frozen_codes(self, seat: int) -> frozenset[int]:
        if not self.effects:
            return NOTHING
        return frozenset(code for e in self.effects if e.target == seat for code in e.frozen_codes())

    def _moves_frozen(self, action: Action, frozen: frozenset[int]) -> bool:
        kind, origin, target = action
        return self.board[origin] in frozen or (kind != STEP and self.board[target] in frozen)

    def is_counter_play(self, action: Action) -> bool:
        """True when ``action`` puts back the board as it stood before the previous move.

        Only the squares the action changes are compared: the board must differ from the
        previous one nowhere else, and there hold what it held before.
        """
        previous = self.previous_board
        if previous is None:
            return False
        squares = action_squares(action, self.geo)
        if not self._undone_squares().issubset(squares):
            return False
        after = {i: self.board[i] for i in squares}
        apply_action(after, action, self.geo)
        return all(after[i] == previous[i] for i in squares)

    def _undone_squares(self) -> frozenset[int]:
        """Squares where the board differs from ``previous_board`` (computed once per position)."""
        if self._undone is None:
            previous = self.previous_board
            if previous is None:
                self._undone = NOTHING
            else:
                changed = zip(self.board, previous, strict=True)
                self._undone = frozenset(i for i, (now, then) in enumerate(changed) if now != then)
        return self._undone

    # -- parsing and refusals --------------------------------------------------

    def parse_move(self, text: str) -> Move:
        move = read_notation(plain_notation(text))
        for square in (move.origin, move.target):
            if square is not None and not self.geo.on_board(square):
                last = f"{FILES[self.size - 1]}{self.size}"
                raise NotationError(
                    "{square} is off the {size}×{size} board (a1 to {last}).",
                    square=str(square),
                    size=self.size,
                    last=last,
                )
        if move.victim is not None and self.actors:
            opponents = self.opponents(self.to_move)
            if len(opponents) == 1 and move.victim == opponents[0]:
                move = Move(move.kind, move.origin, move.target, move.power)
        return move

    def refusal(self, seat: int, move: Move) -> Text:
        return self.problem(seat, move) or Text("{move} is not a legal move now.", move=str(move))

    def problem(self, seat: int, move: Move) -> Text | None:
        """Why ``move`` is illegal for ``seat`` (the player to move), or None if it is legal."""
        if self.phase != "play":
            return self._setup_problem(move)
        if move.kind == PASS:
            return None
        if move.kind == PLACE:
            return Text("All pieces are already on the board: move one instead, like b2-c3.")
        assert move.origin is not None and move.target is not None
        if not (self.geo.on_board(move.origin) and self.geo.on_board(move.target)):
            return Text("{move} leaves the {size}×{size} board.", move=str(move), size=self.size)
        action = self._action_of(move)
        return (
            self._power_problem(seat, move, action)
            or self._shape_problem(seat, move.power, action)
            or self._frozen_problem(seat, action)
            or self._counter_play_problem(action)
        )

    def _setup_problem(self, move: Move) -> Text | None:
        what = Text("a source on a free tinted start square") if self.phase == "setup_sources" else Text("your araksey")
        if move.kind != PLACE or move.target is None:
            return Text(
                "The game is still being set up: place {what}, like @{square}.",
                what=what,
                square=str(self._placements()[0].target),
            )
        square = str(move.target)
        if not self.geo.on_board(move.target):
            return Text("{square} is off the {size}×{size} board.", square=square, size=self.size)
        index = self.geo.index(move.target)
        if self.board[index] != EMPTY:
            return Text("{square} is already taken.", square=square)
        if self.phase == "setup_sources" and index not in self.geo.start:
            starts = " ".join(str(self.geo.squares[i]) for i in self.geo.start)
            return Text("Sources start on the tinted start squares: {starts}.", starts=starts)
        return None

    def _power_problem(self, seat: int, move: Move, action: Action) -> Text | None:
        if move.power is None:
            return None
        element = self.elements[seat]
        if move.power != element:
            return Text(
                "Your element is {element}: you cannot use the {power} power.",
                element=ELEMENT_NAMES[element],
                power=ELEMENT_NAMES[move.power],
            )
        if not self.dragon[seat]:
            return Text("You are not in the dragon state: gather your four sources around your araksey first.")
        if element in INSTEAD_OF_ACTION:
            return None
        return self._victim_problem(seat, move.victim, action)

    def _victim_problem(self, seat: int, victim: int | None, action: Action) -> Text | None:
        element = self.elements[seat]
        opponents = self.opponents(seat)
        if len(opponents) > 1 and victim not in opponents:
            first, second = opponents
            return Text(
                "Name the opponent your {element} power aims at: +{power}@{first} or @{second}.",
                element=ELEMENT_NAMES[element],
                power=element,
                first=first,
                second=second,
            )
        if len(opponents) == 1 and victim is not None:
            return Text("You have one opponent: write +{power} with no @.", power=element)
        target = self.target_of(seat, victim)
        if element == "fog" and not self.dragons_after(action)[target]:
            return Text(
                "Seat {seat} is not in the dragon state, even after this action: fog has nothing to put to sleep.",
                seat=target,
            )
        return None

    def _shape_problem(self, seat: int, power: str | None, action: Action) -> Text | None:
        kind, origin, target = action
        if power == "air":
            return self._air_problem(seat, action)
        if power in ("magma", "lightning", "fire"):
            return self._araksey_power_problem(seat, power, action)
        code = self.board[origin]
        where = str(self.geo.squares[origin])
        if code == EMPTY:
            return Text("There is no piece on {square}.", square=where)
        if code >> 1 != seat:
            return Text("The piece on {square} is not yours.", square=where)
        if code & 1 == ARAKSEY:
            return self._araksey_step_problem(kind, origin, target)
        return self._source_problem(seat, action)

    def _araksey_step_problem(self, kind: str, origin: int, target: int) -> Text | None:
        if kind != STEP:
            return Text("An araksey only steps; exchanges and pushes are made by the sources in its zone.")
        return self._adjacency_problem(origin, target) or self._empty_problem(target)

    def _adjacency_problem(self, origin: int, target: int) -> Text | None:
        if target in self.geo.adjacent[origin]:
            return None
        squares = self.geo.squares
        return Text(
            "{target} is not next to {origin}: pieces move to one of the 8 squares around.",
            target=str(squares[target]),
            origin=str(squares[origin]),
        )

    def _empty_problem(self, target: int) -> Text | None:
        if self.board[target] == EMPTY:
            return None
        return Text("{square} is not empty.", square=str(self.geo.squares[target]))

    def _source_problem(self, controller: int, action: Action) -> Text | None:
        kind, origin, target = action
        squares = self.geo.squares
        adjacency = self._adjacency_problem(origin, target)
        if adjacency or kind == STEP:
            return adjacency or self._empty_problem(target)
        if not self.in_own_zone(controller, origin):
            if self.board[origin] >> 1 == controller:
                return Text(
                    "The source on {square} is out of zone (not touching your araksey): "
                    "it can only step to an empty square.",
                    square=str(squares[origin]),
                )
            return Text(
                "The source on {square} is out of zone (not touching the moving araksey): "
                "it can only step to an empty square.",
                square=str(squares[origin]),
            )
        occupant = self.board[target]
        if occupant == EMPTY:
            if kind == EXCHANGE:
                return Text("There is no piece on {square} to exchange with.", square=str(squares[target]))
            return Text("There is no piece on {square} to push.", square=str(squares[target]))
        if kind == EXCHANGE:
            return self._exchange_problem(controller, origin, target)
        return self._push_problem(origin, target)

    def _exchange_problem(self, controller: int, origin: int, target: int) -> Text | None:
        occupant = self.board[target]
        if not self._may_exchange(occupant, controller, self.sides[controller]):
            return Text("A source exchanges only with its own araksey or with an opposing piece.")
        if occupant == self.board[origin]:
            return Text("Exchanging two sources of the same player changes nothing.")
        return None

    def _push_problem(self, origin: int, target: int) -> Text | None:
        behind = self.geo.beyond[origin][target]
        where = str(self.geo.squares[target])
        if behind == -1:
            return Text("The piece on {square} cannot be pushed off the board.", square=where)
        if self.board[behind] != EMPTY:
            return Text(
                "The piece on {square} cannot be pushed: {behind} behind it is taken.",
                square=where,
                behind=str(self.geo.squares[behind]),
            )
        return None

    def _air_problem(self, seat: int, action: Action) -> Text | None:
        code = self.board[action[1]]
        if code == EMPTY or code & 1 != SOURCE or self.sides[code >> 1] == self.sides[seat]:
            return Text(
                "Air moves an opposing source, and {square} holds none.", square=str(self.geo.squares[action[1]])
            )
        return self._source_problem(seat, action)

    def _araksey_power_problem(self, seat: int, power: str, action: Action) -> Text | None:
        kind, origin, target = action
        araksey = self.locate()[0][seat]
        if kind != _SHAPE_OF_POWER[power]:
            return shape_text(power)
        if origin != araksey:
            start = str(self.geo.squares[araksey])
            return {
                "magma": Text("Magma moves your araksey: start from {square}.", square=start),
                "lightning": Text("Lightning moves your araksey: start from {square}.", square=start),
                "fire": Text("Fire moves your araksey: start from {square}.", square=start),
            }[power]
        if power == "lightning":
            if target in self._lightning_reach(araksey):
                return None
            return Text(
                "Lightning: your araksey lands on an empty square two squares away, stepping through "
                "an empty square or jumping in a straight line over one piece."
            )
        if power == "magma":
            found = self._adjacency_problem(origin, target)
            if found or self.board[target] == EMPTY:
                return found or Text("There is no piece on {square} to push.", square=str(self.geo.squares[target]))
            return self._push_problem(origin, target)
        if self.board[target] != seat * 2 + SOURCE:
            where = str(self.geo.squares[target])
            return Text(
                "Fire: your araksey exchanges with one of your own sources, and {square} holds none.", square=where
            )
        return None

    def _frozen_problem(self, seat: int, action: Action) -> Text | None:
        kind, origin, target = action
        moved = {self.board[origin]} | ({self.board[target]} if kind != STEP else set())
        for effect in self.effects:
            if effect.target == seat and moved & set(effect.frozen_codes()):
                return effect.binding()
        return None

    def _counter_play_problem(self, action: Action) -> Text | None:
        if not self.is_counter_play(action):
            return None
        return Text("That would put every piece back where it stood before the last move: counter-play is forbidden.")

    # -- applying --------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> None:
        self.move_number += 1
        self._last, self.last_seat = move, seat
        if move.kind == PLACE:
            self._place(seat, move)
        elif move.kind == PASS:
            self._pass(seat)
        else:
            self._act(seat, move)

    def _place(self, seat: int, move: Move) -> None:
        assert move.target is not None
        kind = SOURCE if self.phase == "setup_sources" else ARAKSEY
        square = self.geo.index(move.target)
        arakseys, sources = self._located
        self.board = self.board.copy()
        self.board[square] = seat * 2 + kind
        self._empty ^= 1 << square
        if kind == SOURCE:
            sources = sources.copy()
            sources[seat] = sorted([*sources[seat], square])
        else:
            arakseys = arakseys.copy()
            arakseys[seat] = square
        self._located, self._gathered = (arakseys, sources), None
        if kind == ARAKSEY and self.gathered(seat):
            self._set_dragon(seat, True)
        self._advance_setup()

    def _advance_setup(self) -> None:
        for step in range(1, len(self.order) + 1):
            index = (self.turn_index + step) % len(self.order)
            if self._has_to_place(self.order[index]):
                self.turn_index = index
                return
        self.turn_index = 0
        if self.phase == "setup_sources":
            self.phase = "setup_arakseys"
            return
        self.phase = "play"
        self._outcome = self._ending(self.order[-1]) or self._trap()
        self._count_position()

    def _has_to_place(self, seat: int) -> bool:
        arakseys, sources = self._located
        if self.phase == "setup_sources":
            return len(sources[seat]) < SOURCES_EACH
        return arakseys[seat] == -1

    def _pass(self, seat: int) -> None:
        self.previous_board = None
        self._end_effects_on(seat)
        if self.passes_left[seat] == 0:
            losers = self.sides[seat]
            self._outcome = Outcome(self.side_seats(1 - losers), "second pass: the passing side loses")
            return
        self.passes_left = self.passes_left.copy()
        self.passes_left[seat] -= 1
        self._next_turn()

    def _act(self, seat: int, move: Move) -> None:
        assert move.origin is not None and move.target is not None
        before = self._gathered_seats()
        if self.effects:
            self._end_effects_on(seat)
        if move.power in INSTEAD_OF_ACTION:
            self._set_dragon(seat, False)
        size, kind = self.size, move.kind
        origin = move.origin.rank * size + move.origin.file
        target = move.target.rank * size + move.target.file
        self._shift_pieces(kind, origin, target)
        awake = self._gathered_seats()
        for s in range(self.players):
            if awake[s] and not before[s]:
                self._set_dragon(s, True)
        if move.power in AFTER_ACTION:
            self._use_after_power(seat, move.power, self.target_of(seat, move.victim))
        self._outcome = self._ending(seat) or self._trap()
        if self._outcome is None:
            self._next_turn()

    def _shift_pieces(self, kind: str, origin: int, target: int) -> None:
        """Play the action on a new board, keeping the old one as ``previous_board`` and following
        the moved pieces in ``locate``."""
        previous = self.previous_board = self.board
        board = self.board = previous.copy()
        arakseys, sources = self._located
        located = (arakseys.copy(), sources.copy())
        mover, occupant = board[origin], board[target]
        # _undone: the squares that differ from the previous board (for counter-play).
        if kind == STEP:
            board[target], board[origin] = mover, EMPTY
            self._empty ^= 1 << origin | 1 << target
            move_piece(located, mover, origin, target)
            self._undone = frozenset((origin, target))
        elif kind == EXCHANGE:
            # The two codes differ (never two sources of one player): each piece is followed on its own.
            board[target], board[origin] = mover, occupant
            move_piece(located, occupant, target, origin)
            move_piece(located, mover, origin, target)
            self._undone = frozenset((origin, target))
        else:
            # The pushed piece first: the pusher may be a source of the same player.
            behind = self.geo.beyond[origin][target]
            board[behind], board[target], board[origin] = occupant, mover, EMPTY
            self._empty ^= 1 << origin | 1 << behind
            move_piece(located, occupant, target, behind)
            move_piece(located, mover, origin, target)
            # A source pushing one of its own player's leaves the middle square as it was.
            self._undone = frozenset((origin, target, behind) if mover != occupant else (origin, behind))
        self._located, self._gathered = located, None

    def _set_dragon(self, seat: int, awake: bool) -> None:
        if self.dragon[seat] != awake:
            self.dragon = self.dragon.copy()
            self.dragon[seat] = awake

    def _use_after_power(self, seat: int, power: str, target: int) -> None:
        self._set_dragon(seat, False)
        if power == "fog":
            self._set_dragon(target, False)
        else:
            self.effects = [*self.effects, Effect(power, seat, target)]

    def _end_effects_on(self, seat: int) -> None:
        self.effects = [e for e in self.effects if e.target != seat]

    def _next_turn(self) -> None:
        self.turn_index = (self.turn_index + 1) % len(self.order)
        self._count_position()

    def _count_position(self) -> None:
        if self._outcome is not None:
            return
        key = (*self.board, self.order[self.turn_index])
        self.seen = self.seen.copy()
        count = self.seen[key] = self.seen.get(key, 0) + 1
        if count >= 3:
            self._outcome = Outcome((), "loop: the same position with the same player to move, a third time")

    # -- endings ---------------------------------------------------------------

    def winning_sides(self) -> set[int]:
        """Sides with a player whose four sources all touch one opposing araksey."""
        arakseys, sources = self._located
        adjacent = self.geo.adjacent
        sides = set()
        for seat, own in enumerate(sources):
            if len(own) == SOURCES_EACH:
                for opponent in self.rivals[seat]:
                    if arakseys[opponent] != -1 and adjacent[arakseys[opponent]].issuperset(own):
                        sides.add(self.sides[seat])
        return sides

    def _ending(self, mover: int) -> Outcome | None:
        sides = self.winning_sides()
        if len(sides) == 2:
            return Outcome((), "double KO: both sides completed an opposing zone at once")
        if not sides:
            return None
        side = sides.pop()
        if side == self.sides[mover]:
            return Outcome(self.side_seats(side), "four sources in an opposing araksey's zone")
        return Outcome(self.side_seats(side), "suicide: the loser's own move completed the winner's four sources")

    def _trap(self) -> Outcome | None:
        arakseys = self._located[0]
        for seat, araksey in enumerate(arakseys):
            if araksey not in self.geo.corners:
                return None
            for n in self.geo.neighbours[araksey]:
                code = self.board[n]
                if code == EMPTY or code & 1 != SOURCE or self.sides[code >> 1] == self.sides[seat]:
                    return None
        return Outcome((), "trap: every araksey is cornered by opposing sources")

    # -- view ------------------------------------------------------------------

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """The last action: "Ada moved a source from b2 to c3, then used water on Bob".

        >>> from rules import GAMES
        >>> state = GAMES["araksey"].new(players=2, seed=1).play(0, "@b2")
        >>> str(ArakseyState.describe(state.view(None), ["Ada", "Bob"]))
        'Ada placed a source on b2'
        """
        board = cast(ArakseyView, view)
        last = board["last_action"]
        if last is None or last["seat"] is None:
            return None
        seat = last["seat"]
        who = names[seat]
        if last["kind"] == PASS:
            return Text("{who} passed", who=who)
        pieces = {piece["square"]: piece for piece in board["pieces"]}
        start, end, behind = last["from"], last["to"], last["pushed_to"]

        def piece_at(square: str | None) -> Text:
            piece = pieces.get(square or "")
            return Text("a piece") if piece is None else _piece_words(piece, seat, names)

        if last["kind"] == PLACE:
            return Text("{who} placed {piece} on {square}", who=who, piece=piece_at(end), square=end)
        if last["kind"] == EXCHANGE:
            action = Text("{who} exchanged {start} and {end}", who=who, start=start, end=end)
        elif last["kind"] == PUSH:
            piece = piece_at(behind)
            action = Text("{who} pushed {piece} from {end} to {behind}", who=who, piece=piece, end=end, behind=behind)
        else:
            piece = piece_at(end)
            action = Text("{who} moved {piece} from {start} to {end}", who=who, piece=piece, start=start, end=end)
        power = last["power"]
        if power is None:
            return action
        element = ELEMENT_NAMES[power]
        if power in INSTEAD_OF_ACTION:
            return Text("{action}, by the power of {element}", action=action, element=element)
        if last["victim"] is None:
            return Text("{action}, then used {element}", action=action, element=element)
        whom = names[last["victim"]]
        return Text("{action}, then used {element} on {whom}", action=action, element=element, whom=whom)

    def view(self, seat: int | None) -> ArakseyView:
        arakseys, sources = self.locate()
        squares = self.geo.squares
        return {
            "game": "araksey",
            "players": self.players,
            "actors": list(self.actors),
            "move_number": self.move_number,
            "last_move": [] if self.last_move is None else [self.last_move],
            "outcome": None if self._outcome is None else self._outcome.to_json(),
            "viewer": seat,
            "size": self.size,
            "phase": self.phase,
            "elements": list(self.elements),
            "teams": [list(self.side_seats(side)) for side in (0, 1)],
            "turn_order": list(self.order),
            "pieces": self._pieces_view(),
            "zones": [[str(squares[n]) for n in self.geo.neighbours[a]] if a != -1 else [] for a in arakseys],
            "in_zone": [[str(squares[s]) for s in sources[p] if self.in_own_zone(p, s)] for p in range(self.players)],
            "dragon": list(self.dragon),
            "effects": [self._effect_view(e) for e in self.effects],
            "passes_left": list(self.passes_left),
            "start_squares": [str(squares[i]) for i in self.geo.start],
            "last_action": self._last_action_view(),
            "clock_seconds": CLOCK_SECONDS if self.clock else None,
        }

    def _pieces_view(self) -> list[PieceView]:
        return [
            {
                "seat": code >> 1,
                "kind": "source" if code & 1 else "araksey",
                "square": str(self.geo.squares[i]),
            }
            for i, code in enumerate(self.board)
            if code != EMPTY
        ]

    @staticmethod
    def _effect_view(effect: Effect) -> EffectView:
        template = effect.template()
        text = template.format(*(f"seat {s}" for s in range(4)))
        return {
            "power": effect.power,
            "by": effect.by,
            "target": effect.target,
            "text": text,
            "template": template,
        }

    def _last_action_view(self) -> LastAction | None:
        if self.last_move is None:
            return None
        move = read_notation(self.last_move)
        pushed_to = None
        if move.kind == PUSH and move.origin is not None and move.target is not None:
            o, t = move.origin, move.target
            pushed_to = str(t.offset(t.file - o.file, t.rank - o.rank))
        return {
            "seat": self.last_seat,
            "kind": move.kind,
            "from": None if move.origin is None else str(move.origin),
            "to": None if move.target is None else str(move.target),
            "pushed_to": pushed_to,
            "power": move.power,
            "victim": move.victim,
        }


# ---------------------------------------------------------------------------
# Helpers for the Discord interface


def _piece_words(piece: PieceView, actor: int, names: Sequence[str]) -> Text:
    """A piece as its mover's sentence names it: "a source", "their araksey", "Bob's source"."""
    if piece["seat"] == actor:
        return Text("their araksey") if piece["kind"] == "araksey" else Text("a source")
    owner = names[piece["seat"]]
    if piece["kind"] == "araksey":
        return Text("{owner}'s araksey", owner=owner)
    return Text("{owner}'s source", owner=owner)


def _kind_label(kind: str, target: Square, behind: Square) -> Text:
    if kind == STEP:
        return Text("Step to {square}", square=str(target))
    if kind == EXCHANGE:
        return Text("Exchange with {square}", square=str(target))
    return Text("Push {square} (to {behind})", square=str(target), behind=str(behind))


def _power_label(power: str, victim: str) -> Text:
    if power == "earth":
        return Text("Earth: {victim} cannot move your pieces next turn", victim=victim)
    if power == "water":
        return Text("Water: {victim}'s araksey frozen next turn", victim=victim)
    if power == "mud":
        return Text("Mud: {victim}'s sources frozen next turn", victim=victim)
    return Text("Fog: put {victim}'s dragon to sleep", victim=victim)


def move_menu(state: ArakseyState, seat: int) -> JSON:
    """Legal moves grouped for select menus: pick a piece, then an action.

    Returns ``{"groups": [...], "dragon": {...} | None, "pass": {...} | None}``.
    Each group is ``{"square", "label", "actions": [{"move", "label", "powered"}]}``;
    ``powered`` lists the same action followed by an after-action power
    (``{"move", "label", "target"}``), offered behind a "Use dragon power" toggle.
    ``dragon`` holds the instead-of-action power moves, grouped the same way.
    Labels are :class:`Text` (worded in a server's language) that name seats as ``{n}``
    placeholders: ``word(lang, label).format(*names)``.
    During set-up the groups are the ranks, each listing its free squares.
    """
    moves = state.legal_moves(seat)
    if state.phase != "play":
        return {"groups": _placement_groups(state, moves), "dragon": None, "pass": None}
    plain = [m for m in moves if m.kind != PASS and m.power is None]
    after = [m for m in moves if m.power in AFTER_ACTION]
    instead = [m for m in moves if m.power in INSTEAD_OF_ACTION]
    element = state.elements[seat]
    dragon = None
    if instead:
        dragon = {
            "element": element,
            "label": Text("Use dragon power: {element}", element=ELEMENT_NAMES[element]),
            "groups": _group(state, instead, []),
        }
    left = state.passes_left[seat]
    pass_label = Text("Pass (your one pass)") if left else Text("Pass: your second pass loses the game")
    return {
        "groups": _group(state, plain, after),
        "dragon": dragon,
        "pass": {"move": "pass", "label": pass_label},
    }


def _placement_groups(state: ArakseyState, moves: list[Move]) -> list[JSON]:
    sources = state.phase == "setup_sources"
    groups = []
    for rank in range(state.size):
        on_rank = [m for m in moves if m.target is not None and m.target.rank == rank]
        if on_rank:
            actions = [
                {
                    "move": str(m),
                    "label": Text("Place your source on {square}", square=str(m.target))
                    if sources
                    else Text("Place your araksey on {square}", square=str(m.target)),
                    "powered": [],
                }
                for m in on_rank
            ]
            groups.append({"square": None, "label": Text("Rank {rank}", rank=rank + 1), "actions": actions})
    return groups


def _group(state: ArakseyState, moves: list[Move], powered: list[Move]) -> list[JSON]:
    groups: dict[Square, JSON] = {}
    for move in moves:
        assert move.origin is not None
        group = groups.setdefault(
            move.origin,
            {"square": str(move.origin), "label": _piece_label(state, move.origin), "actions": []},
        )
        variants = [p for p in powered if (p.kind, p.origin, p.target) == (move.kind, move.origin, move.target)]
        group["actions"].append(
            {
                "move": str(move),
                "label": _action_label(state, move),
                "powered": [_powered(state, p) for p in variants],
            }
        )
    return list(groups.values())


def _piece_label(state: ArakseyState, square: Square) -> Text:
    code = state.board[state.geo.index(square)]
    owner = code >> 1
    if code & 1 == ARAKSEY:
        return Text("Araksey {square}", square=str(square))
    zone = Text("in zone") if state.in_own_zone(owner, state.geo.index(square)) else Text("out of zone")
    if owner != state.to_move:
        return Text("{owner}'s source {square} ({zone})", owner=seat_field(owner), square=str(square), zone=zone)
    return Text("Source {square} ({zone})", square=str(square), zone=zone)


def _action_label(state: ArakseyState, move: Move) -> Text:
    assert move.origin is not None and move.target is not None
    o, t = move.origin, move.target
    if move.power == "lightning":
        return Text("Lightning to {square}", square=str(t))
    return _kind_label(move.kind, t, t.offset(t.file - o.file, t.rank - o.rank))


def _powered(state: ArakseyState, move: Move) -> JSON:
    assert move.power is not None
    target = state.target_of(state.to_move, move.victim)
    return {"move": str(move), "label": _power_label(move.power, seat_field(target)), "target": target}


GAME = register(
    Game(
        id="araksey",
        name="Araksey",
        min_players=2,
        max_players=4,
        state_class=ArakseyState,
        options=(
            Option(
                "elements",
                None,
                help="One element per seat in seat order (e.g. 'fire,mud'); team mates share one. "
                "Default earth/water for 2, earth/water/water for 3, earth/water/earth/water for 4.",
            ),
            Option("clock", False, (False, True), help="15-second reflection time; running out passes the turn."),
        ),
        sample_setups=(
            (2, {}),
            (2, {"clock": True}),
            (2, {"elements": ["air", "fire"]}),
            (2, {"elements": ["magma", "lightning"]}),
            (2, {"elements": ["mud", "fog"]}),
            (2, {"elements": ["fog", "earth"]}),
            (3, {}),
            (3, {"elements": ["fog", "air", "air"]}),
            (3, {"elements": ["magma", "mud", "mud"]}),
            (4, {}),
            (4, {"elements": ["lightning", "fire", "lightning", "fire"]}),
            (4, {"elements": ["fog", "water", "fog", "water"]}),
        ),
    )
)
