"""Every way start-up can fail, as an operator sees it: the real entry point, its last words, its exit code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot import startup
from bot.config import Config
from bot.i18n import COMMANDS
from bot.startup import ExitCode, StartupFailure
from cogs.table.challenges import LEVEL_HELP
from tests.live.fake_discord import APP_ID, FakeDiscordServer, SilentServer
from tests.live.process import last_words, run

FAST = {"AGORA_CONNECT_TIMEOUT": "3"}


def no_traceback(err: str) -> bool:
    return "Traceback" not in err


async def test_a_missing_token_names_the_variable_and_the_portal(tmp_path: Path) -> None:
    ended = await run(tmp_path)
    assert ended.code == ExitCode.CONFIGURATION
    assert "DISCORD_TOKEN is not set" in ended.err and "discord.com/developers/applications" in ended.err
    assert no_traceback(ended.err)


async def test_a_wrong_token_is_refused_with_what_to_do(tmp_path: Path) -> None:
    async with FakeDiscordServer(token="the-right-token") as discord:
        ended = await run(tmp_path, DISCORD_TOKEN="a-wrong-token", AGORA_DISCORD_URL=discord.url, **FAST)
    assert ended.code == ExitCode.TOKEN_REFUSED
    assert "Discord refused the token in DISCORD_TOKEN" in last_words(ended)
    assert "discord.com/developers/applications" in last_words(ended)
    assert no_traceback(ended.err)


async def test_no_network_is_retried_then_reported(tmp_path: Path) -> None:
    async with SilentServer() as closed:
        url = closed.url  # nothing listens there once the server is gone: connections are refused
    ended = await run(tmp_path, DISCORD_TOKEN="token", AGORA_DISCORD_URL=url, **FAST)
    assert ended.code == ExitCode.DISCORD_UNREACHABLE
    assert "Cannot reach Discord" in ended.err and "Retrying in 1 s (attempt 1)" in ended.err
    assert last_words(ended).startswith(f"Could not reach Discord at {url} within 3 s")
    assert "internet connection" in last_words(ended)
    assert no_traceback(ended.err)


async def test_a_discord_that_never_answers_is_given_up_on_in_bounded_time(tmp_path: Path) -> None:
    async with SilentServer() as silent:
        ended = await run(tmp_path, DISCORD_TOKEN="token", AGORA_DISCORD_URL=silent.url, **FAST)
    assert ended.code == ExitCode.DISCORD_UNREACHABLE
    assert "Cannot reach Discord (no answer). Retrying" in ended.err
    assert "within 3 s (no answer)" in last_words(ended)
    assert no_traceback(ended.err)


async def test_a_gateway_that_never_answers_is_given_up_on_in_bounded_time(tmp_path: Path) -> None:
    async with FakeDiscordServer(silent_gateway=True) as discord:
        ended = await run(tmp_path, DISCORD_TOKEN=discord.token, AGORA_DISCORD_URL=discord.url, **FAST)
        assert "GET /users/@me" in discord.requests, "the token was accepted"
    assert ended.code == ExitCode.DISCORD_UNREACHABLE
    assert last_words(ended).startswith(f"Could not reach Discord at {discord.url} within 3 s")
    assert "the gateway never said the bot was ready" in last_words(ended)
    assert no_traceback(ended.err)


async def test_an_unwritable_database_path_fails_before_logging_in(tmp_path: Path) -> None:
    (tmp_path / "not-a-folder").write_text("x")
    database = tmp_path / "not-a-folder" / "agora.sqlite3"
    async with FakeDiscordServer() as discord:
        ended = await run(
            tmp_path, DISCORD_TOKEN=discord.token, AGORA_DISCORD_URL=discord.url, AGORA_DATABASE=str(database)
        )
        assert discord.requests == [], "the database is opened before anything talks to Discord"
    assert ended.code == ExitCode.DATABASE
    assert f"Cannot open the database {database}" in last_words(ended)
    assert "AGORA_DATABASE" in last_words(ended)
    assert no_traceback(ended.err)


async def test_a_bad_log_level_is_refused(tmp_path: Path) -> None:
    ended = await run(tmp_path, DISCORD_TOKEN="token", AGORA_LOG_LEVEL="LOUD")
    assert ended.code == ExitCode.CONFIGURATION
    assert last_words(ended) == "AGORA_LOG_LEVEL=LOUD is not a log level. Use DEBUG, INFO, WARNING, ERROR or CRITICAL."


async def test_a_file_that_is_not_a_database_is_named(tmp_path: Path) -> None:
    (tmp_path / "agora.sqlite3").write_text("this is not a database")
    ended = await run(tmp_path, "check", AGORA_LOG_LEVEL="DEBUG")
    assert ended.code == ExitCode.DATABASE and "file is not a database" in last_words(ended)


async def test_sync_publishes_the_commands_then_exits(tmp_path: Path) -> None:
    async with FakeDiscordServer() as discord:
        ended = await run(tmp_path, "sync", "--guild", "42", DISCORD_TOKEN=discord.token, AGORA_DISCORD_URL=discord.url)
    assert ended.code == 0, ended.err
    published = discord.commands[f"/applications/{APP_ID}/guilds/42/commands"]
    names = {command["name"] for command in published}
    assert {"arkaios", "agora", "move", "replay"} <= names
    assert f"synced {len(published)} slash commands (42)" in ended.err and no_traceback(ended.err)


async def test_sync_refuses_a_text_too_long_naming_it_and_sends_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In this process (a catalogue can only be made wrong here): ``run`` is what ``python -m bot sync``
    runs, and ``main`` prints a :class:`StartupFailure` and exits with its code."""
    monkeypatch.setitem(COMMANDS["fr"], LEVEL_HELP, "é" * 101)
    monkeypatch.setattr(Route, "BASE", Route.BASE)  # ``run`` points discord.py at the fake Discord
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    async with FakeDiscordServer() as discord:
        variables = {"DISCORD_TOKEN": discord.token, "AGORA_DISCORD_URL": discord.url}
        config = Config.from_env({**variables, "AGORA_DATABASE": str(tmp_path / "agora.sqlite3")})
        with pytest.raises(StartupFailure) as refused:
            await startup.run(config, syncing=True)
        assert not [request for request in discord.requests if request.endswith("/commands")]
    assert refused.value.code == ExitCode.COMMANDS_REFUSED == 7
    assert re.match(
        r"Not publishing the slash commands: the French description of the option level of /\w+ challenge "
        r"is 101 characters long, over Discord's limit of 100 \(and \d+ more problems\); nothing was sent",
        str(refused.value),
    ), str(refused.value)


async def test_help_lists_the_commands_the_variables_and_the_exit_codes(tmp_path: Path) -> None:
    ended = await run(tmp_path, "--help")
    assert ended.code == 0
    for word in ("run", "sync", "backup", "check", "DISCORD_TOKEN", "AGORA_DATABASE", "AGORA_LOG_LEVEL",
                 "AGORA_CONNECT_TIMEOUT", "AGORA_DISCORD_URL", "exit codes", "Discord refused the token",
                 "7  sync found a slash-command text over Discord's limits"):
        assert word in ended.out, word


async def test_a_bad_shard_range_is_refused(tmp_path: Path) -> None:
    ended = await run(tmp_path, DISCORD_TOKEN="token", AGORA_SHARDS="0-3")
    assert ended.code == ExitCode.CONFIGURATION
    assert last_words(ended).startswith("AGORA_SHARDS=0-3 is not a range of shards. Use FIRST-LAST/COUNT")


async def test_an_unreachable_postgresql_is_named_without_its_password(tmp_path: Path) -> None:
    database = f"postgresql://agora:s3cret@/agora?host={tmp_path}"  # no server listens in tmp_path
    ended = await run(tmp_path, DISCORD_TOKEN="token", AGORA_DATABASE=database)
    assert ended.code == ExitCode.DATABASE
    assert last_words(ended).startswith(f"Cannot open the database postgresql://agora:***@/agora?host={tmp_path}")
    assert "s3cret" not in ended.err and no_traceback(ended.err)
