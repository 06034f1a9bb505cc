"""Server tournaments: creating, joining, pairing rounds, recording results, standings.

No discord here.  Tournament games are ordinary games started by :meth:`GameService.insert_started`;
their results arrive through the service's ``on_finish`` hook, inside the transaction that ends
the game.  The work that must happen exactly once is a durable job of ``tournament_jobs``:

- ``pair`` (round *r*): pair the round, start its games and schedule ``boards`` then ``announce`` — one
  transaction that also marks the job done, so a restart in the middle leaves either nothing
  or everything.  Round 1's job falls due at the start time; each later one is written by the
  result that completes the round before it, and runs at once (:attr:`on_due`).  A pair job
  past the last round closes the event.
- ``announce``, ``finish``, ``cancel``: the Discord messages (handlers set by the cog), marked
  done before they are sent (at most once); ``boards``: each new game's first board, marked
  done after (a game that has a board already is skipped, so each is posted once).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from bot.database import Connection, Row
from bot.i18n import game_named
from bot.pairing import Entrant, Pairing, round_robin, round_robin_rounds, seated_tables, swiss
from bot.ratings import ranks_of
from bot.recent import Recent
from bot.scheduler import LEASE_SECONDS
from bot.service import GameService, refusal, resolved_options
from bot.standings import ROUND_ROBIN, SWISS, TABLES, Standing, TableResult, rank_points, standings
from bot.storage import GameRow, Storage, WithinTransaction
from rules import GAMES, Outcome, Text

log = logging.getLogger("agora.tournament")

OPEN, RUNNING, PAUSED, FINISHED, CANCELLED = "open", "running", "paused", "finished", "cancelled"
PAIR, ANNOUNCE, BOARDS, FINISH, CANCEL = "pair", "announce", "boards", "finish", "cancel"
# Messages posted at most once: the job is marked done before they are sent.  BOARDS (each game's
# first board) is marked done after, and its handler skips the games that have a board already.
SAID_ONCE = (ANNOUNCE, FINISH, CANCEL)
MAX_ROUNDS = 20
ROUNDS_KEPT = 4096  # games whose tournament (or none) a process remembers
TABLE_GAMES_SIZES = (3, 5)


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    creator: int
    game: str
    format: str
    rounds: int
    options: dict[str, Any]
    turn_seconds: int | None
    starts_at: float
    status: str
    round: int
    message_id: int | None
    winner: int | None
    created_at: float
    finished_at: float | None
    # Whether its players may take time away (/away) while it runs.
    away_allowed: bool = True

    @property
    def name(self) -> Text:
        """The game's name, worded in each message's language (see :func:`bot.i18n.game_named`)."""
        return game_named(self.game)


@dataclass(frozen=True)
class Entry:
    user_id: int
    joined_at: float
    withdrawn_in: int | None


@dataclass(frozen=True)
class Table:
    """One table of a round; a bye is a table of one without a game."""

    round: int
    table_no: int
    game_id: int | None
    seats: tuple[int, ...]
    points: tuple[float, ...] | None
    victory: tuple[float, ...]
    finished_at: float | None

    @property
    def is_bye(self) -> bool:
        return self.game_id is None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def result(self) -> TableResult:
        assert self.points is not None
        return TableResult(self.seats, self.points, self.victory, self.is_bye)


@dataclass(frozen=True)
class GameRound:
    """Where a tournament game belongs: what its board says above its title."""

    tournament_id: int
    round: int
    rounds: int


@dataclass(frozen=True)
class TournamentJob:
    id: int
    tournament_id: int
    kind: str
    round: int
    due_at: float


JobHandler = Callable[[Tournament, TournamentJob], Awaitable[None]]


def check_format(game: str, format_: str) -> None:
    """Swiss and round robin are for duels, seated tables for games of three to five."""
    spec = GAMES[game]
    if format_ in (SWISS, ROUND_ROBIN) and not spec.min_players <= 2 <= spec.max_players:
        raise refusal("tour.err.no_duel", game=game_named(spec.id))
    if format_ == TABLES and spec.max_players < TABLE_GAMES_SIZES[0]:
        raise refusal("tour.err.no_tables", game=game_named(spec.id))


def table_limit(game: str) -> int:
    """The most players a seated table of ``game`` holds: five, or fewer when the game takes fewer."""
    return min(TABLE_GAMES_SIZES[1], GAMES[game].max_players)


def _tournament(found: Row) -> Tournament:
    values = dict(found)
    values["options"] = json.loads(values["options"])
    values["away_allowed"] = bool(values.get("away_allowed", True))
    return Tournament(**values)


def _table(found: Row) -> Table:
    points = json.loads(found["points"]) if found["points"] is not None else None
    return Table(
        found["round"], found["table_no"], found["game_id"], tuple(json.loads(found["seats"])),
        None if points is None else tuple(points), tuple(json.loads(found["victory"] or "[]")), found["finished_at"],
    )


class TournamentService:
    """Tournaments of one bot; the cog sets :attr:`handlers` for the jobs that speak on Discord."""

    def __init__(self, storage: Storage, games: GameService, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.games = games
        self.clock = clock
        self.handlers: dict[str, JobHandler] = {}
        # A game is in a tournament from the transaction that starts it, or never: its answer never changes.
        self._rounds: Recent[int, GameRound | None] = Recent(ROUNDS_KEPT)
        # Called when a round's last result makes its next round due (the scheduler looks at once).
        self.on_due: Callable[[], None] | None = None

    # -- reading ------------------------------------------------------------------

    async def get(self, tournament_id: int) -> Tournament:
        found = await self.storage.db.fetchrow("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        if found is None:
            raise refusal("tour.err.none", id=tournament_id)
        return _tournament(found)

    async def of_guild(self, guild_id: int, statuses: Sequence[str] = (OPEN, RUNNING, PAUSED)) -> list[Tournament]:
        marks = ", ".join("?" for _ in statuses)
        query = f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) ORDER BY id DESC"
        return [_tournament(found) for found in await self.storage.db.fetch(query, (guild_id, *statuses))]

    async def entries(self, tournament_id: int, db: Connection | None = None) -> list[Entry]:
        query = "SELECT user_id, joined_at, withdrawn_in FROM tournament_players WHERE tournament_id = ? "
        found = await (db or self.storage.db).fetch(query + "ORDER BY joined_at, user_id", (tournament_id,))
        return [Entry(*row) for row in found]

    async def tables(
        self, tournament_id: int, round_: int | None = None, db: Connection | None = None
    ) -> list[Table]:
        query = "SELECT * FROM tournament_tables WHERE tournament_id = ?"
        params: list[Any] = [tournament_id]
        if round_ is not None:
            query += " AND round = ?"
            params.append(round_)
        found = await (db or self.storage.db).fetch(query + " ORDER BY round, table_no", params)
        return [_table(row) for row in found]

    async def standings(self, tournament: Tournament, db: Connection | None = None) -> list[Standing]:
        """Everyone ranked on the games finished so far; a bye counts once every game of its round is over
        (a round cut short by ``end`` gives its byes nothing, as its unfinished games)."""
        entries = await self.entries(tournament.id, db)
        tables = await self.tables(tournament.id, db=db)
        played = played_rounds(tables)
        results = [t.result() for t in tables if t.finished and (not t.is_bye or t.round in played)]
        withdrawn = [e.user_id for e in entries if e.withdrawn_in is not None]
        return standings([e.user_id for e in entries], results, tournament.format, withdrawn)

    async def of_game(self, game_id: int) -> tuple[Tournament, Table] | None:
        """The tournament a game belongs to, and its table; None for an ordinary game."""
        found = await self.storage.db.fetchrow("SELECT * FROM tournament_tables WHERE game_id = ?", (game_id,))
        if found is None:
            return None
        return await self.get(found["tournament_id"]), _table(found)

    async def round_of(self, game_id: int) -> GameRound | None:
        """The tournament and round of a game (None for an ordinary game), kept once read."""
        if game_id in self._rounds:
            return self._rounds[game_id]
        found = await self.storage.db.fetchrow(
            "SELECT t.id, tt.round, t.rounds FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id "
            "WHERE tt.game_id = ?",
            (game_id,),
        )
        placed = None if found is None else GameRound(found[0], found[1], found[2])
        self._rounds[game_id] = placed
        return placed

    async def played_by(self, guild_id: int, user_id: int) -> list[Tournament]:
        """The server's finished tournaments the user played, newest first."""
        found = await self.storage.db.fetch(
            "SELECT t.* FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id "
            "WHERE p.user_id = ? AND t.guild_id = ? AND t.status = ? ORDER BY t.finished_at DESC, t.id DESC",
            (user_id, guild_id, FINISHED),
        )
        return [_tournament(row) for row in found]

    # -- the director's commands -------------------------------------------------------

    async def create(
        self, *, guild_id: int, channel_id: int, creator: int, game: str, format_: str, rounds: int,
        options: dict[str, Any], turn_seconds: int | None, starts_at: float, away_allowed: bool = True,
    ) -> Tournament:
        """Open a tournament for sign-up; its first round is paired at ``starts_at``; ``away_allowed``:
        whether its players may take time away (``/away``) while it runs."""
        check_format(game, format_)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise refusal("tour.err.rounds", most=MAX_ROUNDS)
        resolved = resolved_options(GAMES[game], options)
        now = self.clock()
        async with self.storage.transaction() as db:
            tournament_id = await db.insert(
                "INSERT INTO tournaments (guild_id, channel_id, creator, game, format, rounds, options, "
                "turn_seconds, starts_at, status, created_at, away_allowed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, creator, game, format_, rounds, json.dumps(resolved), turn_seconds,
                 starts_at, OPEN, now, int(away_allowed)),
            )
            await self._schedule(db, tournament_id, PAIR, 1, starts_at)
        return await self.get(tournament_id)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        async with self.storage.transaction() as db:
            await db.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

    async def join(self, tournament_id: int, user_id: int) -> Tournament:
        """Sign up; checked in the same transaction as the insert, so nobody joins a round already paired."""
        async with self.storage.transaction() as db:
            tournament = await self._get_in(db, tournament_id)
            if tournament.status != OPEN:
                raise refusal("tour.err.started", id=tournament_id)
            written = await db.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (tournament_id, user_id, self.clock()),
            )
            if written != 1:
                raise refusal("tour.err.joined", id=tournament_id)
        return tournament

    async def leave(self, tournament_id: int, user_id: int) -> Table | None:
        """Leave before the start, or withdraw during it; returns the player's table still being played."""
        async with self.storage.transaction() as db:
            tournament = await self._get_in(db, tournament_id)
            mine = [e for e in await self.entries(tournament_id, db) if e.user_id == user_id]
            if not mine or mine[0].withdrawn_in is not None:
                raise refusal("tour.err.not_in", id=tournament_id)
            if tournament.status not in (OPEN, RUNNING, PAUSED):
                raise refusal("tour.err.over", id=tournament_id)
            if tournament.status == OPEN:
                await db.execute(
                    "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
                )
                return None
            await db.execute(
                "UPDATE tournament_players SET withdrawn_in = ? WHERE tournament_id = ? AND user_id = ?",
                (tournament.round, tournament_id, user_id),
            )
        playing = [t for t in await self.tables(tournament_id, tournament.round) if user_id in t.seats]
        return playing[0] if playing and not playing[0].finished and not playing[0].is_bye else None

    async def pause(self, tournament_id: int) -> Tournament:
        return await self._switch(tournament_id, RUNNING, PAUSED, "tour.err.not_running")

    async def resume(self, tournament_id: int) -> Tournament:
        return await self._switch(tournament_id, PAUSED, RUNNING, "tour.err.not_paused")

    async def _switch(self, tournament_id: int, before: str, after: str, refused: str) -> Tournament:
        async with self.storage.transaction() as db:
            written = await db.execute(
                "UPDATE tournaments SET status = ? WHERE id = ? AND status = ?", (after, tournament_id, before)
            )
            if written != 1:
                raise refusal(refused, id=tournament_id)
        return await self.get(tournament_id)

    async def end(self, tournament_id: int) -> Tournament:
        """Close the event now: games still running go on but no longer count."""
        async with self.storage.transaction() as db:
            tournament = await self._get_in(db, tournament_id)
            if tournament.status not in (OPEN, RUNNING, PAUSED):
                raise refusal("tour.err.over", id=tournament_id)
            if tournament.status == OPEN:
                await self._close(db, tournament, CANCELLED, CANCEL)
            else:
                await self._close(db, tournament, FINISHED, FINISH)
        return await self.get(tournament_id)

    async def force_result(self, game_id: int, winner: int | None) -> Table:
        """The director decides a stuck tournament game: ``winner`` (a user) wins, or None for a draw."""
        found = await self.of_game(game_id)
        if found is None:
            raise refusal("tour.err.not_tournament_game", id=game_id)
        tournament, table = found
        if tournament.status not in (RUNNING, PAUSED):
            raise refusal("tour.err.over", id=tournament.id)
        if table.finished:
            raise refusal("tour.err.game_over", id=game_id)
        if winner is not None and winner not in table.seats:
            raise refusal("tour.err.not_seated", id=game_id)
        if winner is None and len(table.seats) > 2:
            raise refusal("tour.err.need_winner", id=game_id)
        seats = () if winner is None else (table.seats.index(winner),)
        await self.games.impose_result(game_id, seats, "director")
        return table

    # -- results, inside the transaction that ends a game -------------------------------

    def finish_step(self, row: GameRow, outcome: Outcome) -> WithinTransaction:
        """Record a tournament game's result; the last result of a round schedules the next round."""

        async def step(db: Connection) -> None:
            found = await db.fetchrow(
                "SELECT tournament_id, round, table_no, seats, finished_at FROM tournament_tables WHERE game_id = ?",
                (row.id,),
            )
            if found is None or found["finished_at"] is not None:
                return
            tournament = await self._get_in(db, found["tournament_id"])
            if tournament.status not in (RUNNING, PAUSED):
                return  # the director ended the event: games still running no longer count
            seats = json.loads(found["seats"])
            points = rank_points(ranks_of(outcome, len(seats)))
            victory = list(outcome.scores) if len(outcome.scores) == len(seats) else []
            await db.execute(
                "UPDATE tournament_tables SET points = ?, victory = ?, finished_at = ? WHERE game_id = ?",
                (json.dumps(points), json.dumps(victory), self.clock(), row.id),
            )
            await self._advance_if_complete(db, found["tournament_id"], found["round"])

        return step

    async def _advance_if_complete(self, db: Connection, tournament_id: int, round_: int) -> None:
        tournament = await self._get_in(db, tournament_id)
        if tournament.status not in (RUNNING, PAUSED) or tournament.round != round_:
            return
        found = await db.fetchrow(
            "SELECT COUNT(*) FROM tournament_tables WHERE tournament_id = ? AND round = ? AND finished_at IS NULL",
            (tournament_id, round_),
        )
        if found is not None and found[0] == 0:
            await self._schedule(db, tournament_id, PAIR, round_ + 1, self.clock())
            if self.on_due is not None:
                self.on_due()

    # -- the durable jobs ------------------------------------------------------------------

    async def _schedule(self, db: Connection, tournament_id: int, kind: str, round_: int, due: float) -> None:
        await db.execute(
            "INSERT INTO tournament_jobs (tournament_id, kind, round, due_at, created_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (tournament_id, kind, round) DO NOTHING",
            (tournament_id, kind, round_, due, self.clock()),
        )

    async def due(self) -> list[TournamentJob]:
        """Jobs due now, oldest first; a paused tournament's next round waits for it to resume."""
        found = await self.storage.db.fetch(
            "SELECT j.id, j.tournament_id, j.kind, j.round, j.due_at FROM tournament_jobs j "
            "JOIN tournaments t ON t.id = j.tournament_id WHERE j.done_at IS NULL AND j.due_at <= ? "
            "AND NOT (j.kind = ? AND t.status = ?) ORDER BY j.due_at, j.id",
            (self.clock(), PAIR, PAUSED),
        )
        return [TournamentJob(*row) for row in found]

    async def lease_due(self, skipped: Collection[int] = ()) -> list[TournamentJob]:
        """Take the due jobs nobody holds for LEASE_SECONDS (as :meth:`bot.scheduler.Scheduler.lease_due`)."""
        now = self.clock()
        passed_over = "".join(f" AND j.id <> {int(job_id)}" for job_id in skipped)
        async with self.storage.transaction() as db:
            found = await db.fetch(
                "SELECT j.id, j.tournament_id, j.kind, j.round, j.due_at FROM tournament_jobs j "
                "JOIN tournaments t ON t.id = j.tournament_id WHERE j.done_at IS NULL AND j.due_at <= ? "
                "AND (j.leased_until IS NULL OR j.leased_until <= ?) AND NOT (j.kind = ? AND t.status = ?)"
                f"{passed_over} ORDER BY j.due_at, j.id{db.for_update_skip_locked}",
                (now, now, PAIR, PAUSED),
            )
            jobs = [TournamentJob(*row) for row in found]
            leases = [(now + LEASE_SECONDS, job.id) for job in jobs]
            await db.executemany("UPDATE tournament_jobs SET leased_until = ? WHERE id = ?", leases)
        return jobs

    async def run_due(self) -> int:
        """Run every due job (and those they make due), oldest first; returns how many ran."""
        ran = 0
        skipped: set[int] = set()
        while jobs := await self.lease_due(skipped):
            for job in jobs:
                if await self._run(job):
                    ran += 1
                else:
                    skipped.add(job.id)
                    await self._release(job)
        return ran

    async def _release(self, job: TournamentJob) -> None:
        async with self.storage.transaction() as db:
            await db.execute("UPDATE tournament_jobs SET leased_until = NULL WHERE id = ?", (job.id,))

    async def _run(self, job: TournamentJob) -> bool:
        """Run one job; False when it must wait (no handler yet, or it failed: retried on the next look)."""
        try:
            if job.kind == PAIR:
                await self.pair(job)
            elif job.kind in self.handlers:
                await self._speak(job, self.handlers[job.kind])
            else:
                return False
        except Exception:
            # One tournament's failure must not hold up the others.
            log.exception("%s job %s of tournament %s failed", job.kind, job.id, job.tournament_id)
            return False
        return True

    async def _speak(self, job: TournamentJob, handler: JobHandler) -> None:
        if job.kind in SAID_ONCE:
            async with self.storage.transaction() as db:
                if not await self._done(db, job):
                    return
        await handler(await self.get(job.tournament_id), job)
        if job.kind not in SAID_ONCE:
            async with self.storage.transaction() as db:
                await self._done(db, job)

    async def _done(self, db: Connection, job: TournamentJob) -> bool:
        written = await db.execute(
            "UPDATE tournament_jobs SET done_at = ? WHERE id = ? AND done_at IS NULL", (self.clock(), job.id)
        )
        return written == 1

    async def pair(self, job: TournamentJob) -> None:
        """Pair round ``job.round`` and start its games, or close the event: one transaction with the job."""
        async with self.storage.transaction() as db:
            if not await self._done(db, job):
                return
            tournament = await self._get_in(db, job.tournament_id)
            if tournament.status not in (OPEN, RUNNING) or job.round != tournament.round + 1:
                return
            active = [e for e in await self.entries(tournament.id, db) if e.withdrawn_in is None]
            if tournament.status == OPEN and len(active) < 2:
                await self._close(db, tournament, CANCELLED, CANCEL)
                return
            rounds = round_robin_rounds(len(active)) if tournament.status == OPEN and tournament.format == ROUND_ROBIN \
                else tournament.rounds
            if job.round > rounds or len(active) < 2:
                await self._close(db, tournament, FINISHED, FINISH)
                return
            await db.execute(
                "UPDATE tournaments SET status = ?, round = ?, rounds = ? WHERE id = ?",
                (RUNNING, job.round, rounds, tournament.id),
            )
            await self._seat(db, tournament, job.round, await self._draw(db, tournament, job.round, active))
            # The boards first (jobs due together run in the order written): the announcement links to them.
            await self._schedule(db, tournament.id, BOARDS, job.round, self.clock())
            await self._schedule(db, tournament.id, ANNOUNCE, job.round, self.clock())
            await self._advance_if_complete(db, tournament.id, job.round)

    async def _close(self, db: Connection, tournament: Tournament, status: str, kind: str) -> None:
        table = await self.standings(tournament, db)
        winner = table[0].user_id if status == FINISHED and table else None
        await db.execute(
            "UPDATE tournaments SET status = ?, winner = ?, finished_at = ? WHERE id = ?",
            (status, winner, self.clock(), tournament.id),
        )
        await self._schedule(db, tournament.id, kind, tournament.round, self.clock())

    async def _get_in(self, db: Connection, tournament_id: int) -> Tournament:
        """Inside a transaction: the tournament, locked until the transaction ends (where rows can be locked).

        Two games ending the same round then see each other's result: the second waits for the first.
        """
        found = await db.fetchrow(f"SELECT * FROM tournaments WHERE id = ?{db.for_update}", (tournament_id,))
        if found is None:
            raise refusal("tour.err.none", id=tournament_id)
        return _tournament(found)

    async def _seat(
        self, db: Connection, tournament: Tournament, round_: int, seating: Sequence[tuple[int, ...]]
    ) -> None:
        """Store the round's tables; each table of two or more starts its game now."""
        for table_no, seats in enumerate(seating, start=1):
            game_id: int | None = None
            points, finished = None, None
            if len(seats) == 1:
                points, finished = json.dumps([1.0]), self.clock()
            else:
                row = self.games.started_row(
                    tournament.game, guild_id=tournament.guild_id, channel_id=tournament.channel_id, seats=seats,
                    options=tournament.options,
                )
                game_id = await self.games.insert_started(db, row, tournament.turn_seconds)
            await db.execute(
                "INSERT INTO tournament_tables (tournament_id, round, table_no, game_id, seats, points, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (tournament.id, round_, table_no, game_id, json.dumps(list(seats)), points, finished),
            )

    async def _draw(
        self, db: Connection, tournament: Tournament, round_: int, active: Sequence[Entry]
    ) -> list[tuple[int, ...]]:
        """The round's tables (seat order = turn order), byes as tables of one."""
        past = await self.tables(tournament.id, db=db)
        ranking = [s.user_id for s in await self.standings(tournament, db)]
        playing = {e.user_id for e in active}
        if tournament.format == TABLES:
            order = [uid for uid in ranking if uid in playing]
            seating = seated_tables(order, high=table_limit(tournament.game))
            return [_seat_order(table, past, order) for table in seating]
        if tournament.format == ROUND_ROBIN:
            everyone = [e.user_id for e in await self.entries(tournament.id, db)]
            return _present(round_robin(everyone, round_ - 1), playing)
        entrants = _entrants([uid for uid in ranking if uid in playing], past, await self.standings(tournament, db))
        return _present(swiss(entrants), playing)


def played_rounds(tables: Sequence[Table]) -> set[int]:
    """The rounds whose every table is finished."""
    rounds = {t.round for t in tables}
    return rounds - {t.round for t in tables if not t.finished}


def _entrants(order: Sequence[int], past: Sequence[Table], table: Sequence[Standing]) -> list[Entrant]:
    points = {s.user_id: s.points for s in table}
    opponents: dict[int, set[int]] = {uid: set() for uid in order}
    balance = dict.fromkeys(order, 0)
    streak = dict.fromkeys(order, 0)  # the same side in a row, as of the last game (byes skipped)
    byes = {t.seats[0] for t in past if t.is_bye}
    for game in sorted(past, key=lambda t: (t.round, t.table_no)):
        if game.is_bye or len(game.seats) != 2:
            continue
        first, second = game.seats
        for uid, other, side in ((first, second, 1), (second, first, -1)):
            if uid in opponents:
                opponents[uid].add(other)
                balance[uid] += side
                streak[uid] = streak[uid] + side if streak[uid] * side > 0 else side
    return [
        Entrant(uid, points[uid], rank, frozenset(opponents[uid]), balance[uid], uid in byes, streak[uid])
        for rank, uid in enumerate(order)
    ]


def _present(pairing: Pairing, playing: set[int]) -> list[tuple[int, ...]]:
    """Tables of a pairing among the players still in: a game against a withdrawn player is a bye."""
    tables: list[tuple[int, ...]] = []
    byes = [] if pairing.bye is None else [pairing.bye]
    for game in pairing.games:
        present = tuple(uid for uid in game if uid in playing)
        if len(present) == len(game):
            tables.append(game)
        else:
            byes.extend(present)
    return tables + [(uid,) for uid in byes if uid in playing]


def _seat_order(table: tuple[int, ...], past: Sequence[Table], order: Sequence[int]) -> tuple[int, ...]:
    """Who starts a seated table: the one who started least often so far, then the higher placed."""
    started = {uid: sum(1 for t in past if not t.is_bye and t.seats[0] == uid) for uid in table}
    return tuple(sorted(table, key=lambda uid: (started[uid], order.index(uid))))
