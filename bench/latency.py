"""Interaction latency through the offline Discord harness, with the real SQLite file.

Two times per click: the acknowledgement, from the INTERACTION_CREATE payload reaching
discord.py to the bot's callback reaching the fake Discord (a click is deferred before
its game is loaded); and the answer shown, until the bot has done everything the click
asked (load, check, apply, save, render, the board edited or posted).  The harness lives
in ``tests/``: run from the repository root.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

from bench.engines import percentile
from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser, InteractionResult

Sample = tuple[float, float]  # seconds to the acknowledgement, and to the answer shown


async def timed(click: Awaitable[InteractionResult], samples: list[Sample]) -> InteractionResult:
    """Await a click, keeping its acknowledgement and the time until everything it did was done."""
    started = time.perf_counter()
    result = await click
    if result.response_delay is not None:
        samples.append((result.response_delay, time.perf_counter() - started))
    return result


async def arkaios_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> list[Sample]:
    """One short game (openings 1 then 2); the delays of its board clicks."""
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    delays: list[Sample] = []
    for player, pillar in ((alice, "c3=1"), (bob, "d4=2")):
        board = h.last_message(h.default_channel)
        level = pillar[-1]
        menu = next(c for c in board.components if c.type == 3 and f"level-{level}" in (c.placeholder or ""))
        built = await timed(h.select(player, menu, values=[pillar]), delays)
        drafted: FakeMessage | None = built.message
        assert drafted is not None
        await timed(h.click(player, drafted.button(label="Confirm turn")), delays)
    return delays


async def dragons_arena_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, turns: int = 6) -> list[Sample]:
    """The first turns of a BABY duel (pick a dragon, then a target or a new power); the delays of those clicks."""
    sent = await h.slash(alice, "dragons challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    delays: list[Sample] = []
    for _ in range(turns):
        board = h.last_message(h.default_channel)
        picks = [b for b in board.buttons if not b.disabled and ":pick:" in (b.custom_id or "")]
        if not picks:
            break  # the duel is over
        player = alice if board.content.startswith(f"<@{alice.id}>") else bob
        await timed(h.click(player, picks[0]), delays)
        targets = [b for b in board.buttons if not b.disabled and ":play:" in (b.custom_id or "")]
        if targets:
            await timed(h.click(player, targets[0]), delays)
        else:
            menu = next(s for s in board.selects if "New power" in (s.placeholder or ""))
            await timed(h.select(player, menu, values=[menu.values[0]]), delays)
    return delays


async def print_latency(quick: bool = False) -> None:
    games = 10 if quick else 40
    with tempfile.TemporaryDirectory() as folder:
        h = FakeDiscord(spec=None)
        alice, bob = h.user("alice"), h.user("bob")
        await h.start(AgoraBot(str(Path(folder) / "bench.sqlite3")))
        delays: list[Sample] = []
        dragons: list[Sample] = []
        try:
            for _ in range(games):
                delays += await arkaios_game(h, alice, bob)
                dragons += await dragons_arena_game(h, alice, bob)
        finally:
            await h.stop()
    print()
    print("| interaction (harness, SQLite file) | samples | acknowledgement median / p99 | answer shown median / p99 |")
    print("|---|---|---|---|")
    for name, samples in (("Arkaios move (select or confirm)", delays),
                          ("Dragons Arena click (pick, target or power)", dragons)):
        acks, shown = ([1000 * sample[i] for sample in samples] for i in (0, 1))
        print(f"| {name} | {len(samples)} | {statistics.median(acks):.1f} / {percentile(acks, 0.99):.1f} ms "
              f"| {statistics.median(shown):.1f} / {percentile(shown, 0.99):.1f} ms |")
