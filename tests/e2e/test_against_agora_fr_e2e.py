"""Playing against Agora in a French server: the challenge, the bot's moves and its tables speak French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def french_turn(h: FakeDiscord, user: FakeUser, board: FakeMessage) -> FakeMessage:
    """Build the first pillar each menu offers until « Valider le tour »; returns the latest board."""
    while True:
        confirm = [b for b in board.buttons if b.label == "Valider le tour" and not b.disabled]
        if confirm:
            await h.click(user, confirm[0])
            return h.last_message(h.default_channel)
        menu = board.selects[0]
        result = await h.select(user, menu, values=[menu.values[0]])
        assert result.updated and result.message is not None, result.text
        board = result.message


async def test_a_french_game_against_agora(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    refused = await h.slash(alice, "arkaios challenge", opponent=h.user("robot", bot=True))
    assert refused.ephemeral and "Les autres bots ne jouent pas" in refused.text
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level="hard")
    assert "Agora joue" in started.text and "Place 2 : difficile" in started.text
    board = h.last_message(h.default_channel)
    board = await french_turn(h, alice, board)
    assert f"<@{alice.id}>, à vous de jouer." in board.content, "the bot answered at once"
    assert [m.seat for m in await bot.storage.moves(1)][-1] == 1
    await h.slash(alice, "resign")
    profile = await h.slash(alice, "profile")
    assert "Contre Agora (sans classement)" in profile.text and "difficile : 0V/1D/0N" in profile.text
    lobby = await h.slash(alice, "kouba create", bots=3, level="medium")
    assert lobby.message is not None and "2. Agora 2 (moyen)" in lobby.text and "4. Agora 4 (moyen)" in lobby.text
    assert "Joueurs (4/6)" in lobby.text
    await h.stop()
