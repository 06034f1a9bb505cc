"""Agora's turn in a French server: one board update and one line for the whole turn, in French."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.agora_turn import SHOWN_STEPS
from bot.app import AgoraBot
from tests.e2e.test_agora_turns_e2e import board_updates
from tests.e2e.test_kouba_e2e import fixed_seed
from tests.harness import FakeDiscord

__all__ = ["fixed_seed"]  # the Kouba tests' deal, used here too


async def test_a_kouba_table_in_french_tells_each_agora_turn_in_one_line(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    lobby = await h.slash(alice, "kouba create", bots=3, level="easy")
    assert lobby.message is not None, lobby.text
    start = next(b for b in lobby.message.buttons if (b.custom_id or "").endswith(":start"))
    assert (await h.click(alice, start)).updated
    rng = random.Random(5)
    long_lines: list[str] = []
    for _ in range(120):
        record = await bot.service.load(1)
        if record.state is None or record.outcome is not None or long_lines:
            break
        assert record.waiting_bots() == [], "Agora never leaves a decision waiting"
        moves, sent = len(await bot.storage.moves(1)), len(h.requests)
        notation = str(rng.choice(record.state.legal_moves(record.state.waiting_for[0])))
        typed = await h.slash(alice, "move", notation=notation)
        assert typed.ephemeral, typed.text
        agora = [m for m in (await bot.storage.moves(1))[moves:] if m.user_id == h.bot_user.id]
        if len(agora) > 1:
            assert len(board_updates(h.requests[sent:])) <= 2, "alice's move, then Agora's whole turn"
        if len(agora) > SHOWN_STEPS:
            long_lines += [m.content for m in h.messages(h.default_channel)[-3:] if "Tour d'Agora" in m.content]
    assert long_lines, "a turn of Agora longer than its line tells"
    line = long_lines[0]
    assert line.startswith("Tour d'Agora, ") and f"les {SHOWN_STEPS} derniers :" in line, line
    assert line.count("Agora") >= SHOWN_STEPS, "each step told is Agora's"
    await h.stop()
