"""The tournament service on a real database (SQLite, then PostgreSQL), without Discord: sign-up, rounds, results."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.scheduler import LEASE_SECONDS
from bot.service import GameService, ServiceError
from bot.storage import Storage
from bot.tournament import (
    BOARDS,
    CANCELLED,
    FINISHED,
    PAIR,
    PAUSED,
    RUNNING,
    Tournament,
    TournamentJob,
    TournamentService,
)

START = 10_000.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def clock() -> Clock:
    return Clock()


@pytest.fixture
async def tournaments(database: str, clock: Clock) -> AsyncIterator[TournamentService]:
    storage = Storage(database)
    await storage.open()
    games = GameService(storage, clock=clock)
    service = TournamentService(storage, games, clock)
    games.on_finish.append(service.finish_step)
    yield service
    await storage.close()


async def swiss(tournaments: TournamentService, players: int, rounds: int = 3, format_: str = "swiss") -> int:
    made = await tournaments.create(
        guild_id=1, channel_id=2, creator=9, game="arkaios", format_=format_, rounds=rounds, options={},
        turn_seconds=None, starts_at=START,
    )
    for uid in range(101, 101 + players):
        await tournaments.join(made.id, uid)
    return made.id


async def finish_round(tournaments: TournamentService, tournament_id: int, round_: int) -> None:
    """The first player of every game resigns."""
    for table in await tournaments.tables(tournament_id, round_):
        if table.game_id is not None and not table.finished:
            await tournaments.games.resign(table.game_id, table.seats[0])


async def test_formats_fit_the_game(tournaments: TournamentService) -> None:
    with pytest.raises(ServiceError, match="Arkaios is a duel"):
        await tournaments.create(guild_id=1, channel_id=2, creator=9, game="arkaios", format_="tables", rounds=3,
                                 options={}, turn_seconds=None, starts_at=START)
    with pytest.raises(ServiceError, match="1 to 20 rounds"):
        await tournaments.create(guild_id=1, channel_id=2, creator=9, game="arkaios", format_="swiss", rounds=0,
                                 options={}, turn_seconds=None, starts_at=START)
    with pytest.raises(ServiceError, match="must be baby, little"):
        await tournaments.create(guild_id=1, channel_id=2, creator=9, game="dragons_arena", format_="swiss",
                                 rounds=3, options={"level": "huge"}, turn_seconds=None, starts_at=START)


async def test_sign_up_until_the_start(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 3)
    with pytest.raises(ServiceError, match="already signed up"):
        await tournaments.join(tid, 101)
    assert await tournaments.leave(tid, 103) is None
    assert [e.user_id for e in await tournaments.entries(tid)] == [101, 102]
    assert await tournaments.run_due() == 0, "nothing before the start time"
    clock.now = START
    assert await tournaments.run_due() == 1
    assert (await tournaments.get(tid)).status == RUNNING
    with pytest.raises(ServiceError, match="already started"):
        await tournaments.join(tid, 104)


async def test_a_tournament_without_players_is_cancelled(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 1)
    clock.now = START
    await tournaments.run_due()
    assert (await tournaments.get(tid)).status == CANCELLED


async def test_a_round_is_paired_once(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 5)
    clock.now = START
    [job] = await tournaments.due()
    await tournaments.pair(job)
    await tournaments.pair(job)
    await tournaments.pair(TournamentJob(job.id + 100, tid, PAIR, 1, START))  # a stray job for the same round
    tables = await tournaments.tables(tid, 1)
    assert len(tables) == 3 and sum(t.is_bye for t in tables) == 1
    assert len(await tournaments.storage.games_with_status(["active"])) == 2


async def test_rounds_follow_results_and_pause_holds_them(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 4, rounds=2)
    clock.now = START
    await tournaments.run_due()
    await tournaments.pause(tid)
    await finish_round(tournaments, tid, 1)
    await tournaments.run_due()
    assert await tournaments.tables(tid, 2) == [], "a paused tournament waits"
    with pytest.raises(ServiceError, match="not running"):
        await tournaments.pause(tid)
    await tournaments.resume(tid)
    await tournaments.run_due()
    round2 = await tournaments.tables(tid, 2)
    assert len(round2) == 2
    round1 = {frozenset(t.seats) for t in await tournaments.tables(tid, 1)}
    assert not any(frozenset(t.seats) in round1 for t in round2)
    await finish_round(tournaments, tid, 2)
    await tournaments.run_due()
    done = await tournaments.get(tid)
    assert done.status == FINISHED and done.winner is not None
    table = await tournaments.standings(done)
    assert table[0].user_id == done.winner and table[0].points == 2.0
    assert [t.id for t in await tournaments.played_by(1, done.winner)] == [tid]
    assert await tournaments.played_by(2, done.winner) == [], "another server's tournaments are not listed"


async def test_withdrawn_players_are_not_paired_again(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 4)
    clock.now = START
    await tournaments.run_due()
    game = next(t for t in await tournaments.tables(tid, 1) if t.game_id is not None)
    running = await tournaments.leave(tid, game.seats[0])
    assert running == game, "the game goes on unless its player resigns it"
    await finish_round(tournaments, tid, 1)
    await tournaments.run_due()
    seated = [uid for t in await tournaments.tables(tid, 2) for uid in t.seats]
    assert game.seats[0] not in seated and len(seated) == 3
    with pytest.raises(ServiceError, match="not playing"):
        await tournaments.leave(tid, game.seats[0])


async def test_the_director_ends_an_event_and_forces_results(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 4)
    clock.now = START
    await tournaments.run_due()
    first, second = await tournaments.tables(tid, 1)
    assert first.game_id is not None
    await tournaments.force_result(first.game_id, first.seats[1])
    with pytest.raises(ServiceError, match="already over"):
        await tournaments.force_result(first.game_id, None)
    with pytest.raises(ServiceError, match="not seated"):
        await tournaments.force_result(second.game_id or 0, first.seats[0])
    with pytest.raises(ServiceError, match="not a tournament game"):
        await tournaments.force_result(999, None)
    ended = await tournaments.end(tid)
    assert ended.status == FINISHED and ended.winner == first.seats[1]
    with pytest.raises(ServiceError, match="is over"):
        await tournaments.end(tid)


async def test_round_robin_meets_everyone(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 4, format_="round_robin")
    clock.now = START
    met: set[frozenset[int]] = set()
    for round_ in (1, 2, 3):
        await tournaments.run_due()
        tables = await tournaments.tables(tid, round_)
        met |= {frozenset(t.seats) for t in tables}
        await finish_round(tournaments, tid, round_)
    await tournaments.run_due()
    assert len(met) == 6 and (await tournaments.get(tid)).status == FINISHED


async def test_paused_status_is_reported(tournaments: TournamentService, clock: Clock) -> None:
    tid = await swiss(tournaments, 2)
    clock.now = START
    await tournaments.run_due()
    assert (await tournaments.pause(tid)).status == PAUSED


async def test_a_failing_tournament_does_not_hold_up_the_others(
    tournaments: TournamentService, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    broken = await swiss(tournaments, 2)
    healthy = await swiss(tournaments, 2)
    said: list[int] = []

    async def announce(tournament: Tournament, job: TournamentJob) -> None:
        if tournament.id == broken:
            raise RuntimeError("cannot post")
        said.append(tournament.id)

    tournaments.handlers[BOARDS] = announce
    clock.now = START
    await tournaments.run_due()
    assert said == [healthy]
    assert "boards job" in caplog.text and f"of tournament {broken} failed" in caplog.text
    assert [job.tournament_id for job in await tournaments.due() if job.kind == BOARDS] == [broken], "retried later"


async def test_a_leased_tournament_job_waits_for_the_end_of_its_lease(
    tournaments: TournamentService, clock: Clock
) -> None:
    """The process that took the pairing died: the round is paired once its lease is over."""
    tid = await swiss(tournaments, 2)
    clock.now = START
    [held] = await tournaments.lease_due()
    assert held.kind == PAIR
    assert await tournaments.run_due() == 0, "another process holds it"
    clock.now = START + LEASE_SECONDS
    assert await tournaments.run_due() == 1
    assert (await tournaments.get(tid)).status == RUNNING and len(await tournaments.tables(tid, 1)) == 1
