"""Several OS processes on one PostgreSQL database: the same games and the same due jobs, one process SIGKILLed.

No move is lost or doubled (each accepted move is stored once, at the ply it was accepted
at, and every game replays to its stored state) and every due job fires exactly once,
those the killed process held included, once their lease is over.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from bot.check import replay_damages, stored_games
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.storage import Storage
from tests.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
PLAYED, WAITING = 4, 8  # games played by the processes; games whose turn jobs fall due
DAY = 86400.0
KILL_AT = 20  # moves made in all when the doomed process is SIGKILLed, far from the games' end
TIMEOUT = 120.0

Move = tuple[int, int, str]


async def prepared(url: str, now: float) -> tuple[list[int], set[int]]:
    """The games to play, and the ids of the jobs due at ``now + 10 days``."""
    storage = Storage(url)
    await storage.open()
    try:
        async with storage.transaction() as db:
            await db.execute("CREATE TABLE fired (job_id BIGINT NOT NULL, pid BIGINT NOT NULL)")
        plain = GameService(storage, clock=lambda: now)
        played = [await duel(plain) for _ in range(PLAYED)]
        scheduled = GameService(storage, clock=lambda: now)
        scheduler = Scheduler(storage, clock=lambda: now)
        scheduled.on_turn, scheduled.on_challenge = scheduler.turn_step, scheduler.challenge_step
        for _ in range(WAITING):
            await duel(scheduled)
        jobs = {job.id for job in await scheduler.pending()}
    finally:
        await storage.close()
    return played, jobs


async def duel(service: GameService) -> int:
    record = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=10, invited=[11])
    await service.accept(record.id, 11)
    return record.id


async def worker(url: str, clock: float, games: list[int]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.live.shared_worker", url, str(clock), *map(str, games),
        cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )


async def start_together(processes: list[asyncio.subprocess.Process]) -> None:
    """Wait until every process is connected, then let them all play at once."""
    for process in processes:
        assert process.stdout is not None and process.stdin is not None
        line = (await process.stdout.readline()).decode().strip()
        assert line == "ready", f"a worker did not start: {line!r}"
    for process in processes:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        await process.stdin.drain()


async def reported_lines(
    process: asyncio.subprocess.Process, lines: list[str], total: Callable[[], int], enough: asyncio.Event
) -> None:
    """Every line the process prints, into ``lines``; ``enough`` is set once all processes made KILL_AT moves."""
    assert process.stdout is not None
    async for raw in process.stdout:
        lines.append(raw.decode())
        if total() >= KILL_AT:
            enough.set()


Process = asyncio.subprocess.Process


async def play_and_kill(doomed: Process, survivors: list[Process]) -> list[list[str]]:
    """Let every process play; SIGKILL ``doomed`` once KILL_AT moves were made in all; the lines each printed."""
    processes = [doomed, *survivors]
    printed: list[list[str]] = [[] for _ in processes]
    enough = asyncio.Event()

    def total() -> int:
        return sum(len(parsed(line)) for lines in printed for line in lines)

    pairs = zip(processes, printed, strict=True)
    readers = [asyncio.create_task(reported_lines(process, lines, total, enough)) for process, lines in pairs]
    await enough.wait()
    doomed.send_signal(signal.SIGKILL)
    await asyncio.gather(*readers)
    for process in processes:
        await process.wait()
    assert doomed.returncode == -signal.SIGKILL, "the doomed process was still playing when it was killed"
    for survivor, lines in zip(survivors, printed[1:], strict=True):
        assert survivor.stderr is not None
        assert survivor.returncode == 0, (await survivor.stderr.read()).decode()
        assert lines[-1].strip() == "done"
    return printed


def parsed(line: str) -> list[Move]:
    words = line.split()
    return [(int(words[1]), int(words[2]), words[3])] if words and words[0] == "move" else []


async def test_processes_share_games_and_jobs_with_one_killed_mid_play(postgres_server: PostgresServer) -> None:
    url = postgres_server.fresh_database()
    now = time.time()
    played, due_jobs = await prepared(url, now)
    later = now + 10 * DAY
    survivors = [await worker(url, later, played) for _ in range(2)]
    doomed = await worker(url, later, played)
    await asyncio.wait_for(start_together([doomed, *survivors]), TIMEOUT)
    printed = await asyncio.wait_for(play_and_kill(doomed, survivors), TIMEOUT)
    accepted = [move for lines in printed for line in lines for move in parsed(line)]

    storage = Storage(url)
    await storage.open()
    try:
        stored_logs = await stored_games(storage.db)
        fired = await storage.db.fetch("SELECT job_id, pid FROM fired")
        pending = await storage.db.fetch("SELECT id FROM jobs WHERE done_at IS NULL AND due_at <= ?", (later,))
    finally:
        await storage.close()

    stored = {(game_id, m.ply, m.notation) for game_id, _, moves in stored_logs for m in moves if game_id in played}
    doubled = [key for key, times in Counter((g, ply) for g, ply, _ in accepted).items() if times > 1]
    assert doubled == [], "two processes were told the same ply was theirs"
    assert set(accepted) <= stored, "a move a process was told it made is not stored"
    assert len(stored - set(accepted)) <= 1, "only the killed process's last move may be stored unreported"
    assert replay_damages(stored_logs)[1] == [], "every game replays to its stored state"

    assert sorted(row[0] for row in fired) == sorted(due_jobs), "every due job fired exactly once"
    assert pending == [], "nothing due is left"
