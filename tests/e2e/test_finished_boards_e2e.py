"""A game ended by resignation is drawn finished in its replay: the final frame and the
GIF's last frame carry the stored result, in the server's language."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops, ImageSequence

from bot.app import AgoraBot
from cogs.common import picture_words
from render.arkaios import render
from rules import GAMES
from tests.e2e.test_arkaios_e2e import challenge_accepted, play_turn
from tests.e2e.test_replay_e2e import game_id_of
from tests.harness import FakeDiscord

RESULTS = {"en": "alice wins: bob resigned", "fr": "alice gagne : abandon de bob"}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_replay_of_a_resigned_game_ends_on_the_stored_result(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], lang: str
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    await play_turn(h, alice, board, ["c3=3"])
    game_id = game_id_of(h)
    if lang == "fr":
        await h.slash(h.owner, "agora settings", language="fr")
        h.guild.locale = "fr"  # its members' Discord is in French too: the private replay follows it
    await h.slash(bob, "resign")
    names = await bot.service.display_names(await bot.service.load(game_id))
    assert names == ["alice", "bob"]

    opened = await h.slash(carol, "replay", game=game_id)
    assert opened.message is not None
    last = await h.click(carol, opened.message.button(custom_id_prefix=f"agora:rp:{game_id}:1:last"))
    assert last.message is not None
    start = GAMES["arkaios"].new(players=2, seed=0)
    words = picture_words("arkaios", lang)
    finished = render(start.play(0, "c3=3").view(None), names, words=words, result=RESULTS[lang])
    assert last.message.attachments[0].data == finished
    # Earlier positions were a game in progress: they show whose turn it was then.
    first = await h.click(carol, last.message.button(custom_id_prefix=f"agora:rp:{game_id}:0:first"))
    started = render(start.view(None), names, words=words)
    assert first.message is not None and first.message.attachments[0].data == started

    exported = await h.click(carol, first.message.button(custom_id_prefix=f"agora:rp:{game_id}:0:gif"))
    gif = next(a for m in exported.messages for a in m.attachments if a.filename.endswith(".gif"))
    with Image.open(io.BytesIO(gif.data)) as image:
        frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(image)]
    assert _close(frames[-1], _image(finished)) and _close(frames[0], _image(started))


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _close(frame: Image.Image, expected: Image.Image) -> bool:
    """The same picture up to the GIF's own palette: every pixel within a few levels."""
    if frame.size != expected.size:
        return False
    extrema = ImageChops.difference(frame, expected).getextrema()
    return max(high for _, high in extrema) <= 24
