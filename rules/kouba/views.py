"""What a Kouba picture and a player are shown: the typed views of a position."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rules.base import View
from rules.kouba_deck import CardView


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
