"""Configuration from the environment; only the token is required."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class ConfigError(Exception):
    """The environment does not describe a usable configuration."""


@dataclass(frozen=True)
class Config:
    token: str
    database: Path
    log_level: str = "INFO"
    dev_guild: int | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ, *, need_token: bool = True) -> Config:
        """Read ``DISCORD_TOKEN``, ``AGORA_DATABASE``, ``AGORA_LOG_LEVEL`` and ``AGORA_DEV_GUILD``.

        >>> Config.from_env({"DISCORD_TOKEN": "x"}).database.name
        'agora.sqlite3'
        """
        token = env.get("DISCORD_TOKEN", "").strip()
        if need_token and not token:
            raise ConfigError("Set DISCORD_TOKEN to your bot's token (Discord developer portal > Bot > Token).")
        guild = env.get("AGORA_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError("AGORA_DEV_GUILD must be a server id (digits only).")
        return cls(
            token=token,
            database=Path(env.get("AGORA_DATABASE", "agora.sqlite3")),
            log_level=env.get("AGORA_LOG_LEVEL", "INFO").upper(),
            dev_guild=int(guild) if guild else None,
        )
