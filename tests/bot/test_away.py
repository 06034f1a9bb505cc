"""Time away (bot/away.py) on a real database (SQLite, PostgreSQL): moved jobs and deadlines, what is
given back, the opponent's own turns, turns that start while away, the allowance and tournaments."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.away import DAY, TimeAway, allowance, end_step
from bot.scheduler import REMIND, TIMEOUT
from bot.service import ServiceError
from bot.storage import Storage
from bot.tournament import TournamentService
from tests.bot.test_scheduler import ALICE, BOB, GUILD, World, started, wire

HOUR = 3600.0


@pytest.fixture
async def world(database: str) -> AsyncIterator[World]:
    storage = Storage(database)
    await storage.open()
    world = wire(storage, [1_000.0])
    world.service.turn_seconds = world.scheduler.turn_seconds
    yield world
    await storage.close()


def away_of(world: World) -> TimeAway:
    return TimeAway(world.storage, lambda: world.now[0])


async def jobs(world: World, game_id: int) -> dict[str, float]:
    return {job.kind: job.due_at for job in await world.scheduler.pending() if job.game_id == game_id}


async def test_time_away_moves_the_turn_waiting_for_the_player_and_gives_back_the_unused_part(world: World) -> None:
    game = await started(world)
    before = await jobs(world, game)
    assert set(before) == {REMIND, TIMEOUT}
    world.advance(HOUR)
    going = await away_of(world).start(ALICE, 4)
    assert going.games == [game] and going.away.until == world.now[0] + 4 * DAY
    assert await jobs(world, game) == {kind: due + 4 * DAY for kind, due in before.items()}
    assert await world.scheduler.turn_seconds(game, GUILD) == DAY + 4 * DAY
    record = await world.service.load(game)
    assert await world.service.deadline(record) == 1_000.0 + 5 * DAY
    world.advance(DAY)
    ended = await away_of(world).end(ALICE)
    assert ended is not None and ended.ended_at == world.now[0]
    assert await jobs(world, game) == {kind: due + DAY for kind, due in before.items()}, "one day away, one day more"
    assert await away_of(world).end(ALICE) is None, "not away any more"


async def test_the_opponents_turn_is_never_moved_and_a_turn_starting_while_away_waits(world: World) -> None:
    game = await started(world)
    record = await world.service.load(game)
    await world.service.play(game, ALICE, ["c3=3"], record.version)
    bobs = await jobs(world, game)
    world.advance(HOUR)
    going = await away_of(world).start(ALICE, 2)
    assert going.games == [] and await jobs(world, game) == bobs, "Bob's clock is his own"
    world.advance(HOUR)
    record = await world.service.load(game)
    await world.service.play(game, BOB, [str(record.state.legal_moves(1)[0])], record.version)  # type: ignore[union-attr]
    waits = going.away.until - world.now[0]
    assert (await jobs(world, game))[TIMEOUT] == world.now[0] + waits + DAY
    # Alice moves a day later: her time away ends with the move, in the move's transaction.
    world.advance(DAY)
    record = await world.service.load(game)
    move = str(record.state.legal_moves(0)[0])  # type: ignore[union-attr]
    ending = end_step(world.storage.changes, ALICE, world.now[0])
    await world.service.play(game, ALICE, [move], record.version, [ending])
    assert await away_of(world).current(ALICE) is None
    assert await world.scheduler.turn_seconds(game, GUILD) == DAY, "Bob's new turn is a plain day"


async def test_a_turn_moved_then_given_back_keeps_only_the_time_away(world: World) -> None:
    game = await started(world)
    before = await jobs(world, game)
    away = away_of(world)
    await away.start(ALICE, 3)
    world.advance(2 * HOUR)
    async with world.storage.transaction() as db:
        await end_step(world.storage.changes, ALICE, world.now[0])(db)
    assert await jobs(world, game) == {kind: due + 2 * HOUR for kind, due in before.items()}


async def test_the_end_of_time_away_is_a_row_marked_once(world: World) -> None:
    away = away_of(world)
    await away.start(ALICE, 1)
    assert await away.end_due() == []
    world.advance(DAY)
    ended = await away.end_due()
    assert [a.user_id for a in ended] == [ALICE] and await away.end_due() == []
    assert await away.current(ALICE) is None


async def test_the_allowance_and_its_refusals(world: World) -> None:
    away = away_of(world)
    for days in (0, -1):
        with pytest.raises(ServiceError) as refused:
            await away.start(ALICE, days)
        assert refused.value.key == "away.err.too_short"
    with pytest.raises(ServiceError) as refused:
        await away.start(ALICE, 15)
    assert str(refused.value) == (
        "You cannot be away 15 days: you have 14 days left, as each player may be away 14 days in any 90 days."
    )
    await away.start(ALICE, 6)
    world.advance(2 * DAY)
    await away.start(ALICE, 3)  # the time away going on ends first: two days of it count
    assert (await away.left(ALICE)).whole_days == 9
    with pytest.raises(ServiceError) as refused:  # asking again replaces the three days: twelve are left
        await away.start(ALICE, 13)
    assert "you have 12 days left" in str(refused.value)
    assert (await away.left(ALICE)).whole_days == 9, "a refusal changes nothing: still away three days"


async def test_a_tournament_that_forbids_time_away_refuses_it(world: World) -> None:
    tournaments = TournamentService(world.storage, world.service, clock=lambda: world.now[0])
    event = await tournaments.create(
        guild_id=GUILD, channel_id=2, creator=BOB, game="arkaios", format_="swiss", rounds=3, options={},
        turn_seconds=None, starts_at=world.now[0] + HOUR, away_allowed=False,
    )
    assert not event.away_allowed and (await tournaments.get(event.id)).away_allowed is False
    await tournaments.join(event.id, ALICE)
    with pytest.raises(ServiceError) as refused:
        await away_of(world).start(ALICE, 2)
    assert refused.value.key == "away.err.tournament" and f"Tournament #{event.id}" in str(refused.value)
    await tournaments.leave(event.id, ALICE)
    assert (await away_of(world).start(ALICE, 2)).away.user_id == ALICE


def test_the_allowance_counts_only_the_last_ninety_days() -> None:
    assert allowance([], 0.0).whole_days == 14


async def test_a_game_of_a_tournament_that_forbids_time_away_never_waits(world: World) -> None:
    """A player who withdrew from such a tournament may go away, but its game still running keeps its clock."""
    game = await started(world)
    before = await jobs(world, game)
    async with world.storage.transaction() as db:
        event = await db.insert(
            "INSERT INTO tournaments (guild_id, channel_id, creator, game, format, rounds, options, starts_at, "
            "status, created_at, away_allowed) VALUES (?, 2, ?, 'arkaios', 'swiss', 3, '{}', 0, 'running', 0, 0)",
            (GUILD, BOB),
        )
        await db.execute(
            "INSERT INTO tournament_tables (tournament_id, round, table_no, game_id, seats) VALUES (?, 1, 1, ?, ?)",
            (event, game, f"[{ALICE}, {BOB}]"),
        )
    going = await away_of(world).start(ALICE, 2)
    assert going.games == [] and await jobs(world, game) == before
    assert await world.scheduler.turn_seconds(game, GUILD) == DAY


async def test_a_seat_agora_plays_never_waits_for_time_away(world: World) -> None:
    """Agora's seats (its own, or one it took over from a player who left) wait for nobody."""
    game = await started(world)
    before = await jobs(world, game)
    async with world.storage.transaction() as db:
        await db.execute("UPDATE games SET bots = ? WHERE id = ?", ('{"0": "easy"}', game))
    going = await away_of(world).start(ALICE, 2)
    assert going.games == [] and await jobs(world, game) == before
