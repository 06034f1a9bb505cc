"""Seasons below the bot: periods, roll-overs at their end, results counted where they finished,
season tables, inactivity, and profile badges; on SQLite then PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot import ratings
from bot.opponent import Record
from bot.profile_card import earned_badges, longest_seen_through, on_a_podium
from bot.rewards import RewardStore
from bot.seasons import MONTHLY, QUARTERLY, SeasonError, Seasons, period_of
from bot.service import GameService
from bot.storage import GameRow, Storage
from tests.bot.test_ratings import quick_win_for_second

GUILD = 1
ALICE, BOB, CAROL = 101, 202, 303
DAY = 86400.0


def stamp(year: int, month: int, day: int = 1) -> float:
    return datetime(year, month, day, tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def world(database: str) -> AsyncIterator[tuple[GameService, Seasons, Clock]]:
    storage = Storage(database)
    await storage.open()
    clock = Clock(stamp(2027, 1, 15))
    service = GameService(storage, clock=clock)
    seasons = Seasons(storage, clock)
    service.on_finish.append(seasons.finish_step(service.unrated_users))
    yield service, seasons, clock
    await storage.close()


def test_periods_are_calendar_months_and_quarters_in_utc() -> None:
    assert period_of(MONTHLY, stamp(2026, 12, 31) + 3600) == (stamp(2026, 12), stamp(2027, 1))
    assert period_of(QUARTERLY, stamp(2027, 3, 31)) == (stamp(2027, 1), stamp(2027, 4))
    assert period_of(QUARTERLY, stamp(2027, 10)) == (stamp(2027, 10), stamp(2028, 1))


async def test_a_season_closes_at_its_end_and_the_next_starts_with_the_period_of_now(
    world: tuple[GameService, Seasons, Clock],
) -> None:
    _, seasons, clock = world
    await seasons.update_settings(GUILD, cadence=MONTHLY)
    first = await seasons.current(GUILD)
    assert first is not None and first.number == 1 and first.ends_at == stamp(2027, 2)
    clock.now = stamp(2027, 4, 10)  # down for two months
    assert await seasons.roll_due() == 1
    [now, then] = await seasons.of_guild(GUILD)
    assert then.ended_at == stamp(2027, 2) and now.number == 2
    assert (now.started_at, now.ends_at, now.running) == (stamp(2027, 4), stamp(2027, 5), True)
    assert await seasons.roll_due() == 0
    assert [s.number for s in await seasons.unposted()] == [1]
    assert await seasons.claim_post(then) and not await seasons.claim_post(then)
    assert await seasons.unposted() == []


async def test_results_count_in_the_season_running_when_the_game_finished(
    world: tuple[GameService, Seasons, Clock],
) -> None:
    service, seasons, clock = world
    await seasons.update_settings(GUILD, cadence=MONTHLY)
    await quick_win_for_second(service, ALICE, BOB)
    clock.now = stamp(2027, 2) + 60  # nobody rolled the season over yet: the finishing write does
    await quick_win_for_second(service, BOB, CAROL)
    first, second = await seasons.numbered(GUILD, 1), await seasons.numbered(GUILD, 2)
    assert first is not None and second is not None and first.ended_at == stamp(2027, 2)
    before = await seasons.table(first.id, "arkaios", 0, 10)
    assert [(r.user_id, r.wins, r.games) for r in before] == [(BOB, 1, 1), (ALICE, 0, 1)]
    table = await seasons.table(second.id, "arkaios", 0, 10)
    # A fresh start: Bob's loss counts as if it were his first game, like Alice's in season 1.
    assert [(r.user_id, r.label) for r in table] == [(CAROL, before[0].label), (BOB, before[1].label)]
    lifetime = {r.user_id: r.games for r in await ratings.leaderboard(service.storage, GUILD, "arkaios", 0, 10)}
    assert lifetime == {BOB: 2, CAROL: 1, ALICE: 1}


async def test_inactive_players_leave_the_current_tables_until_their_next_game(
    world: tuple[GameService, Seasons, Clock],
) -> None:
    service, seasons, clock = world
    settings = await seasons.update_settings(GUILD, cadence=QUARTERLY, inactive_days=30)
    await quick_win_for_second(service, ALICE, BOB)
    clock.now += 31 * DAY
    await quick_win_for_second(service, CAROL, BOB)
    since = settings.active_since(clock.now)
    board = await ratings.leaderboard(service.storage, GUILD, "arkaios", 0, 10, since)
    assert {r.user_id for r in board} == {BOB, CAROL}
    assert await ratings.board_size(service.storage, GUILD, "arkaios", since) == 2
    season = await seasons.current(GUILD)
    assert season is not None and await seasons.table_size(season.id, "arkaios", since) == 2
    assert await seasons.place_of(season.id, "arkaios", ALICE, since) is None
    assert await seasons.place_of(season.id, "arkaios", BOB, since) == 1


async def test_by_hand_and_bad_settings(world: tuple[GameService, Seasons, Clock]) -> None:
    service, seasons, clock = world
    with pytest.raises(SeasonError) as none:
        await seasons.end(GUILD)
    assert none.value.key == "season.err.none_running"
    ended, started = await seasons.start(GUILD)
    assert ended is None and started.number == 1 and started.ends_at is None
    await quick_win_for_second(service, ALICE, BOB)
    clock.now += DAY
    assert (await seasons.end(GUILD)).ended_at == clock.now and await seasons.current(GUILD) is None
    assert await on_a_podium(service.storage, GUILD, ALICE) and not await on_a_podium(service.storage, GUILD, CAROL)
    with pytest.raises(SeasonError) as cadence:
        await seasons.update_settings(GUILD, cadence="weekly")
    assert cadence.value.key == "season.err.cadence"


async def test_the_bot_takes_back_only_the_roles_it_gave_and_reports_a_problem_once(database: str) -> None:
    storage = Storage(database)
    await storage.open()
    rewards = RewardStore(storage)
    await rewards.set_holders(GUILD, 9, [ALICE, BOB])
    await rewards.set_holders(GUILD, 9, [BOB])
    assert await rewards.holders(GUILD, 9) == {BOB} and await rewards.holders(GUILD, 8) == set()
    told = [await rewards.first_report(GUILD, "reward.err.manage_roles") for _ in range(3)]
    assert told == [True, False, False]
    assert await rewards.first_report(GUILD, "reward.err.role_above")
    await rewards.solved(GUILD)
    assert await rewards.first_report(GUILD, "reward.err.role_above")
    await storage.close()


def finished(game_id: int, winner_seat: int, reason: str, when: float) -> GameRow:
    outcome = {"winners": [winner_seat], "reason": reason}
    return GameRow(game_id, "arkaios", GUILD, 2, "finished", [ALICE, BOB], [ALICE, BOB], {}, 0, None, [], outcome,
                   reason, 3, None, when, when, None)  # fmt: skip


def test_a_resignation_breaks_a_run_of_games_seen_through() -> None:
    games = [finished(n, 1, "rules", float(n)) for n in range(12)]
    assert longest_seen_through(games, ALICE) == 12
    games[5] = finished(5, 1, "resignation", 5.0)  # Alice (seat 0) resigned
    assert longest_seen_through(games, ALICE) == 6 and longest_seen_through(games, BOB) == 12
    assert earned_badges(games, BOB, {"hard": Record(wins=1)}, podium=True) == ["agora_hard", "seen_through", "podium"]
    assert earned_badges(games, ALICE, {"medium": Record(wins=3)}, podium=False) == []
