"""``python -m bench community``: /leaderboard and /profile on a big server.

A server of 20,000 members with 200,000 rated games (40,000 per game), spread over a year with a
season every quarter (three past seasons and the running one), inactive players left out after
90 days.  The rows are written straight into the database (the numbers in them are drawn at
random: what is timed is reading them, not rating games), then each answer is built the way the
commands build it, in the bot's process:

- ``/leaderboard`` (lifetime, a random page, inactive players left out),
- ``/leaderboard season:`` (the running season's table, and a past season's),
- ``/profile`` of a random member, its picture drawn (in a thread of the process, as with no
  drawing workers) and its text.

``--database postgresql`` starts a throwaway PostgreSQL server (see tests/postgres_server.py);
the default is a new SQLite file.  ``--members`` and ``--games`` shrink the server for a quick look.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

import discord

from bench.engines import percentile
from bench.load import chosen_database
from bot.app import AgoraBot
from bot.database import Connection
from bot.seasons import QUARTERLY, period_of
from cogs.leaderboard import Leaderboards, leaderboard_message
from cogs.season import season_board_message
from rules import GAMES

GUILD = 42
FIRST_MEMBER = 10**17
DAY = 86400.0
NOW = 1_806_000_000.0  # mid-March 2027: the fourth quarter of the year of games
YEAR = 365 * DAY
CHUNK = 20_000
INACTIVE_DAYS = 90


@dataclass
class Member:
    """What ``/profile`` reads of the person asking: an id and a name."""

    id: int
    display_name: str


def game_rows(members: int, games: int, seed: int) -> Iterator[tuple[int, str, int, int, float]]:
    """(id, game, first, second, finished at) of each rated game, oldest first; the second wins."""
    rng = random.Random(seed)
    names = sorted(GAMES)
    for n in range(games):
        first, second = rng.sample(range(members), 2)
        yield n + 1, names[n % len(names)], FIRST_MEMBER + first, FIRST_MEMBER + second, NOW - YEAR + YEAR * n / games


async def fill(db: Connection, members: int, games: int) -> None:
    """Write the server: games, players, rating changes, ratings, seasons and their tables."""
    rows = list(game_rows(members, games, seed=7))
    outcome = json.dumps({"winners": [1], "reason": "rules"})
    for start in range(0, len(rows), CHUNK):
        part = rows[start : start + CHUNK]
        await db.executemany(
            "INSERT INTO games (id, game, guild_id, channel_id, status, seats, accepted, options, seed, outcome, "
            "end_reason, version, created_at, updated_at) VALUES (?, ?, ?, 1, 'finished', ?, ?, '{}', 0, ?, "
            "'rules', 9, ?, ?)",
            [(i, g, GUILD, json.dumps([a, b]), json.dumps([a, b]), outcome, t - 600, t) for i, g, a, b, t in part],
        )
        await db.executemany(
            "INSERT INTO game_players (game_id, user_id, seat) VALUES (?, ?, ?)",
            [(i, uid, seat) for i, _, a, b, _ in part for seat, uid in enumerate((a, b))],
        )
        await db.executemany(
            "INSERT INTO rating_changes (game_id, user_id, guild_id, game, rank, result, mu_before, sigma_before, "
            "mu_after, sigma_after, rated_at) VALUES (?, ?, ?, ?, ?, ?, 25, 8, ?, ?, ?)",
            [change for row in part for change in changes_of(row)],
        )
    await db.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, losses, draws, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
        tallies(rows, lambda game, uid: (GUILD, game, uid)),
    )
    await fill_seasons(db, rows)


def changes_of(row: tuple[int, str, int, int, float]) -> list[tuple[Any, ...]]:
    game_id, game, first, second, when = row
    rng = random.Random(game_id)
    return [
        (game_id, uid, GUILD, game, 2 - seat, "win" if seat else "loss", rng.uniform(15, 35), rng.uniform(1, 8), when)
        for seat, uid in enumerate((first, second))
    ]


def tallies(
    rows: Sequence[tuple[int, str, int, int, float]], key: Callable[[str, int], tuple[Any, ...]]
) -> list[tuple[Any, ...]]:
    """Per (game, player): a made-up rating, then games, wins, losses and the last game's time."""
    seen: dict[tuple[str, int], list[float]] = {}
    for _, game, first, second, when in rows:
        for uid, won in ((first, 0), (second, 1)):
            tally = seen.setdefault((game, uid), [0, 0, 0, 0.0])
            tally[0] += 1
            tally[1 + (1 - won)] += 1
            tally[3] = when
    rng = random.Random(len(rows))
    return [
        (*key(game, uid), rng.uniform(15, 35), rng.uniform(1, 8), int(g), int(w), int(lost), t)
        for (game, uid), (g, w, lost, t) in seen.items()
    ]


async def fill_seasons(db: Connection, rows: Sequence[tuple[int, str, int, int, float]]) -> None:
    """Four quarterly seasons: three over (their tables posted), the running one."""
    await db.execute(
        "INSERT INTO season_settings (guild_id, cadence, inactive_days) VALUES (?, ?, ?)",
        (GUILD, QUARTERLY, INACTIVE_DAYS),
    )
    start = period_of(QUARTERLY, NOW - YEAR + DAY)[0]
    for number in range(1, 5):
        end = period_of(QUARTERLY, start)[1]
        running = number == 4
        await db.execute(
            "INSERT INTO seasons (id, guild_id, number, started_at, ends_at, ended_at, posted_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (number, GUILD, number, start, end, None if running else end, None if running else end),
        )
        inside = [row for row in rows if start <= row[4] < end]
        table = tallies(inside, season_key(number))
        await db.executemany(
            "INSERT INTO season_ratings (season_id, game, user_id, mu, sigma, score, games, wins, losses, draws, "
            "played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
            [(*row[:5], row[3] - 3 * row[4], *row[5:]) for row in table],
        )
        start = end


def season_key(season_id: int) -> Callable[[str, int], tuple[Any, ...]]:
    def key(game: str, uid: int) -> tuple[Any, ...]:
        return season_id, game, uid

    return key


async def timed(samples: list[float], work: Awaitable[object], cpu: list[float]) -> None:
    """The answer's time on the clock, and the CPU time of the whole process meanwhile (its database
    thread and its drawing thread included: what a loaded machine inflates least)."""
    began, began_cpu = time.perf_counter(), time.process_time()
    await work
    samples.append(time.perf_counter() - began)
    cpu.append(time.process_time() - began_cpu)


async def measure(database: str, members: int, games: int, rounds: int) -> dict[str, list[float]]:
    bot = AgoraBot(database, clock=lambda: NOW, render_workers=0)
    await bot.storage.open()
    try:
        async with bot.storage.transaction() as db:
            await fill(db, members, games)
        if bot.storage.dialect == "postgresql":
            # What autovacuum does to a table this size: statistics, and the visibility map index-only scans need.
            await bot.storage.database.write("VACUUM ANALYZE")
        return await sample(bot, members, rounds)
    finally:
        await bot.storage.close()
        bot.drawing.close()


async def sample(bot: AgoraBot, members: int, rounds: int) -> dict[str, list[float]]:
    cog = Leaderboards(bot)
    rng = random.Random(11)
    found: dict[str, list[float]] = {"leaderboard": [], "season table": [], "past season": [], "profile": []}
    cpu: list[float] = []
    names = sorted(GAMES)
    await cog.profile_embed(GUILD, cast(discord.abc.User, Member(FIRST_MEMBER, "A member")))  # fonts load once
    for _ in range(rounds):
        game, page = rng.choice(names), rng.randrange(0, 200)
        await timed(found["leaderboard"], leaderboard_message(bot, GUILD, game, page), [])
        await timed(found["season table"], season_board_message(bot, GUILD, 4, game, page), [])
        await timed(found["past season"], season_board_message(bot, GUILD, rng.randrange(1, 4), game, page), [])
        who = Member(FIRST_MEMBER + rng.randrange(members), "A member")
        await timed(found["profile"], cog.profile_embed(GUILD, cast(discord.abc.User, who)), cpu)
    found["profile CPU"] = cpu
    return found


def report(backend: str, found: dict[str, list[float]]) -> str:
    cells = " | ".join(
        f"{1000 * percentile(v, 0.5):.0f} / {1000 * percentile(v, 0.99):.0f} ms" for v in found.values()
    )
    return f"| {backend} | {cells} |"


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench community")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), action="append", help="default: both")
    parser.add_argument("--members", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=200, help="answers timed of each kind")
    args = parser.parse_args(argv)
    print(f"{args.members:,} members, {args.games:,} rated games; median / p99 per answer")
    print("| database | /leaderboard | season table | past season | /profile (picture drawn) | /profile CPU |")
    print("|---|---|---|---|---|---|")
    for backend in args.database or ("sqlite", "postgresql"):
        with chosen_database(None if backend == "sqlite" else backend) as database:
            found = asyncio.run(measure(database, args.members, args.games, args.rounds))
        print(report(backend, found), flush=True)
