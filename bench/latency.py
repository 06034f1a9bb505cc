"""Interaction latency through the offline Discord harness, with the real SQLite file.

Each sample is the time from the INTERACTION_CREATE payload reaching discord.py to
the bot's answer (callback) reaching the fake Discord: load, check, apply, save,
render and build the reply.  The harness lives in ``tests/``: run from the
repository root.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from bench.engines import percentile
from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def arkaios_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> list[float]:
    """One short game (openings 1 then 2); the delays of its board clicks."""
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    delays = []
    for player, pillar in ((alice, "c3=1"), (bob, "d4=2")):
        board = h.last_message(h.default_channel)
        level = pillar[-1]
        menu = next(c for c in board.components if c.type == 3 and f"level-{level}" in (c.placeholder or ""))
        built = await h.select(player, menu, values=[pillar])
        drafted: FakeMessage | None = built.message
        assert drafted is not None
        confirmed = await h.click(player, drafted.button(label="Confirm turn"))
        delays += [d for d in (built.response_delay, confirmed.response_delay) if d is not None]
    return delays


async def dragons_arena_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, turns: int = 6) -> list[float]:
    """The first turns of a BABY duel (pick a dragon, then a target or a new power); the delays of those clicks."""
    sent = await h.slash(alice, "dragons challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    delays = []
    for _ in range(turns):
        board = h.last_message(h.default_channel)
        picks = [b for b in board.buttons if not b.disabled and ":pick:" in (b.custom_id or "")]
        if not picks:
            break  # the duel is over
        player = alice if board.content.startswith(f"<@{alice.id}>") else bob
        picked = await h.click(player, picks[0])
        targets = [b for b in board.buttons if not b.disabled and ":play:" in (b.custom_id or "")]
        if targets:
            played = await h.click(player, targets[0])
        else:
            menu = next(s for s in board.selects if "New power" in (s.placeholder or ""))
            played = await h.select(player, menu, values=[menu.values[0]])
        delays += [d for d in (picked.response_delay, played.response_delay) if d is not None]
    return delays


async def print_latency(quick: bool = False) -> None:
    games = 10 if quick else 40
    with tempfile.TemporaryDirectory() as folder:
        h = FakeDiscord(spec=None)
        alice, bob = h.user("alice"), h.user("bob")
        await h.start(AgoraBot(str(Path(folder) / "bench.sqlite3")))
        delays: list[float] = []
        dragons: list[float] = []
        try:
            for _ in range(games):
                delays += await arkaios_game(h, alice, bob)
                dragons += await dragons_arena_game(h, alice, bob)
        finally:
            await h.stop()
    ms = [d * 1000 for d in delays]
    print()
    print("| interaction (harness, SQLite file) | samples | median | p99 |")
    print("|---|---|---|---|")
    print(f"| Arkaios move (select or confirm) | {len(ms)} | {statistics.median(ms):.1f} ms | "
          f"{percentile(ms, 0.99):.1f} ms |")
    ms = [d * 1000 for d in dragons]
    print(f"| Dragons Arena click (pick, target or power) | {len(ms)} | {statistics.median(ms):.1f} ms | "
          f"{percentile(ms, 0.99):.1f} ms |")
