"""The contract every game engine follows, and the pieces they share.

A game engine is pure: no I/O, no asyncio, no discord.  A state is immutable
from the outside: :meth:`GameState.play` returns a new state and leaves the old
one untouched.

>>> from rules import GAMES
>>> game = next(iter(GAMES.values()))  # any game will do
>>> state = game.new(players=game.min_players, seed=7, options={})
>>> before, seat = state.to_json(), state.actors[0]
>>> after = state.play(seat, state.legal_moves(seat)[0])
>>> state.to_json() == before, after.to_json() == before
(True, False)
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NotRequired, Self, TypedDict, TypeVar

from rules.registry import registered
from rules.wording import ENGLISH, Fill, counted

JSON = dict[str, Any]

FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, init=False)
class Text:
    """Words for players: an English template and the values it is filled with.

    Engines write English and keep it in this shape so the bot can word the same
    thing in a server's language: the template is the message id of the
    translation (``bot/locales/<language>/<game>.po``). Values are left as
    they are (squares, numbers, notation, what a player typed), except a
    :class:`Text` or :class:`Listing` among them, which is worded in turn.

    >>> str(Text("{square} is taken: build elsewhere.", square="c3"))
    'c3 is taken: build elsewhere.'
    >>> french = {"{square} is taken: build elsewhere.": "{square} est prise : bâtissez ailleurs."}
    >>> Text("{square} is taken: build elsewhere.", square="c3").word(french)
    'c3 est prise : bâtissez ailleurs.'

    Words that agree with a number are a :meth:`counted` text; an article that elides before a
    value is the translation's format spec (``{who:de}``), which :data:`rules.wording.WORDING` fills.
    """

    template: str
    values: tuple[tuple[str, Any], ...]
    many: str = field(default="", repr=False)  # a counted text's English for any number but one
    count: str = field(default="", repr=False)  # the value whose number chooses the form

    def __init__(self, template: str, /, **values: Any) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "values", tuple(values.items()))
        object.__setattr__(self, "many", "")
        object.__setattr__(self, "count", "")

    @classmethod
    def counted(cls, one: str, many: str, count: str, /, **values: Any) -> Text:
        """Words that agree with the number ``values[count]``: ``one`` is the English for one, ``many``
        for any other number. A catalogue translates it with a gettext plural entry (``msgid`` ``one``,
        ``msgid_plural`` ``many``) giving its language's forms, which its ``Plural-Forms`` chooses from.

        >>> [str(Text.counted("{n} roll left", "{n} rolls left", "n", n=n)) for n in (0, 1, 2)]
        ['0 rolls left', '1 roll left', '2 rolls left']
        """
        text = cls(one, **values)
        object.__setattr__(text, "many", many)
        object.__setattr__(text, "count", count)
        return text

    def word(self, words: Mapping[str, str] = ENGLISH, fill: Fill = str.format) -> str:
        """This text in the language of ``words`` (its templates by their English, see
        :mod:`rules.wording`; English when empty), each template filled by ``fill``: plain
        formatting for English, the eliding :data:`rules.wording.WORDING` for a catalogue's words."""
        template = self._template_in(words)
        if not self.values:
            return template
        return fill(template, **{name: worded(value, words, fill) for name, value in self.values})

    def _template_in(self, words: Mapping[str, str]) -> str:
        """The template this text takes in the language of ``words``, unfilled (English where it has none)."""
        if not self.count:
            return words.get(self.template, self.template)
        return counted(words, self.template, self.many, int(dict(self.values)[self.count]))

    def with_values(self, **values: Any) -> Text:
        """The same words with some values replaced (a seat named once its player is known).

        >>> str(Text("{who} passed", who="@1").with_values(who="Ada"))
        'Ada passed'
        """
        text = copy.copy(self)
        object.__setattr__(text, "values", tuple({**dict(self.values), **values}.items()))
        return text

    def __str__(self) -> str:
        return self.word()


OR, AND = "{most} or {last}", "{most} and {last}"  # how a Listing joins its last item


@dataclass(frozen=True)
class Listing:
    """Several items joined for reading, the last one by a word: ``1, 2 or 3``.

    >>> str(Listing(("1", "2", "3")))
    '1, 2 or 3'
    >>> str(Listing((Text("fire"), Text("water")), AND))
    'fire and water'
    """

    items: tuple[str | Text, ...]
    join: str = OR

    def word(self, words: Mapping[str, str] = ENGLISH, fill: Fill = str.format) -> str:
        """The items joined in the language of ``words``, as :meth:`Text.word` words a text."""
        items = [worded(item, words, fill) for item in self.items]
        if len(items) < 2:
            return "".join(items)
        return fill(words.get(self.join, self.join), most=", ".join(items[:-1]), last=items[-1])

    def __str__(self) -> str:
        return self.word()


def worded(value: Any, words: Mapping[str, str], fill: Fill = str.format) -> Any:
    """``value`` as it goes into a template: texts and listings worded, anything else as it is."""
    return value.word(words, fill) if isinstance(value, (Text, Listing)) else value


class Refused(ValueError):
    """Something the rules refuse, in words for players: a :class:`Text` (``error.text``),
    so it can be worded in the server's language; ``str(error)`` is the English."""

    def __init__(self, message: str | Text, /, **values: Any) -> None:
        self.text = message if isinstance(message, Text) else Text(message, **values)
        super().__init__(str(self.text))


class BadOptions(Refused):
    """A game's options that cannot be used: an option it does not have, a value it does not take."""


class IllegalMove(Refused):
    """Any move refused, with a message written for players: catch this one.

    It is the common base of the two kinds, split as python-chess splits
    ``InvalidMoveError`` and ``IllegalMoveError``:

    - :class:`NotationError`: the text is not a move of this game at all
      (``"xyz"``, a square off the board); nothing about the position is asked.
    - :class:`ForbiddenMove`: a real move of this game that the rules do not
      allow now (not your turn, the game is over, a pillar too high...).

    >>> from rules import GAMES
    >>> game = next(game for game in GAMES.values() if game.min_players == 2)  # any game for two
    >>> state = game.new(players=2, seed=0)
    >>> state.play(state.actors[0], "xyz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    rules.base.NotationError: ...
    >>> state.play(1 - state.actors[0], state.legal_moves(state.actors[0])[0])
    Traceback (most recent call last):
    rules.base.ForbiddenMove: It is not your turn.
    """


class NotationError(IllegalMove):
    """Text that is not a move of this game: it cannot be read as one."""


NOTATION_LIMIT = 120  # characters: the longest move of any game is far shorter
NUMBER_DIGITS = 3  # no number in any notation has more digits


def shown(text: str, limit: int = 40) -> str:
    """Typed text as a refusal quotes it: cut to ``limit`` characters, with an ellipsis when cut.

    >>> shown("x" * 50)[-3:]
    'xx…'
    """
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain_notation(text: str) -> str:
    """``text`` if it can be a move's notation at all: printable ASCII of a bounded length.

    Every engine's ``parse_move`` starts here, so Unicode digits (``١``, ``²``) and huge
    numbers never reach ``int()``.

    >>> plain_notation(" c3=2 ")
    ' c3=2 '
    >>> plain_notation("c²=3")
    Traceback (most recent call last):
    ...
    rules.base.NotationError: 'c²=3' is not a move: moves use plain letters, digits and signs, like c3=2.
    """
    if len(text) > NOTATION_LIMIT:
        raise NotationError(
            "'{text}' is too long to be a move ({limit} characters at most).", text=shown(text), limit=NOTATION_LIMIT
        )
    if not text.isascii() or not all(char.isprintable() or char.isspace() for char in text):
        raise NotationError(
            "'{text}' is not a move: moves use plain letters, digits and signs, like c3=2.", text=shown(text)
        )
    return text


def plain_number(text: str, what: str | Text) -> int:
    """A number written with ASCII digits, at most ``NUMBER_DIGITS`` of them; else NotationError.

    >>> plain_number("12", "a rank")
    12
    >>> plain_number("1" * 4400, "a rank")
    Traceback (most recent call last):
    ...
    rules.base.NotationError: '111111111111111111111111111111111111111…' is not a number: a rank.
    """
    if not (0 < len(text) <= NUMBER_DIGITS and text.isascii() and text.isdigit()):
        raise NotationError("'{text}' is not a number: {what}.", text=shown(text), what=what)
    return int(text)


class ForbiddenMove(IllegalMove):
    """A move of this game that the rules do not allow now."""


class OutcomeView(TypedDict):
    """An :class:`Outcome` as JSON (in views and in storage)."""

    winners: list[int]
    reason: str
    scores: list[float]
    departed: NotRequired[list[int]]
    departures: NotRequired[list[int]]


class View(TypedDict):
    """The keys every view holds (the conformance kit checks them).

    Each game's view is a ``TypedDict`` that extends this one, defined at the top
    of its engine module, so its renderer and cog read it with types: a misspelt
    key is a mypy error, not a ``KeyError`` on a server. At run time a view is a
    plain ``dict``, ready for ``json.dumps``.

    >>> from rules import GAMES
    >>> game = next(iter(GAMES.values()))  # any game will do
    >>> view: View = game.new(players=game.min_players, seed=0).view(None)
    >>> view["game"] == game.id, view["outcome"]
    (True, None)
    """

    game: str
    players: int
    actors: list[int]
    move_number: int
    last_move: list[str]
    outcome: OutcomeView | None
    viewer: int | None


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` is empty for a draw; ``scores`` has one number per seat when
    the game keeps a score, else it is empty.  ``departed`` lists the seats whose
    player left a table of three or more before the end (Agora played on for
    them), the first to leave first: they are ranked last, whatever their seat's result.
    ``departures`` numbers the departure of each of them (0 for the first) when some left
    together (out of time at the same deadline); empty when each left on their own.

    >>> Outcome((0,), "points", (9.0, 3.0), departed=(1,)).to_json()["departed"]
    [1]
    >>> Outcome.from_json({"winners": [0], "reason": "points"}).departed
    ()
    >>> Outcome((0,), "points", departed=(1, 2), departures=(0, 0)).departure_of(2)
    0
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()
    departed: tuple[int, ...] = ()
    departures: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def departure_of(self, seat: int) -> int:
        """Which departure took ``seat``'s player away (0: the first), for a seat in ``departed``."""
        index = self.departed.index(seat)
        return self.departures[index] if self.departures else index

    def to_json(self) -> OutcomeView:
        view: OutcomeView = {"winners": list(self.winners), "reason": self.reason, "scores": list(self.scores)}
        if self.departed:  # kept only when someone left, so every other stored result reads as before
            view["departed"] = list(self.departed)
        if self.departures:
            view["departures"] = list(self.departures)
        return view

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Outcome | None:
        if data is None:
            return None
        departed, departures = tuple(data.get("departed", ())), tuple(data.get("departures", ()))
        return cls(tuple(data["winners"]), data["reason"], tuple(data.get("scores", ())), departed, departures)


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
        digits = text[1:]
        plain = 0 < len(digits) <= NUMBER_DIGITS and digits.isascii() and digits.isdigit()
        if not text or text[0] not in FILES or not plain:
            raise NotationError(
                "'{text}' is not a square: write a file letter then a rank number, like c3.", text=shown(text)
            )
        return cls(FILES.index(text[0]), int(digits) - 1)

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

    def copy(self) -> Self:
        """An independent generator in the same state (a subclass's other attributes are shared)."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

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

    ``play`` checks the move with :meth:`legal_moves`, copies the state with
    :meth:`copy`, then lets :meth:`_apply` change the copy, so engines mutate
    freely inside ``_apply`` without ever touching a state someone else holds.
    ``play(seat, move, trusted=True)`` skips the checks, for searches that only
    play moves ``legal_moves`` returned.
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
        moves open to several seats (powers any seat may use) override it.
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
        """Read a move from its notation; raise NotationError if it is not one.

        Only the notation is checked: whether the move is allowed now is for :meth:`play`.
        """

    @abstractmethod
    def _apply(self, seat: int, move: M) -> None:
        """Change this (already copied) state by a legal move."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: spectators), JSON-ready.

        Games return their own :class:`View` subtype (``<Game>View``...)."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Everything, JSON-ready; ``Game.from_json`` restores an equal state."""

    def default_move(self, seat: int) -> M | None:
        """The move played for ``seat`` when its time runs out, where the rules name one
        (say, a card that does not answer lets the attack through); None means the seat forfeits."""
        return None

    def resignation(self, seat: int) -> Outcome:
        """The result when ``seat`` resigns: every other seat wins.  Team games override."""
        others = tuple(s for s in range(self.players) if s != seat)
        return Outcome(winners=others, reason="resignation")

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | Listing | None:
        """The last move of ``view`` as players say it ("Ada kept 1 1 2 and rolled 2 1 6 1 3 5"),
        ``names`` in seat order; None before the first move.

        Built from the view alone, so it tells only what that view's viewer may know (a
        secret set stays "set their secret powers"). Every game overrides this; the notation
        is the fallback.
        """
        moves = view["last_move"]
        return Text("{moves}", moves=" ".join(moves)) if moves else None

    @classmethod
    def describe_outcome(cls, outcome: Outcome, names: Sequence[str]) -> Text:
        """How the rules ended the game, as players say it: "Ada wins: 12 points on the winning row".

        Games whose endings have their own words override ("Ada built the temple").
        """
        reason = Text(outcome.reason)
        if not outcome.winners:
            return Text("Draw: {reason}", reason=reason)
        winners = Listing(tuple(names[seat] for seat in outcome.winners), AND)
        if len(outcome.winners) > 1:
            return Text("{winners} win: {reason}", winners=winners, reason=reason)
        return Text("{winners} wins: {reason}", winners=winners, reason=reason)

    def refusal(self, seat: int, move: M) -> Text:
        """Why ``move`` is illegal for ``seat``; games override for precise messages."""
        return Text("{move} is not a legal move now.", move=str(move))

    def play(self, seat: int, move: M | str, *, trusted: bool = False) -> Self:
        """Return the state after ``seat`` plays ``move`` (object or notation).

        Raises NotationError for text that is not a move of this game and
        ForbiddenMove for a move not allowed now, both with a message for the
        player; either way nothing changes.

        ``trusted=True`` is the fast path for search: it skips every check, so the
        move must be one that ``legal_moves(seat)`` of this very state returned and
        ``seat`` one of its ``actors``; anything else gives an undefined state.  The
        service plays players' moves checked, never trusted.

        >>> from rules import GAMES
        >>> game = next(iter(GAMES.values()))  # any game will do
        >>> state = game.new(players=game.min_players, seed=0, options={})
        >>> seat = state.actors[0]
        >>> move = state.legal_moves(seat)[0]
        >>> state.play(seat, move, trusted=True) == state.play(seat, move)
        True
        """
        if trusted:
            return self._after(seat, self.parse_move(move) if isinstance(move, str) else move)
        if self.outcome is not None:
            raise ForbiddenMove("The game is over: no more moves can be played.")
        if seat not in self.actors:
            raise ForbiddenMove("It is not your turn.")
        parsed = self.parse_move(move) if isinstance(move, str) else move
        if parsed not in self.legal_moves(seat):
            raise ForbiddenMove(self.refusal(seat, parsed))
        return self._after(seat, parsed)

    def _after(self, seat: int, move: M) -> Self:
        after = self.copy()
        after._apply(seat, move)
        return after

    def copy(self) -> Self:
        """A copy that ``_apply`` may change without touching this state.

        The default deep-copies everything; engines override it to copy only what a
        move changes and share the rest (parts no move ever mutates in place).
        """
        return copy.deepcopy(self)

    def _shallow_copy(self) -> Self:
        """A new state sharing every attribute with this one: ``copy`` overrides start
        from it and then copy the attributes ``_apply`` changes in place."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        return clone

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
            low, high = self.min_players, self.max_players
            raise BadOptions("{game} is played by {low} to {high} players.", game=self.name, low=low, high=high)
        return self.state_class.start(players, seed, self.resolve_options(options or {}))

    def from_json(self, data: JSON) -> S:
        return self.state_class.from_json(data)

    def resolve_options(self, given: JSON) -> JSON:
        """Fill defaults and refuse unknown options or values."""
        known = {opt.name: opt for opt in self.options}
        for name in given:
            if name not in known:
                raise BadOptions("{game} has no option '{name}'.", game=self.name, name=name)
        resolved: JSON = {}
        for opt in self.options:
            value = given.get(opt.name, opt.default)
            if opt.choices and value not in opt.choices:
                choices = Listing(tuple(map(str, opt.choices)))
                raise BadOptions("Option '{name}' must be {choices}.", name=opt.name, choices=choices)
            resolved[opt.name] = value
        return resolved


GAMES: dict[str, Game[Any]] = {}


def register(game: Game[S]) -> Game[S]:
    """Add a game to :data:`GAMES` (each module calls this once, at import)."""
    if game.id in GAMES:
        raise ValueError(f"game id {game.id!r} registered twice")
    GAMES[game.id] = game
    registered(game.id, game.state_class.__module__)
    return game
