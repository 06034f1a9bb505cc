"""What ``/agora status`` tells a server's admins: version, uptime, latency to Discord, games here."""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import metadata

from bot.storage import Storage

PACKAGE = "agora-bot"


@dataclass(frozen=True)
class Status:
    version: str
    uptime_seconds: float
    latency_ms: int | None  # None until the gateway measured one heartbeat
    active_games: int
    open_challenges: int


def version() -> str:
    """The installed version of the bot, e.g. ``0.1.0``."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown"


def latency_ms(seconds: float) -> int | None:
    """The gateway's heartbeat latency in milliseconds; discord.py says ``inf`` or ``nan`` before it knows.

    >>> latency_ms(0.0423), latency_ms(float("inf"))
    (42, None)
    """
    return None if not math.isfinite(seconds) else round(seconds * 1000)


async def games_on(storage: Storage, guild_id: int) -> tuple[int, int]:
    """How many games are being played on a server, and how many challenges wait for an answer."""
    found = await storage.db.fetchrow(
        "SELECT SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN status = 'challenge' THEN 1 ELSE 0 END) FROM games WHERE guild_id = ?",
        (guild_id,),
    )
    return (int(found[0] or 0), int(found[1] or 0)) if found else (0, 0)
