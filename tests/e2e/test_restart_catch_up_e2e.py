"""A process killed between Agora's saved move and its board: at start-up the board is brought
current and the player whose turn it is hears of it, once."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import start_bot_for_alice, thinking_board
from tests.e2e.test_arkaios_e2e import build
from tests.e2e.test_arkaios_e2e import challenge_accepted as arkaios_accepted
from tests.harness import FakeDiscord


async def test_a_board_left_thinking_is_brought_current_at_start_up(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    first, alice = await start_bot_for_alice(h, make_bot)
    stuck = await thinking_board(h, alice, first)
    assert stuck.content == "Agora is thinking…" and all(b.disabled for b in stuck.buttons if len(b.label or "") == 2)
    assert len(await first.storage.moves(1)) == 2, "Agora's move is saved"
    posted = len(h.rest.posted)
    restarted = make_bot()
    await h.restart(restarted)
    board = h.last_message(h.default_channel)
    assert board is not stuck and f"<@{alice.id}>, your turn." in board.content
    assert [b.label for b in board.buttons if (b.label or "").startswith("⭕")], "Agora's mark is shown"
    assert stuck.content == "Tic-tac-toe #1: the game went on; its board is below." and not stuck.components
    assert len(h.rest.posted) == posted + 1
    again = make_bot()
    await h.restart(again)
    assert len(h.rest.posted) == posted + 1, "a current board is not posted again"
    await h.stop()


async def test_a_board_redrawn_in_place_for_an_unfinished_turn_is_current_at_start_up(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await arkaios_accepted(h, alice, bob)
    board = await build(h, alice, board, "c3=3")  # a step of the turn: the same board, redrawn
    typed = await h.slash(alice, "move", notation="d3=3")  # another, typed: the board edited by id
    assert typed.ephemeral
    posted = len(h.rest.posted)
    await h.restart(make_bot())
    assert len(h.rest.posted) == posted, "nothing to bring current"
    await h.stop()
