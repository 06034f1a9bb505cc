"""Agora's turn: every decision the game owes its seats in a row, chosen one after another and
played as one move, so the table sees one board update and one line for the whole turn.

A turn of Agora runs from the position its job was stamped with until a person is waited for, or
the game ends: a turn of dice rolls and keeps, a dice race between two of its seats, the seats of
one side in turn in a game played in teams. Each decision is chosen from what its seat may see (its view and the
public move log, the turn's earlier steps included), the way a single move was; the state only
moves forward here, in the bot's process, to know what the next decision sees (a roll's dice).

>>> step_seed(12, 5, 0) == move_seed(12, 5)
True
>>> len({step_seed(12, 5, step) for step in range(3)})
3
"""

from __future__ import annotations

import hashlib
import logging
import random
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ai import Observation, observe
from bot.i18n import text, word
from bot.opponent import move_seed, public_log
from bot.storage import MoveRow
from rules import GameState, Listing, Text

log = logging.getLogger("agora.opponent")

# A turn never plays more decisions than this (the longest dice race takes under a hundred):
# past it, the job's next run goes on from the stored position.
MAX_STEPS = 400
# The turn's line tells its last steps; the earlier ones are counted.
SHOWN_STEPS = 8

# Chooses the move (its notation) a seat plays: from the observation, at a level, with a seed, as the
# turn's how-many-th real choice (later ones think less: ai.search.step_share).
Chooser = Callable[[Observation, str, int, int], Awaitable[str]]


@dataclass(frozen=True)
class Step:
    """One decision of Agora's turn: ``seat`` plays ``notation`` (as the engine writes it)."""

    seat: int
    notation: str


@dataclass(frozen=True)
class Turn:
    """Agora's decisions in a row and the position after each of them."""

    steps: tuple[Step, ...]
    states: tuple[GameState[Any], ...]

    @property
    def seats(self) -> list[int]:
        return [step.seat for step in self.steps]

    @property
    def notations(self) -> list[str]:
        return [step.notation for step in self.steps]


def step_seed(game_id: int, version: int, step: int) -> int:
    """The seed of the turn's ``step``-th decision: the first one is the single move's seed of before."""
    if step == 0:
        return move_seed(game_id, version)
    digest = hashlib.blake2b(f"agora:{game_id}:{version}:{step}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def next_bot_seat(state: GameState[Any], bots: Mapping[int, str]) -> int | None:
    """The first of Agora's seats the game waits for, while the game is on; None: a person's turn."""
    if state.outcome is not None:
        return None
    return next((seat for seat in state.waiting_for if seat in bots), None)


async def play_turn(
    game: str,
    game_id: int,
    version: int,
    state: GameState[Any],
    bots: Mapping[int, str],
    history: Sequence[MoveRow],
    choose: Chooser,
) -> Turn:
    """Agora's decisions from ``state`` (stored at ``version``, after ``history``) until a person is
    waited for or the game ends; ``bots`` holds each of its seats' level."""
    moves = list(history)
    steps: list[Step] = []
    states: list[GameState[Any]] = []
    choices = 0  # the turn's decisions so far that had more than one move to choose from
    while len(steps) < MAX_STEPS and (seat := next_bot_seat(state, bots)) is not None:
        observation = observe(state, seat, public_log(game, moves, seat))
        seed = step_seed(game_id, version, len(steps))
        try:
            chosen = await choose(observation, bots[seat], seed, choices)
        except Exception:
            # A search that fails must not stall the game: a legal move, drawn from the same seed.
            log.exception("game %s: the search failed at version %s; playing a legal move", game_id, version)
            chosen = str(random.Random(seed).choice(state.legal_moves(seat)))
        notation = str(state.parse_move(chosen))
        choices += len(state.legal_moves(seat)) > 1
        state = state.play(seat, notation)
        steps.append(Step(seat, notation))
        states.append(state)
        moves.append(MoveRow(len(moves) + 1, seat, 0, notation, 0.0))
    return Turn(tuple(steps), tuple(states))


def turn_line(turn: Turn, names: Sequence[str], lang: str) -> str:
    """The turn's steps in words, as the table saw them (no secret): the last SHOWN_STEPS told,
    after how many there were; empty when the game describes none of them."""
    told = told_steps(turn, names)
    shown = [word(lang, described) + "." for described in told[-SHOWN_STEPS:]]
    if len(told) > len(shown):
        shown.insert(0, text(lang, "agora_turn_last", total=len(told), shown=len(shown)))
    return " ".join(shown)


def told_steps(turn: Turn, names: Sequence[str]) -> list[Text | Listing]:
    """What each step did in words; a step the next one of the same seat tells again is left out
    (a game whose turn is several moves may tell the turn's moves so far at each of them)."""
    pairs = zip(turn.steps, turn.states, strict=True)
    described = [(step.seat, spectators_words(state, names)) for step, state in pairs]
    told = [(seat, words) for seat, words in described if words is not None]
    kept: list[Text | Listing] = []
    for index, (seat, words) in enumerate(told):
        later = told[index + 1] if index + 1 < len(told) else None
        if later is None or later[0] != seat or not retold(words, later[1]):
            kept.append(words)
    return kept


def retold(first: Text | Listing, then: Text | Listing) -> bool:
    """Whether ``then`` says all ``first`` said: the same sentence, its lists the same or longer.

    >>> from rules.base import AND
    >>> built = Text("{who} built {pillars}", who="Ada", pillars=Listing(("level 2 on b2",), AND))
    >>> more = Text("{who} built {pillars}", who="Ada", pillars=Listing(("level 2 on b2", "level 1 on a1"), AND))
    >>> retold(built, more), retold(more, built), retold(Text("{who} rolled 1", who="Ada"), more)
    (True, False, False)
    """
    if isinstance(first, Listing) or isinstance(then, Listing):
        if not (isinstance(first, Listing) and isinstance(then, Listing)):
            return False
        return then.items[: len(first.items)] == first.items
    if first.template != then.template or [key for key, _ in first.values] != [key for key, _ in then.values]:
        return False
    return all(
        a == b or (isinstance(a, (Text, Listing)) and isinstance(b, (Text, Listing)) and retold(a, b))
        for (_, a), (_, b) in zip(first.values, then.values, strict=True)
    )


def spectators_words(state: GameState[Any], names: Sequence[str]) -> Text | Listing | None:
    """The last move of ``state`` as a spectator reads it."""
    return state.describe(state.view(None), names)
