"""Arcanor for the search: the tops of all stacks are public; what lies below is
sampled where the seat cannot see it.

What the seat knows: every top piece, the contents of its own stacks (not in
strict memory), the stacks lifted during the current turn, and the fixed set of
pieces (3 of each size per player). A stack always holds consecutive sizes
below its top (a 1 holds a 2, which holds a 3...), so each sample hands the
unseen pieces out size by size among the stacks that can take them. This player
remembers only what the table shows now, not what it saw earlier.

The evaluation: points already on the winning row, the progress of each
player's tops towards it (worth their size), and enemy pieces held captive.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, chance_seed, squash
from ai.observation import Observation
from rules import GameState, Rng
from rules.arcanor import FILE_COUNT, HOME_RANKS, RANK_COUNT, ArcanorState, Peek

SIZES = (1, 2, 3, 4)
COPIES = 3  # pieces of each size per player
Piece = tuple[int, int]


def known_stacks(view: Any) -> tuple[dict[str, list[Piece]], dict[str, Piece]]:
    """(stacks whose whole contents the seat sees, top piece of the others), by square."""
    lifted = {p["square"]: p for p in view["peeks"] if p["turn"] == view["move_number"] + 1}
    known: dict[str, list[Piece]] = {}
    unknown: dict[str, Piece] = {}
    for name, stack in view["board"].items():
        top = (stack["top"]["owner"], stack["top"]["size"])
        contents = stack.get("contents", lifted[name]["contents"] if name in lifted else None)
        if contents is None:
            unknown[name] = top
        else:
            known[name] = [top, *((p["owner"], p["size"]) for p in contents)]
    return known, unknown


def missing_pieces(known: dict[str, list[Piece]], unknown: dict[str, Piece]) -> Counter[Piece]:
    """Pieces nobody sees: the full set less every visible one."""
    missing = Counter({(owner, size): COPIES for owner in (0, 1) for size in SIZES})
    missing.subtract(piece for stack in known.values() for piece in stack)
    missing.subtract(unknown.values())
    return missing


def fill(unknown: dict[str, Piece], missing: Counter[Piece], rng: Rng) -> dict[str, list[Piece]]:
    """Unseen stacks with the missing pieces handed out, smallest sizes last."""
    stacks = {name: [top] for name, top in unknown.items()}
    for size in SIZES[1:]:
        owners = [owner for owner in (0, 1) for _ in range(missing[(owner, size)])]
        open_stacks = [name for name, stack in stacks.items() if stack[-1][1] == size - 1]
        if len(owners) > len(open_stacks):
            raise ValueError("The view holds more hidden pieces than its stacks can contain.")
        rng.shuffle(owners)
        rng.shuffle(open_stacks)
        for owner, name in zip(owners, open_stacks, strict=False):
            stacks[name].append((owner, size))
    return stacks


def sampler(obs: Observation) -> Sampler:
    view = obs.view
    known, unknown = known_stacks(view)
    missing = missing_pieces(known, unknown)
    lifted = [p["square"] for p in view["peeks"] if p["turn"] == view["move_number"] + 1]
    base = {
        "game": "arcanor", "players": 2, "strict_memory": view["strict_memory"],
        "first": view["first_player"], "to_move": view["to_move"],
        "move_number": view["move_number"], "passes": view["passes"], "last_move": list(view["last_move"]),
        "outcome": None, "history": {}, "peeks": list(view["peeks"]), "peeked": lifted,
    }  # fmt: skip

    def world(rng: Rng) -> GameState[Any]:
        board = {**known, **fill(unknown, missing, rng)}
        data = {**base, "rng": chance_seed(rng), "board": {name: [list(p) for p in s] for name, s in board.items()}}
        return ArcanorState.from_json(data)

    return world


def standing(state: ArcanorState, seat: int) -> float:
    """Points on the winning row, plus progress of the seat's tops and its captives."""
    goal = HOME_RANKS[1 - seat]
    progress = captives = 0.0
    for index, stack in enumerate(state.board):
        if stack and stack[0][0] == seat:
            rank = index // FILE_COUNT
            progress += stack[0][1] * (1 - abs(goal - rank) / (RANK_COUNT - 1))
            captives += sum(1 for owner, _ in stack[1:] if owner != seat)
    return state.scores()[seat] + 0.4 * progress + 0.5 * captives


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, ArcanorState)
    lead = (standing(state, 0) - standing(state, 1)) / 4
    return (squash(lead), squash(-lead))


def without_lifts(state: GameState[Any], seat: int, moves: list[Any]) -> list[Any]:
    """Lifting a stack shows it to humans; in a sampled world it changes nothing."""
    return [m for m in moves if not isinstance(m, Peek)]


ADAPTERS["arcanor"] = Adapter(sampler=sampler, evaluate=evaluate, searchable=without_lifts, proof_budget=20_000)
