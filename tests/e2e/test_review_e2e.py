"""The Review button of finished boards: the players' costliest moves, kept once worked out."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from bot.workers import BACKGROUND
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.harness import FakeDiscord, FakeMessage, FakeUser

BLUNDER, WINNING_ANSWER = "a1=1", "b1=2"  # after openings 1 then 2, the first player cannot build


async def blundered_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    """Alice opens with a level 1, Bob answers with a level 2: Alice is shut in and loses."""
    board = await challenge_accepted(h, alice, bob)
    assert not [b for b in board.buttons if b.label == text("en", "review.button")], "no review while it is played"
    for user, move in ((alice, BLUNDER), (bob, WINNING_ANSWER)):
        played = await h.slash(user, "move", notation=move)
        assert played.ephemeral, played.text
    return h.last_message(h.default_channel)


async def test_a_review_lists_the_blunder_first_and_is_kept(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    final = await blundered_game(h, alice, bob)
    review = await h.click(alice, final.button(label=text("en", "review.button")))
    assert review.message is not None and review.message.ephemeral, review
    said = review.message.text
    title, first = said.split("\n")[:2]
    assert title == text("en", "review.title", id=1), said
    assert first.startswith(f"Turn 1 · move 1: you played **{BLUNDER}**"), said
    assert text("en", "review.footer", seconds=20) in said
    assert review.message.attachments and review.message.attachments[0].filename == "review-1-1.png"
    kept = await bot.storage.db.fetch("SELECT seat FROM reviews WHERE game_id = 1")
    assert [row[0] for row in kept] == [0]
    again = await h.click(alice, final.button(label=text("en", "review.button")))
    assert again.message is not None and again.message.text == said, "the kept review, shown again"
    winner = await h.click(bob, final.button(label=text("en", "review.button")))
    assert winner.message is not None and BLUNDER not in winner.message.text, "Bob's own review"
    outsider = await h.click(h.user("carol"), final.button(label=text("en", "review.button")))
    assert outsider.ephemeral and text("en", "review.not_yours", id=1) in outsider.text


async def test_a_review_runs_in_the_ai_workers_behind_live_moves(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Every job of a review goes to the AI workers at the background priority (live moves first)."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    final = await blundered_game(h, alice, bob)
    run, priorities = bot.thinking.run, []

    async def watched(work: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        priorities.append(priority)
        return await run(work, *args, priority=priority)

    bot.thinking.run = watched  # type: ignore[method-assign]
    review = await h.click(alice, final.button(label=text("en", "review.button")))
    assert review.message is not None and f"**{BLUNDER}**" in review.message.text
    assert len(priorities) >= 2 and set(priorities) == {BACKGROUND}, priorities


async def test_a_review_that_ran_out_of_time_says_how_much_it_covered(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's worker time is spent before the first position (as if its triage had taken it all)."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    final = await blundered_game(h, alice, bob)
    loaded = sys.modules[type(bot.cogs["Reviews"]).__module__]  # the extension as the bot loaded it
    monkeypatch.setattr(loaded, "fits", lambda spent: False)
    review = await h.click(alice, final.button(label=text("en", "review.button")))
    assert review.message is not None
    said = review.message.text
    assert "Agora weighed 0 of your 1 move (at most 20 s of its thinking a game)" in said, said
    assert text("en", "review.clean") in said and not review.message.attachments
    kept = await bot.storage.db.fetch("SELECT review FROM reviews WHERE game_id = 1 AND seat = 0")
    assert '"reviewed": 0, "moves": 1' in kept[0][0]


async def test_a_double_click_on_review_works_it_out_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    final = await blundered_game(h, alice, bob)
    run, jobs = bot.thinking.run, []

    async def counted(work: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        jobs.append(work.__name__)
        return await run(work, *args, priority=priority)

    bot.thinking.run = counted  # type: ignore[method-assign]
    button = final.button(label=text("en", "review.button"))
    first, second = await h.click_together([(alice, button), (alice, button)])
    assert first.message is not None and second.message is not None
    assert first.message.text == second.message.text and f"**{BLUNDER}**" in first.message.text
    assert jobs == ["triage", "estimate"], "one review's jobs: the second click showed the kept review"
