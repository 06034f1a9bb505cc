"""/rules follows the server's language."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord


async def test_rules_in_the_servers_language(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    alice.locale = "pt-BR"  # a language the bot does not speak: /rules answers in the server's
    await h.start(make_bot())
    english = await h.slash(alice, "rules", game="arkaios")
    assert english.ephemeral and "Your turn" in english.text and "Votre tour" not in english.text
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    french = await h.slash(alice, "rules", game="arkaios")
    assert french.ephemeral and "Votre tour" in french.text and "chapiteau" in french.text
    assert "c3=2" in french.text  # the notation is the same in both languages
