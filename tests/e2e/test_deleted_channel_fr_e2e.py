"""A game's channel is deleted on a French server: its players are told in French, by DM or, DMs
closed, in the server's system channel; the game continues where Show board is pressed."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.bad_days import start_bot, tictactoe_table
from tests.e2e.conftest import FRENCH_SAVED
from tests.harness import FakeDiscord

TOLD = ("Le salon de Morpion n°1 a été supprimé : ses pendules sont arrêtées, personne ne perd au temps en "
        "attendant. Pour la poursuivre, lancez /games dans le salon où vous voulez jouer et appuyez sur Afficher "
        "le plateau : la partie y continue avec son historique.")


async def test_a_deleted_channel_is_told_in_french_and_the_game_continues_elsewhere(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = await start_bot(h, make_bot, system_channel="games", bob_dms_closed=True)
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    _, alice, bob, board = await tictactoe_table(h, bot, accept="Accepter")
    await h.delete_channel(h.default_channel)
    assert [m.content for m in h.dm_messages(alice)] == [TOLD]
    system = h.last_message("games")
    assert system.content.startswith(f"<@{bob.id}> : le salon de Morpion n°1 a été supprimé"), system.content
    listed = await h.slash(bob, "games", in_channel="games")
    shown = await h.click(bob, listed.button(label="Afficher le plateau de la n°1"))
    board = h.last_message("games")
    said = [m.text for m in shown.messages if m.ephemeral]
    assert said and said[0].startswith("Morpion n°1 continue ici, ses pendules reparties"), said
    assert f"<@{alice.id}>, à vous de jouer." in board.content
    await h.stop()
