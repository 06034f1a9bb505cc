"""A durable scheduler kept in SQLite: turn reminders, turn timeouts, challenge expiry, the bot's moves.

Every job is a row of ``jobs``.  A job is tied to one turn of one game by its
``stamp`` (the game's ``turn_started_at``; a challenge's ``created_at``): when the
game moved on, the job is void.  A job's handler marks it done in the same
transaction as its effect (:meth:`Scheduler.done_step`) or claims it before an
effect that cannot be rolled back (:meth:`Scheduler.claim`), so nothing fires twice
across restarts, and jobs that fell due while the bot was down run at start-up.

A bot's move is a job too (``bot``), added by the move that made it the turn of a seat
Agora plays; its stamp is the game's version then, so it never answers a later position.
Seats only the bot is waited for get no reminder and no time-out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.away import game_shift, turn_shift
from bot.database import Connection
from bot.settings import GuildSettings, SettingsStore
from bot.storage import Storage, WithinTransaction, decode_state
from rules import GAMES

log = logging.getLogger("agora.scheduler")

REMIND, TIMEOUT, EXPIRE = "remind", "timeout", "expire"
# Under the claim rule, once the deadline passed: ask again for the claim, and end the game on time.
CLAIM_AGAIN, UNCLAIMED = "claim_again", "unclaimed"
TURN_KINDS = (REMIND, TIMEOUT, CLAIM_AGAIN, UNCLAIMED)
# The bot's move in a game waiting for a seat it plays; stamped with the game's version.
BOT = "bot"
# A board older than its game, shown again (bot/publishing.py); stamped with the game's version then.
PUBLISH = "publish"
# Real seconds between two looks at the queue when nothing is due sooner.
POLL_SECONDS = 30.0
# How long a process holds the due jobs it took: longer than any handler runs, short enough that
# a job whose process died is not late by much.
LEASE_SECONDS = 120.0
LEASE_BATCH = 100


@dataclass(frozen=True)
class Job:
    id: int
    kind: str
    game_id: int
    stamp: float
    due_at: float


class JobAlreadyDone(Exception):
    """Another run handled the job first; the effect must be rolled back."""


Handler = Callable[[Job], Awaitable[None]]


async def waiting_in(db: Connection, game_id: int) -> tuple[bool, int | None]:
    """Inside the transaction of a game's change: whether people are waited for, and the game's
    version when a seat the bot plays is (None: no bot seat to move), read from the stored game."""
    found = await db.fetchrow("SELECT game, state, bots, version FROM games WHERE id = ?", (game_id,))
    if found is None or found["state"] is None or found["bots"] in (None, "{}"):
        return True, None
    bots = json.loads(found["bots"])
    waiting = GAMES[found["game"]].from_json(decode_state(found["state"])).waiting_for
    people = any(str(seat) not in bots for seat in waiting)
    return people, int(found["version"]) if any(str(seat) in bots for seat in waiting) else None


class Scheduler:
    """Runs due jobs through the handler registered for their kind."""

    def __init__(
        self, storage: Storage, clock: Callable[[], float] = time.time, settings: SettingsStore | None = None
    ) -> None:
        self.storage = storage
        self.clock = clock
        # The bot's own store, whose memory of each server's settings a change through /agora settings updates.
        self.settings = settings or SettingsStore(storage)
        self.handlers: dict[str, Handler] = {}
        # How many due jobs one look takes at most: what other processes leave for themselves.
        self.lease_batch = LEASE_BATCH
        # Other durable queues run with this one (tournament rounds): each runs its due work, returns a count.
        self.sweeps: list[Callable[[], Awaitable[int]]] = []
        self._running = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._soon: set[asyncio.Task[None]] = set()
        # Work fell due while a run was going on (the bot's next move): that run looks at the queue again.
        self._again = False

    # -- writing jobs (inside the caller's transaction) ------------------------

    async def add(self, db: Connection, kind: str, game_id: int, stamp: float, due_at: float) -> None:
        await self.add_all(db, game_id, stamp, [(kind, due_at)])

    async def add_all(self, db: Connection, game_id: int, stamp: float, due: Sequence[tuple[str, float]]) -> None:
        """Jobs of one turn of a game, each ``(kind, due_at)``, in one statement."""
        rows = ", ".join("(?, ?, ?, ?, ?)" for _ in due)
        now = self.clock()
        # A turn that starts with the same stamp as a retired one (two moves in one clock
        # tick) opens its jobs again rather than leaving them retired.
        await db.execute(
            f"INSERT INTO jobs (kind, game_id, stamp, due_at, created_at) VALUES {rows} "
            "ON CONFLICT (kind, game_id, stamp) DO UPDATE SET due_at = excluded.due_at, done_at = NULL, "
            "leased_until = NULL",
            [value for kind, due_at in due for value in (kind, game_id, stamp, due_at, now)],
        )

    async def void(self, db: Connection, game_id: int) -> None:
        """Delete the pending jobs of a game: they would be void anyway (every move does this, so no row is kept).

        A job another process is running meanwhile finds itself gone and its effect is rolled back.
        """
        await db.execute("DELETE FROM jobs WHERE game_id = ? AND done_at IS NULL", (game_id,))

    def turn_step(self, game_id: int, guild_id: int, stamp: float | None, bots: bool = True) -> WithinTransaction:
        """What the service runs when a game's turn starts (``stamp``) or the game stops (None).

        ``bots``: whether Agora holds a seat (False spares reading the game again: only people play).
        """

        async def step(db: Connection) -> None:
            await self.void(db, game_id)
            if stamp is None:
                return
            # A player away when the turn starts: the turn waits until they are back (bot/away.py);
            # set at every turn's start, so no turn keeps the shift of the one before.
            starts = stamp + await turn_shift(db, game_id, stamp)
            people, version = await waiting_in(db, game_id) if bots else (True, None)
            if version is not None:
                await self.add(db, BOT, game_id, float(version), self.clock())
            if not people:
                return  # the bot is never reminded nor timed out
            settings, seconds = await self._turn_seconds(db, game_id, guild_id)
            remind_at = settings.reminder_at(starts, seconds)
            reminder = [] if remind_at is None else [(REMIND, remind_at)]
            await self.add_all(db, game_id, stamp, [*reminder, (TIMEOUT, starts + seconds)])

        return step

    def claim_step(self, game_id: int, guild_id: int, stamp: float, asked_at: float) -> WithinTransaction:
        """Under the claim rule, once the claim was asked at ``asked_at``: ask again a turn's time later,
        and end the game on time when the server's grace after the deadline runs out (nobody claimed)."""

        async def step(db: Connection) -> None:
            settings, seconds = await self._turn_seconds(db, game_id, guild_id)
            ends_at = stamp + await game_shift(db, game_id) + seconds + settings.claim_grace_seconds
            again = [(CLAIM_AGAIN, asked_at + seconds)] if asked_at + seconds < ends_at else []
            await self.add_all(db, game_id, stamp, [*again, (UNCLAIMED, ends_at)])

        return step

    async def due_at(self, kind: str, game_id: int, stamp: float) -> float | None:
        """When the pending job ``kind`` of a game's turn is due, if there is one."""
        found = await self.storage.db.fetchrow(
            "SELECT due_at FROM jobs WHERE kind = ? AND game_id = ? AND stamp = ? AND done_at IS NULL",
            (kind, game_id, stamp),
        )
        return None if found is None else float(found[0])

    def challenge_step(
        self, guild_id: int, created_at: float, turn_seconds: int | None
    ) -> Callable[[Connection, int], Awaitable[None]]:
        """What the service runs when a challenge is stored: its deadline and its expiry."""

        async def step(db: Connection, game_id: int) -> None:
            if turn_seconds is not None:
                await self.storage.set_turn_seconds(db, game_id, turn_seconds)
            settings = await self.settings.get(guild_id)
            await self.add(db, EXPIRE, game_id, created_at, created_at + settings.challenge_seconds)

        return step

    # -- marking jobs done -------------------------------------------------------

    def done_step(self, job: Job) -> WithinTransaction:
        """Delete ``job`` inside the effect's transaction; rolls it back if another run got there first
        (or a move voided it): a done job keeps no row."""

        async def step(db: Connection) -> None:
            written = await db.execute("DELETE FROM jobs WHERE id = ? AND done_at IS NULL", (job.id,))
            if written != 1:
                raise JobAlreadyDone(job.id)

        return step

    async def claim(self, job: Job, also: Sequence[WithinTransaction] = ()) -> bool:
        """Mark ``job`` done now, with ``also`` in the same transaction; False if it was done already.

        For effects that cannot be rolled back.
        """
        try:
            async with self.storage.transaction() as db:
                await self.done_step(job)(db)
                for step in also:
                    await step(db)
        except JobAlreadyDone:
            return False
        return True

    # -- reading and running -----------------------------------------------------

    async def pending(self) -> list[Job]:
        found = await self.storage.db.fetch(
            "SELECT id, kind, game_id, stamp, due_at FROM jobs WHERE done_at IS NULL ORDER BY due_at, id"
        )
        return [Job(*row) for row in found]

    async def due(self) -> list[Job]:
        now = self.clock()
        return [job for job in await self.pending() if job.due_at <= now]

    async def lease_due(self) -> list[Job]:
        """Take the jobs due now that nobody holds, for LEASE_SECONDS: no other process runs them meanwhile.

        Rows another process is taking right now are passed over (``SKIP LOCKED``); a lease
        that ran out (its process died mid-job) is taken again.
        """
        now = self.clock()
        async with self.storage.transaction() as db:
            found = await db.fetch(
                "SELECT id, kind, game_id, stamp, due_at FROM jobs WHERE done_at IS NULL AND due_at <= ? "
                "AND (leased_until IS NULL OR leased_until <= ?) ORDER BY due_at, id "
                f"LIMIT ?{db.for_update_skip_locked}",
                (now, now, self.lease_batch),
            )
            jobs = [Job(*row) for row in found]
            leases = [(now + LEASE_SECONDS, job.id) for job in jobs]
            await db.executemany("UPDATE jobs SET leased_until = ? WHERE id = ?", leases)
        return jobs

    async def release(self, job: Job) -> None:
        """Give a leased job back at once (its handler failed: the next look tries again)."""
        async with self.storage.transaction() as db:
            await db.execute("UPDATE jobs SET leased_until = NULL WHERE id = ? AND done_at IS NULL", (job.id,))

    async def turn_seconds(self, game_id: int, guild_id: int, shift: float | None = None) -> float:
        """How long the game's current turn lasts, in seconds: its time per turn (its own, else its
        server's), plus the time its player was away during it (bot/away.py); ``shift``: that time, as
        the game just read says (None: read it)."""
        seconds = (await self._turn_seconds(self.storage.db, game_id, guild_id))[1]
        return seconds + (await game_shift(self.storage.db, game_id) if shift is None else shift)

    async def _turn_seconds(self, db: Connection, game_id: int, guild_id: int) -> tuple[GuildSettings, int]:
        settings = await self.settings.get(guild_id)
        own = await self.storage.game_turn_seconds(game_id, db)
        return settings, settings.turn_seconds if own is None else own

    async def run_due(self) -> int:
        """Run every job due now, oldest first; returns how many ran.  Safe to call concurrently."""
        async with self._running:
            # With several processes: every change committed before now is heard of first, so no job
            # runs with a setting another process changed before it started (bot/shared_cache.py).
            await self.storage.changes.caught_up(self.storage.db)
            ran, self._again = 0, True
            while self._again:
                self._again = False
                for job in await self.lease_due():
                    ran += await self._run(job)
                for sweep in self.sweeps:
                    ran += await sweep()
            return ran

    async def _run(self, job: Job) -> int:
        """Run one leased job through its handler; 1 if it ran, 0 if it waits or failed."""
        handler = self.handlers.get(job.kind)
        if handler is None:
            log.warning("no handler for %s jobs; job %s waits", job.kind, job.id)
            await self.release(job)
            return 0
        try:
            await handler(job)
        except Exception:
            # It stays pending and is retried on the next look; the other jobs still run.
            log.exception("%s job %s of game %s failed", job.kind, job.id, job.game_id)
            await self.release(job)
            return 0
        # A handler that found nothing to do still retires the job (void or handled).
        await self.claim(job)
        return 1

    async def next_due(self) -> float | None:
        """When the next job can run: its due time, or the end of the lease another process holds."""
        found = await self.storage.db.fetchrow(
            "SELECT MIN(CASE WHEN leased_until > due_at THEN leased_until ELSE due_at END) FROM jobs "
            "WHERE done_at IS NULL"
        )
        return None if found is None or found[0] is None else float(found[0])

    # -- the loop in the bot -------------------------------------------------------

    def start(self, ready: Callable[[], Awaitable[object]]) -> None:
        self._task = asyncio.create_task(self._loop(ready), name="agora-scheduler")

    def run_soon(self) -> None:
        """Look at the queue now rather than at the next poll: work just fell due (a tournament's next round).

        Safe to call inside a transaction: the run starts once the caller yields, and a job whose
        transaction was rolled back is simply not there.
        """
        if self._task is None or self._task.done():
            return
        if self._running.locked() or any(not soon.done() for soon in self._soon):
            self._again = True  # the run going on, or about to start, looks again
            return
        soon = asyncio.get_running_loop().create_task(self._run_logged(), name="agora-scheduler-soon")
        self._soon.add(soon)
        soon.add_done_callback(self._soon.discard)

    async def _run_logged(self) -> None:
        try:
            await self.run_due()
        except Exception:
            log.exception("a scheduled job failed")

    async def stop(self, grace: float = 5.0) -> None:
        """Stop the loop; a job running now may finish first (for ``grace`` seconds at most)."""
        if self._task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._running.acquire(), grace)
            for soon in list(self._soon):
                soon.cancel()
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            if self._running.locked():
                self._running.release()

    async def _loop(self, ready: Callable[[], Awaitable[object]]) -> None:
        await ready()
        while True:
            try:
                await self.run_due()
            except Exception:
                # A failed job stays pending and is retried on the next look.
                log.exception("a scheduled job failed")
            await self._sleep()

    async def _sleep(self) -> None:
        """Until the next job is due by the bot's clock, POLL_SECONDS at most (new jobs are seen then)."""
        upcoming = await self.next_due()
        wait = POLL_SECONDS if upcoming is None else min(POLL_SECONDS, upcoming - self.clock())
        await asyncio.sleep(max(wait, 1.0))
