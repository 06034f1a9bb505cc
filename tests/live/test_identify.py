"""Processes started together identify their shards in turn: one per rate-limit bucket each 5 seconds.

Two real ``python -m bot`` processes on one PostgreSQL database, started at once against a fake
Discord that gives two buckets (``max_concurrency`` 2): shards 0 and 2 share bucket 0, shards 1 and
3 bucket 1.  Each process alone would identify its first shard at once; the bucket's advisory lock
makes the second process's shard of the same bucket wait out the first one's window.
"""

from __future__ import annotations

import signal
from collections import defaultdict
from pathlib import Path

from bot.identify import IDENTIFY_SECONDS, bucket
from tests.live.fake_discord import FakeDiscordServer
from tests.live.process import finish, start
from tests.live.test_shutdown import said
from tests.postgres_server import PostgresServer

BUCKETS = 2
# The fake's clock stamps an IDENTIFY when it arrives, a moment after the lock let it go.
ARRIVAL_JITTER = 0.25


async def test_shards_of_one_bucket_identify_five_seconds_apart_across_processes(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    database = postgres_server.fresh_database()
    async with FakeDiscordServer(max_concurrency=BUCKETS) as discord:
        variables = {"DISCORD_TOKEN": discord.token, "AGORA_DISCORD_URL": discord.url, "AGORA_DATABASE": database}
        processes = [await start(tmp_path, AGORA_SHARDS=shards, **variables) for shards in ("0-1/4", "2-3/4")]
        for process in processes:
            await said(process.stderr, "ready for games")
        for process in processes:
            process.send_signal(signal.SIGTERM)
        ended = [await finish(process) for process in processes]
    assert [end.code for end in ended] == [0, 0], [end.err[-2000:] for end in ended]
    assert sorted(shard for shard, _ in discord.shards) == [0, 1, 2, 3], "every shard identified once"
    times: defaultdict[int, list[float]] = defaultdict(list)
    for (shard, _), at in zip(discord.shards, discord.identified_at, strict=True):
        times[bucket(shard, BUCKETS)].append(at)
    for at in times.values():
        assert len(at) == 2 and abs(at[1] - at[0]) >= IDENTIFY_SECONDS - ARRIVAL_JITTER, times
