"""How many database round trips a move takes, from the player's ``/move`` to the new board.

Each trip is a hop through SQLite's one thread (or to the PostgreSQL server), queued behind the
others: the count is what the new board waits for under load, and it is a count, so it is asserted.
Before time away and notices a Dragons Arena move sent 12 statements, 15 hops through SQLite's
thread (the cursors of three were closed in hops of their own); with them it took 24. What a board
reads of its players (notice choices, time away) is now kept in memory, dropped when it changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.app import AgoraBot
from cogs.common import game_cog
from tests.e2e.test_notices_e2e import pings
from tests.harness import FakeDiscord, FakeUser

# A move of a game between people nobody else's change touched, its players read once already:
# the game read four times (the command's, the move's with its count of moves, the one written, the
# board's), its write (BEGIN, the row, the moves, COMMIT), its jobs (the old ones voided, the turn's
# time away, the new ones) and the new board's message id.
MOVE_TRIPS = 12


async def dragons_arena(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> tuple[AgoraBot, list[FakeUser], int]:
    """A bot started, and a Dragons Arena game between alice and bob on its board: the bot, the players, the game."""
    players = [h.user("alice"), h.user("bob")]
    app = make_bot()
    await h.start(app)
    seats = [player.id for player in players]
    record = await app.service.start_game("dragons_arena", guild_id=h.guild.id, channel_id=h.default_channel.id,
                                          seats=seats)  # fmt: skip
    await game_cog(app, "dragons_arena").post_board(None, record)
    await h.settle()
    return app, players, record.id


async def trips_of_a_move(h: FakeDiscord, app: AgoraBot, players: list[FakeUser], game_id: int,
                          rng: random.Random) -> int:  # fmt: skip
    """Round trips of one legal ``/move`` of the player whose turn it is, up to the board and its last write."""
    record = await app.service.load(game_id)
    assert record.state is not None and record.state.outcome is None
    seat = record.state.actors[0]
    mover = next(player for player in players if player.id == record.user_at(seat))
    move = str(rng.choice(record.state.legal_moves(seat)))
    before = app.storage.database.trips.count
    answer = await h.slash(mover, "move", notation=move, game=game_id)
    await h.settle()
    counted = app.storage.database.trips.count - before
    assert "not" not in answer.text.lower(), answer.text
    assert (await app.service.load(game_id)).version == record.version + 1, "the move was played"
    return counted


async def test_a_move_takes_no_more_round_trips_than_before_time_away_and_notices(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    app, players, game = await dragons_arena(h, make_bot)
    rng = random.Random(7)
    await trips_of_a_move(h, app, players, game, rng)  # the players' choices are read once here
    counted = [await trips_of_a_move(h, app, players, game, rng) for _ in range(6)]
    assert counted == [MOVE_TRIPS] * 6


async def test_a_notice_choice_changed_reaches_the_next_board(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    app, players, game = await dragons_arena(h, make_bot)
    rng = random.Random(3)
    since = len(h.requests)
    await trips_of_a_move(h, app, players, game, rng)
    waiting = set((await app.service.load(game)).actors())
    assert set(pings(h, since)) == waiting, "the player to move is pinged, as by default"
    for player in players:
        assert (await h.slash(player, "agora notify", mode="quiet")).ephemeral
    since = len(h.requests)
    counted = await trips_of_a_move(h, app, players, game, rng)
    waiting = set((await app.service.load(game)).actors())
    assert not pings(h, since) and waiting <= set(pings(h, since, named=True)), "named on the board, not pinged"
    assert counted == MOVE_TRIPS + 1, "the changed choice is read again, once"
