"""The AI fills any seat: team games, Kouba's tables, and questions asked out of turn."""

from __future__ import annotations

from typing import Any

import pytest

from ai import ADAPTERS, choose_move, observe
from rules import GAMES, GameState, Rng


def bots_play_out(game_id: str, players: int, levels: dict[int, str], seed: int, plies: int) -> GameState[Any]:
    """A game where each seat in ``levels`` is the AI and the others play at random."""
    rng = Rng.seeded(seed)
    state = GAMES[game_id].new(players=players, seed=seed, options={})
    log: list[tuple[int, str]] = []
    for ply in range(plies):
        if state.outcome is not None:
            break
        seat = rng.choice(list(state.waiting_for or state.actors))
        level = levels.get(seat, "random")
        move = choose_move(observe(state, seat, log), level, seed=ply)
        state = state.play(seat, move)
        log.append((seat, move))
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_araksey_bots_and_players_share_teams(players: int) -> None:
    """Seats 0 and 1 are bots, on opposite sides; the others (team mates of one or both) play at random."""
    state = bots_play_out("araksey", players, {0: "easy", 1: "medium"}, seed=players, plies=600)
    assert state.outcome is not None


def test_every_seat_of_a_six_player_kouba_table_can_be_a_bot() -> None:
    state = bots_play_out("kouba", 6, dict.fromkeys(range(6), "easy"), seed=2, plies=150)
    assert state.move_number >= 150 or state.outcome is not None


def test_bots_answer_kouba_questions_out_of_turn() -> None:
    """Whenever the game waits for a seat that is not the turn player (a King's answer,
    a Kouba to place, an event roll), the AI gives that seat a legal answer."""
    rng = Rng.seeded(7)
    state = GAMES["kouba"].new(players=4, seed=7)
    log: list[tuple[int, str]] = []
    answered = 0
    while state.outcome is None and answered < 3:
        seat = rng.choice(list(state.waiting_for or state.actors))
        if state.view(None)["phase"] in ("turn", "event") and seat != state.view(None)["turn"]:
            move = choose_move(observe(state, seat, log), "medium", seed=answered)
            assert move in [str(m) for m in state.legal_moves(seat)]
            answered += 1
        else:
            move = str(rng.choice(state.legal_moves(seat)))
        state = state.play(seat, move)
        log.append((seat, move))
    assert answered == 3


def comparable(view: Any) -> Any:
    """A view less what a sampled world may not know: Kouba shows only how many Koubas wait
    behind the first one, not for whom, so a world drops them."""
    if view["game"] == "kouba" and view["pending"] is not None:
        return {**view, "pending": {**view["pending"], "queued": 0}}
    return view


@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
def test_sampled_worlds_show_the_seat_exactly_its_view(game_id: str) -> None:
    """Every world the search imagines agrees with everything the seat sees, and gives it the same moves."""
    rng = Rng.seeded(1)
    for players, options in GAMES[game_id].sample_setups:
        if options.get("solo"):
            continue
        state = GAMES[game_id].new(players=players, seed=3, options=options)
        log: list[tuple[int, str]] = []
        for ply in range(60):
            if state.outcome is not None:
                break
            if ply % 9 == 0:
                for seat in state.waiting_for or state.actors:
                    world = ADAPTERS[game_id].sampler(observe(state, seat, log))(rng)
                    assert comparable(world.view(seat)) == comparable(state.view(seat))
                    assert list(map(str, world.legal_moves(seat))) == list(map(str, state.legal_moves(seat)))
            seat = rng.choice(list(state.actors))
            move = rng.choice(state.legal_moves(seat))
            state = state.play(seat, move)
            log.append((seat, str(move)))
