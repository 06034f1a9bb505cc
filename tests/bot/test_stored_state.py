"""Game states kept compressed in ``games.state`` (SQLite, then PostgreSQL): they read back equal, the states
stored as JSON text before still read, and a damaged one reads as a damaged game, never a crash."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest

from bot.check import replay_damages, same_json, stored_games
from bot.database import migrations
from bot.service import GameRecord, GameService, ServiceError
from bot.storage import CorruptRow, Storage, decode_state, encode_state

ALICE, BOB = 101, 202
COMPRESSED_SINCE = 14  # the migration that made PostgreSQL's state column bytea


async def played(service: GameService, game: str, moves: int) -> GameRecord:
    """A two-player game of ``game`` with its first ``moves`` legal moves played."""
    record = await service.challenge(game, guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    record = await service.accept(record.id, BOB)
    for _ in range(moves):
        state = record.state
        assert state is not None and state.outcome is None
        seat = state.actors[0]
        record = await service.play(record.id, record.user_at(seat), [str(state.legal_moves(seat)[0])])
    return record


async def stored(storage: Storage, game_id: int) -> Any:
    """The raw value of a game's state column."""
    found = await storage.db.fetchrow("SELECT state FROM games WHERE id = ?", (game_id,))
    assert found is not None
    return found[0]


@pytest.mark.parametrize("game", ["arcanor", "kouba"])
async def test_a_state_is_stored_compressed_and_reads_back_equal(service: GameService, game: str) -> None:
    record = await played(service, game, moves=6)
    assert record.state is not None
    raw = bytes(await stored(service.storage, record.id))
    text = zlib.decompress(raw)
    assert json.loads(text) == same_json(record.state.to_json())
    assert len(raw) < len(text) / 2, "a state takes less than half its JSON's room"
    again = await service.storage.game(record.id)
    assert again is not None and again.state == same_json(record.state.to_json())
    loaded = await service.load(record.id)
    assert loaded.state is not None and loaded.state.to_json() == record.state.to_json()


async def test_a_state_stored_as_json_text_before_still_reads(service: GameService) -> None:
    record = await played(service, "kouba", moves=3)
    assert record.state is not None
    before = same_json(record.state.to_json())
    # What each database holds from before: SQLite the JSON text, PostgreSQL its UTF-8 bytes (migration 014).
    text = json.dumps(before)
    old = text if service.storage.dialect == "sqlite" else text.encode()
    await service.storage.db.execute("UPDATE games SET state = ? WHERE id = ?", (old, record.id))
    loaded = await service.load(record.id)
    assert loaded.state is not None and same_json(loaded.state.to_json()) == before
    state = loaded.state
    seat = state.actors[0]
    record = await service.play(record.id, record.user_at(seat), [str(state.legal_moves(seat)[0])], loaded.version)
    raw = bytes(await stored(service.storage, record.id))
    assert raw[:1] != b"{", "its next move stores it compressed"
    assert record.state is not None and decode_state(raw) == same_json(record.state.to_json())


DAMAGED = {
    "not zlib": b"x\x9c\x00\x01\x02not a stream",
    "cut short": encode_state({"board": list(range(200))})[:-6],
    "compressed, not JSON": zlib.compress(b"not json"),
    "compressed, not an object": zlib.compress(b"[1, 2]"),
    "JSON bytes, not UTF-8": b'{"log": "\xff"}',
}


@pytest.mark.parametrize("damage", DAMAGED.values(), ids=DAMAGED.keys())
async def test_a_damaged_state_reads_as_a_damaged_game(service: GameService, damage: bytes) -> None:
    broken = await played(service, "arkaios", moves=1)
    sound = await played(service, "arkaios", moves=1)
    await service.storage.db.execute("UPDATE games SET state = ? WHERE id = ?", (damage, broken.id))
    with pytest.raises(CorruptRow):
        await service.storage.game(broken.id)
    with pytest.raises(ServiceError, match="damaged"):
        await service.load(broken.id)
    assert [record.id for record in await service.active_games(ALICE)] == [sound.id]
    checked, found = replay_damages(await stored_games(service.storage.db))
    assert checked == 2
    assert [(d.game_id, d.problem) for d in found] == [(broken.id, "its stored data cannot be decoded")]


async def test_the_states_stored_before_migration_014_read_after_it(empty_database: str) -> None:
    storage = Storage(empty_database)
    await storage.database.open()
    try:
        async with storage.transaction() as db:
            await storage.database.applied_migrations(db)
            for version, script in migrations(storage.dialect):
                if version < COMPRESSED_SINCE:
                    await storage.database.apply_script(db, script)
                    await db.execute("INSERT INTO schema_migrations VALUES (?)", (version,))
            # Text a cast to bytea would misread (a backslash), and letters beyond ASCII.
            kept = {"log": ['Zoé said "à toi"\\n'], "turn": 7}
            game_id = await db.insert(
                "INSERT INTO games (game, guild_id, channel_id, status, seats, accepted, options, seed, state, "
                "created_at, updated_at) VALUES ('kouba', 1, 2, 'active', '[101, 202]', '[101, 202]', '{}', 5, "
                "?, 0, 0)",
                (json.dumps(kept, ensure_ascii=False),),
            )
    finally:
        await storage.database.close()
    storage = Storage(empty_database)
    await storage.open()
    try:
        row = await storage.game(game_id)
        assert row is not None and row.state == kept
        if storage.dialect == "postgresql":
            found = await storage.db.fetchrow(
                "SELECT data_type FROM information_schema.columns WHERE table_name = 'games' AND column_name = 'state'"
            )
            assert found is not None and found[0] == "bytea"
    finally:
        await storage.close()
