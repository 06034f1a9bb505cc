"""Helpers for end-to-end tests: a real AgoraBot on a temporary SQLite file, driven offline."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app import AgoraBot


class Clock:
    """A controllable clock for the bot: tests move time forward by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "agora.sqlite3"


@pytest.fixture
def make_bot(database: Path, clock: Clock) -> Callable[[], AgoraBot]:
    """Build a new bot object on the same database file (call again to 'restart')."""
    return lambda: AgoraBot(str(database), clock=clock)
