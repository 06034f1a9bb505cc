"""Dice and shuffles (every random number of the game), and the dice rollers of events."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rules.base import Rng
from rules.kouba.moves import DICE, REAPER_TARGET, ROLLS, SYLVAN_TARGET
from rules.kouba.pieces import Roller
from rules.kouba_combos import success_set
from rules.kouba_deck import card, deck_for

if TYPE_CHECKING:
    from rules.kouba.pieces import Event
    from rules.kouba.state import KoubaPosition


def _event_roller(event: Event, seat: int, state: KoubaPosition) -> Roller:
    if event.kind == "weaver":
        return Roller(limit=ROLLS)
    if event.kind == "golem":
        return Roller(limit=1, dice=1)
    if event.kind == "duel":
        source = state.piles[event.opponent(seat)][event.take[seat]]
        return Roller(target=card(source.cards[-1]).combo if source.cards else "pair")
    return Roller(target=SYLVAN_TARGET if event.kind == "sylvan" else REAPER_TARGET)


# Dice no one has rolled, shared by the states until one changes them (see ``KoubaState._roller``).
_IDLE, _TURN_START = Roller(), Roller(limit=ROLLS)


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
