"""``python -m bench load``: many games at once, many clicks in flight, through the offline Discord.

N games (``--games``, default 200) of every game in turn, each in a channel of its own, and
K moves in flight (``--in-flight``, default 20): each of K players' loops takes a game nobody
else holds, sends its mover's ``/move`` with a legal move (a drafted turn whole, as a player
confirms it) and waits for the new board before taking the next game.  A finished game is
replaced by a new one in its channel.  Measured per move: the acknowledgement (from the
interaction to the bot's callback) and the new board (to the request that posts or edits the
picture); over the run: moves per second, CPU seconds per move, database round trips per move
(statements sent, a transaction's BEGIN and COMMIT counted: each is a hop through SQLite's thread
or to the server, queued behind the others), the database's own share of a move's time (the CPU
time of SQLite's thread, or the time PostgreSQL's backends spent running statements, per move,
against the mean time to the new board), and the database's growth per 1,000 moves.

``--database`` takes a path (a new SQLite file; by default one in a temporary folder) or a
``postgresql://`` URL; ``--database postgresql`` starts a temporary PostgreSQL server from the
installed binaries.  ``--processes P`` runs P bot processes on the same database, each with its
share of the games and of the moves in flight, as shards do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.engines import percentile
from bot.app import AgoraBot
from bot.database import SqliteDatabase
from bot.drawing import default_workers
from bot.service import ACTIVE, GameRecord, GameService
from bot.storage import Storage
from cogs.common import GameCog, game_cog
from rules import GAMES, GameState
from tests.harness import FakeDiscord, FakeUser, RecordedRequest
from tests.harness.model import InteractionRecord

BOARD_WAIT = 30.0  # seconds a move may take to show its board before it counts as lost
GAME_ORDER = sorted(GAMES)


@dataclass
class Samples:
    """What one process measured."""

    ack: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    moves: int = 0
    lost: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    trips: int = 0  # database round trips while moving (new games in finished games' channels included)
    db_seconds: float = 0.0  # the database's own work meanwhile: its thread's CPU (SQLite), its server's (PostgreSQL)

    def merge(self, other: Samples) -> None:
        self.ack += other.ack
        self.board += other.board
        self.moves += other.moves
        self.lost += other.lost
        self.seconds = max(self.seconds, other.seconds)
        self.cpu += other.cpu
        self.trips += other.trips
        self.db_seconds += other.db_seconds


@dataclass
class Table:
    """A game in its own channel, with the players who sit at it."""

    channel_id: int
    players: list[FakeUser]
    record: GameRecord | None = None
    state: GameState[Any] | None = None  # the game as its players know it: the stored one, then their moves


class BoardWatch:
    """Futures resolved when the bot sends a picture for a channel or through an interaction's token."""

    def __init__(self) -> None:
        self.waiting: dict[str, asyncio.Future[float]] = {}

    def expect(self, *keys: str) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        for key in keys:
            self.waiting[key] = future
        return future

    def forget(self, *keys: str) -> None:
        for key in keys:
            self.waiting.pop(key, None)

    def seen(self, request: RecordedRequest) -> None:
        if not request.files:
            return
        for key, future in list(self.waiting.items()):
            if key in request.path and not future.done():
                future.set_result(time.perf_counter())


def turn_of(state: GameState[Any], rng: random.Random, whole_turns: bool) -> tuple[int, list[str], GameState[Any]]:
    """The seat to move, its move and the game after it: one legal move, or with ``whole_turns`` the moves
    of its whole turn (a game whose cog drafts a turn of several moves, played when confirmed)."""
    seat = state.actors[0]
    moves: list[str] = []
    while state.outcome is None and state.actors and state.actors[0] == seat and len(moves) < 8:
        move = rng.choice(state.legal_moves(seat))
        moves.append(str(move))
        state = state.play(seat, move)
        if not whole_turns:
            break
    return seat, moves, state


def drafts_turns(cog: GameCog) -> bool:
    """Whether a game's ``/move`` drafts its moves into a turn (its cog has its own ``play_typed``)."""
    return type(cog).play_typed is not GameCog.play_typed


async def new_game(h: FakeDiscord, bot: AgoraBot, table: Table, game: str) -> None:
    seats = [player.id for player in table.players]
    table.record = await bot.service.start_game(game, guild_id=h.guild.id, channel_id=table.channel_id, seats=seats)
    table.state = table.record.state
    await game_cog(bot, game).post_board(None, table.record)


async def one_move(h: FakeDiscord, bot: AgoraBot, watch: BoardWatch, table: Table, rng: random.Random,
                   samples: Samples, reader: GameService) -> None:
    """One move of ``table``'s game, as its players know it: from the stored game at its start, then by the
    moves they played (as a player's own screen follows the boards). After a move that showed no board they
    read it again through ``reader`` (a storage of their own, so that their reads are not the bot's: not
    counted, not queued behind its statements)."""
    record, state = table.record, table.state
    assert record is not None
    if state is None:
        record = table.record = await reader.load(record.id)
        state = record.state if record.row.status == ACTIVE else None
    if state is None or state.outcome is not None:
        await new_game(h, bot, table, record.game)
        return
    seat, moves, after = turn_of(state, rng, drafts_turns(game_cog(bot, record.game)))
    player = next(p for p in table.players if p.id == record.user_at(seat))
    started = time.perf_counter()
    board = watch.expect(f"/channels/{table.channel_id}/")
    sent: InteractionRecord = h.send_slash(player, "move", notation=" ".join(moves), game=record.id,
                                           in_channel=table.channel_id)
    watch.waiting[sent.token] = board
    try:
        shown = await asyncio.wait_for(asyncio.shield(board), BOARD_WAIT)
    except TimeoutError:
        samples.lost += 1
        table.state = None  # read the game again before the next move
        return
    finally:
        watch.forget(f"/channels/{table.channel_id}/", sent.token)
    table.state = after
    samples.moves += 1
    samples.board.append(shown - started)
    if sent.response_delay is not None:
        samples.ack.append(sent.response_delay)


async def player_loop(h: FakeDiscord, bot: AgoraBot, watch: BoardWatch, free: asyncio.Queue[Table], until: float,
                      rng: random.Random, samples: Samples, reader: GameService) -> None:
    while time.perf_counter() < until:
        table = await free.get()
        try:
            await one_move(h, bot, watch, table, rng, samples, reader)
        finally:
            free.put_nowait(table)


async def run_load(
    database: str, games: int, in_flight: int, seconds: float, seed: int, gate: Callable[[], Awaitable[None]] | None,
    render_workers: int = 0,
) -> Samples:
    """One bot process: ``games`` tables, ``in_flight`` moves at once, for ``seconds``; ``gate`` is awaited
    once the games are set up, before the first move."""
    h = FakeDiscord(spec=None, channels=[f"table-{i}" for i in range(games)])
    bot = AgoraBot(database, render_workers=render_workers)
    await h.start(bot)
    watch = BoardWatch()
    h.request_listeners.append(watch.seen)
    tables = [Table(channel.id, [h.user(f"p{seed}-{2 * i}"), h.user(f"p{seed}-{2 * i + 1}")])
              for i, channel in enumerate(h.guild.text_channels()[:games])]
    for i, table in enumerate(tables):
        await new_game(h, bot, table, GAME_ORDER[i % len(GAME_ORDER)])
    await h.settle()
    if gate is not None:
        await gate()
    free: asyncio.Queue[Table] = asyncio.Queue()
    for table in tables:
        free.put_nowait(table)
    samples = Samples()
    rng = random.Random(seed)
    players = Storage(database)
    await players.open()
    reader = GameService(players)
    counter = bot.storage.database.trips
    cpu, wall, trips, own = time.process_time(), time.perf_counter(), counter.count, sqlite_seconds(bot.storage)
    loops = [player_loop(h, bot, watch, free, wall + seconds, random.Random(rng.random()), samples, reader)
             for _ in range(in_flight)]
    await asyncio.gather(*loops)
    samples.seconds, samples.cpu = time.perf_counter() - wall, time.process_time() - cpu
    await h.settle()  # raises what the bot did wrong under load
    await players.close()
    samples.trips, samples.db_seconds = counter.count - trips, sqlite_seconds(bot.storage) - own
    await h.stop()
    return samples


def sqlite_seconds(storage: Storage) -> float:
    """The CPU time of the thread running a SQLite database's statements so far (aiosqlite's own thread,
    read through its private attribute: a measurement only); 0 for PostgreSQL, measured at the server."""
    database = storage.database
    if not isinstance(database, SqliteDatabase) or database.connection._thread.ident is None:
        return 0.0
    return time.clock_gettime(time.pthread_getcpuclockid(database.connection._thread.ident))


async def postgres_seconds(database: str) -> float:
    """How long PostgreSQL's backends have spent running statements in ``database`` (its own statistics)."""
    storage = Storage(database)
    await storage.open()
    try:
        found = await storage.db.fetchrow("SELECT active_time FROM pg_stat_database WHERE datname = current_database()")
        return 0.0 if found is None or found[0] is None else float(found[0]) / 1000
    finally:
        await storage.close()


async def wait_for_go() -> None:
    """Say the games are set up; wait for the parent (which measures the database meanwhile) to say go."""
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)


async def database_bytes(database: str) -> int:
    if database.startswith("postgresql"):
        storage = Storage(database)
        await storage.open()
        try:
            found = await storage.db.fetch("SELECT pg_database_size(current_database())")
            return int(found[0][0])
        finally:
            await storage.close()
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = db.execute("PRAGMA page_count").fetchone()[0] - db.execute("PRAGMA freelist_count").fetchone()[0]
        return int(pages * db.execute("PRAGMA page_size").fetchone()[0])


def go_together(workers: list[subprocess.Popen[str]]) -> None:
    """Tell every worker to go before waiting for any (``communicate`` waits for the process to end)."""
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()


def in_processes(args: argparse.Namespace, database: str) -> tuple[Samples, int]:
    """``args.processes`` worker processes on ``database``, each with its share: their samples merged,
    and how much the database grew while they played (their games' set-up not counted)."""
    share = [sys.executable, "-m", "bench", "load", "--worker", "--database", database, "--seconds", str(args.seconds),
             "--games", str(args.games // args.processes), "--in-flight", str(max(1, args.in_flight // args.processes)),
             "--render-workers", str(args.render_workers)]
    workers = [subprocess.Popen([*share, "--seed", str(i + 1)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True) for i in range(args.processes)]
    for worker in workers:
        assert worker.stdout is not None
        if worker.stdout.readline().strip() != "ready":
            raise SystemExit("a load worker did not start")
    before = asyncio.run(database_bytes(database))
    server = database.startswith("postgresql")
    started = asyncio.run(postgres_seconds(database)) if server else 0.0
    merged = Samples()
    go_together(workers)
    for worker in workers:
        out, _ = worker.communicate()
        if worker.returncode != 0:
            raise SystemExit(f"a load worker failed (exit code {worker.returncode})")
        merged.merge(Samples(**json.loads(out.strip().splitlines()[-1])))
    if server:  # the workers' backends have ended: their statistics are in
        merged.db_seconds = asyncio.run(postgres_seconds(database)) - started
    return merged, asyncio.run(database_bytes(database)) - before


@contextmanager
def chosen_database(choice: str | None) -> Iterator[str]:
    """The database to load: a new SQLite file by default, or a temporary PostgreSQL server."""
    if choice == "postgresql":
        from tests.postgres_server import PostgresServer

        server = PostgresServer()
        server.start()
        try:
            yield server.fresh_database()
        finally:
            server.stop()
    elif choice:
        yield choice
    else:
        with tempfile.TemporaryDirectory(prefix="agora-load-") as folder:
            yield str(Path(folder) / "agora.sqlite3")


def database_share(samples: Samples) -> str:
    """The database's own time per move, and its share of the mean time to the new board: ``41 ms (19%)``."""
    moves = max(samples.moves, 1)
    board = sum(samples.board) / max(len(samples.board), 1)
    waited = samples.db_seconds / moves
    return f"{1000 * waited:.0f} ms ({100 * waited / board if board else 0:.0f}%)"


def report(samples: Samples, grown: int, args: argparse.Namespace, backend: str) -> str:
    ms = [f"{1000 * percentile(values, q):.0f}" for values in (samples.ack, samples.board) for q in (0.5, 0.95, 0.99)]
    per_1000 = grown / max(samples.moves, 1) * 1000 / 1024
    return (
        f"| {backend} | {args.processes} | {args.games} | {args.in_flight} | {ms[0]} / {ms[1]} / {ms[2]} ms "
        f"| {ms[3]} / {ms[4]} / {ms[5]} ms | {samples.moves / samples.seconds:.0f} "
        f"| {1000 * samples.cpu / max(samples.moves, 1):.1f} ms | {samples.trips / max(samples.moves, 1):.1f} "
        f"| {database_share(samples)} | {per_1000:.0f} KB |"
        + (f" ({samples.lost} moves lost)" if samples.lost else "")
    )


HEADER = (
    "| database | processes | games | in flight | acknowledgement p50 / p95 / p99 | new board p50 / p95 / p99 "
    "| moves/s | CPU per move | database round trips per move | database's own time per move (share) "
    "| database per 1,000 moves |\n|---|---|---|---|---|---|---|---|---|---|---|"
)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="active games (default 200)")
    parser.add_argument("--in-flight", type=int, default=20, help="moves in flight at once (default 20)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to load (default 30)")
    parser.add_argument("--database", help="a SQLite path, a postgresql:// URL, or 'postgresql' for a temporary server")
    parser.add_argument("--processes", type=int, default=1, help="bot processes sharing the database (default 1)")
    parser.add_argument("--render-workers", type=int, default=default_workers(),
                        help="processes drawing the boards, per bot process (default: one per core; 0: in-process)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        load = run_load(args.database, args.games, args.in_flight, args.seconds, args.seed, wait_for_go,
                        args.render_workers)
        samples = asyncio.run(load)
        print(json.dumps(asdict(samples)))
        return
    with chosen_database(args.database) as database:
        backend = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
        samples, grown = in_processes(args, database)
    print(HEADER)
    print(report(samples, grown, args, backend))
