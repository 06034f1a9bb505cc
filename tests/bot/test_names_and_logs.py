"""Names kept per server, and logs at DEBUG that hold no hidden game data."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from bot import startup
from bot.names import NAME_LIMIT, plain_name, shown_name
from bot.service import GameService


async def test_a_name_is_kept_per_server(service: GameService) -> None:
    await service.remember_player(1, 10, "Ally")
    await service.remember_player(2, 10, "Alicia")
    here = await service.start_game("arkaios", guild_id=1, channel_id=5, seats=[10, 11])
    there = await service.start_game("arkaios", guild_id=2, channel_id=6, seats=[10, 11])
    assert await service.display_names(here) == ["Ally", "Player 2"]
    assert await service.display_names(there) == ["Alicia", "Player 2"]


async def test_the_server_name_wins_over_an_older_name_and_is_read_once_per_record(service: GameService) -> None:
    async with service.storage.transaction() as db:
        await db.execute("INSERT INTO players (user_id, display_name, updated_at) VALUES (?, ?, ?)", (10, "Old", 0.0))
        await db.execute("INSERT INTO players (user_id, display_name, updated_at) VALUES (?, ?, ?)", (11, "Bob", 0.0))
    await service.remember_player(1, 10, "Ally")
    record = await service.start_game("arkaios", guild_id=1, channel_id=5, seats=[10, 11])
    assert await service.display_names(record) == ["Ally", "Bob"]
    await service.remember_player(1, 11, "Bobby")
    assert await service.display_names(record) == ["Ally", "Bob"], "one record draws one set of names"
    assert await service.display_names(await service.load(record.id)) == ["Ally", "Bobby"]


async def test_names_are_read_once_then_follow_what_the_bot_keeps(service: GameService) -> None:
    await service.remember_player(1, 10, "Ally")
    record = await service.start_game("arkaios", guild_id=1, channel_id=5, seats=[10, 11])
    assert await service.display_names(record) == ["Ally", "Player 2"]
    async with service.storage.transaction() as db:
        await db.execute(
            "INSERT INTO member_names (guild_id, user_id, display_name, updated_at) VALUES (?, ?, ?, ?)",
            (1, 11, "Unseen", 0.0),
        )
    assert await service.display_names(await service.load(record.id)) == ["Ally", "Player 2"]
    await service.remember_player(1, 11, "Bobby")
    assert await service.display_names(await service.load(record.id)) == ["Ally", "Bobby"]


async def test_names_are_one_bounded_line_and_inert_in_messages(service: GameService) -> None:
    await service.remember_player(1, 10, "**@everyone**\n" + "x" * 100)
    record = await service.start_game("arkaios", guild_id=1, channel_id=5, seats=[10, 11])
    [drawn, _] = await service.display_names(record)
    assert "\n" not in drawn and len(drawn) == NAME_LIMIT and drawn.endswith("…")
    [shown, _] = await service.shown_names(record)
    assert shown.startswith("\\*\\*@\u200beveryone\\*\\* x")


@pytest.mark.parametrize("name", ["a_b", "<@123456789012345678>", "`x`", "> quote", "https://x.example/a_b"])
def test_a_shown_name_keeps_every_character_of_the_plain_name(name: str) -> None:
    readable = shown_name(name).replace("\\", "").replace("\u200b", "")
    assert readable == plain_name(name)


@pytest.fixture
def debug_logging() -> Iterator[list[logging.LogRecord]]:
    """The bot's logging set up as with AGORA_LOG_LEVEL=DEBUG; every record that reaches a handler."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers))
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    startup.setup_logging("DEBUG")
    root.addHandler(Keep())
    yield seen
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]
    for name in startup.QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.NOTSET)


async def test_debug_logs_hold_no_game_state(
    service: GameService, debug_logging: list[logging.LogRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole Kouba game at DEBUG: no state, draw pile order or dice state is ever logged."""
    # A seed whose game, always playing the first legal move, ends: with some seeds a racer who
    # only ever rolls again never finishes the race, as a player who never gives up would not.
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: 1)
    record = await service.start_game("kouba", guild_id=1, channel_id=5, seats=[10, 11, 12])
    hidden: set[str] = set()
    for _ in range(5000):
        state = record.state
        assert state is not None
        data = state.to_json()
        hidden.update({json.dumps(data, separators=(",", ":")), json.dumps(data), json.dumps(data["rng"])})
        if len(data["draw"]) > 3:  # the draw pile's order is what no player may see
            hidden.update({json.dumps(data["draw"]), repr(data["draw"])})
        if state.outcome is not None:
            break
        seat = state.actors[0]
        move = str(state.legal_moves(seat)[0])
        record = await service.play(record.id, record.user_at(seat), [move], version=record.version)
    assert record.state is not None and record.state.outcome is not None, "the game did not end"
    said = [entry.getMessage() for entry in debug_logging]
    for secret in hidden:
        assert not any(secret in line for line in said), f"a log line holds hidden game data: {secret[:80]}"
    assert logging.getLogger("bot.service").isEnabledFor(logging.DEBUG)  # the bot's own lines are on
    assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)  # SQL parameters are not
