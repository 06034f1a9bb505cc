"""Every recorded random game replays identically: legal moves, views, outcome and state at every step.

The recordings (``recorded_games.json``, see :mod:`tests.rules.recorded_games`) were made by the
engines as they were when the rules last changed on purpose; a faster engine must reproduce them.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.recorded_games import first_mismatch, load, record

RECORDED = load()


def _label(game: dict[str, Any]) -> str:
    options = ",".join(f"{k}={v}" for k, v in sorted(game["options"].items())) or "default"
    return f"{game['game']}-{game['players']}p-{options}-seed{game['seed']}"


@pytest.mark.parametrize("recorded", RECORDED, ids=[_label(g) for g in RECORDED])
def test_recorded_game_replays_identically(recorded: dict[str, Any]) -> None:
    mismatch = first_mismatch(recorded)
    again = f".venv/bin/python -m tests.rules.recorded_games {recorded['game']}"
    assert mismatch is None, (
        f"{_label(recorded)} {mismatch}. If the rules changed on purpose, record the game again: {again}"
    )


def test_every_game_and_player_count_is_recorded() -> None:
    from rules import GAMES

    recorded = {(g["game"], g["players"]) for g in RECORDED}
    expected = {(game_id, players) for game_id, game in GAMES.items() for players, _ in game.sample_setups}
    missing = sorted({game_id for game_id, players in expected - recorded})
    command = ".venv/bin/python -m tests.rules.recorded_games " + " ".join(missing)
    assert not missing, f"games without recordings: {', '.join(missing)}; record them with: {command}"


def test_a_changed_engine_is_caught() -> None:
    game = record("arkaios", 2, {}, seed=1)
    game["steps"][3][2] = "00000" + game["steps"][3][2][5:]
    mismatch = first_mismatch(game)
    assert mismatch is not None and mismatch.step == 4 and "legal moves" in mismatch.what
