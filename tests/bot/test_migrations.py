"""Migrations: the same numbers for both databases; a new database opened by several processes is migrated once."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from bot.database import execute_unlocked, migrations
from bot.storage import Storage

OPEN = "import asyncio, sys\nfrom bot.storage import Storage\nasyncio.run(Storage(sys.argv[1]).open())"
PROCESSES = 6


def test_both_databases_have_the_same_numbered_migrations() -> None:
    """The same numbers on both, each once. Numbers may leave gaps (features built side by side take numbers
    apart): each is applied once by its own number, so one that fills a gap later is applied then too."""
    sqlite = [version for version, _ in migrations("sqlite")]
    assert [version for version, _ in migrations("postgresql")] == sqlite
    assert sqlite[:20] == list(range(1, 21)) and len(set(sqlite)) == len(sqlite)


async def test_several_processes_open_one_new_database_at_once(empty_database: str) -> None:
    database = empty_database
    started = [
        subprocess.Popen([sys.executable, "-c", OPEN, database], stderr=subprocess.PIPE, text=True)
        for _ in range(PROCESSES)
    ]
    for process in started:
        _, errors = process.communicate(timeout=60)
        assert process.returncode == 0, errors
    storage = Storage(database)
    await storage.open()
    applied = [row[0] for row in await storage.db.fetch("SELECT version FROM schema_migrations ORDER BY version")]
    await storage.close()
    assert applied == [version for version, _ in migrations(storage.dialect)]


async def test_opening_twice_and_reopening_keeps_the_schema(database: str) -> None:
    storage = Storage(database)
    await storage.open()
    await storage.open()
    await storage.close()
    await storage.open()
    found = await storage.db.fetchrow("SELECT COUNT(*) FROM schema_migrations")
    await storage.close()
    assert found is not None and found[0] == len(migrations(storage.dialect))


async def test_a_write_refused_as_locked_is_tried_again_until_the_lock_is_free(tmp_path: Path) -> None:
    path = str(tmp_path / "locked.sqlite3")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    waiting = await aiosqlite.connect(path, isolation_level=None)
    await waiting.execute("PRAGMA busy_timeout=0")  # refused at once, as a busy file can be
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        await waiting.execute("BEGIN IMMEDIATE")
    asyncio.get_running_loop().call_later(0.2, holder.execute, "COMMIT")
    await execute_unlocked(waiting, "BEGIN IMMEDIATE")
    await waiting.execute("COMMIT")
    await waiting.close()
    holder.close()


async def test_a_move_finds_its_games_jobs_by_index(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "plan.sqlite3")
    await storage.open()
    plan = await storage.db.fetch("EXPLAIN QUERY PLAN DELETE FROM jobs WHERE game_id = ? AND done_at IS NULL", (1,))
    await storage.close()
    assert [row[3] for row in plan] == ["SEARCH jobs USING INDEX jobs_by_game (game_id=?)"]
