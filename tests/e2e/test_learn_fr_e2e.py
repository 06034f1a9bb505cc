"""/learn in French: each tutorial played to its end on a French server, no English shown."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from bot.learn import lessons
from tests.e2e.learning import lesson_name, play_step, wrong_moves_at
from tests.harness import FakeDiscord


@pytest.mark.parametrize("game", sorted(lessons()))
async def test_a_lesson_is_played_to_its_end_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    lesson = lessons()[game]
    panel = (await h.slash(alice, "learn", game=game)).message
    assert panel is not None and panel.ephemeral
    assert text("fr", f"learn.{game}.intro") in panel.text
    for step in range(len(lesson.steps)):
        await wrong_moves_at(h, alice, panel, lesson, step, "fr")
        await play_step(h, alice, panel, lesson, step, "fr")
    assert text("fr", "learn.title_done", game=lesson_name(lesson, "fr")) in panel.text
    assert panel.button(label=text("fr", "learn.practice"))
