"""Discord answering 503, 5xx or 429 to a board after a saved move: the move counts and is said to,
the board follows (retried with a bounded back-off, or by the next move), never twice."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.publishing import FIRST_WAIT
from tests.e2e.bad_days import (
    SEND,
    board_against_agora,
    boards,
    publish_jobs,
    start_bot,
    start_bot_for_alice,
    tictactoe_table,
    time_passes,
)
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord

FAILED = "Nothing was changed"


async def test_a_503_to_the_next_board_keeps_the_move_and_posts_the_board_later(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot))
    h.faults.fail("POST", SEND, 503)
    pressed = await h.click(alice, board.button(label="a1"))
    said = [m.text for m in pressed.messages if m.ephemeral]
    assert said == ["Done in Tic-tac-toe #1: it is saved and counts. Discord is not answering well right now; "
                    "the board will be posted as soon as it does."], said
    assert not any(FAILED in m.text for m in pressed.messages)
    assert "alice marked a1" in h.last_message(h.default_channel).text  # the clicked board says what happened
    assert len(await bot.storage.moves(1)) == 1 and len(boards(h)) == 0
    assert await publish_jobs(bot) == [clock.now + FIRST_WAIT]
    assert await time_passes(h, bot, clock, FIRST_WAIT) == 1
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>, your turn." in board.content and board.button(label="❌ a1").disabled
    assert len(boards(h)) == 1 and await publish_jobs(bot) == []
    again = await h.click(alice, board.button(label="b2"))
    assert again.ephemeral and "not your turn" in again.text  # the move was not played twice
    await h.stop()


async def test_discord_refusing_again_waits_longer_each_time_and_the_next_move_shows_the_board(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot))
    h.faults.fail("POST", SEND, 503, times=3)
    await h.click(alice, board.button(label="a1"))
    waits = []
    for _ in range(2):
        due = (await publish_jobs(bot))[0]
        waits.append(due - clock.now)
        clock.now = due
        await bot.scheduler.run_due()
        await h.settle()
    assert waits == [FIRST_WAIT, FIRST_WAIT] and (await publish_jobs(bot))[0] - clock.now == 2 * FIRST_WAIT
    typed = await h.slash(bob, "move", notation="b2")  # the next move shows the game in its board
    assert typed.ephemeral and "b2" in typed.text and FAILED not in typed.text
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, your turn." in board.content and board.button(label="⭕ b2").disabled
    assert await publish_jobs(bot) == [] and len(boards(h)) == 1
    assert not h.errors
    await h.stop()


async def test_500_502_504_and_429_are_retried_by_discord_py_and_the_board_is_posted_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot))
    h.faults.fail("POST", SEND, 502, applied=True)  # posted, but the answer was lost: sent again
    await h.click(alice, board.button(label="a1"))
    board = h.last_message(h.default_channel)
    assert len(boards(h)) == 1 and f"<@{bob.id}>, your turn." in board.content
    h.faults.fail("POST", r"^/interactions/", 429, retry_after=0.01)
    h.faults.fail("POST", SEND, 429, retry_after=0.01)
    pressed = await h.click(bob, board.button(label="b2"))
    assert not h.faults.pending and not any(m.ephemeral for m in pressed.messages)
    board = h.last_message(h.default_channel)
    assert len(boards(h)) == 1 and f"<@{alice.id}>, your turn." in board.content
    assert await publish_jobs(bot) == [] and len(await bot.storage.moves(1)) == 2
    await h.stop()


async def test_a_503_to_a_typed_move_says_it_counts(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot, alice, _, _ = await tictactoe_table(h, await start_bot(h, make_bot))
    h.faults.fail("POST", SEND, 503)
    typed = await h.slash(alice, "move", notation="c3")
    said = [m.text for m in typed.messages if m.ephemeral]
    assert len(said) == 2 and "c3" in said[0] and "it is saved and counts" in said[1], said
    assert len(await bot.storage.moves(1)) == 1 and len(await publish_jobs(bot)) == 1
    await h.stop()


async def test_a_503_to_agoras_board_fails_no_job_and_the_board_follows(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice = await start_bot_for_alice(h, make_bot)
    board = await board_against_agora(h, alice)
    h.faults.fail("POST", SEND, 503, times=2)  # the board while Agora thinks, then the one after its move
    await h.click(alice, board.button(label="a1"))
    assert len(await bot.storage.moves(1)) == 2 and boards(h) == [], "both moves saved, no board shown"
    assert await time_passes(h, bot, clock, FIRST_WAIT) == 1
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, your turn." in board.content and len(boards(h)) == 1
    assert not h.errors
    await h.stop()
