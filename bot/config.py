"""Configuration from the environment; only the token is required, and only to connect."""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bot.database import is_postgresql
from bot.drawing import default_workers

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TOKEN_PAGE = "https://discord.com/developers/applications (your application > Bot > Reset Token)"
DEFAULT_CONNECT_SECONDS = 120.0

# What ``python -m bot --help`` says about each variable, in this order.
VARIABLES = {
    "DISCORD_TOKEN": "the bot's token, from the Developer Portal > Bot (required to run and to sync)",
    "AGORA_DATABASE": (
        "path of the SQLite file, created on first run (default: agora.sqlite3), "
        "or a PostgreSQL URL postgresql://user:password@host/database shared by several processes"
    ),
    "AGORA_SHARDS": (
        "the Discord shards this process runs, FIRST-LAST/COUNT (e.g. 0-3/8); "
        "unset: every shard, as many as Discord recommends"
    ),
    "AGORA_LOG_LEVEL": (
        "DEBUG, INFO, WARNING, ERROR or CRITICAL (default: INFO); DEBUG shows tracebacks and the bot's own "
        "details (the database and Discord libraries stay at INFO: their details hold hidden game data)"
    ),
    "AGORA_RENDER_WORKERS": (
        "processes that draw the boards beside the bot (default: one per core); 0 draws in the bot's own process"
    ),
    "AGORA_AI_WORKERS": "processes in which Agora chooses its moves in games against it (default: 1)",
    "AGORA_CONNECT_TIMEOUT": (
        f"seconds to keep trying to reach Discord at start-up before giving up (default: {DEFAULT_CONNECT_SECONDS:.0f})"
    ),
    "AGORA_DISCORD_URL": "for tests only: a fake Discord on this machine, e.g. http://127.0.0.1:8080",
}


class ConfigError(Exception):
    """The environment does not describe a usable configuration; ``str()`` says what to change."""


@dataclass(frozen=True)
class Shards:
    """The shards one process runs: ``ids`` out of ``count`` (discord.py's ``shard_ids``, ``shard_count``)."""

    ids: tuple[int, ...]
    count: int


@dataclass(frozen=True)
class Config:
    token: str
    database: Path | str  # a SQLite file, or a postgresql:// URL
    log_level: str = "INFO"
    connect_seconds: float = DEFAULT_CONNECT_SECONDS
    discord_url: str | None = None
    shards: Shards | None = None
    render_workers: int = 0
    ai_workers: int = 1

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ, *, need_token: bool = True) -> Config:
        """Read the variables of ``VARIABLES``; commands that never connect pass ``need_token=False``.

        >>> Config.from_env({"DISCORD_TOKEN": "x"}).database
        PosixPath('agora.sqlite3')
        >>> Config.from_env({"AGORA_DATABASE": "postgresql://agora@db/agora"}, need_token=False).database
        'postgresql://agora@db/agora'
        >>> Config.from_env({}, need_token=False).log_level
        'INFO'
        """
        token = env.get("DISCORD_TOKEN", "").strip()
        if need_token and not token:
            raise ConfigError(f"DISCORD_TOKEN is not set. Set it to your bot's token, from {TOKEN_PAGE}.")
        return cls(
            token=token,
            database=database(env.get("AGORA_DATABASE", "")),
            log_level=log_level(env.get("AGORA_LOG_LEVEL", "")),
            connect_seconds=connect_seconds(env.get("AGORA_CONNECT_TIMEOUT", "")),
            discord_url=discord_url(env.get("AGORA_DISCORD_URL", "")),
            shards=shards(env.get("AGORA_SHARDS", "")),
            render_workers=render_workers(env.get("AGORA_RENDER_WORKERS", "")),
            ai_workers=ai_workers(env.get("AGORA_AI_WORKERS", "")),
        )


def database(typed: str) -> Path | str:
    """A SQLite file's path, or a PostgreSQL URL kept as it is; empty means agora.sqlite3.

    >>> database("data/agora.sqlite3"), database("postgresql://agora:secret@db:5432/agora")
    (PosixPath('data/agora.sqlite3'), 'postgresql://agora:secret@db:5432/agora')
    """
    typed = typed.strip()
    if is_postgresql(typed):
        parts = urlsplit(typed)
        if not parts.hostname and "host=" not in parts.query:
            raise ConfigError(
                f"AGORA_DATABASE={typed} names no server. Use postgresql://user:password@host:5432/database."
            )
        return typed
    return Path(typed or "agora.sqlite3")


SHARDS_FORM = re.compile(r"(\d+)(?:-(\d+))?/(\d+)")
MOST_SHARDS = 100_000


def shards(typed: str) -> Shards | None:
    """The shards of ``AGORA_SHARDS``: FIRST-LAST/COUNT or ONE/COUNT; empty means Discord's recommended count.

    >>> shards("0-3/8")
    Shards(ids=(0, 1, 2, 3), count=8)
    >>> shards("5/8").ids, shards("")
    ((5,), None)
    >>> shards("4-9/8")
    Traceback (most recent call last):
    ...
    bot.config.ConfigError: AGORA_SHARDS=4-9/8 names shards 4 to 9 of 8: shards are numbered 0 to 7.
    """
    typed = typed.strip()
    if not typed:
        return None
    found = SHARDS_FORM.fullmatch(typed)
    if found is None:
        raise ConfigError(
            f"AGORA_SHARDS={typed} is not a range of shards. Use FIRST-LAST/COUNT, e.g. 0-3/8 for shards 0 to 3 "
            "of 8, or leave it unset to run every shard in this process."
        )
    first, count = int(found[1]), int(found[3])
    last = first if found[2] is None else int(found[2])
    if not 1 <= count <= MOST_SHARDS:
        raise ConfigError(f"AGORA_SHARDS={typed} asks for {count} shards. Use a count from 1 to {MOST_SHARDS}.")
    if first > last:
        raise ConfigError(f"AGORA_SHARDS={typed} runs no shard: the first shard must not come after the last.")
    if last >= count:
        raise ConfigError(
            f"AGORA_SHARDS={typed} names shards {first} to {last} of {count}: shards are numbered 0 to {count - 1}."
        )
    return Shards(tuple(range(first, last + 1)), count)


def log_level(typed: str) -> str:
    """A log level by name, any case; empty means INFO.

    >>> log_level("debug")
    'DEBUG'
    >>> log_level("LOUD")
    Traceback (most recent call last):
    ...
    bot.config.ConfigError: AGORA_LOG_LEVEL=LOUD is not a log level. Use DEBUG, INFO, WARNING, ERROR or CRITICAL.
    """
    level = typed.strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        choices = ", ".join(LOG_LEVELS[:-1]) + " or " + LOG_LEVELS[-1]
        raise ConfigError(f"AGORA_LOG_LEVEL={typed.strip()} is not a log level. Use {choices}.")
    return level


def render_workers(typed: str) -> int:
    """Processes that draw boards (``AGORA_RENDER_WORKERS``), 0 to 64; empty means one per core."""
    return _processes("AGORA_RENDER_WORKERS", typed, 0, default_workers)


def ai_workers(typed: str) -> int:
    """Processes that choose the bot's moves (``AGORA_AI_WORKERS``), 1 to 64; empty means one."""
    return _processes("AGORA_AI_WORKERS", typed, 1, lambda: 1)


def _processes(variable: str, typed: str, fewest: int, empty: Callable[[], int]) -> int:
    """A number of worker processes, ``fewest`` to 64, as typed in ``variable``; ``empty()`` when left empty.

    >>> render_workers("3"), render_workers("0"), ai_workers(""), ai_workers("2")
    (3, 0, 1, 2)
    >>> render_workers("many")
    Traceback (most recent call last):
    bot.config.ConfigError: AGORA_RENDER_WORKERS=many is not a number of processes. Use 0 to 64.
    >>> ai_workers("0")
    Traceback (most recent call last):
    bot.config.ConfigError: AGORA_AI_WORKERS=0 is not a number of processes. Use 1 to 64.
    """
    word = typed.strip()
    if not word:
        return empty()
    count = int(word) if word.isascii() and word.isdigit() else -1
    if not fewest <= count <= 64:
        raise ConfigError(f"{variable}={word} is not a number of processes. Use {fewest} to 64.")
    return count


def connect_seconds(typed: str) -> float:
    """Seconds to keep trying to reach Discord at start-up; empty means the default.

    >>> connect_seconds("30")
    30.0
    """
    if not typed.strip():
        return DEFAULT_CONNECT_SECONDS
    try:
        seconds = float(typed)
    except ValueError:
        seconds = -1.0
    if not 1 <= seconds <= 86_400:
        raise ConfigError(f"AGORA_CONNECT_TIMEOUT={typed.strip()} is not a number of seconds from 1 to 86400.")
    return seconds


def discord_url(typed: str) -> str | None:
    """The base URL of a fake Discord for tests; only this machine's loopback is accepted.

    >>> discord_url("http://127.0.0.1:8080/")
    'http://127.0.0.1:8080'
    """
    url = typed.strip().rstrip("/")
    if not url:
        return None
    parts = urlsplit(url)
    try:
        loopback = parts.scheme == "http" and ipaddress.ip_address(parts.hostname or "").is_loopback
    except ValueError:
        loopback = False
    if not loopback or parts.path:
        raise ConfigError(
            f"AGORA_DISCORD_URL={url} is not a fake Discord on this machine (http://127.0.0.1:PORT). "
            "It is for tests only: unset it to connect to Discord."
        )
    return url
