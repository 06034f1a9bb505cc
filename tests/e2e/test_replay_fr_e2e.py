"""A replay on a French server draws the engine's words of each position in French too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import render.dragons_arena
from bot.app import AgoraBot
from bot.i18n import RULE_TEXTS
from rules import View
from tests.e2e.test_dragons_arena_e2e import (
    SHORT_DUEL_SEED,
    challenge_accepted,
    enabled,
    mentioned,
    play_first_choice,
    use_seed,
)
from tests.harness import FakeDiscord


async def test_a_dragons_arena_replay_draws_why_the_duel_ended_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, SHORT_DUEL_SEED)
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    while enabled(board, "pick:"):  # the single duel of a one-nugget match, to its end
        board = await play_first_choice(h, mentioned(board, alice, bob), board)
    drawn: list[View] = []
    draw = render.dragons_arena.render

    def recording(view: View, names: list[str], **words: Any) -> bytes:
        drawn.append(view)
        return draw(view, names, **words)

    monkeypatch.setattr(render.dragons_arena, "render", recording)
    await h.slash(h.owner, "agora settings", language="fr")
    opened = await h.slash(carol, "replay", game=1)
    assert opened.message is not None
    await h.click(carol, opened.message.button(label="Fin"))
    exported = await h.click(carol, opened.message.button(label="Exporter en GIF"))
    assert exported.messages and "Rejeu de Dragons Arena n°1" in exported.messages[-1].text
    reasons = {v["last_duel"]["reason"] for v in drawn if v["last_duel"] is not None}
    assert reasons and reasons <= set(RULE_TEXTS["fr"].values()), reasons
