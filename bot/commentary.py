"""Agora's commentary for spectators: each player's chance after each turn, and the turns that changed it most.

After each turn of a game that has a spectators' thread (:mod:`bot.following`), the position is
weighed by Agora's hard search from the spectators' view (:func:`ai.chances.chances`): the
observation holds ``state.view(None)`` and the move log with every secret move hidden, never a
seat's view, so the figures cannot tell a hand or a hidden stack. Each position is one job of
:class:`bot.workers.QuietWorkers`, a worker of its own at the system's lowest processor priority: a live
Agora move never waits for it, neither behind it in a queue nor for a processor. A game's commentary
stops once one more position could take it past GAME_SECONDS of worker time.

>>> points = [Point(0, (0.5, 0.5)), Point(2, (0.6, 0.4)), Point(4, (0.2, 0.8)), Point(6, (0.25, 0.75))]
>>> moves = [(0, "a"), (0, "b"), (1, "c"), (1, "d"), (0, "e"), (0, "f")]
>>> [(s.ply, s.seat, s.before, s.after) for s in swings(points, moves)]
[(4, 1, 0.4, 0.8), (2, 0, 0.5, 0.6), (6, 0, 0.2, 0.25)]
"""

from __future__ import annotations

import io
import itertools
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from ai import ADAPTERS, Observation
from ai.chances import TURN_SECONDS, chances
from bot.drawing import Drawing
from bot.i18n import game_named, text
from bot.records import FINISHED, GameRecord, Records
from bot.storage import Storage
from render.chances import chance_picture
from rules import GameState

GAME_SECONDS = 120.0  # worker time for one game's commentary
SHOWN = 3  # the turns that changed the chances most, as the commentary names them


@dataclass(frozen=True)
class Point:
    """Each seat's chance once ``ply`` moves were played, and the worker time it took."""

    ply: int
    chances: tuple[float, ...]
    seconds: float = 0.0


@dataclass(frozen=True)
class Swing:
    """A turn that changed the chances: the moves from ply ``start`` to ``ply``, and the chance of the
    seat who played them, before and after."""

    start: int
    ply: int
    seat: int
    before: float
    after: float

    @property
    def change(self) -> float:
        return abs(self.after - self.before)


def spectator_observation(state: GameState[Any], moves: Sequence[tuple[int, str]]) -> Observation | None:
    """What spectators know of ``state`` (the moves ``moves`` led to it), for the seat to move; None
    when nobody is to move (the game is over)."""
    waiting = list(state.waiting_for or state.actors)
    if state.outcome is not None or not waiting:
        return None
    view = state.view(None)
    prefix, hidden = ADAPTERS[view["game"]].secret_moves or ("", "")
    log = tuple((seat, hidden if prefix and notation.startswith(prefix) else notation) for seat, notation in moves)
    return Observation(view["game"], waiting[0], dict(view), log)


def spectator_log(game: str, moves: Sequence[tuple[int, str]]) -> list[str]:
    """The moves as spectators saw them: every secret move hidden."""
    prefix, hidden = ADAPTERS[game].secret_moves or ("", "")
    return [hidden if prefix and notation.startswith(prefix) else notation for _, notation in moves]


def weigh_position(obs: Observation, ply: int, seed: int) -> Point:
    """The chances of the position spectators see in ``obs`` (runs in a worker)."""
    started = time.process_time()
    found = chances(obs, seed)
    return Point(ply, found, time.process_time() - started)


def final_point(state: GameState[Any], ply: int) -> Point:
    """The end of the game: 1 for each winner, 0 for the others, a half each after a draw."""
    outcome = state.outcome
    assert outcome is not None
    if outcome.is_draw:
        return Point(ply, (0.5,) * state.players)
    return Point(ply, tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(state.players)))


def fits(spent: float) -> bool:
    """Whether one more position fits in a game's commentary after ``spent`` seconds of worker time."""
    return spent + TURN_SECONDS <= GAME_SECONDS


def swings(points: Sequence[Point], moves: Sequence[tuple[int, str]], shown: int = SHOWN) -> list[Swing]:
    """The turns between consecutive points that moved the chance of the seat who played them most
    (ties: the earlier first); ``moves`` are the game's, as (seat, notation)."""
    found = []
    for before, after in itertools.pairwise(points):
        seat = moves[before.ply][0] if before.ply < len(moves) else 0
        found.append(Swing(before.ply, after.ply, seat, before.chances[seat], after.chances[seat]))
    ranked = sorted((s for s in found if s.change > 0.0), key=lambda s: (-s.change, s.ply))
    return ranked[:shown]


async def points_of(storage: Storage, game_id: int) -> list[Point]:
    """The commented positions of a game, in order."""
    found = await storage.db.fetch("SELECT ply, chances, seconds FROM commentary WHERE game_id = ? ORDER BY ply",
                                   (game_id,))  # fmt: skip
    return [Point(int(row[0]), tuple(json.loads(row[1])), float(row[2])) for row in found]


async def keep_point(storage: Storage, game_id: int, point: Point) -> None:
    async with storage.transaction() as db:
        await db.execute(
            "INSERT INTO commentary (game_id, ply, chances, seconds) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, ply) DO NOTHING",
            (game_id, point.ply, json.dumps(list(point.chances)), point.seconds),
        )


@dataclass(frozen=True)
class Commentary:
    """The commentary as spectators read it: its words, its picture and the picture's alt text."""

    words: str
    png: bytes
    alt: str

    def file(self, game_id: int) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=f"chances-{game_id}.png", description=self.alt[:1024])


async def write_commentary(
    records: Records, drawing: Drawing, record: GameRecord, points: list[Point], moves: list[tuple[int, str]],
    lang: str,
) -> Commentary:
    """The commentary of ``points``: the chances over the game, the turns that changed them most, and
    whether the game's worker time ran out before its end."""
    names, shown = await records.display_names(record), await records.shown_names(record)
    title = text(lang, "follow.chart_title", id=record.id, game=game_named(record.game))
    png = await drawing.draw(chance_picture, [(p.ply, p.chances) for p in points], names, title,
                             text(lang, "follow.chart_move"))  # fmt: skip
    lines = [text(lang, "follow.commentary_title", id=record.id)]
    lines += [swing_line(s, moves, shown, record.game, lang) for s in swings(points, moves)]
    if len(lines) == 1:
        lines.append(text(lang, "follow.commentary_even"))
    if not fits(sum(point.seconds for point in points)) and (record.state is None or record.state.outcome is None):
        lines.append(text(lang, "follow.commentary_spent", seconds=int(GAME_SECONDS)))
    latest = ", ".join(f"{shown[s]} {round(100 * c)}%" for s, c in enumerate(points[-1].chances))
    return Commentary("\n".join(lines)[:2000], png, text(lang, "follow.chart_alt", id=record.id, latest=latest))


def swing_line(swing: Swing, moves: Sequence[tuple[int, str]], names: Sequence[str], game: str, lang: str) -> str:
    """A turn that changed the chances, named as the review names moves: its first move's number, its
    moves as spectators saw them, and the chance of the player who played them."""
    played = " ".join(spectator_log(game, moves[swing.start : swing.ply]))
    return text(lang, "follow.swing", ply=swing.start + 1, who=names[swing.seat], played=played,
                before=round(100 * swing.before), after=round(100 * swing.after))  # fmt: skip


async def after_the_end(
    storage: Storage, records: Records, drawing: Drawing, record: GameRecord, lang: str
) -> Commentary | None:
    """The commentary ``/replay`` shows: only once the game is over (never to a player while it is
    played), and only when Agora commented on it (a game that had a spectators' thread)."""
    if record.row.status != FINISHED:
        return None
    points = await points_of(storage, record.id)
    if not points:
        return None
    moves = [(move.seat, move.notation) for move in await storage.moves(record.id)]
    return await write_commentary(records, drawing, record, points, moves, lang)
