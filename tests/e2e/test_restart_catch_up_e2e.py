"""A process killed between Agora's saved move and its board: at start-up the board is brought
current and the player whose turn it is hears of it, once."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.test_arkaios_e2e import build
from tests.e2e.test_arkaios_e2e import challenge_accepted as arkaios_accepted
from tests.harness import FakeDiscord, FakeMessage, FakeUser


def killed_after_saving(bot: AgoraBot) -> None:
    """Agora's moves are saved, and the process dies before it shows them."""
    cog = bot.get_cog("Opponent")  # each bot loads its own copy of the extension's module
    assert cog is not None and hasattr(cog, "show")

    async def dies(*args: object) -> None:
        return None

    cog.show = dies  # type: ignore[attr-defined]


async def thinking_board(h: FakeDiscord, alice: FakeUser, bot: AgoraBot, yes: str = "Accept") -> FakeMessage:
    """Alice plays a1 against Agora, whose move is saved but never shown."""
    killed_after_saving(bot)
    await h.slash(alice, "tictactoe challenge", opponent=h.bot_user, level="easy")
    board = h.last_message(h.default_channel)
    await h.click(alice, board.button(label="a1"))
    return h.last_message(h.default_channel)


async def test_a_board_left_thinking_is_brought_current_at_start_up(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    first = make_bot()
    await h.start(first)
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
