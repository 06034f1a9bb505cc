"""Recorded random games: what every engine did, step by step, so a rewrite can prove it changed nothing.

``recorded_games.json`` (beside this file) holds seeded random games of every game, for several
setups each (Araksey with 2, 3 and 4 players, Kouba with 2 to 6). For every position of a game it
keeps short hashes of: each acting seat's legal moves (sorted by notation), every seat's view and
the spectators' view, the outcome, and ``to_json()``; between positions, the seat and the notation
of the move played. ``test_recorded_games.py`` replays every game with the engines of the checkout
and compares at every step.

Regenerate the file only when a rule change is intended (its diff then shows which games changed):

    .venv/bin/python -m tests.rules.recorded_games            # every game
    .venv/bin/python -m tests.rules.recorded_games kouba      # only these games, the others kept

>>> hashes = position_hashes(GAMES["arkaios"].new(players=2, seed=0))
>>> len(hashes) == HASH_LENGTH * (1 + 3 + 2)
True
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import GAMES, MODULES, GameState, Rng

FIXTURE = Path(__file__).with_name("recorded_games.json")
HASH_LENGTH = 5
MAX_PLIES = 700
SEEDS = (11, 12)
# Short games get more seeds (random Arkaios games often end after a level-1 opening).
MORE_SEEDS = {"arkaios": tuple(range(1, 25)), "dragons_arena": (11, 12, 13, 14)}

# (players, options) per game: every sample setup, and every player count.
SETUPS: dict[str, tuple[tuple[int, dict[str, Any]], ...]] = {
    game_id: tuple(game.sample_setups) for game_id, game in sorted(GAMES.items())
}


def short_hash(value: Any) -> str:
    """A short, stable digest of a JSON-ready value (dict keys sorted)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()[:HASH_LENGTH]


def position_hashes(state: GameState[Any]) -> str:
    """Hashes of one position, concatenated: legal moves, views (seats then spectators), outcome, state."""
    legal = {str(seat): sorted(str(m) for m in state.legal_moves(seat)) for seat in state.actors}
    parts = [short_hash([list(state.actors), list(state.waiting_for), legal])]
    parts += [short_hash(state.view(seat)) for seat in [*range(state.players), None]]
    outcome = state.outcome
    parts.append(short_hash(None if outcome is None else outcome.to_json()))
    parts.append(short_hash(state.to_json()))
    return "".join(parts)


def part_names(players: int) -> list[str]:
    """What each hash of :func:`position_hashes` covers, in order."""
    views = [f"view of seat {seat}" for seat in range(players)] + ["spectators' view"]
    return ["legal moves", *views, "outcome", "to_json"]


def record(game_id: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One seeded random game: its setup, the hashes of the start, then [seat, move, hashes after]."""
    state = GAMES[game_id].new(players=players, seed=seed, options=options)
    rng = Rng.seeded(seed * 7919 + players)
    steps: list[list[Any]] = []
    start = position_hashes(state)
    while state.outcome is None and len(steps) < MAX_PLIES:
        seat = rng.choice(list(state.actors))
        move = str(rng.choice(state.legal_moves(seat)))
        state = state.play(seat, move)
        steps.append([seat, move, position_hashes(state)])
    return {"game": game_id, "players": players, "options": options, "seed": seed, "start": start, "steps": steps}


@dataclass(frozen=True)
class Mismatch:
    """Where a replayed game first differs from its recording."""

    step: int
    what: str

    def __str__(self) -> str:
        return f"after move {self.step}: {self.what}"


def first_mismatch(recorded: dict[str, Any]) -> Mismatch | None:
    """Replay ``recorded`` with today's engine; the first difference, or None."""
    state = GAMES[recorded["game"]].new(recorded["players"], recorded["seed"], recorded["options"])
    names = part_names(recorded["players"])
    expected = recorded["start"]
    for step, (seat, move, after) in enumerate([[None, None, expected], *recorded["steps"]]):
        if move is not None:
            state = state.play(seat, move)
        actual = position_hashes(state)
        if actual != after:
            return Mismatch(step, f"{_differing(actual, after, names)} differ (last move: seat {seat} played {move})")
    if state.outcome is None and len(recorded["steps"]) < MAX_PLIES:
        return Mismatch(len(recorded["steps"]), "the recorded game ended but the replayed one goes on")
    return None


def _differing(actual: str, expected: str, names: list[str]) -> str:
    size = HASH_LENGTH
    chunks = range(0, len(expected), size)
    return ", ".join(names[i // size] for i in chunks if actual[i : i + size] != expected[i : i + size])


def fixture_of(game_id: str) -> Path:
    """Where ``game_id``'s recordings are kept: here for a built-in game, in its package for the others."""
    modules = MODULES[game_id]
    return FIXTURE if modules.package is None else modules.folder / FIXTURE.name


def fixtures() -> list[Path]:
    return sorted({fixture_of(game_id) for game_id in SETUPS})


def load() -> list[dict[str, Any]]:
    """Every recorded game, of every file that keeps some."""
    games: list[dict[str, Any]] = []
    for path in fixtures():
        games += json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    return games


def regenerate(game_ids: list[str]) -> None:
    """Record ``game_ids`` again (all games when empty), keeping the other games' recordings."""
    chosen = game_ids or sorted(SETUPS)
    kept = [g for g in load() if g["game"] not in chosen]
    fresh = [record(g, p, o, seed) for g in chosen for p, o in SETUPS[g] for seed in MORE_SEEDS.get(g, SEEDS)]
    for path in fixtures():
        games = [g for g in [*kept, *fresh] if fixture_of(g["game"]) == path]
        games.sort(key=lambda g: (g["game"], g["players"], json.dumps(g["options"]), g["seed"]))
        lines = ",\n".join(json.dumps(g, separators=(",", ":")) for g in games)
        path.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
        print(f"{path}: {len(games)} games, {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    regenerate(sys.argv[1:])
