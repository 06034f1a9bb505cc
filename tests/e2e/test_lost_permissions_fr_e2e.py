"""The bot loses Send Messages in a game's channel on a French server: players and admins are told in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import run_for, start_bot, tictactoe_table
from tests.e2e.conftest import FRENCH_SAVED, Clock
from tests.harness import FakeDiscord


async def test_lost_send_messages_is_told_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = await start_bot(h, make_bot, system_channel="games")
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    _, alice, bob, board = await tictactoe_table(h, bot, accept="Accepter")
    h.faults.revoke(h.default_channel.id)
    pressed = await h.click(alice, board.button(label="a1"))
    said = [m.text for m in pressed.messages if m.ephemeral]
    assert said and said[0].startswith("C'est fait dans Morpion n°1 : c'est enregistré"), said
    told = [m.content for m in h.dm_messages(bob)]
    assert len(told) == 1 and told[0].startswith("Agora ne peut pas publier dans le salon de Morpion n°1"), told
    admins = h.last_message("games").content
    assert admins.startswith(f"Agora ne peut pas publier dans <#{h.default_channel.id}> : il lui manque"), admins
    h.faults.restore(h.default_channel.id)
    await run_for(h, bot, clock, 1)
    assert f"<@{bob.id}>, à vous de jouer." in h.last_message(h.default_channel).content
    await h.stop()
