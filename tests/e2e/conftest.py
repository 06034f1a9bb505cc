"""Helpers for end-to-end tests: a real AgoraBot on a temporary SQLite file, driven offline."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.app import AgoraBot
from tests.e2e.french import english_in, shown_strings
from tests.harness import FakeDiscord


class Clock:
    """A controllable clock for the bot: tests move time forward by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


FRENCH_SAVED = "Réglages enregistrés"  # the answer to /agora settings language:fr


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


def uploads(h: FakeDiscord) -> list[tuple[str, str | None]]:
    """Every file the bot uploaded, as (file name, alt text), in the order it sent them."""
    found: list[tuple[str, str | None]] = []
    for request in h.requests:
        body = request.json if isinstance(request.json, dict) else {}
        entries = body.get("attachments") or (body.get("data") or {}).get("attachments") or []
        described = {int(entry["id"]): entry.get("description") for entry in entries if "id" in entry}
        found += [(upload.filename, described.get(upload.index)) for upload in request.files]
    return found


@pytest.fixture(autouse=True)
def every_picture_has_alt_text(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each end-to-end test: every picture the bot sent carried alt text (Discord's ``description``)."""
    if "discord_harness" not in request.fixturenames:
        yield
        return
    h: FakeDiscord = request.getfixturevalue("discord_harness")
    yield
    missing = [name for name, alt in uploads(h) if not alt]
    assert not missing, f"pictures sent without alt text: {missing}"


@pytest.fixture(autouse=True)
def french_servers_read_no_english(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test of a French module (``*_fr_e2e``): no English sentence in anything the bot
    sent once the server was set to French (what came before may be English on purpose)."""
    if "discord_harness" not in request.fixturenames or not request.module.__name__.endswith("_fr_e2e"):
        yield
        return
    h: FakeDiscord = request.getfixturevalue("discord_harness")
    h.guild.locale = "fr"  # a French community: its members' Discord is in French too (private answers follow it)
    yield
    saved = [n for n, r in enumerate(h.requests) if any(FRENCH_SAVED in shown for shown in shown_strings(r.json))]
    if saved:
        assert english_in(h.requests[saved[0] :]) == []
