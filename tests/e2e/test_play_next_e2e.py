"""/games → "Play next": a link to the game waiting for the player's move with the least time left."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import FRENCH_SAVED, Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser
from tests.harness.interactions import InteractionResult


async def started(h: FakeDiscord, alice: FakeUser, opponent: FakeUser, **options: str) -> FakeMessage:
    """Alice challenges ``opponent`` to Arkaios, who accepts: alice moves first; returns the board."""
    sent = await h.slash(alice, "arkaios challenge", opponent=opponent, **options)
    assert sent.message is not None, sent.text
    accepted = await h.click(opponent, sent.message.button(label="Accept"))
    assert accepted.updated, accepted.text
    return h.last_message(h.default_channel)


def links(listed: InteractionResult) -> list[tuple[str | None, str | None]]:
    return [(c.label, c.url) for c in listed.components if c.url is not None]


async def test_play_next_opens_the_game_with_the_least_time_left(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    await started(h, alice, bob, deadline="3d")
    clock.advance(3600)
    hurried = await started(h, alice, carol, deadline="2h")
    listed = await h.slash(alice, "games")
    assert listed.ephemeral and listed.text.index("#1 Arkaios") < listed.text.index("#2 Arkaios"), (
        "the list keeps the longest-waiting game first"
    )
    link = f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{hurried.id}"
    assert links(listed) == [("Play next: #2 Arkaios", link)], "the game with 2 hours left, not 3 days"
    waiting = await h.slash(bob, "games")
    assert links(waiting) == [], "nothing waits for bob's move: no button"
    await h.stop()


async def test_play_next_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    h.guild.locale = "fr"  # the players' Discord is in French too: the private list follows it
    await h.start(make_bot())
    assert FRENCH_SAVED in (await h.slash(h.owner, "agora settings", language="fr")).text
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert sent.message is not None
    await h.click(bob, sent.message.button(label="Accepter"))
    listed = await h.slash(alice, "games")
    assert [label for label, _ in links(listed)] == ["Jouer ensuite : n°1 Arkaios"]
    await h.stop()
