"""The durable scheduler on a real database (SQLite, PostgreSQL): due jobs, idempotence, void jobs, leases, restarts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest

from bot.scheduler import CLAIM_AGAIN, EXPIRE, LEASE_SECONDS, REMIND, TIMEOUT, UNCLAIMED, Job, JobAlreadyDone, Scheduler
from bot.service import GameService, ServiceError, StaleButton
from bot.settings import DurationError, SettingsStore, format_duration, parse_duration
from bot.storage import Storage

ALICE, BOB = 101, 202
GUILD = 1
DAY = 86400.0


@dataclass
class World:
    storage: Storage
    service: GameService
    scheduler: Scheduler
    now: list[float] = field(default_factory=lambda: [1_000.0])

    def advance(self, seconds: float) -> None:
        self.now[0] += seconds


def wire(storage: Storage, now: list[float]) -> World:
    service = GameService(storage, clock=lambda: now[0])
    scheduler = Scheduler(storage, clock=lambda: now[0])
    service.on_turn = scheduler.turn_step
    service.on_challenge = scheduler.challenge_step
    return World(storage, service, scheduler, now)


@pytest.fixture
async def world(database: str) -> AsyncIterator[World]:
    storage = Storage(database)
    await storage.open()
    yield wire(storage, [1_000.0])
    await storage.close()


async def started(world: World, turn_seconds: int | None = None) -> int:
    record = await world.service.challenge(
        "arkaios", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[BOB], turn_seconds=turn_seconds
    )
    await world.service.accept(record.id, BOB)
    return record.id


def recorder(world: World, seen: list[Job]) -> None:
    async def handle(job: Job) -> None:
        seen.append(job)

    for kind in (REMIND, TIMEOUT, EXPIRE):
        world.scheduler.handlers[kind] = handle


async def test_a_challenge_schedules_its_expiry_and_accepting_retires_it(world: World) -> None:
    record = await world.service.challenge("arkaios", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[BOB])
    [expiry] = await world.scheduler.pending()
    assert expiry.kind == EXPIRE and expiry.due_at == 1_000.0 + DAY and expiry.stamp == record.row.created_at
    await world.service.accept(record.id, BOB)
    kinds = sorted(job.kind for job in await world.scheduler.pending())
    assert kinds == [REMIND, TIMEOUT]


async def test_only_due_jobs_run_and_each_runs_once(world: World) -> None:
    await started(world)
    seen: list[Job] = []
    recorder(world, seen)
    assert await world.scheduler.run_due() == 0
    world.advance(DAY - 4 * 3600)
    assert await world.scheduler.run_due() == 1
    assert [job.kind for job in seen] == [REMIND]
    assert await world.scheduler.run_due() == 0
    world.advance(4 * 3600)
    assert await world.scheduler.run_due() == 1
    assert [job.kind for job in seen] == [REMIND, TIMEOUT]
    assert await world.scheduler.pending() == []


async def test_a_move_voids_the_jobs_of_the_old_turn(world: World) -> None:
    game_id = await started(world)
    [old_remind, old_timeout] = await world.scheduler.pending()
    world.advance(3600)
    await world.service.play(game_id, ALICE, ["c3=3"])
    pending = await world.scheduler.pending()
    assert {job.id for job in pending}.isdisjoint({old_remind.id, old_timeout.id})
    assert {job.stamp for job in pending} == {1_000.0 + 3600}
    # A handler still holding the old job finds the game moved on: nothing happens.
    assert await world.service.timeout(game_id, old_timeout.stamp) is None


async def test_the_end_of_a_game_retires_its_jobs(world: World) -> None:
    game_id = await started(world)
    await world.service.resign(game_id, BOB)
    assert await world.scheduler.pending() == []


async def test_timeout_forfeits_once_in_the_jobs_transaction(world: World) -> None:
    game_id = await started(world)
    world.advance(DAY)
    timeout = next(job for job in await world.scheduler.due() if job.kind == TIMEOUT)
    record = await world.service.timeout(game_id, timeout.stamp, [world.scheduler.done_step(timeout)])
    assert record is not None and record.row.end_reason == "timeout"
    assert record.outcome is not None and record.outcome.winners == (1,)
    assert not await world.scheduler.claim(timeout)
    with pytest.raises(JobAlreadyDone):
        async with world.storage.transaction() as db:
            await world.scheduler.done_step(timeout)(db)


async def test_a_done_job_rolls_back_a_second_effect(world: World) -> None:
    game_id = await started(world)
    world.advance(DAY)
    timeout = next(job for job in await world.scheduler.due() if job.kind == TIMEOUT)
    assert await world.scheduler.claim(timeout)
    with pytest.raises(JobAlreadyDone):
        await world.service.timeout(game_id, timeout.stamp, [world.scheduler.done_step(timeout)])
    assert (await world.service.load(game_id)).row.status == "active", "the forfeit was rolled back"


async def test_jobs_survive_a_restart(world: World, database: str) -> None:
    await started(world, turn_seconds=600)
    await world.storage.close()
    storage = Storage(database)
    await storage.open()
    try:
        again = wire(storage, world.now)
        again.advance(3 * DAY)
        seen: list[Job] = []
        recorder(again, seen)
        assert await again.scheduler.run_due() == 2
        assert [job.kind for job in seen] == [REMIND, TIMEOUT]
        assert seen[1].due_at == 1_000.0 + 600
        assert await again.scheduler.run_due() == 0
    finally:
        await storage.close()
        await world.storage.open()


async def test_server_settings_shape_the_jobs(world: World) -> None:
    settings = SettingsStore(world.storage)
    await settings.update(GUILD, turn_seconds=7200, reminder_seconds=1800)
    await started(world)
    jobs = {job.kind: job.due_at for job in await world.scheduler.pending()}
    assert jobs == {REMIND: 1_000.0 + 5400, TIMEOUT: 1_000.0 + 7200}
    assert (await SettingsStore(world.storage).get(GUILD)).turn_seconds == 7200


async def test_an_unclaimed_time_out_is_asked_again_then_ends_after_the_servers_grace(world: World) -> None:
    settings = SettingsStore(world.storage)
    await settings.update(GUILD, turn_seconds=7200, claim_grace_seconds=5 * 3600)
    assert (await SettingsStore(world.storage).get(GUILD)).claim_grace_seconds == 5 * 3600
    game_id = await started(world)
    stamp = (await world.service.load(game_id)).row.turn_started_at
    assert stamp is not None
    [timeout] = [job for job in await world.scheduler.pending() if job.kind == TIMEOUT]
    assert await world.scheduler.claim(timeout, [world.scheduler.claim_step(game_id, GUILD, stamp, timeout.due_at)])
    jobs = {job.kind: job.due_at for job in await world.scheduler.pending()}
    assert jobs == {REMIND: stamp + 3600, CLAIM_AGAIN: stamp + 4 * 3600, UNCLAIMED: stamp + 7 * 3600}
    assert await world.scheduler.due_at(UNCLAIMED, game_id, stamp) == stamp + 7 * 3600
    [again] = [job for job in await world.scheduler.pending() if job.kind == CLAIM_AGAIN]
    await world.scheduler.claim(again, [world.scheduler.claim_step(game_id, GUILD, stamp, again.due_at)])
    [again] = [job for job in await world.scheduler.pending() if job.kind == CLAIM_AGAIN]
    assert again.due_at == stamp + 6 * 3600
    await world.scheduler.claim(again, [world.scheduler.claim_step(game_id, GUILD, stamp, again.due_at)])
    assert CLAIM_AGAIN not in {job.kind for job in await world.scheduler.pending()}, "none after the end"
    await world.service.play(game_id, ALICE, ["c3=3"])
    assert {job.kind for job in await world.scheduler.pending()} == {REMIND, TIMEOUT}, "a move voids them"


async def test_the_claim_question_is_replaced_only_from_the_one_stored(world: World) -> None:
    game_id = await started(world)
    assert await world.storage.set_claim_message(game_id, 11, None)
    assert not await world.storage.set_claim_message(game_id, 12, None), "another run asked first"
    assert not await world.storage.set_claim_message(game_id, None, 12)
    assert (await world.service.load(game_id)).row.claim_message == 11
    assert await world.storage.set_claim_message(game_id, None, 11)
    assert (await world.service.load(game_id)).row.claim_message is None


async def test_one_offer_at_a_time_and_a_draft_step_keeps_it(world: World) -> None:
    game_id = await started(world)
    await world.service.play(game_id, ALICE, ["c3=3"])
    await world.service.play(game_id, BOB, ["a1=1"])
    offered = await world.service.offer(game_id, BOB, "draw")
    with pytest.raises(ServiceError, match="already waiting for an answer") as refused:
        await world.service.offer(game_id, ALICE, "takeback")
    assert refused.value.key == "err.draw_pending" and refused.value.values["link"] == "<#2>"
    drafted = await world.service.add_to_draft(game_id, ALICE, "b2=2", None)
    assert drafted.version == offered.version + 1 and drafted.row.offer is not None
    drawn = await world.service.agree_draw(game_id, ALICE, offered.version)
    assert drawn.row.end_reason == "draw agreed" and drawn.row.offer is None


async def test_reminders_never_fall_before_the_turn(world: World) -> None:
    await started(world, turn_seconds=600)
    jobs = {job.kind: job.due_at for job in await world.scheduler.pending()}
    assert jobs[REMIND] == 1_000.0 + 300


def test_durations() -> None:
    assert parse_duration("30m") == 1800
    assert parse_duration("2h") == 7200
    assert parse_duration("3d") == 3 * 86400
    assert parse_duration("12") == 12 * 3600
    for bad in ("soon", "2w", "1m", "8d"):
        with pytest.raises(DurationError):
            parse_duration(bad)
    assert format_duration(90061) == "1d 1h"
    assert format_duration(5400) == "1h 30m"
    assert format_duration(10) == "1m"


async def test_take_back_replays_the_log_without_the_last_turn(world: World) -> None:
    game_id = await started(world)
    first = await world.service.play(game_id, ALICE, ["c3=3"])
    second = await world.service.play(game_id, BOB, ["d4=2"])
    with pytest.raises(ServiceError, match="no such offer"):
        await world.service.take_back(game_id, ALICE, second.version)
    await world.service.offer(game_id, BOB, "takeback")
    with pytest.raises(ServiceError, match="your opponent must answer"):
        await world.service.take_back(game_id, BOB, second.version)
    with pytest.raises(StaleButton):
        await world.service.take_back(game_id, ALICE, first.version)
    back = await world.service.take_back(game_id, ALICE, second.version)
    assert back.state == first.state and back.actors() == [BOB]
    assert [move.notation for move in await world.service.move_log(game_id)] == ["c3=3"]
    with pytest.raises(ServiceError, match="no such offer"):
        await world.service.take_back(game_id, ALICE, back.version)
    with pytest.raises(ServiceError, match="only your own last move"):
        await world.service.offer(game_id, BOB, "takeback")


async def test_an_agreed_draw_has_no_winner(world: World) -> None:
    game_id = await started(world)
    record = await world.service.offer(game_id, ALICE, "draw")
    drawn = await world.service.agree_draw(game_id, BOB, record.version)
    assert drawn.row.end_reason == "draw agreed" and drawn.outcome is not None and drawn.outcome.winners == ()
    assert await world.scheduler.pending() == []


async def test_an_offer_lapses_once_the_game_moves_on(world: World) -> None:
    game_id = await started(world)
    await world.service.offer(game_id, ALICE, "draw")
    moved = await world.service.play(game_id, ALICE, ["c3=3"])
    with pytest.raises(ServiceError, match="no such offer"):
        await world.service.agree_draw(game_id, BOB, moved.version)
    assert (await world.service.load(game_id)).row.status == "active"


async def test_a_failing_job_is_logged_with_its_game_and_stays_pending(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    failing, other = await started(world), await started(world)
    seen: list[Job] = []

    async def handle(job: Job) -> None:
        if job.game_id == failing:
            raise RuntimeError("a bug in a handler")
        seen.append(job)

    world.scheduler.handlers[TIMEOUT] = handle
    world.scheduler.handlers[REMIND] = handle
    world.advance(DAY + 1)
    await world.scheduler.run_due()
    assert {job.game_id for job in seen} == {other}
    assert f"timeout job 3 of game {failing} failed" in caplog.text
    assert {job.game_id for job in await world.scheduler.due()} == {failing}


async def test_a_leased_job_waits_for_its_lease_and_then_runs_elsewhere(world: World, database: str) -> None:
    """A process that took the due jobs and died: another process runs them once the lease is over."""
    await started(world)
    world.advance(3 * DAY)
    died_holding = await world.scheduler.lease_due()
    assert sorted(job.kind for job in died_holding) == [REMIND, TIMEOUT]
    other = Storage(database)
    await other.open()
    try:
        elsewhere = wire(other, world.now)
        seen: list[Job] = []
        recorder(elsewhere, seen)
        assert await elsewhere.scheduler.run_due() == 0, "the jobs are leased by the first process"
        assert await elsewhere.scheduler.next_due() == world.now[0] + LEASE_SECONDS
        world.advance(LEASE_SECONDS)
        assert await elsewhere.scheduler.run_due() == 2
        assert sorted(job.kind for job in seen) == [REMIND, TIMEOUT]
        assert await elsewhere.scheduler.run_due() == 0 and await elsewhere.scheduler.pending() == []
    finally:
        await other.close()


async def test_two_schedulers_taking_the_same_due_jobs_share_them_out(world: World, database: str) -> None:
    for _ in range(6):
        await started(world)
    world.advance(3 * DAY)
    other = Storage(database)
    await other.open()
    try:
        first, second = await asyncio.gather(
            world.scheduler.lease_due(), wire(other, world.now).scheduler.lease_due()
        )
    finally:
        await other.close()
    taken = [job.id for job in first + second]
    assert len(taken) == 12 and len(set(taken)) == 12, "every due job taken by exactly one of them"


async def test_done_and_voided_jobs_keep_no_row(world: World) -> None:
    """The jobs table holds only what may still fire: it does not grow with every move."""
    game_id = await started(world)
    for pillar, player in (("c3=3", ALICE), ("d4=2", BOB)):
        world.advance(60)
        await world.service.play(game_id, player, [pillar])
    recorder(world, [])
    world.advance(DAY - 4 * 3600)
    assert await world.scheduler.run_due() == 1  # the reminder fires
    rows = await world.storage.db.fetch("SELECT kind FROM jobs")
    assert [row[0] for row in rows] == [TIMEOUT]
