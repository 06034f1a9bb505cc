"""Dragons Arena for the search: the arena is public; what is sampled is chance
(dice of later duels, the random opening side) and, in a secret set-up, the
opponent's eight powers once they are in.

The view lacks the position history of the current duel (it only matters for
the third repetition under DRAGON MASTER), so a sampled world counts
repetitions from the present position. Solo training has no opponent seat and
is not played by the AI.

The evaluation is the duel's power balance (the side with the higher total
takes the nugget) and the nuggets already won in a match.
"""

from __future__ import annotations

from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, chance_seed, squash
from ai.observation import Observation
from rules import GameState, Rng
from rules.dragons_arena import (
    BIG_TOTAL,
    DICE_PER_SIDE,
    FIRE,
    ICE,
    LETTERS,
    SIDES,
    SPLITS,
    DragonsArenaState,
    totals,
)


def board_codes(view: Any) -> dict[str, str]:
    """The arena of a view in the stored form (``{"b2": "F4*"}``)."""
    board: dict[str, str] = {}
    for rank, row in enumerate(view["board"]):
        for file, dragon in enumerate(row):
            if dragon is not None:
                code = f"{LETTERS[SIDES.index(dragon['side'])]}{dragon['power']}{'*' if dragon['field'] else ''}"
                board[f"{'abcd'[file]}{rank + 1}"] = code
    return board


def template(obs: Observation) -> dict[str, Any]:
    """Everything of the state that the view shows, in ``to_json`` form."""
    view = obs.view
    if view["solo"] is not None:
        raise ValueError("Solo training has no opponent seat for the AI.")
    to_play = view["to_play"] or "fire"
    return {
        "game": "dragons_arena", "players": 2,
        "options": {"level": view["level"], "dragon_master": view["dragon_master"], "solo": "off",
                    "solo_species": "fire", "nuggets": view["nuggets_to_win"]},
        "phase": view["phase"], "board": board_codes(view), "to_play": to_play,
        "starter": view["starter"] or to_play,
        "dice": {} if view["phase"] == "setup" else {side: list(view["dice"][side] or []) for side in SIDES},
        "splits": SPLITS - view["splits_left"] if view["phase"] == "split" else 0,
        "nuggets": dict(view["nuggets"]), "duel": view["duel"], "move_number": view["move_number"],
        "last_move": list(view["last_move"]), "last_side": view["last_side"],
        "last_squares": list(view["last_squares"]),
        "last_duel": view["last_duel"], "history": {}, "outcome": None,
    }  # fmt: skip


def sampled_set(level: str, rng: Rng) -> list[int]:
    """Eight powers an opponent may have set: totalling 28 at BIG, anything at FREE."""
    if level != "big":
        return sorted(rng.randint(1, 6) for _ in range(DICE_PER_SIDE))
    powers = [3, 3, 3, 3, 4, 4, 4, 4]
    assert sum(powers) == BIG_TOTAL
    for _ in range(24):
        up, down = rng.below(DICE_PER_SIDE), rng.below(DICE_PER_SIDE)
        if up != down and powers[up] < 6 and powers[down] > 1:
            powers[up] += 1
            powers[down] -= 1
    return sorted(powers)


def sampler(obs: Observation) -> Sampler:
    base = template(obs)
    view = obs.view
    own = SIDES[obs.seat]
    other = SIDES[1 - obs.seat]

    def world(rng: Rng) -> GameState[Any]:
        # Sets already revealed and placed only matter as "ready": an empty list says so.
        secret: dict[str, list[int] | None] = {side: [] if view["ready"][side] else None for side in SIDES}
        if view["phase"] == "setup":
            secret[own] = view["dice"][own]
            secret[other] = sampled_set(view["level"], rng) if view["ready"][other] else None
        return DragonsArenaState.from_json({**base, "rng": chance_seed(rng), "secret": secret})

    return world


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, DragonsArenaState)
    power = totals(state.board)
    lead = (power[FIRE] - power[ICE]) / 5 + 2.0 * (state.nuggets[FIRE] - state.nuggets[ICE])
    return (squash(lead), squash(-lead))


# Its engine is fast: twice the levels' iterations keep a decision near their intended time.
# The secret set-up's moves are hidden from the other seat while they are secret.
ADAPTERS["dragons_arena"] = Adapter(
    sampler=sampler, evaluate=evaluate, speed=2.0, secret_moves=("set:", "set:hidden")
)
