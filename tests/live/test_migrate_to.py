"""``python -m bot migrate-to postgresql://…``: a SQLite database with games, ratings and jobs moved to PostgreSQL."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot import ratings
from bot.service import GameService
from bot.startup import ExitCode
from bot.storage import Storage, decode_state
from tests.live.process import last_words, run
from tests.live.test_backup_check import database_with_games, played
from tests.postgres_server import PostgresServer

TABLES_COUNTED = ("games", "moves", "game_players", "jobs", "ratings", "rating_changes", "players")


async def counts(storage: Storage) -> dict[str, int]:
    found = {}
    for table in TABLES_COUNTED:
        row = await storage.db.fetchrow(f"SELECT COUNT(*) FROM {table}")
        assert row is not None
        found[table] = int(row[0])
    return found


async def sqlite_with_games(tmp_path: Path) -> dict[str, int]:
    storage, _ = await database_with_games(tmp_path / "agora.sqlite3")
    service = GameService(storage)
    finished = await played(service, "arkaios", moves=500)
    assert finished.row.status == "finished", "a rated game to copy"
    await storage.remember_player(1, 10, "Alice", 1.0)
    try:
        return await counts(storage)
    finally:
        await storage.close()


async def test_migrate_to_copies_every_table_and_the_bot_goes_on_there(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    before = await sqlite_with_games(tmp_path)
    target = postgres_server.fresh_database(migrated=False)
    ended = await run(tmp_path, "migrate-to", target)
    assert ended.code == ExitCode.OK, ended.err
    assert f"{before['games']} games, each replayed to its stored state" in ended.out
    checked = await run(tmp_path, "check", AGORA_DATABASE=target)
    assert checked.code == ExitCode.OK and f"all {before['games']} games replay" in checked.out
    storage = Storage(target)
    await storage.open()
    try:
        assert await counts(storage) == before
        assert len(await ratings.all_ratings(storage)) == before["ratings"] >= 2
        assert await storage.display_names(1, [10]) == {10: "Alice"}
        record = await played(GameService(storage), "arkaios", moves=1)
        assert record.id == before["games"] + 1, "new games continue after the copied ids"
    finally:
        await storage.close()


async def test_migrate_to_copies_states_stored_as_json_text_before_they_were_compressed(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    before = await sqlite_with_games(tmp_path)
    with sqlite3.connect(tmp_path / "agora.sqlite3") as db:
        state = decode_state(db.execute("SELECT state FROM games WHERE id = 1").fetchone()[0])
        db.execute("UPDATE games SET state = ? WHERE id = 1", (json.dumps(state),))
    target = postgres_server.fresh_database(migrated=False)
    ended = await run(tmp_path, "migrate-to", target)
    assert ended.code == ExitCode.OK, ended.err
    assert f"{before['games']} games, each replayed to its stored state" in ended.out
    storage = Storage(target)
    await storage.open()
    try:
        row = await storage.game(1)
        assert row is not None and row.state == state
        record = await played(GameService(storage), "arkaios", moves=1)
        assert record.state is not None
    finally:
        await storage.close()


async def test_migrate_to_refuses_a_target_that_holds_data(tmp_path: Path, postgres_server: PostgresServer) -> None:
    await sqlite_with_games(tmp_path)
    target = postgres_server.fresh_database()
    assert (await run(tmp_path, "migrate-to", target)).code == ExitCode.OK
    again = await run(tmp_path, "migrate-to", target)
    assert again.code == ExitCode.DATABASE
    assert "already holds data" in last_words(again) and "never runs twice" in last_words(again)
    assert "postgres@" in last_words(again)


async def test_migrate_to_writes_nothing_when_a_game_does_not_replay(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    await sqlite_with_games(tmp_path)
    with sqlite3.connect(tmp_path / "agora.sqlite3") as db:
        db.execute("DELETE FROM moves WHERE game_id = 2 AND ply = 2")
    target = postgres_server.fresh_database()
    ended = await run(tmp_path, "migrate-to", target)
    assert ended.code == ExitCode.DAMAGED
    assert "game #2: its moves are numbered 1, 3: move 2 is missing" in last_words(ended)
    storage = Storage(target)
    await storage.open()
    try:
        assert set((await counts(storage)).values()) == {0}, "the copy was rolled back"
    finally:
        await storage.close()


async def test_migrate_to_wants_a_postgresql_url(tmp_path: Path) -> None:
    ended = await run(tmp_path, "migrate-to", str(tmp_path / "other.sqlite3"))
    assert ended.code == ExitCode.CONFIGURATION
    assert "postgresql://user:password@host/database" in last_words(ended)
