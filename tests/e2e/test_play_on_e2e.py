"""Play on from here: from a finished game's review, a casual game against Agora from that position, in the
player's own seat, at the level they pick."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from bot.movelog import replay
from bot.play_on import Origin, check_position, play_on, play_on_row
from bot.service import ServiceError
from tests.e2e.test_review_e2e import BLUNDER, blundered_game
from tests.harness import FakeDiscord


async def test_play_on_from_a_reviewed_move_against_agora(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    final = await blundered_game(h, alice, bob)
    [finished] = await bot.storage.games_of_user(alice.id, h.guild.id, ["finished"])
    review = await h.click(alice, final.button(label=text("en", "review.button")))
    assert review.message is not None and review.message.ephemeral
    [menu] = review.message.selects
    level = text("en", "bot.level.hard")
    option = text("en", "playon.option", ply=1, level=level)
    assert option in [entry["label"] for entry in menu.options]
    picked = await h.select(alice, review.message, menu.custom_id, values=["0:hard"])
    assert not picked.ephemeral, picked.text
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    assert record.id != finished.id and record.bot_seats == {1: "hard"}, "Agora in the other seat, at hard"
    assert record.seats[0] == alice.id, "the player in their own seat"
    assert record.state is not None and record.state.to_json() == replay(finished, []).to_json()
    board = h.last_message(h.default_channel)
    assert f"#{record.id}" in board.text
    played = await h.slash(alice, "move", notation="a1=2")
    assert played.ephemeral and BLUNDER != "a1=2"
    moved = await bot.storage.moves(record.id)
    assert moved[0].notation == "a1=2" and moved[0].user_id == alice.id


async def test_play_on_after_a_move_copies_it_and_owes_agora_its_turn(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """From after the first move (Agora's seat to move): the new game's log holds that move, played by whoever
    holds its seat now, and Agora's turn is scheduled; a finished position is refused."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await blundered_game(h, alice, bob)
    finished = await bot.service.load(1)
    moves = await bot.storage.moves(finished.id)
    assert bot.user is not None
    with pytest.raises(ServiceError):
        check_position(finished, replay(finished.row, moves), len(moves), len(moves))
    position = replay(finished.row, moves[:1])
    row = play_on_row(finished, position, 0, alice.id, bot.user.id, "easy", h.default_channel.id, bot.clock())
    origin = Origin(finished.id, 1, alice.id)
    new_id = await play_on(bot.storage, origin, row, moves[:1], bot.service.on_turn, agora_to_move=True)
    copied = await bot.storage.moves(new_id)
    assert [(move.seat, move.notation, move.user_id) for move in copied] == [(0, BLUNDER, alice.id)]
    assert [job.game_id for job in await bot.scheduler.pending()] == [new_id], "Agora's turn is owed"
