"""Arkaios: two architects raise pillars in a 5×5 garden until one is stuck.

Rules as implemented (RULINGS.md §3 wins over the rulebook):

- The garden is 5×5 (a1 bottom left to e5 top right, as seen by seat 0). Every
  square has a height 0–3: empty, base, column, capital. Pieces are unlimited.
- A player's *position* is the square of the last pillar they built, and their
  *last level* that pillar's level.
- Opening: seat 0 builds a pillar of level 1, 2 or 3 on any square; seat 1 then
  builds one of another level on another square.
- Later turns: the *budget* is the sum of both last levels (3, 4 or 5 pieces). The
  player builds a chain of pillars spending exactly the budget, and the last pillar
  of the turn must have the *final level*, the one level different from both last
  levels. Each pillar of the chain
  - stands on a square adjacent (8 directions) to the previous pillar of the chain,
    the first one adjacent to the player's position;
  - never stands on the opponent's position;
  - raises its square from height ``h`` to level ``L > h`` and costs ``L - h``;
  - differs by at most one level from the previous pillar of the chain (the first
    one from the player's last level).
  The turn passes as soon as the budget is spent; the player's position and last
  level then become those of the final pillar.
- A player who ends a turn with every square around their position at height 3
  wins at once ("temple"). A player who has no way to complete a turn when it starts
  loses at once ("blocked"). After openings 1 then 2, seat 0 is blocked: a level-1
  opening loses against a level-2 answer.
- Only pillars after which the turn can still be completed are legal, so a turn can
  never get stuck half-way.

Notation: one pillar per move, ``<square>=<level>``, e.g. ``c3=2`` (a pillar of level
2 on c3). Case and spaces are ignored: ``" C3 = 2 "`` reads as ``c3=2``.

>>> from rules import GAMES
>>> state = GAMES["arkaios"].new(players=2, seed=0)
>>> state = state.play(0, "c3=3").play(1, "d4=2")
>>> info = state.turn_info()
>>> (info.seat, info.budget, info.final_level)
(0, 5, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Literal, NamedTuple, Self, cast

from rules.base import (
    AND,
    JSON,
    Game,
    GameState,
    Listing,
    NotationError,
    Outcome,
    Square,
    Text,
    View,
    all_squares,
    plain_notation,
    register,
    shown,
)

Phase = Literal["opening", "turn", "over"]


class ArkaiosView(View):
    """What everyone sees (nothing is hidden in Arkaios). Squares are in notation (``"c3"``).

    ``heights[rank][file]`` (row 0 is rank 1) is 0-3; ``positions`` and ``last_levels``
    are per seat (None before the opening); ``turn`` is None once the game is over;
    ``budget``, ``remaining`` and ``final_level`` are None in the opening; ``anchor`` is
    the square the next pillar must touch; ``chain`` is this turn's pillars so far,
    ``last_turn`` the previous complete turn, built by ``last_turn_seat`` from ``last_turn_from``.
    ``turn_number`` counts turns, the openings included (1 is seat 0's opening): the turn being
    played, or once the game is over the last one played; None for a game stored before turns
    were counted.  ``move_in_turn`` is the number of pillars built so far in that turn.
    """

    heights: list[list[int]]
    positions: list[str | None]
    last_levels: list[int | None]
    phase: Phase
    turn: int | None
    budget: int | None
    spent: int
    remaining: int | None
    final_level: int | None
    anchor: str | None
    chain: list[str]
    last_turn: list[str]
    last_turn_seat: int | None
    last_turn_from: str | None
    turn_number: int | None
    move_in_turn: int


SIZE = 5
LEVELS = (1, 2, 3)
TOP = 3
GAME_ID = "arkaios"

# Squares are indexed rank * SIZE + file internally; Square is used at the edges.
SQUARES: tuple[Square, ...] = tuple(all_squares(SIZE, SIZE))
# The squares around each square, by file then rank: the order legal moves are listed in.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n.rank * SIZE + n.file for n in sorted(sq.neighbours(SIZE, SIZE), key=lambda n: (n.file, n.rank)))
    for sq in SQUARES
)
NO_SQUARE = -1

OPENING_WARNING = (
    "A level-1 opening loses: if your opponent answers with level 2, "
    "you will have no legal turn (3 pieces ending on level 3 are out of reach)."
)
# English words of the bot's messages that the rules decide, by key (the catalogues translate them).
WORDS: dict[str, str] = {"arkaios.opening_warning": OPENING_WARNING}


def index_of(square: Square) -> int:
    return square.rank * SIZE + square.file


def name_of(index: int) -> str:
    """Notation of a square index: ``name_of(0) == 'a1'``."""
    return str(SQUARES[index])


def _pillar_words(pillar: Pillar) -> Text:
    return Text("level {level} on {square}", level=pillar.level, square=str(pillar.square))


def pillars_in_words(pillars: Sequence[Pillar]) -> Listing:
    """Pillars as a sentence says them, not as notation: "level 1 on b4 and level 2 on a3".

    >>> str(pillars_in_words([Pillar.parse("b4=1"), Pillar.parse("a3=2")]))
    'level 1 on b4 and level 2 on a3'
    """
    return Listing(tuple(_pillar_words(pillar) for pillar in pillars), AND)


def third_level(a: int, b: int) -> int:
    """The level different from two different levels: ``third_level(3, 2) == 1``."""
    return 6 - a - b


@dataclass(frozen=True, order=True)
class Pillar:
    """One move: a pillar of ``level`` built on ``square``.

    >>> str(Pillar(Square.parse("c3"), 2))
    'c3=2'
    """

    square: Square
    level: int
    # The square's index, kept with the move: the engine reads it on every pillar.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", index_of(self.square))

    def __str__(self) -> str:
        return f"{self.square}={self.level}"

    @classmethod
    def parse(cls, text: str) -> Pillar:
        """Read ``c3=2`` (case and spaces ignored); refuse anything else with a hint."""
        compact = "".join(text.split()).lower()
        square_text, sep, level_text = compact.partition("=")
        if not sep or not square_text or not level_text:
            raise NotationError("'{text}' is not a pillar: write square=level, like c3=2.", text=shown(text))
        square = Square.parse(square_text)
        if not square.on_board(SIZE, SIZE):
            raise NotationError("{square} is off the board: the garden runs from a1 to e5.", square=square_text)
        if level_text not in ("1", "2", "3"):
            raise NotationError("'{level}' is not a level: a pillar has level 1, 2 or 3.", level=level_text)
        return cls(square, int(level_text))


# Every pillar, built once: PILLARS[index][level] (level 0 unused).
PILLARS: tuple[tuple[Pillar, ...], ...] = tuple(
    tuple(Pillar(square, level) for level in range(TOP + 1)) for square in SQUARES
)
# Every opening pillar, in the order legal moves list them.
OPENINGS: tuple[Pillar, ...] = tuple(PILLARS[index][level] for index in range(SIZE * SIZE) for level in LEVELS)


# ---------------------------------------------------------------------------
# The completion search (pure)


# Heights are bytes, one per square: immutable (states share them) and cheap to copy.
Heights = bytes
# The completion search marks the opponent's position with this height: no pillar fits above it.
BLOCKED = TOP + 1
_LEVEL_BYTES: tuple[bytes, ...] = tuple(bytes((level,)) for level in range(BLOCKED + 1))
MAX_BUDGET = 2 * TOP - 1  # last levels 3 and 2


def _raised(heights: Heights, index: int, level: int) -> Heights:
    return heights[:index] + _LEVEL_BYTES[level] + heights[index + 1 :]


def _near_levels(level: int) -> range:
    """Levels at most one away from ``level``, ascending: 1→1..2, 2→1..3, 3→2..3."""
    return NEAR_LEVELS[level]


NEAR_LEVELS: tuple[range, ...] = tuple(range(max(1, lv - 1), min(TOP, lv + 1) + 1) for lv in range(TOP + 1))


# AROUND[index](heights): the heights of the squares around ``index``, in NEIGHBOURS order.
AROUND: tuple[itemgetter[Any], ...] = tuple(itemgetter(*around) for around in NEIGHBOURS)

# A pillar step: (level, pieces left after it).
Step = tuple[int, int]


def _pillar_steps(prev_level: int, remaining: int, height: int) -> tuple[Step, ...]:
    """The pillars a square of ``height`` takes after a pillar of ``prev_level``, ``remaining``
    pieces to spend, ascending by level."""
    return tuple(
        (level, remaining - level + height) for level in NEAR_LEVELS[prev_level] if height < level <= height + remaining
    )


# STEPS[prev_level][remaining][height], every combination built once.
STEPS: tuple[tuple[tuple[tuple[Step, ...], ...], ...], ...] = tuple(
    tuple(tuple(_pillar_steps(prev, left, height) for height in range(BLOCKED + 1)) for left in range(MAX_BUDGET + 1))
    for prev in range(TOP + 1)
)


class Reach(NamedTuple):
    """What a pillar on one square can do for the turn (see ``REACH``)."""

    ends: bool  # a pillar there spends the rest, on the final level
    one_left: bool  # a pillar there leaves one piece and the final pillar may follow it
    deeper: tuple[Step, ...]  # pillars there leaving two pieces or more


def _reach(prev_level: int, remaining: int, final: int, height: int) -> Reach:
    steps = STEPS[prev_level][remaining][height]
    return Reach(
        ends=(final, 0) in steps,
        one_left=any(left == 1 and abs(level - final) <= 1 for level, left in steps),
        deeper=tuple(step for step in steps if step[1] >= 2),
    )


# REACH[prev_level][remaining][final][height], every combination built once.
REACH: tuple[tuple[tuple[tuple[Reach, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(_reach(prev, left, final, height) for height in range(BLOCKED + 1)) for final in range(TOP + 1))
        for left in range(MAX_BUDGET + 1)
    )
    for prev in range(TOP + 1)
)


def searched(heights: Heights, forbidden: int) -> Heights:
    """The heights the completion search reads: ``forbidden`` (if any) marked BLOCKED."""
    return heights if forbidden == NO_SQUARE else _raised(heights, forbidden, BLOCKED)


def can_finish(heights: Heights, prev: int, prev_level: int, remaining: int, final: int) -> bool:
    """Whether a chain can go on from pillar ``prev`` (of ``prev_level``) and spend exactly
    ``remaining`` pieces, its last pillar at level ``final`` (``heights`` from :func:`searched`).

    Pillars that end the turn at once or one piece later are tried around ``prev`` first:
    they need no copy of the heights.

    >>> empty = bytes(25)
    >>> can_finish(searched(empty, 18), 12, 3, 5, 1)    # after openings 3 and 2, from c3
    True
    >>> can_finish(searched(_raised(empty, 0, 2), 0), 12, 1, 3, 3)   # openings 1 then 2: blocked
    False
    """
    reach = REACH[prev_level][remaining][final]
    below_final = final - 1
    later = []
    for index, height in zip(NEIGHBOURS[prev], AROUND[prev](heights), strict=True):
        ends, one_left, deeper = reach[height]
        # One piece left: a final pillar fits on a neighbour at height final - 1 (unchanged by this one).
        if ends or (one_left and below_final in AROUND[index](heights)):
            return True
        if deeper:
            later.append((index, deeper))
    for index, deeper in later:
        for level, left in deeper:
            if can_finish(_raised(heights, index, level), index, level, left, final):
                return True
    return False


# ---------------------------------------------------------------------------
# The state


@dataclass(frozen=True)
class TurnInfo:
    """What a player interface needs to explain the turn (see ``ArkaiosState.turn_info``)."""

    seat: int | None  # whose turn; None when the game is over
    phase: Phase
    budget: int | None  # pieces to spend this turn (None in the opening)
    spent: int
    final_level: int | None  # level the last pillar of the turn must have
    chain: tuple[Pillar, ...]  # pillars already built this turn
    anchor: Square | None  # the next pillar must touch this square (None: anywhere)
    anchor_level: int | None  # and be within one level of this
    positions: tuple[Square | None, ...]
    last_levels: tuple[int | None, ...]

    @property
    def remaining(self) -> int | None:
        return None if self.budget is None else self.budget - self.spent


@dataclass(eq=False)
class ArkaiosState(GameState[Pillar]):
    """A position of Arkaios; see the module docstring for the rules."""

    players: int = 2
    heights: Heights = bytes(SIZE * SIZE)
    positions: list[int | None] = field(default_factory=lambda: [None, None])
    last_levels: list[int | None] = field(default_factory=lambda: [None, None])
    to_move: int = 0
    chain: list[Pillar] = field(default_factory=list)
    spent: int = 0
    last_turn: list[Pillar] = field(default_factory=list)
    last_turn_seat: int | None = None
    last_turn_from: int | None = None
    move_number: int = 0
    # Complete turns, the openings included (move_number counts pillars); None: a game stored before.
    turns_played: int | None = 0
    result: Outcome | None = None
    # Not part of the state: legal moves of this position, computed once.
    _legal: list[Pillar] | None = field(default=None, repr=False, compare=False)

    # -- creation and storage ------------------------------------------------

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        # No randomness in Arkaios: seat 0 opens.
        return cls(players=players)

    def to_json(self) -> JSON:
        return {
            "game": GAME_ID,
            "players": self.players,
            "heights": list(self.heights),
            "positions": [None if p is None else name_of(p) for p in self.positions],
            "last_levels": list(self.last_levels),
            "to_move": self.to_move,
            "chain": [str(p) for p in self.chain],
            "spent": self.spent,
            "last_turn": [str(p) for p in self.last_turn],
            "last_turn_seat": self.last_turn_seat,
            "last_turn_from": None if self.last_turn_from is None else name_of(self.last_turn_from),
            "move_number": self.move_number,
            "turns_played": self.turns_played,
            "outcome": None if self.result is None else self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        def square(text: str | None) -> int | None:
            return None if text is None else index_of(Square.parse(text))

        return cls(
            players=data["players"],
            heights=bytes(data["heights"]),
            positions=[square(p) for p in data["positions"]],
            last_levels=list(data["last_levels"]),
            to_move=data["to_move"],
            chain=[Pillar.parse(p) for p in data["chain"]],
            spent=data["spent"],
            last_turn=[Pillar.parse(p) for p in data["last_turn"]],
            last_turn_seat=data["last_turn_seat"],
            last_turn_from=square(data["last_turn_from"]),
            move_number=data["move_number"],
            turns_played=data.get("turns_played"),
            result=Outcome.from_json(data["outcome"]),
        )

    def copy(self) -> Self:
        """Shares everything: moves replace the heights and lists they change, never edit them."""
        clone = object.__new__(type(self))
        clone.__dict__ = self.__dict__.copy()  # twice as fast as _shallow_copy's update
        clone._legal = None
        return clone

    # -- the turn ------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.to_move,)

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def phase(self) -> Phase:
        if self.result is not None:
            return "over"
        return "opening" if None in self.positions else "turn"

    def _opponent(self, seat: int) -> int:
        return 1 - seat

    def _levels(self) -> tuple[int, int] | None:
        """(mover's last level, opponent's last level) once both have opened."""
        mine, theirs = self.last_levels[self.to_move], self.last_levels[self._opponent(self.to_move)]
        return None if mine is None or theirs is None else (mine, theirs)

    @property
    def budget(self) -> int | None:
        levels = self._levels()
        return None if levels is None else sum(levels)

    @property
    def final_level(self) -> int | None:
        levels = self._levels()
        return None if levels is None else third_level(*levels)

    def _anchor(self) -> tuple[int, int] | None:
        """(square, level) the next pillar must touch and stay within one level of."""
        if self.chain:
            return self.chain[-1].index, self.chain[-1].level
        position, level = self.positions[self.to_move], self.last_levels[self.to_move]
        return None if position is None or level is None else (position, level)

    def _forbidden(self) -> int:
        position = self.positions[self._opponent(self.to_move)]
        return NO_SQUARE if position is None else position

    def turn_info(self) -> TurnInfo:
        """Everything a player interface shows about the turn in progress.

        >>> from rules import GAMES
        >>> info = GAMES["arkaios"].new(2, 0).play(0, "a1=2").turn_info()
        >>> (info.seat, info.phase, info.budget)
        (1, 'opening', None)
        """
        anchor = self._anchor() if self.phase == "turn" else None
        return TurnInfo(
            seat=None if self.result is not None else self.to_move,
            phase=self.phase,
            budget=self.budget if self.phase == "turn" else None,
            spent=self.spent,
            final_level=self.final_level if self.phase == "turn" else None,
            chain=tuple(self.chain),
            anchor=None if anchor is None else SQUARES[anchor[0]],
            anchor_level=None if anchor is None else anchor[1],
            positions=tuple(None if p is None else SQUARES[p] for p in self.positions),
            last_levels=tuple(self.last_levels),
        )

    # -- legal moves ---------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Pillar]:
        if self.result is not None or seat != self.to_move:
            return []
        if self._legal is None:
            self._legal = self._opening_moves() if self.phase == "opening" else self._turn_moves()
        return list(self._legal)

    def opening_loses(self, move: Pillar) -> bool:
        """Whether ``move`` is an opening the opponent can punish at once: a first opening of
        level 1, answered with level 2, leaves its player no legal turn (OPENING_WARNING).

        >>> from rules import GAMES
        >>> state = GAMES["arkaios"].new(2, 0)
        >>> [level for level in (1, 2, 3) if state.opening_loses(Pillar.parse(f"c3={level}"))]
        [1]
        """
        return self.phase == "opening" and self.to_move == 0 and move.level == 1

    def legal_by_square(self, seat: int) -> dict[str, list[int]]:
        """Legal levels per square, for a two-step picker (square, then level).

        >>> from rules import GAMES
        >>> state = GAMES["arkaios"].new(2, 0).play(0, "c3=3").play(1, "d4=2")
        >>> state.legal_by_square(0)["b2"]
        [2]
        """
        grouped: dict[str, list[int]] = {}
        for move in self.legal_moves(seat):
            grouped.setdefault(str(move.square), []).append(move.level)
        return grouped

    def _opening_moves(self) -> list[Pillar]:
        taken = [p for p in self.positions if p is not None]
        used = [lv for lv in self.last_levels if lv is not None]
        return [pillar for pillar in OPENINGS if pillar.index not in taken and pillar.level not in used]

    def _turn_moves(self) -> list[Pillar]:
        """The pillars after which the turn can still be completed, by file, rank and level."""
        # The budget and final level and the anchor, read directly: this runs for every position.
        mover, chain = self.to_move, self.chain
        mine, theirs = self.last_levels[mover], self.last_levels[1 - mover]
        position, forbidden = self.positions[mover], self.positions[1 - mover]
        assert mine is not None and theirs is not None and position is not None and forbidden is not None
        prev, prev_level = (chain[-1].index, chain[-1].level) if chain else (position, mine)
        heights, final = _raised(self.heights, forbidden, BLOCKED), third_level(mine, theirs)
        steps, below_final = STEPS[prev_level][mine + theirs - self.spent], final - 1
        moves = []
        for index, height in zip(NEIGHBOURS[prev], AROUND[prev](heights), strict=True):
            for level, left in steps[height]:
                if left == 0:
                    completed = level == final
                elif left == 1:  # the final pillar must fit on a neighbour at height final - 1
                    completed = -1 <= level - final <= 1 and below_final in AROUND[index](heights)
                else:
                    completed = can_finish(_raised(heights, index, level), index, level, left, final)
                if completed:
                    moves.append(PILLARS[index][level])
        return moves

    def has_turn(self) -> bool:
        """Whether the player to move can complete their turn (always true in the opening)."""
        anchor, budget, final = self._anchor(), self.budget, self.final_level
        if self.phase != "turn" or anchor is None or budget is None or final is None:
            return self.phase == "opening"
        heights = searched(self.heights, self._forbidden())
        return can_finish(heights, anchor[0], anchor[1], budget - self.spent, final)

    def example_turn(self) -> list[Pillar]:
        """One way to complete the current turn (empty if none), e.g. for hints and bots."""
        state, pillars = self, []
        while state.result is None and state.to_move == self.to_move and state.phase == "turn":
            moves = state.legal_moves(state.to_move)
            if not moves:
                break
            pillars.append(moves[0])
            state = state.play(state.to_move, moves[0])
        return pillars

    def parse_move(self, text: str) -> Pillar:
        return Pillar.parse(plain_notation(text))

    # -- refusals --------------------------------------------------------------

    def refusal(self, seat: int, move: Pillar) -> Text:
        if self.phase == "opening":
            return self._opening_refusal(move)
        for check in (self._placement_refusal, self._level_refusal, self._budget_refusal):
            reason = check(move)
            if reason:
                return reason
        return Text("{move} is not a legal pillar now.", move=str(move))

    def _opening_refusal(self, move: Pillar) -> Text:
        other = self._opponent(self.to_move)
        position, level = self.positions[other], self.last_levels[other]
        if position == move.index:
            return Text(
                "{square} holds your opponent's opening pillar: open on another square.", square=str(move.square)
            )
        if level == move.level:
            allowed = Listing(tuple(str(lv) for lv in LEVELS if lv != level))
            return Text(
                "Your opponent opened with level {level}: your opening pillar must be level {allowed}.",
                level=level,
                allowed=allowed,
            )
        return Text("{move} is not a legal opening now.", move=str(move))

    def _placement_refusal(self, move: Pillar) -> Text | None:
        anchor = self._anchor()
        assert anchor is not None
        square, where = str(move.square), name_of(anchor[0])
        if move.index == self._forbidden():
            return Text(
                "{square} is your opponent's position (their last pillar): you may not build there.", square=square
            )
        if move.index == anchor[0]:
            if self.chain:
                return Text(
                    "{where} holds the pillar you just built: the next one must stand on a square around it.",
                    where=where,
                )
            return Text(
                "{where} is your own position: your first pillar must stand on a square around it.", where=where
            )
        if move.index not in NEIGHBOURS[anchor[0]]:
            if self.chain:
                return Text(
                    "{square} is not adjacent to your previous pillar {where}; each pillar must touch the one before.",
                    square=square,
                    where=where,
                )
            return Text(
                "{square} is not adjacent to your position {where}; your first pillar must touch it.",
                square=square,
                where=where,
            )
        return None

    def _level_refusal(self, move: Pillar) -> Text | None:
        anchor = self._anchor()
        assert anchor is not None
        square, height = str(move.square), self.heights[move.index]
        if height == TOP:
            return Text(
                "{square} already holds a complete pillar (level 3): nothing can be built on it.", square=square
            )
        if move.level <= height:
            higher = Listing(tuple(str(lv) for lv in LEVELS if lv > height))
            return Text(
                "{square} is already at height {height}: a pillar there must be level {higher}.",
                square=square,
                height=height,
                higher=higher,
            )
        if abs(move.level - anchor[1]) > 1:
            where = name_of(anchor[0])
            base = (
                Text("your previous pillar {where}", where=where)
                if self.chain
                else Text("the pillar at your position {where}", where=where)
            )
            return Text(
                "Level {level} is more than one level away from {base} (level {anchor}): choose level {near}.",
                level=move.level,
                base=base,
                anchor=anchor[1],
                near=Listing(tuple(str(lv) for lv in _near_levels(anchor[1]))),
            )
        return None

    def _budget_refusal(self, move: Pillar) -> Text:
        budget, final = self.budget, self.final_level
        assert budget is not None and final is not None
        remaining = budget - self.spent
        height = self.heights[move.index]
        cost = move.level - height
        if cost > remaining:
            return Text.counted(
                "{move} costs {cost} piece (height {height} to {level}) but you have only {remaining} left this turn.",
                "{move} costs {cost} pieces (height {height} to {level}) but you have only {remaining} left this turn.",
                "cost",
                move=str(move),
                cost=cost,
                height=height,
                level=move.level,
                remaining=remaining,
            )
        if cost == remaining and move.level != final:
            return Text.counted(
                "{move} would spend the {cost} piece you have left, but the turn must end on level {final}.",
                "{move} would spend the {cost} pieces you have left, but the turn must end on level {final}.",
                "cost",
                move=str(move),
                cost=cost,
                final=final,
            )
        return Text.counted(
            "After {move} the turn could not be completed (no way to spend the remaining {left} piece "
            "ending on level {final}).",
            "After {move} the turn could not be completed (no way to spend the remaining {left} pieces "
            "ending on level {final}).",
            "left",
            move=str(move),
            left=remaining - cost,
            final=final,
        )

    # -- applying a move -------------------------------------------------------

    # Moves replace ``heights``, ``positions``, ``last_levels`` and ``chain`` with new values and
    # never edit them in place: ``copy`` shares them between states.

    def _apply(self, seat: int, move: Pillar) -> None:
        self._legal = None
        self.move_number += 1
        if None in self.positions:
            self._open(seat, move)
        else:
            self._build(seat, move)

    def _settle(self, seat: int, move: Pillar) -> None:
        """``seat``'s position and last level become those of ``move``."""
        self.positions, self.last_levels = self.positions.copy(), self.last_levels.copy()
        self.positions[seat], self.last_levels[seat] = move.index, move.level

    def _open(self, seat: int, move: Pillar) -> None:
        self.heights = _raised(self.heights, move.index, move.level)
        self._settle(seat, move)
        self.last_turn, self.last_turn_seat, self.last_turn_from = [move], seat, None
        self._count_turn()
        self._begin_turn(self._opponent(seat))

    def _build(self, seat: int, move: Pillar) -> None:
        index, level, (mine, theirs) = move.index, move.level, self.last_levels
        assert mine is not None and theirs is not None
        self.spent += level - self.heights[index]
        self.heights = _raised(self.heights, index, level)
        self.chain = [*self.chain, move]
        if self.spent == mine + theirs:  # the budget
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self.last_turn, self.last_turn_seat = self.chain, seat
        self.last_turn_from = self.positions[seat]
        self._settle(seat, self.chain[-1])
        self._count_turn()
        if self.in_temple(seat):
            # The turn is complete: it moves from ``chain`` to ``last_turn`` as usual.
            self.chain, self.spent = [], 0
            self.result = Outcome(winners=(seat,), reason="temple")
            return
        self._begin_turn(self._opponent(seat))

    def _count_turn(self) -> None:
        if self.turns_played is not None:
            self.turns_played += 1

    def _begin_turn(self, seat: int) -> None:
        self.to_move, self.chain, self.spent = seat, [], 0
        if None in self.positions:  # the opening
            return
        # The legal pillars, kept for this position: none means no way to complete the turn.
        self._legal = self._turn_moves()
        if not self._legal:
            self.result = Outcome(winners=(self._opponent(seat),), reason="blocked")

    def in_temple(self, seat: int) -> bool:
        """Whether every square around ``seat``'s position holds a complete pillar."""
        position = self.positions[seat]
        return position is not None and all(self.heights[n] == TOP for n in NEIGHBOURS[position])

    # -- views -------------------------------------------------------------------

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """The turn so far, or the last complete one: "Ada built level 2 on c3 and level 3 on d4".

        >>> from rules import GAMES
        >>> view = GAMES["arkaios"].new(players=2, seed=0).play(0, "c3=3").view(None)
        >>> str(ArkaiosState.describe(view, ["Ada", "Bob"]))
        'Ada built level 3 on c3'
        """
        board = cast(ArkaiosView, view)
        moves = board["last_move"]
        seat = board["turn"] if board["chain"] else board["last_turn_seat"]
        if not moves or seat is None:
            return None
        pillars = pillars_in_words([Pillar.parse(move) for move in moves])
        return Text("{who} built {pillars}", who=names[seat], pillars=pillars)

    @classmethod
    def describe_outcome(cls, outcome: Outcome, names: Sequence[str]) -> Text:
        """ "Ada built the temple", "Bob is blocked: Ada wins"."""
        if outcome.reason == "temple" and outcome.winners:
            return Text("{who} built the temple", who=names[outcome.winners[0]])
        if outcome.reason == "blocked" and outcome.winners:
            winner = outcome.winners[0]
            return Text("{who} is blocked: {winner} wins", who=names[1 - winner], winner=names[winner])
        return super().describe_outcome(outcome, names)

    def view(self, seat: int | None) -> ArkaiosView:
        """Everything in Arkaios is public: the same view for every seat and spectators."""
        info = self.turn_info()
        return {
            "game": GAME_ID,
            "players": self.players,
            "actors": list(self.actors),
            "move_number": self.move_number,
            "last_move": [str(p) for p in (self.chain or self.last_turn)],
            "outcome": None if self.result is None else self.result.to_json(),
            "viewer": seat,
            "heights": [list(self.heights[rank * SIZE : (rank + 1) * SIZE]) for rank in range(SIZE)],
            "positions": [None if p is None else str(p) for p in info.positions],
            "last_levels": list(self.last_levels),
            "phase": info.phase,
            "turn": info.seat,
            "budget": info.budget,
            "spent": info.spent,
            "remaining": info.remaining,
            "final_level": info.final_level,
            "anchor": None if info.anchor is None else str(info.anchor),
            "chain": [str(p) for p in self.chain],
            "last_turn": [str(p) for p in self.last_turn],
            "last_turn_seat": self.last_turn_seat,
            "last_turn_from": None if self.last_turn_from is None else name_of(self.last_turn_from),
            "turn_number": self.turn_number(),
            "move_in_turn": len(self.chain),
        }

    def turn_number(self) -> int | None:
        """The turn being played (the last one played once the game is over), openings included.

        >>> from rules import GAMES
        >>> state = GAMES["arkaios"].new(2, 0).play(0, "c3=3").play(1, "d4=2").play(0, "b2=2")
        >>> state.turn_number(), state.move_number
        (3, 3)
        """
        if self.turns_played is None:
            return None
        return self.turns_played if self.result is not None and not self.chain else self.turns_played + 1


GAME = register(
    Game(
        id=GAME_ID,
        name="Arkaios",
        min_players=2,
        max_players=2,
        state_class=ArkaiosState,
        options=(),
        sample_setups=((2, {}),),
    )
)
