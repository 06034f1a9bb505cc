"""Playing against Agora itself, as players see it: the bot accepts at once, moves through the
scheduler like a player, survives restarts, never answers a stale position and is never rated."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser


def finished(board: FakeMessage) -> bool:
    return [c.label for c in board.components] == ["Rematch"]


async def arkaios_turn(h: FakeDiscord, user: FakeUser, board: FakeMessage) -> FakeMessage:
    """Build the first pillar each menu offers until the turn can be confirmed; returns the latest board."""
    while True:
        confirm = [b for b in board.buttons if b.label == "Confirm turn" and not b.disabled]
        if confirm:
            result = await h.click(user, confirm[0])
            assert result.type == 7, result.text
            return h.last_message(h.default_channel)
        menu = board.selects[0]
        result = await h.select(user, menu, values=[menu.options[0]["value"]])
        assert result.type == 7 and result.message is not None, result.text
        board = result.message


async def test_a_full_arkaios_game_against_agora_at_easy(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level="easy")
    assert started.type == 4 and not started.ephemeral, started.text
    assert "Agora plays" in started.text and "Seat 2: easy" in started.text
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>" in board.content
    for _ in range(40):
        if finished(board):
            break
        board = await arkaios_turn(h, alice, board)
    assert finished(board), board.text
    assert "wins" in board.text
    moves = await bot.storage.moves(1)
    assert {m.user_id for m in moves if m.seat == 1} == {h.bot_user.id}
    await h.stop()
