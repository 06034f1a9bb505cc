"""Dragons Arena: FIRE and ICE dice duel on a 4×4 arena; the stronger side takes a gold nugget.

Rules as implemented (RULINGS.md §2 wins over the rulebook):

- Sides: seat 0 plays FIRE, seat 1 plays ICE (the rulebook lets players pick; the
  bot seats the challenger as FIRE). Each side has 8 dice, powers 1–6.
- Capture: a dragon of power ``a`` eliminates an adjacent enemy of power ``d`` when
  ``d < a``, except that a 6 never eliminates a 1 and only a 1 eliminates a 6.
  Adjacent means the 8 surrounding squares (the rulebook says "one of the squares
  around it"). The attacker moves onto the target's square and takes its power.
- A turn is exactly one action. Eliminating is compulsory whenever possible;
  otherwise the side changes the power of any one dragon without a force field
  (its own or an enemy's) to a different value, and that dragon gets a force field.
  A force field goes when its dragon moves or is eliminated.
- DRAGON MASTER option: with one of your power-1 dragons next to an enemy you may,
  instead of the above (even when an elimination is possible), use your element.
  FIRE ``Combustion``: an enemy next to one of your power-1 dragons loses 3. ICE
  ``Blizzard``: such an enemy loses 2, then you move it to any empty square (if
  there is one). At 0 or less it is eliminated; its force field is removed either way.
  When nothing else is possible the element is compulsory.
- End of a duel, checked after every turn (and when play begins): no dragon is
  next to an enemy; or the side to play has no legal action (every dragon has a
  force field and it can neither eliminate nor use its element). Our addition for
  DRAGON MASTER, where power changes and elements could cycle: the same arena with
  the same side to play for the third time also ends the duel. Higher total power
  wins a gold nugget; equal totals: no nugget.
- Who starts: more power-1 dragons, then more 2s, and so on; all equal: random.
- Placement ``level``: ``baby`` all 16 dice rolled and scattered at random;
  ``little`` each side rolls 8 dice, then the starting side places one die on a free
  square, then the other, alternately; ``big`` both sides secretly set 8 powers
  totalling exactly 28 (simultaneous: both seats act, neither sees the other's set
  before both are in), then place as ``little``; ``free`` the same with any powers;
  ``equal`` the starting side is drawn at random and splits 7 points over two dice,
  both sides receive those two values, the other side does the same, four splits in
  all (8 dice and 28 points each), then place as ``little``. The side that starts a
  duel places first and attacks first.
- Match (``nuggets`` option, 1–5): duels follow one another automatically until a
  side holds that many nuggets; each new duel is set up afresh at the same level
  and its starting side is found again by the power-1 rule. A drawn duel gives no
  nugget. Outcome scores are the nuggets per seat. The Outcome's reason is one fixed
  sentence per case ("ICE won the duel and the match"), a message id the bot words in
  each server's language; the figures stay in the view (``last_duel``, ``nuggets``).
- SOLO training (``players=1``, ``solo`` = ``normal`` | ``high``; one seat plays both
  sides, so ``actors`` is always ``(0,)`` and the view's ``to_play`` says which side
  moves). Your species is the ``solo_species`` option. Always BABY placement and
  a single duel (``level`` and ``nuggets`` are ignored). The opponent's side can
  never change a power; the duel ends as soon as the opponent's side is to play and
  cannot eliminate (our choice: if that happens on the very first turn, the opening
  passes to you instead). Score: your total against the opponent's total plus a bonus
  for its dragons left (normal 1/2/3/4, high 1/3/6/10 for 1–4 dragons); 5 or more
  opponent dragons left is a loss. The Outcome has ``winners=(0,)`` for a win and
  ``()`` otherwise: the view's ``solo.result`` tells "win", "draw" or "loss";
  ``scores`` is your own total.

Notation (case and spaces ignored):

- ``b2xc3`` the dragon on b2 eliminates c3;  ``c3=5`` c3 becomes a 5 with a force field;
- ``fire:c3`` Combustion on c3;  ``ice:c3>a1`` Blizzard on c3, moved to a1
  (``ice:c3`` when the target is eliminated or no square is empty);
- ``4@b2`` place one of your dice showing 4 on b2;
- ``set:1,2,3,4,4,4,5,5`` your 8 secret powers (BIG, FREE);  ``split:3+4`` (EQUAL).

UI helpers: :func:`moves_by_square` / :func:`moves_from` group the legal moves by the
square a player clicks first (attacker, dragon to change, element target, square to
fill), :func:`second_square` gives the square clicked next (target, Blizzard
destination) or None when a power is chosen instead.

>>> from rules import GAMES
>>> state = GAMES["dragons_arena"].new(players=2, seed=3, options={"level": "little"})
>>> state.view(None)["phase"]
'placement'
>>> beats(1, 6), beats(6, 1), beats(4, 3), beats(3, 3)
(True, False, True, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations_with_replacement
from typing import Self, TypedDict, cast

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
    all_squares,
    plain_notation,
    plain_number,
    register,
    shown,
)


class DragonView(TypedDict):
    side: str  # "fire" or "ice"
    power: int  # 1-6
    field: bool  # a force field: changed this duel, it cannot be eliminated


Arena = list[list[DragonView | None]]  # arena[r][f]: rank r+1, file a+f


class DuelResult(TypedDict):
    """How a duel ended: ``totals`` per side ("fire", "ice"); ``winner`` None for a tie."""

    duel: int
    totals: dict[str, int]
    winner: str | None
    reason: str
    board: Arena


class SoloScore(TypedDict):
    """A solo duel's count: your power against the opponent's power plus its bonus."""

    you: int
    opponent_power: int
    opponent_dragons: int
    bonus: int
    opponent: int
    result: str  # "win", "draw" or "loss"


class SoloView(TypedDict):
    you: str
    opponent: str
    difficulty: str
    bonus_table: list[int]
    side_to_play: str
    playing_opponent: bool
    score: SoloScore | None
    result: str | None


class DragonsArenaView(View):
    """What ``viewer`` may know; per-side maps are keyed "fire" and "ice" (see ``view``)."""

    last_side: str | None  # the side that played the last move

    last_squares: list[str]
    viewer_side: str | None
    seat_sides: list[str]
    level: str
    dragon_master: bool
    phase: str  # setup, split, placement, play or over
    duel: int
    nuggets: dict[str, int]
    nuggets_to_win: int
    board: Arena
    to_play: str | None
    starter: str | None
    must: str  # set, split, place, eliminate, change, element or over
    element_allowed: bool
    prompt: str
    totals: dict[str, int]
    dragons_left: dict[str, int]
    dice: dict[str, list[int] | None]
    ready: dict[str, bool]
    splits_left: int
    last_duel: DuelResult | None
    solo: SoloView | None


GAME_ID = "dragons_arena"
SIZE = 4
FIRE, ICE = 0, 1
SIDES = ("fire", "ice")
SIDE_NAMES = (Text("FIRE"), Text("ICE"))  # each side's name for players
LETTERS = ("F", "I")
POWERS = (1, 2, 3, 4, 5, 6)
DICE_PER_SIDE = 8
BIG_TOTAL = 28
SPLIT_TOTAL = 7
SPLITS = 4
LEVELS = ("baby", "little", "big", "equal", "free")
SOLO_LEVELS = ("off", "normal", "high")
# Bonus to the solo opponent for 0, 1, 2, 3, 4 dragons left; 5 or more is a loss.
SOLO_BONUS = {"normal": (0, 1, 2, 3, 4), "high": (0, 1, 3, 6, 10)}
COMBUSTION_LOSS = 3
BLIZZARD_LOSS = 2

# Why a duel ends, one sentence per case: a duel's result (``last_duel["reason"]``) keeps the English.
NO_CONTACT = Text("no dragon is next to an enemy")
REPEATED = Text("the same arena came back a third time")
OPPONENT_CANNOT_ELIMINATE = (
    Text("the opponent's FIRE dragons cannot eliminate"),
    Text("the opponent's ICE dragons cannot eliminate"),
)
CANNOT_ACT = (
    Text("every dragon has a force field and FIRE cannot act"),
    Text("every dragon has a force field and ICE cannot act"),
)
# How a game ends (the Outcome's reason), one sentence per case; the figures are in the view:
# the last duel's totals (``last_duel``), the nuggets (also the Outcome's scores), the solo score.
DUEL_WON = (Text("FIRE won the duel"), Text("ICE won the duel"))
MATCH_WON = (Text("FIRE won the duel and the match"), Text("ICE won the duel and the match"))
SOLO_ENDS = {
    "win": Text("your power beat the opponent's power plus its bonus"),
    "draw": Text("your power equalled the opponent's power plus its bonus"),
    "loss": Text("the opponent's power plus its bonus beat yours"),
}
SOLO_TOO_MANY = Text("the opponent kept 5 dragons or more")

SQUARES: tuple[Square, ...] = tuple(all_squares(SIZE, SIZE))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n.rank * SIZE + n.file for n in sq.neighbours(SIZE, SIZE)) for sq in SQUARES
)

# A cell is a small integer: EMPTY, or a dragon's code (its side, power and force field), so that
# an arena is a list of ints that the hot loops read through tables indexed by code.
Cell = int
EMPTY = 0


def dragon(side: int, power: int, shielded: bool = False) -> Cell:
    """The code of a dragon: 1 to 24.

    >>> dragon(FIRE, 1), dragon(ICE, 6, shielded=True)
    (1, 24)
    """
    return 1 + side * 12 + (power - 1) * 2 + shielded


CODES = range(1 + 2 * 12)  # EMPTY and every dragon
SIDE_OF: tuple[int, ...] = (-1, *(side for side in (FIRE, ICE) for _ in POWERS for _ in (0, 1)))  # -1: empty
POWER_OF: tuple[int, ...] = (0, *(power for _ in (FIRE, ICE) for power in POWERS for _ in (0, 1)))
SHIELDED: tuple[bool, ...] = (False, *(bool(shield) for _ in (FIRE, ICE) for _ in POWERS for shield in (0, 1)))


def beats(attacker: int, defender: int) -> bool:
    """Whether power ``attacker`` may eliminate an adjacent enemy of power ``defender``."""
    if attacker == 1:
        return defender == 6
    if attacker == 6 and defender == 1:
        return False
    return defender < attacker


def index_of(square: Square) -> int:
    return square.rank * SIZE + square.file


def name_of(index: int) -> str:
    """``name_of(0) == 'a1'``."""
    return str(SQUARES[index])


_ACTION = re.compile(r"([a-d][1-4])(?:(x)([a-d][1-4])|=([1-6]))")


def _who(view: View, names: Sequence[str], side: str) -> Text:
    """Who played for ``side``: "Ada (FIRE)" in a duel; the side alone in solo, where one player plays both."""
    if view["players"] == 1:
        return SIDE_NAMES[SIDES.index(side)]
    seat = SIDES.index(side)
    return Text("{name} ({side})", name=names[seat], side=SIDE_NAMES[seat])


def _move_words(who: Text, notation: str) -> Text:
    """One move in words, from its notation (the view's ``last_move``)."""
    kind, _, rest = notation.partition(":")
    if kind == "set":
        if rest == "hidden":
            return Text("{who} set their secret powers", who=who)
        return Text("{who} set the powers {powers}", who=who, powers=rest.replace(",", " "))
    if kind == "split":
        low, _, high = rest.partition("+")
        return Text("{who} split 7 into {low} and {high}", who=who, low=low, high=high)
    if kind == "fire":
        return Text("{who} used Combustion on {square}", who=who, square=rest)
    if kind == "ice":
        target, _, destination = rest.partition(">")
        if destination:
            return Text(
                "{who} used Blizzard on {square} and moved it to {destination}",
                who=who, square=target, destination=destination,
            )  # fmt: skip
        return Text("{who} used Blizzard on {square}", who=who, square=target)
    if "@" in notation:
        power, _, square = notation.partition("@")
        return Text("{who} placed a {power} on {square}", who=who, power=power, square=square)
    read = _ACTION.fullmatch(notation)
    if read is None:
        return Text("{who} played {move}", who=who, move=notation)
    start, eats, target, power = read.groups()
    if eats:
        return Text("{who} eliminated {target} from {start}", who=who, target=target, start=start)
    return Text("{who} changed {square} to {power}", who=who, square=start, power=power)


def side_of(name: str) -> int:
    return SIDES.index(name)


def opening_side(fire: list[int], ice: list[int], rng: Rng) -> int:
    """The side with more 1s starts, then more 2s, …; all equal: random (uses ``rng``)."""
    for power in POWERS:
        fire_count, ice_count = fire.count(power), ice.count(power)
        if fire_count != ice_count:
            return FIRE if fire_count > ice_count else ICE
    return rng.below(2)


# ---------------------------------------------------------------------------
# Moves


@dataclass(frozen=True)
class Eliminate:
    """``b2xc3``: the dragon on ``attacker`` eliminates the enemy on ``target``."""

    attacker: Square
    target: Square
    # The squares' indexes, kept with the move: the engine reads them on every elimination.
    source_index: int = field(init=False, repr=False, compare=False)
    target_index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "source_index", index_of(self.attacker))
        object.__setattr__(self, "target_index", index_of(self.target))

    @cached_property
    def notation(self) -> str:
        return f"{self.attacker}x{self.target}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class ChangePower:
    """``c3=5``: the dragon on ``square`` turns to ``power`` and gets a force field."""

    square: Square
    power: int
    index: int = field(init=False, repr=False, compare=False)  # the square's, as for Eliminate

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", index_of(self.square))

    @cached_property
    def notation(self) -> str:
        return f"{self.square}={self.power}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Combustion:
    """``fire:c3``: FIRE's element, the enemy on ``target`` loses 3."""

    target: Square

    def __str__(self) -> str:
        return f"fire:{self.target}"


@dataclass(frozen=True)
class Blizzard:
    """``ice:c3>a1``: ICE's element, the enemy on ``target`` loses 2 and goes to ``destination``."""

    target: Square
    destination: Square | None = None

    def __str__(self) -> str:
        return f"ice:{self.target}" + (f">{self.destination}" if self.destination else "")


@dataclass(frozen=True)
class Place:
    """``4@b2``: one of your dice showing 4 goes on b2."""

    power: int
    square: Square

    def __str__(self) -> str:
        return f"{self.power}@{self.square}"


@dataclass(frozen=True)
class SetPowers:
    """``set:1,2,3,4,4,4,5,5``: your secret powers (kept sorted: dice are alike)."""

    powers: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "powers", tuple(sorted(self.powers)))

    def __str__(self) -> str:
        return "set:" + ",".join(map(str, self.powers))


@dataclass(frozen=True)
class Split:
    """``split:3+4``: 7 points over two dice, given to both sides (kept low first)."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            low, high = self.high, self.low
            object.__setattr__(self, "low", low)
            object.__setattr__(self, "high", high)

    def __str__(self) -> str:
        return f"split:{self.low}+{self.high}"


Move = Eliminate | ChangePower | Combustion | Blizzard | Place | SetPowers | Split
PlayMove = Eliminate | ChangePower | Combustion | Blizzard

NOTATION_HELP = Text(
    "Write b2xc3 (eliminate), c3=5 (change a power), fire:c3 or ice:c3>a1 (element), "
    "4@b2 (place a die), set:1,2,3,4,4,4,5,5 (secret powers) or split:3+4."
)
# What a number of each notation is, for a number that cannot be read.
SET_HELP = Text("set takes powers like set:1,2,3,4,4,4,5,5")
SPLIT_HELP = Text("like split:3+4")
POWER_HELP = Text("a power is 1 to 6, like c3=5")
PLACE_HELP = Text("place a die like 4@b2")


def _square(text: str) -> Square:
    square = Square.parse(text)
    if not square.on_board(SIZE, SIZE):
        raise NotationError("{square} is not in the arena: squares run from a1 to d4.", square=shown(text))
    return square


def _number(text: str, what: Text) -> int:
    return plain_number(text, what)


def parse_move(text: str) -> Move:
    """Read any move of the notation; no legality check.

    >>> parse_move(" B2 x C3 "), str(parse_move("split:4+3")), str(parse_move("ICE:c3>a1"))
    (Eliminate(attacker=Square(file=1, rank=1), target=Square(file=2, rank=2)), 'split:3+4', 'ice:c3>a1')
    """
    compact = "".join(plain_notation(text).split()).lower()
    if compact.startswith("set:"):
        items = [item for item in compact[4:].split(",") if item]
        return SetPowers(tuple(_number(item, SET_HELP) for item in items))
    if compact.startswith("split:"):
        low, plus, high = compact[6:].partition("+")
        if not plus:
            raise NotationError("Write a split as two powers joined by +, like split:3+4.")
        return Split(_number(low, SPLIT_HELP), _number(high, SPLIT_HELP))
    return _parse_board_move(compact)


def _parse_board_move(compact: str) -> Move:
    if compact.startswith("fire:"):
        return Combustion(_square(compact[5:]))
    if compact.startswith("ice:"):
        target, arrow, destination = compact[4:].partition(">")
        return Blizzard(_square(target), _square(destination) if arrow else None)
    if "=" in compact:
        square, _, power = compact.partition("=")
        return ChangePower(_square(square), _number(power, POWER_HELP))
    if "@" in compact:
        power, _, square = compact.partition("@")
        return Place(_number(power, PLACE_HELP), _square(square))
    if "x" in compact:
        attacker, _, target = compact.partition("x")
        return Eliminate(_square(attacker), _square(target))
    raise NotationError("'{text}' is not a move. {help}", text=shown(compact), help=NOTATION_HELP)


@lru_cache(maxsize=2)
def power_sets(total: int | None) -> tuple[SetPowers, ...]:
    """Every secret set of 8 powers (with ``total`` when given): 1287 sets, 73 of total 28."""
    sets = combinations_with_replacement(POWERS, DICE_PER_SIDE)
    return tuple(SetPowers(s) for s in sets if total is None or sum(s) == total)


SPLIT_MOVES = tuple(Split(low, SPLIT_TOTAL - low) for low in (1, 2, 3))


# ---------------------------------------------------------------------------
# Arena helpers (pure functions on a board of 16 cells)


def cell_code(cell: Cell) -> str:
    """``'F4'``, ``'I3*'`` (force field) or ``'.'``: a cell in the stored form.

    >>> cell_code(dragon(FIRE, 4)), cell_code(dragon(ICE, 3, shielded=True)), cell_code(EMPTY)
    ('F4', 'I3*', '.')
    """
    if cell == EMPTY:
        return "."
    return f"{LETTERS[SIDE_OF[cell]]}{POWER_OF[cell]}{'*' if SHIELDED[cell] else ''}"


def parse_cell(code: str) -> Cell:
    return dragon(LETTERS.index(code[0].upper()), int(code[1]), code.endswith("*"))


# A position of the repetition rule: the arena's cells and then the side to play, as bytes (cheap
# to build and hash). The stored form is text (``board_key``).
PositionKey = bytes
_PADDED_CODES: tuple[str, ...] = tuple(cell_code(cell).ljust(3) for cell in CODES)
_CELL_OF_PADDED: dict[str, Cell] = {padded: cell for cell, padded in enumerate(_PADDED_CODES)}
_SIDE_BYTES = (bytes((FIRE,)), bytes((ICE,)))


def position_key(board: list[Cell], to_play: int) -> PositionKey:
    return bytes(board) + _SIDE_BYTES[to_play]


def board_key(board: Sequence[Cell], to_play: int) -> str:
    """The arena and the side to play as text: the stored form of a repetition-rule position.

    >>> board_key([dragon(FIRE, 4), dragon(ICE, 3, shielded=True)] + [EMPTY] * 14, ICE)[:7]
    'F4 I3*.'
    """
    return "".join(map(_PADDED_CODES.__getitem__, board)) + LETTERS[to_play]


def key_text(key: PositionKey) -> str:
    """The stored form of a position key (see :func:`board_key`)."""
    return board_key(key[:-1], key[-1])


def parse_key(text: str) -> PositionKey:
    """A position key from its stored form.

    >>> text = board_key([dragon(FIRE, 4)] * 16, ICE)
    >>> parse_key(text) == position_key([dragon(FIRE, 4)] * 16, ICE), key_text(parse_key(text)) == text
    (True, True)
    """
    cells = [_CELL_OF_PADDED[text[i : i + 3]] for i in range(0, 3 * SIZE * SIZE, 3)]
    return position_key(cells, LETTERS.index(text[3 * SIZE * SIZE]))


# ENEMIES[a][b]: whether cells ``a`` and ``b`` hold dragons of different sides.
ENEMIES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(a != EMPTY and b != EMPTY and SIDE_OF[a] != SIDE_OF[b] for b in CODES) for a in CODES
)


def any_contact(board: list[Cell]) -> bool:
    """Whether some dragon stands next to an enemy."""
    for index, cell in enumerate(board):
        if cell != EMPTY:
            enemy = ENEMIES[cell]
            for other in NEIGHBOURS[index]:
                if enemy[board[other]]:
                    return True
    return False


def totals(board: list[Cell]) -> list[int]:
    result = [0, 0]
    for cell in board:
        if cell != EMPTY:
            result[SIDE_OF[cell]] += POWER_OF[cell]
    return result


def dragons_left(board: list[Cell]) -> list[int]:
    result = [0, 0]
    for cell in board:
        if cell != EMPTY:
            result[SIDE_OF[cell]] += 1
    return result


# TAKEN[cell]: the dragon that eliminates the dragon ``cell`` takes its square and its power.
TAKEN: tuple[Cell, ...] = tuple(EMPTY if cell == EMPTY else dragon(1 - SIDE_OF[cell], POWER_OF[cell]) for cell in CODES)
# BEATS[attacker][defender], for powers 1 to 6 (index 0 unused).
BEATS: tuple[tuple[bool, ...], ...] = tuple(tuple(beats(a, d) for d in range(7)) for a in range(7))
# CAPTURES[side][attacker][defender]: whether the cell ``attacker``, a dragon of ``side``, eliminates
# the cell ``defender`` next to it; empty when ``attacker`` is not a dragon of ``side``.
CAPTURES: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(
        tuple(ENEMIES[a][d] and BEATS[POWER_OF[a]][POWER_OF[d]] for d in CODES) if SIDE_OF[a] == side else ()
        for a in CODES
    )
    for side in (FIRE, ICE)
)
# Move objects built once: ATTACKS[source] lists (target, elimination) for every neighbour;
# CHANGES[index][cell] the power changes of the dragon ``cell`` on ``index`` (none if shielded).
ATTACKS: tuple[tuple[tuple[int, Eliminate], ...], ...] = tuple(
    tuple((o, Eliminate(SQUARES[i], SQUARES[o])) for o in NEIGHBOURS[i]) for i in range(SIZE * SIZE)
)
CHANGES: tuple[tuple[tuple[ChangePower, ...], ...], ...] = tuple(
    tuple(
        ()
        if cell == EMPTY or SHIELDED[cell]
        else tuple(ChangePower(SQUARES[i], p) for p in POWERS if p != POWER_OF[cell])
        for cell in CODES
    )
    for i in range(SIZE * SIZE)
)


def eliminations(board: list[Cell], side: int) -> list[Eliminate]:
    captures = CAPTURES[side]
    return [
        move
        for index, cell in enumerate(board)
        if (wins := captures[cell])
        for other, move in ATTACKS[index]
        if wins[board[other]]
    ]


def power_changes(board: list[Cell]) -> list[ChangePower]:
    moves: list[ChangePower] = []
    for index, cell in enumerate(board):
        changes = CHANGES[index][cell]
        if changes:
            moves.extend(changes)
    return moves


def element_targets(board: list[Cell], side: int) -> list[int]:
    """Enemies next to one of ``side``'s power-1 dragons, in square order."""
    targets: set[int] = set()
    for index, cell in enumerate(board):
        if SIDE_OF[cell] == side and POWER_OF[cell] == 1:
            targets.update(o for o in NEIGHBOURS[index] if SIDE_OF[board[o]] == 1 - side)
    return sorted(targets)


def element_moves(board: list[Cell], side: int) -> list[PlayMove]:
    targets = element_targets(board, side)
    if side == FIRE:
        return [Combustion(SQUARES[t]) for t in targets]
    empty = [SQUARES[i] for i, cell in enumerate(board) if cell == EMPTY]
    moves: list[PlayMove] = []
    for target in targets:
        survives = POWER_OF[board[target]] > BLIZZARD_LOSS
        if survives and empty:
            moves.extend(Blizzard(SQUARES[target], dest) for dest in empty)
        else:
            moves.append(Blizzard(SQUARES[target]))
    return moves


# ---------------------------------------------------------------------------
# State


@dataclass(eq=False)
class DragonsArenaState(GameState[Move]):
    players: int
    level: str
    dragon_master: bool
    solo: str
    solo_side: int
    nuggets_to_win: int
    rng: Rng
    phase: str = "play"
    board: list[Cell] = field(default_factory=lambda: [EMPTY] * (SIZE * SIZE))
    to_play: int = FIRE
    starter: int = FIRE
    dice: list[list[int]] = field(default_factory=lambda: [[], []])
    secret: list[list[int] | None] = field(default_factory=lambda: [None, None])
    splits: int = 0
    nuggets: list[int] = field(default_factory=lambda: [0, 0])
    duel: int = 0
    move_number: int = 0
    last_move: list[str] = field(default_factory=list)
    last_secret: int | None = None  # the side whose still-hidden set is the last move
    last_side: int | None = None  # the side that played the last move
    last_squares: list[int] = field(default_factory=list)
    last_duel: DuelResult | None = None
    history: dict[PositionKey, int] = field(default_factory=dict)
    result: Outcome | None = None
    solo_score: SoloScore | None = None
    _moves_cache: dict[int, list[Move]] = field(default_factory=dict, repr=False)

    # -- creation and storage -------------------------------------------------

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        solo = str(options.get("solo", "off"))
        if players == 1 and solo == "off":
            solo = "normal"
        if players == 2 and solo != "off":
            raise ValueError("Solo training is played by one player: start it with players=1.")
        state = cls(
            players=players,
            level="baby" if players == 1 else str(options.get("level", "baby")),
            dragon_master=bool(options.get("dragon_master", False)),
            solo=solo,
            solo_side=side_of(str(options.get("solo_species", "fire"))),
            nuggets_to_win=1 if players == 1 else int(options.get("nuggets", 1)),
            rng=Rng.seeded(seed),
        )
        state._start_duel()
        return state

    def to_json(self) -> JSON:
        return {
            "game": GAME_ID,
            "players": self.players,
            "options": {
                "level": self.level,
                "dragon_master": self.dragon_master,
                "solo": self.solo,
                "solo_species": SIDES[self.solo_side],
                "nuggets": self.nuggets_to_win,
            },
            "rng": self.rng.state,
            "phase": self.phase,
            "board": {name_of(i): cell_code(c) for i, c in enumerate(self.board) if c != EMPTY},
            "to_play": SIDES[self.to_play],
            "starter": SIDES[self.starter],
            "dice": {SIDES[s]: list(self.dice[s]) for s in (FIRE, ICE)},
            "secret": {SIDES[s]: self.secret[s] for s in (FIRE, ICE)},
            "splits": self.splits,
            "nuggets": {SIDES[s]: self.nuggets[s] for s in (FIRE, ICE)},
            "duel": self.duel,
            "move_number": self.move_number,
            "last_move": list(self.last_move),
            "last_secret": None if self.last_secret is None else SIDES[self.last_secret],
            "last_side": None if self.last_side is None else SIDES[self.last_side],
            "last_squares": [name_of(i) for i in self.last_squares],
            "last_duel": self.last_duel,
            "history": {key_text(key): count for key, count in self.history.items()},
            "outcome": None if self.result is None else self.result.to_json(),
            "solo_score": self.solo_score,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        options = data["options"]
        board: list[Cell] = [EMPTY] * (SIZE * SIZE)
        for name, code in data["board"].items():
            board[index_of(Square.parse(name))] = parse_cell(code)
        secret = data.get("secret", {})
        last_secret = data.get("last_secret")
        return cls(
            players=data["players"],
            level=options["level"],
            dragon_master=options["dragon_master"],
            solo=options["solo"],
            solo_side=side_of(options.get("solo_species", "fire")),
            nuggets_to_win=options["nuggets"],
            rng=Rng(data["rng"]),
            phase=data["phase"],
            board=board,
            to_play=side_of(data["to_play"]),
            starter=side_of(data.get("starter") or data["to_play"]),
            dice=[sorted(data.get("dice", {}).get(s, [])) for s in SIDES],
            secret=[None if secret.get(s) is None else list(secret[s]) for s in SIDES],
            splits=data.get("splits", 0),
            nuggets=[data.get("nuggets", {}).get(s, 0) for s in SIDES],
            duel=data.get("duel", 1),
            move_number=data.get("move_number", 0),
            last_move=list(data.get("last_move", [])),
            last_secret=None if last_secret is None else side_of(last_secret),
            last_side=None if data.get("last_side") is None else side_of(data["last_side"]),
            last_squares=[index_of(Square.parse(n)) for n in data.get("last_squares", [])],
            last_duel=data.get("last_duel"),
            history={parse_key(key): count for key, count in data.get("history", {}).items()},
            result=Outcome.from_json(data.get("outcome")),
            solo_score=data.get("solo_score"),
        )

    def copy(self) -> Self:
        """Copies what moves change in place (the board, and before the duel the dice and secret
        sets); shares the rest, which moves only replace (the history, the nuggets, and the RNG
        before drawing from it: see ``_draw``); drops the move cache."""
        clone = object.__new__(type(self))
        clone.__dict__ = self.__dict__.copy()  # twice as fast as _shallow_copy's update
        clone.board = self.board.copy()
        if self.phase != "play":
            clone.dice, clone.secret = [d.copy() for d in self.dice], self.secret.copy()
        clone._moves_cache = {}
        return clone

    def _draw(self) -> Rng:
        """The state's own generator, ready to draw from: a copy, since copies of the state share it."""
        self.rng = self.rng.copy()
        return self.rng

    # -- who acts ---------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        if self.phase == "setup":
            return tuple(side for side in (FIRE, ICE) if self.secret[side] is None)
        return (0,) if self.players == 1 else (self.to_play,)

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def is_solo(self) -> bool:
        return self.players == 1

    def acting_side(self, seat: int) -> int:
        """The side a seat moves for now (in solo the one seat plays whichever side is to play)."""
        return self.to_play if self.is_solo or self.phase != "setup" else seat

    def solo_opponent_to_play(self) -> bool:
        return self.is_solo and self.to_play != self.solo_side

    # -- legal moves ------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        cached = self._moves_cache.get(seat)  # only ever kept for an actor
        if cached is not None:
            return list(cached)
        if seat not in self.actors:
            return []
        cached = self._compute_moves(self.acting_side(seat))
        self._moves_cache[seat] = cached
        return list(cached)

    def _compute_moves(self, side: int) -> list[Move]:
        if self.phase == "setup":
            return list(power_sets(BIG_TOTAL if self.level == "big" else None))
        if self.phase == "split":
            return list(SPLIT_MOVES)
        if self.phase == "placement":
            return self._placements(side)
        return list(self.play_moves(side))

    def _placements(self, side: int) -> list[Move]:
        empty = [SQUARES[i] for i, cell in enumerate(self.board) if cell == EMPTY]
        return [Place(power, sq) for power in sorted(set(self.dice[side])) for sq in empty]

    def play_moves(self, side: int, captures: list[Eliminate] | None = None) -> list[PlayMove]:
        """Actions of ``side`` in the duel: eliminations (``captures``, if already listed), else
        power changes; plus the element."""
        moves: list[PlayMove] = list(eliminations(self.board, side) if captures is None else captures)
        if not moves and not (self.players == 1 and side != self.solo_side):
            moves.extend(power_changes(self.board))
        if self.dragon_master:
            moves.extend(element_moves(self.board, side))
        return moves

    def must(self) -> str:
        """Why the turn is what it is: set, split, place, eliminate, change, element or over."""
        if self.result is not None:
            return "over"
        if self.phase != "play":
            return {"setup": "set", "split": "split", "placement": "place"}[self.phase]
        if eliminations(self.board, self.to_play):
            return "eliminate"
        if not self.solo_opponent_to_play() and power_changes(self.board):
            return "change"
        return "element"

    def element_allowed(self) -> bool:
        return self.phase == "play" and self.dragon_master and bool(element_targets(self.board, self.to_play))

    # -- parsing and refusals -----------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def refusal(self, seat: int, move: Move) -> Text:
        side = self.acting_side(seat)
        wrong_phase = self._phase_refusal(move)
        if wrong_phase:
            return wrong_phase
        if isinstance(move, SetPowers):
            return self._set_refusal(move)
        if isinstance(move, Split):
            return Text(
                "A split gives 7 points to two dice, each 1 to 6: {splits}.", splits=", ".join(map(str, SPLIT_MOVES))
            )
        if isinstance(move, Place):
            return self._place_refusal(side, move)
        return self._play_refusal(side, move)

    def _phase_refusal(self, move: Move) -> Text | None:
        expected = {"setup": SetPowers, "split": Split, "placement": Place}.get(self.phase)
        if expected is not None and not isinstance(move, expected):
            hints = {
                "setup": Text("set your 8 secret powers first, like set:1,2,3,4,4,4,5,5"),
                "split": Text("split 7 points first, like split:3+4"),
                "placement": Text("place one of your dice first, like 4@b2"),
            }
            return Text("The duel has not begun: {hint}.", hint=hints[self.phase])
        if expected is None and isinstance(move, SetPowers | Split | Place):
            return Text("All dice are in the arena: eliminate (b2xc3), change a power (c3=5) or use your element.")
        return None

    def _set_refusal(self, move: SetPowers) -> Text:
        powers = move.powers
        if len(powers) != DICE_PER_SIDE:
            return Text(
                "Give exactly 8 powers, one per dragon (you gave {count}): set:1,2,3,4,4,4,5,5.", count=len(powers)
            )
        if any(p not in POWERS for p in powers):
            return Text("Each power must be 1 to 6.")
        if self.level == "big" and sum(powers) != BIG_TOTAL:
            return Text("At BIG level your 8 powers must total exactly 28; yours total {total}.", total=sum(powers))
        return Text("{move} is not a legal set now.", move=str(move))

    def _place_refusal(self, side: int, move: Place) -> Text:
        if self.board[index_of(move.square)] != EMPTY:
            return Text("{square} is taken: place your die on a free square.", square=str(move.square))
        return Text(
            "You have no die showing {power} left to place; your dice show: {dice}.",
            power=move.power,
            dice=", ".join(map(str, sorted(set(self.dice[side])))),
        )

    def _play_refusal(self, side: int, move: Move) -> Text:
        if isinstance(move, Combustion | Blizzard):
            return self._element_refusal(side, move)
        if isinstance(move, Eliminate):
            return self._eliminate_refusal(side, move)
        assert isinstance(move, ChangePower)
        return self._change_refusal(side, move)

    def _eliminate_refusal(self, side: int, move: Eliminate) -> Text:
        attacker, target = self.board[index_of(move.attacker)], self.board[index_of(move.target)]
        if SIDE_OF[attacker] != side:
            return Text(
                "{square} does not hold one of your {side} dragons.", square=str(move.attacker), side=SIDE_NAMES[side]
            )
        if SIDE_OF[target] != 1 - side:
            return Text("{square} does not hold an enemy dragon.", square=str(move.target))
        if move.attacker.distance(move.target) != 1:
            return Text(
                "{target} is not next to {attacker}: a dragon only eliminates a neighbour.",
                target=str(move.target),
                attacker=str(move.attacker),
            )
        return Text(
            "A {attacker} cannot eliminate a {target}: it needs a lower power, "
            "except that a 6 never takes a 1 and only a 1 takes a 6.",
            attacker=POWER_OF[attacker],
            target=POWER_OF[target],
        )

    def _change_refusal(self, side: int, move: ChangePower) -> Text:
        if self.solo_opponent_to_play():
            return Text("When you play the opponent's side, powers cannot be changed: eliminate.")
        elims = eliminations(self.board, side)
        if elims:
            return Text("Eliminating is compulsory when you can: for example {move}.", move=str(elims[0]))
        square = str(move.square)
        cell = self.board[index_of(move.square)]
        if cell == EMPTY:
            return Text("{square} is empty: choose a dragon to change.", square=square)
        if SHIELDED[cell]:
            return Text("The dragon on {square} has a force field: its power cannot change.", square=square)
        if move.power not in POWERS:
            return Text("A power is 1 to 6.")
        return Text(
            "The dragon on {square} already shows {power}: pick a different power.", square=square, power=move.power
        )

    def _element_refusal(self, side: int, move: Combustion | Blizzard) -> Text:
        if not self.dragon_master:
            return Text("Element powers are only played with the DRAGON MASTER option.")
        own = (Combustion, Blizzard)[side]
        if not isinstance(move, own):
            element = (Text("Combustion (fire:c3)"), Text("Blizzard (ice:c3>a1)"))[side]
            return Text("You play {side}: your element is {element}.", side=SIDE_NAMES[side], element=element)
        if index_of(move.target) not in element_targets(self.board, side):
            return Text("{square} is not an enemy next to one of your power-1 dragons.", square=str(move.target))
        assert isinstance(move, Blizzard)
        return self._destination_refusal(move)

    def _destination_refusal(self, move: Blizzard) -> Text:
        moves = element_moves(self.board, ICE)
        options = [m for m in moves if isinstance(m, Blizzard) and m.target == move.target]
        if options[0].destination is None:
            return Text(
                "Write ice:{square} alone: the dragon is eliminated or no square is empty.", square=str(move.target)
            )
        if move.destination is None:
            return Text(
                "Say where the dragon goes, like {example}: it must move to an empty square.", example=str(options[0])
            )
        return Text("{square} is not empty: send the dragon to an empty square.", square=str(move.destination))

    # -- applying moves -----------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> None:
        self.move_number += 1
        side = self.to_play if self.phase == "play" else self.acting_side(seat)
        self.last_side = side
        if self.phase == "play":
            self._apply_action(side, move)
        elif isinstance(move, SetPowers):
            self._apply_set(side, move)
        elif isinstance(move, Split):
            self._apply_split(move)
        elif isinstance(move, Place):
            self._apply_place(side, move)

    def _record(self, move: Move, squares: list[int]) -> None:
        self.last_move = [str(move)]
        self.last_secret = None
        self.last_squares = squares

    def _apply_set(self, side: int, move: SetPowers) -> None:
        self.secret[side] = list(move.powers)
        self.last_move, self.last_secret, self.last_squares = [str(move)], side, []
        if all(s is not None for s in self.secret):
            # Both sets are in: reveal them together, in side order.
            self.last_move = [str(SetPowers(tuple(s))) for s in self.secret if s is not None]
            self.last_secret = None
            self.dice = [list(s) for s in self.secret if s is not None]
            self.starter = opening_side(self.dice[FIRE], self.dice[ICE], self._draw())
            self._begin_placement()

    def _apply_split(self, move: Split) -> None:
        self._record(move, [])
        for side in (FIRE, ICE):
            self.dice[side] = sorted([*self.dice[side], move.low, move.high])
        self.splits += 1
        self.to_play = 1 - self.to_play
        if self.splits == SPLITS:
            self._begin_placement()

    def _apply_place(self, side: int, move: Place) -> None:
        index = index_of(move.square)
        self._record(move, [index])
        self.board[index] = dragon(side, move.power)
        self.dice[side].remove(move.power)
        self.to_play = 1 - side
        if EMPTY not in self.board:
            self._begin_play()

    def _apply_action(self, side: int, move: Move) -> None:
        if isinstance(move, Eliminate):
            self._eliminate(move)
        elif isinstance(move, ChangePower):
            self._change(move)
        elif isinstance(move, Combustion):
            self._wound(move, index_of(move.target), COMBUSTION_LOSS, None)
        elif isinstance(move, Blizzard):
            destination = None if move.destination is None else index_of(move.destination)
            self._wound(move, index_of(move.target), BLIZZARD_LOSS, destination)
        self.to_play = 1 - side
        self._after_turn()

    def _eliminate(self, move: Eliminate) -> None:
        board, source, target = self.board, move.source_index, move.target_index
        board[target] = TAKEN[board[target]]
        board[source] = EMPTY
        self.last_move, self.last_secret, self.last_squares = [move.notation], None, [source, target]
        self.history = {}  # an elimination can never be undone: earlier positions cannot return

    def _change(self, move: ChangePower) -> None:
        index = move.index
        self.board[index] = dragon(SIDE_OF[self.board[index]], move.power, shielded=True)
        self._record(move, [index])

    def _wound(self, move: Move, target: int, loss: int, destination: int | None) -> None:
        cell = self.board[target]
        power = POWER_OF[cell] - loss
        self.board[target] = EMPTY
        if power > 0:
            self.board[target if destination is None else destination] = dragon(SIDE_OF[cell], power)
        else:
            self.history = {}  # eliminated, as in _eliminate
        self._record(move, [target] if destination is None else [target, destination])

    # -- duel flow ------------------------------------------------------------------

    def _start_duel(self) -> None:
        self._draw()
        self.duel += 1
        self.board = [EMPTY] * (SIZE * SIZE)
        self.dice, self.secret, self.splits, self.history = [[], []], [None, None], 0, {}
        if self.level == "baby":
            self._scatter()
        elif self.level == "little":
            self.dice = [sorted(self._roll()) for _ in (FIRE, ICE)]
            self.starter = opening_side(self.dice[FIRE], self.dice[ICE], self.rng)
            self._begin_placement()
        elif self.level == "equal":
            self.starter = self.to_play = self.rng.below(2)
            self.phase = "split"
        else:
            self.phase = "setup"

    def _roll(self) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(DICE_PER_SIDE)]

    def _scatter(self) -> None:
        """BABY: roll all 16 dice and shake them into the 16 squares."""
        fire, ice = self._roll(), self._roll()
        dice: list[Cell] = [*(dragon(FIRE, p) for p in fire), *(dragon(ICE, p) for p in ice)]
        self.rng.shuffle(dice)
        self.board = dice
        self.starter = opening_side(fire, ice, self.rng)
        self._begin_play()

    def _begin_placement(self) -> None:
        self.phase = "placement"
        self.to_play = self.starter

    def _begin_play(self) -> None:
        self.phase = "play"
        self.to_play = self.starter
        if self.solo_opponent_to_play() and not eliminations(self.board, self.to_play):
            self.to_play = self.solo_side  # our ruling: the opening passes to you
        self._after_turn()

    def _after_turn(self) -> None:
        """End the duel if a rule says so, else remember the position for the repetition rule."""
        reason = self._duel_end_reason()
        if reason:
            self._finish_duel(reason)

    def _duel_end_reason(self) -> str:
        # A possible elimination is a contact: the board is scanned for one only when there is none.
        board, side = self.board, self.to_play
        captures = eliminations(board, side)
        if not captures and not any_contact(board):
            return NO_CONTACT.template
        key, history = position_key(board, side), self.history
        seen = history.get(key, 0) + 1
        self.history = {**history, key: seen}  # replaced, never edited: copies share it
        if seen >= 3:
            return REPEATED.template
        if not captures and self.solo_opponent_to_play():
            return OPPONENT_CANNOT_ELIMINATE[side].template
        moves = self.play_moves(side, captures)
        if not moves:
            return CANNOT_ACT[side].template
        # The duel goes on in this very position: keep its moves for legal_moves.
        self._moves_cache[0 if self.players == 1 else side] = cast(list[Move], moves)
        return ""

    def _finish_duel(self, reason: str) -> None:
        power = totals(self.board)
        winner = None if power[FIRE] == power[ICE] else (FIRE if power[FIRE] > power[ICE] else ICE)
        self.last_duel = {
            "duel": self.duel,
            "totals": {SIDES[s]: power[s] for s in (FIRE, ICE)},
            "winner": None if winner is None else SIDES[winner],
            "reason": reason,
            "board": self._board_rows(),
        }
        if self.is_solo:
            self._finish_solo()
            return
        if winner is not None:
            self.nuggets = self.nuggets.copy()  # replaced, never edited: copies share it
            self.nuggets[winner] += 1
        if max(self.nuggets) >= self.nuggets_to_win:
            self._finish_match()
        else:
            self.last_squares = []  # the marks belonged to the finished duel's arena
            self._start_duel()

    def _finish_match(self) -> None:
        """The match is won: the reason says so in words, the view keeps the figures (the last
        duel's totals and why it ended in ``last_duel``, the nuggets in the scores)."""
        self.phase = "over"
        champion = FIRE if self.nuggets[FIRE] > self.nuggets[ICE] else ICE
        reason = (MATCH_WON if self.nuggets_to_win > 1 else DUEL_WON)[champion]
        self.result = Outcome((champion,), reason.template, tuple(float(n) for n in self.nuggets))

    def _finish_solo(self) -> None:
        """The solo duel is over: the reason says how it was decided, ``solo_score`` keeps the figures."""
        self.phase = "over"
        score = solo_score(self.board, self.solo_side, self.solo)
        self.solo_score = score
        too_many = score["opponent_dragons"] >= len(SOLO_BONUS[self.solo])
        reason = SOLO_TOO_MANY if too_many else SOLO_ENDS[score["result"]]
        winners = (0,) if score["result"] == "win" else ()
        self.result = Outcome(winners, reason.template, (float(score["you"]),))

    # -- views ------------------------------------------------------------------------

    def _board_rows(self) -> Arena:
        """board[r][f]: rank r+1 (row 0 is rank 1), file a+f."""
        return [[_cell_view(self.board[r * SIZE + f]) for f in range(SIZE)] for r in range(SIZE)]

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | Listing | None:
        """The last move: "Ada (FIRE) eliminated c3 from b2"; a set still secret is only "set their powers".

        >>> from rules import GAMES
        >>> state = GAMES["dragons_arena"].new(players=2, seed=3, options={"level": "big"})
        >>> state = state.play(0, "set:1,2,3,4,4,4,5,5")
        >>> str(DragonsArenaState.describe(state.view(1), ["Ada", "Bob"]))
        'Ada (FIRE) set their secret powers'
        """
        board = cast(DragonsArenaView, view)
        moves, side = board["last_move"], board["last_side"]
        if not moves or side is None:
            return None
        if len(moves) == 2:  # both secret sets, revealed together in side order
            sets = tuple(_move_words(_who(view, names, SIDES[s]), moves[s]) for s in (FIRE, ICE))
            return Listing(sets, AND)
        return _move_words(_who(view, names, side), moves[0])

    def view(self, seat: int | None) -> DragonsArenaView:
        """What ``seat`` may know. Beyond the common keys:

        ``board`` (``board[r][f]`` is rank r+1, file a+f: None or {"side", "power", "field"}),
        ``to_play`` (side, None during a secret set or when over), ``phase`` (setup, split,
        placement, play, over), ``must`` and ``prompt`` (why the turn is what it is),
        ``element_allowed``, ``totals`` / ``dragons_left`` / ``nuggets`` / ``dice`` (per side;
        during a secret set only the viewer's own powers, else None), ``ready``,
        ``last_squares`` (to highlight; empty after a new duel began), ``last_duel`` (the
        previous duel's result and final arena), ``solo`` (None or the solo details).
        """
        viewer_side = self._viewer_side(seat)
        power, left = totals(self.board), dragons_left(self.board)
        over = self.result is not None
        return {
            "game": GAME_ID,
            "players": self.players,
            "actors": list(self.actors),
            "move_number": self.move_number,
            "last_move": self._visible_last_move(viewer_side),
            "last_side": None if self.last_side is None else SIDES[self.last_side],
            "last_squares": [name_of(i) for i in self.last_squares],
            "outcome": None if self.result is None else self.result.to_json(),
            "viewer": seat,
            "viewer_side": None if viewer_side is None or self.is_solo else SIDES[viewer_side],
            "seat_sides": ["fire", "ice"] if not self.is_solo else [SIDES[self.solo_side]],
            "level": self.level,
            "dragon_master": self.dragon_master,
            "phase": self.phase,
            "duel": self.duel,
            "nuggets": {SIDES[s]: self.nuggets[s] for s in (FIRE, ICE)},
            "nuggets_to_win": self.nuggets_to_win,
            "board": self._board_rows(),
            "to_play": None if over or self.phase == "setup" else SIDES[self.to_play],
            "starter": None if self.phase == "setup" else SIDES[self.starter],
            "must": self.must(),
            "element_allowed": self.element_allowed(),
            "prompt": self.prompt(),
            "totals": {SIDES[s]: power[s] for s in (FIRE, ICE)},
            "dragons_left": {SIDES[s]: left[s] for s in (FIRE, ICE)},
            "dice": self._visible_dice(viewer_side),
            "ready": {SIDES[s]: self.secret[s] is not None for s in (FIRE, ICE)},
            "splits_left": SPLITS - self.splits if self.phase == "split" else 0,
            "last_duel": self.last_duel,
            "solo": self._solo_view(),
        }

    def _viewer_side(self, seat: int | None) -> int | None:
        if seat is None:
            return None
        if self.is_solo:
            return self.solo_side
        return seat

    def _visible_last_move(self, viewer_side: int | None) -> list[str]:
        if self.last_secret is not None and viewer_side != self.last_secret:
            return ["set:hidden"]
        return list(self.last_move)

    def _visible_dice(self, viewer_side: int | None) -> dict[str, list[int] | None]:
        """Dice still to place; during secret setup only the viewer's own set."""
        if self.phase != "setup":
            return {SIDES[s]: list(self.dice[s]) for s in (FIRE, ICE)}
        return {SIDES[s]: (self.secret[s] if s == viewer_side else None) for s in (FIRE, ICE)}

    def _solo_view(self) -> SoloView | None:
        if not self.is_solo:
            return None
        return {
            "you": SIDES[self.solo_side],
            "opponent": SIDES[1 - self.solo_side],
            "difficulty": self.solo,
            "bonus_table": list(SOLO_BONUS[self.solo]),
            "side_to_play": SIDES[self.to_play],
            "playing_opponent": self.solo_opponent_to_play(),
            "score": self.solo_score,
            "result": None if self.solo_score is None else self.solo_score["result"],
        }

    def _set_prompt(self) -> str:
        waiting = [SIDES[s].upper() for s in (FIRE, ICE) if self.secret[s] is None]
        who = "Both sides" if len(waiting) == 2 else waiting[0]
        return f"{who}: set 8 secret powers" + (" totalling 28" if self.level == "big" else "")

    def prompt(self) -> str:
        """One line saying whose turn it is and why: ``'ICE cannot eliminate: change a power'``."""
        must = self.must()
        if must == "over":
            return "Duel over"
        if must == "set":
            return self._set_prompt()
        side = SIDES[self.to_play].upper()
        text = {
            "split": f"{side}: split 7 points over two dice",
            "place": f"{side}: place a die",
            "eliminate": f"{side} must eliminate",
            "change": f"{side} cannot eliminate: change a power",
            "element": f"{side} must use its element",
        }[must]
        if must != "element" and self.element_allowed():
            text += " (or use its element)"
        return text


def _cell_view(cell: Cell) -> DragonView | None:
    if cell == EMPTY:
        return None
    return {"side": SIDES[SIDE_OF[cell]], "power": POWER_OF[cell], "field": SHIELDED[cell]}


def solo_score(board: list[Cell], you: int, difficulty: str) -> SoloScore:
    """Solo scoring: your total against the opponent's total plus its bonus.

    >>> board = [dragon(ICE, p) for p in (6, 5, 4, 3, 1)] + [dragon(FIRE, p) for p in (4, 3, 2, 1)]
    >>> [solo_score(board, 1, d)["result"] for d in ("normal", "high")]
    ['win', 'loss']
    """
    power, left = totals(board), dragons_left(board)
    them = 1 - you
    table = SOLO_BONUS[difficulty]
    too_many = left[them] >= len(table)
    bonus = 0 if too_many else table[left[them]]
    opponent = power[them] + bonus
    result = "loss" if too_many or opponent > power[you] else ("win" if power[you] > opponent else "draw")
    return {
        "you": power[you],
        "opponent_power": power[them],
        "opponent_dragons": left[them],
        "bonus": bonus,
        "opponent": opponent,
        "result": result,
    }


# ---------------------------------------------------------------------------
# Helpers for a click-by-click interface


def first_square(move: Move) -> str | None:
    """The square a player clicks first for ``move``: attacker, changed dragon, element target
    or square to fill; None for set and split moves."""
    if isinstance(move, Eliminate):
        return str(move.attacker)
    if isinstance(move, ChangePower | Place):
        return str(move.square)
    if isinstance(move, Combustion | Blizzard):
        return str(move.target)
    return None


def second_square(move: Move) -> str | None:
    """The square clicked next (elimination target, Blizzard destination); None when the
    next choice is a power (``c3=5``, ``4@b2``) or there is nothing more to pick."""
    if isinstance(move, Eliminate):
        return str(move.target)
    if isinstance(move, Blizzard) and move.destination is not None:
        return str(move.destination)
    return None


def moves_by_square(state: DragonsArenaState, seat: int) -> dict[str, list[Move]]:
    """Legal moves of ``seat`` grouped by the square clicked first (see :func:`first_square`).

    >>> from rules import GAMES
    >>> state = GAMES["dragons_arena"].new(players=2, seed=3, options={"level": "little"})
    >>> sorted(moves_by_square(state, state.actors[0]))[:3]
    ['a1', 'a2', 'a3']
    """
    groups: dict[str, list[Move]] = {}
    for move in state.legal_moves(seat):
        square = first_square(move)
        if square is not None:
            groups.setdefault(square, []).append(move)
    return groups


def moves_from(state: DragonsArenaState, square: str | Square, seat: int | None = None) -> list[Move]:
    """Legal moves starting on ``square`` for ``seat`` (default: the only actor)."""
    if seat is None:
        if not state.actors:
            return []
        seat = state.actors[0]
    return moves_by_square(state, seat).get(str(square).strip().lower(), [])


GAME = register(
    Game(
        id=GAME_ID,
        name="Dragons Arena",
        min_players=1,
        max_players=2,
        state_class=DragonsArenaState,
        options=(
            Option("level", "baby", LEVELS, "Placement: baby, little, big, equal or free."),
            Option("dragon_master", False, (False, True), "Element powers of the power-1 dragons."),
            Option("solo", "off", SOLO_LEVELS, "Solo training difficulty (one player plays both sides)."),
            Option("solo_species", "fire", SIDES, "Your species in solo training."),
            Option("nuggets", 1, (1, 2, 3, 4, 5), "Gold nuggets needed to win the match."),
        ),
        sample_setups=(
            (2, {"level": "baby"}),
            (2, {"level": "baby", "dragon_master": True}),
            (2, {"level": "little", "nuggets": 2}),
            (2, {"level": "big", "dragon_master": True, "nuggets": 3}),
            (2, {"level": "equal", "nuggets": 4}),
            (2, {"level": "free", "dragon_master": True, "nuggets": 5}),
            (1, {"solo": "normal", "solo_species": "fire"}),
            (1, {"solo": "high", "solo_species": "ice", "dragon_master": True}),
            (1, {"solo": "normal", "solo_species": "ice", "dragon_master": True}),
        ),
    )
)
