"""``python -m bot backup`` and ``python -m bot check`` against a database with games in it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.service import GameRecord, GameService
from bot.startup import ExitCode
from bot.storage import Storage, decode_state
from tests.live.process import run

GAMES_PLAYED = ("arkaios", "kouba", "dragons_arena", "araksey", "arcanor")


async def played(service: GameService, game: str, moves: int) -> GameRecord:
    """A two-player game of ``game`` with its first ``moves`` legal moves played."""
    record = await service.challenge(game, guild_id=1, channel_id=2, challenger=10, invited=[11])
    record = await service.accept(record.id, 11)
    for _ in range(moves):
        state = record.state
        assert state is not None
        if state.outcome is not None:
            break
        seat = state.actors[0]
        record = await service.play(record.id, record.user_at(seat), [str(state.legal_moves(seat)[0])])
    return record


async def database_with_games(path: Path) -> tuple[Storage, list[GameRecord]]:
    storage = Storage(path)
    await storage.open()
    service = GameService(storage)
    return storage, [await played(service, game, moves=8) for game in GAMES_PLAYED]


async def test_check_passes_a_sound_database(tmp_path: Path) -> None:
    storage, records = await database_with_games(tmp_path / "agora.sqlite3")
    await storage.close()
    ended = await run(tmp_path, "check")
    assert ended.code == ExitCode.OK, ended.out + ended.err
    assert f"all {len(records)} games replay to their stored state; integrity ok" in ended.out


async def test_check_reports_damaged_games_by_id(tmp_path: Path) -> None:
    storage, records = await database_with_games(tmp_path / "agora.sqlite3")
    altered, gapped = records[0], records[1]
    altered_moves = await storage.move_count(altered.id)
    await storage.close()
    with sqlite3.connect(tmp_path / "agora.sqlite3") as db:
        state = decode_state(db.execute("SELECT state FROM games WHERE id = ?", (altered.id,)).fetchone()[0])
        other = db.execute("SELECT state FROM games WHERE id = ?", (records[2].id,)).fetchone()[0]
        assert state != decode_state(other)
        db.execute("UPDATE games SET state = ? WHERE id = ?", (other, altered.id))
        db.execute("DELETE FROM moves WHERE game_id = ? AND ply = 2", (gapped.id,))
    ended = await run(tmp_path, "check")
    assert ended.code == ExitCode.DAMAGED
    lines = ended.out.splitlines()
    assert f"game #{altered.id}: its stored state differs from a replay of its {altered_moves} moves" in lines
    assert f"game #{gapped.id}: its moves are numbered 1, 3: move 2 is missing" in lines
    assert f"damaged games: #{altered.id}, #{gapped.id}." in ended.out
    sound = [r.id for r in records[2:]]
    assert not any(f"#{game_id}:" in ended.out for game_id in sound)


async def test_backup_copies_a_running_bots_database(tmp_path: Path) -> None:
    storage, records = await database_with_games(tmp_path / "agora.sqlite3")
    try:
        # The bot is still running: its latest writes sit in the write-ahead log, not yet in the file.
        assert (tmp_path / "agora.sqlite3-wal").stat().st_size > 0
        moves = sum([await storage.move_count(record.id) for record in records])
        ended = await run(tmp_path, "backup", str(tmp_path / "copy.sqlite3"))
    finally:
        await storage.close()
    assert ended.code == ExitCode.OK, ended.err
    assert f"Backed up {tmp_path / 'agora.sqlite3'} to {tmp_path / 'copy.sqlite3'}: {len(records)} games" in ended.out
    checked = await run(tmp_path, "check", AGORA_DATABASE=str(tmp_path / "copy.sqlite3"))
    assert checked.code == ExitCode.OK and f"all {len(records)} games" in checked.out
    with sqlite3.connect(tmp_path / "copy.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == moves > len(records)


async def test_backup_of_a_missing_database_says_where_it_looked(tmp_path: Path) -> None:
    ended = await run(tmp_path, "backup", str(tmp_path / "copy.sqlite3"))
    assert ended.code == ExitCode.DATABASE
    assert f"There is no database at {tmp_path / 'agora.sqlite3'}. Set AGORA_DATABASE" in ended.err
    assert not (tmp_path / "copy.sqlite3").exists()
