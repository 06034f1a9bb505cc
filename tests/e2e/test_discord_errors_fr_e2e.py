"""Discord answering 503 to a board after a saved move, on a French server: the player hears in
French that the move counts, and the board follows in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.publishing import FIRST_WAIT
from tests.e2e.conftest import FRENCH_SAVED, Clock
from tests.e2e.test_discord_errors_e2e import SEND, boards, first_board
from tests.harness import FakeDiscord


async def test_a_503_to_the_next_board_is_told_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    board = await first_board(h, alice, bob, accept="Accepter")
    h.faults.fail("POST", SEND, 503)
    pressed = await h.click(alice, board.button(label="a1"))
    said = [m.text for m in pressed.messages if m.ephemeral]
    assert said == ["C'est fait dans Morpion n°1 : c'est enregistré et cela compte. Discord répond mal en ce "
                    "moment ; le plateau sera publié dès qu'il répondra."], said
    clock.advance(FIRST_WAIT)
    assert await bot.scheduler.run_due() == 1
    await h.settle()
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>, à vous de jouer." in board.content and len(boards(h)) == 1
    await h.stop()
