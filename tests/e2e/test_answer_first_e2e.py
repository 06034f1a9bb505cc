"""Answer first, draw after: a click or a ``/move`` is acknowledged before the game is even loaded,
then the player sees the same answers as ever (the board redrawn, a new board, a private refusal)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from tests.e2e.test_arkaios_e2e import build, challenge_accepted, menu_for, play_turn
from tests.harness import FakeDiscord, FakeUser

DEFERRED_UPDATE, THINKING = 6, 5


def acknowledged_before_loading(h: FakeDiscord, app: AgoraBot, monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The callback type the latest interaction had each time the bot loaded a game (None: not answered yet)."""
    seen: list[int | None] = []
    load = app.service.load

    async def watched(game_id: int, *args: Any, **kwargs: Any) -> Any:
        latest = max(h.rest.interactions.values(), key=lambda record: record.id)
        seen.append(latest.response_type)
        return await load(game_id, *args, **kwargs)

    monkeypatch.setattr(app.service, "load", watched)
    return seen


async def started(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> tuple[AgoraBot, FakeUser, FakeUser]:
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    return app, alice, bob


async def test_a_click_is_acknowledged_before_the_game_is_loaded_then_the_board_redrawn(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    app, alice, bob = await started(h, make_bot)
    board = await challenge_accepted(h, alice, bob)
    loads = acknowledged_before_loading(h, app, monkeypatch)
    picked = await h.select(alice, menu_for(board, "c3=3"), values=["c3=3"])
    assert loads and loads[0] == DEFERRED_UPDATE, "the click was acknowledged before its game was loaded"
    assert picked.type == DEFERRED_UPDATE and picked.updated and picked.message is board
    assert not picked.ephemeral and "c3" in board.text and board.attachments[0].filename.endswith(".png")
    assert (await app.service.load(1)).row.draft == ["c3=3"]


async def test_a_confirmed_turn_freezes_the_board_and_posts_the_next_after_the_acknowledgement(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    app, alice, bob = await started(h, make_bot)
    board = await build(h, alice, await challenge_accepted(h, alice, bob), "c3=3")
    version = (await app.service.load(1)).version
    loads = acknowledged_before_loading(h, app, monkeypatch)
    confirmed = await h.click(alice, board.button(label="Confirm turn"))
    assert loads[0] == DEFERRED_UPDATE
    assert confirmed.updated and confirmed.message is board and not board.components and not board.attachments
    newest = h.last_message(h.default_channel)
    assert newest is not board and f"<@{bob.id}>" in newest.content and newest.attachments
    record = await app.service.load(1)
    assert record.version > version and record.row.message_id == newest.id and bob.id in record.actors()


async def test_a_refused_click_is_told_privately_after_the_acknowledgement_and_changes_nothing(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    app, alice, bob = await started(h, make_bot)
    board = await challenge_accepted(h, alice, bob)
    version = (await app.service.load(1)).version
    shown_before = (board.content, board.embeds, [a.id for a in board.attachments], board.raw_components)
    refused = await h.select(bob, menu_for(board, "c3=3"), values=["c3=3"])
    assert refused.type == DEFERRED_UPDATE and not refused.updated, "the board itself is not touched"
    assert refused.ephemeral and refused.message is refused.followups[0]
    assert f"not your turn: waiting for <@{alice.id}>" in refused.text
    assert (board.content, board.embeds, [a.id for a in board.attachments], board.raw_components) == shown_before
    record = await app.service.load(1)
    assert record.version == version and record.row.draft == []


async def test_move_thinks_first_then_says_what_was_played_and_posts_the_board(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    app, alice, bob = await started(h, make_bot)
    await challenge_accepted(h, alice, bob)
    loads = acknowledged_before_loading(h, app, monkeypatch)
    played = await h.slash(alice, "move", notation="c3=3")
    assert loads and loads[0] == THINKING, "/move was acknowledged before its game was loaded"
    assert played.type == THINKING and played.ephemeral and played.message is played.followups[0]
    assert "c3=3" in played.text and not played.message.loading  # type: ignore[union-attr]
    newest = h.last_message(h.default_channel)
    assert f"<@{bob.id}>" in newest.content and newest.attachments, "the turn passed: a new board pings Bob"


async def test_a_refused_move_is_told_privately_in_the_thinking_answer(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    app, alice, bob = await started(h, make_bot)
    board = await play_turn(h, alice, await challenge_accepted(h, alice, bob), ["c3=3"])
    version = (await app.service.load(1)).version
    for user, notation, said in ((alice, "d4=2", f"waiting for <@{bob.id}>"), (bob, "z9=9", "z9 is off the board")):
        refused = await h.slash(user, "move", notation=notation)
        assert refused.type == THINKING and refused.ephemeral and said in refused.text
        assert not refused.message.loading  # type: ignore[union-attr]
    assert (await app.service.load(1)).version == version and h.last_message(h.default_channel) is board

