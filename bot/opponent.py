"""Agora as a player: what its seat may know, and where it thinks.

The bot's move is worked out from an :class:`ai.Observation` only: the seat's ``view`` and
the public move log (:func:`public_log`: another seat's secret move as the table saw it), never
the stored state. The search runs in ``AGORA_AI_WORKERS`` worker processes (default one), so a
hard move (up to 2 s of one core) never holds the event loop, its GIL, or other servers' clicks;
a pool whose worker died is rebuilt for the next move. The seed comes from the game's id and
version, so a bot move can be replayed exactly from a bug report.

>>> game = next(game for game, adapter in ADAPTERS.items() if adapter.secret_moves)  # one with secrets
>>> prefix, hidden = ADAPTERS[game].secret_moves
>>> log = public_log(game, [MoveRow(1, 0, 7, prefix + "2", 0.0), MoveRow(2, 1, 8, prefix + "0", 0.0)], seat=1)
>>> log == [(0, hidden), (1, prefix + "0")]
True
>>> move_seed(12, 5) == move_seed(12, 5) != move_seed(12, 6)
True
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from ai import ADAPTERS, Observation, PublicMove, choose_move
from bot.storage import GameRow, MoveRow
from bot.workers import WorkerPool
from rules import Outcome

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)
DEFAULT_LEVEL: Level = "medium"



def public_log(game: str, moves: Sequence[MoveRow], seat: int) -> list[PublicMove]:
    """The moves played so far as ``seat`` saw them: its own in full, the others' secrets hidden.

    Each game's AI adapter names its secret moves (a secret set-up, a duel's pick): another seat
    sees them as the view words them. A log never tells more than the table saw; where the
    secret was revealed later, the view shows it.
    """
    prefix, hidden = ADAPTERS[game].secret_moves or ("", "")
    return [
        (move.seat, hidden if prefix and move.seat != seat and move.notation.startswith(prefix) else move.notation)
        for move in moves
    ]


def move_seed(game_id: int, version: int) -> int:
    """The search's seed for the bot's move in game ``game_id`` at ``version``: the same on every run."""
    digest = hashlib.blake2b(f"agora:{game_id}:{version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class Record:
    """A player's finished games against Agora at one level."""

    wins: int = 0
    losses: int = 0
    draws: int = 0


def records_against_bot(rows: Sequence[GameRow], user_id: int) -> dict[str, Record]:
    """``user_id``'s wins, losses and draws in finished games against Agora, by its level.

    Agora as the player's teammate does not count; a loss counts against the levels that won.

    >>> row = GameRow(1, "some_game", 1, 1, "finished", [7, 99], [7, 99], {}, 0, None, [],
    ...               {"winners": [0], "reason": "rules"}, "rules", 3, None, 0.0, 0.0, None, bots={"1": "hard"})
    >>> records_against_bot([row], 7)
    {'hard': Record(wins=1, losses=0, draws=0)}
    >>> team = GameRow(2, "some_game", 1, 1, "finished", [7, 99, 8], [7, 99, 8], {}, 0, None, [],
    ...                {"winners": [0, 1], "reason": "rules"}, "rules", 3, None, 0.0, 0.0, None, bots={"1": "easy"})
    >>> records_against_bot([team], 7), records_against_bot([team], 8)
    ({}, {'easy': Record(wins=0, losses=1, draws=0)})
    """
    counts: dict[str, Counter[str]] = {}
    for row in rows:
        outcome = Outcome.from_json(row.outcome)
        mine = [seat for seat, uid in enumerate(row.seats) if uid == user_id and str(seat) not in row.bots]
        if outcome is None or not mine:
            continue
        won = bool(set(mine) & set(outcome.winners))
        result = "draws" if outcome.is_draw else "wins" if won else "losses"
        # A bot seat that shared the player's result was a teammate (a game played in teams), not an opponent.
        # A seat Agora took over from a player who left is not a game against Agora.
        opposed = [
            level for seat, level in row.bots.items()
            if seat not in row.absent and (outcome.is_draw or (int(seat) in outcome.winners) != won)
        ]  # fmt: skip
        for level in dict.fromkeys(opposed):
            counts.setdefault(level, Counter())[result] += 1
    return {level: Record(**counts[level]) for level in LEVELS if level in counts}


def _prepare_worker() -> None:
    """Load the engines and the search once per worker, before its first move."""
    import ai  # noqa: F401  (importing registers every game's adapter)


class Thinking(WorkerPool):
    """Chooses the bot's moves in a pool of worker processes; the pool starts with the first move.

    A move not chosen when the bot stops is dropped: its job runs again after the restart.
    """

    def __init__(self, workers: int) -> None:
        super().__init__(max(1, workers), _prepare_worker)

    async def choose(self, obs: Observation, level: str, seed: int, step: int = 0) -> str:
        """The move ``obs.seat`` plays at ``level`` (its notation), the ``step``-th decision of its turn."""
        return await self.run(choose_move, obs, level, seed, step)
