"""Self-test of Discord's bad days in the offline Discord: discord.py's own retries run against them."""

from __future__ import annotations

import discord
import pytest

from tests.harness import FakeDiscord
from tests.harness.test_harness import DemoBot

SEND = r"^/channels/\d+/messages$"


@pytest.fixture
async def h(discord_harness: FakeDiscord) -> FakeDiscord:
    await discord_harness.start(DemoBot())
    return discord_harness


def general(h: FakeDiscord) -> discord.TextChannel:
    assert h.bot is not None
    channel = h.bot.get_channel(h.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def sends(h: FakeDiscord) -> int:
    return sum(1 for r in h.requests if r.method == "POST" and r.path.endswith("/messages"))


async def test_a_one_off_500_is_retried_by_discord_py_itself(h: FakeDiscord) -> None:
    h.faults.fail("POST", SEND, 500)
    await general(h).send("hello")
    assert [m.content for m in h.messages(h.default_channel)] == ["hello"]
    assert sends(h) == 2  # the 500, then discord.py's own second attempt


async def test_a_503_reaches_the_bot_unretried(h: FakeDiscord) -> None:
    h.faults.fail("POST", SEND, 503)
    with pytest.raises(discord.DiscordServerError) as raised:
        await general(h).send("hello")
    assert raised.value.status == 503
    assert h.messages(h.default_channel) == [] and sends(h) == 1


async def test_a_429_waits_retry_after_then_succeeds(h: FakeDiscord) -> None:
    h.faults.fail("POST", SEND, 429, retry_after=0.01)
    await general(h).send("hello")
    assert sends(h) == 2 and h.last_message(h.default_channel).content == "hello"
    with pytest.raises(ValueError, match="retry_after"):
        h.faults.fail("POST", SEND, 429)


async def test_a_send_enforcing_its_nonce_is_posted_once(h: FakeDiscord) -> None:
    channel = general(h)  # discord.py sends enforce_nonce with every nonce
    first = await channel.send("board", nonce="game-1-4")
    again = await channel.send("board", nonce="game-1-4")
    assert again.id == first.id and len(h.messages(h.default_channel)) == 1
    await channel.send("board", nonce="game-1-5")
    assert len(h.messages(h.default_channel)) == 2


async def test_a_send_whose_answer_was_lost_is_posted_once_thanks_to_its_nonce(h: FakeDiscord) -> None:
    h.faults.fail("POST", SEND, 502, applied=True)
    await general(h).send("board", nonce="game-1-6")
    assert sends(h) == 2 and [m.content for m in h.messages(h.default_channel)] == ["board"]
    h.faults.fail("POST", SEND, 502, applied=True)
    await general(h).send("plain")  # discord.py gives every send a random nonce of its own
    assert [m.content for m in h.messages(h.default_channel)] == ["board", "plain"]


async def test_revoked_send_and_attach_answer_missing_permissions(h: FakeDiscord) -> None:
    channel = general(h)
    message = await channel.send("before")
    h.faults.revoke(h.default_channel.id)
    with pytest.raises(discord.Forbidden) as raised:
        await channel.send("after")
    assert raised.value.code == 50013
    await message.edit(content="edited")  # editing its own message needs no Send Messages
    h.faults.revoke(h.default_channel.id, "attach_files")
    with pytest.raises(discord.Forbidden):
        await message.edit(attachments=[discord.File(__file__, "x.txt")])
    h.faults.restore(h.default_channel.id)
    await channel.send("again")
    assert [m.content for m in h.messages(h.default_channel)] == ["edited", "again"]


async def test_a_bot_removed_from_the_server_gets_missing_access(h: FakeDiscord) -> None:
    channel = general(h)
    await h.remove_bot()
    assert h.bot is not None and h.bot.get_guild(h.guild.id) is None
    with pytest.raises(discord.Forbidden) as raised:
        await channel.send("anyone?")
    assert raised.value.code == 50001
    with pytest.raises(discord.NotFound) as unknown:
        await h.bot.fetch_guild(h.guild.id)
    assert unknown.value.code == 10004


async def test_a_moderator_deletes_a_message(h: FakeDiscord) -> None:
    sent = await general(h).send("board")
    await h.moderator_delete(h.last_message(h.default_channel))
    with pytest.raises(discord.NotFound) as raised:
        await sent.edit(content="still there?")
    assert raised.value.code == 10008
