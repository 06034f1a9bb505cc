"""A running bot stops cleanly on SIGTERM or Ctrl-C: the real process, against a fake Discord on 127.0.0.1."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from pathlib import Path

import pytest

from tests.live.fake_discord import FakeDiscordServer
from tests.live.process import TIMEOUT, finish, start
from tests.postgres_server import PostgresServer


async def said(stream: asyncio.StreamReader | None, words: str) -> list[str]:
    """The lines of ``stream`` up to the first one containing ``words``."""
    assert stream is not None
    lines: list[str] = []
    while not lines or words not in lines[-1]:
        line = await asyncio.wait_for(stream.readline(), TIMEOUT)
        assert line, f"the bot ended without saying {words!r}: {lines}"
        lines.append(line.decode())
    return lines


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_bot_cleanly(tmp_path: Path, signum: signal.Signals) -> None:
    async with FakeDiscordServer() as discord:
        process = await start(tmp_path, DISCORD_TOKEN=discord.token, AGORA_DISCORD_URL=discord.url)
        before = await said(process.stderr, "ready for games")
        assert discord.identified.is_set()
        process.send_signal(signum)
        ended = await finish(process)
        await asyncio.wait_for(discord.gateway_closed.wait(), TIMEOUT)
    log = "".join(before) + ended.err
    assert ended.code == 0, log
    assert "stopping: no new interactions; 0 in flight" in log and "stopped cleanly" in log
    assert "Traceback" not in log and "ERROR" not in log
    with sqlite3.connect(tmp_path / "agora.sqlite3") as db:
        # Closed properly: the write-ahead log was merged into the file, which another writer can take.
        assert not (tmp_path / "agora.sqlite3-wal").exists()
        db.execute("BEGIN IMMEDIATE")
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


async def test_a_process_runs_its_shards_on_postgresql_and_stops_cleanly(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    database = postgres_server.fresh_database(migrated=False)
    async with FakeDiscordServer() as discord:
        process = await start(
            tmp_path, DISCORD_TOKEN=discord.token, AGORA_DISCORD_URL=discord.url, AGORA_SHARDS="3-3/4",
            AGORA_DATABASE=database,
        )
        before = await said(process.stderr, "ready for games")
        assert discord.shards == [(3, 4)], "shard 3 of 4 identified, and only it"
        process.send_signal(signal.SIGTERM)
        ended = await finish(process)
    log = "".join(before) + ended.err
    assert ended.code == 0 and "stopped cleanly" in log, log
    assert "applying migration 001" in log, "the first process on a new database creates its tables"
    assert "Traceback" not in log and "ERROR" not in log
