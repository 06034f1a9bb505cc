"""Play on from here: a casual game against Agora from a position of a finished game, in the player's seat.

The new game is the finished one up to that position: the same game, seed and options, and its first
moves copied into the new game's log (each seat's moves now played by whoever holds that seat), so its
replay, its check (``python -m bot check``) and Agora's view of the log all read it as any other game.
The player keeps their seat; Agora plays every other seat at the level chosen. A game against Agora is
never rated. Who may play on, and in which seat, is read from the finished game as stored; the same rules
serve every place that offers Play on (a review's menu, a replay's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.database import Connection
from bot.records import GameRecord
from bot.service import ACTIVE, FINISHED, refusal
from bot.storage import GameRow, MoveRow, Storage, WithinTransaction
from rules import GameState

OnTurn = Callable[[int, int, float | None, bool], WithinTransaction]


@dataclass(frozen=True)
class Origin:
    """Where a game played on comes from: the finished game, the moves before its position, and the player."""

    source_id: int
    ply: int
    user_id: int


def own_seats(source: GameRecord, user_id: int) -> list[int]:
    """The seats ``user_id`` played in person (not those Agora played for them, nor one they left)."""
    return [seat for seat in source.seats_of(user_id) if seat not in source.bot_seats]


def may_play_on(source: GameRecord, user_id: int) -> bool:
    """Whether Play on is offered to ``user_id``: a finished game with a seat for Agora, that they played in person."""
    return source.row.status == FINISHED and len(source.seats) >= 2 and bool(own_seats(source, user_id))


def player_seat(source: GameRecord, user_id: int, guild_id: int | None) -> int:
    """The seat ``user_id`` plays on in (their first, as their review's), or the refusal saying why they may not."""
    if source.row.guild_id != guild_id or source.row.status != FINISHED or source.state is None:
        raise refusal("playon.not_finished", id=source.id)
    if len(source.seats) < 2:  # a game played alone has no seat for Agora: it would be a solo game, not one against it
        raise refusal("playon.alone", id=source.id)
    seats = own_seats(source, user_id)
    if not seats:
        raise refusal("playon.not_yours", id=source.id)
    return seats[0]


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
    storage: Storage, origin: Origin, row: GameRow, moves: Sequence[MoveRow], on_turn: OnTurn | None,
    agora_to_move: bool,
) -> int:  # fmt: skip
    """Store the new game with its first moves, and Agora's turn when it is Agora's; returns its id. Refused
    (nothing stored) while the player still plays a game from the same position: a double pick starts one."""

    async def after(db: Connection, game_id: int) -> None:
        await refuse_a_second(db, origin)
        await db.execute(
            "INSERT INTO played_on (game_id, source_id, ply, user_id) VALUES (?, ?, ?, ?)",
            (game_id, origin.source_id, origin.ply, origin.user_id),
        )
        await db.executemany(
            "INSERT INTO moves (game_id, ply, seat, user_id, notation, played_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, m.ply, m.seat, row.seats[m.seat], m.notation, row.created_at) for m in moves],
        )
        if agora_to_move and on_turn is not None:
            await on_turn(game_id, row.guild_id, row.turn_started_at, True)(db)

    return await storage.insert_game(row, after)


async def refuse_a_second(db: Connection, origin: Origin) -> None:
    """Inside the transaction storing a game played on: refuse it if the player still plays one from that position.

    The finished game's row is written first (changing nothing), so that on PostgreSQL two such transactions
    take turns and the later one sees the earlier one's game (SQLite has one writer).
    """
    await db.execute("UPDATE games SET version = version WHERE id = ?", (origin.source_id,))
    found = await db.fetchrow(
        "SELECT games.id, games.channel_id FROM played_on JOIN games ON games.id = played_on.game_id "
        "WHERE played_on.source_id = ? AND played_on.user_id = ? AND played_on.ply = ? AND games.status = ? "
        "ORDER BY games.id LIMIT 1",
        (origin.source_id, origin.user_id, origin.ply, ACTIVE),
    )
    if found is not None:
        raise refusal("playon.already", id=origin.source_id, game=found[0], channel=found[1])
