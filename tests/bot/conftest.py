"""Fixtures of the service tests: a game service on a fresh database, SQLite then PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import GameService
from bot.storage import Storage


@pytest.fixture
async def service(database: str) -> AsyncIterator[GameService]:
    storage = Storage(database)
    await storage.open()
    yield GameService(storage, clock=lambda: 1_000.0)
    await storage.close()
