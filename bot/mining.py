"""Puzzles cut from finished games: the moments a player had one clearly best move and played a much worse one.

Mining works as the review does (:mod:`bot.review`): every decision of a finished game is seen from
its mover's :class:`ai.Observation` only (its view and the public log, other seats' secrets hidden),
and Agora's hard search weighs it over worlds sampled from that observation. A decision is a puzzle
when, for the mover,

- the best move's chance of winning is at least :data:`MARGIN_PLAYED` above the move played, and
- at least :data:`MARGIN_OTHERS` above every other move (one clearly best answer, not one of several).

Decisions are screened at a small budget (:data:`SCREEN`, a triage: the move played must seem to lose at
least :data:`SCREEN_LOSS`). A candidate is then weighed with a budget larger than a live hard move's
(:data:`SCALE` times it), then weighed again at four times that budget (:data:`CHECK`), over other
sampled worlds (:data:`CHECK_WORLDS`: two moves that both win can each look best to one seed). A larger
search finds the move played a little better (it sees more of what that move still holds), so a candidate
only just clear at twice the budget may not be at four; only a candidate that is clear both times, with
the same best move, is kept. Its follow-up line is then played by the hard level from each seat's own
observation: the opponent's best answer and, in games without chance, on
until the game ends or :data:`LINE_PLIES` moves were played (the win that follows, when it does). Each
step (a weighing, the world kept, each move of the line) is one job in a worker at the system's lowest
priority (:class:`bot.workers.QuietWorkers`), apart from the AI workers: no live move waits for it.

In a game whose adapter names ``forced_turns`` (no chance), mining proves forced lines
(:func:`with_forced_lines`, :class:`ai.deep_proof.TurnProver`): where the decisive moments lie a few turns
before the end, beyond what the search sees at these budgets, and where several moves may force a win that
the search weighs by its seed anywhere from a coin toss to a near win. A move that forces a win within that
many turns is worth 1; the move played is then asked whether it forces one too (as fast, then two turns
slower at the first look and the check: a slower forced win is no mistake), and every other move, in the
order of their values, until one more does (then there is no one answer); where no move forces a win, a
move after which the opponent forces one within three turns is worth 0. The proofs count moves (the
adapter's ``forced_moves`` per question), with a safety stop at the game's time left (at most
:data:`FORCED_SECONDS` a weighing); an answer depends on the position and the moves allowed alone, so one
met again in the process is read back (:data:`ANSWERS`: the check asks what the first look asked; the
screen allows fewer moves, :data:`SCREEN_FORCED_MOVES`). Such a game's decisions are examined in the order
of :func:`pressed` (the mover most ahead by the evaluation first: a forced win is likeliest there), not
triaged: the review's triage looks one ply ahead.

The position a puzzle keeps is the mover's view of one world sampled from its observation (the
seeded first sample of the check): what the others hid is invented, never the game's real secrets,
so nothing a puzzle stores or shows can tell them. Values depend on the budget and seed, never on what
else the machine runs: a search's safety stop counts the worker's processor time (:class:`PuzzleSearch`),
not the wall clock, and a game's mining stops within :data:`GAME_SECONDS` of that time (the safety stops
of its searches are cut to what is left).

>>> Judged("a", "b", 0.9, 0.4, 0.6, 0.0).clear, Judged("a", "b", 0.9, 0.4, 0.75, 0.0).clear
(True, False)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ai.adapter import ADAPTERS, Adapter
from ai.deep_proof import TurnProver
from ai.observation import Observation, PublicMove, observe
from ai.search import (
    DEEP_TURNS,
    LEVELS,
    PROOF_SAMPLES,
    choose_move,
    deep_prover,
    mover,
    proven_win,
    searchable_moves,
)
from ai.solver import Budget
from ai.weighing import FOLLOW_SHARE, LEVEL, FollowingSearch, loses
from bot.review import triage
from rules import GAMES, GameState, Rng

T = TypeVar("T")

MARGIN_PLAYED = 0.3  # the best move's chance above the move played
MARGIN_OTHERS = 0.2  # the best move's chance above every other move
SCREEN = 0.25  # a quick screen's budget, the hard level's times this: only a move that looks costly goes on
SCREEN_LOSS = 0.15  # what the move played must seem to lose at the screen to be looked at
SCALE = 1.5  # the first look's budget: the hard level's, times this
CHECK = 4.0  # the check's budget: the first look's, times this
CHECK_WORLDS = 500  # the check's seed is the first look's plus this: it weighs other sampled worlds
GAME_SECONDS = 20.0  # worker time for one game's mining
LINE_PLIES = 5  # moves of the follow-up line after the best move, in games without chance
LINE_RESERVE = 4.0  # worker seconds one move of the line may take (a hard decision's proofs and search)
KEPT_PER_GAME = 2  # a game gives at most this many puzzles (its worst moments)
LEAST_SECONDS = 0.5  # below this much time left, a search would be cut too short to trust: mining stops
PROOF_RESERVE = 1.0  # worker seconds a game's mining keeps back: a weighing's proofs count moves, not seconds
SCREEN_FORCED_MOVES = 15_000  # moves one such proof may try at the screen (a triage: the first look allows more)
FORCED_SECONDS = 6.0  # a weighing's proofs stop after this much worker time (a safety stop, seldom reached)
CLOCK_EVERY_MOVES = 256  # moves a proof tries between two looks at the clock


@dataclass(frozen=True)
class Judged:
    """One decision weighed for its mover: the best move, the move played, their chances, and the best
    chance among the other moves (``chance_second``); ``seconds`` of worker time."""

    best: str
    played: str
    chance_best: float
    chance_played: float
    chance_second: float
    seconds: float

    @property
    def clear(self) -> bool:
        """Whether the best move is the puzzle's one answer: far above the move played and every other."""
        return (
            self.best != self.played
            and self.chance_best - self.chance_played >= MARGIN_PLAYED
            and self.chance_best - self.chance_second >= MARGIN_OTHERS
        )


NOT_A_PUZZLE = Judged("", "", 0.0, 0.0, 1.0, 0.0)


@dataclass(frozen=True)
class Found:
    """A puzzle found at one decision: the judgement that kept it, the world its position is drawn from
    (JSON), the log as the mover saw it, and its follow-up line after the best move (seat, notation)."""

    ply: int
    seat: int
    judged: Judged
    position: dict[str, Any]
    log: tuple[PublicMove, ...]
    line: tuple[PublicMove, ...]


@dataclass(frozen=True)
class Mined:
    """A game's mining: the puzzles found, how many decisions were weighed, and the worker seconds spent."""

    found: tuple[Found, ...]
    weighed: int
    seconds: float


class PuzzleSearch(FollowingSearch):
    """The hard search with its safety stops counted in processor time: a busy machine (mining runs behind
    every other job) cuts no search short, so what is kept does not depend on what else was running."""

    clock = staticmethod(time.process_time)


def judge(obs: Observation, played: str, seed: int, scale: float, time_left: float = GAME_SECONDS) -> Judged:
    """Weigh every move of ``obs.seat`` with the hard search at ``scale`` times its budget (runs in a worker).

    The search proper ranks the moves; the move played and the strongest other move are then followed
    alone (:class:`ai.weighing.FollowingSearch`), so neither value rests on the few visits a search
    spares a move it dislikes. A move proven to win at once is worth everything, one proven to let the
    opponent win at once nothing, as the hard level plays. Raises ``ValueError`` when the seat had no
    such move.
    """
    started = time.process_time()
    adapter, plan = ADAPTERS[obs.game], LEVELS[LEVEL]
    rng = Rng.seeded(seed)
    sample = adapter.sampler(obs)
    world = sample(rng)
    if not any(str(move) == played for move in world.legal_moves(obs.seat)):
        raise ValueError(f"Seat {obs.seat} could not play {played!r} in that position.")
    moves = [str(move) for move in searchable_moves(adapter, world, obs.seat)]
    if len(moves) < 2:
        return NOT_A_PUZZLE
    proof = Budget(adapter.proof_budget) if adapter.proof_budget is not None else None
    won = None if proof is None else proven_win(adapter, sample, world, obs.seat, proof, rng)
    deep = deep_prover(adapter, plan)
    if won is None and deep is not None and (forced := deep.winning_move(world, obs.seat, DEEP_TURNS)) is not None:
        won = str(forced)  # a win forced two turns deep, as the hard level plays it
    budget = max(1, round(plan.iterations * adapter.speed * scale))
    deadline = time.process_time() + min(plan.time_cap * scale, max(time_left, LEAST_SECONDS))
    search = PuzzleSearch(adapter, sample, obs.seat, plan, rng)
    ranked = search.run(budget, deadline - time.process_time())
    best = won if won is not None else str(ranked[0])
    followed = max(1, round(budget * FOLLOW_SHARE))
    for move in dict.fromkeys((played, strongest_other(search.values(), best))):
        if move and move != best:
            search.follow(move, followed, max(0.0, deadline - time.process_time()))
    values = proven(search.values(), adapter, world, obs.seat, played, proof, won)
    if adapter.forced_turns is not None and adapter.position_key is not None:
        drawn = (sample(rng) for _ in range(PROOF_SAMPLES - 1))
        # A game with nothing hidden samples its one world each time: proven in it once is proven.
        worlds = [world, *(other for other in drawn if other is not world)]
        proofs_end = time.process_time() + min(FORCED_SECONDS, max(0.0, started + time_left - time.process_time()))
        values = with_forced_lines(values, obs.game, worlds, obs.seat, moves, played, best, proofs_end, scale > SCREEN)
        best = max(values, key=lambda move: (values[move], move == best))
    if scale > SCREEN and any(move not in values for move in moves):  # a move never tried may be as good
        return NOT_A_PUZZLE
    second = max(value for move, value in values.items() if move != best)
    spent = time.process_time() - started
    return Judged(best, played, values[best], values.get(played, 0.0), second, spent)


def with_forced_lines(
    values: dict[str, float],
    game: str,
    worlds: Sequence[GameState[Any]],
    seat: int,
    moves: Sequence[str],
    played: str,
    best: str,
    deadline: float,
    thorough: bool = True,
) -> dict[str, float]:
    """``values`` with mining's forced lines applied (a game whose adapter names ``forced_turns``): 1 for a move
    proven to force a win within that many turns, 0 for one after which the opponent forces a win within
    :data:`ai.search.DEEP_TURNS` (its answer, a turn, its winning turn). A fact counts only when proven in each
    of ``worlds`` (sampled from the observation: what the seat could not see may differ), a move not proven
    keeps its value.

    Where a turn forces a win, the move played is asked first, as deep as the win and, ``thorough``-ly, two
    turns deeper (a slower forced win is no mistake either: the shallower proof is the cheaper, and often
    enough), then every other move in the order of their values until one more also wins (then there is no one answer);
    where none does, the move played, the best and the three strongest others are asked whether they lose.
    """
    adapter = ADAPTERS[game]
    turns, budget = adapter.forced_turns or 0, adapter.forced_moves if thorough else SCREEN_FORCED_MOVES
    found = dict(values)
    winner = asked(game, worlds, seat, "", "winning", turns, deadline, budget)
    if isinstance(winner, str):
        found[winner] = 1.0
        others = sorted((m for m in moves if m not in (winner, played)), key=lambda m: -found.get(m, 0.0))
        for move in (played, *others):  # the move played: not even a slower forced win
            depths = (turns, turns + 2) if move == played and thorough else (turns,)
            if move != winner and any(
                asked(game, worlds, seat, move, "forces", depth, deadline, budget) is True for depth in depths
            ):
                found[move] = 1.0
                return found
        return found
    strongest = sorted((m for m in found if m not in (played, best)), key=lambda m: -found[m])[:3]
    for move in dict.fromkeys((played, best, *strongest)):
        if (
            found.get(move, 0.0) > 0.0
            and asked(game, worlds, seat, move, "loses", DEEP_TURNS, deadline, budget) is True
        ):
            found[move] = 0.0
    return found


# Proven answers met in this process: (game, the worlds' positions, seat, move, question, turns) -> answer.
ANSWERS: dict[tuple[Any, ...], str | bool | None] = {}
ANSWERS_KEPT = 4096  # answers remembered at most (the weighings of a few decisions)


class TimedBudget(Budget):
    """A proof's moves, stopped early at ``deadline`` (processor time): the weighing's time left, a safety stop
    as the search's time cap is (a proof so cut proves nothing, and its answer is not remembered)."""

    def __init__(self, moves: int, deadline: float) -> None:
        super().__init__(moves)
        self.deadline, self.cut, self.calls = deadline, False, 0

    def spend_many(self, moves: int) -> bool:
        self.calls += 1
        if self.calls % CLOCK_EVERY_MOVES == 0 and time.process_time() > self.deadline:
            self.left, self.cut = -1, True
        return super().spend_many(moves)


def asked(
    game: str,
    worlds: Sequence[GameState[Any]],
    seat: int,
    move: str,
    question: str,
    turns: int,
    deadline: float,
    moves: int,
) -> Any:
    """One proof, in each of ``worlds``, each with a fresh :class:`ai.deep_proof.TurnProver` of ``moves``:
    ``"winning"``: the first move of a turn forcing a win (the same move in every world), False when there is
    none, None when not proven; ``"forces"``: whether ``move`` forces a win; ``"loses"``: whether every turn it
    begins lets the opponent force a win (None: not proven). An answer depends only on the question and the
    positions (and ``moves``), never on what was asked before, so one met again is read back (the first look
    and the check of a game without hidden pieces ask the same); one cut by ``deadline`` is not kept."""
    adapter = ADAPTERS[game]
    assert adapter.position_key is not None
    entry = (game, tuple(adapter.position_key(world) for world in worlds), seat, move, question, turns, moves)
    if entry in ANSWERS:
        return ANSWERS[entry]
    answer: str | bool | None = None
    cut = False
    for world in worlds:
        budget = TimedBudget(moves, deadline)
        # After the first world, "winning" asks whether the move it found forces the win here too.
        asking = answer if question == "winning" and isinstance(answer, str) else move
        one = proof_in(world, TurnProver(adapter, budget), seat, asking, question, turns)
        cut = cut or budget.cut
        if one is None or (answer is not None and one != answer):
            answer = None
            break
        answer = one
    if not cut:
        if len(ANSWERS) >= ANSWERS_KEPT:
            ANSWERS.clear()
        ANSWERS[entry] = answer
    return answer


def proof_in(
    world: GameState[Any], prover: TurnProver, seat: int, move: str, question: str, turns: int
) -> str | bool | None:
    """One world's answer to a question of :func:`asked`; for ``"winning"`` with a ``move``, that move if it
    forces the win in this world (else None)."""
    if question == "winning" and not move:
        first = prover.winning_move(world, seat, turns)
        return str(first) if first is not None else (False if prover.budget.left >= 0 else None)
    legal = next((m for m in world.legal_moves(seat) if str(m) == move), None)
    if legal is None:
        return None
    if question == "loses":
        safe = prover.safe(world, seat, legal, turns)
        return None if safe is None else not safe
    forced = prover.forces(world, seat, legal, turns)
    return forced if question == "forces" else (move if forced else None)


def strongest_other(values: dict[str, float], best: str) -> str:
    """The move that comes closest to ``best``, the one the check must be surest of ("" when none)."""
    others = {move: value for move, value in values.items() if move != best}
    return max(others, key=lambda move: others[move]) if others else ""


def proven(
    values: dict[str, float],
    adapter: Adapter,
    world: GameState[Any],
    seat: int,
    played: str,
    proof: Budget | None,
    won: str | None,
) -> dict[str, float]:
    """``values`` with the proofs applied: a turn proven to win is worth 1, a move proven to let the opponent
    win at once 0 (the move played first, then the strongest others; the proofs share one budget, as a hard
    decision's do)."""
    found = dict(values)
    if proof is not None:
        legal = {str(move) for move in world.legal_moves(seat)}
        strongest = sorted((move for move in found if move in legal), key=lambda move: -found[move])[:3]
        for move in dict.fromkeys((played, *strongest)):
            if move != won and loses(adapter, world, seat, move, proof):
                found[move] = 0.0
    if won is not None:
        found[won] = 1.0
    return found


def examine(obs: Observation, played: str, ply: int, seed: int, time_left: float) -> tuple[Found | None, float]:
    """One decision examined in this process, as :func:`mine` examines it job by job: the puzzle found (or
    None) and the seconds spent."""
    found, spent = asyncio.run(examined(here, obs, played, ply, seed, time_left))
    return found, spent


async def examined(
    run: Runner, obs: Observation, played: str, ply: int, seed: int, time_left: float
) -> tuple[Found | None, float]:
    """One decision: weighed, checked at four times the budget, then its world and line, each step one job (so a
    live move waits for no more than one of them). Returns the puzzle found (or None) and the seconds spent."""
    screen = await run(judge, obs, played, seed, SCREEN, time_left)
    spent = screen.seconds
    if screen.chance_best - screen.chance_played < SCREEN_LOSS or time_left - spent < LEAST_SECONDS:
        return None, spent  # triage: no puzzle seems to be here (or no time left to weigh one)
    first = await run(judge, obs, played, seed, SCALE, time_left - spent)
    spent += first.seconds
    if not first.clear or time_left - spent < LEAST_SECONDS + LINE_RESERVE:
        return None, spent
    check_seed = seed + CHECK_WORLDS  # other worlds: a best move that one sample alone favours is not kept
    checked = await run(judge, obs, played, check_seed, SCALE * CHECK, time_left - spent - LINE_RESERVE)
    spent += checked.seconds
    if not checked.clear or checked.best != first.best:
        return None, spent
    position, seconds = await run(puzzle_world, obs, check_seed)
    spent += seconds
    if position is None:
        return None, spent
    line: tuple[PublicMove, ...] = ((obs.seat, checked.best),)
    while len(line) <= LINE_PLIES and time_left - spent >= LINE_RESERVE:
        step, seconds = await run(line_move, obs, position, line, seed)
        spent += seconds
        if step is None:
            break
        line = (*line, step)
    return Found(ply, obs.seat, checked, position, obs.log, line), spent


def puzzle_world(obs: Observation, seed: int) -> tuple[dict[str, Any] | None, float]:
    """The world a puzzle keeps (runs in a worker): the seeded first sample of its check, as JSON; None when the
    seat could have told it from its own view (an imperfect sampler: nothing is kept)."""
    started = time.process_time()
    world = ADAPTERS[obs.game].sampler(obs)(Rng.seeded(seed))
    kept = world.to_json() if observe(world, obs.seat).view == obs.view else None
    return kept, time.process_time() - started


def line_move(
    obs: Observation, position: dict[str, Any], line: tuple[PublicMove, ...], seed: int
) -> tuple[PublicMove | None, float]:
    """The next move of a puzzle's line (runs in a worker): the hard level's, from its seat's own observation
    of the world after ``line``; None once the game is over, or at the mover's next decision in a game with
    chance (the line shows the answer only)."""
    started = time.process_time()
    state = GAMES[obs.game].state_class.from_json(position)
    log = list(obs.log)
    for seat, move in line:
        state = state.play(seat, move)
        log.append((seat, move))
    without_chance = ADAPTERS[obs.game].proof_budget is not None
    if state.outcome is not None:
        return None, time.process_time() - started
    seat = mover(state)
    answered = any(other != obs.seat for other, _ in line)
    if seat == obs.seat and answered and not without_chance:
        return None, time.process_time() - started
    move = choose_move(observe(state, seat, seen_by(obs.game, log, seat)), LEVEL, seed + len(line))
    return (seat, move), time.process_time() - started


def seen_by(game: str, log: Sequence[PublicMove], seat: int) -> list[PublicMove]:
    """The log as ``seat`` saw it: other seats' secret moves hidden."""
    prefix, hidden = ADAPTERS[game].secret_moves or ("", "")
    return [(who, hidden if prefix and who != seat and move.startswith(prefix) else move) for who, move in log]


def decisions_of(
    game: str, states: Sequence[GameState[Any]], moves: Sequence[PublicMove]
) -> list[tuple[Observation, str, int]]:
    """Every decision of a game (any seat's), as its mover saw it: its observation, the move and its ply
    (``states[i]`` is the game before ``moves[i]``), in the order they were played."""
    return [
        (observe(states[index], seat, seen_by(game, moves[:index], seat)), notation, index + 1)
        for index, (seat, notation) in enumerate(moves)
        if len(states[index].legal_moves(seat)) > 1
    ]


def pressed(decisions: Sequence[tuple[Observation, str, int]]) -> tuple[list[int], float]:
    """The order to examine ``decisions`` in where forced wins are proven (indexes) and the seconds it took
    (runs in a worker): the mover's evaluation of the position first, highest first (a forced win is likeliest
    where it presses most), then the later decision first."""
    started = time.process_time()
    standing = []
    for obs, _, ply in decisions:
        adapter = ADAPTERS[obs.game]
        world = adapter.sampler(obs)(Rng.seeded(ply))
        standing.append((-adapter.evaluate(world)[obs.seat], -ply))
    order = sorted(range(len(decisions)), key=lambda index: standing[index])
    return order, time.process_time() - started


def mine_seed(game_id: int, ply: int) -> int:
    """The search's seed for one decision of a game: the same on every run."""
    return game_id * 1000 + ply


class Runner(Protocol):
    """Runs one job of mining (a module's function and plain arguments): in the bot's quiet worker, in this
    process in the bench and the tests."""

    def __call__(self, work: Callable[..., T], /, *args: Any) -> Awaitable[T]: ...


async def mine(
    run: Runner, game: str, game_id: int, states: Sequence[GameState[Any]], moves: Sequence[PublicMove]
) -> Mined:
    """The puzzles of one finished game (``states[i]``: the game before ``moves[i]``): its decisions
    triaged (the likeliest to be a blunder first, :func:`bot.review.triage`; :func:`pressed` in a game of
    forced turns), then examined one job
    each until KEPT_PER_GAME are found or GAME_SECONDS of worker time are spent (less PROOF_RESERVE, so
    that the proofs of the last weighing, which a clock does not stop, stay within it)."""
    decisions = decisions_of(game, states, moves)
    if not decisions:
        return Mined((), 0, 0.0)
    if ADAPTERS[game].forced_turns is not None:  # the movers most ahead first (likeliest to hold a forced win)
        order, spent = await run(pressed, decisions)
    else:
        order, spent = await run(triage, decisions, mine_seed(game_id, 0))
    found: list[Found] = []
    weighed = 0
    for index in order:
        left = GAME_SECONDS - PROOF_RESERVE - spent
        if len(found) >= KEPT_PER_GAME or left < LEAST_SECONDS:
            break
        obs, played, ply = decisions[index]
        try:
            puzzle, seconds = await examined(run, obs, played, ply, mine_seed(game_id, ply), left)
        except ValueError:  # a move its seat could not have played: a damaged record, the rest goes on
            continue
        spent, weighed = spent + seconds, weighed + 1
        if puzzle is not None:
            found.append(puzzle)
    return Mined(tuple(found), weighed, spent)


async def here(work: Callable[..., T], /, *args: Any) -> T:
    """A :class:`Runner` that works in this process (the bench, the tests)."""
    return work(*args)
