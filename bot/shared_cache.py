"""What a process keeps in memory of the database, kept true when any process changes it.

Each process keeps server settings, members' names, players' notice choices and time away, and
the tournament round of games in memory (:class:`Kept`): each is read far more often than it is
written.  Every write of such a thing calls :meth:`ChangeNotices.changed` inside its transaction:
the entry is dropped here at once and, on PostgreSQL, the transaction sends a notice on the channel
``agora_changes`` naming it, which PostgreSQL delivers to every listening process when (and only
if) the transaction commits.  Each process listens on a connection of its own (:class:`Listener`)
and drops the entries named; the next use reads them again.

Every notice carries a number of the sequence ``change_notices``.  The listener reads the sequence
every :data:`HEARTBEAT_SECONDS`: a number not heard of for a whole period (a notice missed) drops
everything kept.  From the moment the listening connection closes (PostgreSQL restarted, the
connection cut) nothing kept is used (every read goes to the database) until a new connection
listens, and everything kept is dropped then, so what changed meanwhile is read again.  Before
running due jobs, the scheduler waits until every change committed so far is heard of
(:meth:`ChangeNotices.caught_up`): no job runs with a setting changed before it started.

On SQLite one process holds the file: dropping the entry at the write is all it takes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

import asyncpg

from bot.database import Connection
from bot.recent import Recent

log = logging.getLogger("agora.changes")

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

CHANNEL = "agora_changes"
APPLICATION_NAME = "agora-changes"  # how pg_stat_activity names each process's listening connection
SEQUENCE = "change_notices"
EVERYTHING = "*"  # the key of a notice that drops every entry of its topic
HEARTBEAT_SECONDS = 1.0  # between two checks of the sequence (a connection silently dead is found by one)
HEARTBEAT_TIMEOUT = 1.0  # a check unanswered for this long: the connection is dead
CONNECT_TIMEOUT = 5.0
CATCH_UP_SECONDS = 0.5  # how long the scheduler waits for notices already sent before dropping everything
RECONNECT_SECONDS = (0.05, 0.2, 0.5, 1.0, 2.0)  # waits between attempts to listen again
NOTIFY = f"SELECT pg_notify('{CHANNEL}', nextval('{SEQUENCE}')::text || ' ' || ?)"
LAST_NUMBER = f"SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM {SEQUENCE}"


def key_text(key: Hashable) -> str:
    """A kept entry's key as a notice names it.

    >>> key_text(42), key_text((7, 9))
    ('42', '7:9')
    """
    return ":".join(map(str, key)) if isinstance(key, tuple) else str(key)


class Kept(Generic[K, V]):
    """A bounded memory of one topic's entries, read again after any process changed them.

    Read with :meth:`get`; after reading the database, store with :meth:`keep` and the
    :meth:`ChangeNotices.mark` taken before the read: an entry dropped while the read was under way
    is not stored (what was read may be older than the change).

    >>> changes = ChangeNotices("sqlite"); changes.live = True
    >>> names: Kept[int, str] = changes.kept("names", 10)
    >>> mark = changes.mark(); names.keep(7, "Ada", mark); names.get(7)
    'Ada'
    >>> names.drop_text("7"); names.get(7) is None
    True
    """

    def __init__(self, changes: ChangeNotices, kept: int) -> None:
        self.changes = changes
        self._entries: Recent[str, V] = Recent(kept)

    def __contains__(self, key: K) -> bool:
        return self.changes.live and key_text(key) in self._entries

    def get(self, key: K) -> V | None:
        """The entry kept for ``key`` (None: read the database), never while notices may be missed."""
        return self._entries.get(key_text(key)) if self.changes.live else None

    def peek(self, key: K) -> V | None:
        """The entry last kept for ``key``, even while notices may be missed: for code that cannot await."""
        return self._entries.get(key_text(key))

    def keep(self, key: K, value: V, mark: int) -> None:
        """Keep what was read for ``key`` if nothing was dropped since ``mark``."""
        if self.changes.live and self.changes.epoch == mark:
            self._entries[key_text(key)] = value

    def drop_text(self, text: str) -> None:
        self._entries.discard(text)

    def clear(self) -> None:
        self._entries = Recent(self._entries.kept)


class ChangeNotices:
    """Every topic a process keeps, and the notices that drop their entries (see the module)."""

    def __init__(self, dialect: str) -> None:
        self.dialect = dialect
        self.topics: dict[str, Kept[Any, Any]] = {}
        # Whether every change is heard of: always on SQLite, while the listener is connected on PostgreSQL.
        self.live = dialect != "postgresql"
        self.epoch = 0  # counts drops: a read that started before one does not keep what it read
        self.base = 0  # every notice number up to this one is accounted for
        self._heard: set[int] = set()  # numbers heard beyond ``base``
        self._suspect: int | None = None  # a number issued at the last check, not accounted for since
        self._advanced = asyncio.Event()

    @property
    def exact(self) -> bool:
        """Whether what is kept is always what is stored, even inside a transaction (one process: SQLite)."""
        return self.dialect != "postgresql"

    def kept(self, topic: str, size: int) -> Kept[Any, Any]:
        """The memory of ``topic`` (made on first use, shared by every store that keeps it)."""
        if topic not in self.topics:
            self.topics[topic] = Kept(self, size)
        return self.topics[topic]

    def mark(self) -> int:
        """Taken before reading the database, given back to :meth:`Kept.keep`."""
        return self.epoch

    async def changed(self, db: Connection, topic: str, key: Hashable = EVERYTHING) -> None:
        """Inside the transaction that writes ``topic``'s ``key``: drop it here, and everywhere once committed."""
        self.drop(topic, key_text(key))
        if self.dialect == "postgresql":
            await db.fetchrow(NOTIFY, (f"{topic} {key_text(key)}",))

    def drop(self, topic: str, text: str) -> None:
        self.epoch += 1
        kept = self.topics.get(topic)
        if kept is None:
            return
        if text == EVERYTHING:
            kept.clear()
        else:
            kept.drop_text(text)

    def forget_all(self) -> None:
        """Drop every entry of every topic (notices were missed, or may have been)."""
        self.epoch += 1
        for kept in self.topics.values():
            kept.clear()

    def heard(self, payload: str) -> None:
        """A notice: ``NUMBER TOPIC KEY``."""
        number, topic, text = payload.split(" ", 2)
        self.drop(topic, text)
        if int(number) > self.base:
            self._heard.add(int(number))
            self._advance()

    def account(self, upto: int) -> None:
        """Every number up to ``upto`` counts as heard (everything kept was dropped since it was issued)."""
        self.base = max(self.base, upto)
        self._heard = {number for number in self._heard if number > self.base}
        self._advance()

    def _advance(self) -> None:
        while self.base + 1 in self._heard:
            self._heard.remove(self.base + 1)
            self.base += 1
        self._advanced.set()
        self._advanced = asyncio.Event()

    def check(self, last: int) -> None:
        """The heartbeat's version check: ``last`` is the newest number issued.  A number already issued at
        the check before and still not heard of was missed (or its transaction rolled back): drop everything."""
        if self._suspect is not None and self.base < self._suspect:
            log.info("change notice %d was not heard of: every kept entry is read again", self.base + 1)
            self.forget_all()
            self.account(self._suspect)
        self._suspect = last if last > self.base else None

    def listening(self, last: int) -> None:
        """The listener (re)connected: notices are heard from now on, and what changed meanwhile is read again."""
        self.forget_all()
        self.account(last)
        self._suspect = None
        self.live = True

    def deaf(self) -> None:
        """The listener lost its connection: nothing kept is used until it listens again."""
        self.live = False
        self.forget_all()

    async def caught_up(self, db: Connection) -> None:
        """Return once every change committed before now is heard of (after CATCH_UP_SECONDS, drop everything)."""
        if self.dialect != "postgresql" or not self.live:
            return
        found = await db.fetchrow(LAST_NUMBER)
        last = 0 if found is None else int(found[0])
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(CATCH_UP_SECONDS):
                while self.base < last:
                    await self._advanced.wait()
        if self.base < last:
            self.forget_all()
            self.account(last)


class Listener:
    """The connection a PostgreSQL process hears change notices on, connected again whenever it is lost."""

    def __init__(self, url: str, changes: ChangeNotices) -> None:
        self.url = url
        self.changes = changes
        self._task: asyncio.Task[None] | None = None
        self.connection: asyncpg.Connection | None = None
        self.connected = asyncio.Event()
        self.heartbeats = 0  # checks answered on the current connection

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="agora-change-notices")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        attempt = 0
        while True:
            try:
                await self._listen()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # whatever broke the connection, the process listens again
                log.warning("change notices: connection lost (%s); listening again", error)
            finally:
                self.changes.deaf()
                self.connected.clear()
                await self._close()
            attempt = 0 if self.heartbeats else attempt + 1  # it listened a while: try again at once
            self.heartbeats = 0
            await asyncio.sleep(RECONNECT_SECONDS[min(attempt, len(RECONNECT_SECONDS) - 1)])

    async def _listen(self) -> None:
        listening = asyncpg.connect(self.url, server_settings={"application_name": APPLICATION_NAME})
        self.connection = connection = await asyncio.wait_for(listening, CONNECT_TIMEOUT)
        # A connection closed under it: nothing kept is used from this moment, until it listens again.
        connection.add_termination_listener(lambda _: self.changes.deaf())
        await connection.add_listener(CHANNEL, lambda _c, _p, _ch, payload: self.changes.heard(str(payload)))
        self.changes.listening(int(await connection.fetchval(LAST_NUMBER)))
        self.connected.set()
        while not connection.is_closed():
            # A plain sleep between checks (a check is a moment's work): the process is idle meanwhile.
            await asyncio.sleep(HEARTBEAT_SECONDS)
            if not connection.is_closed():
                self.changes.check(int(await asyncio.wait_for(connection.fetchval(LAST_NUMBER), HEARTBEAT_TIMEOUT)))
                self.heartbeats += 1
        raise ConnectionResetError("the listening connection was closed")

    async def _close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(Exception):
                self.connection.terminate()
            self.connection = None
