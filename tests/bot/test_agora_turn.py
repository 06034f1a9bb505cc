"""Agora's turn: the decisions it owes in a row, each from what its seat may see, told as one line."""

from __future__ import annotations

import random
from typing import Any

from ai import Observation
from bot.agora_turn import MAX_STEPS, SHOWN_STEPS, Step, Turn, play_turn, step_seed, turn_line
from bot.storage import MoveRow
from rules import GAMES, GameState


def arkaios_after_openings() -> GameState[Any]:
    state: GameState[Any] = GAMES["arkaios"].new(players=2, seed=0)
    return state.play(0, "c3=3").play(1, "d4=2")


class FirstLegal:
    """A chooser that plays the first move legal in the seat's own view of the replayed game, and
    keeps what it was given."""

    def __init__(self, truth: list[GameState[Any]]) -> None:
        self.truth = truth
        self.calls: list[tuple[Observation, str, int, int]] = []

    async def __call__(self, obs: Observation, level: str, seed: int, step: int) -> str:
        self.calls.append((obs, level, seed, step))
        return str(self.truth[-1].legal_moves(obs.seat)[0])


async def test_a_turn_runs_until_a_person_is_waited_for() -> None:
    state = arkaios_after_openings()
    history = [MoveRow(1, 0, 7, "c3=3", 0.0), MoveRow(2, 1, 99, "d4=2", 0.0)]
    truth = [state]
    choose = FirstLegal(truth)

    async def follow(obs: Observation, level: str, seed: int, step: int) -> str:
        move = await choose(obs, level, seed, step)
        truth.append(truth[-1].play(obs.seat, move))
        return move

    turn = await play_turn("arkaios", 5, 2, state, {0: "hard"}, history, follow)
    assert len(turn.steps) >= 2 and set(turn.seats) == {0}, "every pillar of seat 0's turn"
    assert 0 not in turn.states[-1].waiting_for, "it stops once the person (seat 1) is waited for"
    for index, (obs, level, seed, step) in enumerate(choose.calls):
        assert obs.view == dict(truth[index].view(0)), "each decision sees its seat's view of that moment"
        assert len(obs.log) == 2 + index, "and the public log with the turn's earlier steps"
        real_choices = sum(len(truth[earlier].legal_moves(0)) > 1 for earlier in range(index))
        assert (level, seed, step) == ("hard", step_seed(5, 2, index), real_choices), "forced moves are free"


async def test_no_turn_when_a_person_is_waited_for_or_the_game_is_over() -> None:
    state = arkaios_after_openings()
    choose = FirstLegal([state])
    assert (await play_turn("arkaios", 1, 2, state, {1: "easy"}, [], choose)).steps == ()
    over = GAMES["arkaios"].new(players=2, seed=0).play(0, "c3=1").play(1, "d4=2")
    assert over.outcome is not None, "a level-1 opening answered by a level 2 is blocked"
    assert (await play_turn("arkaios", 1, 2, over, {0: "easy", 1: "easy"}, [], choose)).steps == ()
    assert choose.calls == []


async def test_a_failed_search_plays_a_legal_move_and_the_turn_goes_on() -> None:
    state = arkaios_after_openings()

    async def broken(obs: Observation, level: str, seed: int, step: int) -> str:
        raise RuntimeError("the worker died")

    turn = await play_turn("arkaios", 1, 2, state, {0: "hard"}, [], broken)
    assert turn.steps and 0 not in turn.states[-1].waiting_for


async def test_a_race_between_agora_seats_never_runs_forever() -> None:
    state = GAMES["kouba"].new(players=2, seed=4)
    rng = random.Random(0)
    truth = [state]

    async def any_legal(obs: Observation, level: str, seed: int, step: int) -> str:
        move = str(rng.choice(truth[-1].legal_moves(obs.seat)))
        truth.append(truth[-1].play(obs.seat, move))
        return move

    turn = await play_turn("kouba", 1, 0, state, {0: "easy", 1: "easy"}, [], any_legal)
    assert 0 < len(turn.steps) <= MAX_STEPS
    assert turn.states[-1].outcome is not None or len(turn.steps) == MAX_STEPS


def test_the_turn_line_tells_each_step_once_in_english_and_french() -> None:
    state = arkaios_after_openings()
    steps: list[str] = []
    states: list[GameState[Any]] = []
    while 0 in state.waiting_for:
        move = str(state.legal_moves(0)[0])
        state = state.play(0, move)
        steps.append(move)
        states.append(state)
    turn = Turn(tuple(Step(0, m) for m in steps), tuple(states))
    english = turn_line(turn, ["Agora", "Bob"], "en")
    assert english.count("Agora built") == 1, "one sentence for the turn's pillars, not one per pillar"
    assert all(f"on {m.split('=')[0]}" in english for m in steps), english
    french = turn_line(turn, ["Agora", "Bob"], "fr")
    assert french.count("Agora") == 1 and "built" not in french, french


def test_a_long_turn_tells_its_last_steps_after_how_many_there_were() -> None:
    state = GAMES["kouba"].new(players=2, seed=4)
    rng = random.Random(3)
    steps: list[Step] = []
    states: list[GameState[Any]] = []
    while state.outcome is None and len(steps) < 40:
        seat = (state.waiting_for or state.actors)[0]
        move = str(rng.choice(state.legal_moves(seat)))
        state = state.play(seat, move)
        steps.append(Step(seat, move))
        states.append(state)
    turn = Turn(tuple(steps), tuple(states))
    english = turn_line(turn, ["Agora", "Agora"], "en")
    assert english.startswith("Agora's turn, ") and f"the last {SHOWN_STEPS}:" in english, english
    assert english.count(". ") >= SHOWN_STEPS - 1
    french = turn_line(turn, ["Agora", "Agora"], "fr")
    assert french.startswith("Tour d'Agora, ") and f"les {SHOWN_STEPS} derniers :" in french, french
