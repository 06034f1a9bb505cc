"""The contract's fast path: ``play(seat, move, trusted=True)`` gives exactly the state a checked play gives.

One random game per setup and seed is played twice side by side, checked by notation and trusted
with move objects, comparing ``to_json()`` and the spectators' view after every move.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import GAMES
from rules.arkaios import ArkaiosState
from rules.base import JSON
from rules.conformance import ConformanceError, trusted_playout

SEEDS = (1, 2)


def _cases() -> list[Any]:
    return [
        pytest.param(game_id, players, options, seed, id=f"{game_id}-{players}p-{options or 'default'}-seed{seed}")
        for game_id, game in sorted(GAMES.items())
        for players, options in game.sample_setups
        for seed in SEEDS
    ]


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), _cases())
def test_trusted_play_is_checked_play(game_id: str, players: int, options: JSON, seed: int) -> None:
    """Every engine, every sample setup: the same random game, trusted and checked, step by step."""
    assert trusted_playout(GAMES[game_id], players, seed, options) > 0


def test_a_fast_path_that_drifts_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    checked_play = ArkaiosState.play

    def drifting(self: ArkaiosState, seat: int, move: Any, *, trusted: bool = False) -> ArkaiosState:
        after = checked_play(self, seat, move, trusted=trusted)
        if trusted:
            after.move_number += 1
        return after

    monkeypatch.setattr(ArkaiosState, "play", drifting)
    with pytest.raises(ConformanceError, match="trusted fast path gives another state"):
        trusted_playout(GAMES["arkaios"], 2, seed=1)
