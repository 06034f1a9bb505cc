"""A throwaway PostgreSQL server for the tests, started from the installed server binaries.

The server lives in a temporary folder: its data, its log and its Unix socket (no TCP
port).  PostgreSQL refuses to run as root, so when the tests run as root (CI does) the
server runs as Debian's ``postgres`` account and the folder is handed to it.  Each test
gets a fresh database copied from a migrated template (``CREATE DATABASE … TEMPLATE``).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bot.storage import Storage

SERVER_ACCOUNT = "postgres"
TEMPLATE = "agora_template"
# Durability is not what these tests are about: they run faster without it.
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"


class Unavailable(Exception):
    """No PostgreSQL server can be started here; ``str()`` says why."""


def binaries() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's newest version, else the PATH."""
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if debian:
        return debian[-1].parent
    found = shutil.which("initdb")
    if found is None or shutil.which("pg_ctl") is None:
        raise Unavailable("PostgreSQL server binaries (initdb, pg_ctl) are not installed: apt-get install postgresql")
    return Path(found).resolve().parent


def _as_server(command: Sequence[str]) -> list[str]:
    """``command`` run by the server's account when we are root (PostgreSQL will not run as root)."""
    if os.geteuid() != 0:
        return list(command)
    try:
        pwd.getpwnam(SERVER_ACCOUNT)
    except KeyError:
        raise Unavailable(f"running as root and there is no '{SERVER_ACCOUNT}' account to run PostgreSQL") from None
    return ["runuser", "-u", SERVER_ACCOUNT, "--", *command]


class PostgresServer:
    """One server for the whole test session: :meth:`start`, :meth:`fresh_database`, :meth:`stop`."""

    def __init__(self) -> None:
        self.bin = binaries()
        self.folder = Path(tempfile.mkdtemp(prefix="agora-pg-"))
        self.data = self.folder / "data"
        self._names = itertools.count(1)

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, SERVER_ACCOUNT, SERVER_ACCOUNT)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync",
                  "-E", "UTF8", "--locale=C")
        options = f"-k {self.folder} -c listen_addresses='' -p 5432 {FAST}"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options,
                  "-w", "start")
        asyncio.run(self._migrate_template())

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def fresh_database(self, migrated: bool = True) -> str:
        """A new database, with every migration applied unless ``migrated`` is False; returns its URL."""
        name = f"test_{next(self._names)}"
        self.sql(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE if migrated else 'template0'}")
        return self.url(name)

    def sql(self, statement: str) -> None:
        psql = str(self.bin / "psql")
        self._run(psql, "-h", str(self.folder), "-U", "postgres", "-d", "postgres", "-q", "-c", statement)

    async def _migrate_template(self) -> None:
        self.sql(f"CREATE DATABASE {TEMPLATE}")
        storage = Storage(self.url(TEMPLATE))
        await storage.open()
        await storage.close()

    def _run(self, *command: str) -> None:
        done = subprocess.run(_as_server(command), capture_output=True, text=True, check=False, cwd=self.folder)
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()}\n{tail}")
