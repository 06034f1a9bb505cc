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

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Config:
        """Read ``DISCORD_TOKEN``, ``AGORA_DATABASE`` and ``AGORA_LOG_LEVEL``.

        >>> Config.from_env({"DISCORD_TOKEN": "x"}).database.name
        'agora.sqlite3'
        """
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("Set DISCORD_TOKEN to your bot's token (Discord developer portal > Bot > Token).")
        return cls(
            token=token,
            database=Path(env.get("AGORA_DATABASE", "agora.sqlite3")),
            log_level=env.get("AGORA_LOG_LEVEL", "INFO").upper(),
        )
