"""Hostile input through Discord: every reply within Discord's limits, echoed text cut and inert."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from bot.app import AgoraBot
from cogs.common import (
    BUTTON_LIMIT,
    CONTENT_LIMIT,
    DESCRIPTION_LIMIT,
    FIELD_LIMIT,
    OPTION_LIMIT,
    TITLE_LIMIT,
    GameButton,
    GameSelect,
    clip,
    controls_view,
    fit_embed,
)
from tests.harness import FakeDiscord

LONGEST = "W" * 5000  # wider than every limit; names and typed texts of any length


def test_the_message_helpers_keep_every_part_within_discords_limits() -> None:
    embed = discord.Embed(title=LONGEST, description=LONGEST)
    embed.add_field(name=LONGEST, value=LONGEST)
    embed.set_footer(text=LONGEST)
    fit_embed(embed)
    assert len(embed.title or "") == TITLE_LIMIT and len(embed.description or "") == DESCRIPTION_LIMIT
    assert len(embed.fields[0].value or "") == FIELD_LIMIT and len(embed.fields[0].name or "") <= 256
    assert len(embed.footer.text or "") <= 2048 and len(embed) <= 6000 + DESCRIPTION_LIMIT
    options = [discord.SelectOption(label=LONGEST[:OPTION_LIMIT + 50], value="v")]
    view = controls_view([
        GameButton(1, 1, "confirm", label=LONGEST[:BUTTON_LIMIT + 20]),
        GameSelect(1, 1, "build1", options=options, placeholder=LONGEST[:300]),
    ])
    payload: list[dict[str, Any]] = [c for row in view.to_components() for c in row["components"]]
    assert len(payload[0]["label"]) == BUTTON_LIMIT
    assert len(payload[1]["options"][0]["label"]) == OPTION_LIMIT and len(payload[1]["placeholder"]) <= 150
    assert len(clip(LONGEST, CONTENT_LIMIT)) == CONTENT_LIMIT


async def test_long_and_hostile_moves_are_answered_within_limits(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    for typed in ("c3=" + "9" * 4400, "@everyone " * 300, "c²=3", "[x](https://e.x) " * 200, "١=٢"):
        answer = await h.slash(alice, "move", notation=typed[:6000])
        assert answer.ephemeral and 0 < len(answer.content) <= CONTENT_LIMIT, typed[:20]
        assert "@everyone" not in answer.content
        assert not re.search(r"(?<!\\)\[x\]\(", answer.content), "a masked link stays escaped"
    game = await bot.service.load(1)
    assert game.version == 1 and game.row.draft == []


async def test_gif_exports_are_bounded_with_a_polite_answer(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob, carol, dave = h.user("alice"), h.user("bob"), h.user("carol"), h.user("dave")
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    await h.slash(alice, "move", notation="c3=1")
    await h.slash(bob, "resign")
    panels = {}
    for user in (carol, dave):
        opened = await h.slash(user, "replay", game=1)
        assert opened.message is not None
        panels[user.id] = opened.message
    gifs = 0
    for user, expected in ((carol, None), (carol, "ready for you in"), (dave, "just exported on this server")):
        pressed = await h.click(user, panels[user.id].button(label="Export GIF"))
        made = [a for m in pressed.messages for a in m.attachments if a.filename.endswith(".gif")]
        gifs += len(made)
        if expected is not None:
            assert pressed.ephemeral and expected in pressed.text and not made
    assert gifs == 1, "one render for three presses"


async def test_a_click_no_kind_of_control_claims_gets_one_polite_answer(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "arkaios challenge", opponent=bob)
    challenge = h.last_message(h.default_channel)
    for custom_id in ("nonsense", "agora:b", "agora:x:1:1:pass", "agora:lb:arkaios:1:sideways", "agora:t:x:join"):
        answer = await h.forge(bob, challenge, custom_id)
        assert answer.ephemeral and answer.text == "This control is not valid.", custom_id
        assert len([r for r in answer.requests if "callback" in r.path]) == 1, custom_id
    accepted = await h.click(bob, challenge.button(label="Accept"))
    assert not accepted.ephemeral, "the challenge is still open after the forged clicks"
    game = await bot.service.load(1)
    assert game.version == 1 and game.row.draft == [], "no forged click reached the game"
