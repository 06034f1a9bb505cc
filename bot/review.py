"""Reviews of finished games: the moves that cost a player most, by Agora's hard search.

For each move a player made, Agora's hard search (:func:`ai.weighing.weigh`) is run from that seat's
:class:`ai.Observation` at the time (its view and the public log, never another seat's secrets). Its
root gives the player's chance of winning before the move; the move it would play and the move played
get their chances after. The chance lost is the difference; the three costliest moves make the review.

The work is bounded and runs behind live moves: each position is one job in the AI workers at the
review's priority (:data:`bot.workers.BACKGROUND`: a live Agora move waiting starts first), and a
game's review stops before a position could take it past GAME_SECONDS of worker time (the worker's
processor time, so a busy machine reviews as many moves as a quiet one, only later). When not every
move fits, the moves most likely to matter are weighed first (:func:`triage`: the ones after which
the seat's position looked worst, by Agora's evaluation in one world it could imagine), and the review
says how many of the player's moves it covered. A turn's moves weighed one after the other are
chained (:func:`chained`): each starts from the chance the one before it left. Moves are numbered
as the board numbers them (:func:`numbered`: the turn and the move in it where turns have several).
Values depend on the search's iterations and seed, never on the clock, so a review is the same on
every run.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ai.adapter import ADAPTERS
from ai.observation import Observation, observe
from ai.search import LEVELS, advance, searchable_moves, value_for
from ai.weighing import FOLLOW_SHARE, LEVEL, weigh
from bot.storage import Storage
from rules import Rng

GAME_SECONDS = 20.0  # worker time for one game's review
# The most one position may take: the hard level's time cap for its search and for following the move
# played (safety stops on the clock, which processor time never outruns; the iterations normally end it
# well before: about 0.2 to 0.4 s of one core), so a review never passes GAME_SECONDS.
POSITION_SECONDS = LEVELS[LEVEL].time_cap * (1 + FOLLOW_SHARE)
SHOWN = 3  # the costliest moves a review shows


@dataclass(frozen=True)
class Estimate:
    """One position weighed: the move played, the best move found, the seat's chance before the move
    and after each of them, and the worker time it took."""

    ply: int
    played: str
    best: str
    chance_best: float
    chance_played: float
    seconds: float
    chance_before: float = 0.5

    @property
    def lost(self) -> float:
        return max(0.0, self.chance_best - self.chance_played)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Review:
    """A seat's review: its costliest moves, and how many of its ``moves`` were weighed."""

    shown: list[Estimate] = field(default_factory=list)
    reviewed: int = 0
    moves: int = 0

    @property
    def partial(self) -> bool:
        return self.reviewed < self.moves


def estimate(obs: Observation, played: str, ply: int, seed: int) -> Estimate:
    """The chances of ``obs.seat`` before ``played``, after it and after the best move (runs in a worker)."""
    if not isinstance(obs, Observation):
        raise TypeError("A review works from an Observation (what the seat saw), never from a game state.")
    started = time.process_time()
    found = weigh(obs, played, seed)
    spent = time.process_time() - started
    return Estimate(ply, played, found.best, found.best_value, found.played_value, spent, found.before)


def triage(positions: Sequence[tuple[Observation, str, int]], seed: int) -> tuple[list[int], float]:
    """The order to weigh ``positions`` in (indexes), the likeliest to matter first, and the seconds it
    took (runs in a worker). Each move is scored by how much worse Agora's evaluation finds the position
    after it than after the seat's best-looking move, in one world the seat could imagine; ties keep
    the given order."""
    started = time.process_time()
    drops = [one_ply_drop(obs, played, seed + ply) for obs, played, ply in positions]
    order = sorted(range(len(positions)), key=lambda index: -drops[index])
    return order, time.process_time() - started


def one_ply_drop(obs: Observation, played: str, seed: int) -> float:
    """How much worse ``played`` looks to Agora's evaluation than the seat's best-looking move, one ply on."""
    adapter = ADAPTERS[obs.game]
    world = adapter.sampler(obs)(Rng.seeded(seed))
    scores = {str(move): value_for(adapter, advance(world, obs.seat, move))[obs.seat]
              for move in searchable_moves(adapter, world, obs.seat)}  # fmt: skip
    if played not in scores:
        move = next((m for m in world.legal_moves(obs.seat) if str(m) == played), None)
        if move is None:
            return 0.0
        scores[played] = value_for(adapter, advance(world, obs.seat, move))[obs.seat]
    return max(scores.values()) - scores[played]


def chained(estimates: Sequence[Estimate]) -> list[Estimate]:
    """``estimates`` (one seat's) with a turn's moves chained: a move weighed right after the seat's
    previous move of the same turn (the ply before it) starts from the chance that move left, so a
    turn of several moves tells one story ("0% after" is never followed by "18% before").

    >>> first = Estimate(10, "d3=2", "d2=2", 0.4, 0.0, 0.1, chance_before=0.5)
    >>> [e.chance_before for e in chained([first, Estimate(11, "e4=1", "e4=1", 0.2, 0.2, 0.1, 0.18)])]
    [0.5, 0.0]
    """
    played = {e.ply: e.chance_played for e in estimates}
    return [e if e.ply - 1 not in played else replace(e, chance_before=played[e.ply - 1]) for e in estimates]


def numbered(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[int | None, int]:
    """How the board numbers the move from view ``before`` to view ``after``: (its turn, its place in
    the turn) in games whose turns have several moves, else (None, the move's number).

    >>> numbered({"turn_number": 5, "move_in_turn": 1}, {"turn_number": 5, "move_in_turn": 2})
    (5, 2)
    >>> numbered({"move_number": 9}, {"move_number": 10})
    (None, 10)
    """
    turn = before.get("turn_number")
    if turn:
        return int(turn), int(before.get("move_in_turn") or 0) + 1
    return None, int(after["move_number"])


def costliest(estimates: Sequence[Estimate], shown: int = SHOWN) -> list[Estimate]:
    """The moves that lost most (ties: the earlier first), none that lost nothing."""
    ranked = sorted((e for e in estimates if e.lost > 0.0 and e.best != e.played), key=lambda e: (-e.lost, e.ply))
    return ranked[:shown]


def fits(spent: float) -> bool:
    """Whether one more position fits in a game's review after ``spent`` seconds of worker time."""
    return spent + POSITION_SECONDS <= GAME_SECONDS


def positions_of(
    game: str, states: Sequence[Any], moves: Sequence[tuple[int, str]], seat: int
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


def to_json(review: Review) -> str:
    shown = [estimate.to_json() for estimate in review.shown]
    return json.dumps({"shown": shown, "reviewed": review.reviewed, "moves": review.moves})


def from_json(stored: str) -> Review:
    """A kept review; one kept as a bare list of moves (before reviews counted their coverage) was complete."""
    data = json.loads(stored)
    if isinstance(data, list):
        return Review([Estimate(**entry) for entry in data])
    return Review([Estimate(**entry) for entry in data["shown"]], int(data["reviewed"]), int(data["moves"]))


async def stored_review(storage: Storage, game_id: int, seat: int) -> Review | None:
    found = await storage.db.fetchrow("SELECT review FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat))
    return None if found is None else from_json(str(found[0]))


async def keep_review(storage: Storage, game_id: int, seat: int, review: Review) -> None:
    async with storage.transaction() as db:
        await db.execute(
            "INSERT INTO reviews (game_id, seat, review) VALUES (?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
            (game_id, seat, to_json(review)),
        )
