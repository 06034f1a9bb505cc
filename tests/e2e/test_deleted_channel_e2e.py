"""A game's channel is deleted: its clocks stop, its players are told privately how to continue, and it
continues in the channel where one of them presses /games' Show board, with its history and its time."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import HOUR, board_against_agora, start_bot, start_bot_for_alice, tictactoe_table, time_passes
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord

TOLD = ("The channel of Tic-tac-toe #1 was deleted, so its clocks are stopped: nobody loses on time meanwhile. "
        "To go on with it, run /games in the channel where you want to play and press Show board: the game "
        "continues there with its history.")


async def test_a_deleted_channel_stops_the_clocks_and_the_game_continues_elsewhere(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot))
    await h.click(alice, board.button(label="a1"))
    clock.advance(5 * HOUR)
    games = h.default_channel
    await h.delete_channel(games)
    assert [m.content for m in h.dm_messages(alice)] == [TOLD] and [m.content for m in h.dm_messages(bob)] == [TOLD]
    await time_passes(h, bot, clock, 30 * 24 * HOUR)
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


async def test_agora_moving_in_a_deleted_channel_raises_nothing_and_the_game_continues_with_a_typed_move(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice = await start_bot_for_alice(h, make_bot)
    bot.scheduler.run_soon = lambda: None  # type: ignore[method-assign]  # Agora's move waits for the next look
    board = await board_against_agora(h, alice)
    await h.click(alice, board.button(label="a1"))
    await h.delete_channel(h.default_channel)
    assert len(h.dm_messages(alice)) == 1
    await bot.scheduler.run_due()  # Agora plays; its board has nowhere to go
    await h.settle()
    assert len(await bot.storage.moves(1)) == 2 and not h.errors
    await time_passes(h, bot, clock, 3 * 24 * HOUR)
    assert (await bot.service.load(1)).row.status == "active"
    played = [move.notation for move in await bot.storage.moves(1)]
    free = next(square for square in ("b2", "c3", "a3") if square not in played)
    typed = await h.slash(alice, "move", notation=free, game=1, in_channel="games")
    assert free in typed.text, typed.text
    board = h.last_message("games")
    assert board.attachments and (await bot.service.load(1)).row.halted_at is None
    assert not h.errors
    await h.stop()
