"""What two processes keep in memory of one PostgreSQL database stays true (bot/shared_cache.py).

Two storages on one database stand for two processes: each has its own memory, its own pool and
its own listening connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.away import TimeAway
from bot.notices import DM, NoticeChoice, NoticeStore
from bot.settings import CLAIM, FORFEIT, SettingsStore
from bot.shared_cache import LAST_NUMBER, ChangeNotices
from bot.storage import Storage
from tests.postgres_server import PostgresServer

GUILD, ALICE = 5, 7
WAIT = 5.0  # far above a notice's way from one process to another


@pytest.fixture
async def pair(postgres_server: PostgresServer) -> AsyncIterator[tuple[Storage, Storage]]:
    url = postgres_server.fresh_database()
    one, other = Storage(url), Storage(url)
    await one.open()
    await other.open()
    yield one, other
    await one.close()
    await other.close()


async def eventually(read: Callable[[], Awaitable[object]], wanted: object) -> None:
    """Poll ``read()`` until it gives ``wanted``; fail after WAIT seconds."""
    async with asyncio.timeout(WAIT):
        while await read() != wanted:
            await asyncio.sleep(0.01)


async def live(storage: Storage) -> bool:
    return storage.changes.live


async def test_a_setting_changed_by_one_process_is_read_by_the_other(pair: tuple[Storage, Storage]) -> None:
    one, other = pair
    assert (await SettingsStore(other).get(GUILD)).timeout_rule == FORFEIT  # kept in the other's memory
    await SettingsStore(one).update(GUILD, timeout_rule=CLAIM)
    await eventually(lambda: rule(other), CLAIM)
    assert other.changes.live


async def rule(storage: Storage) -> str:
    return (await SettingsStore(storage).get(GUILD)).timeout_rule


async def test_an_update_keeps_the_settings_another_process_just_changed(pair: tuple[Storage, Storage]) -> None:
    one, other = pair
    await SettingsStore(other).get(GUILD)
    await SettingsStore(one).update(GUILD, language="fr")
    changed = await SettingsStore(other).update(GUILD, timeout_rule=CLAIM)
    assert (changed.language, changed.timeout_rule) == ("fr", CLAIM), "the other's change is not written over"


async def test_notice_choices_and_time_away_reach_the_other_process(pair: tuple[Storage, Storage]) -> None:
    one, other = pair
    assert (await NoticeStore(other).get(ALICE)).mode != DM
    assert await TimeAway(other).away_until([ALICE]) == {}
    await NoticeStore(one).choose(NoticeChoice(ALICE, DM))
    started = await TimeAway(one).start(ALICE, 2)
    await eventually(lambda: mode(other), DM)
    await eventually(lambda: TimeAway(other).away_until([ALICE]), {ALICE: started.away.until})


async def mode(storage: Storage) -> str:
    return (await NoticeStore(storage).get(ALICE)).mode


async def test_a_notice_missed_while_listening_is_healed_by_the_version_check(pair: tuple[Storage, Storage]) -> None:
    one, other = pair
    await SettingsStore(other).get(GUILD)
    listening, astray = other.changes.heard, []
    other.changes.heard = astray.append  # type: ignore[method-assign]  # the notice goes astray
    await SettingsStore(one).update(GUILD, timeout_rule=CLAIM)
    await eventually(lambda: asyncio.sleep(0, len(astray)), 1)
    other.changes.heard = listening  # type: ignore[method-assign]
    assert await rule(other) == FORFEIT, "without its notice the other still has the old setting"
    last = await newest_number(other)
    other.changes.check(last)  # a check finds a number not heard of...
    other.changes.check(last)  # ...and the next one, still not: every kept entry is read again
    assert await rule(other) == CLAIM


async def newest_number(storage: Storage) -> int:
    found = await storage.db.fetchrow(LAST_NUMBER)
    assert found is not None
    return int(found[0])


async def test_jobs_wait_until_every_change_committed_before_them_is_heard_of(pair: tuple[Storage, Storage]) -> None:
    one, other = pair
    await SettingsStore(other).get(GUILD)
    other.changes.heard = lambda payload: None  # type: ignore[method-assign]  # no notice arrives at all
    await SettingsStore(one).update(GUILD, timeout_rule=CLAIM)
    await other.changes.caught_up(other.db)  # what a scheduler's run does first
    assert await rule(other) == CLAIM, "a change never heard of is read again before any job runs"


async def test_nothing_kept_is_used_while_the_listening_connection_is_down(pair: tuple[Storage, Storage]) -> None:
    one, other = pair
    await SettingsStore(other).get(GUILD)
    listener = other._listener
    assert listener is not None and listener.connection is not None
    await one.db.fetchrow("SELECT pg_terminate_backend(?)", (listener.connection.get_server_pid(),))
    await eventually(lambda: live(other), False)
    await SettingsStore(one).update(GUILD, timeout_rule=CLAIM)
    assert await rule(other) == CLAIM, "read from the database while not listening"
    await eventually(lambda: live(other), True)
    assert await rule(other) == CLAIM


def test_one_sqlite_process_drops_what_it_writes_and_needs_no_listener() -> None:
    changes = ChangeNotices("sqlite")
    kept = changes.kept("settings", 10)
    kept.keep(GUILD, "before", changes.mark())
    assert changes.live and changes.exact and kept.get(GUILD) == "before"
    changes.drop("settings", str(GUILD))
    assert kept.get(GUILD) is None


def test_a_read_under_way_when_its_entry_is_dropped_keeps_nothing() -> None:
    changes = ChangeNotices("sqlite")
    kept = changes.kept("names", 10)
    mark = changes.mark()  # the read starts...
    changes.drop("names", "5:7")  # ...another process's change is heard of meanwhile...
    kept.keep((5, 7), "old name", mark)  # ...what the read found may be older than the change
    assert kept.get((5, 7)) is None
