"""Hard proves short lines: it takes a turn that wins at once and never leaves the opponent one
when it can help it, on constructed Arkaios positions, checked against a plain enumeration."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ai import ADAPTERS, choose_move, observe
from ai.solver import Budget, survives, winning_turn
from rules import GAMES, GameState, Outcome
from rules.arkaios import ArkaiosState

SQUARES = [f"{file}{rank}" for rank in range(1, 6) for file in "abcde"]


def turns(state: GameState[Any], seat: int) -> list[tuple[str, GameState[Any]]]:
    """Every way ``seat`` can finish its turn: (first pillar, the position after), by plain recursion."""
    found: list[tuple[str, GameState[Any]]] = []

    def walk(position: GameState[Any], first: str | None) -> None:
        for move in position.legal_moves(seat):
            after = position.play(seat, move)
            opening = first or str(move)
            if after.outcome is None and list(after.waiting_for) == [seat]:
                walk(after, opening)
            else:
                found.append((opening, after))

    walk(state, None)
    return found


def wins(state: GameState[Any], seat: int) -> bool:
    return state.outcome is not None and seat in state.outcome.winners


def winning_firsts(state: GameState[Any], seat: int) -> set[str]:
    return {first for first, end in turns(state, seat) if wins(end, seat)}


def safe_firsts(state: GameState[Any], seat: int) -> set[str]:
    """First pillars of a turn after which the opponent has no turn that wins at once."""
    safe = set()
    for first, end in turns(state, seat):
        if end.outcome is not None:
            if wins(end, seat):
                safe.add(first)
            continue
        if not winning_firsts(end, 1 - seat):
            safe.add(first)
    return safe


def garden(rng: random.Random) -> GameState[Any]:
    """A random middle game: a crowded garden, both architects placed, seat 0 to move."""
    heights = [rng.choice((0, 1, 2, 3, 3, 3)) for _ in SQUARES]
    mine, theirs = rng.sample(range(len(SQUARES)), 2)
    levels = rng.sample((1, 2, 3), 2)
    heights[mine], heights[theirs] = levels
    return ArkaiosState.from_json({
        "game": "arkaios", "players": 2, "heights": heights, "positions": [SQUARES[mine], SQUARES[theirs]],
        "last_levels": levels, "to_move": 0, "chain": [], "spent": 0, "last_turn": [], "last_turn_seat": 1,
        "last_turn_from": None, "move_number": 2, "turns_played": 2, "outcome": None,
    })  # fmt: skip


def positions(kind: str, count: int) -> list[GameState[Any]]:
    """Random gardens where seat 0 has a rare turn that wins at once (``win``), or where most of its
    turns lose at once and some do not (``trap``)."""
    rng = random.Random(7)
    found: list[GameState[Any]] = []
    while len(found) < count:
        state = garden(rng)
        if state.outcome is not None or 0 not in state.waiting_for:
            continue
        ends = turns(state, 0)
        won = [end for _, end in ends if wins(end, 0)]
        if kind == "win" and 0 < len(won) * 20 <= len(ends):
            found.append(state)  # one turn in twenty at most wins: easy to miss
        elif kind == "trap" and not won:
            firsts = {first for first, _ in ends}
            if 0 < len(safe_firsts(state, 0)) * 3 <= len(firsts):
                found.append(state)  # two first pillars in three at least lose at once
    return found


def constructed(monkeypatch: pytest.MonkeyPatch, state: GameState[Any]) -> None:
    """The search's one world is ``state`` (built here, so no move log leads to it; Arkaios hides nothing)."""
    adapter = ADAPTERS["arkaios"]
    monkeypatch.setitem(ADAPTERS, "arkaios", replace(adapter, sampler=lambda obs: lambda rng: state))


@pytest.mark.parametrize("state", positions("win", 6))
def test_hard_takes_a_turn_that_wins_at_once(state: GameState[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    winners = winning_firsts(state, 0)
    assert winning_turn(ADAPTERS["arkaios"], state, 0, Budget(100_000)) in winners
    constructed(monkeypatch, state)
    for seed in range(2):
        assert choose_move(observe(state, 0), "hard", seed) in winners


@pytest.mark.parametrize("state", positions("trap", 6))
def test_hard_never_leaves_the_opponent_a_turn_that_wins_at_once(
    state: GameState[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    safe = safe_firsts(state, 0)
    adapter = ADAPTERS["arkaios"]
    for move in state.legal_moves(0):
        assert survives(adapter, state, 0, move, Budget(1_000_000)) is (str(move) in safe), str(move)
    constructed(monkeypatch, state)
    for seed in range(2):
        assert choose_move(observe(state, 0), "hard", seed) in safe


def test_an_opening_that_loses_at_once_is_never_played() -> None:
    """A level-1 opening loses to any level-2 answer (the opponent's blocked at once)."""
    start = GAMES["arkaios"].new(players=2, seed=0)
    adapter = ADAPTERS["arkaios"]
    assert survives(adapter, start, 0, start.parse_move("c3=1"), Budget(100_000)) is False
    assert survives(adapter, start, 0, start.parse_move("c3=3"), Budget(100_000)) is True
    assert all(not choose_move(observe(start, 0), "hard", seed).endswith("=1") for seed in range(3))
    opened = start.play(0, "c3=1")
    assert choose_move(observe(opened, 1, [(0, "c3=1")]), "hard", 0).endswith("=2"), "and it is punished"


def test_a_spent_budget_proves_nothing() -> None:
    start = GAMES["arkaios"].new(players=2, seed=0)
    adapter = ADAPTERS["arkaios"]
    # Proving c3=3 safe means trying every answer: three moves are not enough.
    assert survives(adapter, start, 0, start.parse_move("c3=3"), Budget(3)) is None
    assert winning_turn(adapter, start.play(0, "c3=1"), 1, Budget(0)) is None


class Line:
    """A made-up game for the proofs alone: seats move in turn, one move each; ``wins[seat][move]``
    names the side that move makes win at once (None: the game goes on)."""

    def __init__(self, wins: dict[int, dict[str, tuple[int, ...] | None]], seat: int = 0) -> None:
        self.wins, self.seat, self.players = wins, seat, 3
        self.outcome: Outcome | None = None

    @property
    def waiting_for(self) -> list[int]:
        return [] if self.outcome is not None else [self.seat]

    def legal_moves(self, seat: int) -> list[str]:
        return list(self.wins[seat])

    def play(self, seat: int, move: str, trusted: bool = False) -> Line:
        after = Line(self.wins, (seat + 1) % self.players)
        side = self.wins[seat][move]
        after.outcome = None if side is None else Outcome(winners=side, reason="made up")
        return after


def test_a_teammates_win_at_once_is_no_loss() -> None:
    """Araksey's sides: the next seat winning at once is a loss only when it is an opponent."""
    adapter = replace(ADAPTERS["arkaios"], searchable=lambda state, seat, moves: moves)
    teammate = Line({0: {"wait": None}, 1: {"win": (0, 1), "pass": None}, 2: {"pass": None}})
    opponent = Line({0: {"wait": None}, 1: {"win": (1, 2), "pass": None}, 2: {"pass": None}})
    assert survives(adapter, teammate, 0, "wait", Budget(100)) is True  # type: ignore[arg-type]
    assert survives(adapter, opponent, 0, "wait", Budget(100)) is False  # type: ignore[arg-type]
