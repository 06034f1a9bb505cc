"""Two kinds of refusal in every game: text that is not a move (NotationError) and a real
move the rules do not allow now (ForbiddenMove); both keep the game unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from rules import GAMES, ForbiddenMove, GameState, IllegalMove, NotationError


def _start(game: str, players: int = 2, seed: int = 1, moves: tuple[str, ...] = ()) -> GameState[Any]:
    state: GameState[Any] = GAMES[game].new(players=players, seed=seed)
    for move in moves:
        state = state.play(state.actors[0], move)
    return state


# (game, moves played first, text, what the message says)
NOT_MOVES = [
    ("arkaios", (), "c3", "not a pillar"),
    ("arkaios", (), "f1=2", "off the board"),
    ("arkaios", (), "c3=4", "not a level"),
    ("dragons_arena", (), "hello", "is not a move"),
    ("dragons_arena", (), "e1xd2", "not in the arena"),
    ("dragons_arena", (), "split:3", "two powers joined by +"),
    ("arcanor", (), "b7~a7", "Could not read"),
    ("arcanor", (), "b7-a9", "off the board"),
    ("araksey", (), "hello", "not an Araksey move"),
    ("araksey", (), "@f6", "off the 5×5 board"),
    ("araksey", (), "b2-c3+rain", "not an element"),
    ("kouba", (), "swap:9", "Could not read"),
    ("kouba", (), "swap:1,1", "names the same number twice"),
]

# (game, moves played first, seat, a well-formed move, what the message says)
FORBIDDEN = [
    ("arkaios", ("c3=3",), 1, "c3=2", "holds your opponent's opening pillar"),
    ("arkaios", (), 1, "c3=2", "not your turn"),
    ("dragons_arena", (), 1, "a1xa2", "does not hold one of your ICE dragons"),
    ("arcanor", (), 1, "b7-b5", "b5 is not next to b7"),
    ("arcanor", (), 0, "b1-b2", "not your turn"),
    ("araksey", (), 0, "a1-a2", "still being set up"),
    ("kouba", (), 0, "roll", "You are not rolling dice now"),
]


def _seat(state: GameState[Any]) -> int:
    return int(state.actors[0])


@pytest.mark.parametrize(("game", "moves", "text", "message"), NOT_MOVES)
def test_text_that_is_not_a_move_is_a_notation_error(
    game: str, moves: tuple[str, ...], text: str, message: str
) -> None:
    state = _start(game, moves=moves)
    before = state.to_json()
    with pytest.raises(NotationError, match=message) as refused:
        state.play(_seat(state), text)
    assert not isinstance(refused.value, ForbiddenMove)
    assert state.to_json() == before


@pytest.mark.parametrize(("game", "moves", "seat", "text", "message"), FORBIDDEN)
def test_a_real_move_not_allowed_now_is_forbidden(
    game: str, moves: tuple[str, ...], seat: int, text: str, message: str
) -> None:
    state = _start(game, moves=moves)
    state.parse_move(text)  # the notation is fine: only the position refuses it
    before = state.to_json()
    with pytest.raises(ForbiddenMove, match=message) as refused:
        state.play(seat, text)
    assert not isinstance(refused.value, NotationError)
    assert str(refused.value)
    assert state.to_json() == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_kinds_are_illegal_moves_and_value_errors(game: str) -> None:
    state = _start(game)
    with pytest.raises(IllegalMove):
        state.play(_seat(state), "~~")
    assert issubclass(NotationError, ValueError) and issubclass(ForbiddenMove, ValueError)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_forbids_every_move(game: str) -> None:
    state = _start(game)
    while state.outcome is None:
        seat = _seat(state)
        state = state.play(seat, state.legal_moves(seat)[0])
    with pytest.raises(ForbiddenMove, match="game is over"):
        state.play(0, "~~")
