"""Agora's commentary holds no secret: its chances depend on what spectators see, never on a hidden part."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import ADAPTERS
from ai.chances import chances
from bot.commentary import Point, final_point, fits, spectator_observation, swings
from rules import GAMES, GameState, Rng


@pytest.mark.parametrize("game", ["arcanor", "kouba"])
def test_two_games_spectators_cannot_tell_apart_get_the_same_commentary(game: str) -> None:
    """A world imagined from the spectators' view (other hands, other stacks' insides) hands the AI
    workers the very observation of the real game: what is weighed cannot tell what only a player knows
    (the search's values then depend on that observation and the seed alone)."""
    state, moves = random_game(game, plies=12, seed=5)
    obs = spectator_observation(state, moves)
    assert obs is not None and obs.view["viewer"] is None
    other = ADAPTERS[game].sampler(obs)(Rng.seeded(99))
    assert other.to_json() != state.to_json(), "the hidden parts differ"
    twin = spectator_observation(other, moves)
    assert twin == obs, "and spectators see the same"
    assert set(obs.view) == set(state.view(None)) and "hand" not in obs.view


def random_game(game: str, plies: int, seed: int) -> tuple[GameState[Any], list[tuple[int, str]]]:
    """A game of ``game`` for two after up to ``plies`` random moves that do not end it, and its moves."""
    rng = random.Random(seed)
    state: GameState[Any] = GAMES[game].new(players=2, seed=seed)
    moves: list[tuple[int, str]] = []
    for _ in range(plies):
        seat = (state.waiting_for or state.actors)[0]
        move = str(rng.choice(state.legal_moves(seat)))
        if state.play(seat, move).outcome is not None:
            break
        state = state.play(seat, move)
        moves.append((seat, move))
    return state, moves


def test_a_seats_own_view_is_refused() -> None:
    state, moves = random_game("kouba", plies=3, seed=1)
    seat = (state.waiting_for or state.actors)[0]
    obs = spectator_observation(state, moves)
    assert obs is not None
    with pytest.raises(TypeError, match="spectators' view only"):
        chances(type(obs)(obs.game, seat, dict(state.view(seat)), obs.log), seed=1)


def test_secret_moves_are_hidden_from_the_commentary() -> None:
    prefix, hidden = ADAPTERS["kouba"].secret_moves or ("", "")
    state, _ = random_game("kouba", plies=2, seed=2)
    obs = spectator_observation(state, [(0, prefix + "3"), (1, "roll")])
    assert obs is not None and obs.log == ((0, hidden), (1, "roll"))


def test_the_end_is_certain_and_a_game_s_commentary_is_bounded() -> None:
    state, moves = random_game("arkaios", plies=400, seed=4)
    seat = (state.waiting_for or state.actors)[0]
    ended = next(state.play(seat, m) for m in state.legal_moves(seat) if state.play(seat, m).outcome is not None)
    assert spectator_observation(ended, moves) is None, "nothing to weigh once it is over"
    winners = ended.outcome.winners if ended.outcome is not None else ()
    assert final_point(ended, len(moves) + 1).chances == tuple(float(s in winners) for s in range(2))
    assert fits(0.0) and not fits(119.0)


def test_the_turns_that_moved_their_player_most_come_first() -> None:
    points = [Point(0, (0.5, 0.5)), Point(1, (0.4, 0.6)), Point(3, (0.9, 0.1)), Point(4, (0.9, 0.1))]
    moves = [(0, "a"), (1, "b"), (1, "c"), (0, "d")]
    assert [(s.start, s.seat, s.before, s.after) for s in swings(points, moves)] == [(1, 1, 0.6, 0.1),
                                                                                     (0, 0, 0.5, 0.4)]
