"""The load benchmark plays real moves in every game through the offline Discord, losing none."""

from __future__ import annotations

from pathlib import Path

from bench.load import Samples, database_bytes, run_load


async def test_a_short_load_plays_moves_in_flight_and_loses_none(tmp_path: Path) -> None:
    database = str(tmp_path / "agora.sqlite3")
    samples: Samples = await run_load(database, games=5, in_flight=3, seconds=1.5, seed=1, gate=None)
    assert samples.moves >= 3 and samples.lost == 0  # each of the 3 players moves at least once
    assert len(samples.ack) == len(samples.board) == samples.moves
    assert min(samples.ack) > 0 and min(samples.board) > 0
    assert await database_bytes(database) > 0
