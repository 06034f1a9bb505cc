"""The contract every game engine follows, and the pieces they share.

A game engine is pure: no I/O, no asyncio, no discord.  A state is immutable
from the outside: :meth:`GameState.play` returns a new state and leaves the old
one untouched.

>>> from rules import GAMES
>>> state = GAMES["arkaios"].new(players=2, seed=7, options={})
>>> state.actors
(0,)
>>> state = state.play(0, "c3=3")
>>> state.actors
(1,)
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

JSON = dict[str, Any]

FILES = "abcdefghijklmnopqrstuvwxyz"


class IllegalMove(ValueError):
    """A move the rules refuse; the message is written for players."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` is empty for a draw; ``scores`` has one number per seat when
    the game keeps a score, else it is empty.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> JSON:
        return {"winners": list(self.winners), "reason": self.reason, "scores": list(self.scores)}

    @classmethod
    def from_json(cls, data: JSON | None) -> Outcome | None:
        if data is None:
            return None
        return cls(tuple(data["winners"]), data["reason"], tuple(data.get("scores", ())))


# ---------------------------------------------------------------------------
# Squares


@dataclass(frozen=True, order=True)
class Square:
    """A board square, 0-based: ``file`` left to right, ``rank`` bottom to top.

    >>> Square.parse("c3")
    Square(file=2, rank=2)
    >>> str(Square(0, 4))
    'a5'
    """

    file: int
    rank: int

    @classmethod
    def parse(cls, text: str) -> Square:
        text = text.strip().lower()
        if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit():
            raise IllegalMove(f"'{text}' is not a square: write a file letter then a rank number, like c3.")
        return cls(FILES.index(text[0]), int(text[1:]) - 1)

    def __str__(self) -> str:
        return f"{FILES[self.file]}{self.rank + 1}"

    def on_board(self, files: int, ranks: int) -> bool:
        return 0 <= self.file < files and 0 <= self.rank < ranks

    def offset(self, dfile: int, drank: int) -> Square:
        return Square(self.file + dfile, self.rank + drank)

    def distance(self, other: Square) -> int:
        """Chebyshev distance: 1 for the 8 surrounding squares."""
        return max(abs(self.file - other.file), abs(self.rank - other.rank))

    def neighbours(self, files: int, ranks: int) -> list[Square]:
        """The up to 8 adjacent squares that are on the board, in a stable order."""
        around = (self.offset(df, dr) for dr in (1, 0, -1) for df in (-1, 0, 1) if df or dr)
        return [sq for sq in around if sq.on_board(files, ranks)]


def all_squares(files: int, ranks: int) -> list[Square]:
    """Every square, rank 1 first, files left to right."""
    return [Square(f, r) for r in range(ranks) for f in range(files)]


# ---------------------------------------------------------------------------
# Randomness that lives in the state


@dataclass
class Rng:
    """A small seeded generator (SplitMix64) whose whole state is one integer.

    It serialises as that integer, so a stored game replays exactly.

    >>> rng = Rng.seeded(7)
    >>> rng.randint(1, 6) in range(1, 7)
    True
    """

    state: int

    MASK: ClassVar[int] = (1 << 64) - 1

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & cls.MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = self.MASK - (self.MASK + 1) % n
        while True:
            value = self.next_u64()
            if value <= limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer between ``low`` and ``high`` inclusive."""
        return low + self.below(high - low + 1)

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


T = TypeVar("T")


# ---------------------------------------------------------------------------
# Game and state


@dataclass(frozen=True)
class Option:
    """One option a game accepts at creation, for the challenge commands and docs."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""


M = TypeVar("M")


class GameState(ABC, Generic[M]):
    """One position of one game.  Subclasses implement the abstract methods.

    ``play`` copies the state, checks the move with :meth:`legal_moves`, then
    lets :meth:`_apply` change the copy, so engines mutate freely inside
    ``_apply`` without ever touching a state someone else holds.
    """

    players: int

    @classmethod
    @abstractmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        """A new game; ``options`` are already checked and completed with defaults."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: JSON) -> Self:
        """Restore a state written by :meth:`to_json`."""

    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now; () once the game is over."""

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Seats the game is waiting for: the actors, less any who may only play something optional.

        Reminders, deadlines and "your turn" lists use this; games with optional
        moves open to several seats (Kouba's powers) override it.
        """
        return self.actors

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game is on."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[M]:
        """Every move ``seat`` may play now (empty when it may not act)."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move from its notation; raise IllegalMove if it is not one."""

    @abstractmethod
    def _apply(self, seat: int, move: M) -> None:
        """Change this (already copied) state by a legal move."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know (``None``: spectators), JSON-ready."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Everything, JSON-ready; ``Game.from_json`` restores an equal state."""

    def default_move(self, seat: int) -> M | None:
        """The move played for ``seat`` when its time runs out, where the rules name one
        (Kouba: a King that does not answer lets the Kouba through); None means the seat forfeits."""
        return None

    def resignation(self, seat: int) -> Outcome:
        """The result when ``seat`` resigns: every other seat wins.  Team games override."""
        others = tuple(s for s in range(self.players) if s != seat)
        return Outcome(winners=others, reason="resignation")

    def refusal(self, seat: int, move: M) -> str:
        """Why ``move`` is illegal for ``seat``; games override for precise messages."""
        return f"{move} is not a legal move now."

    def play(self, seat: int, move: M | str) -> Self:
        """Return the state after ``seat`` plays ``move`` (object or notation).

        Raises IllegalMove, with a message for the player, and changes nothing.
        """
        if self.outcome is not None:
            raise IllegalMove("The game is over: no more moves can be played.")
        if seat not in self.actors:
            raise IllegalMove("It is not your turn.")
        parsed = self.parse_move(move) if isinstance(move, str) else move
        if parsed not in self.legal_moves(seat):
            raise IllegalMove(self.refusal(seat, parsed))
        after = copy.deepcopy(self)
        after._apply(seat, parsed)
        return after

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


S = TypeVar("S", bound=GameState[Any])


@dataclass
class Game(Generic[S]):
    """A registered game: how to start one and how to restore one."""

    id: str
    name: str
    min_players: int
    max_players: int
    state_class: type[S]
    options: tuple[Option, ...] = field(default=())
    # (players, options) pairs the conformance kit plays out: cover every option value.
    sample_setups: tuple[tuple[int, JSON], ...] = field(default=())

    def new(self, players: int, seed: int, options: JSON | None = None) -> S:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is played by {self.min_players} to {self.max_players} players.")
        return self.state_class.start(players, seed, self.resolve_options(options or {}))

    def from_json(self, data: JSON) -> S:
        return self.state_class.from_json(data)

    def resolve_options(self, given: JSON) -> JSON:
        """Fill defaults and refuse unknown options or values."""
        known = {opt.name: opt for opt in self.options}
        for name in given:
            if name not in known:
                raise ValueError(f"{self.name} has no option '{name}'.")
        resolved: JSON = {}
        for opt in self.options:
            value = given.get(opt.name, opt.default)
            if opt.choices and value not in opt.choices:
                raise ValueError(f"Option '{opt.name}' must be one of {', '.join(map(str, opt.choices))}.")
            resolved[opt.name] = value
        return resolved


GAMES: dict[str, Game[Any]] = {}


def register(game: Game[S]) -> Game[S]:
    """Add a game to :data:`GAMES` (each module calls this once, at import)."""
    if game.id in GAMES:
        raise ValueError(f"game id {game.id!r} registered twice")
    GAMES[game.id] = game
    return game
