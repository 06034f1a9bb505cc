"""Where each player is in each tutorial, kept so they come back to the step they left."""

from __future__ import annotations

from bot.storage import Storage


async def step_of(storage: Storage, user_id: int, game: str) -> int:
    """The step ``user_id`` is at in ``game``'s lesson (0 when they never began it)."""
    found = await storage.db.fetchrow("SELECT step FROM learn_progress WHERE user_id = ? AND game = ?", (user_id, game))
    return 0 if found is None else int(found[0])


async def keep_step(storage: Storage, user_id: int, game: str, step: int, now: float) -> None:
    """Remember that ``user_id`` is at ``step`` of ``game``'s lesson."""
    async with storage.transaction() as db:
        await db.execute(
            "INSERT INTO learn_progress (user_id, game, step, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id, game) DO UPDATE SET step = excluded.step, updated_at = excluded.updated_at",
            (user_id, game, step, now),
        )
