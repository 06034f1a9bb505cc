"""The pieces of a Kouba table: piles, dice rollers, events, Koubas on their way, and a pile's score."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from rules.base import JSON
from rules.kouba.moves import _DECK, BIG_BONUS, DICE, FACTION_BONUS
from rules.kouba_deck import CardView, card

if TYPE_CHECKING:
    from rules.kouba.views import RevealedPile


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


# Fields stored as they are: scalars, and flat lists (copied with list()).
_SCALAR_FIELDS = (
    "round", "first_player", "phase", "turn", "stage", "opening", "give_used", "round_ender", "move_number",
    "last_actor",
)  # fmt: skip
_LIST_FIELDS = ("draw", "discard", "arena", "swapped", "event_queue", "log", "last_move")
