"""The Kouba deck: cards loaded from ``kouba_deck.json`` (pure data beside this module).

Each card has an id (``D07``), a name, a faction, a colour (``champion`` =
brown with a power, ``legendary`` = red with an entry event, ``duelist`` =
yellow, whose entry starts a duel), victory points and a dice combination (see
:mod:`rules.kouba_combos`). Champions carry a power key; extra-roll champions
also print 1 or 2 extra rolls.

>>> deck = load_deck()
>>> len(deck), deck["D01"].name, deck["D01"].power
(56, 'Dwarf King', 'king')
>>> len(deck_for(2)), len(deck_for(6))
(52, 56)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, NotRequired, TypedDict

from rules.kouba_combos import describe, parse_combo


class CardView(TypedDict):
    """A card's public data, as views show it."""

    id: str
    name: str
    faction: str
    colour: str
    points: int
    combo: str
    combo_text: str  # the combination in words
    power: NotRequired[str]  # champions
    extra_rolls: NotRequired[int]  # extra-roll champions
    event: NotRequired[str]  # legendaries and duelists


CHAMPION = "champion"
LEGENDARY = "legendary"
DUELIST = "duelist"
COLOURS = (CHAMPION, LEGENDARY, DUELIST)

POWERS = ("king", "khan", "brute", "assassin", "extra", "courtesan", "shaman")
EVENTS = ("weaver", "golem", "reaper", "sylvan", "duel")


@dataclass(frozen=True)
class Card:
    """One card of the deck (immutable data)."""

    id: str
    name: str
    faction: str
    colour: str
    points: int
    combo: str
    power: str = ""  # champions only: one of POWERS
    extra_rolls: int = 0  # extra-roll champions only: 1 or 2
    event: str = ""  # legendaries and duelists: one of EVENTS
    omit_in_2p: bool = False

    def to_json(self) -> CardView:
        """Full public data of the card, with a readable label of its combination."""
        data: CardView = {
            "id": self.id,
            "name": self.name,
            "faction": self.faction,
            "colour": self.colour,
            "points": self.points,
            "combo": self.combo,
            "combo_text": describe(self.combo),
        }
        if self.power:
            data["power"] = self.power
        if self.extra_rolls:
            data["extra_rolls"] = self.extra_rolls
        if self.event:
            data["event"] = self.event
        return data


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    emblem: str


def _check(card: Card) -> Card:
    """Refuse malformed data early, with the card id in the message."""
    parse_combo(card.combo)
    if card.colour not in COLOURS:
        raise ValueError(f"{card.id}: unknown colour {card.colour!r}")
    if card.colour == CHAMPION and card.power not in POWERS:
        raise ValueError(f"{card.id}: a champion needs a power among {POWERS}")
    if card.colour != CHAMPION and card.event not in EVENTS:
        raise ValueError(f"{card.id}: a {card.colour} needs an event among {EVENTS}")
    if (card.power == "extra") != (card.extra_rolls in (1, 2)):
        raise ValueError(f"{card.id}: only extra-roll champions print 1 or 2 extra rolls")
    return card


@lru_cache(maxsize=1)
def _raw() -> dict[str, Any]:
    text = resources.files("rules").joinpath("kouba_deck.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def factions() -> tuple[Faction, ...]:
    return tuple(Faction(f["id"], f["name"], f["emblem"]) for f in _raw()["factions"])


@lru_cache(maxsize=1)
def load_deck() -> dict[str, Card]:
    """Every card by id, in file order."""
    known = {f.id for f in factions()}
    cards = [_check(Card(**entry)) for entry in _raw()["cards"]]
    for card in cards:
        if card.faction not in known:
            raise ValueError(f"{card.id}: unknown faction {card.faction!r}")
    return {card.id: card for card in cards}


def deck_for(players: int) -> list[str]:
    """Card ids used with this many players (2 players: the cards marked omit_in_2p are out)."""
    return [cid for cid, card in load_deck().items() if players > 2 or not card.omit_in_2p]


def card(card_id: str) -> Card:
    return load_deck()[card_id]
