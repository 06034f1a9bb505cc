"""Hard proves lines two turns deep in Arkaios: it plays a turn that forces a win whatever the
answer, and never a turn that lets the opponent do so when another turn does not, on constructed
positions, checked against a plain enumeration over whole turns through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from ai import ADAPTERS, choose_move, observe
from ai import arkaios as ai_arkaios
from ai.arkaios import whole_turns
from ai.deep_proof import TurnProver
from ai.solver import Budget
from rules import GameState
from rules.arkaios import ArkaiosState

SQUARES = [f"{file}{rank}" for rank in range(1, 6) for file in "abcde"]
ARKAIOS = ADAPTERS["arkaios"]
KEY = ARKAIOS.position_key
assert KEY is not None


def turns(state: GameState[Any], seat: int) -> list[tuple[str, GameState[Any]]]:
    """Every way ``seat`` can finish its turn: (first pillar, the position after), playing every pillar."""
    found: list[tuple[str, GameState[Any]]] = []

    def walk(position: GameState[Any], first: str | None) -> None:
        for move in position.legal_moves(seat):
            after = position.play(seat, move)
            if after.outcome is None and list(after.waiting_for) == [seat]:
                walk(after, first or str(move))
            else:
                found.append((first or str(move), after))

    walk(state, None)
    return found


def garden(rng: random.Random) -> GameState[Any]:
    """A random middle game in a crowded garden, both architects placed, seat 0 to move."""
    heights = [rng.choice((0, 1, 2, 3, 3, 3)) for _ in SQUARES]
    mine, theirs = rng.sample(range(len(SQUARES)), 2)
    levels = rng.sample((1, 2, 3), 2)
    heights[mine], heights[theirs] = levels
    return ArkaiosState.from_json({
        "game": "arkaios", "players": 2, "heights": heights, "positions": [SQUARES[mine], SQUARES[theirs]],
        "last_levels": levels, "to_move": 0, "chain": [], "spent": 0, "last_turn": [], "last_turn_seat": 1,
        "last_turn_from": None, "move_number": 2, "turns_played": 2, "outcome": None,
    })  # fmt: skip


def constructed(monkeypatch: pytest.MonkeyPatch, state: GameState[Any]) -> None:
    """The search's one world is ``state`` (no move log leads to it; Arkaios hides nothing)."""
    monkeypatch.setitem(ADAPTERS, "arkaios", replace(ARKAIOS, sampler=lambda obs: lambda rng: state))


def wins(state: GameState[Any], seat: int) -> bool:
    return state.outcome is not None and seat in state.outcome.winners


def lost(state: GameState[Any], seat: int) -> bool:
    return state.outcome is not None and seat not in state.outcome.winners


MEMO: dict[tuple[Any, ...], bool] = {}


def remembered(question: str, state: GameState[Any], seat: int, depth: int, answer: Callable[[], bool]) -> bool:
    entry = (question, KEY(state), seat, depth)
    if entry not in MEMO:
        MEMO[entry] = answer()
    return MEMO[entry]


def forces_win(state: GameState[Any], seat: int, depth: int) -> bool:
    """Whether ``seat``, to move, wins within ``depth`` turns (1 or 3) whatever the opponent does."""

    def answer() -> bool:
        ends = turns(state, seat)
        if any(wins(end, seat) for _, end in ends):
            return True
        return depth >= 3 and any(end.outcome is None and loses(end, 1 - seat) for _, end in ends)

    return remembered("wins", state, seat, depth, answer)


def loses(state: GameState[Any], seat: int) -> bool:
    """Whether every turn of ``seat``, to move, loses at once or lets the opponent win at once."""

    def answer() -> bool:
        return all(
            lost(end, seat) or (end.outcome is None and forces_win(end, 1 - seat, 1)) for _, end in turns(state, seat)
        )

    return remembered("loses", state, seat, 1, answer)


def safe_firsts(state: GameState[Any], seat: int) -> set[str]:
    """First pillars of a turn after which the opponent cannot force a win within three turns."""
    return {
        first
        for first, end in turns(state, seat)
        if wins(end, seat) or (end.outcome is None and not forces_win(end, 1 - seat, 3))
    }


def winning_firsts(state: GameState[Any], seat: int) -> set[str]:
    return {
        first for first, end in turns(state, seat) if wins(end, seat) or (end.outcome is None and loses(end, 1 - seat))
    }


def crowded(rng: random.Random) -> GameState[Any] | None:
    """A random garden with few ways to end a turn for either side (the plain enumeration stays small)."""
    state = garden(rng)
    if state.outcome is not None or 0 not in state.waiting_for or len(turns(state, 0)) > 8:
        return None
    if any(end.outcome is None and len(turns(end, 1)) > 8 for _, end in turns(state, 0)):
        return None
    return state


@cache
def positions(kind: str, count: int) -> list[GameState[Any]]:
    """Gardens where seat 0 has no turn that wins at once but one that wins two turns deep
    (``win``), or where some turns that do not lose at once fall into a trap and some do not
    (``trap``)."""
    rng = random.Random(11)
    found: list[GameState[Any]] = []
    while len(found) < count:
        state = crowded(rng)
        if state is None or forces_win(state, 0, 1):
            continue
        if (kind == "win" and winning_firsts(state, 0)) or (
            kind == "trap" and set() < safe_firsts(state, 0) < one_turn_safe(state)
        ):
            found.append(state)
    return found


def one_turn_safe(state: GameState[Any]) -> set[str]:
    return {first for first, end in turns(state, 0) if end.outcome is None and not forces_win(end, 1, 1)}


def test_whole_turns_are_the_engines_turns() -> None:
    """The fast walk finds the same ends as playing every pillar, each with a first pillar that leads there."""
    rng = random.Random(3)
    for _ in range(40):
        state = garden(rng)
        if state.outcome is not None:
            continue
        plain: dict[Any, set[str]] = {}
        for first, end in turns(state, 0):
            plain.setdefault(KEY(end), set()).add(first)
        fast = {KEY(end): str(first) for first, end in whole_turns(state, 0, Budget(10**6))}
        assert fast.keys() == plain.keys()
        assert all(first in plain[key] for key, first in fast.items())


def test_a_remembered_walk_gives_the_same_ends_for_the_same_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A walk found among the process's recent walks yields the same ends and spends the budget as
    a fresh walk does, down to a budget that runs out on the way: proofs end the same either way."""
    monkeypatch.setattr(ai_arkaios, "WALKS", {})
    rng = random.Random(5)
    for _ in range(20):
        state = garden(rng)
        if state.outcome is not None:
            continue
        assert isinstance(state, ArkaiosState)
        fresh_budget, again_budget = Budget(10**6), Budget(10**6)
        fresh = [(str(first), KEY(end), ARKAIOS.evaluate(end)) for first, end in whole_turns(state, 0, fresh_budget)]
        again = [(str(first), KEY(end), ARKAIOS.evaluate(end)) for first, end in whole_turns(state, 0, again_budget)]
        assert ai_arkaios.walk_key(state) in ai_arkaios.WALKS
        assert again == fresh and again_budget.left == fresh_budget.left
        cost = 10**6 - fresh_budget.left
        for short in (cost - 1, cost - ai_arkaios.END_COST - 1):
            budget = Budget(short)
            list(whole_turns(state, 0, budget))
            assert budget.left < 0, "a remembered walk must run out where a fresh one would"


@pytest.mark.parametrize("index", range(3))
def test_hard_plays_a_win_two_turns_deep(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = positions("win", 3)[index]
    winners = winning_firsts(state, 0)
    assert str(TurnProver(ARKAIOS, Budget(10**6)).winning_move(state, 0, turns=3)) in winners
    constructed(monkeypatch, state)
    for seed in range(2):
        assert choose_move(observe(state, 0), "hard", seed) in winners


@pytest.mark.parametrize("index", range(3))
def test_hard_avoids_a_trap_two_turns_deep(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Some first pillars survive the next turn but lose the one after: hard plays none of them."""
    state = positions("trap", 3)[index]
    safe = safe_firsts(state, 0)
    for move in state.legal_moves(0):
        verdict = TurnProver(ARKAIOS, Budget(10**6)).safe(state, 0, move, turns=3)
        assert verdict is (str(move) in safe), str(move)
    constructed(monkeypatch, state)
    for seed in range(2):
        assert choose_move(observe(state, 0), "hard", seed) in safe


def test_a_spent_budget_proves_nothing_deep() -> None:
    state = positions("trap", 1)[0]
    move = state.legal_moves(0)[0]
    assert TurnProver(ARKAIOS, Budget(2)).safe(state, 0, move, turns=3) is None
    assert TurnProver(ARKAIOS, Budget(0)).winning_move(state, 0, turns=3) is None


def test_the_proofs_need_a_position_key() -> None:
    with pytest.raises(ValueError, match="position key"):
        TurnProver(ADAPTERS["dragons_arena"], Budget(10))
