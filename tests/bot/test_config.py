"""Start-up configuration: only the token is required."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.config import Config, ConfigError


def test_only_the_token_is_required() -> None:
    config = Config.from_env({"DISCORD_TOKEN": " abc "})
    assert config.token == "abc" and str(config.database) == "agora.sqlite3" and config.log_level == "INFO"


def test_missing_token_is_explained() -> None:
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        Config.from_env({})


def test_database_and_log_level_come_from_the_environment() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "x", "AGORA_DATABASE": "/data/a.db", "AGORA_LOG_LEVEL": "debug"})
    assert str(config.database) == "/data/a.db" and config.log_level == "DEBUG"


def test_running_without_a_token_stops_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_a_fake_discord_must_be_on_this_machine() -> None:
    with pytest.raises(ConfigError, match="for tests only"):
        Config.from_env({"DISCORD_TOKEN": "x", "AGORA_DISCORD_URL": "http://example.com:80"})


def test_the_connect_timeout_is_a_number_of_seconds() -> None:
    assert Config.from_env({"DISCORD_TOKEN": "x", "AGORA_CONNECT_TIMEOUT": "15"}).connect_seconds == 15
    with pytest.raises(ConfigError, match="AGORA_CONNECT_TIMEOUT=soon"):
        Config.from_env({"DISCORD_TOKEN": "x", "AGORA_CONNECT_TIMEOUT": "soon"})
