"""How each player hears of their turns (``/agora notify``): the choice, its digest times, and its delivery.

A player's choice holds on every server: ``mention`` (the ping on the board, the default), ``dm``
(a private message on each of their turns), ``digest`` (one private message a day, at their hour
in their own time zone, listing every game waiting for them) or ``quiet`` (their name on the
board, no ping).  When a DM cannot reach them, the mention stands in until they choose again
(:attr:`NoticeChoice.dms_closed`), and they are told so once.

The digest is a durable queue of its own, the ``next_digest_at`` of each choice, swept with the
scheduler's jobs: a sweep moves a due digest to its next local occurrence before sending it, in
one guarded write, so no digest goes out twice, even with several processes or a restart.
"""

from __future__ import annotations

import enum
import logging
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache, lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord
from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location

from bot.database import Row
from bot.i18n import plural, text
from bot.service import ServiceError, refusal
from bot.settings import format_duration
from bot.shared_cache import Kept
from bot.storage import Storage
from rules import Text

log = logging.getLogger("agora.notices")

MENTION, DM, DIGEST, QUIET = "mention", "dm", "digest", "quiet"
MODES = (MENTION, DM, DIGEST, QUIET)
DEFAULT_HOUR = 18  # the digest's hour when a player gives none
DEFAULT_ZONE = "UTC"
# Offered first by the time zone autocomplete: where most players of a French and English bot live.
COMMON_ZONES = (
    "Europe/Paris", "Europe/London", "Europe/Brussels", "Europe/Zurich", "America/Montreal",
    "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Toronto",
    "Africa/Abidjan", "Africa/Casablanca", "Africa/Dakar", "Indian/Reunion", "America/Martinique",
    "Pacific/Noumea", "Pacific/Tahiti", "Asia/Tokyo", "Australia/Sydney", "UTC",
)  # fmt: skip
MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
# A message telling one player something about them: it pings them, whatever they chose.
PINGS_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
CHOICES_KEPT = 10_000  # players whose choice a process keeps in memory
_MENTION = re.compile(r"<@!?([0-9]{15,21})>")


@dataclass(frozen=True)
class NoticeChoice:
    """One player's choice of how to hear of their turns."""

    user_id: int
    mode: str = MENTION
    digest_hour: int = DEFAULT_HOUR
    time_zone: str = DEFAULT_ZONE
    language: str | None = None  # of their DMs; None: the server's of the game in question
    dms_closed: bool = False  # a DM failed: the mention stands in for DMs until they choose again
    next_digest_at: float | None = None

    @property
    def heard_by(self) -> str:
        """The mode in force: a choice of DMs whose DMs are closed is heard by the mention."""
        return MENTION if self.dms_closed and self.mode in (DM, DIGEST) else self.mode

    @property
    def pinged(self) -> bool:
        """Whether the board, its turn pings and the channel's reminders ping this player."""
        return self.heard_by == MENTION

    @property
    def reminded_privately(self) -> bool:
        """Whether the reminder before a deadline comes by DM (else in the channel, or not at all if quiet)."""
        return self.heard_by in (DM, DIGEST)

    def lang(self, fallback: str) -> str:
        """The language of this player's DMs: the one they used to choose, else ``fallback``."""
        return self.language or fallback


def zone_named(name: str) -> ZoneInfo:
    """The IANA time zone ``name`` (any case), or a refusal naming what was typed.

    >>> zone_named("europe/paris").key
    'Europe/Paris'
    """
    typed = name.strip()
    # An exact name (what the autocomplete offers) is read at once; another case needs the list of every zone.
    key = typed if typed in COMMON_ZONES else _zone_keys().get(typed.lower())
    shown = typed.replace("`", "")[:40]  # quoted in code marks in the refusal: no markup of the player's
    if key is None:
        raise refusal("err.notify_zone", typed=shown)
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError):
        raise refusal("err.notify_zone", typed=shown) from None


@cache
def _zone_keys() -> dict[str, str]:
    return {key.lower(): key for key in available_timezones()}


def check_hour(hour: int) -> int:
    """``hour`` if it is an hour of the day (0 to 23), else a refusal saying which hours are."""
    if not 0 <= hour <= 23:
        raise refusal("err.notify_hour", hour=hour)
    return hour


@dataclass(frozen=True)
class ZoneChoice:
    """A time zone as the autocomplete offers it: its IANA name and its words in a language."""

    key: str
    label: str  # "Paris · France (Europe/Paris)"
    words: str  # what a search matches: the id, the city and the country, without accents


def zone_suggestions(typed: str, lang: str = "en") -> list[ZoneChoice]:
    """Time zones for the autocomplete, by their id, city or country in ``lang`` (Babel's names); the
    words of a request that name no place ("heure de", "time in") are left out. The common ones
    first, then the others, 25 at most.

    >>> [zone.key for zone in zone_suggestions("heure de paris", "fr")]
    ['Europe/Paris']
    >>> zone_suggestions("Japon", "fr")[0].label
    'Tokyo · Japon (Asia/Tokyo)'
    """
    filler = set(_folded(text(lang, "notice.zone_filler")).split())
    wanted = [word for word in _folded(typed).split() if word not in filler]
    found = [zone for zone in _zone_choices(lang) if all(word in zone.words for word in wanted)]
    return found[:MAX_CHOICES]


@lru_cache(maxsize=4)
def _zone_choices(lang: str) -> tuple[ZoneChoice, ...]:
    """Every time zone in ``lang``'s words, the common ones first (built once per language); an old
    alias of a place already listed (US/Eastern after America/New_York) is left out."""
    others = sorted(set(available_timezones()) - set(COMMON_ZONES) - set(get_global("zone_aliases")))
    return tuple(_zone_choice(key, lang) for key in [*COMMON_ZONES, *others])


def _zone_choice(key: str, lang: str) -> ZoneChoice:
    city = get_timezone_location(key, locale=lang, return_city=True)
    territory = get_global("zone_territories").get(key)
    country = Locale.parse(lang).territories.get(territory, "") if territory else ""
    place = " · ".join(part for part in (city, country) if part and part != key)
    label = f"{place} ({key})" if place else key
    return ZoneChoice(key, label[:100], _folded(f"{key} {city} {country}"))


def _folded(words: str) -> str:
    """Lower case without accents, punctuation as spaces: "Heure de l'Île" -> "heure de l ile"."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", words.casefold()) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^0-9a-z]+", " ", bare).split())


def next_digest(after: float, hour: int, zone: ZoneInfo) -> float:
    """The first time after ``after`` at which the clock in ``zone`` shows ``hour``:00, as a timestamp.

    Each local day has its own: on the day clocks go forward past that hour, it is the first
    moment after the gap; on the day they go back, the first of the two.

    >>> paris = ZoneInfo("Europe/Paris")
    >>> datetime.fromtimestamp(next_digest(1_792_000_000, 8, paris), paris).isoformat()  # 14 Oct, 19:46
    '2026-10-15T08:00:00+02:00'
    """
    day = datetime.fromtimestamp(after, zone).date()
    while (at := local_hour(day, hour, zone)) <= after:
        day += timedelta(days=1)
    return at


def local_hour(day: date, hour: int, zone: ZoneInfo) -> float:
    """``hour``:00 of ``day`` in ``zone``, as a timestamp (fold 0: the first of a repeated hour)."""
    return datetime.combine(day, time(hour), tzinfo=zone).timestamp()


def local_day(at: float, zone: ZoneInfo) -> date:
    """The date the clock in ``zone`` shows at the timestamp ``at``."""
    return datetime.fromtimestamp(at, zone).date()


def mentioned_users(content: str | None) -> list[int]:
    """The user ids ``content`` mentions, in order, each once.

    >>> mentioned_users("<@123456789012345678>, <@!123456789012345678> and <@234567890123456789>")
    [123456789012345678, 234567890123456789]
    """
    return list(dict.fromkeys(int(uid) for uid in _MENTION.findall(content or "")))


def allowed_pings(choices: Iterable[NoticeChoice]) -> discord.AllowedMentions:
    """Mentions that ping, of ``choices``' players, only those heard by the mention; never a role or everyone."""
    pinged = [discord.Object(choice.user_id) for choice in choices if choice.pinged]
    return discord.AllowedMentions(everyone=False, roles=False, users=pinged, replied_user=False)


@dataclass(frozen=True)
class Waiting:
    """A game waiting for a player's move, as their digest lists it."""

    game: Text | str  # its name, worded in the digest's language
    game_id: int
    seconds_left: float
    link: str


def digest_message(lang: str, waiting: Sequence[Waiting]) -> str:
    """The digest: how many games wait, then each with its time left and its link, the most urgent first."""
    ordered = sorted(waiting, key=lambda w: w.seconds_left)
    lines = [plural(lang, "notice.digest_title", len(ordered), count=len(ordered))]
    lines += [
        text(lang, "notice.digest_line", game=w.game, id=w.game_id, left=format_duration(max(w.seconds_left, 0), lang),
             link=w.link)
        for w in ordered
    ]  # fmt: skip
    return "\n".join(lines)[:2000]


def decode_choice(row: Row | dict[str, Any]) -> NoticeChoice:
    """A stored choice; a mode this bot does not know (a damaged row) reads as the default, the mention.

    >>> decode_choice({"user_id": 1, "mode": "smoke signals", "digest_hour": 8, "time_zone": "UTC",
    ...                "language": None, "dms_closed": 0, "next_digest_at": None}).mode
    'mention'
    """
    mode = str(row["mode"])
    if mode not in MODES:
        log.warning("player %s has an unknown notice mode %r; they are mentioned", row["user_id"], mode)
    return NoticeChoice(
        user_id=int(row["user_id"]),
        mode=mode if mode in MODES else MENTION,
        digest_hour=int(row["digest_hour"]),
        time_zone=str(row["time_zone"]),
        language=None if row["language"] is None else str(row["language"]),
        dms_closed=bool(row["dms_closed"]),
        next_digest_at=None if row["next_digest_at"] is None else float(row["next_digest_at"]),
    )


class NoticeStore:
    """Reads and writes the players' choices (table ``notice_choices``); a player without a row hears by the mention."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # Read with every board: kept in memory, dropped when any process stores a change.
        self._kept: Kept[int, NoticeChoice] = storage.changes.kept("notices", CHOICES_KEPT)

    async def get(self, user_id: int) -> NoticeChoice:
        return (await self.of([user_id]))[user_id]

    async def of(self, user_ids: Iterable[int]) -> dict[int, NoticeChoice]:
        """The choice of each of ``user_ids`` (the default for those who never chose)."""
        wanted = list(dict.fromkeys(user_ids))
        known = {uid: self._kept.get(uid) for uid in wanted}
        missing = [uid for uid, choice in known.items() if choice is None]
        if missing:
            mark = self.storage.changes.mark()
            marks = ", ".join("?" for _ in missing)
            found = await self.storage.db.fetch(f"SELECT * FROM notice_choices WHERE user_id IN ({marks})", missing)
            chosen = {choice.user_id: choice for choice in map(decode_choice, found)}
            for uid in missing:
                choice = chosen.get(uid, NoticeChoice(uid))
                self._kept.keep(uid, choice, mark)
                known[uid] = choice
        return {uid: choice or NoticeChoice(uid) for uid, choice in known.items()}

    async def choose(self, choice: NoticeChoice) -> None:
        """Store a player's new choice; choosing again forgets that their DMs were closed."""
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO notice_choices (user_id, mode, digest_hour, time_zone, language, dms_closed, "
                "next_digest_at) VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "mode = excluded.mode, digest_hour = excluded.digest_hour, time_zone = excluded.time_zone, "
                "language = excluded.language, dms_closed = 0, next_digest_at = excluded.next_digest_at",
                (choice.user_id, choice.mode, choice.digest_hour, choice.time_zone, choice.language,
                 choice.next_digest_at),
            )  # fmt: skip
            await self.storage.changes.changed(db, "notices", choice.user_id)

    async def close_dms(self, user_id: int) -> bool:
        """Remember that DMs cannot reach ``user_id``; True only the first time (when they are to be told)."""
        async with self.storage.transaction() as db:
            changed = await db.execute(
                "UPDATE notice_choices SET dms_closed = 1 WHERE user_id = ? AND dms_closed = 0", (user_id,)
            )
            if changed:
                await self.storage.changes.changed(db, "notices", user_id)
        return changed == 1

    async def due_digests(self, now: float) -> list[NoticeChoice]:
        """The digest choices whose next digest is due at ``now``."""
        found = await self.storage.db.fetch(
            "SELECT * FROM notice_choices WHERE next_digest_at <= ? AND mode = ? ORDER BY next_digest_at",
            (now, DIGEST),
        )
        return [decode_choice(row) for row in found]

    async def take_digest(self, choice: NoticeChoice, following: float) -> bool:
        """Move a due digest on to ``following``; False if another run did first (then it is theirs to send)."""
        async with self.storage.transaction() as db:
            moved = await db.execute(
                "UPDATE notice_choices SET next_digest_at = ? WHERE user_id = ? AND next_digest_at = ? AND mode = ?",
                (following, choice.user_id, choice.next_digest_at, DIGEST),
            )
            if moved:
                await self.storage.changes.changed(db, "notices", choice.user_id)
        return moved == 1


def digest_due_today(choice: NoticeChoice, now: float) -> bool:
    """Whether a due digest still belongs to today where the player lives (one missed on a day the bot
    was down all through is dropped, not sent late)."""
    if choice.next_digest_at is None:
        return False
    zone = zone_of(choice)
    return local_day(choice.next_digest_at, zone) == local_day(now, zone)


def following_digest(choice: NoticeChoice, now: float) -> float:
    """When the digest after the one due now goes out: the next local ``digest_hour`` after ``now``."""
    return next_digest(now, min(max(choice.digest_hour, 0), 23), zone_of(choice))


def zone_of(choice: NoticeChoice) -> ZoneInfo:
    """The player's time zone; UTC for a stored name this machine does not know (a damaged row, or a zone
    retired from the database), so their digest still comes once a day."""
    try:
        return zone_named(choice.time_zone)
    except ServiceError:
        log.warning("player %s has an unknown time zone %r; their digest follows UTC", choice.user_id,
                    choice.time_zone)  # fmt: skip
        return ZoneInfo(DEFAULT_ZONE)


class Delivery(enum.Enum):
    """What became of a DM."""

    SENT = "sent"
    CLOSED_NOW = "closed now"  # their DMs are closed, found just now: tell them once, in a channel
    CLOSED = "closed"  # found closed before (by another message at the same time): told already


class Notifier:
    """Delivers what a player's choice asks for: who a message pings, and DMs that remember closed DMs."""

    def __init__(self, client: discord.Client, store: NoticeStore) -> None:
        self.client = client
        self.store = store

    async def pings(self, content: str | None) -> discord.AllowedMentions:
        """Who a public message naming players in ``content`` pings: those heard by the mention."""
        return allowed_pings((await self.store.of(mentioned_users(content))).values())

    async def dm(self, user_id: int, content: str) -> Delivery:
        """Send ``content`` to ``user_id`` privately.  Closed DMs are remembered (the mention stands in
        from now on); the first run to find them closed is told to say so.  A user gone from Discord counts
        as reached: nobody is left to tell."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(content, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden:
            return Delivery.CLOSED_NOW if await self.store.close_dms(user_id) else Delivery.CLOSED
        except discord.NotFound:
            log.info("user %s is gone from Discord", user_id)
        return Delivery.SENT

    async def tell_if_closed(self, delivery: Delivery, channel_id: int, user_id: int, lang: str) -> None:
        """A DM just found closed: say so once in ``channel_id``, pinging its player, with how to choose again."""
        if delivery is not Delivery.CLOSED_NOW:
            return
        said = text(lang, "notice.dms_closed", user=user_id)
        try:
            await self.client.get_partial_messageable(channel_id).send(said, allowed_mentions=PINGS_USERS)
        except discord.HTTPException:
            log.info("could not tell user %s in channel %s that their DMs are closed", user_id, channel_id)


@dataclass(frozen=True)
class Chosen:
    """A choice typed in ``/agora notify``, checked: what to store, and whether the digest's hour was defaulted."""

    choice: NoticeChoice
    hour_defaulted: bool
    zone_defaulted: bool = False  # a digest in UTC because the player never gave a time zone


def choose(
    current: NoticeChoice, mode: str, hour: int | None, zone_name: str | None, language: str, now: float
) -> Chosen:
    """The new choice of a player whose choice is ``current``; a refusal for an unknown time zone, an hour
    out of the day, or an hour or a time zone given without the digest.  A digest without an hour keeps
    the player's digest hour, else is at DEFAULT_HOUR; without a time zone, it is in the one the player
    gave before (UTC at first)."""
    if mode != DIGEST and (hour is not None or zone_name is not None):
        raise refusal("err.notify_digest_only")
    zone = zone_named(current.time_zone) if zone_name is None else zone_called(zone_name, language)
    kept = current.mode == DIGEST  # a digest whose time zone alone changes keeps its hour
    at = check_hour(hour) if hour is not None else current.digest_hour if kept else DEFAULT_HOUR
    following = next_digest(now, at, zone) if mode == DIGEST else None
    choice = NoticeChoice(current.user_id, mode, at, zone.key, language, False, following)
    in_utc = mode == DIGEST and zone_name is None and zone.key == DEFAULT_ZONE
    return Chosen(choice, mode == DIGEST and hour is None and not kept, in_utc)


def zone_called(name: str, lang: str) -> ZoneInfo:
    """The time zone ``name`` names: an IANA name, or a city or country that names one zone only, in
    ``lang`` ("Paris", "heure du Japon"), for a player who typed it without picking it from the list.

    >>> zone_called("heure de Paris", "fr").key, zone_called("asia/tokyo", "fr").key
    ('Europe/Paris', 'Asia/Tokyo')
    """
    try:
        return zone_named(name)
    except ServiceError:
        found = zone_suggestions(name, lang)
        if len(found) != 1:
            raise
        return ZoneInfo(found[0].key)


def hour_text(hour: int) -> str:
    """An hour of the day as clocks show it in both languages: 08:00.

    >>> hour_text(8)
    '08:00'
    """
    return f"{hour:02d}:00"


def choice_words(lang: str, choice: NoticeChoice) -> str:
    """A player's choice in words, as ``/agora notify`` shows it: the mode, the digest's hour and zone,
    and whether the mention stands in for closed DMs."""
    keys = {MENTION: "notice.current.mention", DM: "notice.current.dm", DIGEST: "notice.current.digest",
            QUIET: "notice.current.quiet"}  # fmt: skip
    said = text(lang, keys[choice.mode], hour=hour_text(choice.digest_hour), zone=choice.time_zone)
    if choice.heard_by != choice.mode:
        said += " " + text(lang, "notice.current.closed")
    return said


def hello(lang: str, mode: str) -> str:
    """The first DM of a player who chose DMs (``dm`` or ``digest``): it proves their DMs are open."""
    return text(lang, "notice.hello.digest" if mode == DIGEST else "notice.hello.dm")
