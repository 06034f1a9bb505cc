"""A process killed between Agora's saved move and its board, on a French server: at start-up the
board is posted in French and the player heard by DM gets their turn privately."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import start_bot_for_alice, thinking_board
from tests.e2e.conftest import FRENCH_SAVED
from tests.harness import FakeDiscord


async def test_a_board_left_thinking_is_posted_in_french_and_its_player_told_by_dm(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    first, alice = await start_bot_for_alice(h, make_bot)
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    await h.slash(alice, "agora notify", mode="dm")
    stuck = await thinking_board(h, alice, first)
    told = len(h.dm_messages(alice))
    await h.restart(make_bot())
    board = h.last_message(h.default_channel)
    assert board is not stuck and "Morpion · partie n°1" not in stuck.text
    assert stuck.content == "Morpion n°1 : la partie a continué ; son plateau est plus bas."
    dms = h.dm_messages(alice)[told:]
    assert len(dms) == 1 and dms[0].content.startswith("🎲 À vous de jouer dans la partie n°1"), dms
    await h.stop()
