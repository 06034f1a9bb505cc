"""Players' names as a hostile member would choose them, and names per server.

A name may hold markdown, a masked link or ``@everyone``: messages show it as typed, with
nothing formatted, linked or pinged. A nickname is the player's name in that server only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, RecordedRequest

HOSTILE = "[free nitro](https://x.example) **@everyone**"


def embed_text(message: FakeMessage) -> str:
    return " ".join(str(embed.get("description", "")) for embed in message.embeds)


def allowed_mentions(request: RecordedRequest) -> Any:
    body = request.json if isinstance(request.json, dict) else {}
    data = body.get("data", body) if body.get("type") in (4, 7) else body
    return data.get("allowed_mentions") if isinstance(data, dict) else None


def sends_text(request: RecordedRequest) -> bool:
    body = request.json if isinstance(request.json, dict) else {}
    data = body.get("data", body) if "type" in body else body
    return isinstance(data, dict) and bool(data.get("content"))


async def test_a_hostile_name_reads_as_typed_and_pings_nobody(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.nick = HOSTILE
    await h.start(make_bot())
    await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, h.last_message(h.default_channel).button(label="Accept"))
    board = h.last_message(h.default_channel)

    shown = embed_text(board)
    assert "free nitro" in shown
    assert "[free nitro](https://" not in shown, "the name became a masked link"
    assert "https://x.example" not in shown, "the name's address became a link"
    assert "@everyone" not in shown, "the name could ping everyone"
    assert "**@" not in shown, "the name's markdown was kept"
    texts = [request for request in h.requests if sends_text(request)]
    assert texts
    for request in texts:
        mentions = allowed_mentions(request)
        assert mentions is not None, f"{request.method} {request.path} sends text without allowed_mentions"
        assert "everyone" not in mentions.get("parse", []) and "roles" not in mentions.get("parse", [])


async def test_a_nickname_is_the_name_in_its_own_server_only(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.nick = "Ally"
    bot = make_bot()
    await h.start(bot)
    await h.slash(alice, "arkaios challenge", opponent=bob)
    await bot.service.remember_player(h.guild.id + 1, alice.id, "Alicia in another server")
    await h.click(bob, h.last_message(h.default_channel).button(label="Accept"))

    assert "Ally" in embed_text(h.last_message(h.default_channel))
    games = await h.slash(bob, "games")
    listed = games.text + " ".join(str(e.get("description", "")) for e in games.embeds)
    assert "Ally" in listed and "Alicia" not in listed
