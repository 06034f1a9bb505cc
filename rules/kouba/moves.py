"""Kouba's numbers, its moves and their notation (see the package's docstring for the encoding), and the
moves a position offers, built once and shared (moves are immutable)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from rules.base import NotationError, Text, shown
from rules.kouba_combos import reachable_keeps
from rules.kouba_deck import load_deck

if TYPE_CHECKING:
    from rules.kouba.pieces import Roller


_DECK = load_deck()
GAME_ID = "kouba"
ALL = -1  # a bit mask with every bit set
MAX_PLAYERS = 6
PILES = 5
ARENA = 3
DICE = 6
ROLLS = 3
KOUBAS_TO_END = 4
MAX_SWAP = 2
LOG_LENGTH = 12
FACTION_BONUS = {2: 4, 3: 8}
BIG_BONUS = 20  # 4 or more cards of one faction in a pile
REAPER_TARGET = "run-6"
SYLVAN_TARGET = "has:2,2,4,4"

SWAP, TURN, EVENT, TIEBREAK, OVER = "swap", "turn", "event", "tiebreak", "over"
RACES = ("reaper", "sylvan", "duel", "tiebreak")

NOTATION_HELP = Text(
    "Moves: swap:1,3 or swap:none, roll, keep:3,3,6, claim:2:pile4, stop, kouba:pile3, give:@2:pile1, "
    "duel:@2, take:pile3, king:counter or king:allow, and powers such as khan:@2:pile4, brute:@2:pile4, "
    "assassin:@2, extra:1, courtesan:2=6, shaman:arena2"
)


def at(seat: int) -> str:
    """A seat in notation: seat 0 is ``@1``."""
    return f"@{seat + 1}"






@dataclass(frozen=True)
class Swap:
    """Swap these piles' cards once at round start: ``swap:1,3``, ``swap:none``."""

    piles: tuple[int, ...]

    def __str__(self) -> str:
        return "swap:" + (",".join(str(p + 1) for p in self.piles) if self.piles else "none")


@dataclass(frozen=True)
class Roll:
    """Roll all your dice (first roll, or re-roll everything): ``roll``."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Keep:
    """Keep dice showing these values (sorted) and roll the others: ``keep:3,3,6``."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return _keep_notation(self.values)


@lru_cache(maxsize=1024)
def _keep_notation(values: tuple[int, ...]) -> str:
    return "keep:" + ",".join(map(str, values))


@dataclass(frozen=True)
class Claim:
    """Win the card of arena ``slot`` and put it on ``pile``: ``claim:2:pile4``."""

    slot: int
    pile: int

    def __str__(self) -> str:
        return f"claim:{self.slot + 1}:pile{self.pile + 1}"


@dataclass(frozen=True)
class Stop:
    """Stop rolling: give up the turn (Kouba), or settle a Weaver or Golem result: ``stop``."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class PlaceKouba:
    """Put the Kouba you receive on one of your piles: ``kouba:pile3``."""

    pile: int

    def __str__(self) -> str:
        return f"kouba:pile{self.pile + 1}"


@dataclass(frozen=True)
class Give:
    """Six identical dice: give a Kouba to ``target`` on ``pile``: ``give:@2:pile1``."""

    target: int
    pile: int

    def __str__(self) -> str:
        return f"give:{at(self.target)}:pile{self.pile + 1}"


@dataclass(frozen=True)
class Challenge:
    """Duel: the drawer picks the opponent: ``duel:@2``."""

    target: int

    def __str__(self) -> str:
        return f"duel:{at(self.target)}"


@dataclass(frozen=True)
class Take:
    """Duel: take the top card of this pile of your opponent: ``take:pile3``."""

    pile: int

    def __str__(self) -> str:
        return f"take:pile{self.pile + 1}"


@dataclass(frozen=True)
class King:
    """Answer a Kouba coming at you: ``king:counter`` (use your King) or ``king:allow``."""

    counter: bool

    def __str__(self) -> str:
        return "king:counter" if self.counter else "king:allow"


@dataclass(frozen=True)
class Khan:
    """Khan / Black Widow: give ``target`` a Kouba on ``pile``: ``khan:@2:pile4``."""

    target: int
    pile: int

    def __str__(self) -> str:
        return f"khan:{at(self.target)}:pile{self.pile + 1}"


@dataclass(frozen=True)
class Brute:
    """Brute / Executioner: discard the top card of ``target``'s ``pile``: ``brute:@2:pile4``."""

    target: int
    pile: int

    def __str__(self) -> str:
        return f"brute:{at(self.target)}:pile{self.pile + 1}"


@dataclass(frozen=True)
class Assassin:
    """Assassin / Judge: end ``target``'s turn before they claim: ``assassin:@2``."""

    target: int

    def __str__(self) -> str:
        return f"assassin:{at(self.target)}"


@dataclass(frozen=True)
class Extra:
    """Priestess / Sentinel / Champion / Wild One: add the printed rolls: ``extra:2``."""

    rolls: int

    def __str__(self) -> str:
        return f"extra:{self.rolls}"


@dataclass(frozen=True)
class Courtesan:
    """Courtesan / Magician: turn one of your dice showing ``old`` into ``new``: ``courtesan:2=6``."""

    old: int
    new: int

    def __str__(self) -> str:
        return f"courtesan:{self.old}={self.new}"


@dataclass(frozen=True)
class Shaman:
    """Shaman / Guardian: discard and replace an arena card: ``shaman:arena2``."""

    slot: int

    def __str__(self) -> str:
        return f"shaman:arena{self.slot + 1}"


PowerMove = King | Khan | Brute | Assassin | Extra | Courtesan | Shaman
KoubaMove = Swap | Roll | Keep | Claim | Stop | PlaceKouba | Give | Challenge | Take | PowerMove
POWER_TYPES = (Khan, Brute, Assassin, Extra, Courtesan, Shaman)

ALIASES = {
    "widow": "khan",
    "blackwidow": "khan",
    "black-widow": "khan",
    "executioner": "brute",
    "judge": "assassin",
    "magician": "courtesan",
    "guardian": "shaman",
    "priestess": "extra",
    "sentinel": "extra",
    "champion": "extra",
    "wildone": "extra",
    "wild-one": "extra",
}


_SEAT = r"@([1-6])"
_PILE = r"(?:pile)?([1-5])"
_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], KoubaMove]], ...] = (
    (re.compile(r"^swap:?none$"), lambda m: Swap(())),
    (re.compile(r"^swap:?([1-5](?:,[1-5])*)$"), lambda m: Swap(_indices(m.group(1)))),
    (re.compile(r"^roll$"), lambda m: Roll()),
    (re.compile(r"^keep:?([1-6](?:,[1-6]){0,5})$"), lambda m: Keep(_values(m.group(1)))),
    (re.compile(r"^keep:?none$"), lambda m: Roll()),
    (re.compile(rf"^claim:?([1-3]):?{_PILE}$"), lambda m: Claim(int(m.group(1)) - 1, int(m.group(2)) - 1)),
    (re.compile(r"^stop$"), lambda m: Stop()),
    (re.compile(rf"^kouba:?{_PILE}$"), lambda m: PlaceKouba(int(m.group(1)) - 1)),
    (re.compile(rf"^give:?{_SEAT}:?{_PILE}$"), lambda m: Give(int(m.group(1)) - 1, int(m.group(2)) - 1)),
    (re.compile(rf"^duel:?{_SEAT}$"), lambda m: Challenge(int(m.group(1)) - 1)),
    (re.compile(rf"^take:?{_PILE}$"), lambda m: Take(int(m.group(1)) - 1)),
    (re.compile(r"^king:?(counter|allow)$"), lambda m: King(m.group(1) == "counter")),
    (re.compile(rf"^khan:?{_SEAT}:?{_PILE}$"), lambda m: Khan(int(m.group(1)) - 1, int(m.group(2)) - 1)),
    (re.compile(rf"^brute:?{_SEAT}:?{_PILE}$"), lambda m: Brute(int(m.group(1)) - 1, int(m.group(2)) - 1)),
    (re.compile(rf"^assassin:?{_SEAT}$"), lambda m: Assassin(int(m.group(1)) - 1)),
    (re.compile(r"^extra:?([12])$"), lambda m: Extra(int(m.group(1)))),
    (re.compile(r"^courtesan:?([1-6])=([1-6])$"), lambda m: Courtesan(int(m.group(1)), int(m.group(2)))),
    (re.compile(r"^shaman:?(?:arena)?([1-3])$"), lambda m: Shaman(int(m.group(1)) - 1)),
)


def _values(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(v) for v in text.split(",")))


def _indices(text: str) -> tuple[int, ...]:
    values = [int(v) - 1 for v in text.split(",")]
    if len(set(values)) != len(values):
        raise NotationError("'{text}' names the same number twice.", text=text)
    return tuple(sorted(values))


def parse_notation(text: str) -> KoubaMove:
    """Read a move; aliases of the power names are accepted."""
    compact = re.sub(r"\s+", "", text).lower()
    head, sep, _ = compact.partition(":")
    for alias, power in ALIASES.items():
        if head == alias or (not sep and compact.startswith(alias)):
            compact = power + compact[len(alias) :]
            break
    for pattern, build in _PATTERNS:
        if match := pattern.match(compact):
            return build(match)
    raise NotationError("Could not read '{text}'. {help}.", text=shown(text), help=NOTATION_HELP)


_SWAPS: tuple[KoubaMove, ...] = tuple(
    Swap(tuple(c)) for n in range(MAX_SWAP + 1) for c in combinations(range(PILES), n)
)


def _keep_moves(roller: Roller, target: str = "") -> list[KoubaMove]:
    """Keep any proper, non-empty part of the dice (in a race: only a part that can still succeed)."""
    return list(_keeps_for(tuple(sorted(roller.values)), target))


@lru_cache(maxsize=32768)
def _keeps_for(hand: tuple[int, ...], target: str) -> tuple[Keep, ...]:
    if len(hand) != DICE:
        return ()
    if target:
        allowed = reachable_keeps(target)
        return tuple(keep for keep in _keeps_for(hand, "") if keep.values in allowed)
    return tuple(Keep(part) for part in sorted({part for n in range(1, DICE) for part in combinations(hand, n)}))


# Moves are immutable: the legal move lists share these.
_ROLL, _STOP = Roll(), Stop()
_PLACE = tuple(PlaceKouba(pile) for pile in range(PILES))
_CLAIM = tuple(tuple(Claim(slot, pile) for pile in range(PILES)) for slot in range(ARENA))
_GIVE = tuple(tuple(Give(seat, pile) for pile in range(PILES)) for seat in range(MAX_PLAYERS))
_KHAN = tuple(tuple(Khan(seat, pile) for pile in range(PILES)) for seat in range(MAX_PLAYERS))
_BRUTE = tuple(tuple(Brute(seat, pile) for pile in range(PILES)) for seat in range(MAX_PLAYERS))
_CHALLENGE = tuple(Challenge(seat) for seat in range(MAX_PLAYERS))
_TAKE = tuple(Take(pile) for pile in range(PILES))
_SHAMAN = tuple(Shaman(slot) for slot in range(ARENA))
_KING = (King(True), King(False))


_FIRST_ROLL: tuple[KoubaMove, ...] = (_ROLL,)
_STOP_ONLY: tuple[KoubaMove, ...] = (_STOP,)


@cache
def _rerolls(hand: tuple[int, ...]) -> tuple[KoubaMove, ...]:
    """In a turn with rolls left, after ``hand`` (sorted dice): roll them all, or keep a part."""
    return (_ROLL, *_keeps_for(hand, ""))


@cache
def _rerolls_or_stop(hand: tuple[int, ...]) -> tuple[KoubaMove, ...]:
    """A turn's moves after ``hand`` with rolls left and nothing to claim or give: roll again or give up."""
    return (*_rerolls(hand), _STOP)


def _courtesan_moves(roller: Roller) -> Iterator[Courtesan]:
    for old in sorted(set(roller.values)):
        for new in range(1, 7):
            if new != old:
                yield Courtesan(old, new)
