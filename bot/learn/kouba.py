"""The Kouba lesson: keeping one's cards, rolling and keeping dice for a combination, claiming a
champion, its power given at any time (a Kouba for the rival), then an arena event (the Weaver)."""

from __future__ import annotations

import re
from typing import cast

from bot.learn import JSON, Box, Lesson, Step, played
from render.kit import MARGIN
from render.kouba import DICE_ROW, DICE_TOP, PILE_H, PILE_W, arena_box, player_row_box
from rules import GAMES, View
from rules.kouba import KoubaView

SEED = 0  # both keep their cards; you start, and your dice come as the steps say
WEAVER = "E24"  # the Weaver, the legendary card the event step draws
DIE_STEP = 52  # how far apart the table draws the dice
CLAIM = re.compile(r"claim:([1-3]):")


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
    found = CLAIM.match(notation)
    return (f"arena{found[1]}",) if found else ()


def dice_row(view: KoubaView) -> int:
    """Which row of dice is the learner's (seat 0): the table draws a row for each seat rolling."""
    if view["event"]:
        return list(view["event"]["seats"]).index(0)
    return 0


def weaver_drawn() -> JSON:
    """Agora's turn goes on as in the steps, with the Weaver on top of the draw pile (it was in your
    hand: a Dwarf King takes its place there), so your next turn opens with its event."""
    state = GAMES["kouba"].new(players=2, seed=SEED)
    state = played(state, tuple((seat, move) for seat, move in OPENING_AND_FIRST_TURN))
    data = state.to_json()
    draw = [card for card in data["draw"] if card != "D01"]
    data["piles"][0][1]["cards"] = ["D01"]
    data["draw"] = [*draw, WEAVER]
    drawn: JSON = GAMES["kouba"].from_json(data).play(1, "claim:3:pile1").to_json()
    return drawn


OPENING_AND_FIRST_TURN = (
    (0, "swap:none"), (1, "swap:none"), (0, "roll"), (0, "keep:3,3,4,4"), (0, "claim:2:pile3"),
    (0, "khan:@2:pile4"), (1, "roll"),
)  # fmt: skip

LESSON = Lesson(
    game="kouba",
    seed=SEED,
    where=where,
    move_marks=claimed_card,
    steps=(
        Step(asks=("swap:none",), replies=((1, "swap:none"),)),
        Step(asks=("roll",), marks=("arena1", "arena2", "arena3")),
        Step(asks=("keep:3,3,4,4",), marks=("dice", "arena2")),
        Step(asks=("claim:2:pile3",), marks=("dice", "arena2", "pile@1:3")),
        Step(asks=("khan:@2:pile4",), marks=("pile@1:3", "pile@2:4"), replies=((1, "roll"),)),
        Step(asks=("roll",), marks=("arena1",), replies=((1, "roll"),), position=weaver_drawn()),
        Step(asks=("keep:1,3,4",), marks=("dice",), replies=((1, "stop"),)),
        Step(asks=("stop",), marks=("dice",)),
    ),
)
