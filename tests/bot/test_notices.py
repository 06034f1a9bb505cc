"""The choices of ``/agora notify`` without Discord: who is pinged, when each digest falls, what it lists."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

import bot.storage as storage_module
from bot.notices import (
    DEFAULT_HOUR,
    DIGEST,
    DM,
    MENTION,
    QUIET,
    NoticeChoice,
    NoticeStore,
    Waiting,
    allowed_pings,
    check_hour,
    choose,
    digest_due_today,
    digest_message,
    following_digest,
    next_digest,
    zone_named,
    zone_suggestions,
)
from bot.service import ServiceError
from bot.storage import Storage

PARIS = ZoneInfo("Europe/Paris")


def paris(text: str) -> float:
    """A Paris wall-clock time, ``2026-10-25 08:00``, as a timestamp."""
    return datetime.fromisoformat(text).replace(tzinfo=PARIS).timestamp()


def shown(at: float) -> str:
    return datetime.fromtimestamp(at, PARIS).strftime("%Y-%m-%d %H:%M %Z")


def digests_between(start: float, days: int, hour: int) -> list[str]:
    """Every digest time from ``start`` on, each computed from the one before, as the sweep does."""
    found, at = [], start
    for _ in range(days):
        at = next_digest(at, hour, PARIS)
        found.append(shown(at))
    return found


def test_the_digest_falls_at_the_same_local_hour_across_the_autumn_change() -> None:
    # Clocks in Paris go back from 03:00 CEST to 02:00 CET on Sunday 25 October 2026.
    assert digests_between(paris("2026-10-23 12:00"), 4, 8) == [
        "2026-10-24 08:00 CEST", "2026-10-25 08:00 CET", "2026-10-26 08:00 CET", "2026-10-27 08:00 CET",
    ]  # fmt: skip
    saturday = paris("2026-10-24 08:00")
    sunday = next_digest(saturday, 8, PARIS)
    monday = next_digest(sunday, 8, PARIS)
    assert [(sunday - saturday) / 3600, (monday - sunday) / 3600] == [25, 24], "the Sunday lasts 25 hours"


def test_the_digest_falls_at_the_same_local_hour_across_the_spring_change() -> None:
    # Clocks in Paris go forward from 02:00 CET to 03:00 CEST on Sunday 29 March 2026.
    assert digests_between(paris("2026-03-27 20:00"), 4, 18) == [
        "2026-03-28 18:00 CET", "2026-03-29 18:00 CEST", "2026-03-30 18:00 CEST", "2026-03-31 18:00 CEST",
    ]  # fmt: skip


def test_an_hour_the_change_skips_or_repeats_still_gives_one_digest_that_day() -> None:
    # 02:00 does not exist on 29 March: the digest comes at the first moment after the gap.
    spring = digests_between(paris("2026-03-28 12:00"), 3, 2)
    assert [day.split()[0] for day in spring] == ["2026-03-29", "2026-03-30", "2026-03-31"]
    assert spring[0] == "2026-03-29 03:00 CEST"
    # 02:00 comes twice on 25 October: the digest comes at the first, not again at the second.
    autumn = digests_between(paris("2026-10-24 12:00"), 3, 2)
    assert autumn == ["2026-10-25 02:00 CEST", "2026-10-26 02:00 CET", "2026-10-27 02:00 CET"]


def test_a_year_of_digests_is_one_a_day() -> None:
    start = paris("2026-01-01 00:30")
    days = [day.split()[0] for day in digests_between(start, 365, 8)]
    expected = [(datetime(2026, 1, 1) + timedelta(days=n)).strftime("%Y-%m-%d") for n in range(365)]
    assert days == expected


def test_a_missed_digest_is_sent_late_the_same_day_only() -> None:
    due = paris("2026-10-25 08:00")
    choice = NoticeChoice(1, DIGEST, 8, "Europe/Paris", next_digest_at=due)
    assert digest_due_today(choice, paris("2026-10-25 23:59"))
    assert not digest_due_today(choice, paris("2026-10-26 00:00"))
    assert shown(following_digest(choice, paris("2026-10-25 23:59"))) == "2026-10-26 08:00 CET"
    assert shown(following_digest(choice, paris("2026-10-27 09:00"))) == "2026-10-28 08:00 CET"


def test_a_damaged_time_zone_falls_back_to_utc() -> None:
    choice = NoticeChoice(1, DIGEST, 8, "Nowhere/Atlantis", next_digest_at=0.0)
    following = following_digest(choice, datetime(2026, 5, 1, 9, tzinfo=UTC).timestamp())
    assert datetime.fromtimestamp(following, UTC) == datetime(2026, 5, 2, 8, tzinfo=UTC)


def test_time_zones_are_named_in_any_case_and_unknown_ones_refused() -> None:
    assert zone_named(" america/new_york ").key == "America/New_York"
    with pytest.raises(ServiceError) as refused:
        zone_named("Mars/Olympus`")
    assert refused.value.key == "err.notify_zone" and refused.value.values == {"typed": "Mars/Olympus"}
    assert [zone.key for zone in zone_suggestions("")[:2]] == ["Europe/Paris", "Europe/London"]
    assert [zone.key for zone in zone_suggestions("new york")] == ["America/New_York"]
    assert len(zone_suggestions("a")) == 25
    assert [zone.key for zone in zone_suggestions("heure de paris", "fr")] == ["Europe/Paris"]
    assert "Asia/Tokyo" in [zone.key for zone in zone_suggestions("Japon", "fr")], "a country, in French"
    assert zone_suggestions("Allemagne", "fr")[0].label == "Berlin · Allemagne (Europe/Berlin)"


@pytest.mark.parametrize("hour", [-1, 24, 99])
def test_an_hour_out_of_the_day_is_refused(hour: int) -> None:
    with pytest.raises(ServiceError) as refused:
        check_hour(hour)
    assert refused.value.key == "err.notify_hour"


def test_choosing_checks_what_was_typed_and_defaults_the_digest_hour() -> None:
    now = paris("2026-10-24 09:00")
    current = NoticeChoice(7, DM, 8, "Europe/Paris", "fr", dms_closed=True)
    digest = choose(current, DIGEST, None, None, "en", now)
    assert digest.hour_defaulted and digest.choice.digest_hour == DEFAULT_HOUR
    assert digest.choice.time_zone == "Europe/Paris", "the time zone given before is kept"
    assert digest.choice.next_digest_at == paris("2026-10-24 18:00") and not digest.choice.dms_closed
    moved = choose(NoticeChoice(7, DIGEST, 7, "Europe/Paris"), DIGEST, None, "Asia/Tokyo", "en", now)
    assert (moved.choice.digest_hour, moved.choice.time_zone, moved.hour_defaulted) == (7, "Asia/Tokyo", False)
    quiet = choose(current, QUIET, None, None, "en", now)
    assert quiet.choice.next_digest_at is None and not quiet.hour_defaulted
    for hour, zone in ((8, None), (None, "UTC")):
        with pytest.raises(ServiceError) as refused:
            choose(current, MENTION, hour, zone, "en", now)
        assert refused.value.key == "err.notify_digest_only"


def test_only_players_heard_by_the_mention_are_pinged() -> None:
    choices = [
        NoticeChoice(1, MENTION), NoticeChoice(2, DM), NoticeChoice(3, DIGEST), NoticeChoice(4, QUIET),
        NoticeChoice(5, DM, dms_closed=True), NoticeChoice(6, DIGEST, dms_closed=True),
        NoticeChoice(7, QUIET, dms_closed=True),
    ]  # fmt: skip
    allowed = allowed_pings(choices).to_dict()
    assert allowed == {"parse": [], "users": [1, 5, 6]}


def test_a_digest_lists_the_most_urgent_game_first() -> None:
    said = digest_message("en", [Waiting("Kouba", 9, 7200, "L9"), Waiting("Arkaios", 3, 600, "L3")])
    assert said.splitlines() == [
        "📬 Agora: 2 games are waiting for your move.", "• Arkaios #3: 10m left. L3", "• Kouba #9: 2h left. L9",
    ]  # fmt: skip
    assert digest_message("fr", [Waiting("Kouba", 9, 7200, "L9")]).splitlines()[0] == (
        "📬 Agora : 1 partie attend votre coup."
    )


async def test_a_digest_is_taken_once(database: str) -> None:
    storage = Storage(database)
    await storage.open()
    try:
        store = NoticeStore(storage)
        due = paris("2026-10-25 08:00")
        await store.choose(NoticeChoice(5, DIGEST, 8, "Europe/Paris", None, False, due))
        [found] = await store.due_digests(due)
        following = following_digest(found, due)
        assert await store.take_digest(found, following)
        assert not await store.take_digest(found, following), "a second run finds it taken"
        assert await store.due_digests(due) == []
        assert await store.close_dms(5) and not await store.close_dms(5), "closed DMs are told once"
        assert (await store.get(5)).heard_by == MENTION and (await store.get(6)) == NoticeChoice(6)
    finally:
        await storage.close()


async def test_players_who_opted_in_to_dm_reminders_now_hear_by_dm(
    empty_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    every = storage_module.migrations
    monkeypatch.setattr(storage_module, "migrations", lambda dialect: [m for m in every(dialect) if m[0] < 19])
    storage = Storage(empty_database)
    await storage.open()
    async with storage.transaction() as db:
        await db.executemany("INSERT INTO reminder_optins (user_id, dm) VALUES (?, ?)", [(1, 1), (2, 0)])
    await storage.close()
    monkeypatch.setattr(storage_module, "migrations", every)
    await storage.open()  # migration 019
    try:
        choices = await NoticeStore(storage).of([1, 2, 3])
        assert [choice.mode for choice in choices.values()] == [DM, MENTION, MENTION]
        assert choices[1] == NoticeChoice(1, DM), "no digest, no language: the server's, as before"
    finally:
        await storage.close()
