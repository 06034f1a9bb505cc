"""The AI sees only its seat's view and the public log: never a full state, never the RNG."""

from __future__ import annotations

from typing import Any

import pytest

import ai.search
from ai import ADAPTERS, Observation, choose_move, observe
from ai.adapter import Adapter
from ai.weighing import weigh
from rules import GAMES, GameState, Rng

LEVELS = ("easy", "medium", "hard")


def played(game_id: str, players: int, seed: int, plies: int) -> tuple[GameState[Any], list[tuple[int, str]]]:
    """A game after ``plies`` random moves, with its public log."""
    rng = Rng.seeded(seed)
    state = GAMES[game_id].new(players=players, seed=seed, options={})
    log = []
    for _ in range(plies):
        seat = rng.choice(list(state.waiting_for or state.actors))
        move = rng.choice(state.legal_moves(seat))
        state = state.play(seat, move)
        log.append((seat, str(move)))
    return state, log


def plain_data(value: Any) -> bool:
    """Whether ``value`` is JSON-like data only (no state or other object hidden inside)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain_data(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return all(plain_data(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def test_a_game_state_is_refused() -> None:
    state = GAMES["kouba"].new(players=3, seed=1)
    with pytest.raises(TypeError, match="Observation"):
        choose_move(state, "easy")  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
def test_the_search_is_handed_an_observation_of_plain_data(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    received: list[object] = []
    adapter = ADAPTERS[game_id]

    def spy(obs: Observation) -> Any:
        received.append(obs)
        return adapter.sampler(obs)

    monkeypatch.setitem(ADAPTERS, game_id, Adapter(spy, adapter.evaluate, adapter.searchable))
    state, log = played(game_id, 2, seed=3, plies=6)
    seat = (state.waiting_for or state.actors)[0]
    choose_move(observe(state, seat, log), "medium", seed=1)
    assert received and all(type(obs) is Observation for obs in received)
    assert all(plain_data(dict(obs.view)) and plain_data(obs.log) for obs in received)  # type: ignore[attr-defined]


def kouba_twin(state: GameState[Any], seat: int) -> GameState[Any]:
    """The same Kouba game for ``seat``'s eyes: other hands' hidden cards traded with the draw pile."""
    data = state.to_json()
    draw = data["draw"]
    for other, piles in enumerate(data["piles"]):
        for pile in piles if other != seat else []:
            hidden = len(pile["cards"]) - (1 if pile["active"] else 0)
            for i in range(min(hidden, len(draw))):
                pile["cards"][i], draw[i] = draw[i], pile["cards"][i]
            draw.reverse()
    data["rng"] ^= 0x5555
    return GAMES["kouba"].from_json(data)


def arcanor_twins() -> tuple[GameState[Any], GameState[Any]]:
    """Seat 1 to move; seat 0's 2 lies under b1 in one game and under d1 in the other."""
    base = GAMES["arcanor"].new(players=2, seed=1).to_json()  # seed 1: seat 1 starts
    assert base["to_move"] == 1
    games = []
    for full, empty in (("b1", "d1"), ("d1", "b1")):
        data = {**base, "board": {**base["board"], full: [[0, 1], [0, 2]], empty: [[0, 1]], "b2": [[0, 2]]}}
        games.append(GAMES["arcanor"].from_json({**data, "history": {}}))
    return games[0], games[1]


@pytest.mark.parametrize("level", LEVELS)
def test_kouba_hands_the_seat_cannot_see_do_not_change_its_move(level: str) -> None:
    state, log = played("kouba", 3, seed=5, plies=20)
    seat = (state.waiting_for or state.actors)[0]
    twin = kouba_twin(state, seat)
    assert twin.to_json() != state.to_json()
    assert twin.view(seat) == state.view(seat)
    assert choose_move(observe(twin, seat, log), level, 9) == choose_move(observe(state, seat, log), level, 9)


@pytest.mark.parametrize("level", LEVELS)
def test_arcanor_contents_the_seat_cannot_see_do_not_change_its_move(level: str) -> None:
    one, other = arcanor_twins()
    assert one.to_json() != other.to_json() and one.view(1) == other.view(1)
    assert choose_move(observe(one, 1), level, 4) == choose_move(observe(other, 1), level, 4)


@pytest.mark.parametrize("level", LEVELS)
def test_the_dice_to_come_are_not_read(level: str) -> None:
    state, log = played("dragons_arena", 2, seed=8, plies=3)
    data = state.to_json()
    twin = GAMES["dragons_arena"].from_json({**data, "rng": data["rng"] ^ 0xABCDEF})
    seat = state.actors[0]
    assert choose_move(observe(twin, seat, log), level, 2) == choose_move(observe(state, seat, log), level, 2)


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_the_same_observation_and_seed_give_the_same_move(level: str) -> None:
    state, log = played("kouba", 2, seed=11, plies=12)
    seat = (state.waiting_for or state.actors)[0]
    moves = {choose_move(observe(state, seat, log), level, seed=21) for _ in range(2)}
    assert len(moves) == 1


def test_the_iteration_budget_not_the_clock_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slower machine (every clock reading a millisecond later) plays the move a stopped clock plays."""
    state, log = played("arcanor", 2, seed=2, plies=10)
    seat = state.actors[0]
    monkeypatch.setattr(ai.search.time, "perf_counter", lambda: 0.0)  # the time cap is never reached
    expected = choose_move(observe(state, seat, log), "medium", seed=3)
    ticks = iter(range(10**9))
    monkeypatch.setattr(ai.search.time, "perf_counter", lambda: next(ticks) / 1000)
    assert choose_move(observe(state, seat, log), "medium", seed=3) == expected


# -- the review's weighing: the hard search from the same observation, read for its values ---------


def test_a_weighing_is_refused_a_game_state() -> None:
    state = GAMES["arkaios"].new(players=2, seed=0)
    with pytest.raises(TypeError, match="Observation"):
        weigh(state, "c3=3", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
def test_the_weighing_is_handed_an_observation_of_plain_data(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    received: list[object] = []
    adapter = ADAPTERS[game_id]

    def spy(obs: Observation) -> Any:
        received.append(obs)
        return adapter.sampler(obs)

    monkeypatch.setitem(ADAPTERS, game_id, Adapter(spy, adapter.evaluate, adapter.searchable))
    state, log = played(game_id, 2, seed=3, plies=6)
    seat = (state.waiting_for or state.actors)[0]
    move = str(state.legal_moves(seat)[0])
    weigh(observe(state, seat, log), move, seed=1, scale=0.05)
    assert received and all(type(obs) is Observation for obs in received)
    assert all(plain_data(dict(obs.view)) and plain_data(obs.log) for obs in received)  # type: ignore[attr-defined]


def test_kouba_hands_the_seat_cannot_see_do_not_change_its_weighing() -> None:
    state, log = played("kouba", 3, seed=5, plies=20)
    seat = (state.waiting_for or state.actors)[0]
    twin = kouba_twin(state, seat)
    move = str(state.legal_moves(seat)[-1])
    assert twin.to_json() != state.to_json() and twin.view(seat) == state.view(seat)
    assert weigh(observe(twin, seat, log), move, 9, 0.2) == weigh(observe(state, seat, log), move, 9, 0.2)


def test_arcanor_contents_the_seat_cannot_see_do_not_change_its_weighing() -> None:
    one, other = arcanor_twins()
    move = str(one.legal_moves(1)[-1])
    assert weigh(observe(one, 1), move, 4, 0.2) == weigh(observe(other, 1), move, 4, 0.2)


def test_the_weighing_follows_the_iterations_not_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slower machine (every clock reading a millisecond later) weighs a move as a machine so fast
    that its clock never moves (neither depends on how busy the machine running the test is)."""
    state, log = played("arcanor", 2, seed=2, plies=10)
    seat = state.actors[0]
    move = str(state.legal_moves(seat)[0])
    monkeypatch.setattr(ai.search.time, "perf_counter", lambda: 0.0)
    expected = weigh(observe(state, seat, log), move, seed=3, scale=0.25)
    ticks = iter(range(10**9))
    monkeypatch.setattr(ai.search.time, "perf_counter", lambda: next(ticks) / 1000)
    assert weigh(observe(state, seat, log), move, seed=3, scale=0.25) == expected
