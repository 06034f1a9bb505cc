"""Fixtures shared by the test suite: the offline Discord of tests/harness."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.harness import DiscordSpec, FakeDiscord, load_spec


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
