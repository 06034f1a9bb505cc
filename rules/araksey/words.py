"""The move menus in words: pieces, kinds of move and powers, grouped for the buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.araksey.board import seat_field
from rules.araksey.moves import AFTER_ACTION, ARAKSEY, ELEMENT_NAMES, EXCHANGE, INSTEAD_OF_ACTION, PASS, STEP
from rules.base import JSON, Square, Text

if TYPE_CHECKING:
    from rules.araksey.game import ArakseyState
    from rules.araksey.moves import Move
    from rules.araksey.views import PieceView


def _piece_words(piece: PieceView, actor: int, names: Sequence[str]) -> Text:
    """A piece as its mover's sentence names it: "a source", "their araksey", "Bob's source"."""
    if piece["seat"] == actor:
        return Text("their araksey") if piece["kind"] == "araksey" else Text("a source")
    owner = names[piece["seat"]]
    if piece["kind"] == "araksey":
        return Text("{owner}'s araksey", owner=owner)
    return Text("{owner}'s source", owner=owner)


def _kind_label(kind: str, target: Square, behind: Square) -> Text:
    if kind == STEP:
        return Text("Step to {square}", square=str(target))
    if kind == EXCHANGE:
        return Text("Exchange with {square}", square=str(target))
    return Text("Push {square} (to {behind})", square=str(target), behind=str(behind))


def _power_label(power: str, victim: str) -> Text:
    if power == "earth":
        return Text("Earth: {victim} cannot move your pieces next turn", victim=victim)
    if power == "water":
        return Text("Water: {victim}'s araksey frozen next turn", victim=victim)
    if power == "mud":
        return Text("Mud: {victim}'s sources frozen next turn", victim=victim)
    return Text("Fog: put {victim}'s dragon to sleep", victim=victim)


def move_menu(state: ArakseyState, seat: int) -> JSON:
    """Legal moves grouped for select menus: pick a piece, then an action.

    Returns ``{"groups": [...], "dragon": {...} | None, "pass": {...} | None}``.
    Each group is ``{"square", "label", "actions": [{"move", "label", "powered"}]}``;
    ``powered`` lists the same action followed by an after-action power
    (``{"move", "label", "target"}``), offered behind a "Use dragon power" toggle.
    ``dragon`` holds the instead-of-action power moves, grouped the same way.
    Labels are :class:`Text` (worded in a server's language) that name seats as ``{n}``
    placeholders: ``word(lang, label).format(*names)``.
    During set-up the groups are the ranks, each listing its free squares.
    """
    moves = state.legal_moves(seat)
    if state.phase != "play":
        return {"groups": _placement_groups(state, moves), "dragon": None, "pass": None}
    plain = [m for m in moves if m.kind != PASS and m.power is None]
    after = [m for m in moves if m.power in AFTER_ACTION]
    instead = [m for m in moves if m.power in INSTEAD_OF_ACTION]
    element = state.elements[seat]
    dragon = None
    if instead:
        dragon = {
            "element": element,
            "label": Text("Use dragon power: {element}", element=ELEMENT_NAMES[element]),
            "groups": _group(state, instead, []),
        }
    left = state.passes_left[seat]
    pass_label = Text("Pass (your one pass)") if left else Text("Pass: your second pass loses the game")
    return {
        "groups": _group(state, plain, after),
        "dragon": dragon,
        "pass": {"move": "pass", "label": pass_label},
    }


def _placement_groups(state: ArakseyState, moves: list[Move]) -> list[JSON]:
    sources = state.phase == "setup_sources"
    groups = []
    for rank in range(state.size):
        on_rank = [m for m in moves if m.target is not None and m.target.rank == rank]
        if on_rank:
            actions = [
                {
                    "move": str(m),
                    "label": Text("Place your source on {square}", square=str(m.target))
                    if sources
                    else Text("Place your araksey on {square}", square=str(m.target)),
                    "powered": [],
                }
                for m in on_rank
            ]
            groups.append({"square": None, "label": Text("Rank {rank}", rank=rank + 1), "actions": actions})
    return groups


def _group(state: ArakseyState, moves: list[Move], powered: list[Move]) -> list[JSON]:
    groups: dict[Square, JSON] = {}
    for move in moves:
        assert move.origin is not None
        group = groups.setdefault(
            move.origin,
            {"square": str(move.origin), "label": _piece_label(state, move.origin), "actions": []},
        )
        variants = [p for p in powered if (p.kind, p.origin, p.target) == (move.kind, move.origin, move.target)]
        group["actions"].append(
            {
                "move": str(move),
                "label": _action_label(state, move),
                "powered": [_powered(state, p) for p in variants],
            }
        )
    return list(groups.values())


def _piece_label(state: ArakseyState, square: Square) -> Text:
    code = state.board[state.geo.index(square)]
    owner = code >> 1
    if code & 1 == ARAKSEY:
        return Text("Araksey {square}", square=str(square))
    zone = Text("in zone") if state.in_own_zone(owner, state.geo.index(square)) else Text("out of zone")
    if owner != state.to_move:
        return Text("{owner}'s source {square} ({zone})", owner=seat_field(owner), square=str(square), zone=zone)
    return Text("Source {square} ({zone})", square=str(square), zone=zone)


def _action_label(state: ArakseyState, move: Move) -> Text:
    assert move.origin is not None and move.target is not None
    o, t = move.origin, move.target
    if move.power == "lightning":
        return Text("Lightning to {square}", square=str(t))
    return _kind_label(move.kind, t, t.offset(t.file - o.file, t.rank - o.rank))


def _powered(state: ArakseyState, move: Move) -> JSON:
    assert move.power is not None
    target = state.target_of(state.to_move, move.victim)
    return {"move": str(move), "label": _power_label(move.power, seat_field(target)), "target": target}
