"""Reviews: a planted blunder (a move that lets the opponent win at once) comes first, and a review
works from what the seat knew, never from another seat's secrets (as Agora's own moves)."""

from __future__ import annotations

from typing import Any

import pytest

from ai import observe
from bot.learn import lessons
from bot.review import Estimate, costliest, estimate, positions_of
from rules import GAMES, GameState
from tests.bot.blunders import Log, planted

# (game, seed, options): a seed whose random game soon offers seat 0 a blunder (see tests/bot/blunders.py).
PLANTED = [
    ("arkaios", 0, {}),
    ("dragons_arena", 1, {"level": "baby"}),
    ("arcanor", 7, {}),
    ("araksey", 0, {}),
]
EARLIER = 2  # the seat's moves before the blunder reviewed with it


def states_of(game: str, seed: int, options: dict[str, Any], log: Log) -> list[GameState[Any]]:
    states: list[GameState[Any]] = [GAMES[game].new(players=2, seed=seed, options=options)]
    for seat, move in log:
        states.append(states[-1].play(seat, move))
    return states


@pytest.mark.parametrize(("game", "seed", "options"), PLANTED)
def test_a_blunder_that_lets_the_opponent_win_at_once_comes_first(
    game: str, seed: int, options: dict[str, Any]
) -> None:
    log = planted(game, seed, options)
    states = states_of(game, seed, options, log)
    assert states[-1].outcome is not None and states[-1].outcome.winners == (1,)
    positions = positions_of(game, states, log, 0)[: 1 + EARLIER]
    estimates = [estimate(obs, played, ply, seed=ply) for obs, played, ply in positions]
    first = costliest(estimates)[0]
    assert (first.ply, first.played) == (len(log) - 1, log[-2][1])
    assert first.chance_played == 0.0 and first.best != first.played


def test_in_kouba_ending_the_last_round_behind_comes_first() -> None:
    """Three Koubas in the last round: giving up hands the fourth, ends the game and loses it."""
    data = lessons()["kouba"].position(2).to_json()  # dice rolled, rolls left
    data["round"] = data["players"]
    for pile in data["piles"][0][:3]:
        pile["kouba"] = True
    state = GAMES["kouba"].from_json(data)
    blunder = estimate(observe(state, 0), "stop", 2, seed=1)
    going_on = estimate(observe(state, 0), "keep:3,3,4,4", 1, seed=1)
    assert blunder.chance_played == 0.0
    assert costliest([going_on, blunder])[0] is blunder


def test_a_review_is_refused_a_game_state() -> None:
    state = GAMES["arkaios"].new(players=2, seed=0)
    with pytest.raises(TypeError, match="Observation"):
        estimate(state, "c3=3", 1, seed=1)  # type: ignore[arg-type]


def test_the_seat_sees_the_others_secret_moves_as_the_table_did() -> None:
    options = {"level": "big"}
    state = GAMES["dragons_arena"].new(players=2, seed=3, options=options)
    log = [(0, "set:1,2,3,4,4,4,5,5"), (1, "set:2,2,3,3,4,4,5,5")]
    states = [state, state.play(*log[0])]
    states.append(states[1].play(*log[1]))
    while states[-1].actors and 0 not in states[-1].actors:
        seat = states[-1].actors[0]
        move = str(states[-1].legal_moves(seat)[0])
        log.append((seat, move))
        states.append(states[-1].play(seat, move))
    move = str(states[-1].legal_moves(0)[0])
    log.append((0, move))
    states.append(states[-1].play(0, move))
    latest, played, ply = positions_of("dragons_arena", states, log, 0)[0]
    assert (1, "set:hidden") in latest.log and (1, log[1][1]) not in latest.log
    assert latest.view == dict(states[ply - 1].view(0)) and played == move


def test_the_others_hidden_cards_change_nothing() -> None:
    """Kouba: the other seat's piles swapped for other cards, the review reads the same."""
    data = lessons()["kouba"].position(2).to_json()
    other = dict(
        data, piles=[data["piles"][0], [dict(pile, cards=[data["draw"][i]]) for i, pile in enumerate(data["piles"][1])]]
    )
    other["draw"] = [card for card in data["draw"] if card not in {data["draw"][i] for i in range(5)}] + [
        pile["cards"][0] for pile in data["piles"][1]
    ]
    first, second = (GAMES["kouba"].from_json(d) for d in (data, other))
    assert first.view(1) != second.view(1) and first.view(0) == second.view(0)
    reviews = [estimate(observe(state, 0), "keep:3,3,4,4", 1, seed=4) for state in (first, second)]
    assert [r.best for r in reviews] == [reviews[0].best] * 2
    assert reviews[0].chance_best == reviews[1].chance_best and reviews[0].chance_played == reviews[1].chance_played


def test_moves_that_cost_nothing_are_not_listed() -> None:
    kept = Estimate(1, "c3=3", "c3=3", 0.5, 0.5, 0.1)
    lost = Estimate(2, "a1=1", "c3=3", 0.5, 0.0, 0.1)
    assert costliest([kept, lost]) == [lost]
