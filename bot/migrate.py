"""``python -m bot migrate-to postgresql://…``: move the bot's data from its SQLite file to PostgreSQL.

Both databases are first brought to the same migration, then every table is copied in
one PostgreSQL transaction, which commits only if each table has as many rows as in
SQLite, every game reads back exactly as it was, and every game replays to its stored
state (the checks of ``python -m bot check``).  A target that holds data already is
refused: the copy never runs twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.backup import existing_database
from bot.check import replay_damages, stored_games
from bot.database import Connection, is_postgresql
from bot.startup import ExitCode, StartupFailure, open_database, without_password
from bot.storage import Storage

# Bookkeeping of each database, written by its own migrations: never copied.
NOT_COPIED = ("schema_migrations", "sqlite_sequence")


class MigrationRefused(StartupFailure):
    """The copy cannot start, or did not check out (then nothing was written)."""


@dataclass(frozen=True)
class Copied:
    table: str
    rows: int


async def migrate_to(source: Path | str, target: str) -> ExitCode:
    """Copy the SQLite database ``source`` into the empty PostgreSQL database ``target``; prints what was copied."""
    if is_postgresql(source) or not is_postgresql(target):
        raise StartupFailure(
            ExitCode.CONFIGURATION,
            "migrate-to copies the SQLite file of AGORA_DATABASE into PostgreSQL: set AGORA_DATABASE to the file "
            "and give the target as postgresql://user:password@host/database.",
        )
    old, new = Storage(existing_database(Path(source))), Storage(target)
    await open_database(old)
    try:
        await open_database(new)
        copied, games = await copy_everything(old, new)
    finally:
        await old.close()
        await new.close()
    for table in copied:
        print(f"  {table.table}: {table.rows} rows")
    print(f"Copied {source} to {without_password(target)}: {games} games, each replayed to its stored state.")
    return ExitCode.OK


async def copy_everything(old: Storage, new: Storage) -> tuple[list[Copied], int]:
    """Every table, then the checks, in one transaction of ``new``; returns the tables copied and the games."""
    tables = await tables_of(old.db)
    async with new.transaction() as db:
        await refuse_if_not_empty(db, tables, without_password(new.path))
        copied = [Copied(table, await copy_table(old.db, db, table)) for table in tables]
        await check_counts(db, copied)
        await restart_ids(db, tables)
        games = await check_games(old.db, db)
    return copied, games


async def tables_of(db: Connection) -> list[str]:
    """SQLite's tables in the order they were made, so a table comes after those it refers to."""
    found = await db.fetch("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
    return [row[0] for row in found if row[0] not in NOT_COPIED]


async def refuse_if_not_empty(db: Connection, tables: Sequence[str], shown: str) -> None:
    for table in tables:
        found = await db.fetchrow(f"SELECT COUNT(*) FROM {table}")
        if found is not None and found[0]:
            raise MigrationRefused(
                ExitCode.DATABASE,
                f"{shown} already holds data ({found[0]} rows in {table}): migrate-to only copies into an empty "
                "database, so it never runs twice. Point it at a new database, or drop this one first.",
            )


async def copy_table(source: Connection, target: Connection, table: str) -> int:
    """Copy one table's rows, with each value in the type of its PostgreSQL column; returns how many."""
    types = await column_types(target, table)
    rows = await source.fetch(f"SELECT * FROM {table}")
    if not rows:
        return 0
    columns = list(rows[0].keys())
    marks = ", ".join("?" for _ in columns)
    values = [[as_column(types[name], row[name]) for name in columns] for row in rows]
    await target.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values)
    return len(rows)


async def column_types(db: Connection, table: str) -> dict[str, str]:
    found = await db.fetch(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ?", (table,)
    )
    return {row[0]: row[1] for row in found}


def as_column(data_type: str, value: Any) -> Any:
    """A SQLite value as its PostgreSQL column wants it (SQLite keeps a whole REAL as an int, say).

    A game state stored as JSON text before states were compressed goes to ``bytea`` as its UTF-8
    bytes, as PostgreSQL's migration 014 turned its own such states.

    >>> as_column("double precision", 1000), as_column("bigint", 7.0), as_column("text", None)
    (1000.0, 7, None)
    >>> as_column("bytea", '{"turn": 3}'), as_column("bytea", b"x\\x9c")
    (b'{"turn": 3}', b'x\\x9c')
    """
    if value is None:
        return None
    if data_type == "bytea" and isinstance(value, str):
        return value.encode()
    if data_type == "bigint" and isinstance(value, float) and value.is_integer():
        return int(value)
    if data_type == "double precision" and isinstance(value, int):
        return float(value)
    return value


async def check_counts(db: Connection, copied: Sequence[Copied]) -> None:
    for table in copied:
        found = await db.fetchrow(f"SELECT COUNT(*) FROM {table.table}")
        if found is None or found[0] != table.rows:
            raise MigrationRefused(
                ExitCode.DAMAGED,
                f"{table.table} has {found[0] if found else 0} rows after the copy, not {table.rows}: "
                "nothing was written.",
            )


async def restart_ids(db: Connection, tables: Sequence[str]) -> None:
    """New rows of PostgreSQL's identity columns continue after the copied ids."""
    for table in tables:
        identity = await db.fetchrow(
            "SELECT 1 FROM information_schema.columns WHERE table_name = ? AND column_name = 'id' "
            "AND is_identity = 'YES'",
            (table,),
        )
        if identity is not None:
            await db.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            )


async def check_games(source: Connection, target: Connection) -> int:
    """Every copied game equals its original and replays to its stored state; returns how many games."""
    before, after = await stored_games(source), await stored_games(target)
    if after != before:
        differing = next(new[0] for old, new in zip(before, after, strict=True) if old != new)
        raise MigrationRefused(ExitCode.DAMAGED, f"game #{differing} reads back differently: nothing was written.")
    checked, found = replay_damages(after)
    if found:
        problems = "; ".join(str(damage) for damage in found[:5])
        raise MigrationRefused(
            ExitCode.DAMAGED,
            f"{len(found)} of {checked} games do not replay ({problems}). Nothing was written: run "
            "python -m bot check on the SQLite file, restore a sound backup, then migrate again.",
        )
    return checked
