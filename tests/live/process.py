"""Running the real ``python -m bot`` as a child process, with a bounded wait."""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 30.0  # far above what any of these runs needs: a hang fails the test rather than blocking it


@dataclass(frozen=True)
class Ended:
    code: int
    out: str
    err: str


def environment(tmp_path: Path, **variables: str) -> dict[str, str]:
    """A clean environment: only what the test sets, the database in ``tmp_path``, no colours."""
    base = {"PATH": os.environ.get("PATH", ""), "AGORA_DATABASE": str(tmp_path / "agora.sqlite3")}
    return {**base, **variables}


async def start(tmp_path: Path, *args: str, **variables: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=tmp_path, env=environment(tmp_path, **variables),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )


async def finish(process: asyncio.subprocess.Process) -> Ended:
    try:
        out, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise AssertionError(f"python -m bot still running after {TIMEOUT} s") from None
    assert process.returncode is not None
    return Ended(process.returncode, out.decode(), err.decode())


async def run(tmp_path: Path, *args: str, **variables: str) -> Ended:
    return await finish(await start(tmp_path, *args, **variables))


def last_words(ended: Ended) -> str:
    """What the process said last on stderr: the sentence an operator reads."""
    lines = [line for line in ended.err.splitlines() if line.strip()]
    return lines[-1] if lines else ""
