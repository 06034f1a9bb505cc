"""Per-server settings of games that last days, and duration parsing (how each player hears of their turns:
:mod:`bot.notices`).

Settings are read often (every challenge, every board) and written rarely, so the
store keeps them in memory in front of the ``guild_settings`` table, dropped when any process
changes them (:mod:`bot.shared_cache`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any

from bot.i18n import duration_words, text
from bot.service import ServiceError
from bot.shared_cache import Kept
from bot.storage import Storage

MINUTE, HOUR, DAY = 60, 3600, 86400
MIN_DEADLINE = 5 * MINUTE
MAX_DEADLINE = 7 * DAY
MAX_CLAIM_GRACE = 30 * DAY
SETTINGS_KEPT = 10_000  # servers whose settings a process keeps in memory
FORFEIT, CLAIM = "forfeit", "claim"
# What the clocks of a game do while Agora cannot post in its channel (bot/halts.py).
UNSEEN_WAIT, UNSEEN_RUN = "wait", "run"
TIMEOUT_RULES = (FORFEIT, CLAIM)

_DURATION = re.compile(r"^\s*(?P<amount>[0-9]+(?:\.[0-9]+)?)\s*(?P<unit>m|min|h|d|j)?\s*$", re.IGNORECASE)
_UNITS = {"m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY, "j": DAY}


class DurationError(ServiceError):
    """A duration typed by a player that cannot be used: a refusal from the catalogue."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(text("en", key, **values), key, **values)


def parse_duration(text: str, *, low: int = MIN_DEADLINE, high: int = MAX_DEADLINE) -> int:
    """Seconds in a duration like "30m", "2h" or "3d" (a bare number is hours), between ``low`` and ``high``."""
    match = _DURATION.match(text)
    if match is None:
        raise DurationError("err.duration_unreadable", typed=text.strip()[:40])
    seconds = round(float(match["amount"]) * _UNITS[(match["unit"] or "h").lower()])
    if not low <= seconds <= high:
        raise DurationError("err.duration_range", low=format_duration(low), high=format_duration(high))
    return seconds


def format_duration(seconds: float, lang: str = "en") -> str:
    """A short human duration in ``lang``, its units as the language writes them (Babel's, by locale):
    3d 4h, 2h 30m, 45m in English, 3 j 4 h in French (under a minute counts as a minute).

    >>> format_duration(3 * DAY + 23 * HOUR + 5 * MINUTE), format_duration(DAY, "fr").replace("\u202f", " ")
    ('3d 23h', '1 j')
    """
    total = max(int(seconds) // MINUTE, 1) * MINUTE
    days, rest = divmod(total, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // MINUTE
    amounts = [(days, "day"), (hours, "hour"), (0 if days else minutes, "minute")]
    return duration_words(lang, [(amount, unit) for amount, unit in amounts if amount])


@dataclass(frozen=True)
class GuildSettings:
    """How games last on one server."""

    guild_id: int
    turn_seconds: int = DAY
    timeout_rule: str = FORFEIT
    reminder_seconds: int = 4 * HOUR
    challenge_seconds: int = DAY
    threads: bool = False
    channels: tuple[int, ...] = field(default_factory=tuple)
    language: str = "en"
    tournament_role: int | None = None  # besides Manage Server, members with this role run tournaments
    # Under the claim rule: how long after the deadline a time-out nobody claimed ends the game on time.
    claim_grace_seconds: int = 3 * DAY
    # The level Agora plays at in the seat of a player who left a table of three or more (bot/absence.py).
    stand_in_level: str = "medium"
    # The share (%) of their last finished games a player must have seen through to join a tournament
    # or an open table of three or more (bot/absence.py); 0: anyone joins.
    min_reliability: int = 0
    # While Agora cannot post in a game's channel (a permission taken away): its clocks wait, or run.
    unseen_clocks: str = UNSEEN_WAIT
    # Spectators (bot/following.py): private threads for a game's followers, Agora's commentary in them,
    # and whether rated games may be followed at all.
    spectator_threads: bool = True
    commentary: bool = True
    follow_rated: bool = True

    def reminder_at(self, turn_started_at: float, turn_seconds: int) -> float | None:
        """When to remind; None when the reminder would fall at or before the turn's start."""
        before = min(self.reminder_seconds, turn_seconds // 2)
        return None if before <= 0 else turn_started_at + turn_seconds - before


class SettingsStore:
    """Reads and writes server settings."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._kept: Kept[int, GuildSettings] = storage.changes.kept("settings", SETTINGS_KEPT)

    def cached(self, guild_id: int | None) -> GuildSettings:
        """The settings last read for ``guild_id`` (defaults until then); for code that cannot await."""
        if guild_id is None:
            return GuildSettings(0)
        return self._kept.peek(guild_id) or GuildSettings(guild_id)

    async def get(self, guild_id: int) -> GuildSettings:
        kept = self._kept.get(guild_id)
        if kept is not None:
            return kept
        mark = self.storage.changes.mark()
        found = await self.storage.db.fetchrow("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        settings = GuildSettings(guild_id) if found is None else decode_settings(dict(found))
        self._kept.keep(guild_id, settings, mark)
        return settings

    async def update(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some of a server's settings; the others stay as stored (another process may have just
        changed them)."""
        async with self.storage.transaction() as db:
            found = await db.fetchrow("SELECT * FROM guild_settings WHERE guild_id = ?" + db.for_update, (guild_id,))
            settings = replace(GuildSettings(guild_id) if found is None else decode_settings(dict(found)), **changes)
            await db.execute(
                "INSERT INTO guild_settings (guild_id, turn_seconds, timeout_rule, reminder_seconds, "
                "challenge_seconds, threads, channels, language, tournament_role, claim_grace_seconds, stand_in_level, "
                "min_reliability, unseen_clocks, spectator_threads, commentary, follow_rated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET turn_seconds = excluded.turn_seconds, "
                "timeout_rule = excluded.timeout_rule, reminder_seconds = excluded.reminder_seconds, "
                "challenge_seconds = excluded.challenge_seconds, threads = excluded.threads, "
                "channels = excluded.channels, language = excluded.language, "
                "tournament_role = excluded.tournament_role, claim_grace_seconds = excluded.claim_grace_seconds, "
                "stand_in_level = excluded.stand_in_level, min_reliability = excluded.min_reliability, "
                "unseen_clocks = excluded.unseen_clocks, "
                "spectator_threads = excluded.spectator_threads, commentary = excluded.commentary, "
                "follow_rated = excluded.follow_rated",
                (
                    guild_id,
                    settings.turn_seconds,
                    settings.timeout_rule,
                    settings.reminder_seconds,
                    settings.challenge_seconds,
                    int(settings.threads),
                    json.dumps(list(settings.channels)),
                    settings.language,
                    settings.tournament_role,
                    settings.claim_grace_seconds,
                    settings.stand_in_level,
                    settings.min_reliability,
                    settings.unseen_clocks,
                    int(settings.spectator_threads),
                    int(settings.commentary),
                    int(settings.follow_rated),
                ),
            )
            await self.storage.changes.changed(db, "settings", guild_id)
        return settings


def decode_settings(values: dict[str, Any]) -> GuildSettings:
    return GuildSettings(
        guild_id=int(values["guild_id"]),
        turn_seconds=int(values["turn_seconds"]),
        timeout_rule=str(values["timeout_rule"]),
        reminder_seconds=int(values["reminder_seconds"]),
        challenge_seconds=int(values["challenge_seconds"]),
        threads=bool(values["threads"]),
        channels=tuple(int(c) for c in json.loads(values["channels"] or "[]")),
        language=str(values["language"]),
        tournament_role=None if values.get("tournament_role") is None else int(values["tournament_role"]),
        claim_grace_seconds=int(values.get("claim_grace_seconds") or GuildSettings.claim_grace_seconds),
        stand_in_level=str(values.get("stand_in_level") or GuildSettings.stand_in_level),
        min_reliability=int(values.get("min_reliability") or 0),
        unseen_clocks=str(values.get("unseen_clocks") or UNSEEN_WAIT),
        spectator_threads=bool(values.get("spectator_threads", 1)),
        commentary=bool(values.get("commentary", 1)),
        follow_rated=bool(values.get("follow_rated", 1)),
    )
