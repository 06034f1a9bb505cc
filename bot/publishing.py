"""Publishing is not saving: a change is saved first, and its board shown after.

A move (or an ending, a time-out, Agora's turn) is saved in one transaction; showing it on
Discord comes after and may fail (a 503, a lost permission, a process killed in between). The
game row remembers which version its board message shows (``games.board_version``); a board
older than its game is brought current by a ``publish`` job: added when showing failed (retried
with a bounded back-off: ``FIRST_WAIT`` seconds, then as long again as the board has been
waiting, ``LONGEST_WAIT`` at most), and at start-up or after a gateway resume for every game
left behind, longest-waiting turn first. The next change of the game shows it too, and voids
the job (every move replaces its game's pending jobs).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.database import Connection
from bot.records import GameRecord
from bot.scheduler import PUBLISH, Scheduler
from bot.storage import Storage, WithinTransaction

FIRST_WAIT = 10.0
LONGEST_WAIT = 30 * 60.0


def next_wait(waiting_since: float, now: float) -> float:
    """Seconds until the next try of a board waiting since ``waiting_since``: each wait as long as the
    board has waited so far, between FIRST_WAIT and LONGEST_WAIT.

    >>> [next_wait(0.0, now) for now in (0.0, 10.0, 20.0, 40.0, 100_000.0)]
    [10.0, 10.0, 20.0, 40.0, 1800.0]
    """
    return min(LONGEST_WAIT, max(FIRST_WAIT, now - waiting_since))


class Publishing:
    """Adds the ``publish`` jobs of boards older than their games; ``cogs/publishing.py`` runs them."""

    def __init__(self, storage: Storage, scheduler: Scheduler, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.scheduler = scheduler
        self.clock = clock

    async def retry(self, record: GameRecord) -> None:
        """Showing ``record`` failed: try again after a while (its first wait)."""
        async with self.storage.transaction() as db:
            await self.again(record)(db)
        self.scheduler.run_soon()

    def again(self, record: GameRecord) -> WithinTransaction:
        """Inside a transaction: the next try for ``record``'s board, after :func:`next_wait`."""

        async def step(db: Connection) -> None:
            now = self.clock()
            due = now + next_wait(record.row.updated_at, now)
            await self.scheduler.add(db, PUBLISH, record.id, record.version, due)

        return step

    async def catch_up(self) -> int:
        """A job due now for every game whose board is older than its last change, the
        longest-waiting turn first (at start-up, after a gateway resume); returns how many."""
        behind = await self.storage.unpublished()
        if behind:
            async with self.storage.transaction() as db:
                for game_id, version, since in behind:
                    await self.scheduler.add(db, PUBLISH, game_id, version, min(since, self.clock()))
        self.scheduler.run_soon()
        return len(behind)
