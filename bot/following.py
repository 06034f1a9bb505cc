"""Following a game one does not play, and the game's spectators' thread.

A member follows a game (its board's Follow button, ``/follow``) to hear of it by their own
``/agora notify`` choice: ``dm`` sends a DM each time the game moves on, ``digest`` lists it in their
daily digest, ``mention`` and ``quiet`` tell nothing but ``/following``; the end of the game is told
the same way. Who may follow comes from the stored game: its players never (they see its board), and
nobody once it is over; a server may keep rated games from being followed (``/agora settings``).
What followers are told is worded from the spectators' view, so it holds no secret.

Each follow remembers how far its follower was told of the game (``told_mark``: the moves played,
plus one once the game ended; offers and other changes that play no move tell nothing): a DM or a
digest moves it on in one guarded write, so nothing is told twice, even by several processes.

A game's spectators' thread is a private thread of the game's channel, opened by the first follower
who asks, to which the bot adds followers only: never a player of the game, and a follower who
takes a seat leaves it (and stops following). When the game ends, its players are added and the final
board posted there (the thread's ``state`` goes from ``open`` to ``shared`` in a guarded write). A
channel that allows no private thread gets none (``unavailable``), never a public one.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.database import Row
from bot.endings import result_text
from bot.i18n import game_named, text, word
from bot.ratings import is_rated
from bot.records import ACTIVE, CHALLENGE, GameRecord, Records, jump_link, refusal
from bot.settings import GuildSettings
from bot.shared_cache import Kept
from bot.storage import Storage

OPEN, SHARED, UNAVAILABLE = "open", "shared", "unavailable"
KEPT_SECONDS = 7 * 86400  # a finished game stays in /following this long after its end
NAME_LENGTH = 100  # Discord's longest thread name
WATCHED_KEPT = 4096  # games whose thread and followers a process remembers
PLAYED = (CHALLENGE, ACTIVE)  # a challenge or an open table, and a game being played
# How far a game went, in SQL over ``games g`` (two placeholders: PLAYED): its moves, plus one once it ended.
MARK_OF_GAME = (
    "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) + CASE WHEN g.status IN (?, ?) THEN 0 ELSE 1 END"
)


@dataclass(frozen=True)
class Follow:
    """One member following one game; ``told_mark``: how far they were told of it (see ``MARK_OF_GAME``)."""

    game_id: int
    user_id: int
    guild_id: int
    followed_at: float
    told_mark: int


@dataclass(frozen=True)
class SpectatorThread:
    """A game's spectators' thread (none for ``unavailable``) and its commentary message."""

    game_id: int
    thread_id: int | None
    state: str
    comment_message_id: int | None = None


def check_may_follow(record: GameRecord, user_id: int, settings: GuildSettings, unrated: Collection[int]) -> None:
    """Refuse a follow the stored game does not allow: a player of it, a game over, a rated game on a
    server that keeps rated games from followers.

    >>> from bot.storage import GameRow
    >>> row = GameRow(4, "some_game", 1, 1, "active", [7, 8], [7, 8], {}, 0, None, [], None, None, 3, None, 0.0,
    ...               0.0, None)
    >>> check_may_follow(GameRecord(row, None), 7, GuildSettings(1), ())
    Traceback (most recent call last):
    bot.records.ServiceError: You play game #4: its board shows you every move, so you do not follow it.
    """
    if user_id in record.seats:
        raise refusal("follow.player", id=record.id)
    if ended(record):
        raise refusal("follow.over", id=record.id)
    if not settings.follow_rated and is_rated(record.seats, unrated):
        raise refusal("follow.rated_off", id=record.id)


def thread_name(lang: str, game: str, game_id: int) -> str:
    """The spectators' thread's name ("Spectators · <game> #12"), within Discord's length."""
    return text(lang, "follow.thread_name", game=game, id=game_id)[:NAME_LENGTH]


def decode_follow(row: Row | dict[str, Any]) -> Follow:
    return Follow(int(row["game_id"]), int(row["user_id"]), int(row["guild_id"]), float(row["followed_at"]),
                  int(row["told_mark"]))  # fmt: skip


@dataclass(frozen=True)
class Watched:
    """What a game's change owes its spectators: its thread (None: none yet) and whether anyone follows it."""

    thread: SpectatorThread | None
    followed: bool


def decode_thread(row: Row | dict[str, Any]) -> SpectatorThread:
    thread, message = row["thread_id"], row["comment_message_id"]
    return SpectatorThread(int(row["game_id"]), None if thread is None else int(thread), str(row["state"]),
                           None if message is None else int(message))  # fmt: skip


class FollowStore:
    """The follows (table ``follows``) and the spectators' threads (table ``spectator_threads``)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # Asked after every change of every game: kept in memory, dropped when any process changes a
        # game's follows or thread, so a game nobody watches costs no read.
        self._watched: Kept[int, Watched] = storage.changes.kept("watched", WATCHED_KEPT)

    async def watched(self, game_id: int) -> Watched:
        """The game's spectators' thread and whether anyone follows it, in one read (or none)."""
        known = self._watched.get(game_id)
        if known is not None:
            return known
        mark = self.storage.changes.mark()
        found = await self.storage.db.fetchrow(
            "SELECT t.*, EXISTS (SELECT 1 FROM follows f WHERE f.game_id = g.id) AS followed "
            "FROM games g LEFT JOIN spectator_threads t ON t.game_id = g.id WHERE g.id = ?",
            (game_id,),
        )
        thread = None if found is None or found["state"] is None else decode_thread({**found, "game_id": game_id})
        watched = Watched(thread, found is not None and bool(found["followed"]))
        self._watched.keep(game_id, watched, mark)
        return watched

    async def follow(self, record: GameRecord, user_id: int, now: float) -> bool:
        """Follow ``record`` from where it stands; False when ``user_id`` followed it already."""
        async with self.storage.transaction() as db:
            added = await db.execute(
                "INSERT INTO follows (game_id, user_id, guild_id, followed_at, told_mark) "
                f"SELECT ?, ?, ?, ?, ({MARK_OF_GAME}) FROM games g WHERE g.id = ? "
                "ON CONFLICT (game_id, user_id) DO NOTHING",
                (record.id, user_id, record.row.guild_id, now, *PLAYED, record.id),
            )
            await self.storage.changes.changed(db, "watched", record.id)
        return added == 1

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        async with self.storage.transaction() as db:
            gone = await db.execute("DELETE FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            await self.storage.changes.changed(db, "watched", game_id)
        return gone == 1

    async def followers(self, game_id: int) -> list[Follow]:
        found = await self.storage.db.fetch("SELECT * FROM follows WHERE game_id = ? ORDER BY followed_at, user_id",
                                            (game_id,))  # fmt: skip
        return [decode_follow(row) for row in found]

    async def follows_of(self, user_id: int, guild_id: int | None = None) -> list[Follow]:
        """What ``user_id`` follows (on ``guild_id``, or everywhere), the oldest follow first."""
        where, values = ("user_id = ?", [user_id]) if guild_id is None else ("user_id = ? AND guild_id = ?",
                                                                            [user_id, guild_id])  # fmt: skip
        found = await self.storage.db.fetch(f"SELECT * FROM follows WHERE {where} ORDER BY followed_at, game_id",
                                            values)  # fmt: skip
        return [decode_follow(row) for row in found]

    async def behind(self, user_id: int | None = None) -> list[tuple[Follow, int]]:
        """The follows (of ``user_id``, or everyone's) of games with news since their follower was last
        told, each with the game's mark now."""
        mine, values = ("WHERE f.user_id = ?", [user_id]) if user_id is not None else ("", [])
        found = await self.storage.db.fetch(
            f"SELECT * FROM (SELECT f.*, ({MARK_OF_GAME}) AS mark FROM follows f JOIN games g ON g.id = f.game_id "
            f"{mine}) AS news WHERE mark > told_mark ORDER BY game_id, user_id",
            [*PLAYED, *values],
        )
        return [(decode_follow(row), int(row["mark"])) for row in found]

    async def told(self, follow: Follow, mark: int) -> bool:
        """Move ``follow`` on to ``mark``; False when another run did first (then it is theirs to tell)."""
        async with self.storage.transaction() as db:
            moved = await db.execute(
                "UPDATE follows SET told_mark = ? WHERE game_id = ? AND user_id = ? AND told_mark = ?",
                (mark, follow.game_id, follow.user_id, follow.told_mark),
            )
        return moved == 1

    async def thread(self, game_id: int) -> SpectatorThread | None:
        found = await self.storage.db.fetchrow("SELECT * FROM spectator_threads WHERE game_id = ?", (game_id,))
        return None if found is None else decode_thread(found)

    async def keep_thread(self, game_id: int, thread_id: int | None, state: str, now: float) -> bool:
        """Remember the game's thread (or that it can have none); False when one was kept first."""
        async with self.storage.transaction() as db:
            added = await db.execute(
                "INSERT INTO spectator_threads (game_id, thread_id, state, opened_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO NOTHING",
                (game_id, thread_id, state, now),
            )
            await self.storage.changes.changed(db, "watched", game_id)
        return added == 1

    async def share(self, game_id: int) -> bool:
        """The game ended: its open thread becomes its players' too; False when another run did first."""
        async with self.storage.transaction() as db:
            moved = await db.execute("UPDATE spectator_threads SET state = ? WHERE game_id = ? AND state = ?",
                                     (SHARED, game_id, OPEN))  # fmt: skip
            await self.storage.changes.changed(db, "watched", game_id)
        return moved == 1

    async def keep_comment_message(self, game_id: int, message_id: int) -> None:
        async with self.storage.transaction() as db:
            await db.execute("UPDATE spectator_threads SET comment_message_id = ? WHERE game_id = ?",
                             (message_id, game_id))  # fmt: skip
            await self.storage.changes.changed(db, "watched", game_id)

    async def open_threads_of_ended_games(self) -> list[SpectatorThread]:
        """Open threads whose game is no longer played (finished, or closed before it began)."""
        found = await self.storage.db.fetch(
            "SELECT t.* FROM spectator_threads t JOIN games g ON g.id = t.game_id "
            "WHERE t.state = ? AND g.status NOT IN (?, ?) ORDER BY t.game_id",
            (OPEN, *PLAYED),
        )
        return [decode_thread(row) for row in found]


def ended(record: GameRecord) -> bool:
    """Whether ``record`` is no longer played: finished, or a challenge or table closed before it began."""
    return record.row.status not in PLAYED


async def standing(records: Records, record: GameRecord, lang: str) -> str:
    """Where a followed game stands, from the spectators' view: its last move in words, or how it ended."""
    names = await records.shown_names(record)
    if record.row.status != ACTIVE or record.state is None:
        if record.outcome is not None:
            return result_text(lang, record.game, record.outcome, record.row.end_reason, names)
        return text(lang, "follow.closed" if ended(record) else "follow.not_started")
    described = record.state.describe(record.state.view(None), names)
    return text(lang, "follow.no_move") if described is None else word(lang, described)


async def news_line(records: Records, record: GameRecord, key: str, lang: str) -> str:
    """A followed game's line (``key``: a DM's, the digest's, ``/following``'s) with where it stands and its link."""
    return text(lang, key, id=record.id, game=game_named(record.game), stands=await standing(records, record, lang),
                link=jump_link(record.row))  # fmt: skip


async def digest_lines(store: FollowStore, records: Records, user_id: int, lang: str) -> list[str]:
    """The followed games with news for ``user_id``'s daily digest, under their title (none without news),
    each then marked as told."""
    lines = []
    for follow, mark in await store.behind(user_id):
        record = await records.load(follow.game_id)
        if follow.user_id in record.seats or not await store.told(follow, mark):
            continue
        lines.append(await news_line(records, record, "follow.digest_end" if ended(record) else "follow.digest_line",
                                     lang))  # fmt: skip
    return [text(lang, "follow.digest_title"), *lines] if lines else []
