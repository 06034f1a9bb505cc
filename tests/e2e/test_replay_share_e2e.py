"""Sharing a replay: "Post to channel" puts the frame on show, or the exported GIF, in the channel for everyone."""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image

from bot.app import AgoraBot
from cogs.replay import POST_SERVER_SECONDS, POST_USER_SECONDS, position_after
from render import arcanor as arcanor_drawing
from tests.e2e.conftest import Clock
from tests.e2e.test_arcanor_e2e import CONTENT_WORDS, start_game
from tests.e2e.test_arkaios_e2e import challenge_accepted, play_turn
from tests.e2e.test_replay_e2e import game_id_of
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def finished_arkaios(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> int:
    """A short Arkaios game bob won; returns its id."""
    board = await challenge_accepted(h, alice, bob)
    board = await play_turn(h, alice, board, ["c3=1"])
    await play_turn(h, bob, board, ["d4=2"])
    return game_id_of(h)


def posted_body(h: FakeDiscord, message: FakeMessage) -> dict[str, object]:
    """The JSON of the request that posted ``message`` in its channel."""
    path = f"/channels/{message.channel_id}/messages"
    posts = [r for r in h.requests if r.method == "POST" and r.path.endswith(path)]
    body = posts[-1].json
    assert isinstance(body, dict)
    return body


async def test_post_a_frame_then_the_gif_of_a_finished_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    game = await finished_arkaios(h, alice, bob)
    channel_messages = len(h.messages(h.default_channel))

    opened = await h.slash(carol, "replay", game=game)
    stepped = await h.click(carol, opened.button(label="Next"))
    panel = stepped.message
    assert panel is not None and panel.ephemeral and "Turn **1**, move 1 (1 of 2)" in panel.text
    posted = await h.click(carol, panel.button(label="Post to channel"))
    assert posted.ephemeral and f"Posted in <#{h.default_channel.id}>" in posted.text
    shared = h.last_message(h.default_channel)
    assert len(h.messages(h.default_channel)) == channel_messages + 1
    assert not shared.ephemeral and shared.content == f"<@{carol.id}> shared this replay."
    assert "Replay · Arkaios" in shared.text and "Turn **1**, move 1 (1 of 2)" in shared.text
    assert "built level 1 on c3" in shared.text
    assert "bob wins" in shared.text, "a finished game's frame says how it ended"
    assert shared.attachments[0].data == panel.attachments[0].data, "the frame on show"
    assert shared.attachments[0].description, "with its alt text"
    assert not shared.components, "nobody steps through a public post"
    assert posted_body(h, shared)["allowed_mentions"] == {"parse": []}, "it names carol without a ping"

    # At once again: refused politely, nothing posted.
    again = await h.click(carol, panel.button(label="Post to channel"))
    assert again.ephemeral and "You posted a replay just now" in again.text
    assert len(h.messages(h.default_channel)) == channel_messages + 1
    dave = h.user("dave")
    other = await h.slash(dave, "replay", game=game)
    busy = await h.click(dave, other.button(label="Post to channel"))
    assert busy.ephemeral and "A replay was just posted on this server" in busy.text

    # Later, Dave exports the GIF and posts it: the one just drawn.
    clock.advance(max(POST_USER_SECONDS, POST_SERVER_SECONDS))
    exported = await h.click(dave, other.button(label="Export GIF"))
    (gif_message,) = [m for m in exported.messages if m.attachments]
    assert gif_message.ephemeral and "Replay of Arkaios" in gif_message.text
    gif_posted = await h.click(dave, gif_message.button(label="Post to channel"))
    assert gif_posted.ephemeral and "Posted in" in gif_posted.text
    public_gif = h.last_message(h.default_channel)
    assert not public_gif.ephemeral and public_gif.content.startswith(f"<@{dave.id}> shared this replay.")
    assert public_gif.attachments[0].filename.endswith(".gif")
    assert public_gif.attachments[0].data == gif_message.attachments[0].data
    with Image.open(io.BytesIO(public_gif.attachments[0].data)) as image:
        assert image.format == "GIF"


async def test_a_game_in_progress_is_shared_as_spectators_see_it(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    gid = int(board.components[0].custom_id.split(":")[2])  # type: ignore[union-attr]
    record = await bot.service.load(gid)
    assert record.state is not None
    seat = record.state.actors[0]
    move = str(record.state.legal_moves(seat)[0])
    await h.slash([alice, bob][seat], "move", notation=move)

    opened = await h.slash(alice, "replay", game=gid)  # a player shares her own game in progress
    last = await h.click(alice, opened.button(label="Last"))
    assert last.message is not None
    await h.click(alice, last.message.button(label="Post to channel"))
    shared = h.last_message(h.default_channel)
    assert shared.content == f"<@{alice.id}> shared this replay." and "not over" in shared.text
    assert not any(word in shared.text for word in CONTENT_WORDS), "no stack contents"
    record = await bot.service.load(gid)
    moves = await bot.service.move_log(gid)
    names = await bot.service.display_names(record)
    spectators = position_after(record, moves, len(moves)).view(None)
    assert shared.attachments[0].data == arcanor_drawing.render(spectators, names), "the public view only"


async def test_replays_are_posted_only_where_games_may_be(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    game = await finished_arkaios(h, alice, bob)
    games = h.channel("games")
    await h.slash(h.owner, "agora settings", channels=games.mention)
    before = len(h.messages(h.default_channel))
    opened = await h.slash(carol, "replay", game=game)
    refused = await h.click(carol, opened.button(label="Post to channel"))
    assert refused.ephemeral and f"Replays are posted only in <#{games.id}>" in refused.text
    assert len(h.messages(h.default_channel)) == before

    there = await h.slash(carol, "replay", game=game, in_channel=games)
    posted = await h.click(carol, there.button(label="Post to channel"))
    assert posted.ephemeral and f"Posted in <#{games.id}>" in posted.text
    assert h.last_message(games).content == f"<@{carol.id}> shared this replay."
