"""Mining puzzles: a missed win is found, checked, and its line played; every kept puzzle is checked again,
seeded, at four times the budget, and still has one clearly best move."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ai import choose_move, observe
from bot.mining import (
    GAME_SECONDS,
    LEAST_SECONDS,
    PROOF_RESERVE,
    SCALE,
    Found,
    Judged,
    decisions_of,
    examine,
    here,
    judge,
    mine,
    mine_seed,
)
from rules import GAMES, GameState
from tests.bot.blunders import planted
from tests.bot.test_review import PLANTED

TIC_TAC_TOE = "tic_tac_toe"
# Crosses could complete the a-file with a3 but play c3; noughts complete the b-file with b3.
MISSED_WIN = [(0, "a1"), (1, "b1"), (0, "a2"), (1, "b2"), (0, "c3"), (1, "b3")]
RECHECK = 4 * SCALE  # four times the first look's budget, with other sampled worlds than the check's


def states_of(game: str, moves: list[tuple[int, str]], seed: int = 0) -> list[GameState[Any]]:
    state = GAMES[game].new(players=2, seed=seed)
    states = [state]
    for seat, move in moves:
        state = state.play(seat, move)
        states.append(state)
    return states


def rechecked(game: str, found: Found, seed: int) -> None:
    """The puzzle weighed again from its stored position at four times the budget: the same best move, clear."""
    state = GAMES[game].state_class.from_json(found.position)
    again = judge(observe(state, found.seat, found.log), found.judged.played, seed + 1, RECHECK)
    assert again.clear and again.best == found.judged.best, (found, again)


def test_a_missed_win_is_a_puzzle_with_its_line() -> None:
    moves = MISSED_WIN
    mined = asyncio.run(mine(here, TIC_TAC_TOE, 7, states_of(TIC_TAC_TOE, moves), moves))
    [puzzle] = [found for found in mined.found if found.ply == 5]
    assert (puzzle.seat, puzzle.judged.best, puzzle.judged.played) == (0, "a3", "c3")
    assert puzzle.judged.chance_best - puzzle.judged.chance_played >= 0.3
    assert puzzle.line == ((0, "a3"),), "the best move wins at once: the line ends there"
    assert 0 < mined.seconds <= 20.0
    rechecked(TIC_TAC_TOE, puzzle, 7)


def test_a_move_as_good_as_the_best_is_no_puzzle() -> None:
    """The opening square of tic-tac-toe: several moves are about as good, so none is the one answer."""
    state = GAMES[TIC_TAC_TOE].new(players=2, seed=0)
    judged = judge(observe(state, 0), "a1", seed=3, scale=SCALE)
    assert not judged.clear and judged.chance_best - judged.chance_second < 0.2


def test_decisions_are_seen_from_their_movers_view() -> None:
    moves = MISSED_WIN
    decisions = decisions_of(TIC_TAC_TOE, states_of(TIC_TAC_TOE, moves), moves)
    assert [(obs.seat, played, ply) for obs, played, ply in decisions] == [
        (seat, move, ply) for ply, (seat, move) in enumerate(moves, start=1)
    ]


@pytest.mark.parametrize("seed", range(3))
def test_every_puzzle_of_seeded_games_holds_at_four_times_the_budget(seed: int) -> None:
    """Medium against easy, seeded: whatever mining keeps is still clear, with the same best move, when weighed
    again at four times the first look's budget."""
    state = GAMES[TIC_TAC_TOE].new(players=2, seed=seed)
    states, moves = [state], []
    while state.outcome is None:
        seat = state.actors[0]
        level = "medium" if seat == seed % 2 else "easy"
        move = choose_move(observe(state, seat, moves), level, seed=seed * 100 + len(moves))
        state = state.play(seat, move)
        moves.append((seat, move))
        states.append(state)
    mined = asyncio.run(mine(here, TIC_TAC_TOE, seed, states, moves))
    for found in mined.found:
        rechecked(TIC_TAC_TOE, found, mine_seed(seed, found.ply))


@pytest.mark.parametrize(("game", "seed", "options"), PLANTED)
def test_a_planted_blunder_kept_holds_at_four_times_the_budget(game: str, seed: int, options: dict[str, Any]) -> None:
    """A real game's blunder (a move after which the opponent wins at once) is worth nothing to the mover;
    kept as a puzzle (only when one move alone saves the game), it still is at four times the budget."""
    moves = planted(game, seed, options)
    states = [GAMES[game].new(players=2, seed=seed, options=options)]
    for seat, move in moves:
        states.append(states[-1].play(seat, move))
    obs, played, ply = next(d for d in decisions_of(game, states, moves) if d[2] == len(moves) - 1)
    assert judge(obs, played, mine_seed(seed, ply), SCALE).chance_played == 0.0
    found, seconds = examine(obs, played, ply, mine_seed(seed, ply), 20.0)
    assert seconds <= 20.0 + 4.0
    if found is not None:
        rechecked(game, found, mine_seed(seed, ply))


def test_a_busy_machine_changes_no_judgement(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mining runs behind every other job: however long the wall clock says a search took, the judgement
    is the one a quiet machine gives (its safety stops count the worker's processor time)."""
    states = states_of(TIC_TAC_TOE, MISSED_WIN)
    obs = observe(states[4], 0, MISSED_WIN[:4])
    quiet = judge(obs, "c3", seed=11, scale=SCALE)
    wall = iter(range(0, 10**9, 60))  # each look at the wall clock a minute later
    monkeypatch.setattr("time.perf_counter", lambda: float(next(wall)))
    busy = judge(obs, "c3", seed=11, scale=SCALE)
    assert (busy.best, busy.chance_best, busy.chance_played, busy.chance_second) == (
        quiet.best, quiet.chance_best, quiet.chance_played, quiet.chance_second
    )


def test_a_game_s_mining_keeps_within_its_seconds_whatever_each_weighing_costs() -> None:
    """Every weighing reports 1.7 s and seems to cost the move played a lot (so each decision is weighed twice):
    mining stops starting work while the last weighing's proofs could still take it past GAME_SECONDS."""
    moves = MISSED_WIN
    weighings: list[float] = []

    async def costly(work: Any, /, *args: Any) -> Any:
        if work is judge:
            weighings.append(1.7)
            return Judged("a3", args[1], 0.9, 0.5, 0.85, 1.7)  # not one clear answer: no puzzle, next decision
        return await here(work, *args)

    mined = asyncio.run(mine(costly, TIC_TAC_TOE, 7, states_of(TIC_TAC_TOE, moves), moves))
    assert mined.found == () and len(weighings) > 4
    assert mined.seconds <= GAME_SECONDS - PROOF_RESERVE, mined.seconds
    assert mined.seconds + 1.7 > GAME_SECONDS - PROOF_RESERVE - LEAST_SECONDS, "it used the time it had"
