"""Fixtures shared by the test suite: the offline Discord of tests/harness, and both databases."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.harness import DiscordSpec, FakeDiscord, load_spec
from tests.postgres_server import PostgresServer, Unavailable

DATABASES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session; skipped where it cannot run, except in CI (CI=true) where that fails."""
    try:
        server = PostgresServer()
    except Unavailable as why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL tests cannot be skipped in CI: {why}")
        pytest.skip(str(why))
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What AGORA_DATABASE would say: a fresh SQLite file, then a fresh PostgreSQL database (migrated on open)."""
    if request.param == "sqlite":
        return str(tmp_path / "agora.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.fresh_database()


@pytest.fixture(params=DATABASES)
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """As :func:`database`, but the PostgreSQL database is empty too: nothing migrated yet."""
    if request.param == "sqlite":
        return str(tmp_path / "agora.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.fresh_database(migrated=False)


@pytest.fixture(scope="session")
def discord_spec() -> DiscordSpec | None:
    """Discord's OpenAPI description, parsed once per session; None when the file is absent."""
    return load_spec()


@pytest.fixture
async def discord_harness(discord_spec: DiscordSpec | None) -> AsyncIterator[FakeDiscord]:
    """A FakeDiscord not yet started: the test builds its bot and calls `await h.start(bot)`.

    Teardown closes the bot and fails the test on any error it logged or request Discord
    would have rejected.
    """
    harness = FakeDiscord(spec=discord_spec)
    yield harness
    await harness.stop()
