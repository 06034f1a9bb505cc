"""A game's channel is deleted: its clocks stop, its players are told privately how to continue, and it
continues in the channel where one of them presses /games' Show board, with its history and its time."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_discord_errors_e2e import first_board
from tests.harness import FakeDiscord

HOUR = 3600.0
TOLD = ("The channel of Tic-tac-toe #1 was deleted, so its clocks are stopped: nobody loses on time meanwhile. "
        "To go on with it, run /games in the channel where you want to play and press Show board: the game "
        "continues there with its history.")


async def test_a_deleted_channel_stops_the_clocks_and_the_game_continues_elsewhere(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await first_board(h, alice, bob)
    await h.click(alice, board.button(label="a1"))
    clock.advance(5 * HOUR)
    games = h.default_channel
    await h.delete_channel(games)
    assert [m.content for m in h.dm_messages(alice)] == [TOLD] and [m.content for m in h.dm_messages(bob)] == [TOLD]
    clock.advance(30 * 24 * HOUR)
    await bot.scheduler.run_due()
    await h.settle()
    record = await bot.service.load(1)
    assert record.row.status == "active" and record.row.halted_at is not None, "nobody lost on time"
    elsewhere = h.channel("games")
    listed = await h.slash(alice, "games", in_channel=elsewhere)
    shown = await h.click(alice, listed.button(label="Show board of #1"))
    board = h.last_message(elsewhere)
    link = f"https://discord.com/channels/{h.guild.id}/{elsewhere.id}/{board.id}"
    said = [m.text for m in shown.messages if m.ephemeral]
    assert said == [f"Tic-tac-toe #1 continues here, its clocks running again: {link}"], said
    assert f"<@{bob.id}>, your turn." in board.content and board.button(label="❌ a1").disabled, "its history"
    assert f"<t:{int(clock.now + 19 * HOUR)}:R>" in board.text, "the 19 hours bob had left, from now"
    await h.click(bob, board.button(label="b2"))
    assert f"<@{alice.id}>, your turn." in h.last_message(elsewhere).content
    assert not h.errors
    await h.stop()
