"""Puzzles for the end-to-end tests: a finished game on the test server and a puzzle kept from one of its
positions (the way mining keeps one: a world sampled from what the mover saw), and answering a puzzle
panel with the game's own controls, as a player would."""

from __future__ import annotations

import random
from typing import Any

from ai import ADAPTERS, observe
from bot.app import AgoraBot
from bot.mining import Found, Judged, seen_by
from bot.puzzles import PuzzleStore
from bot.service import FINISHED
from bot.storage import GameRow
from rules import GAMES, GameState, Rng
from tests.e2e.learning import play_with_controls
from tests.harness import FakeDiscord, FakeMessage, FakeUser, InteractionResult

PUZZLE_ID = "agora:puzzle:"


def position(game: str, seed: int, plies: int = 3) -> tuple[GameState[Any], list[tuple[int, str]], int]:
    """A position of a seeded random game after ``plies`` moves where its mover has two moves or more: the
    state, the moves before it, and the mover (a game that ended first is played again, seeded on)."""
    for attempt in range(50):
        found = random_position(game, seed * 100 + attempt, plies)
        if found is not None:
            return found
    raise AssertionError(f"no position of {game} after {plies} moves")


def random_position(game: str, seed: int, plies: int) -> tuple[GameState[Any], list[tuple[int, str]], int] | None:
    pick = random.Random(seed)
    state = GAMES[game].new(players=max(2, GAMES[game].min_players), seed=seed)
    moves: list[tuple[int, str]] = []
    while state.outcome is None:
        seat = (state.waiting_for or state.actors)[0]
        legal = sorted(str(move) for move in state.legal_moves(seat))
        if len(moves) >= plies and len(legal) >= 2:
            return state, moves, seat
        move = pick.choice(legal)
        state = state.play(seat, move)
        moves.append((seat, move))
    return None


async def finished_game(bot: AgoraBot, guild_id: int, game: str, seats: list[int], seed: int) -> int:
    """A finished game between ``seats`` on the server (its moves are not needed by a puzzle)."""
    state = GAMES[game].new(players=len(seats), seed=seed)
    row = GameRow(
        id=0, game=game, guild_id=guild_id, channel_id=1, status=FINISHED, seats=seats, accepted=seats, options={},
        seed=seed, state=state.to_json(), draft=[], outcome={"winners": [0], "reason": "rules"}, end_reason="rules",
        version=1, message_id=None, created_at=0.0, updated_at=0.0, turn_started_at=None,
    )  # fmt: skip
    return await bot.storage.insert_game(row)


async def kept_puzzle(
    bot: AgoraBot, guild_id: int, game: str, players: list[int], seed: int = 1, world_seed: int = 0, now: float = 0.0
) -> tuple[int, str, str]:
    """A puzzle kept from a seeded position of ``game``, in a finished game of ``players``: its id, its answer
    (the first legal move) and the move played (the last). Its position is a world sampled from what the
    mover saw, with ``world_seed``; it is kept at ``now``."""
    state, moves, seat = position(game, seed)
    obs = observe(state, seat, seen_by(game, moves, seat))
    world = ADAPTERS[game].sampler(obs)(Rng.seeded(world_seed))
    legal = sorted(str(move) for move in world.legal_moves(seat))
    best, played = legal[0], legal[-1]
    answer = world.play(seat, best)
    reply = (answer.waiting_for or answer.actors or (seat,))[0]
    line = ((seat, best),) if answer.outcome is not None else ((seat, best), (reply, str(answer.legal_moves(reply)[0])))
    found = Found(len(moves) + 1, seat, Judged(best, played, 0.9, 0.3, 0.5, 1.0), world.to_json(), obs.log, line)
    game_id = await finished_game(bot, guild_id, game, players + [0] * (state.players - len(players)), seed)
    [puzzle_id] = await PuzzleStore(bot.storage).keep_mined(game_id, guild_id, game, players, [found], 1.0, now)
    return puzzle_id, best, played


async def press(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, legal: set[str], notation: str
) -> InteractionResult:
    """``notation`` played with the puzzle panel's controls, as a player would."""
    return await play_with_controls(h, user, panel, legal, notation, PUZZLE_ID)
