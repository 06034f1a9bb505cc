"""Discord answering 503 to a board after a saved move, on a French server: the player hears in
French that the move counts, and the board follows in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.publishing import FIRST_WAIT
from tests.e2e.bad_days import SEND, boards, start_bot, tictactoe_table, time_passes
from tests.e2e.conftest import FRENCH_SAVED, Clock
from tests.harness import FakeDiscord


async def test_a_503_to_the_next_board_is_told_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = await start_bot(h, make_bot)
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    _, alice, bob, board = await tictactoe_table(h, bot, accept="Accepter")
    h.faults.fail("POST", SEND, 503)
    pressed = await h.click(alice, board.button(label="a1"))
    said = [m.text for m in pressed.messages if m.ephemeral]
    assert said == ["C'est fait dans Morpion n°1 : c'est enregistré et cela compte. Discord répond mal en ce "
                    "moment ; le plateau sera publié dès qu'il répondra."], said
    assert await time_passes(h, bot, clock, FIRST_WAIT) == 1
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>, à vous de jouer." in board.content and len(boards(h)) == 1
    await h.stop()
