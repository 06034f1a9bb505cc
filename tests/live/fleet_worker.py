"""One bot process of a fleet on a shared PostgreSQL database, driven line by line by tests/live/test_fleet.py.

``python -m tests.live.fleet_worker URL CLOCK INDEX`` starts an AgoraBot on the database at ``URL``,
its clock at ``CLOCK``, against the offline Discord of tests/harness, prints ``ready``, then runs one
command per line of its standard input and prints one JSON line for each:

- ``settings {"timeout_rule": "claim"}``: the server's owner runs ``/agora settings`` with these options;
- ``game``: a Dragons Arena game between alice and bob starts in the first channel, its board posted;
- ``advance SECONDS``: the bot's clock moves on;
- ``run_due``: the scheduler runs what is due; prints what the bot posted in the first channel meanwhile;
- ``dm USER COMMAND {options}``: USER runs a slash command in their DMs with the bot;
- ``drop_listener``: PostgreSQL ends the connection this process hears change notices on;
- ``listening``: waits until this process hears change notices again; prints how long it waited.

Every process builds the same server (the same ids for the server, its channels and members: one
server of the fleet as each process sees it), then numbers its own messages in a range of its own.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from bot.app import AgoraBot
from cogs.common import game_cog
from tests.harness import FakeDiscord, FakeUser
from tests.harness.model import SnowflakeFactory

FIRST_ID = 1_300_000_000_000_000_000  # a snowflake of 2025, the same in every process
OWN_RANGE = 10**12  # the ids each process gives its own messages start INDEX ranges further


def same_ids_everywhere() -> None:
    """Snowflakes counted from FIRST_ID rather than taken from the clock: the same world in every process."""

    def next_id(factory: SnowflakeFactory) -> int:
        factory._last = max(factory._last, FIRST_ID) + 1
        return factory._last

    SnowflakeFactory.__call__ = next_id  # type: ignore[method-assign]


class Worker:
    def __init__(self, url: str, clock: float, index: int) -> None:
        self.now = clock
        self.index = index
        self.h = FakeDiscord(spec=None)
        self.players = [self.h.user("alice"), self.h.user("bob")]
        self.h.guild.new_id._last += index * OWN_RANGE
        self.bot = AgoraBot(url, clock=lambda: self.now)

    @property
    def channel(self) -> Any:
        return self.h.default_channel

    def user(self, name: str) -> FakeUser:
        return next(player for player in self.players if player.name == name)

    async def run(self, line: str) -> Any:
        command, _, rest = line.partition(" ")
        if command == "settings":
            return (await self.h.slash(self.h.owner, "agora settings", **json.loads(rest))).text
        if command == "game":
            seats = [player.id for player in self.players]
            record = await self.bot.service.start_game("dragons_arena", guild_id=self.h.guild.id,
                                                       channel_id=self.channel.id, seats=seats)  # fmt: skip
            await game_cog(self.bot, "dragons_arena").post_board(None, record)
            await self.h.settle()
            return record.id
        if command == "advance":
            self.now += float(rest)
            return self.now
        if command == "run_due":
            return await self.posted_while(self.bot.scheduler.run_due())
        if command == "dm":
            name, slash, options = rest.split(" ", 2)
            user = self.user(name)
            answer = await self.h.slash(user, slash, in_channel=self.h.guild.dm_channel(user), **json.loads(options))
            return answer.text
        if command == "drop_listener":
            listener = self.bot.storage._listener
            assert listener is not None and listener.connection is not None
            pid = listener.connection.get_server_pid()
            await self.bot.storage.db.fetchrow("SELECT pg_terminate_backend(?)", (pid,))
            return pid
        if command == "listening":
            started = time.perf_counter()
            while not self.bot.storage.changes.live:
                await asyncio.sleep(0.01)
            return time.perf_counter() - started
        raise ValueError(f"unknown command {line!r}")

    async def posted_while(self, work: Any) -> list[str]:
        """What the bot posted in the first channel while ``work`` ran, and settled."""
        before = len(self.channel.messages)
        await work
        await self.h.settle()
        return [message.text for message in self.channel.messages[before:]]


async def main(url: str, clock: float, index: int) -> None:
    same_ids_everywhere()
    worker = Worker(url, clock, index)
    await worker.h.start(worker.bot)
    print("ready", flush=True)
    try:
        while line := (await asyncio.to_thread(sys.stdin.readline)).strip():
            print(json.dumps(await worker.run(line)), flush=True)
    finally:
        await worker.h.stop()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), int(sys.argv[3])))
