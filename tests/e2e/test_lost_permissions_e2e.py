"""The bot loses Send Messages in a game's channel, or is removed from the server: no job fails, the
clocks wait, players and admins are told once, and the boards catch up as soon as posting works."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import HOUR, run_for, start_bot, tictactoe_table
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord

ADMINS = ("Agora cannot post in <#{channel}>: it lacks Send Messages or Attach Files there (or was removed from "
          "it). The games played there cannot show their boards, so their clocks are stopped until it can post "
          "again. Give Agora back Send Messages, Embed Links and Attach Files in that channel; players can also "
          "continue a game elsewhere with /games and Show board.")


async def test_lost_send_messages_stops_the_clocks_and_the_boards_catch_up(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot, system_channel="general"))
    await h.click(alice, board.button(label="a1"))
    h.faults.revoke(h.default_channel.id)
    pressed = await h.click(bob, h.last_message(h.default_channel).button(label="b2"))
    assert any("it is saved and counts" in m.text for m in pressed.messages if m.ephemeral)
    told = [m.content for m in h.dm_messages(alice)]
    assert len(told) == 1 and told[0].startswith("Agora cannot post in the channel of Tic-tac-toe #1"), told
    admins = [m.content for m in h.dm_messages(h.owner)]
    assert admins == [ADMINS.format(channel=h.default_channel.id)], admins  # general is the system channel
    await run_for(h, bot, clock, 72)
    record = await bot.service.load(1)
    assert record.row.status == "active" and len(await bot.storage.moves(1)) == 2, "nobody lost on time"
    assert len(h.dm_messages(h.owner)) == 1, "the admins are told once"
    h.faults.restore(h.default_channel.id)
    await run_for(h, bot, clock, 1)
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, your turn." in board.content and board.button(label="⭕ b2").disabled
    assert f"<t:{int(clock.now + 24 * HOUR)}:R>" in board.text, "alice's whole turn, from now"
    assert (await bot.service.load(1)).row.halted_at is None
    assert not h.errors
    await h.stop()


async def test_a_reminder_in_a_channel_the_bot_cannot_post_in_raises_nothing(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice, _, _ = await tictactoe_table(h, await start_bot(h, make_bot))
    h.faults.revoke(h.default_channel.id)
    await run_for(h, bot, clock, 72)
    assert (await bot.service.load(1)).row.status == "active", "the clocks stopped at the reminder"
    assert [m.content[:40] for m in h.dm_messages(alice)] == ["Agora cannot post in the channel of Tic-"]
    assert not h.errors
    await h.stop()


async def test_a_bot_removed_from_the_server_stops_the_clocks_quietly(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot, alice, _, _ = await tictactoe_table(h, await start_bot(h, make_bot))
    await h.remove_bot()
    await run_for(h, bot, clock, 72)
    assert (await bot.service.load(1)).row.status == "active"
    assert [m.content[:40] for m in h.dm_messages(alice)] == ["Agora cannot post in the channel of Tic-"]
    assert h.dm_messages(h.owner) == [], "no admin is left to tell in a server the bot left"
    assert not h.errors
    await h.stop()


async def test_a_server_may_keep_its_clocks_running_while_the_bot_cannot_post(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = await start_bot(h, make_bot)
    chosen = await h.slash(h.owner, "agora settings", unseen_clocks="run")
    assert "Clocks while Agora cannot post in a game's channel: they run" in chosen.text, chosen.text
    _, alice, bob, board = await tictactoe_table(h, bot)
    h.faults.revoke(h.default_channel.id)
    await h.click(alice, board.button(label="a1"))
    admins = [m.content for m in h.dm_messages(h.owner)]
    assert len(admins) == 1 and "their clocks run on, as this server chose" in admins[0], admins
    assert h.dm_messages(bob) == [], "no clock stopped: nothing to tell"
    await run_for(h, bot, clock, 25)
    assert (await bot.service.load(1)).row.status == "finished", "bob ran out of time as usual"
    assert not h.errors
    await h.stop()
