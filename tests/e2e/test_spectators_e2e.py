"""Following games, the spectators' private thread and Agora's commentary, through the offline Discord."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.app import AgoraBot
from bot.i18n import text
from bot.workers import BACKGROUND
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.e2e.test_days_e2e import run_due
from tests.harness import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.harness.model import PRIVATE_THREAD

BLUNDER, WINNING_ANSWER = "a1=1", "b1=2"  # after openings 1 then 2, the first player cannot build
FOLLOW = text("en", "follow.button")
THREAD = text("en", "follow.thread_button")
COMMENTARY = "Agora's commentary on game"


def thread_of(h: FakeDiscord) -> FakeChannel:
    """The one spectators' thread of the server."""
    threads = [t for t in h.guild.threads() if t.type == PRIVATE_THREAD]
    assert len(threads) == 1, threads
    return threads[0]


def commentary_seen_by(h: FakeDiscord, user: FakeUser) -> list[FakeMessage]:
    """Every message ``user`` can read that holds Agora's commentary (its words or its picture)."""
    return [m for m in h.seen_by(user) if COMMENTARY in m.text or any(a.filename.startswith("chances-")
                                                                      for a in m.attachments)]  # fmt: skip


def assert_players_blind(h: FakeDiscord, thread: FakeChannel, *players: FakeUser) -> None:
    """No player is in the thread, nor reads anything of it or of the commentary."""
    for player in players:
        assert player.id not in thread.member_ids, player.name
        seen = h.seen_by(player)
        assert not [m for m in seen if m.channel_id == thread.id], player.name
        assert not commentary_seen_by(h, player), player.name


async def follow_with_thread(h: FakeDiscord, board: FakeMessage, user: FakeUser) -> FakeChannel:
    followed = await h.click(user, board.button(label=FOLLOW))
    assert followed.ephemeral and "You follow game #1 of Arkaios." in followed.text, followed.text
    opened = await h.click(user, followed.message.button(label=THREAD) if followed.message else board.buttons[0])
    thread = thread_of(h)
    assert opened.ephemeral and f"<#{thread.id}>" in opened.text, opened.text
    return thread


async def test_a_follower_opens_a_private_thread_the_players_join_only_at_the_end(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = (h.user(name) for name in ("alice", "bob", "carol", "dave"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    assert FOLLOW in [b.label for b in board.buttons]
    refused = await h.click(alice, board.button(label=FOLLOW))
    assert refused.ephemeral and text("en", "follow.player", id=1) in refused.text
    assert not h.guild.threads()
    thread = await follow_with_thread(h, board, carol)
    assert thread.invitable is False and thread.member_ids == {h.guild.bot_user.id, carol.id}
    assert "Its players cannot see it until the game ends." in thread.messages[0].content
    assert_players_blind(h, thread, alice, bob)
    late = await h.slash(dave, "follow", game=1)
    assert late.ephemeral and f"<#{thread.id}>" in late.text, "a later follower is added at once"
    assert thread.member_ids == {h.guild.bot_user.id, carol.id, dave.id}
    commented = [m for m in thread.visible_messages() if COMMENTARY in m.text]
    assert len(commented) == 1 and commented[0].attachments[0].filename == "chances-1.png"
    played = await h.slash(alice, "move", notation=BLUNDER)
    assert played.ephemeral
    assert_players_blind(h, thread, alice, bob)
    said = commented[0].text
    assert commented[0].attachments[0].data[:4] == b"\x89PNG" and "Move 1: alice played **a1=1**; their" in said
    await h.slash(bob, "move", notation=WINNING_ANSWER)
    await run_due(h, bot)
    assert {alice.id, bob.id} <= thread.member_ids, "the game is over: its players join"
    final = [m for m in thread.visible_messages() if text("en", "follow.thread_final", id=1) in m.text]
    assert len(final) == 1 and final[0].attachments[0].filename.startswith("game-1-")
    ended = commented[0].text
    assert re.search(r"Move 2: bob played \*\*b1=2\*\*; their chance of winning: [0-9]+% before, 100% after\.", ended)
    assert ended.index("Move 1") < ended.index("Move 2"), "the turn that changed the chances most first"
    assert "now alice 0%, bob 100%" in (commented[0].attachments[0].description or ""), "the final chances"
    listed = await h.slash(carol, "following")
    assert "#1 Arkaios" in listed.text and "bob" in listed.text.lower(), listed.text


async def test_commentary_runs_behind_live_moves_from_the_spectators_view(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    run, jobs = bot.thinking.run, []

    async def watched(work: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        jobs.append((work.__name__, priority, args[0]))
        return await run(work, *args, priority=priority)

    bot.thinking.run = watched  # type: ignore[method-assign]
    await follow_with_thread(h, board, carol)
    await h.slash(alice, "move", notation=BLUNDER)
    weighed = [(priority, obs) for name, priority, obs in jobs if name == "weigh_position"]
    assert len(weighed) == 2 and {priority for priority, _ in weighed} == {BACKGROUND}
    assert all(obs.view["viewer"] is None for _, obs in weighed), "the spectators' view, never a seat's"
