"""Tutorials (``/learn``): each game's lesson, its steps and how a move answers a step.

A lesson is a fixed series of positions (fixed seed, fixed moves: every player sees the same
lesson). Each :class:`Step` asks the learner's seat for one move; the positions of later steps
follow from the moves asked before them and the scripted replies of the other seats, unless a
step starts from a position of its own (a game's later stage, set out by hand).

A game's lesson lives in its own module, holding ``LESSON``: ``bot/learn/<game id>.py`` for a
built-in game, the ``learn`` module of an installed game's package; the lessons are found through
the registry of games (:func:`lessons`, ``rules.registry`` part "learn"), so nothing outside that
module names the game. Its words are in the catalogues, keyed ``learn.<game>.<step>``
(what the step asks), ``learn.<game>.<step>.wrong`` (why another move is not it),
``learn.<game>.<step>.also`` (for a step that accepts other moves as good as the one it asks: why
that one is fine too), ``learn.<game>.intro`` and ``learn.<game>.end``. A step that starts from a
position of its own says so above its words (``learn.new_position``).

A lesson never refuses a move at least as good as the one it asks, by Agora's hard search
(:func:`as_good`, weighed in the AI workers): it accepts it, says why the asked one is fine too,
and goes on from the asked one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any

from ai import ADAPTERS, observe
from ai.adapter import Sampler
from ai.weighing import weigh_moves
from render.kit import Grid
from rules import GAMES, MODULES, GameState, IllegalMove, Rng, Text, View, part_of
from rules.base import FILES

JSON = dict[str, Any]
AS_GOOD_MARGIN = 0.02  # the hard search's noise on a move's chance: within it, two moves are as good
WEIGHING_SEED = 1  # the search's seed when a lesson weighs a move: the same answer on every run
MIN_STEPS, MAX_STEPS = 6, 12  # a lesson is short: "shorter is better"
MENU_LIMIT = 25  # Discord's options in one select
SQUARE = re.compile(r"(?<![a-wyz])[a-z][1-9]")  # a square, not the end of a word ("pile3"); "x" takes
Box = tuple[float, float, float, float]


Where = Callable[[str, View], Box]  # the pixel box of a mark on the picture of a view


def squares_of(grid: Grid) -> Where:
    """Marks that are squares (``c3``) of a board drawn on ``grid``, wherever the view stands."""

    def where(square: str, view: View) -> Box:
        return grid.box(FILES.index(square[0]), int(square[1:]) - 1)

    return where


def squares_named(notation: str) -> tuple[str, ...]:
    """The squares a move's notation names, what a picture rings to show it.

    >>> squares_named("b2xc3"), squares_named("ice:c3>a1"), squares_named("c2-c3+earth")
    (('b2', 'c3'), ('c3', 'a1'), ('c2', 'c3'))
    """
    return tuple(dict.fromkeys(SQUARE.findall(notation)))


def unmarked(mark: str, view: View) -> Box:
    """For lessons whose pictures ring nothing: every mark is refused."""
    raise ValueError(f"this lesson cannot ring {mark!r}")


@dataclass(frozen=True)
class Step:
    """One step: what the learner's seat is asked to play, and what the picture marks.

    ``asks``: the notations that do what the step says (usually one). ``replies``: the other
    seats' moves (seat, notation) played once the step is done, before the next step.
    ``marks``: what the picture rings (squares, or the lesson's own names for dice or piles).
    ``position``: a position of its own to start the step from, instead of following on.
    """

    asks: tuple[str, ...]
    marks: tuple[str, ...] = ()
    replies: tuple[tuple[int, str], ...] = ()
    position: JSON | None = None


@dataclass(frozen=True)
class Lesson:
    """A game's tutorial: its start, the seat the learner plays and its steps."""

    game: str
    seed: int
    steps: tuple[Step, ...]
    seat: int = 0
    players: int = 2
    options: JSON = field(default_factory=dict)
    opening: tuple[tuple[int, str], ...] = ()  # moves played before the first step
    where: Where = unmarked  # the pixel box of a mark on the game's picture
    move_marks: Callable[[str], tuple[str, ...]] = squares_named  # the marks that show a move

    def __post_init__(self) -> None:
        if not MIN_STEPS <= len(self.steps) <= MAX_STEPS:
            raise ValueError(f"the {self.game} lesson has {len(self.steps)} steps, not {MIN_STEPS} to {MAX_STEPS}")

    def key(self, index: int, part: str = "") -> str:
        """The catalogue key of a step's words (``part``: "" for what it asks, "wrong" for a wrong move)."""
        return f"learn.{self.game}.{index + 1}" + (f".{part}" if part else "")

    def start(self) -> GameState[Any]:
        state: GameState[Any] = GAMES[self.game].new(players=self.players, seed=self.seed, options=self.options)
        return played(state, self.opening)

    def position(self, index: int) -> GameState[Any]:
        """The position step ``index`` starts from (every step before it played as asked)."""
        state = self.start()
        for number, step in enumerate(self.steps[: index + 1]):
            if step.position is not None:
                state = GAMES[self.game].from_json(step.position)
            if number < index:
                state = played(state.play(self.seat, step.asks[0]), step.replies)
        return state

    def sets_out(self, index: int) -> bool:
        """Whether step ``index`` starts from a new position, not the one the steps before it lead to
        (what the learner sees changed beyond their move and the replies): the lesson says so."""
        own = self.steps[index].position
        if own is None:
            return False
        if index == 0:
            return True
        before = self.steps[index - 1]
        followed = played(self.position(index - 1).play(self.seat, before.asks[0]), before.replies)
        own_view: View = GAMES[self.game].from_json(own).view(self.seat)
        return followed.view(self.seat) != own_view

    def set_out(self, index: int) -> bool:
        """Whether step ``index`` stands in a position set out for the lesson (from it or an earlier
        step): its moves were never played, so the picture counts none."""
        return any(self.sets_out(number) for number in range(index + 1))

    def move_words(self, index: int, notation: str, names: list[str]) -> Text | None:
        """``notation`` played at step ``index``, in the words the board uses for a move, from the
        learner's view (None for a move the rules refuse there)."""
        try:
            after = self.position(index).play(self.seat, notation)
        except IllegalMove:
            return None
        said: Text | None = GAMES[self.game].state_class.describe(after.view(self.seat), names)
        return said

    def finish(self) -> GameState[Any]:
        """The position once the last step is played as asked (its replies too)."""
        last = self.steps[-1]
        return played(self.position(len(self.steps) - 1).play(self.seat, last.asks[0]), last.replies)


def played(state: GameState[Any], moves: tuple[tuple[int, str], ...]) -> GameState[Any]:
    for seat, notation in moves:
        state = state.play(seat, notation)
    return state


class Verdict(Enum):
    """How a move answers a step."""

    ASKED = "asked"  # what the step asks: on to the next step
    AS_GOOD = "as good"  # another move, at least as good by Agora's hard search: on, from the asked move
    OTHER = "other"  # a move the rules allow, but not what the step asks
    REFUSED = "refused"  # a move the rules refuse now


@dataclass(frozen=True)
class Answer:
    verdict: Verdict
    refusal: Text | None = None  # the rules' words when refused


def answer(lesson: Lesson, index: int, notation: str) -> Answer:
    """How ``notation`` answers step ``index``: asked, allowed but not asked, or refused (and why)."""
    step = lesson.steps[index]
    state = lesson.position(index)
    try:
        move = str(state.parse_move(notation))
        state.play(lesson.seat, move)
    except IllegalMove as refused:
        return Answer(Verdict.REFUSED, refused.text)
    return Answer(Verdict.ASKED if move in step.asks else Verdict.OTHER)


def menu(lesson: Lesson, index: int) -> list[str]:
    """The moves a step offers to pick from: what it asks first, then the other legal moves in order,
    at most MENU_LIMIT (so a wrong move can be tried and explained)."""
    asked = list(lesson.steps[index].asks)
    others = sorted({str(m) for m in lesson.position(index).legal_moves(lesson.seat)} - set(asked))
    return sorted([*asked, *others[: MENU_LIMIT - len(asked)]])


@cache
def as_good(game: str, index: int, notation: str) -> bool:
    """Whether ``notation`` (a legal move) is at least as good as the move step ``index`` of ``game``'s
    lesson asks, by Agora's hard search from the learner's seat, within the search's noise
    (AS_GOOD_MARGIN). The same answer on every run; kept once found. Runs in an AI worker."""
    lesson = lessons()[game]
    asked = lesson.steps[index].asks[0]
    values = weigh_moves(lesson.game, learners_worlds(lesson, index), lesson.seat, (asked, notation), WEIGHING_SEED)
    return values[notation] >= values[asked] - AS_GOOD_MARGIN


def learners_worlds(lesson: Lesson, index: int) -> Sampler:
    """The worlds the learner's seat may imagine at step ``index``: drawn from its view as Agora's
    search draws them; a position set out by hand that the view cannot rebuild (no move log leads to
    it, or its hidden pieces are not a full set's) is its own only world."""
    state = lesson.position(index)
    try:
        sample = ADAPTERS[lesson.game].sampler(observe(state, lesson.seat))
        sample(Rng.seeded(WEIGHING_SEED))
    except ValueError:
        return lambda rng: state
    return sample


@cache
def lessons() -> dict[str, Lesson]:
    """Every registered game's lesson, found as its "learn" part (a game without one has none)."""
    found: dict[str, Lesson] = {}
    for game in GAMES:
        if MODULES[game].has("learn"):
            lesson = part_of(game, "learn").LESSON
            if not isinstance(lesson, Lesson) or lesson.game != game:
                raise TypeError(f"{MODULES[game].learn}.LESSON is not a lesson of {game}")
            found[game] = lesson
    return found
