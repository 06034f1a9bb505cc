"""A moderator deletes a game's board on a French server: /games' Show board posts it anew, in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import boards, start_bot, tictactoe_table
from tests.e2e.conftest import FRENCH_SAVED
from tests.harness import FakeDiscord


async def test_show_board_posts_a_deleted_board_anew_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = await start_bot(h, make_bot)
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    _, alice, _, board = await tictactoe_table(h, bot, accept="Accepter")
    await h.moderator_delete(board)
    listed = await h.slash(alice, "games")
    shown = await h.click(alice, listed.button(label="Afficher le plateau"))
    again = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, à vous de jouer." in again.content and len(boards(h)) == 1
    link = f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{again.id}"
    said = [m.text for m in shown.messages if m.ephemeral]
    assert said == [f"Morpion n°1 : son plateau avait disparu ; il est publié à nouveau : {link}"], said
    await h.stop()
