"""The Kouba lesson: keeping one's cards, rolling and keeping dice for a combination, claiming a
champion, its power given at any time (a Kouba for the rival), then an arena event (the Weaver)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from bot.learn import JSON, Box, Lesson, Step, played
from render.kit import MARGIN
from render.kouba import DICE_ROW, DICE_TOP, PILE_H, PILE_W, arena_box, player_row_box
from rules import GAMES, GameState, Rng, View
from rules.kouba import KoubaView

SEED = 0  # both keep their cards; you start, and your dice come as the steps say
WEAVER = "E24"  # the Weaver, the legendary card the event step draws
DIE_STEP = 52  # how far apart the table draws the dice
CLAIMED = re.compile(r"claim:([1-3]):")
NUDGES = 1000  # how far the dice generator may be nudged for the lesson's dice
FIRST_ROLL = ((0, "swap:none"), (1, "swap:none"), (0, "roll"))
EVENT_DICE = 3276728744528108931  # the dice generator that rolls the Weaver's event as the steps tell it
KEEP, CLAIM, KHAN, COURTESAN = "keep:3,3,4,4,4", "claim:2:pile3", "khan:@2:pile4", "claim:3:pile1"


def where(mark: str, view: View) -> Box:
    """``arena2`` (an arena slot), ``dice`` (the learner's dice) or ``pile@2:4`` (seat 2's fourth pile)."""
    table = cast(KoubaView, view)
    if mark.startswith("arena"):
        return arena_box(int(mark.removeprefix("arena")) - 1)
    if mark == "dice":
        top = DICE_TOP + dice_row(table) * DICE_ROW
        return (MARGIN + 144, top - 4, MARGIN + 150 + 6 * DIE_STEP - 6, top + 48)
    seat, pile = (int(part) for part in mark.removeprefix("pile@").split(":"))
    x0, top, _, _ = player_row_box(table, seat - 1)
    x = x0 + 8 + 180 + (pile - 1) * (PILE_W + 8)
    return (x - 4, top + 2, x + PILE_W + 4, top + 10 + PILE_H)


def claimed_card(notation: str) -> tuple[str, ...]:
    """A move's marks in Kouba: the arena card it claims (``claim:2:pile3``), else none."""
    found = CLAIMED.match(notation)
    return (f"arena{found[1]}",) if found else ()


def dice_row(view: KoubaView) -> int:
    """Which row of dice is the learner's (seat 0): the table draws a row for each seat rolling."""
    if view["event"]:
        return list(view["event"]["seats"]).index(0)
    return 0


def rigged(data: JSON, works: Callable[[GameState[Any]], bool]) -> JSON:
    """``data`` with the first state of its dice generator, from its own on, after which ``works``
    holds: the dice the next steps speak of come up (a lesson's dice are fixed, as its words are)."""
    for nudge in range(NUDGES):
        tried = {**data, "rng": (data["rng"] + nudge) & Rng.MASK}
        if works(GAMES["kouba"].from_json(tried)):
            return tried
    raise ValueError(f"no dice generator within {NUDGES} of {data['rng']} gives the lesson's dice")


def dice_of(state: GameState[Any]) -> list[int]:
    """The learner's dice (seat 0) as the table shows them."""
    dice: list[int] = cast(KoubaView, state.view(0))["dice"][0]["values"]
    return dice


def first_roll() -> JSON:
    """Both keep their cards and you roll 4 6 4 3 4 3; the one die you roll again will show a 3."""
    state = played(GAMES["kouba"].new(players=2, seed=SEED), FIRST_ROLL)
    return rigged(state.to_json(), lambda start: dice_of(start.play(0, KEEP)).count(3) == 3)


def weaver_drawn() -> JSON:
    """Agora's turn goes on as in the steps: its roll wins it the Courtesan (arena slot 3), and the
    Weaver is on top of the draw pile (it was in your hand: a Dwarf King takes its place there), so
    your next turn opens with its event."""
    state = played(GAMES["kouba"].from_json(first_roll()), ((0, KEEP), (0, CLAIM), (0, KHAN)))
    data = rigged(state.to_json(), lambda agora: COURTESAN in map(str, agora.play(1, "roll").legal_moves(1)))
    data = played(GAMES["kouba"].from_json(data), ((1, "roll"),)).to_json()
    data["piles"][0][1]["cards"] = ["D01"]
    data["draw"] = [*(card for card in data["draw"] if card != "D01"), WEAVER]
    drawn: JSON = {**GAMES["kouba"].from_json(data).play(1, COURTESAN).to_json(), "rng": EVENT_DICE}
    return drawn


LESSON = Lesson(
    game="kouba",
    seed=SEED,
    where=where,
    move_marks=claimed_card,
    steps=(
        Step(asks=("swap:none",), replies=((1, "swap:none"),)),
        Step(asks=("roll",), marks=("arena1", "arena2", "arena3")),
        Step(asks=(KEEP,), marks=("dice", "arena2"), position=first_roll()),
        Step(asks=(CLAIM,), marks=("dice", "arena2", "pile@1:3")),
        Step(asks=(KHAN,), marks=("pile@1:3", "pile@2:4"), replies=((1, "roll"),)),
        Step(asks=("roll",), marks=("arena1",), replies=((1, "roll"),), position=weaver_drawn()),
        Step(asks=("keep:1,3,4",), marks=("dice",), replies=((1, "stop"),)),
        Step(asks=("stop",), marks=("dice",)),
    ),
)
