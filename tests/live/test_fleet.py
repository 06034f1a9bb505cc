"""Several bot processes on one PostgreSQL database see one truth (bot/shared_cache.py).

Each process is an OS process running the real bot against the offline Discord
(tests/live/fleet_worker.py), all on the same server as the fleet shares it out: a setting changed
through one process is what a job run by another uses, a notice missed while a process's listening
connection was down is healed when it listens again, and a command in DMs (which Discord sends to
shard 0's process only) serves a game another process started, with that server's current settings.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
CLOCK = 1_800_000_000.0
DAY = 86_400
TIMEOUT = 60.0
CLAIM_WORDS = "claim the win, or keep waiting"  # the claim rule's question (catalogue key claim_prompt)


class BotProcess:
    """One bot process of the fleet, driven by the commands of tests/live/fleet_worker.py."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    async def ask(self, line: str) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()
        answer = await asyncio.wait_for(self.process.stdout.readline(), TIMEOUT)
        if not answer:
            raise AssertionError(f"the bot process failed on {line!r}: {await self.errors()}")
        return json.loads(answer)

    async def errors(self) -> str:
        assert self.process.stderr is not None
        return (await self.process.stderr.read()).decode()[-3000:]

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"\n")  # an empty line: the worker stops its bot and exits
        await self.process.stdin.drain()
        code = await asyncio.wait_for(self.process.wait(), TIMEOUT)
        assert code == 0, await self.errors()


@asynccontextmanager
async def fleet(url: str, size: int) -> AsyncIterator[list[BotProcess]]:
    """``size`` bot processes on the database at ``url``, each connected and listening."""
    started = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.live.fleet_worker", url, str(CLOCK), str(index), cwd=ROOT,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        for index in range(size)
    ]  # fmt: skip
    processes = [BotProcess(process) for process in started]
    try:
        for process in started:
            assert process.stdout is not None
            line = await asyncio.wait_for(process.stdout.readline(), TIMEOUT)
            assert line.strip() == b"ready", await BotProcess(process).errors()
        yield processes
        for bot in processes:
            await bot.stop()
    finally:
        for process in started:
            if process.returncode is None:
                process.kill()
                await process.wait()


async def test_a_setting_changed_in_one_process_is_used_by_a_time_out_run_by_another(
    postgres_server: PostgresServer,
) -> None:
    async with fleet(postgres_server.fresh_database(), 2) as (admin, runner):
        await runner.ask("game")  # the runner has read the server's settings: forfeit on time-out
        saved = await admin.ask('settings {"timeout_rule": "claim"}')
        assert "Settings saved" in saved, saved
        await runner.ask(f"advance {DAY + 60}")
        posted = await runner.ask("run_due")
        assert any(CLAIM_WORDS in said for said in posted), f"the time-out asks for a claim: {posted}"
        assert not any("lost on time" in said.lower() for said in posted), "nobody forfeits under the claim rule"


async def test_a_change_made_while_a_process_was_not_listening_is_seen_once_it_listens_again(
    postgres_server: PostgresServer,
) -> None:
    async with fleet(postgres_server.fresh_database(), 2) as (admin, runner):
        await runner.ask("game")
        await runner.ask("drop_listener")
        await admin.ask('settings {"timeout_rule": "claim"}')
        await runner.ask("listening")
        await runner.ask(f"advance {DAY + 60}")
        posted = await runner.ask("run_due")
        assert any(CLAIM_WORDS in said for said in posted), f"the time-out asks for a claim: {posted}"


async def test_a_command_in_dms_on_shard_zero_serves_a_game_of_another_shard_with_its_settings(
    postgres_server: PostgresServer,
) -> None:
    async with fleet(postgres_server.fresh_database(), 2) as (shard_zero, other_shard):
        game = await other_shard.ask("game")
        listed = await shard_zero.ask('dm alice games {}')
        assert f"#{game} Dragons Arena" in listed and "1d left" in listed, listed
        await other_shard.ask('settings {"deadline": "3d"}')
        listed = await shard_zero.ask('dm alice games {}')
        assert "3d left" in listed, f"the other shard's new deadline is shown at once: {listed}"
        await shard_zero.ask('dm alice away {"days": 1}')  # shard zero has read the server's language: English
        await shard_zero.ask('dm alice away {"off": true}')
        await other_shard.ask('settings {"language": "fr"}')
        away = await shard_zero.ask('dm alice away {"days": 2}')
        told = f"dans la partie n°{game}, ses tours attendent"
        assert told in away, f"the table is told in its server's language: {away}"
