"""/rules' ``language`` option overrides the server's language, both ways."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord


async def test_english_page_in_a_french_server(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", language="fr")
    overridden = await h.slash(alice, "rules", game="arkaios", language="en")
    assert "Your turn" in overridden.text and "Votre tour" not in overridden.text


async def test_french_page_in_an_english_server(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    french = await h.slash(alice, "rules", game="kouba", language="fr")
    assert french.ephemeral and "Décompte" in french.text and "Scoring" not in french.text
