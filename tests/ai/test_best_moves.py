"""The search on tiny positions whose best move is known."""

from __future__ import annotations

from typing import Any

import pytest

from ai import choose_move, observe
from rules import GAMES, GameState

Log = list[tuple[int, str]]


def replayed(game_id: str, seed: int, log: Log) -> GameState[Any]:
    state = GAMES[game_id].new(players=2, seed=seed, options={})
    for seat, move in log:
        state = state.play(seat, move)
    return state


def winning_moves(state: GameState[Any], seat: int) -> set[str]:
    return {str(m) for m in state.legal_moves(seat) if (state.play(seat, m).outcome or NO_WIN).winners == (seat,)}


class _NoWin:
    winners = ()


NO_WIN = _NoWin()

# Arkaios, seed 4: seat 0's pillar a4=1 completes a temple around b4 (one win among six pillars).
ARKAIOS_TEMPLE: Log = [
    (0, "c4=3"), (1, "d4=1"), (0, "b5=2"), (0, "b4=2"), (1, "c5=2"), (1, "b5=3"),
    (0, "c5=3"), (0, "b4=3"), (0, "b3=2"),
]  # fmt: skip

# Dragons Arena (baby), seed 53: ICE's b3xb4 ends the duel with the higher total.
DRAGONS_LAST_BLOW: Log = [
    (0, "c3xd4"), (1, "c2xd1"), (0, "d2xd1"), (1, "b1xb2"), (0, "a2xb2"), (1, "d3xd4"), (0, "a3xb4"),
]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_arkaios_completes_the_temple(level: str) -> None:
    state = replayed("arkaios", 4, ARKAIOS_TEMPLE)
    assert winning_moves(state, 0) == {"a4=1"} and len(state.legal_moves(0)) == 6
    assert choose_move(observe(state, 0, ARKAIOS_TEMPLE), level, seed=1) == "a4=1"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_dragons_arena_strikes_the_winning_blow(level: str) -> None:
    state = replayed("dragons_arena", 53, DRAGONS_LAST_BLOW)
    assert winning_moves(state, 1) == {"b3xb4"} and len(state.legal_moves(1)) == 3
    assert choose_move(observe(state, 1, DRAGONS_LAST_BLOW), level, seed=1) == "b3xb4"


def arcanor_raid() -> GameState[Any]:
    """Seat 0's 2 (released from d1) stands on d6, next to the 3s on c7 and e7: it may eat either."""
    data = GAMES["arcanor"].new(players=2, seed=0).to_json()
    data["board"]["d1"] = [[0, 1]]
    data["board"]["d6"] = [[0, 2]]
    data["history"] = {}
    return GAMES["arcanor"].from_json(data)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_arcanor_eats_a_stack_on_its_winning_row(level: str) -> None:
    state = arcanor_raid()
    assert {"d6xc7", "d6xe7"} <= {str(m) for m in state.legal_moves(0)}
    assert choose_move(observe(state, 0), level, seed=2) in {"d6xc7", "d6xe7"}
