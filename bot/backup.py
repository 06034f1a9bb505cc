"""``python -m bot backup FILE``: a consistent copy of the database, even while the bot is running.

SQLite's online backup API copies every page under one read snapshot, so moves
written meanwhile are either wholly in the copy or wholly absent.  The copy is
written beside FILE first and renamed over it once complete, so a cron job that
dies half-way never leaves a broken backup under the expected name.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from bot.database import is_postgresql
from bot.startup import ExitCode, StartupFailure


def existing_database(path: Path) -> Path:
    """``path`` if it is a file; the bot creates its database on first run, these commands never do."""
    if not path.is_file():
        raise StartupFailure(
            ExitCode.DATABASE,
            f"There is no database at {path}. Set AGORA_DATABASE to the bot's database file.",
        )
    return path


@contextlib.contextmanager
def connected(path: Path | str) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection, closed on exit (``with sqlite3.connect`` only ends transactions)."""
    db = sqlite3.connect(path, timeout=10)
    try:
        yield db
    finally:
        db.close()


def backup(database: Path | str, file: str) -> ExitCode:
    """Copy ``database`` to ``file``; prints what was copied."""
    if is_postgresql(database):
        raise StartupFailure(
            ExitCode.CONFIGURATION,
            "backup copies a SQLite file. For PostgreSQL use its own tool: pg_dump --format=custom --file=FILE URL.",
        )
    source = existing_database(Path(database))
    target = Path(file)
    partial = target.with_name(target.name + ".part")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with connected(source) as db, connected(partial) as copy:
            db.backup(copy)
            games = copy.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        raise StartupFailure(
            ExitCode.DATABASE, f"Could not back up {source} to {target} ({error}). Check both paths and free space."
        ) from None
    print(f"Backed up {source} to {target}: {games} games, {target.stat().st_size // 1024} KB.")
    return ExitCode.OK
