"""Sharing a replay on a French server: the buttons, the post and the answers in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import FRENCH_SAVED, Clock
from tests.e2e.test_replay_share_e2e import finished_arkaios
from tests.harness import FakeDiscord


async def test_post_to_channel_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    game = await finished_arkaios(h, alice, bob)  # played in English; the server turns French after
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert FRENCH_SAVED in saved.text

    opened = await h.slash(carol, "replay", game=game)
    assert [b.label for b in opened.buttons] == [
        "Début", "Précédent", "Suivant", "Fin", "Exporter en GIF", "Publier dans le salon"
    ]
    stepped = await h.click(carol, opened.button(label="Suivant"))
    assert stepped.message is not None and "Tour **1**, coup 1 (1 sur 2)" in stepped.message.text
    posted = await h.click(carol, stepped.message.button(label="Publier dans le salon"))
    assert posted.ephemeral and f"Publié dans <#{h.default_channel.id}>, visible de tous." in posted.text
    shared = h.last_message(h.default_channel)
    assert shared.content == f"<@{carol.id}> partage ce rejeu." and "Tour **1**, coup 1 (1 sur 2)" in shared.text
    again = await h.click(carol, stepped.message.button(label="Publier dans le salon"))
    assert again.ephemeral and "Vous venez de publier un rejeu" in again.text

    clock.advance(60)
    exported = await h.click(carol, stepped.message.button(label="Exporter en GIF"))
    (gif_message,) = [m for m in exported.messages if m.attachments]
    assert "Rejeu d'Arkaios" in gif_message.text
    await h.click(carol, gif_message.button(label="Publier dans le salon"))
    public_gif = h.last_message(h.default_channel)
    assert public_gif.content.startswith(f"<@{carol.id}> partage ce rejeu.")
    assert public_gif.attachments[0].filename.endswith(".gif")
