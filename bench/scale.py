"""``python -m bench scale``: a fleet of bot processes on one PostgreSQL server the bench starts and stops.

The server runs from the installed binaries in a temporary folder, on a Unix socket only (no TCP
port), and is stopped whatever happens; every worker is waited for a bounded time.  For each fleet
size (``--processes``, default 2 4 8):

- **reach**: one process changes a server's setting every ``--interval`` seconds (``--changes``
  times); every other process reads it (as a job or a board would, through its ``SettingsStore``)
  every few milliseconds.  A change's reach is the time from the start of its write to the moment
  the slowest other process reads it; halfway through, PostgreSQL cuts every process's listening
  connection (``pg_terminate_backend``), and the changes made until they listen again count too.
- **jobs**: ``--jobs`` jobs fall due over ``--seconds`` seconds, run by whichever process is free,
  while one process changes the setting every second.  Each job notes the setting it used; it is
  stale when a newer value was committed before the run that took the job started.

Then the moves of ``python -m bench load`` on a fresh database of the same server with 1 and each
fleet size (``--games``, ``--in-flight`` shared out, ``--move-seconds``): moves per second, the new
board's median and p99, round trips per move and the database's own share of a move's time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bench.engines import percentile
from bench.load import GAME_ORDER, HEADER, go_together, in_processes, report
from bot.scheduler import Job, Scheduler
from bot.service import GameService
from bot.settings import SettingsStore
from bot.shared_cache import APPLICATION_NAME
from bot.storage import Storage

GUILD = 1
# The setting changed: turn_seconds, BASE_SECONDS plus the change's number (above the default of a day,
# so that the value read before the first change is below every change's).
BASE_SECONDS = 2 * 86_400
POLL = 0.005  # seconds between two reads of the setting by a watching process
WORKER_WAIT = 600.0  # the longest a worker may run before the bench gives up on it
KIND = "bench"
CUT = f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '{APPLICATION_NAME}'"


@contextmanager
def server() -> Iterator[Any]:
    """A temporary PostgreSQL server (Unix socket only), stopped whatever happens."""
    from tests.postgres_server import PostgresServer

    started = PostgresServer()
    started.start()
    try:
        yield started
    finally:
        started.stop()


# -- the workers ------------------------------------------------------------------------------


async def opened(url: str) -> tuple[Storage, SettingsStore]:
    storage = Storage(url)
    await storage.open()
    return storage, SettingsStore(storage)


def say(value: Any) -> None:
    print(json.dumps(value), flush=True)


async def wait_for_go() -> None:
    say("ready")
    await asyncio.to_thread(sys.stdin.readline)


async def change(storage: Storage, settings: SettingsStore, number: int, cut: bool = False) -> tuple[int, float, float]:
    """Write change ``number`` (after cutting every listening connection, with ``cut``): its value, when
    its write started and when it was committed."""
    if cut:
        await storage.db.fetch(CUT)
    started = time.time()
    await settings.update(GUILD, turn_seconds=BASE_SECONDS + number)
    return BASE_SECONDS + number, started, time.time()


async def reach_worker(url: str, index: int, changes: int, interval: float) -> None:
    """Process 0 changes the setting; the others note when they first read each value."""
    storage, settings = await opened(url)
    await settings.get(GUILD)
    await wait_for_go()
    final = BASE_SECONDS + changes
    if index == 0:
        written = []
        for number in range(1, changes + 1):
            written.append(await change(storage, settings, number, cut=number == changes // 2 + 1))
            await asyncio.sleep(interval)
        say(written)
    else:
        seen: dict[int, float] = {}
        deadline = time.time() + changes * interval + 30
        while final not in seen and time.time() < deadline:
            value = (await settings.get(GUILD)).turn_seconds
            seen.setdefault(value, time.time())
            await asyncio.sleep(POLL)
        say(sorted(seen.items()))
    await storage.close()


async def jobs_worker(url: str, index: int, seconds: float) -> None:
    """Run the due jobs as they fall due; process 0 also changes the setting every second."""
    storage, settings = await opened(url)
    scheduler = Scheduler(storage, settings=settings)
    scheduler.lease_batch = 5
    run_started = [0.0]

    async def run(job: Job) -> None:
        used = (await settings.get(GUILD)).turn_seconds
        async with storage.transaction() as db:
            await db.execute("INSERT INTO bench_runs (job_id, pid, used, run_started) VALUES (?, ?, ?, ?)",
                             (job.id, os.getpid(), used, run_started[0]))  # fmt: skip
            await scheduler.done_step(job)(db)

    scheduler.handlers[KIND] = run
    await wait_for_go()
    end, written, number, next_change = time.time() + seconds + 2, [], 0, time.time()
    while time.time() < end:
        if index == 0 and time.time() >= next_change:
            number += 1
            written.append(await change(storage, settings, number))
            next_change += 1.0
        run_started[0] = time.time()
        await scheduler.run_due()
        await asyncio.sleep(0.01)
    say(written)
    await storage.close()


# -- the parent -------------------------------------------------------------------------------


def fleet(args: list[str], size: int) -> list[Any]:
    """``size`` workers of ``python -m bench scale --worker …``, started together; what each said last."""
    command = [sys.executable, "-m", "bench", "scale", "--worker", *args]
    workers = [subprocess.Popen([*command, "--index", str(i)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True) for i in range(size)]  # fmt: skip
    try:
        for worker in workers:
            assert worker.stdout is not None
            if json.loads(worker.stdout.readline() or "null") != "ready":
                raise SystemExit("a scale worker did not start")
        said = []
        go_together(workers)
        for worker in workers:
            out, _ = worker.communicate(timeout=WORKER_WAIT)
            if worker.returncode != 0:
                raise SystemExit(f"a scale worker failed (exit code {worker.returncode})")
            said.append(json.loads(out.strip().splitlines()[-1]))
        return said
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()


def reach(url: str, size: int, changes: int, interval: float) -> tuple[list[float], list[float]]:
    """Each change's reach (seconds to the slowest other process): before the cut, and from the cut on."""
    said = fleet(["reach", url, "--changes", str(changes), "--interval", str(interval)], size)
    written, watchers = said[0], [dict(seen) for seen in said[1:]]
    before: list[float] = []
    after: list[float] = []
    for value, started, _ in written:
        reached = [min((at for seen_value, at in seen.items() if int(seen_value) >= value), default=None)
                   for seen in watchers]  # fmt: skip
        if any(at is None for at in reached):
            raise SystemExit(f"a process never read change {value}")
        lag = max(at for at in reached if at is not None) - started
        (after if value - BASE_SECONDS > changes // 2 else before).append(lag)
    return before, after


async def prepared_jobs(url: str, jobs: int, seconds: float) -> None:
    storage = Storage(url)
    await storage.open()
    try:
        async with storage.transaction() as db:
            await db.execute("CREATE TABLE bench_runs (job_id BIGINT PRIMARY KEY, pid BIGINT NOT NULL, "
                             "used BIGINT NOT NULL, run_started DOUBLE PRECISION NOT NULL)")  # fmt: skip
        # Any game: the jobs only need one to belong to.
        record = await GameService(storage).start_game(GAME_ORDER[0], guild_id=GUILD, channel_id=2, seats=[10, 11])
        start = time.time() + 3  # the workers start meanwhile
        async with storage.transaction() as db:
            await db.executemany(
                "INSERT INTO jobs (kind, game_id, stamp, due_at, created_at) VALUES (?, ?, ?, ?, ?)",
                [(KIND, record.id, float(i), start + i * seconds / jobs, start) for i in range(jobs)],
            )
    finally:
        await storage.close()


async def job_runs(url: str) -> list[tuple[int, int, float]]:
    storage = Storage(url)
    await storage.open()
    try:
        return [(int(r[0]), int(r[1]), float(r[2])) for r in await storage.db.fetch(
            "SELECT pid, used, run_started FROM bench_runs")]  # fmt: skip
    finally:
        await storage.close()


def stale_jobs(url: str, size: int, jobs: int, seconds: float) -> tuple[int, int, int]:
    """Jobs run, those run with a stale setting, and the processes that ran some."""
    asyncio.run(prepared_jobs(url, jobs, seconds))
    written = fleet(["jobs", url, "--seconds", str(seconds)], size)[0]
    runs = asyncio.run(job_runs(url))
    stale = 0
    for _, used, run_started in runs:
        committed = [value for value, _, done in written if done < run_started]
        stale += bool(committed) and used < max(committed)
    return len(runs), stale, len({pid for pid, _, _ in runs})


def ms(values: list[float], q: float) -> str:
    return f"{1000 * percentile(values, q):.0f}" if values else "-"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[2, 4, 8], help="fleet sizes (default 2 4 8)")
    parser.add_argument("--changes", type=int, default=40, help="setting changes measured for reach (default 40)")
    parser.add_argument("--interval", type=float, default=0.25, help="seconds between two changes (default 0.25)")
    parser.add_argument("--jobs", type=int, default=1000, help="jobs run while settings change (default 1,000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="over how long the jobs fall due (default 20)")
    parser.add_argument("--games", type=int, default=200, help="games for the moves (default 200)")
    parser.add_argument("--in-flight", type=int, default=20, help="moves in flight, shared out (default 20)")
    parser.add_argument("--move-seconds", type=float, default=30.0, help="how long to move (default 30)")
    parser.add_argument("--worker", nargs=2, metavar=("PART", "URL"), help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        logging.getLogger("agora").setLevel(logging.ERROR)  # a cut listener says so: expected here
        part, url = args.worker
        work = reach_worker(url, args.index, args.changes, args.interval) if part == "reach" \
            else jobs_worker(url, args.index, args.seconds)
        asyncio.run(work)
        return
    with server() as postgres:
        print("| processes | reach p50 / p99 | reach p50 / p99 after cutting every listener | jobs run | stale "
              "| processes that ran jobs |\n|---|---|---|---|---|---|")
        for size in args.processes:
            before, after = reach(postgres.fresh_database(), size, args.changes, args.interval)
            ran, stale, runners = stale_jobs(postgres.fresh_database(), size, args.jobs, args.seconds)
            print(f"| {size} | {ms(before, 0.5)} / {ms(before, 0.99)} ms | {ms(after, 0.5)} / {ms(after, 0.99)} ms "
                  f"| {ran:,} | {stale} | {runners} |", flush=True)
        print("\n" + HEADER)
        for size in [1, *args.processes]:
            moves = argparse.Namespace(processes=size, games=args.games, in_flight=args.in_flight,
                                       seconds=args.move_seconds, render_workers=0)  # fmt: skip
            samples, grown = in_processes(moves, postgres.fresh_database())
            print(report(samples, grown, moves, "PostgreSQL"), flush=True)
