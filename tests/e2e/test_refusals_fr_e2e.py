"""Refusals from the game service reach French servers in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord


async def test_refusals_follow_the_servers_language(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    carol.locale = "pt-BR"  # a language the bot does not speak: her private answers are in the server's
    await h.start(make_bot())
    english = await h.slash(alice, "arkaios challenge", opponent=bob)
    refused = await h.click(carol, english.button(label="Accept"))
    assert refused.text == "This challenge is not addressed to you."
    await h.click(bob, english.button(label="Decline"))
    await h.slash(h.owner, "agora settings", language="fr")
    french = await h.slash(alice, "arkaios challenge", opponent=bob)
    accept = next(c for c in french.components if c.custom_id and c.custom_id.endswith(":accept"))
    refused = await h.click(carol, accept)
    assert refused.ephemeral and refused.text == "Ce défi ne vous est pas adressé."
    await h.click(bob, accept)
    board = h.last_message(h.default_channel)
    level3 = next(c for c in board.components if c.custom_id and c.custom_id.endswith(":build3"))
    outsider = await h.select(carol, level3, values=["c3=3"])
    assert outsider.text == "Vous ne jouez pas dans cette partie."
    early = await h.select(bob, level3, values=["c3=3"])
    assert early.text.startswith("Ce n'est pas votre tour : on attend <@")
