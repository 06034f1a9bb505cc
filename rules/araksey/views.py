"""What an Araksey picture and a player are shown: the typed views of a position."""

from __future__ import annotations

from typing import TypedDict

from rules.base import View


class PieceView(TypedDict):
    seat: int
    kind: str  # "araksey" or "source"
    square: str


class EffectView(TypedDict):
    """A dragon effect for the target's next turn; ``template`` has ``{seat}`` placeholders for names."""

    power: str
    by: int
    target: int
    text: str
    template: str


# "from" is a Python keyword, hence the functional form.
LastAction = TypedDict(
    "LastAction",
    {
        "seat": int | None,
        "kind": str,  # step, exchange, push, place or pass
        "from": str | None,
        "to": str | None,
        "pushed_to": str | None,
        "power": str | None,
        "victim": int | None,
    },
)


class ArakseyView(View):
    """What everyone sees (nothing is hidden). Per-seat lists are in seat order; squares in
    notation. ``zones[seat]`` are the squares around that seat's araksey, ``in_zone[seat]``
    its sources standing there; ``teams`` lists the seats of each side."""

    size: int
    phase: str  # setup_sources, setup_arakseys or play
    elements: list[str]
    teams: list[list[int]]
    turn_order: list[int]
    pieces: list[PieceView]
    zones: list[list[str]]
    in_zone: list[list[str]]
    dragon: list[bool]
    effects: list[EffectView]
    passes_left: list[int]
    start_squares: list[str]
    last_action: LastAction | None
    clock_seconds: int | None
