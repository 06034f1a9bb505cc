"""Play on from here: a casual game against Agora from a position of a finished game, in the player's seat.

The new game is the finished one up to that position: the same game, seed and options, and its first
moves copied into the new game's log (each seat's moves now played by whoever holds that seat), so its
replay, its check (``python -m bot check``) and Agora's view of the log all read it as any other game.
The player keeps their seat; Agora plays every other seat at the level chosen. A game against Agora is
never rated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.database import Connection
from bot.records import GameRecord
from bot.service import ACTIVE, refusal
from bot.storage import GameRow, MoveRow, Storage, WithinTransaction
from rules import GameState

OnTurn = Callable[[int, int, float | None, bool], WithinTransaction]


def play_on_row(
    source: GameRecord, position: GameState[object], seat: int, user_id: int, bot_id: int, level: str,
    channel_id: int, now: float,
) -> GameRow:  # fmt: skip
    """The new game's row: the player in ``seat``, Agora at ``level`` in the others, the game at ``position``."""
    seats = [bot_id] * len(source.seats)
    seats[seat] = user_id
    return GameRow(
        id=0, game=source.game, guild_id=source.row.guild_id, channel_id=channel_id, status=ACTIVE, seats=seats,
        accepted=list(dict.fromkeys(seats)), options=dict(source.row.options), seed=source.row.seed,
        state=position.to_json(), draft=[], outcome=None, end_reason=None, version=0, message_id=None,
        created_at=now, updated_at=now, turn_started_at=now,
        bots={str(other): level for other in range(len(seats)) if other != seat},
    )  # fmt: skip


def check_position(source: GameRecord, position: GameState[object], ply: int, moves: int) -> None:
    """Refuse a position the game never reached, or one where the game was already over."""
    if not 0 <= ply <= moves or position.outcome is not None:
        raise refusal("playon.no_position", ply=ply + 1, id=source.id)


async def play_on(
    storage: Storage, row: GameRow, moves: Sequence[MoveRow], on_turn: OnTurn | None, agora_to_move: bool
) -> int:
    """Store the new game with its first moves, and Agora's turn when it is Agora's; returns its id."""

    async def after(db: Connection, game_id: int) -> None:
        await db.executemany(
            "INSERT INTO moves (game_id, ply, seat, user_id, notation, played_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, m.ply, m.seat, row.seats[m.seat], m.notation, row.created_at) for m in moves],
        )
        if agora_to_move and on_turn is not None:
            await on_turn(game_id, row.guild_id, row.turn_started_at, True)(db)

    return await storage.insert_game(row, after)
