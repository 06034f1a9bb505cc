"""Agora at the table: ``python -m bench agora [wait|strength] [--mining] [--games N] [--game ID] [--workers N]``.

Two tables:

- **wait**: through the offline Discord with the real clock, the bot's default settings and its
  worker processes, a person (playing random legal moves with ``/move``) waits from the move that
  hands Agora the turn until the bot is idle again, the board showing a person's turn (or the
  end). Each game's duel against Agora at hard and, for a game that seats four, four players with three
  Agora seats, each started as a challenge to Agora (the game's default options). Tables run one after
  another (a parallel run would lengthen the waits it measures). The harness lives in ``tests/``: run
  from the repository root.
  With ``--mining``, each table is also played while the bot's own puzzle mining works without a
  break beside it (finished games of every kind mined again and again, in the bot's mining worker),
  alternating with a table played without it, and both waits are shown side by side.
- **strength**: two-player games between levels and the two baseline players, seats alternated
  (the first-named in seat 0 in even games); a win counts 1, a draw or a game stopped at
  ``--max-plies`` one half. Times are wall seconds per decision of the first-named level, taken
  as the bot takes them (a long turn's later decisions think less). Games run in ``--workers``
  processes.

The baselines: ``random`` plays a uniformly random legal move; ``wary`` takes a turn that wins at
once if it has one, else a random move that does not let the opponent win at once (the same
bounded proofs as hard's, :mod:`ai.solver`, on a world sampled from what its seat sees).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ai import ADAPTERS, choose_move, observe
from ai.search import searchable_moves
from ai.solver import Budget, survives, winning_turn
from bench import ai as ai_bench
from bench.engines import percentile
from bot.opponent import public_log
from bot.storage import MoveRow
from rules import GAMES, GameState, Rng

T = TypeVar("T")

PAIRINGS = ("hard-random", "hard-wary", "hard-medium", "medium-easy")
TARGETS = {"hard-random": 0.99, "hard-wary": 0.90, "hard-medium": 0.60, "medium-easy": 0.60}
BASELINES = ("random", "wary")
WARY_BUDGET = 40_000  # moves the wary player's proofs may play per decision


# -- the wary baseline -------------------------------------------------------------------


def wary_move(observation: Any, seed: int) -> str:
    """A turn that wins at once, else a random move after which the opponent cannot win at once."""
    adapter = ADAPTERS[observation.game]
    rng = Rng.seeded(seed)
    world = adapter.sampler(observation)(rng)
    seat = observation.seat
    budget = Budget(WARY_BUDGET)
    won = winning_turn(adapter, world, seat, budget)
    if won is not None:
        return won
    moves = searchable_moves(adapter, world, seat)
    safe = [move for move in moves if survives(adapter, world, seat, move, budget) is not False]
    pool = safe or moves
    return str(pool[rng.below(len(pool))])


def decide(level: str, observation: Any, seed: int, step: int) -> str:
    if level == "wary":
        return wary_move(observation, seed)
    return choose_move(observation, level, seed, step)


# -- strength --------------------------------------------------------------------------------


@dataclass
class Result:
    """One game's result for the first-named player, and its decisions' wall seconds."""

    score: float
    capped: bool
    times: list[float]


def play_game(task: tuple[str, str, int, int]) -> Result:
    """One game: the pairing's first level in seat ``index % 2``, the second in the other seat."""
    game_id, pairing, index, max_plies = task
    first, second = pairing.split("-")
    seat = index % 2
    state: GameState[Any] = GAMES[game_id].new(players=max(2, GAMES[game_id].min_players), seed=index, options={})
    log: list[MoveRow] = []
    times: list[float] = []
    choices, last = 0, -1  # the real choices of the seat's turn so far, as the bot counts them
    for ply in range(max_plies):
        if state.outcome is not None:
            break
        actor = (state.waiting_for or state.actors)[0]
        choices, last = (choices if actor == last else 0), actor
        seen = observe(state, actor, public_log(game_id, log, actor))
        started = time.perf_counter()
        move = decide(first if actor == seat else second, seen, index * 1000 + ply, choices)
        if actor == seat:
            times.append(time.perf_counter() - started)
        choices += len(state.legal_moves(actor)) > 1
        state = state.play(actor, move)
        log.append(MoveRow(ply + 1, actor, actor, move, 0.0))
    outcome = state.outcome
    if outcome is None or outcome.is_draw:
        return Result(0.5, outcome is None, times)
    return Result(1.0 if seat in outcome.winners else 0.0, False, times)


class Tally(ai_bench.Tally):
    """The games of one pairing so far (``python -m bench ai``'s tally), added up game by game."""

    def add(self, result: Result) -> None:
        self.games += 1
        self.score += result.score
        self.capped += result.capped
        self.times += result.times


def strength(games: Iterable[str], pairings: Iterable[str], count: int, workers: int, max_plies: int) -> None:
    """Play every game of every pairing in ``workers`` processes; a row is printed once its games are in."""
    groups = [(g, p) for g in games for p in pairings]
    tasks = [(g, p, i, max_plies) for g, p in groups for i in range(count)]
    tallies = {group: Tally() for group in groups}
    print("| game | pairing | games | win rate | target | capped | median s/decision | p95 s/decision |")
    print("|---|---|---|---|---|---|---|---|", flush=True)
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        for task, result in zip(tasks, pool.imap(play_game, tasks, chunksize=1), strict=True):
            tally = tallies[(task[0], task[1])]
            tally.add(result)
            if tally.games == count:
                print(strength_row(task[0], task[1], tally), flush=True)


def strength_row(game_id: str, pairing: str, tally: Tally) -> str:
    rate = tally.score / tally.games
    median = statistics.median(tally.times) if tally.times else 0.0
    p95 = percentile(tally.times, 0.95) if tally.times else 0.0
    met = "met" if rate >= TARGETS[pairing] else "NOT met"
    return (
        f"| {GAMES[game_id].name} | {pairing.replace('-', ' vs ')} | {tally.games} | {rate:.0%} | "
        f"{TARGETS[pairing]:.0%} ({met}) | {tally.capped} | {median:.3f} | {p95:.3f} |"
    )


# -- waiting for Agora -----------------------------------------------------------------------------

@dataclass(frozen=True)
class WaitTable:
    """A table of the wait bench: a person in seat 0 of ``game``, Agora at hard in the ``players - 1`` others."""

    game: str
    players: int

    @property
    def name(self) -> str:
        game = GAMES[self.game].name
        if self.players == 2:
            return f"{game}, duel vs hard"
        return f"{game}, {self.players} players, {self.players - 1} Agora seats (hard)"


def wait_tables() -> list[WaitTable]:
    """Every game's duel against Agora, and its four-player table where it seats four."""
    return [
        WaitTable(game_id, players)
        for game_id in sorted(GAMES)
        for players in (2, 4)
        if GAMES[game_id].min_players <= players <= GAMES[game_id].max_players
    ]


STEP_TIMEOUT = 120.0  # seconds the harness waits for the bot to be idle: a slow turn is measured, not cut


def person_moves(whole_turns: bool, state: GameState[Any], seat: int, rng: Rng) -> list[str]:
    """A random legal move for the person; with ``whole_turns`` (a game whose ``/move`` drafts a turn of several
    moves, :func:`bench.load.drafts_turns`), the moves of the whole turn."""
    moves: list[str] = []
    while state.outcome is None and seat in state.waiting_for:
        legal = state.legal_moves(seat)
        move = str(legal[rng.below(len(legal))])
        moves.append(move)
        state = state.play(seat, move)
        if list(state.waiting_for) != [seat] or not whole_turns:
            break
    return moves


Finished = tuple[str, int, list[GameState[Any]], list[tuple[int, str]]]  # a game: its kind, seed, states, moves


def finished_games() -> list[Finished]:
    """One finished game of each kind, medium against easy, for the mining beside the tables."""
    from bench.puzzles import played

    return [(game_id, 0, *played(game_id, 0)) for game_id in sorted(GAMES)]


async def keep_mining(bot: Any, stock: list[Finished], jobs: list[int]) -> None:
    """Mine ``stock`` again and again through the bot's own mining worker, as after a busy day (until cancelled),
    counting the jobs done in ``jobs[0]``."""
    from bot.mining import mine

    puzzles = bot.get_cog("Puzzles")

    async def counted(work: Callable[..., T], /, *args: Any) -> T:
        done: T = await puzzles.run(work, *args)
        jobs[0] += 1
        return done

    while True:
        for game_id, seed, states, moves in stock:
            await mine(counted, game_id, seed, states, moves)


async def one_table(
    table: WaitTable, seed: int, max_moves: int, mining: list[Finished] | None = None, jobs: list[int] | None = None
) -> list[float]:
    """One game of ``table``; the seconds each move that handed Agora the turn waited. With ``mining``, the
    bot mines those games for puzzles meanwhile, without a break (its jobs counted in ``jobs[0]``)."""
    from bench.load import drafts_turns
    from bot.app import AgoraBot
    from bot.config import ai_workers, render_workers
    from cogs.common import game_cog
    from tests.harness import FakeDiscord

    rng = Rng.seeded(seed)
    waits: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        h = FakeDiscord(spec=None, step_timeout=STEP_TIMEOUT, idle_functions=(keep_mining,))  # mining never ends
        alice = h.user("alice")
        # The defaults of a bot started from its environment: a drawing process per core, one for Agora.
        database = str(Path(folder) / "bench.sqlite3")
        bot = AgoraBot(database, render_workers=render_workers(""), ai_workers=ai_workers(""))
        await h.start(bot)
        # The worker processes start with a bot's first search and first board, once per process
        # lifetime: started here, so the table measures the turns of a bot that is up.
        await bot.thinking.run(time.perf_counter)
        miner = asyncio.create_task(keep_mining(bot, mining, jobs if jobs is not None else [0])) if mining else None
        try:
            agora = range(1, table.players)
            record = await bot.service.challenge(
                table.game, guild_id=h.guild.id, channel_id=h.default_channel.id, challenger=alice.id,
                invited=[h.bot_user.id for _ in agora], bots={seat: "hard" for seat in agora},
            )  # fmt: skip
            cog = game_cog(bot, table.game)
            await cog.post_board(None, record)
            await h.settle()
            for _ in range(max_moves):
                record = await bot.service.load(1)
                if record.state is None or record.outcome is not None:
                    break
                people = [s for s in record.state.waiting_for if s not in record.bot_seats]
                if not people:
                    break  # Agora's job did not run: nothing a person can do
                before = len(await bot.storage.moves(1))
                started = time.perf_counter()
                turn = person_moves(drafts_turns(cog), record.state, people[0], rng)
                await h.slash(alice, "move", notation=" ".join(turn))
                waited = time.perf_counter() - started
                moves = await bot.storage.moves(1)
                if any(m.seat in record.bot_seats for m in moves[before:]):
                    waits.append(waited)
        finally:
            if miner is not None:
                miner.cancel()
            await h.stop()
    return waits


def wait(names: Iterable[str] | None, count: int, max_moves: int, mining: bool) -> None:
    chosen = [t for t in wait_tables() if names is None or any(n.lower() in t.name.lower() for n in names)]
    if mining:
        wait_beside_mining(chosen, count, max_moves)
        return
    print("| table | turns handed to Agora | median | p95 | longest | target (p95 ≤ 3 s, longest ≤ 10 s) |")
    print("|---|---|---|---|---|---|")
    for table in chosen:
        waits: list[float] = []
        for index in range(count):
            waits += asyncio.run(one_table(table, index, max_moves))
        if not waits:
            print(f"| {table.name} | 0 | - | - | - | - |", flush=True)
            continue
        p95, longest = percentile(waits, 0.95), max(waits)
        met = "met" if p95 <= 3.0 and longest <= 10.0 else "NOT met"
        print(
            f"| {table.name} | {len(waits)} | {statistics.median(waits):.2f} s | {p95:.2f} s | {longest:.2f} s | "
            f"{met} |",
            flush=True,
        )


def wait_beside_mining(chosen: list[WaitTable], count: int, max_moves: int) -> None:
    """Each table played without mining, then with the bot mining beside it, in turn: both waits side by side."""
    stock = finished_games()
    print("| table | turns (without / with mining) | median | p95 | longest | mining jobs meanwhile |")
    print("|---|---|---|---|---|---|")
    for table in chosen:
        alone: list[float] = []
        beside: list[float] = []
        jobs = [0]
        for index in range(count):
            alone += asyncio.run(one_table(table, index, max_moves))
            beside += asyncio.run(one_table(table, index, max_moves, stock, jobs))
        figures = [
            f"{f(alone):.2f} / {f(beside):.2f} s" if alone and beside else "-"
            for f in (statistics.median, lambda w: percentile(w, 0.95), max)
        ]
        print(f"| {table.name} | {len(alone)} / {len(beside)} | {' | '.join(figures)} | {jobs[0]} |", flush=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench agora")
    parser.add_argument("part", nargs="?", choices=("all", "wait", "strength"), default="all")
    parser.add_argument("--games", type=int, default=100, help="strength: games per pairing and game (default 100)")
    parser.add_argument("--tables", type=int, default=3, help="wait: games per table (default 3)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="strength: only these games")
    parser.add_argument("--pairing", choices=PAIRINGS, action="append", help="strength: only these pairings")
    parser.add_argument("--table", action="append", help="wait: only tables whose name contains this")
    parser.add_argument("--workers", type=int, default=2, help="strength: processes playing games (default 2)")
    parser.add_argument("--max-plies", type=int, default=600, help="strength: stop a game after this many moves")
    parser.add_argument("--max-moves", type=int, default=60, help="wait: a person's moves per game at most")
    parser.add_argument("--mining", action="store_true", help="wait: each table also beside the bot's puzzle mining")
    args = parser.parse_args(argv)
    if args.part in ("all", "wait"):
        wait(args.table, args.tables, args.max_moves, args.mining)
    if args.part in ("all", "strength"):
        print()
        strength(args.game or sorted(GAMES), args.pairing or PAIRINGS, args.games, args.workers, args.max_plies)
