"""/learn: each game's tutorial played to its end through its panel, wrong moves explained at every step."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from bot.app import AgoraBot
from bot.i18n import text, word
from bot.learn import answer, lessons
from cogs.common import game_cog
from cogs.table.base import TableCog
from tests.e2e.learning import has_typed_form, lesson_name, move_menu, play_step, wrong_moves_at
from tests.harness import FakeDiscord


@pytest.mark.parametrize("game", sorted(lessons()))
async def test_a_lesson_is_played_to_its_end_and_offers_a_practice_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    lesson = lessons()[game]
    opened = await h.slash(alice, "learn", game=game)
    panel = opened.message
    assert panel is not None and panel.ephemeral, "the lesson is private"
    assert text("en", f"learn.{game}.intro") in panel.text
    for step in range(len(lesson.steps)):
        await wrong_moves_at(h, alice, panel, lesson, step, "en")
        await play_step(h, alice, panel, lesson, step, "en")
    assert text("en", "learn.title_done", game=lesson_name(lesson)) in panel.text
    assert text("en", f"learn.{game}.end") in panel.text
    assert not h.messages(h.default_channel), "nothing of the lesson is posted in the channel"
    await h.click(alice, panel.button(label=text("en", "learn.practice")))
    board = h.last_message(h.default_channel)
    assert not board.ephemeral and lesson_name(lesson) in board.text, "the practice game's board is in the channel"
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    assert record.game == game and record.bot_seats == {1: "easy"}, "against Agora, at easy"


async def test_a_player_comes_back_to_the_step_they_left(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    game = sorted(lessons())[0]
    lesson = lessons()[game]
    panel = (await h.slash(alice, "learn", game=game)).message
    assert panel is not None
    await play_step(h, alice, panel, lesson, 0, "en")
    await play_step(h, alice, panel, lesson, 1, "en")
    await h.restart(make_bot())
    again = (await h.slash(alice, "learn", game=game)).message
    assert again is not None
    assert text("en", "learn.title", game=lesson_name(lesson), step=3, steps=len(lesson.steps)) in again.text
    assert text("en", lesson.key(2)) in again.text
    fresh = (await h.slash(bob, "learn", game=game)).message
    assert fresh is not None and text("en", lesson.key(0)) in fresh.text, "each player has their own progress"


async def test_an_old_panel_shows_the_step_the_player_is_at(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    game = sorted(lessons())[0]
    lesson = lessons()[game]
    old = (await h.slash(alice, "learn", game=game)).message
    new = (await h.slash(alice, "learn", game=game)).message
    assert old is not None and new is not None
    await play_step(h, alice, new, lesson, 0, "en")
    clicked = await h.select(alice, old, move_menu(old), values=[lesson.steps[0].asks[0]])
    assert clicked.updated
    assert text("en", "learn.moved_on") in old.text and text("en", lesson.key(1)) in old.text
    assert text("en", lesson.key(1)) in new.text, "the move was not played twice"


async def test_a_forged_lesson_control_is_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    panel = (await h.slash(alice, "learn", game=sorted(lessons())[0])).message
    assert panel is not None
    forged = await h.forge(alice, panel, "agora:learn:chess:0:practice")
    assert forged.ephemeral and text("en", "learn.no_lesson") in forged.text


async def test_the_practice_game_is_refused_in_direct_messages(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    game = sorted(lessons())[0]
    lesson = lessons()[game]
    panel = (await h.slash(alice, "learn", game=game, in_channel=h.guild.dm_channel(alice))).message
    assert panel is not None
    for step in range(len(lesson.steps)):
        await play_step(h, alice, panel, lesson, step, "en")
    refused = await h.click(alice, panel.button(label=text("en", "learn.practice")))
    assert refused.ephemeral and text("en", "err.direct_message") in refused.text


async def test_someone_elses_lesson_controls_are_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    lesson = lessons()["tic_tac_toe"]
    panel = (await h.slash(alice, "learn", game="tic_tac_toe")).message
    assert panel is not None
    centre = panel.button(label="b2")
    assert centre.custom_id is not None
    pressed = await h.forge(bob, panel, centre.custom_id)
    assert pressed.ephemeral and text("en", "learn.not_yours") in pressed.text
    assert text("en", lesson.key(0)) in panel.text, "alice's lesson did not move"
    await play_step(h, alice, panel, lesson, 0, "en")


async def test_forged_game_controls_of_a_lesson_are_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    lesson = lessons()["arcanor"]
    panel = (await h.slash(alice, "learn", game="arcanor")).message
    assert panel is not None
    unknown = await h.forge(alice, panel, "agora:learn:arcanor:0:g:teleport")
    assert unknown.ephemeral and text("en", "err.invalid_control") in unknown.text
    empty = await h.forge(alice, panel, "agora:learn:arcanor:0:g:pick", values=["e5"])
    assert empty.ephemeral and text("en", "arcanor.no_move", square="e5") in empty.text
    illegal = await h.forge(alice, panel, "agora:learn:arcanor:0:g:from:b1", values=["b1-b3"])
    why = answer(lesson, 0, "b1-b3").refusal
    assert illegal.updated and why is not None, "a forged option the rules refuse is explained, not played"
    assert text("en", "learn.refused", move="b1-b3", why=word("en", why)) in panel.text
    assert text("en", "learn.title", game=lesson_name(lesson), step=1, steps=len(lesson.steps)) in panel.text
    await play_step(h, alice, panel, lesson, 0, "en")
    kouba = (await h.slash(alice, "learn", game="kouba")).message
    assert kouba is not None
    dice = await h.forge(alice, kouba, "agora:learn:kouba:0:g:keep", values=["six"])
    assert dice.ephemeral and text("en", "err.invalid_control") in dice.text


async def test_a_pick_on_an_old_lesson_panel_shows_the_step_the_player_is_at(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    lesson = lessons()["arcanor"]
    old = (await h.slash(alice, "learn", game="arcanor")).message
    new = (await h.slash(alice, "learn", game="arcanor")).message
    assert old is not None and new is not None
    await play_step(h, alice, new, lesson, 0, "en")
    stacks = old.selects[0]
    clicked = await h.select(alice, old, stacks.custom_id, values=["d1"])
    assert clicked.updated
    assert text("en", "learn.moved_on") in old.text and text("en", lesson.key(1)) in old.text


async def test_a_game_whose_cog_draws_no_lesson_controls_is_offered_a_menu_and_a_typed_move(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    cog = game_cog(bot, "arkaios")
    monkeypatch.setattr(cog, "lesson_controls", partial(TableCog.lesson_controls, cog))  # the default: none
    lesson = lessons()["arkaios"]
    panel = (await h.slash(alice, "learn", game="arkaios")).message
    assert panel is not None
    assert has_typed_form(panel, "en") and lesson.steps[0].asks[0] in panel.selects[0].values
    for step in range(2):
        await wrong_moves_at(h, alice, panel, lesson, step, "en")
        await play_step(h, alice, panel, lesson, step, "en")
    assert text("en", lesson.key(2)) in panel.text
