"""Hints against Agora: in a casual game where every other seat is Agora's, the move Agora (medium)
would play for the player, worked out from what the player's seat may see, as Agora's own moves are.

Never in a game with another person in it (those are the rated games), nor in a tournament game.
A game in which hints were given is kept as such (``hints``), so its history and its finished board
say so.
"""

from __future__ import annotations

from bot.learn import lessons
from bot.service import ACTIVE, GameRecord, refusal
from bot.storage import Storage
from render.learn import Box
from rules import View

HINT_LEVEL = "medium"


def against_agora_only(record: GameRecord, user_id: int) -> bool:
    """Whether every seat of ``record`` but ``user_id``'s is Agora's own (and ``user_id`` holds one).

    A seat Agora took over from a player who left does not count as Agora's: that game is rated.
    """
    bots = {seat for seat in record.bot_seats if str(seat) not in record.row.absent}
    mine = record.seats_of(user_id)
    return bool(mine) and all(seat in bots for seat in range(len(record.seats)) if seat not in mine)


def offers_hints(record: GameRecord) -> bool:
    """Whether the board offers hints: a game against Agora alone, while its one person is to move."""
    people = record.human_actors()
    return record.row.status == ACTIVE and len(set(people)) == 1 and against_agora_only(record, people[0])


async def check_hint(storage: Storage, record: GameRecord, user_id: int) -> None:
    """Refuse a hint where none is given: a game with people in it, or a tournament's game."""
    if not against_agora_only(record, user_id):
        raise refusal("hint.only_against_agora")
    if await in_tournament(storage, record.id):
        raise refusal("hint.not_in_tournaments")


async def in_tournament(storage: Storage, game_id: int) -> bool:
    found = await storage.db.fetchrow("SELECT 1 FROM tournament_tables WHERE game_id = ?", (game_id,))
    return found is not None


async def note_hint(storage: Storage, game_id: int, user_id: int) -> None:
    """Count one more hint given to ``user_id`` in game ``game_id``."""
    async with storage.transaction() as db:
        await db.execute(
            "INSERT INTO hints (game_id, user_id, count) VALUES (?, ?, 1) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET count = hints.count + 1",
            (game_id, user_id),
        )


async def hinted_games(storage: Storage, game_ids: list[int]) -> set[int]:
    """Those of ``game_ids`` in which a hint was given."""
    if not game_ids:
        return set()
    marks = ", ".join("?" for _ in game_ids)
    found = await storage.db.fetch(f"SELECT DISTINCT game_id FROM hints WHERE game_id IN ({marks})", game_ids)
    return {int(row[0]) for row in found}


def hint_boxes(game: str, notation: str, view: View) -> list[Box]:
    """Where the picture rings a hinted move: the marks the game's lesson shows that move with."""
    lesson = lessons().get(game)
    return [] if lesson is None else [lesson.where(mark, view) for mark in lesson.move_marks(notation)]
