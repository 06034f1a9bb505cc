"""A long game keeps its channel readable: one line per earlier turn, one picture, the latest board's."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord

PLIES = 60


async def test_a_sixty_move_game_leaves_one_line_per_turn_and_one_picture(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    table = await h.slash(alice, "kouba create")
    await h.click(bob, table.button(label="Join"))
    await h.click(alice, table.button(label="Start"))
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    users = {alice.id: alice, bob.id: bob}
    plies = 0
    while plies < PLIES:
        record = await bot.service.load(record.id)
        assert record.state is not None and record.state.outcome is None, "the game lasts 60 moves"
        seat = record.state.actors[0]
        move = str(record.state.legal_moves(seat)[0])
        played = await h.slash(users[record.user_at(seat)], "move", notation=move, game=record.id)
        assert played.ephemeral and "Played" in played.text, played.text
        plies += 1
    channel = h.messages(h.default_channel)
    pictured = [m for m in channel if m.attachments]
    assert pictured == [channel[-1]], "only the latest board keeps its picture"
    old_boards = channel[1:-1]
    assert old_boards and all(not m.embeds and not m.components and "\n" not in m.content for m in old_boards)
    assert len(channel) <= 2 + PLIES, "at most one message per move, the challenge and the current board"
