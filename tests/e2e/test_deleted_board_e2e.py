"""A moderator deletes a game's board: /games' Show board posts it anew, and so does the next move."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import boards, start_bot, tictactoe_table
from tests.harness import FakeDiscord


async def test_show_board_posts_a_deleted_board_anew_and_links_a_present_one(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    _, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot))
    carol = h.user("carol")
    await h.click(alice, board.button(label="a1"))
    board = h.last_message(h.default_channel)
    await h.moderator_delete(board)
    listed = await h.slash(bob, "games")
    shown = await h.click(bob, listed.button(label="Show board"))
    again = h.last_message(h.default_channel)
    assert again is not board and len(boards(h)) == 1, shown.text
    assert f"<@{bob.id}>, your turn." in again.content and again.button(label="❌ a1").disabled
    link = f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{again.id}"
    said = [m.text for m in shown.messages if m.ephemeral]
    assert said == [f"Tic-tac-toe #1: its board was gone; it is posted anew: {link}"], said
    present = await h.click(bob, (await h.slash(bob, "games")).button(label="Show board"))
    assert present.text == f"Tic-tac-toe #1: its board is here: {link}" and len(boards(h)) == 1, present.text
    await h.click(bob, again.button(label="b2"))
    assert f"<@{alice.id}>, your turn." in h.last_message(h.default_channel).content
    refused = await h.slash(carol, "games")
    assert "Show board" not in [b.label for b in refused.components]
    await h.stop()


async def test_a_typed_move_posts_a_deleted_board_anew(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    _, alice, bob, board = await tictactoe_table(h, await start_bot(h, make_bot))
    await h.moderator_delete(board)
    typed = await h.slash(alice, "move", notation="a1")
    assert typed.ephemeral and "a1" in typed.text
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>, your turn." in board.content and len(boards(h)) == 1
    assert not h.errors
    await h.stop()
