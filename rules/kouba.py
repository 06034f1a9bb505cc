"""Kouba: beat the champions of the arena with six dice (2 to 6 players).

Rules as implemented (RULINGS.md section 5 wins over the rulebook; the deck is
project data, see ``rules/kouba_deck.json`` and ``docs/kouba-deck.md``):

- Two factions, Dwarves and Elves (the two Kings name them). A game has as many
  rounds as players. Each round the whole deck is shuffled and every player is
  dealt 5 cards face down: their 5 *piles*, seen only by their owner.
- Swap: at the start of a round every player, at the same time, swaps up to 2
  of those cards once for new ones (``swap:1,3`` / ``swap:none``). Then the
  arena is dealt: 3 cards face up. The round's first player ignores the entry
  effects of these opening cards.
- A turn: refill the arena (if full: discard the rightmost card, shift the
  others right, draw into slot 1; if a slot is empty: close the gap to the
  right and draw into slot 1). A red (legendary) or yellow (duelist) card drawn
  this way resolves its entry effect first. Then up to 3 rolls of the six dice
  (``roll``, then ``keep:...`` to keep some dice and roll the others). After any
  roll the player may claim one arena card whose combination the dice show,
  placing it on a pile without a Kouba (``claim:2:pile4``); the turn ends.
  ``stop`` gives up: the player receives a Kouba on a pile of their choice.
  Six identical dice let the player once give a Kouba to any player, themselves
  included, on the pile the giver picks (``give:@2:pile3``); the turn goes on.
- A won champion goes face up on top of its pile and is that pile's only active
  card; any card placed on a pile makes the card below inert. A won red or
  yellow card lies face down without power. A pile with a Kouba no longer
  scores, takes no cards, and its active card is lost.
- Powers (each active champion once, then it turns face down): King counters
  any Kouba except the Brute's; Khan/Black Widow gives a Kouba to an opponent on
  a pile of the user's choice; Brute/Executioner discards the top card of an
  opponent's pile (a pile left empty gets a Kouba, which no King counters);
  Assassin/Judge ends the current player's turn before they claim (no card, no
  Kouba); Priestess/Sentinel/Champion/Wild One add 1 or 2 rolls to one's own
  turn, Weaver or Golem; Courtesan/Magician set one of one's own dice to any
  value (turn, legendary events, duels, the tie-break race); Shaman/Guardian
  replaces an arena card, and the new card's entry effect is ignored. Powers may
  be played by anyone holding one, at any time: in other players' turns, during
  events and while a Kouba is being placed; only a King's answer is a pause that
  nobody else acts in. The Assassin also stops a turn during its entry event. In
  the final tie-break race only the Courtesan has anything to change.
- Events are played on roll counts, each player at their own pace. Weaver:
  up to 3 rolls each, stop when you like, highest total gets a Kouba (ties
  re-roll). Golem: one die each, even results get a Kouba. Reaper race: straight
  1-6; Sylvan race: two 2s and two 4s; the player who needed the most rolls gets
  a Kouba (ties race again). Duel: the drawer picks an opponent, each takes the
  top card of one of the other's piles (``take:pile3``) and races for its
  combination; the loser gets a Kouba on the pile the winner took from. Races
  have no roll limit; a player only keeps dice that can still complete the
  target, and may give up at any time (``stop``): they lose the race at once
  (in the tie-break they drop out). Giving up is also what the time limit plays.
- The round ends once the Koubas being handed out are placed and a player has
  4; that player starts the next round. Each pile without a Kouba scores its
  cards' points, plus per faction in the pile +4 for 2 cards, +8 for 3, +20 for
  4 or more. Highest total after the last round wins; a tie is broken by a
  Reaper race between the tied players (fewest rolls wins).
- An empty draw pile takes the shuffled discard, except the card the action
  being resolved has just discarded (a Shaman never draws back the card it
  replaced); when no card can be drawn the arena slot stays empty.

Notation (case-insensitive, spaces ignored). Players are ``@1`` .. ``@6`` in
seat order (seat 0 is ``@1``); piles ``pile1`` .. ``pile5``, arena slots 1-3 from
the left. Dice are named by the values they show: ``keep:3,3,6`` keeps two 3s
and a 6 and rolls the other dice; ``courtesan:2=6`` turns one of your 2s into a 6.

``swap:1,3`` ``swap:none`` ``roll`` ``keep:3,3,6`` ``claim:2:pile4`` ``stop``
``kouba:pile3`` ``give:@2:pile1`` ``duel:@2`` ``take:pile3`` ``king:counter``
``king:allow`` ``khan:@2:pile4`` ``brute:@2:pile4`` ``assassin:@2`` ``extra:1``
``courtesan:2=6`` ``shaman:arena2``. Faction names work as aliases (``widow``,
``executioner``, ``judge``, ``magician``, ``guardian``).

>>> from rules import GAMES
>>> state = GAMES["kouba"].new(players=3, seed=4)
>>> state.actors
(0, 1, 2)
>>> [str(state.parse_move(t)) for t in ("SWAP: 1, 3", "Widow:@2:pile4", "keep 6,1,6")]
['swap:1,3', 'khan:@2:pile4', 'keep:1,6,6']

Several seats may act at once (``actors``): the swap, event rolls, and anyone
holding a usable power. ``waiting_for`` lists the seats the game actually waits
for (the others could only play an optional power). A King counter is a pause:
the receiver alone acts, and ``king:allow`` is the "no counter" default.
``last_move`` is the notation played plus, after a roll, ``dice:6,6,5,3,2,1``.

``view(seat)`` holds the required keys plus: round, rounds, first_player, phase
(swap/turn/event/tiebreak/over), turn, arena (card data or None per slot),
draw_count, discard_count, discard_top, dice (per seat: values, kept, rolls,
rolls_left, done, target), rolling, event, event_queue, pending (a Kouba being
placed or countered), tables (per seat: koubas and piles with size, kouba and
the face-up active card), round_scores, totals, revealed (last round's piles),
swapped, log, waiting_for, last_actor; for a player also hand (their piles
with every card), round_score and usable_powers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, NamedTuple, NotRequired, TypedDict, cast

from rules.base import (
    JSON,
    Game,
    GameState,
    NotationError,
    Outcome,
    Rng,
    Text,
    View,
    plain_notation,
    register,
    shown,
)
from rules.kouba_combos import combo_met, combo_words, describe, reachable_keeps, success_set
from rules.kouba_deck import CHAMPION, Card, CardView, card, deck_for, load_deck


class DiceView(TypedDict):
    """One player's dice: ``rolls_left`` is None in races (no limit); ``target`` a race's combination."""

    values: list[int]
    kept: list[bool]
    rolls: int
    rolls_left: int | None
    done: bool
    target: str
    target_text: str


class PileView(TypedDict):
    """A pile as everyone sees it: its size and its face-up champion, if unused."""

    size: int
    kouba: bool
    active: CardView | None


class TableView(TypedDict):
    seat: int
    koubas: int
    piles: list[PileView]


# "from" is a Python keyword, hence the functional form.
DuelCard = TypedDict("DuelCard", {"seat": int, "from": int, "pile": int, "card": CardView | None})


class EventView(TypedDict):
    """The legendary event, duel or tie-break race under way."""

    kind: str
    name: str
    card: CardView | None
    drawer: int
    seats: list[int]
    stage: str  # challenge, take or roll
    attempt: int
    taken: list[DuelCard]  # both duel cards, once taken


class PendingView(TypedDict):
    """The next Kouba on its way: ``kind`` "king" while a King may counter it; ``pile`` -1: receiver's choice."""

    seat: int
    kind: str
    pile: int
    cause: str
    counterable: bool
    queued: int


class RevealedPile(TypedDict):
    cards: list[str]
    kouba: bool
    score: int


class HandPile(TypedDict):
    """One of the viewer's own piles, every card shown."""

    kouba: bool
    active: bool
    score: int
    cards: list[CardView]


class KoubaPrivate(TypedDict):
    hand: list[HandPile]
    round_score: int
    usable_powers: list[str]


class KoubaView(View):
    """What ``viewer`` may know; ``hand``, ``round_score`` and ``usable_powers`` are the
    viewer's own and absent from the spectators' view. Per-seat lists are in seat order.
    ``turn_number`` counts the game's turns (0 before the first; None for a game stored before
    turns were counted); ``move_in_turn`` the moves of everyone since that turn began."""

    waiting_for: list[int]
    last_actor: int | None
    last_stop: str | None  # after a ``stop``: "arena" (a turn given up), "race" (a race given up) or "rolls"
    round: int
    rounds: int
    first_player: int
    phase: str
    turn: int | None
    turn_number: int | None
    move_in_turn: int
    arena: list[CardView | None]
    draw_count: int
    discard_count: int
    discard_top: CardView | None
    dice: list[DiceView]
    rolling: list[int]
    event: EventView | None
    event_queue: list[CardView]
    pending: PendingView | None
    tables: list[TableView]
    round_scores: list[list[int]]
    totals: list[int]
    revealed: list[list[RevealedPile]]
    swapped: list[bool] | None
    log: list[str]
    hand: NotRequired[list[HandPile]]
    round_score: NotRequired[int]
    usable_powers: NotRequired[list[str]]


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


# ---------------------------------------------------------------------------
# Moves (0-based fields, 1-based notation)


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


# ---------------------------------------------------------------------------
# Parts of the state


@dataclass
class Pile:
    """One pile: card ids bottom to top; ``active`` = the top card is a face-up unused champion."""

    cards: list[str]
    active: bool = False
    kouba: bool = False

    def clone(self) -> Pile:
        twin = object.__new__(Pile)
        twin.__dict__ = self.__dict__.copy()
        twin.cards = list(self.cards)
        return twin

    def to_json(self) -> JSON:
        return {"cards": list(self.cards), "active": self.active, "kouba": self.kouba}

    @classmethod
    def from_json(cls, data: JSON) -> Pile:
        return cls(list(data["cards"]), bool(data["active"]), bool(data["kouba"]))


@dataclass
class Roller:
    """One player's six dice in the current context (turn, event or race).

    ``limit`` 0 means no roll limit (races); ``target`` is a race's combination;
    ``gave_up``: the player gave up the race (``done`` too).
    """

    values: list[int] = field(default_factory=list)
    kept: list[bool] = field(default_factory=list)
    rolls: int = 0
    limit: int = 0
    done: bool = False
    target: str = ""
    dice: int = DICE
    gave_up: bool = False

    def clone(self) -> Roller:
        """A copy sharing the lists of values: they are replaced, never changed in place."""
        twin = object.__new__(Roller)
        twin.__dict__ = self.__dict__.copy()
        return twin

    def to_json(self) -> JSON:
        return {
            "values": list(self.values),
            "kept": list(self.kept),
            "rolls": self.rolls,
            "limit": self.limit,
            "done": self.done,
            "target": self.target,
            "dice": self.dice,
            "gave_up": self.gave_up,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Roller:
        return cls(
            list(data["values"]),
            list(data["kept"]),
            data["rolls"],
            data["limit"],
            data["done"],
            data["target"],
            data["dice"],
            data.get("gave_up", False),  # games stored before races could be given up
        )

    @property
    def rolls_left(self) -> int | None:
        return None if self.limit == 0 else max(0, self.limit - self.rolls)


@dataclass
class Event:
    """A legendary event, a duel, or the final tie-break race.

    ``take`` holds, per seat, the opponent's pile index taken in a duel (-1: not yet).
    """

    kind: str
    card: str
    drawer: int
    seats: list[int]
    stage: str  # "challenge" | "take" | "roll"
    take: list[int]
    attempt: int = 1

    def clone(self) -> Event:
        twin = object.__new__(Event)
        twin.__dict__ = self.__dict__.copy()
        twin.seats, twin.take = list(self.seats), list(self.take)
        return twin

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "card": self.card,
            "drawer": self.drawer,
            "seats": list(self.seats),
            "stage": self.stage,
            "take": list(self.take),
            "attempt": self.attempt,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        return cls(
            data["kind"],
            data["card"],
            data["drawer"],
            list(data["seats"]),
            data["stage"],
            list(data["take"]),
            data["attempt"],
        )

    def opponent(self, seat: int) -> int:
        return self.seats[1] if self.seats[0] == seat else self.seats[0]


class Delivery(NamedTuple):
    """A Kouba on its way: ``pile`` -1 means the receiver chooses; ``asked``: King already declined."""

    receiver: int
    pile: int
    counterable: bool
    cause: str
    asked: bool = False

    def to_json(self) -> JSON:
        return {
            "receiver": self.receiver,
            "pile": self.pile,
            "counterable": self.counterable,
            "cause": self.cause,
            "asked": self.asked,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Delivery:
        return cls(data["receiver"], data["pile"], data["counterable"], data["cause"], data["asked"])


def pile_score(cards: list[str]) -> int:
    """Points of a pile's cards plus the faction bonuses (+4 / +8 / +20).

    >>> pile_score(["D21", "D12"])  # two Dwarves of 1 point each
    6
    """
    points, factions = 0, dict[str, int]()
    for cid in cards:
        won = _DECK[cid]
        points += won.points
        factions[won.faction] = factions.get(won.faction, 0) + 1
    return points + sum(BIG_BONUS if n >= 4 else FACTION_BONUS.get(n, 0) for n in factions.values())


def card_json(card_id: str) -> CardView:
    """A card's public data (a fresh dict each time, built from a cache)."""
    return _card_data(card_id).copy()


@lru_cache(maxsize=128)
def _card_data(card_id: str) -> CardView:
    return card(card_id).to_json()


def _revealed_pile(pile: Pile) -> RevealedPile:
    return {
        "cards": list(pile.cards),
        "kouba": pile.kouba,
        "score": 0 if pile.kouba else pile_score(pile.cards),
    }


def _copy_pile(pile: RevealedPile) -> RevealedPile:
    """A revealed pile of the last round: card ids, Kouba flag and score."""
    return {"cards": list(pile["cards"]), "kouba": pile["kouba"], "score": pile["score"]}


# ---------------------------------------------------------------------------
# Parsing


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


# ---------------------------------------------------------------------------
# State


class KoubaState(GameState[KoubaMove]):
    """One Kouba position: the deck, the arena, everybody's piles and dice, and what is going on."""

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.round = 1
        self.first_player = 0
        self.phase = SWAP
        self.turn = 0
        self.stage = "roll"  # in TURN: "roll" or "done"
        self.opening = True
        self.give_used = False
        self.draw: list[str] = []
        self.discard: list[str] = []
        self.arena: list[str | None] = [None] * ARENA
        self.piles: list[list[Pile]] = [[] for _ in range(players)]
        self.rollers: list[Roller] = [Roller() for _ in range(players)]
        self.swapped: list[bool] = [False] * players
        self.event: Event | None = None
        self.event_queue: list[str] = []
        self.pending: list[Delivery] = []
        self.round_ender: int | None = None
        self.round_scores: list[list[int]] = []
        self.revealed: list[list[RevealedPile]] = []  # last finished round's piles, shown to all
        self.log: list[str] = []
        self.move_number = 0
        # Turns begun (None: a game stored before they were counted), and move_number when the last began.
        self.turns_begun: int | None = 0
        self.turn_began_at = 0
        self.last_move: list[str] = []
        self.last_actor: int | None = None
        self.last_stop: str | None = None  # what the last ``stop`` ended: "arena" (a turn), "race" or "rolls"
        self.result: Outcome | None = None
        self._moves: dict[int, Sequence[KoubaMove]] = {}
        self._actors: tuple[int, ...] | None = None
        # Copy on write: a copy shares the piles, the dice, the draw and discard piles, the event
        # and the generator with the state it was made from, until _pile, _roller, _cards, _event
        # or _own_rng copies them for this state. Bit masks of the seats whose list of piles and
        # whose dice this state owns, and of its own piles (bit seat * PILES + index):
        self._own_piles = self._own_cells = self._own_rollers = ALL
        self._own_cards = self._owns_rng = self._owns_event = True
        # Per seat, read from its piles when needed (None: to read again): its usable champions
        # and its piles without a Kouba.
        self._actives: list[tuple[Card, ...] | None] = [None] * players
        self._open: list[tuple[int, ...] | None] = [None] * players

    # -- creation and storage ---------------------------------------------------

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> KoubaState:
        state = cls(players, Rng.seeded(seed))
        state.first_player = state.rng.below(players)
        state._deal_round()
        return state

    @classmethod
    def from_json(cls, data: JSON) -> KoubaState:
        state = cls(data["players"], Rng(data["rng"]))
        for name in _SCALAR_FIELDS:
            setattr(state, name, data[name])
        for name in _LIST_FIELDS:
            setattr(state, name, list(data[name]))
        state.round_scores = [list(r) for r in data["round_scores"]]
        state.revealed = [[_copy_pile(p) for p in piles] for piles in data["revealed"]]
        state.piles = [[Pile.from_json(p) for p in seat_piles] for seat_piles in data["piles"]]
        state.rollers = [Roller.from_json(r) for r in data["rollers"]]
        state.event = Event.from_json(data["event"]) if data["event"] else None
        state.pending = [Delivery.from_json(d) for d in data["pending"]]
        state.result = Outcome.from_json(data["outcome"])
        state.last_stop = data.get("last_stop")  # games stored before stops were told apart have none
        state.turns_begun = data.get("turns_begun")
        state.turn_began_at = data.get("turn_began_at", 0)
        return state

    def to_json(self) -> JSON:
        data: JSON = {"game": GAME_ID, "players": self.players, "rng": self.rng.state}
        for name in _SCALAR_FIELDS:
            data[name] = getattr(self, name)
        for name in _LIST_FIELDS:
            data[name] = list(getattr(self, name))
        data["last_stop"] = self.last_stop
        data["round_scores"] = [list(r) for r in self.round_scores]
        data["revealed"] = [[_copy_pile(p) for p in piles] for piles in self.revealed]
        data["piles"] = [[p.to_json() for p in seat_piles] for seat_piles in self.piles]
        data["rollers"] = [r.to_json() for r in self.rollers]
        data["event"] = self.event.to_json() if self.event else None
        data["pending"] = [d.to_json() for d in self.pending]
        data["outcome"] = self.result.to_json() if self.result else None
        data["turns_begun"], data["turn_began_at"] = self.turns_begun, self.turn_began_at
        return data

    def copy(self) -> KoubaState:
        """Copies the few lists moves change in place (arena, pending Koubas); shares what
        moves only replace (the log, the scores, the swaps, the event queue, ...) and, until
        this state changes them, the piles, the dice, the draw and discard piles, the event
        and the generator (see ``_pile``, ``_roller``, ``_cards``, ``_event`` and ``_own_rng``)."""
        clone = object.__new__(KoubaState)
        clone.__dict__ = self.__dict__.copy()
        clone._own_cards = clone._owns_rng = clone._owns_event = False
        clone._own_piles = clone._own_cells = clone._own_rollers = 0
        clone.arena, clone.pending = self.arena.copy(), self.pending.copy()
        clone.piles, clone.rollers = self.piles.copy(), self.rollers.copy()
        clone._actives, clone._open = self._actives.copy(), self._open.copy()
        clone._moves = {}
        clone._actors = None
        return clone

    # -- the contract -------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        if self._actors is None:
            movers = self._movers()
            seats = range(0 if self.result else self.players)
            self._actors = tuple(s for s in seats if s in movers or (self._active(s) and self._legal(s)))
        return self._actors

    def _movers(self) -> tuple[int, ...]:
        """The seats with moves other than powers (those ``_own_moves`` lists), without listing them."""
        if self.pending:
            delivery = self.pending[0]
            receiver = delivery.receiver
            return (receiver,) if self._king_window(delivery) or self._open_piles(receiver) else ()
        if self.phase == SWAP:
            return tuple(s for s, done in enumerate(self.swapped) if not done)
        if self.phase == TURN:
            return (self.turn,) if self.stage == "roll" else ()
        if self.event is None or self.phase not in (EVENT, TIEBREAK):
            return ()
        event = self.event
        if event.stage == "challenge":
            return (event.drawer,) if self.players > 1 else ()
        if event.stage == "take":
            return tuple(s for s in event.seats if event.take[s] < 0 and self._open_piles(event.opponent(s)))
        return tuple(s for s in event.seats if self._rolls_on(event, self.rollers[s]))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Seats the game waits for (actors minus those who could only play an optional power)."""
        return tuple(s for s in self.actors if any(not isinstance(m, POWER_TYPES) for m in self._legal(s)))

    def legal_moves(self, seat: int) -> list[KoubaMove]:
        if not 0 <= seat < self.players:
            return []
        return list(self._legal(seat))

    def parse_move(self, text: str) -> KoubaMove:
        move = parse_notation(plain_notation(text))
        target = getattr(move, "target", 0)
        if target >= self.players:
            raise NotationError(
                "There is no player {who}: this game has @1 to {last}.", who=at(target), last=at(self.players - 1)
            )
        return move

    def _apply(self, seat: int, move: KoubaMove) -> None:
        # A copy (see ``_after``) starts with no moves or actors known.
        self.move_number += 1
        self.last_move, self.last_actor, self.last_stop = [str(move)], seat, None
        _HANDLERS[type(move)](self, seat, move)
        self._advance()
        self._moves, self._actors = {}, None

    def refusal(self, seat: int, move: KoubaMove) -> Text:
        reason = _refusal(self, seat, move)
        moves = self._legal(seat)
        sample = ", ".join(str(m) for m in moves[:4]) + (", …" if len(moves) > 4 else "")
        return Text("{reason} You may play: {moves}.", reason=reason, moves=sample)

    # -- facts ----------------------------------------------------------------------

    def koubas(self, seat: int) -> int:
        return len(self.piles[seat]) - len(self._open_piles(seat))

    def open_piles(self, seat: int) -> list[int]:
        """Indices of the seat's piles without a Kouba."""
        return list(self._open_piles(seat))

    def _open_piles(self, seat: int) -> tuple[int, ...]:
        free = self._open[seat]
        if free is None:
            free = self._open[seat] = tuple(i for i, p in enumerate(self.piles[seat]) if not p.kouba)
        return free

    def round_score(self, seat: int) -> int:
        return sum(pile_score(p.cards) for p in self.piles[seat] if not p.kouba)

    def totals(self) -> list[int]:
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def active_cards(self, seat: int) -> list[Card]:
        """The seat's usable champions (face up on top of a pile without a Kouba)."""
        return list(self._active(seat))

    def _active(self, seat: int) -> tuple[Card, ...]:
        actives = self._actives[seat]
        if actives is None:
            actives = tuple(card(p.cards[-1]) for p in self.piles[seat] if p.active and not p.kouba)
            self._actives[seat] = actives
        return actives

    def power_piles(self, seat: int, power: str) -> list[int]:
        """Piles of ``seat`` whose active card has ``power``."""
        if not any(c.power == power for c in self._active(seat)):
            return []
        return [
            i for i, p in enumerate(self.piles[seat]) if p.active and not p.kouba and card(p.cards[-1]).power == power
        ]

    def rolling(self) -> list[int]:
        """Seats currently rolling dice (turn player or event participants still going)."""
        if self.pending or self.phase not in (TURN, EVENT, TIEBREAK):
            return []
        if self.phase == TURN:
            return [self.turn] if self.stage == "roll" else []
        assert self.event is not None
        if self.event.stage != "roll":
            return []
        return [s for s in self.event.seats if not self.rollers[s].done]

    def _powers_open(self) -> bool:
        """Powers work « à tout moment »: in turns, events, races and Kouba placements.

        A King's answer is a pause nobody else acts in; the swap has no active card.
        """
        if self.result is not None or self.phase not in (TURN, EVENT, TIEBREAK):
            return False
        return not (self.pending and self._king_window(self.pending[0]))

    def _racing(self, seat: int) -> bool:
        """Whether ``seat`` is still running a race (Reaper, Sylvan, duel or tie-break)."""
        return self._racing_event() and seat in self.rolling()

    # -- legal moves ----------------------------------------------------------------

    def default_move(self, seat: int) -> KoubaMove | None:
        """A King holder who lets the time limit pass does not counter; a racer gives up the race.

        >>> from rules import GAMES
        >>> GAMES["kouba"].new(players=2, seed=1).default_move(0) is None
        True
        """
        allow = King(counter=False)
        if allow in self._legal(seat):
            return allow
        return Stop() if self._racing(seat) else None

    def _legal(self, seat: int) -> Sequence[KoubaMove]:
        """The legal moves, listed once per position (a list or a shared tuple: never changed)."""
        if seat not in self._moves:
            self._moves[seat] = () if self.result else self._compute_legal(seat)
        return self._moves[seat]

    def _compute_legal(self, seat: int) -> Sequence[KoubaMove]:
        moves = self._own_moves(seat)
        if self._active(seat) and self._powers_open():
            return [*moves, *self._power_moves(seat)]
        return moves

    def _own_moves(self, seat: int) -> Sequence[KoubaMove]:
        """What ``seat`` may play besides powers."""
        if self.pending:
            return self._pending_moves(seat)
        if self.phase == SWAP:
            return [] if self.swapped[seat] else list(_SWAPS)
        if self.phase == TURN and self.stage == "roll" and seat == self.turn:
            return self._turn_moves(seat)
        if self.phase in (EVENT, TIEBREAK):
            return self._event_moves(seat)
        return []

    @staticmethod
    def _rolls_on(event: Event, roller: Roller) -> bool:
        """Whether a seat of ``event`` with these dice still has a move (``_roller_moves`` is not empty)."""
        return not roller.done and (event.kind in RACES or roller.rolls < roller.limit or roller.rolls > 0)

    def _pending_moves(self, seat: int) -> list[KoubaMove]:
        delivery = self.pending[0]
        if seat != delivery.receiver:
            return []
        if self._king_window(delivery):
            return list(_KING)
        return [_PLACE[p] for p in self._open_piles(seat)]

    def _turn_moves(self, seat: int) -> Sequence[KoubaMove]:
        roller = self.rollers[seat]
        if roller.rolls == 0:
            return _FIRST_ROLL
        hand = tuple(sorted(roller.values))
        rerolls = _rerolls(hand) if roller.rolls < roller.limit else ()
        piles = self._open_piles(seat)
        wins: list[KoubaMove] = [
            _CLAIM[slot][pile] for slot, cid in enumerate(self.arena) if cid and hand in _wins(cid) for pile in piles
        ]
        if not self.give_used and hand[0] == hand[-1]:
            # « à un joueur de son choix »: any player, the roller included.
            wins.extend(_GIVE[s][p] for s in range(self.players) for p in self._open_piles(s))
        if not wins:
            return _rerolls_or_stop(hand) if rerolls else _STOP_ONLY
        return [*rerolls, *wins, _STOP]

    def _event_moves(self, seat: int) -> list[KoubaMove]:
        event = self.event
        assert event is not None
        if event.stage == "challenge":
            return [_CHALLENGE[o] for o in self._opponents(seat)] if seat == event.drawer else []
        if event.stage == "take":
            if seat not in event.seats or event.take[seat] >= 0:
                return []
            return [_TAKE[p] for p in self._open_piles(event.opponent(seat))]
        roller = self.rollers[seat]
        if seat not in event.seats or roller.done:
            return []
        return self._roller_moves(event.kind, roller)

    def _roller_moves(self, kind: str, roller: Roller) -> list[KoubaMove]:
        if kind in RACES:
            # « sans limite de lancers »: roll until the combination is made, or give up.
            keeps = _keep_moves(roller, roller.target) if roller.rolls else []
            return [_ROLL, *keeps, _STOP]
        moves: list[KoubaMove] = []
        if roller.rolls < roller.limit:
            moves.append(_ROLL)
            if roller.rolls and kind == "weaver":
                moves.extend(_keep_moves(roller))
        if roller.rolls:
            moves.append(_STOP)
        return moves

    def _power_moves(self, seat: int) -> list[KoubaMove]:
        actives = self._active(seat)
        if not actives:
            return []
        moves: list[KoubaMove] = []
        powers = {c.power for c in actives}
        if self.phase == TIEBREAK:
            powers &= {"courtesan"}  # the game is scored: only a die of the race can still change
        if "khan" in powers:
            moves.extend(_KHAN[o][p] for o in self._opponents(seat) for p in self._open_piles(o))
        if "brute" in powers:
            moves.extend(_BRUTE[o][p] for o in self._opponents(seat) for p in self._open_piles(o))
        if "assassin" in powers and self._may_assassinate(seat):
            moves.append(Assassin(self.turn))
        if "extra" in powers and self._may_add_rolls(seat):
            moves.extend(Extra(n) for n in sorted({c.extra_rolls for c in actives if c.power == "extra"}))
        if "courtesan" in powers and seat in self.rolling() and self.rollers[seat].values:
            moves.extend(_courtesan_moves(self.rollers[seat]))
        if "shaman" in powers:
            moves.extend(_SHAMAN[i] for i, cid in enumerate(self.arena) if cid)
        return moves

    def _may_assassinate(self, seat: int) -> bool:
        """Another player's turn, before they claim: « même pendant son lancer de dés », and its entry event."""
        return self.phase in (TURN, EVENT) and self.stage == "roll" and self.turn != seat

    def _may_add_rolls(self, seat: int) -> bool:
        """Extra rolls serve in one's own turn, the Weaver and the Golem."""
        if seat not in self.rolling():
            return False
        return self.phase == TURN or (self.event is not None and self.event.kind in ("weaver", "golem"))

    def _opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def _king_window(self, delivery: Delivery) -> bool:
        return delivery.counterable and not delivery.asked and bool(self.power_piles(delivery.receiver, "king"))

    # -- applying: one handler per move type ------------------------------------------

    def _do_swap(self, seat: int, move: Swap) -> None:
        for index in move.piles:
            pile = self._pile(seat, index)
            gone = pile.cards.pop()
            self._cards()
            self.discard.append(gone)
            pile.cards.append(self._draw_card(keep_out=gone) or self.discard.pop())
        self.swapped = [done or other == seat for other, done in enumerate(self.swapped)]
        self._say(_swap_line(seat, len(move.piles)))

    def _do_roll(self, seat: int, move: Roll | Keep) -> None:
        roller = self._roller(seat)
        if isinstance(move, Keep):
            kept, values = _keep_and_roll(roller.values, move.values, self._roll(roller.dice - len(move.values)))
        else:
            kept, values = [False] * roller.dice, self._roll(roller.dice)
        roller.values, roller.kept, roller.rolls = values, kept, roller.rolls + 1
        self.last_move.append(_DICE_LINES[len(values)] % tuple(values))
        self._after_dice_change(seat)

    def _do_claim(self, seat: int, move: Claim) -> None:
        cid = self.arena[move.slot]
        assert cid is not None
        self.arena[move.slot] = None
        pile = self._pile(seat, move.pile)
        pile.cards.append(cid)
        pile.active = card(cid).colour == CHAMPION
        self._say(_won_line(seat, cid, move.pile))
        self.stage = "done"

    def _do_stop(self, seat: int, move: Stop) -> None:
        if self.phase == TURN:
            self.last_stop = "arena"
            self._say(_failed_line(seat))
            self.pending.append(Delivery(seat, -1, True, _FAILED_ARENA))
            self.stage = "done"
            return
        roller = self._roller(seat)
        roller.done = True
        self.last_stop = "rolls"
        if self._racing_event():
            self.last_stop = "race"
            roller.gave_up = True
            self._say(Text("{who} gives up the race", who=at(seat)))

    def _racing_event(self) -> bool:
        return self.event is not None and self.event.kind in RACES

    def _do_place(self, seat: int, move: PlaceKouba) -> None:
        delivery = self.pending.pop(0)
        self._place_kouba(delivery.receiver, move.pile, delivery.cause)

    def _do_give(self, seat: int, move: Give) -> None:
        self.give_used = True
        if move.target == seat:
            self._say(Text("{who} rolled six alike and gives themselves a Kouba", who=at(seat)))
        else:
            self._say(Text("{who} rolled six alike and gives {whom} a Kouba", who=at(seat), whom=at(move.target)))
        self.pending.append(Delivery(move.target, move.pile, True, str(Text("six alike of {who}", who=at(seat)))))

    def _do_challenge(self, seat: int, move: Challenge) -> None:
        event = self._event()
        event.seats = [seat, move.target]
        event.stage = "take"
        self._say(Text("{who} challenges {whom} to a duel", who=at(seat), whom=at(move.target)))

    def _do_take(self, seat: int, move: Take) -> None:
        self._event().take[seat] = move.pile

    def _do_king(self, seat: int, move: King) -> None:
        if move.counter:
            delivery = self.pending.pop(0)
            self._spend(seat, "king")
            self._say(Text("{who} counters a Kouba ({cause}) with the King", who=at(seat), cause=delivery.cause))
        else:
            self.pending[0] = self.pending[0]._replace(asked=True)

    def _do_khan(self, seat: int, move: Khan) -> None:
        self._spend(seat, "khan")
        self._say(Text("{who} plays the Khan on {whom}", who=at(seat), whom=at(move.target)))
        self.pending.append(Delivery(move.target, move.pile, True, str(Text("Khan of {who}", who=at(seat)))))

    def _do_brute(self, seat: int, move: Brute) -> None:
        self._spend(seat, "brute")
        pile = self._pile(move.target, move.pile)
        gone = pile.cards.pop()
        pile.active = False
        self._cards()
        self.discard.append(gone)
        self._say(
            Text(
                "{who} plays the Brute: {whom} loses {card} from pile {pile}",
                who=at(seat),
                whom=at(move.target),
                card=card_name(gone),
                pile=move.pile + 1,
            )
        )
        if not pile.cards:
            self.pending.append(Delivery(move.target, move.pile, False, str(Text("Brute of {who}", who=at(seat)))))

    def _do_assassin(self, seat: int, move: Assassin) -> None:
        self._spend(seat, "assassin")
        self._say(Text("{who} plays the Assassin: {whom} loses the turn", who=at(seat), whom=at(move.target)))
        self.stage = "done"

    def _do_extra(self, seat: int, move: Extra) -> None:
        piles = [
            i for i in self.power_piles(seat, "extra") if card(self.piles[seat][i].cards[-1]).extra_rolls == move.rolls
        ]
        self._spend_pile(seat, piles[0])
        self._roller(seat).limit += move.rolls
        if move.rolls == 1:
            self._say(Text("{who} gains 1 extra roll", who=at(seat)))
        else:
            self._say(Text("{who} gains {n} extra rolls", who=at(seat), n=move.rolls))

    def _do_courtesan(self, seat: int, move: Courtesan) -> None:
        self._spend(seat, "courtesan")
        roller = self._roller(seat)
        values = roller.values = list(roller.values)
        values[values.index(move.old)] = move.new
        self._say(Text("{who} turns a {old} into a {new} with the Courtesan", who=at(seat), old=move.old, new=move.new))
        self._after_dice_change(seat)

    def _do_shaman(self, seat: int, move: Shaman) -> None:
        self._spend(seat, "shaman")
        old = self.arena[move.slot]
        assert old is not None
        self._cards()
        self.discard.append(old)
        self.arena[move.slot] = self._draw_card(keep_out=old)
        self._say(Text("{who} plays the Shaman: {card} leaves the arena", who=at(seat), card=card_name(old)))
        if self.arena[move.slot] is None:
            self._say(Text("no card left to draw: arena slot {slot} stays empty", slot=move.slot + 1))

    def _spend(self, seat: int, power: str) -> None:
        self._spend_pile(seat, self.power_piles(seat, power)[0])

    def _spend_pile(self, seat: int, index: int) -> None:
        self._pile(seat, index).active = False

    def _after_dice_change(self, seat: int) -> None:
        """Races end for a player on success; Weaver and Golem stop once nothing is left to do."""
        if self.phase not in (EVENT, TIEBREAK) or self.event is None:
            return
        roller = self._roller(seat)
        if self.event.kind in RACES:
            roller.done = roller.done or combo_met(roller.target, roller.values)
        elif roller.rolls >= roller.limit and not self._can_improve(seat):
            roller.done = True

    def _can_improve(self, seat: int) -> bool:
        return bool(self.power_piles(seat, "extra") or self.power_piles(seat, "courtesan"))

    # -- cards ------------------------------------------------------------------------

    def _draw_card(self, keep_out: str | None = None) -> str | None:
        """The top card of the draw pile, or None when no card can be drawn.

        An empty draw pile first takes the shuffled discard, except ``keep_out``: the card
        the action being resolved has just discarded stays there (a Shaman never draws back
        the card it replaced).
        """
        self._cards()
        if not self.draw:
            self.draw = [cid for cid in self.discard if cid != keep_out]
            self.discard = [cid for cid in self.discard if cid == keep_out]
            if self.draw:
                self._shuffle(self.draw)
                self._say(Text("the discard is shuffled into a new draw pile"))
        return self.draw.pop() if self.draw else None

    def _refill(self) -> list[str]:
        """Refill the arena to 3 (discard the rightmost if full); returns the cards drawn."""
        gone: str | None = None
        if all(self.arena):
            gone = self.arena[-1]
            assert gone is not None
            self._cards()
            self.discard.append(gone)
            self.arena = [None, *self.arena[:-1]]
        present = [cid for cid in self.arena if cid]
        drawn: list[str] = []
        while len(present) + len(drawn) < ARENA:
            cid = self._draw_card(keep_out=gone)
            if cid is None:
                break
            drawn.append(cid)
        filled: list[str | None] = [*reversed(drawn), *present]
        gaps: list[str | None] = [None] * (ARENA - len(filled))
        self.arena = gaps + filled
        return drawn

    def _place_kouba(self, seat: int, index: int, cause: str) -> None:
        pile = self._pile(seat, index)
        pile.kouba, pile.active = True, False
        if self.log and self.log[-1] == _failed_line(seat):
            self.log = self.log[:-1]  # the line that says where the Kouba went says it was a failure too
        self._say(_kouba_line(seat, index, cause))
        if self.koubas(seat) >= KOUBAS_TO_END and self.round_ender is None:
            self.round_ender = seat

    def _pile(self, seat: int, index: int) -> Pile:
        """Pile ``index`` of ``seat``, to be changed: every change of a pile goes through here."""
        if not self._own_piles >> seat & 1:
            self.piles[seat] = self.piles[seat].copy()
            self._own_piles |= 1 << seat
        cell = seat * PILES + index
        if not self._own_cells >> cell & 1:
            self.piles[seat][index] = self.piles[seat][index].clone()
            self._own_cells |= 1 << cell
        self._actives[seat] = self._open[seat] = None
        return self.piles[seat][index]

    def _roller(self, seat: int) -> Roller:
        """The dice of ``seat``, to be changed: every change of a roller goes through here."""
        if not self._own_rollers >> seat & 1:
            self.rollers[seat] = self.rollers[seat].clone()
            self._own_rollers |= 1 << seat
        return self.rollers[seat]

    def _event(self) -> Event:
        """The event under way, to be changed: every change of the event goes through here."""
        assert self.event is not None
        if not self._owns_event:
            self.event = self.event.clone()
            self._owns_event = True
        return self.event

    def _cards(self) -> None:
        """Makes the draw and discard piles this state's own: called before changing either."""
        if not self._own_cards:
            self.draw, self.discard = self.draw.copy(), self.discard.copy()
            self._own_cards = True

    def _roll(self, count: int) -> list[int]:
        """``count`` dice rolled with the state's generator."""
        if type(self.rng) is not Rng:  # a scripted test generator is asked die by die
            rng = self._own_rng()
            return [rng.randint(1, 6) for _ in range(count)]
        rolled, after = _roll_dice(self.rng.state, count)
        self._set_rng(after)
        return rolled

    def _shuffle(self, items: list[str]) -> None:
        """Shuffles ``items`` in place with the state's generator."""
        if type(self.rng) is not Rng:
            self._own_rng().shuffle(items)
        else:
            self._set_rng(_shuffle(self.rng.state, items))

    def _set_rng(self, state: int) -> None:
        if self._owns_rng:
            self.rng.state = state
        else:
            self.rng, self._owns_rng = Rng(state), True

    def _own_rng(self) -> Rng:
        """The generator, to be drawn from (a scripted test generator keeps its script shared)."""
        if not self._owns_rng:
            self.rng = self.rng.copy()
            self._owns_rng = True
        return self.rng

    def _say(self, line: Text | str) -> None:
        """Logs ``line`` in English (one of ``LOG_TEXTS``): :func:`log_text` reads it back for other languages."""
        self.log = [*self.log[-(LOG_LENGTH - 1) :], line if isinstance(line, str) else str(line)]

    # -- flow ---------------------------------------------------------------------------

    def _advance(self) -> None:
        """Run every automatic step until someone has to decide."""
        while self.result is None and self._step():
            pass

    def _step(self) -> bool:
        """One automatic step; False when the game waits for a move."""
        if self.pending:
            return self._settle(self.pending[0])
        if self.round_ender is not None:
            self._end_round()
            return True
        if self.phase == SWAP:
            if not all(self.swapped):
                return False
            self._open_arena()
            return True
        if self.phase in (EVENT, TIEBREAK):
            return self._event_step()
        if self.phase == TURN and self.stage == "done":
            self._begin_turn((self.turn + 1) % self.players)
            return True
        return False

    def _settle(self, delivery: Delivery) -> bool:
        """Place a Kouba that needs no decision; False while waiting for the receiver."""
        free = self._open_piles(delivery.receiver)
        if not free:
            self.pending.pop(0)
            return True
        if self._king_window(delivery):
            return False
        if delivery.pile >= 0 and delivery.pile in free:
            self.pending.pop(0)
            self._place_kouba(delivery.receiver, delivery.pile, delivery.cause)
            return True
        if len(free) == 1:
            self.pending.pop(0)
            self._place_kouba(delivery.receiver, free[0], delivery.cause)
            return True
        if delivery.pile >= 0:
            self.pending[0] = delivery._replace(pile=-1)
        return False

    def _deal_round(self) -> None:
        cards = list(_deck_for(self.players))
        self._shuffle(cards)
        self.draw, self.discard, self.arena, self._own_cards = cards, [], [None] * ARENA, True
        self.piles = [[Pile([self.draw.pop()]) for _ in range(PILES)] for _ in range(self.players)]
        self._own_piles = self._own_cells = ALL
        self._actives, self._open = [None] * self.players, [None] * self.players
        self.rollers, self._own_rollers = [_IDLE] * self.players, 0
        self.swapped = [False] * self.players
        self.phase, self.turn, self.stage, self.opening = SWAP, self.first_player, "roll", True
        self.event, self.event_queue, self.pending, self.round_ender = None, [], [], None
        self._say(
            Text(
                "round {round}: {who} starts; everyone may swap up to 2 cards",
                round=self.round,
                who=at(self.first_player),
            )
        )

    def _open_arena(self) -> None:
        self.arena = [self._draw_card() for _ in range(ARENA)]
        self._begin_turn(self.first_player)

    def _begin_turn(self, seat: int) -> None:
        self.phase, self.turn, self.stage, self.give_used = TURN, seat, "roll", False
        if self.turns_begun is not None:
            self.turns_begun += 1
        self.turn_began_at = self.move_number
        self._fresh_rollers()
        if self.opening:
            self.opening = False
            return
        drawn = self._refill()
        self.event_queue = [cid for cid in drawn if _DECK[cid].colour != CHAMPION]
        if self.event_queue:
            self._start_event(self._next_event())

    def _next_event(self) -> str:
        """Takes the first card of the event queue."""
        first, *self.event_queue = self.event_queue
        return first

    def _fresh_rollers(self) -> None:
        """Everyone's dice put down, the turn player's ready for 3 rolls (shared until changed, see ``_roller``)."""
        self.rollers = [_IDLE] * self.players
        self.rollers[self.turn] = _TURN_START
        self._own_rollers = 0

    def _start_event(self, cid: str) -> None:
        kind = card(cid).event
        everyone = list(range(self.players))
        self.phase = EVENT
        if kind == "duel":
            self.event = Event(kind, cid, self.turn, [self.turn], "challenge", [-1] * self.players)
            opponents = self._opponents(self.turn)
            if len(opponents) == 1:
                self._do_challenge(self.turn, Challenge(opponents[0]))
        else:
            self.event = Event(kind, cid, self.turn, everyone, "roll", [-1] * self.players)
            self._reset_event_rollers()
        self._say(_entry_line(cid))

    def _reset_event_rollers(self) -> None:
        event = self.event
        assert event is not None
        for seat in range(self.players):
            self.rollers[seat] = Roller(done=seat not in event.seats)
        for seat in event.seats:
            self.rollers[seat] = _event_roller(event, seat, self)
        self._own_rollers = ALL

    def _event_step(self) -> bool:
        event = self.event
        assert event is not None
        if event.stage == "take":
            event = self._event()
            for seat in event.seats:
                free = self._open_piles(event.opponent(seat))
                if event.take[seat] < 0 and len(free) == 1:
                    event.take[seat] = free[0]
            if any(event.take[s] < 0 for s in event.seats):
                return False
            event.stage = "roll"
            self._reset_event_rollers()
            return True
        if event.stage != "roll":
            return False
        return _RESOLVERS[event.kind](self, event)

    def _resolve_golem(self, event: Event) -> bool:
        if not all(self.rollers[s].done for s in event.seats):
            return False
        for seat in self._from_turn(event.seats):
            value = self.rollers[seat].values[0]
            if value % 2 == 0:
                self.pending.append(Delivery(seat, -1, True, str(Text("Golem, rolled {value}", value=value))))
        self._finish_event()
        return True

    def _resolve_weaver(self, event: Event) -> bool:
        if not all(self.rollers[s].done for s in event.seats):
            return False
        totals = {s: sum(self.rollers[s].values) for s in event.seats}
        top = max(totals.values())
        highest = [s for s in event.seats if totals[s] == top]
        if len(highest) > 1:
            return self._roll_off(event, highest)
        self.pending.append(Delivery(highest[0], -1, True, str(Text("Weaver, highest total {total}", total=top))))
        self._finish_event()
        return True

    def _resolve_race(self, event: Event) -> bool:
        """The player who needed the most rolls loses (or, in the tie-break, the fewest wins).

        A player who gives up loses the race at once.
        """
        if event.kind == "tiebreak":
            return self._race_winner(event)
        quitter = next((s for s in event.seats if self.rollers[s].gave_up), None)
        if quitter is not None:
            self._race_kouba(event, quitter, Text("gave up"))
            self._finish_event()
            return True
        pending = [s for s in event.seats if not self.rollers[s].done]
        if len(pending) > 1:
            return False
        counts = {s: self.rollers[s].rolls for s in event.seats}
        finished = [s for s in event.seats if self.rollers[s].done]
        if pending and not self._surely_last(pending[0], counts, finished):
            return False
        worst = max(counts.values())
        losers = pending or [s for s in finished if counts[s] == worst]
        if len(losers) > 1:
            return self._roll_off(event, losers)
        self._race_kouba(event, losers[0], Text("slowest"))
        self._finish_event()
        return True

    def _surely_last(self, seat: int, counts: dict[int, int], finished: list[int]) -> bool:
        """The only player still racing needs more rolls than anyone (unless a Courtesan can still tie)."""
        if not finished:
            return False
        worst = max(counts[s] for s in finished)
        return counts[seat] > worst or (counts[seat] == worst and not self.power_piles(seat, "courtesan"))

    def _race_winner(self, event: Event) -> bool:
        """The tie-break: fewest rolls wins; who gives up drops out; the last one left wins."""
        racing = [s for s in event.seats if not self.rollers[s].gave_up]
        if len(racing) == 1:
            line = Text("{who} wins the tie-break race the others gave up", who=at(racing[0]))
            return self._tiebreak_won(racing[0], line)
        counts = {s: self.rollers[s].rolls for s in racing}
        finished = [s for s in racing if self.rollers[s].done]
        if not finished:
            return False
        best = min(counts[s] for s in finished)
        still = [s for s in racing if not self.rollers[s].done]
        # A racer still on ``best`` rolls may yet tie with a Courtesan, without rolling again.
        if any(counts[s] < best or (counts[s] == best and self.power_piles(s, "courtesan")) for s in still):
            return False
        winners = [s for s in finished if counts[s] == best]
        if len(winners) > 1:
            return self._roll_off(event, winners)
        return self._tiebreak_won(
            winners[0], Text("{who} wins the tie-break race in {n} rolls", who=at(winners[0]), n=best)
        )

    def _tiebreak_won(self, winner: int, line: Text) -> bool:
        self._say(line)
        totals = self.totals()
        self.result = Outcome((winner,), "most points (tie broken by a Reaper race)", tuple(map(float, totals)))
        self.phase, self.event = OVER, None
        return True

    def _race_kouba(self, event: Event, loser: int, why: Text) -> None:
        if event.kind == "duel":
            winner = event.opponent(loser)
            self._say(Text("{who} wins the duel", who=at(winner)))
            cause = Text("lost the duel to {who}", who=at(winner))
            self.pending.append(Delivery(loser, event.take[winner], True, str(cause)))
        else:
            cause = Text("{event}, {why}", event=_EVENT_NAMES[event.kind], why=why)
            self.pending.append(Delivery(loser, -1, True, str(cause)))

    def _roll_off(self, event: Event, seats: list[int]) -> bool:
        self._say(Text("tie between {seats}: they roll again", seats=" ".join(at(s) for s in seats)))
        event = self._event()
        event.seats = seats if event.kind != "duel" else event.seats
        event.attempt += 1
        self._reset_event_rollers()
        return True

    def _finish_event(self) -> None:
        self.event = None
        self.phase = TURN
        self._fresh_rollers()
        if self.event_queue:
            self._start_event(self._next_event())

    def _from_turn(self, seats: list[int]) -> list[int]:
        """Seats in turn order starting with the current player."""
        return sorted(seats, key=lambda s: (s - self.turn) % self.players)

    def _end_round(self) -> None:
        self.revealed = [[_revealed_pile(p) for p in piles] for piles in self.piles]
        scores = [sum(p["score"] for p in piles) for piles in self.revealed]  # each seat's round_score
        self.round_scores = [*self.round_scores, scores]
        ender = self.round_ender
        assert ender is not None
        self._say(
            Text(
                "round {round} ends ({who} has 4 Koubas): {scores}",
                round=self.round,
                who=at(ender),
                scores=", ".join(map(str, scores)),
            )
        )
        if self.round >= self.players:
            self._end_game()
            return
        self.round += 1
        self.first_player = ender
        self._deal_round()

    def _end_game(self) -> None:
        self.round_ender = None
        self.pending, self.event_queue = [], []
        totals = self.totals()
        best = max(totals)
        tied = [s for s in range(self.players) if totals[s] == best]
        if len(tied) == 1:
            self.result = Outcome((tied[0],), "most points after the last round", tuple(map(float, totals)))
            self.phase, self.event = OVER, None
            return
        self.phase = TIEBREAK
        self.event = Event("tiebreak", "", tied[0], tied, "roll", [-1] * self.players)
        self._reset_event_rollers()
        self._say(
            Text(
                "tie on {points} points: Reaper race between {seats}", points=best, seats=" ".join(at(s) for s in tied)
            )
        )

    # -- views -------------------------------------------------------------------------

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """The last move: "Ada kept 1 1 2 and rolled 2 1 6 1 3 5", "Ada put the Kouba on pile 4".

        Only what the table sees: how many cards a swap changed, never which.

        >>> from rules import GAMES
        >>> state = GAMES["kouba"].new(players=2, seed=1).play(0, "swap:1,3")
        >>> str(KoubaState.describe(state.view(None), ["Ada", "Bob"]))
        'Ada swapped 2 cards'
        """
        table = cast(KoubaView, view)
        actor = table["last_actor"]
        if not table["last_move"] or actor is None:
            return None
        notation, *rolled = table["last_move"]
        dice = " ".join(rolled[0].removeprefix("dice:").split(",")) if rolled else ""
        who = names[actor]
        kind, _, rest = notation.partition(":")
        if kind == "roll":
            return Text("{who} rolled {dice}", who=who, dice=dice)
        if kind == "keep":
            return Text("{who} kept {kept} and rolled {dice}", who=who, kept=rest.replace(",", " "), dice=dice)
        if kind == "stop":
            return _stop_words(table["last_stop"], who)
        if kind == "claim":
            return _claim_words(table, actor, who, rest)
        if kind == "take":
            return _take_words(table, actor, who, names)
        action = _action_words(kind, rest.split(":") if rest else [], who, names)
        return Text("{action} and rolled {dice}", action=action, dice=dice) if dice else action

    def view(self, seat: int | None) -> KoubaView:
        data: KoubaView = {
            "game": GAME_ID,
            "players": self.players,
            "actors": list(self.actors),
            "waiting_for": list(self.waiting_for),
            "move_number": self.move_number,
            "last_move": self._visible_last_move(seat),
            "last_actor": self.last_actor,
            "last_stop": self.last_stop,
            "outcome": self.result.to_json() if self.result else None,
            "viewer": seat,
            "round": self.round,
            "rounds": self.players,
            "first_player": self.first_player,
            "phase": self.phase,
            "turn": self.turn if self.phase in (TURN, EVENT) else None,
            "turn_number": self.turns_begun,
            "move_in_turn": self.move_number - self.turn_began_at if self.phase in (TURN, EVENT) else 0,
            "arena": [card_json(cid) if cid else None for cid in self.arena],
            "draw_count": len(self.draw),
            "discard_count": len(self.discard),
            "discard_top": card_json(self.discard[-1]) if self.discard else None,
            "dice": [self._dice_view(s) for s in range(self.players)],
            "rolling": self.rolling(),
            "event": self._event_view(),
            "event_queue": [card_json(cid) for cid in self.event_queue],
            "pending": self._pending_view(),
            "tables": [self._table_view(s) for s in range(self.players)],
            "round_scores": [list(r) for r in self.round_scores],
            "totals": self.totals(),
            "revealed": [[_copy_pile(p) for p in piles] for piles in self.revealed],
            "swapped": list(self.swapped) if self.phase == SWAP else None,
            "log": list(self.log),
        }
        if seat is not None:
            private = self._private_view(seat)
            data["hand"], data["round_score"] = private["hand"], private["round_score"]
            data["usable_powers"] = private["usable_powers"]
        return data

    def _dice_view(self, seat: int) -> DiceView:
        roller = self.rollers[seat]
        return {
            "values": list(roller.values),
            "kept": list(roller.kept),
            "rolls": roller.rolls,
            "rolls_left": roller.rolls_left,
            "done": roller.done,
            "target": roller.target,
            "target_text": describe(roller.target) if roller.target else "",  # English: word combo_words(target)
        }

    def _table_view(self, seat: int) -> TableView:
        return {
            "seat": seat,
            "koubas": self.koubas(seat),
            "piles": [
                {
                    "size": len(p.cards),
                    "kouba": p.kouba,
                    "active": card_json(p.cards[-1]) if p.active else None,
                }
                for p in self.piles[seat]
            ],
        }

    def _event_view(self) -> EventView | None:
        event = self.event
        if event is None:
            return None
        return {
            "kind": event.kind,
            "name": _EVENT_NAMES[event.kind].template,
            "card": card_json(event.card) if event.card else None,
            "drawer": event.drawer,
            "seats": list(event.seats),
            "stage": event.stage,
            "attempt": event.attempt,
            "taken": self._duel_cards(event),
        }

    def _duel_cards(self, event: Event) -> list[DuelCard]:
        """Duel cards once both are taken: they are shown to everyone while the duel lasts."""
        if event.kind != "duel" or event.stage != "roll":
            return []
        taken: list[DuelCard] = []
        for seat in event.seats:
            source = self.piles[event.opponent(seat)][event.take[seat]]
            top = card_json(source.cards[-1]) if source.cards else None
            taken.append({"seat": seat, "from": event.opponent(seat), "pile": event.take[seat], "card": top})
        return taken

    def _visible_last_move(self, seat: int | None) -> list[str]:
        """The last move, except a duel's pick while the other duellist has not picked: only its maker sees it."""
        event = self.event
        picking = event is not None and event.kind == "duel" and event.stage != "roll"
        if picking and self.last_move[:1] and self.last_move[0].startswith("take:") and seat != self.last_actor:
            return ["take:hidden"]
        return list(self.last_move)

    def _pending_view(self) -> PendingView | None:
        if not self.pending:
            return None
        delivery = self.pending[0]
        return {
            "seat": delivery.receiver,
            "kind": "king" if self._king_window(delivery) else "kouba",
            "pile": delivery.pile,
            "cause": delivery.cause,
            "counterable": delivery.counterable,
            "queued": len(self.pending) - 1,
        }

    def _private_view(self, seat: int) -> KoubaPrivate:
        powers = [str(m) for m in self._legal(seat) if isinstance(m, (King, *POWER_TYPES))]
        return {
            "hand": [
                {
                    "kouba": p.kouba,
                    "active": p.active,
                    "score": 0 if p.kouba else pile_score(p.cards),
                    "cards": [card_json(cid) for cid in p.cards],
                }
                for p in self.piles[seat]
            ],
            "round_score": self.round_score(seat),
            "usable_powers": powers,
        }


# Fields stored as they are: scalars, and flat lists (copied with list()).
_SCALAR_FIELDS = (
    "round", "first_player", "phase", "turn", "stage", "opening", "give_used", "round_ender", "move_number",
    "last_actor",
)  # fmt: skip
_LIST_FIELDS = ("draw", "discard", "arena", "swapped", "event_queue", "log", "last_move")

_EVENT_NAMES = {  # in views as their English template: the bot words them in a server's language
    "weaver": Text("Weaver: lowest total is safe"),
    "golem": Text("Golem: one die, even gets a Kouba"),
    "reaper": Text("Reaper race: straight 1-6"),
    "sylvan": Text("Sylvan race: two 2s and two 4s"),
    "duel": Text("Duel"),
    "tiebreak": Text("Tie-break Reaper race"),
}


def _seat_of(player: str) -> int:
    """``@2`` -> seat 1."""
    return int(player.removeprefix("@")) - 1


def _pile_of(pile: str) -> int:
    """``pile4`` or ``arena2`` -> 4 or 2, as players count."""
    return int(pile.removeprefix("pile").removeprefix("arena"))


def _action_words(kind: str, parts: list[str], who: str, names: Sequence[str]) -> Text:
    """A move other than a roll, a stop or a claim, in words (``parts``: what followed ``kind:``)."""
    if kind == "swap":
        if parts == ["none"]:
            return Text("{who} kept their 5 cards", who=who)
        return _swapped(who, len(parts[0].split(",")))
    if kind == "kouba":
        return Text("{who} put the Kouba on pile {pile}", who=who, pile=_pile_of(parts[0]))
    if kind == "give":
        whom = names[_seat_of(parts[0])]
        return Text("{who} gave {whom} a Kouba on pile {pile}", who=who, whom=whom, pile=_pile_of(parts[1]))
    if kind == "duel":
        return Text("{who} challenged {whom} to a duel", who=who, whom=names[_seat_of(parts[0])])
    if kind == "king":
        if parts == ["counter"]:
            return Text("{who} countered the Kouba with the King", who=who)
        return Text("{who} let the Kouba come", who=who)
    if kind == "khan":
        whom, pile = names[_seat_of(parts[0])], _pile_of(parts[1])
        return Text("{who} played the Khan: a Kouba for {whom} on pile {pile}", who=who, whom=whom, pile=pile)
    if kind == "brute":
        whom, pile = names[_seat_of(parts[0])], _pile_of(parts[1])
        return Text("{who} played the Brute on pile {pile} of {whom}", who=who, whom=whom, pile=pile)
    if kind == "assassin":
        return Text("{who} played the Assassin: {whom} loses the turn", who=who, whom=names[_seat_of(parts[0])])
    if kind == "extra":
        if parts == ["1"]:
            return Text("{who} took 1 extra roll", who=who)
        return Text("{who} took {n} extra rolls", who=who, n=parts[0])
    if kind == "courtesan":
        old, _, new = parts[0].partition("=")
        return Text("{who} turned a {old} into a {new} with the Courtesan", who=who, old=old, new=new)
    if kind == "shaman":
        return Text("{who} played the Shaman on arena slot {slot}", who=who, slot=_pile_of(parts[0]))
    return Text("{who} played {move}", who=who, move=":".join([kind, *parts]))


def _stop_words(stopped: str | None, who: str) -> Text:
    """A stop gives up a turn (a Kouba), gives up a race or ends one's rolls."""
    if stopped == "arena":
        return Text("{who} gave up and takes a Kouba", who=who)
    if stopped == "race":
        return Text("{who} gave up the race", who=who)
    return Text("{who} stopped rolling", who=who)


def _take_words(view: KoubaView, actor: int, who: str, names: Sequence[str]) -> Text:
    """A duel's pick is secret until both duellists picked: then the table sees whose pile it was."""
    event = view["event"]
    for taken in event["taken"] if event else []:
        if taken["seat"] == actor:
            owner, pile = names[taken["from"]], taken["pile"] + 1
            return Text("{who} races for the top card of {owner}'s pile {pile}", who=who, owner=owner, pile=pile)
    return Text("{who} picked a pile to race for", who=who)


def _claim_words(view: KoubaView, actor: int, who: str, rest: str) -> Text:
    """``claim:2:pile4``: the card won, as the log names it (it was face up in the arena)."""
    pile = _pile_of(rest.split(":")[-1])
    for line in reversed(view["log"]):
        said = log_text(line)
        if said.template == "{who} won {card} ({points} VP) onto pile {pile}" and dict(said.values)["who"] == at(actor):
            return Text("{who} won {card} onto pile {pile}", who=who, card=dict(said.values)["card"], pile=pile)
    return Text("{who} won a card onto pile {pile}", who=who, pile=pile)


# The log's most frequent lines, in English, remembered: they come back game after game.
# A cause (``Delivery.cause``) is English already: it goes into a line as it is.


@lru_cache(maxsize=256)
def _failed_line(seat: int) -> str:
    return str(_failed(seat))


@lru_cache(maxsize=4096)
def _kouba_line(seat: int, pile: int, cause: str) -> str:
    return str(Text("{who} takes a Kouba on pile {pile} ({cause})", who=at(seat), pile=pile + 1, cause=cause))


@lru_cache(maxsize=4096)
def _won_line(seat: int, card_id: str, pile: int) -> str:
    won = card(card_id)
    return str(
        Text(
            "{who} won {card} ({points} VP) onto pile {pile}",
            who=at(seat),
            card=card_name(card_id),
            points=won.points,
            pile=pile + 1,
        )
    )


@lru_cache(maxsize=256)
def _swap_line(seat: int, count: int) -> str:
    return str(_swapped(at(seat), count))


@lru_cache(maxsize=256)
def _entry_line(card_id: str) -> str:
    return str(
        Text("{card} enters the arena: {event}", card=card_name(card_id), event=_EVENT_NAMES[card(card_id).event])
    )


def card_name(cid: str) -> Text:
    """A card's name for players: its English name, which the bot words in a server's language."""
    return Text(card(cid).name)


_FAILED_ARENA = str(Text("failed the arena"))  # the cause of the Kouba of a turn given up


def _failed(seat: int) -> Text:
    return Text("{who} failed and takes a Kouba", who=at(seat))


def _swapped(who: str, count: int) -> Text:
    if count == 0:
        return Text("{who} swapped 0 cards", who=who)
    if count == 1:
        return Text("{who} swapped 1 card", who=who)
    return Text("{who} swapped {n} cards", who=who, n=count)


# Lines of the log and causes of a Kouba are kept in English in the state (and its stored
# JSON, views and the AI's reading of the log); these are their templates, so that the
# bot can read one back as a Text and word it in a server's language. A more precise
# template comes before a more general one.
LOG_TEXTS = (
    "{who} swapped 0 cards",
    "{who} swapped 1 card",
    "{who} swapped {n} cards",
    "{who} won {card} ({points} VP) onto pile {pile}",
    "{who} failed and takes a Kouba",
    "{who} gives up the race",
    "{who} rolled six alike and gives themselves a Kouba",
    "{who} rolled six alike and gives {whom} a Kouba",
    "{who} challenges {whom} to a duel",
    "{who} counters a Kouba ({cause}) with the King",
    "{who} plays the Khan on {whom}",
    "{who} plays the Brute: {whom} loses {card} from pile {pile}",
    "{who} plays the Assassin: {whom} loses the turn",
    "{who} gains 1 extra roll",
    "{who} gains {n} extra rolls",
    "{who} turns a {old} into a {new} with the Courtesan",
    "{who} plays the Shaman: {card} leaves the arena",
    "no card left to draw: arena slot {slot} stays empty",
    "the discard is shuffled into a new draw pile",
    "{who} takes a Kouba on pile {pile} ({cause})",
    "round {round}: {who} starts; everyone may swap up to 2 cards",
    "{card} enters the arena: {event}",
    "{who} wins the tie-break race the others gave up",
    "{who} wins the tie-break race in {n} rolls",
    "{who} wins the duel",
    "tie between {seats}: they roll again",
    "round {round} ends ({who} has 4 Koubas): {scores}",
    "tie on {points} points: Reaper race between {seats}",
)
CAUSE_TEXTS = (
    "failed the arena",
    "six alike of {who}",
    "Khan of {who}",
    "Brute of {who}",
    "Golem, rolled {value}",
    "Weaver, highest total {total}",
    "lost the duel to {who}",
    "{event}, {why}",
)


def _reader(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(pattern)


_LOG_READERS = tuple((template, _reader(template)) for template in LOG_TEXTS)
_CAUSE_READERS = tuple((template, _reader(template)) for template in CAUSE_TEXTS)


def _read(line: str, readers: tuple[tuple[str, re.Pattern[str]], ...]) -> Text:
    for template, reader in readers:
        if match := reader.fullmatch(line):
            return Text(template, **{name: _read_value(name, value) for name, value in match.groupdict().items()})
    return Text(line)  # a line of an older version: left as it is


def _read_value(name: str, value: str) -> Any:
    if name in ("card", "event", "why"):
        return Text(value)  # a card's name, an event's name (English templates), gave up / slowest
    if name == "cause":
        return cause_text(value)
    return value


def log_text(line: str) -> Text:
    """A line of the log as the Text it was written from, to word in a server's language.

    >>> log_text("@1 won Elf King (3 VP) onto pile 2").values[1]
    ('card', Text(template='Elf King', values=()))
    """
    return _read(line, _LOG_READERS)


def cause_text(cause: str) -> Text:
    """Why a Kouba comes (``Delivery.cause``, in English in states and views) as a Text."""
    return _read(cause, _CAUSE_READERS)


def _event_roller(event: Event, seat: int, state: KoubaState) -> Roller:
    if event.kind == "weaver":
        return Roller(limit=ROLLS)
    if event.kind == "golem":
        return Roller(limit=1, dice=1)
    if event.kind == "duel":
        source = state.piles[event.opponent(seat)][event.take[seat]]
        return Roller(target=card(source.cards[-1]).combo if source.cards else "pair")
    return Roller(target=SYLVAN_TARGET if event.kind == "sylvan" else REAPER_TARGET)


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


# Dice no one has rolled, shared by the states until one changes them (see ``KoubaState._roller``).
_IDLE, _TURN_START = Roller(), Roller(limit=ROLLS)

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


@cache
def _wins(card_id: str) -> frozenset[tuple[int, ...]]:
    """The sorted hands that win this card."""
    return success_set(card(card_id).combo)


@cache
def _deck_for(players: int) -> tuple[str, ...]:
    return tuple(deck_for(players))


# The state's generator (:class:`Rng`, SplitMix64) written out for the hot paths: the same
# numbers as ``Rng.below`` from the same state, without an object per draw.
_MASK = Rng.MASK
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _below(state: int, bound: int) -> tuple[int, int]:
    """(``Rng.below(bound)``, the generator's state after) from an :class:`Rng` in ``state``."""
    limit = _MASK - (_MASK + 1) % bound
    while True:  # a value above the last multiple of ``bound`` is drawn again
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z <= limit:
            return z % bound, state


def _shuffle(state: int, items: list[str]) -> int:
    """Shuffles ``items`` as ``Rng.shuffle`` does (Fisher-Yates) from an :class:`Rng` in ``state``;
    returns the generator's state after."""
    for i in range(len(items) - 1, 0, -1):
        j, state = _below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def _roll_dice(state: int, count: int) -> tuple[list[int], int]:
    """(``count`` dice, the generator's state after) from an :class:`Rng` in ``state``: what
    ``randint(1, 6)`` gives ``count`` times."""
    rolled = []
    for _ in range(count):
        value, state = _below(state, 6)
        rolled.append(value + 1)
    return rolled, state


_DICE_LINES = ["dice:" + ",".join(["%d"] * count) for count in range(DICE + 1)]  # "dice:6,6,5,3,2,1"


def _keep_and_roll(values: list[int], keep: tuple[int, ...], rolled: list[int]) -> tuple[list[bool], list[int]]:
    """(per die whether it stays, the dice after the roll): of each kept value the first dice
    showing it stay, the others show the values ``rolled``, in order."""
    left = list(keep)
    kept: list[bool] = []
    after: list[int] = []
    used = 0
    for value in values:
        if value in left:
            left.remove(value)
            kept.append(True)
            after.append(value)
        else:
            kept.append(False)
            after.append(rolled[used])
            used += 1
    return kept, after


def _courtesan_moves(roller: Roller) -> Iterator[Courtesan]:
    for old in sorted(set(roller.values)):
        for new in range(1, 7):
            if new != old:
                yield Courtesan(old, new)


_RESOLVERS: dict[str, Callable[[KoubaState, Event], bool]] = {
    "golem": KoubaState._resolve_golem,
    "weaver": KoubaState._resolve_weaver,
    "reaper": KoubaState._resolve_race,
    "sylvan": KoubaState._resolve_race,
    "duel": KoubaState._resolve_race,
    "tiebreak": KoubaState._resolve_race,
}

_HANDLERS: dict[type, Callable[[KoubaState, int, Any], None]] = {
    Swap: KoubaState._do_swap,
    Roll: KoubaState._do_roll,
    Keep: KoubaState._do_roll,
    Claim: KoubaState._do_claim,
    Stop: KoubaState._do_stop,
    PlaceKouba: KoubaState._do_place,
    Give: KoubaState._do_give,
    Challenge: KoubaState._do_challenge,
    Take: KoubaState._do_take,
    King: KoubaState._do_king,
    Khan: KoubaState._do_khan,
    Brute: KoubaState._do_brute,
    Assassin: KoubaState._do_assassin,
    Extra: KoubaState._do_extra,
    Courtesan: KoubaState._do_courtesan,
    Shaman: KoubaState._do_shaman,
}


# ---------------------------------------------------------------------------
# Refusals: why a parsed move is not legal now


def _refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    if state.pending and not (isinstance(move, POWER_TYPES) and state._powers_open()):
        return _pending_refusal(state, seat, move)
    for kinds, explain in _REFUSERS:
        if isinstance(move, kinds):
            return explain(state, seat, move)
    return Text("{move} is not possible now.", move=str(move))


def _pending_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    delivery = state.pending[0]
    cause = cause_text(delivery.cause)
    if seat != delivery.receiver:
        who = at(delivery.receiver)
        if state._king_window(delivery):
            return Text(
                "{who} is answering a Kouba ({cause}) with their King: everyone waits for that answer.",
                who=who,
                cause=cause,
            )
        return Text("{who} is placing a Kouba ({cause}): meanwhile only powers can be played.", who=who, cause=cause)
    if state._king_window(delivery):
        return Text("A Kouba ({cause}) is coming at you: first answer with king:counter or king:allow.", cause=cause)
    if isinstance(move, PlaceKouba):
        return Text("Pile {pile} already has a Kouba: a Kouba never goes on another Kouba.", pile=move.pile + 1)
    return Text("First place the Kouba you receive ({cause}) on a pile without one.", cause=cause)


def _swap_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    if state.phase != SWAP:
        return Text("Swapping is only allowed once, at the start of a round.")
    if isinstance(move, Swap) and len(move.piles) > MAX_SWAP:
        return Text("You may swap at most {n} cards.", n=MAX_SWAP)
    return Text("You have already swapped this round.")


def _dice_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    roller = state.rollers[seat]
    if seat not in state.rolling():
        return Text("You are not rolling dice now.")
    if isinstance(move, Keep) and roller.rolls == 0:
        return Text("Roll first: there are no dice to keep yet.")
    if roller.limit and roller.rolls >= roller.limit:
        return Text("You have used all {n} rolls.", n=roller.limit)
    if isinstance(move, Keep) and roller.target:
        return Text("In a race keep only dice that can still make {combo}.", combo=combo_words(roller.target))
    return Text(
        "You cannot {move}: name 1 to 5 values among your dice ({dice}), like keep:{value}.",
        move=str(move),
        dice=" ".join(map(str, roller.values)),
        value=roller.values[0],
    )


def _claim_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    assert isinstance(move, Claim)
    if state.phase != TURN or seat != state.turn:
        return Text("You may only claim a card during your own turn.")
    cid = state.arena[move.slot]
    values = state.rollers[seat].values
    if cid is None:
        return Text("Arena slot {slot} is empty.", slot=move.slot + 1)
    if not values:
        return Text("Roll the dice first.")
    if state.piles[seat][move.pile].kouba:
        return Text("Pile {pile} has a Kouba: no card may go on it.", pile=move.pile + 1)
    return Text(
        "Your dice ({dice}) do not show {combo}, the combination of {card}.",
        dice=" ".join(map(str, values)),
        combo=combo_words(card(cid).combo),
        card=card_name(cid),
    )


def _power_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    power = _POWER_OF[type(move)]
    if not state.power_piles(seat, power):
        if power == "extra":
            return Text("You have no active extra-roll champion (a face-up champion on a pile without a Kouba).")
        # A power is named after its first card: the bot words a card's name in a server's language.
        return Text(
            "You have no active {power} (a face-up champion on a pile without a Kouba).",
            power=Text(power.capitalize()),
        )
    if not state._powers_open():
        if state.pending:
            return Text("A King's answer is awaited: powers wait until it is given.")
        return Text("Powers are used during turns, events and races, not during the swap.")
    if state.phase == TIEBREAK and power != "courtesan":
        return Text("In the tie-break race the game is already scored: only the Courtesan can still change a die.")
    if isinstance(move, Assassin):
        return Text(
            "The Assassin only stops the player whose turn it is ({who}), before they claim, and not yourself.",
            who=at(state.turn),
        )
    if isinstance(move, (Khan, Brute)):
        return Text(
            "{who}'s pile {pile} has a Kouba or is not an opponent's pile.", who=at(move.target), pile=move.pile + 1
        )
    if isinstance(move, Extra):
        return Text("Extra rolls help only in your own turn, the Weaver and the Golem, as printed on your card.")
    if isinstance(move, Courtesan):
        return Text("The Courtesan changes one of your own dice while you are rolling, to a different value.")
    return Text("That arena slot is empty.")


def _other_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    if isinstance(move, Stop):
        return Text(
            "Stop gives up your turn (you take a Kouba) or a race (you lose it), or settles a Weaver or Golem "
            "result after a roll."
        )
    if isinstance(move, Give):
        return Text("Giving a Kouba needs six identical dice, once per turn, to a pile without a Kouba.")
    if isinstance(move, (Challenge, Take)):
        return Text("A duel's drawer picks the opponent (duel:@2), then each duelist takes a pile (take:pile1).")
    if isinstance(move, (King, PlaceKouba)):
        return Text("No Kouba is coming at you now.")
    return Text("{move} is not possible now.", move=str(move))


_POWER_OF: dict[type, str] = {
    Khan: "khan",
    Brute: "brute",
    Assassin: "assassin",
    Extra: "extra",
    Courtesan: "courtesan",
    Shaman: "shaman",
}
_REFUSERS: tuple[tuple[tuple[type, ...], Callable[[KoubaState, int, KoubaMove], Text]], ...] = (
    ((Swap,), _swap_refusal),
    ((Roll, Keep), _dice_refusal),
    ((Claim,), _claim_refusal),
    (POWER_TYPES, _power_refusal),
    ((Stop, Give, Challenge, Take, King, PlaceKouba), _other_refusal),
)


# ---------------------------------------------------------------------------
# Helpers for the Discord UI


def move_groups(state: KoubaState, seat: int) -> dict[str, list[str]]:
    """The legal moves of ``seat`` grouped by what they are, for buttons and select menus.

    Keys (present only when non-empty): ``swap``, ``roll``, ``keep``, ``claim``, ``stop``, ``kouba``,
    ``give``, ``duel``, ``take``, ``king`` and one per power (``khan``, ``brute``, ...).

    >>> from rules import GAMES
    >>> state = GAMES["kouba"].new(players=2, seed=1)
    >>> sorted(move_groups(state, 0))
    ['swap']
    """
    groups: dict[str, list[str]] = {}
    for move in state.legal_moves(seat):
        text = str(move)
        groups.setdefault(text.split(":")[0], []).append(text)
    return groups


def keeps_free_to_pick(state: KoubaState, seat: int) -> bool:
    """Whether any pick of one to five of the keepable dice is a keep the engine accepts.

    True in a turn (any part of the dice may be kept); in a race only some parts can still
    make the target, so a menu of single dice would offer picks the engine refuses.

    >>> from rules import GAMES
    >>> keeps_free_to_pick(GAMES["kouba"].new(players=2, seed=1), 0)  # nothing to keep yet
    True
    """
    keeps = {move.values for move in state.legal_moves(seat) if isinstance(move, Keep)}
    keepable: Counter[int] = Counter()
    for keep in keeps:
        keepable |= Counter(keep)
    dice = sorted(keepable.elements())
    picks = {part for n in range(1, DICE) for part in combinations(dice, n)}
    return picks == keeps


def move_label(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    """A short description of a move for a button or select option, to word in a server's language.

    >>> from rules import GAMES
    >>> state = GAMES["kouba"].new(players=2, seed=1)
    >>> str(move_label(state, 0, state.parse_move("swap:1,3"))), str(move_label(state, 0, Keep((3, 3, 6))))
    ('swap the cards of piles 1, 3', 'keep 3 3 6, roll 3 dice')
    """
    if isinstance(move, Claim):
        won = state.arena[move.slot] or ""
        return Text(
            "win {card} ({points} VP) onto pile {pile}",
            card=card_name(won),
            points=card(won).points,
            pile=move.pile + 1,
        )
    if isinstance(move, Shaman):
        gone = state.arena[move.slot]
        if gone is None:
            return Text("Shaman: replace slot (slot {slot})", slot=move.slot + 1)
        return Text("Shaman: replace {card} (slot {slot})", card=card_name(gone), slot=move.slot + 1)
    if isinstance(move, Stop):
        if state.phase == TURN:
            return Text("give up: take a Kouba")
        if state._racing_event():
            return Text("give up the race (you lose it)")
        return Text("stop rolling, keep this result")
    return _LABELS[type(move)](move)


def _swap_label(move: Swap) -> Text:
    if not move.piles:
        return Text("keep all 5 cards")
    return Text("swap the cards of piles {piles}", piles=", ".join(str(p + 1) for p in move.piles))


_LABELS: dict[type, Callable[[Any], Text]] = {
    Swap: _swap_label,
    Roll: lambda m: Text("roll all the dice"),
    Keep: lambda m: Text("keep {dice}, roll {n} dice", dice=" ".join(map(str, m.values)), n=DICE - len(m.values)),
    PlaceKouba: lambda m: Text("put the Kouba on pile {pile}", pile=m.pile + 1),
    Give: lambda m: Text("six alike: Kouba to {who} on pile {pile}", who=at(m.target), pile=m.pile + 1),
    Challenge: lambda m: Text("duel {who}", who=at(m.target)),
    Take: lambda m: Text("race for the top card of their pile {pile}", pile=m.pile + 1),
    King: lambda m: Text("King: cancel this Kouba") if m.counter else Text("let the Kouba come"),
    Khan: lambda m: Text("Khan: Kouba to {who} on pile {pile}", who=at(m.target), pile=m.pile + 1),
    Brute: lambda m: Text("Brute: discard the top card of {who}'s pile {pile}", who=at(m.target), pile=m.pile + 1),
    Assassin: lambda m: Text("Assassin: end {who}'s turn", who=at(m.target)),
    Extra: lambda m: Text("+1 roll") if m.rolls == 1 else Text("+{n} rolls", n=m.rolls),
    Courtesan: lambda m: Text("Courtesan: turn a {old} into a {new}", old=m.old, new=m.new),
}


GAME = register(
    Game(
        id=GAME_ID,
        name="Kouba",
        min_players=2,
        max_players=MAX_PLAYERS,
        state_class=KoubaState,
        options=(),
        sample_setups=((2, {}), (3, {}), (4, {}), (5, {}), (6, {})),
    )
)
