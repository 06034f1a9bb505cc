"""One bot-like process on a shared database, for the tests of several processes at once.

``python -m tests.live.shared_worker URL CLOCK GAME_ID…`` plays random legal moves in the
given games (each move checked against the version it read, as a click is) and runs
the scheduler's due jobs, a few at a time, until every game is over or long enough.  A
job's effect is a row of ``fired`` written in the job's own transaction.  Each move the
database accepted is printed as ``move GAME PLY NOTATION`` once committed; then it runs
the jobs again once the leases of a dead process would be over, and prints ``done``.

It prints ``ready`` once connected and waits for a line on its standard input before its
first move, so that the test starts every process's play at once: a process slow to start
would otherwise find the games already over.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys

from bot.scheduler import EXPIRE, LEASE_SECONDS, REMIND, TIMEOUT, Job, Scheduler
from bot.service import GameService, ServiceError
from bot.storage import Storage

MOST_PLIES = 24  # per game: enough for the processes to meet often, short enough to stay quick
JOBS_PER_LOOK = 2


async def fire(storage: Storage, scheduler: Scheduler, job: Job) -> None:
    async with storage.transaction() as db:
        await db.execute("INSERT INTO fired (job_id, pid) VALUES (?, ?)", (job.id, os.getpid()))
        await scheduler.done_step(job)(db)


async def one_move(service: GameService, game_id: int, rng: random.Random) -> bool:
    """Try one move in ``game_id``; False once the game is over or long enough."""
    record = await service.load(game_id)
    # Counted after the load: when the move below is accepted, nobody moved since the load.
    before = await service.storage.move_count(game_id)
    state = record.state
    if state is None or state.outcome is not None or before >= MOST_PLIES:
        return False
    seat = state.actors[0]
    move = str(rng.choice(state.legal_moves(seat)))
    try:
        await service.play(game_id, record.user_at(seat), [move], version=record.row.version)
    except ServiceError:
        return True  # another process moved first: read the game again
    print(f"move {game_id} {before + 1} {move}", flush=True)
    return True


async def main(url: str, clock: float, games: list[int]) -> None:
    storage = Storage(url)
    await storage.open()
    service = GameService(storage, clock=lambda: clock)
    scheduler = Scheduler(storage, clock=lambda: clock)
    scheduler.lease_batch = JOBS_PER_LOOK
    service.on_turn = scheduler.turn_step
    for kind in (REMIND, TIMEOUT, EXPIRE):
        scheduler.handlers[kind] = lambda job: fire(storage, scheduler, job)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    rng = random.Random(os.getpid())
    playing = list(games)
    while playing:
        playing = [game_id for game_id in playing if await one_move(service, game_id, rng)]
        await scheduler.run_due()
    clock += LEASE_SECONDS
    while await scheduler.run_due():
        pass
    await storage.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), [int(game) for game in sys.argv[3:]]))
