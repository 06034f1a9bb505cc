"""Clocks that stop while nobody can see a game: its channel was deleted, or the bot may not post there.

No one loses on time in a channel nobody can see. Stopping a game's clocks reuses time away's
mechanism (bot/away.py): its current turn, with its pending reminder and time-out, moves on by
``HALTED_FOR`` (and a turn that starts meanwhile, an Agora move, waits as long). When the game can
be seen again (a player continued it in another channel, or the bot may post again), the shift is
taken back but for the time it really waited: the player to move has the time they had left.

    >>> HALTED_FOR > 3_000 * 86_400
    True
"""

from __future__ import annotations

from collections.abc import Callable

from bot.away import HALTED_FOR, move_turn, waited_game
from bot.database import Connection, Row
from bot.storage import Storage

ACTIVE = "active"

__all__ = ["HALTED_FOR", "Halts"]


class Halts:
    """Stops and restarts the clocks of games nobody can see."""

    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock

    async def halt(self, game_id: int) -> bool:
        """Stop the game's clocks; False if they were stopped already (or the game is not being played)."""
        async with self.storage.transaction() as db:
            found = await db.fetchrow("SELECT * FROM games WHERE id = ?", (game_id,))
            if found is None or found["status"] != ACTIVE or found["halted_at"] is not None:
                return False
            await db.execute("UPDATE games SET halted_at = ? WHERE id = ?", (self.clock(), game_id))
            waited = await waited_game(found)
            if waited is not None and waited.people:
                await move_turn(db, waited, HALTED_FOR)
        return True

    async def resume(self, game_id: int) -> bool:
        """Start the game's clocks again, its turn lengthened by the time they stopped; False if running."""
        async with self.storage.transaction() as db:
            found = await db.fetchrow("SELECT * FROM games WHERE id = ?", (game_id,))
            if found is None or found["halted_at"] is None:
                return False
            await db.execute("UPDATE games SET halted_at = NULL WHERE id = ?", (game_id,))
            await self._give_back(db, found)
        return True

    async def _give_back(self, db: Connection, found: Row) -> None:
        """The current turn keeps, of its shift, only the time it really waited (it may have started meanwhile)."""
        waited = await waited_game(found)
        if waited is None or waited.shift < HALTED_FOR:
            return
        stopped = max(float(found["halted_at"]), waited.stamp)
        await move_turn(db, waited, self.clock() - stopped - HALTED_FOR)

    async def played_in(self, channel_id: int) -> list[int]:
        """The games being played in that channel."""
        found = await self.storage.db.fetch(
            "SELECT id FROM games WHERE channel_id = ? AND status = ? ORDER BY id", (channel_id, ACTIVE)
        )
        return [int(row[0]) for row in found]
