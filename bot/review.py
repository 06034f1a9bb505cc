"""Reviews of finished games: the moves that cost a player most, by Agora's reckoning.

For each move a player made, Agora estimates the player's chance of winning after the best move it
finds and after the move played, from that seat's :class:`ai.Observation` at the time (its view and
the public log, never another seat's secrets): a few worlds consistent with what the seat saw are
drawn, and in each, every move is answered by the reply that hurts the player most (the player's own
further moves in the same turn are followed first), scored with Agora's evaluation or the result.
The chance lost is the difference. The three costliest moves make the review.

The work is bounded: each position is one task in the AI workers, at most WORK_LIMIT positions weighed
(worlds are drawn until it is reached, the same number every time), and a game's review stops after
GAME_SECONDS of worker time in all (its latest moves first).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ai.adapter import ADAPTERS, Adapter
from ai.observation import Observation, observe
from ai.search import advance, searchable_moves, value_for
from bot.storage import Storage
from rules import GameState, Rng

WORLDS = 6  # worlds drawn per position at most (one is enough without secrets or dice)
MOVE_LIMIT = 40  # moves weighed per position: the one played always among them
REPLY_LIMIT = 40  # answers weighed per move
OWN_LIMIT = 12  # the player's own next moves weighed when a move leaves the turn to them
# Positions weighed per world before another world is drawn: a count, not the clock, so the same
# position always gets the same estimate; about a second of one core at most.
WORK_LIMIT = 12_000
GAME_SECONDS = 20.0  # worker time for one game's review
SHOWN = 3  # the costliest moves a review shows


@dataclass(frozen=True)
class Estimate:
    """One position: the move played, the best move found, the chances after each, and the time it took."""

    ply: int
    played: str
    best: str
    chance_best: float
    chance_played: float
    seconds: float

    @property
    def lost(self) -> float:
        return max(0.0, self.chance_best - self.chance_played)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def estimate(obs: Observation, played: str, ply: int, seed: int) -> Estimate:
    """The chances of ``obs.seat`` after its best move and after ``played`` (runs in a worker)."""
    if not isinstance(obs, Observation):
        raise TypeError("A review works from an Observation (what the seat saw), never from a game state.")
    started = time.perf_counter()
    adapter = ADAPTERS[obs.game]
    rng = Rng.seeded(seed)
    sample = adapter.sampler(obs)
    work = Work()
    totals: dict[str, list[float]] = {}
    for _ in range(WORLDS):
        world = sample(rng)
        for move in weighed_moves(adapter, world, obs.seat, played):
            value = answered(adapter, advance(world, obs.seat, move), obs.seat, work, own=True)
            totals.setdefault(str(move), []).append(value)
        if work.done >= WORK_LIMIT:
            break
    chances = {move: sum(values) / len(values) for move, values in totals.items()}
    best = max(sorted(chances), key=lambda move: chances[move])
    spent = time.perf_counter() - started
    return Estimate(ply, played, best, chances[best], chances.get(played, chances[best]), spent)


@dataclass
class Work:
    """Positions weighed so far for one estimate."""

    done: int = 0

    def value(self, adapter: Adapter, state: GameState[Any], seat: int) -> float:
        self.done += 1
        return value_for(adapter, state)[seat]


def weighed_moves(adapter: Adapter, world: GameState[Any], seat: int, played: str) -> list[Any]:
    moves = searchable_moves(adapter, world, seat)
    chosen = [move for move in moves if str(move) == played]
    others = [move for move in moves if str(move) != played]
    return chosen + others[: MOVE_LIMIT - len(chosen)]


def answered(adapter: Adapter, state: GameState[Any], seat: int, work: Work, *, own: bool) -> float:
    """``seat``'s value of ``state``: its best next move while the turn is still its own (once), then
    the answer that hurts it most, scored by Agora's evaluation or the result."""
    if state.outcome is not None:
        return work.value(adapter, state, seat)
    movers = state.waiting_for or state.actors
    if seat in movers and own:
        mine = searchable_moves(adapter, state, seat)[:OWN_LIMIT]
        return max(answered(adapter, advance(state, seat, move), seat, work, own=False) for move in mine)
    if seat in movers or not movers:
        return work.value(adapter, state, seat)
    other = movers[0]
    replies = searchable_moves(adapter, state, other)[:REPLY_LIMIT]
    return min(work.value(adapter, advance(state, other, reply), seat) for reply in replies)


def costliest(estimates: Sequence[Estimate], shown: int = SHOWN) -> list[Estimate]:
    """The moves that lost most (ties: the earlier first), none that lost nothing."""
    ranked = sorted((e for e in estimates if e.lost > 0.0 and e.best != e.played), key=lambda e: (-e.lost, e.ply))
    return ranked[:shown]


def positions_of(
    game: str, states: Sequence[GameState[Any]], moves: Sequence[tuple[int, str]], seat: int
) -> list[tuple[Observation, str, int]]:
    """Each move ``seat`` made, latest first: what the seat saw before it (its observation), the move
    and its ply. ``states[i]`` is the game before ``moves[i]``; the log is as the seat saw it."""
    prefix, hidden = ADAPTERS[game].secret_moves or ("", "")
    seen = [
        (mover, hidden if prefix and mover != seat and notation.startswith(prefix) else notation)
        for mover, notation in moves
    ]
    found = [
        (observe(states[ply], seat, seen[:ply]), notation, ply + 1)
        for ply, (mover, notation) in enumerate(moves)
        if mover == seat
    ]
    return found[::-1]


def to_json(estimates: Sequence[Estimate]) -> str:
    return json.dumps([estimate.to_json() for estimate in estimates])


def from_json(stored: str) -> list[Estimate]:
    return [Estimate(**entry) for entry in json.loads(stored)]


async def stored_review(storage: Storage, game_id: int, seat: int) -> list[Estimate] | None:
    found = await storage.db.fetchrow("SELECT review FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat))
    return None if found is None else from_json(str(found[0]))


async def keep_review(storage: Storage, game_id: int, seat: int, estimates: Sequence[Estimate]) -> None:
    async with storage.transaction() as db:
        await db.execute(
            "INSERT INTO reviews (game_id, seat, review) VALUES (?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
            (game_id, seat, to_json(estimates)),
        )
