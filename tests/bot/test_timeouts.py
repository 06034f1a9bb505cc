"""A turn's time-out, through the service, in every phase of every game.

Each game is played at random through the service; the first time a phase is reached
(once where the rules name a time-out move, once where they do not), the same game is
replayed to that point and its time runs out: the rules' move is played and logged, or
the late player loses on time. Nothing may be refused, so no time-out job fails forever.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import FINISHED, GameRecord, GameService
from bot.turn_time import late_seats
from rules import GAMES
from rules.base import JSON

USERS = (101, 202, 303, 404, 505, 606)
SEED = 12345
MAX_MOVES = 160
Played = list[tuple[int, str]]
Phase = tuple[str, bool, bool]

# Araksey's reflection clock is what gives it a time-out move; every table size, set-up and play.
CLOCKED = [(players, {"clock": True}) for players in (2, 3, 4)]


def _cases() -> list[Any]:
    cases = [
        pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{i}")
        for game_id, game in sorted(GAMES.items())
        for i, (players, options) in enumerate(game.sample_setups)
        if game_id != "araksey" or i == 0
    ]
    return cases + [pytest.param("araksey", p, o, id=f"araksey-{p}p-clock") for p, o in CLOCKED]


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game the service starts gets the same seed, so a replayed game is the same game."""
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)


def phase_of(record: GameRecord) -> Phase:
    """The game's phase as its view names it, whether the rules name a time-out move there, and
    whether several seats are late at once (a race, swaps all round)."""
    assert record.state is not None
    phase = str(record.state.view(None).get("phase", "play"))
    waiting = record.state.waiting_for
    return phase, record.state.default_move(waiting[0]) is not None, len(waiting) > 1


async def replay(service: GameService, game_id: str, players: int, options: JSON, played: Played) -> GameRecord:
    record = await service.start_game(game_id, guild_id=1, channel_id=2, seats=USERS[:players], options=options)
    for seat, move in played:
        record = await service.play(record.id, record.user_at(seat), [move])
    return record


async def phases(service: GameService, game_id: str, players: int, options: JSON) -> dict[Phase, Played]:
    """The moves that first reach each phase of a random game played through the service."""
    picker, played, firsts = random.Random(SEED), [], {}
    record = await replay(service, game_id, players, options, [])
    while record.row.status != FINISHED and record.state is not None and len(played) < MAX_MOVES:
        if record.state.waiting_for:
            firsts.setdefault(phase_of(record), list(played))
        seat = picker.choice(record.state.actors)
        move = str(picker.choice(record.state.legal_moves(seat)))
        record = await service.play(record.id, record.user_at(seat), [move])
        played.append((seat, move))
    return firsts


async def times_out(service: GameService, record: GameRecord) -> None:
    """The turn's time runs out for every seat the game waits for, in one change: the default moves
    are played and logged, or the late players lose (at a table of three or more, leave together:
    Agora plays on for them)."""
    assert record.state is not None
    late = list(record.state.waiting_for)
    fallback = service.default_moves(record)
    after = await service.timeout(record.id, record.row.turn_started_at or 0.0)
    assert after is not None, "the time-out did nothing"
    if fallback is None and after.row.status == "active":
        # A table of three or more goes on: the late players leave it and Agora plays their seats.
        assert len(record.seats) >= 3 and {str(seat) for seat in late} <= set(after.row.absent) & set(after.row.bots)
        assert {after.row.absent[str(seat)]["reason"] for seat in late} == {"timeout"}
        assert len({after.row.absent[str(seat)]["since"] for seat in late}) == 1, "they left together"
        return
    if fallback is None:
        assert after.row.status == FINISHED and after.row.end_reason == "timeout"
        assert after.outcome is not None and not set(late) & set(after.outcome.winners)
        return
    logged = (await service.move_log(record.id))[-len(fallback.seats) :]
    assert [(m.seat, m.notation) for m in logged] == list(zip(fallback.seats, fallback.moves, strict=True))
    assert fallback.seats[0] == late[0] and after.version == record.version + 1, "one change"


@pytest.mark.usefixtures("fixed_seed")
@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
async def test_a_time_out_is_legal_in_every_phase(
    service: GameService, game_id: str, players: int, options: JSON
) -> None:
    firsts = await phases(service, game_id, players, options)
    assert firsts, f"{game_id}: no phase waited for anyone"
    for phase, played in firsts.items():
        record = await replay(service, game_id, players, options, played)
        assert phase_of(record) == phase
        await times_out(service, record)


@pytest.mark.usefixtures("fixed_seed")
async def test_araksey_set_up_time_out_places_a_piece(service: GameService) -> None:
    """Set-up has no pass: a late player's source goes on the first free start square."""
    record = await replay(service, "araksey", 2, {"clock": True, "elements": ["earth", "water"]}, [])
    assert record.state is not None and record.state.view(None)["phase"] == "setup_sources"
    first = str(record.state.legal_moves(record.state.waiting_for[0])[0])
    await times_out(service, record)
    log = await service.move_log(record.id)
    assert [entry.notation for entry in log] == [first] and first.startswith("@")


@pytest.mark.usefixtures("fixed_seed")
async def test_every_racer_out_of_time_gives_up_the_race_at_one_deadline(service: GameService) -> None:
    """Two or more racers late at the same deadline: each gives up, in one change, none waits a new turn."""
    picker = random.Random(SEED)
    record = await replay(service, "kouba", 4, {}, [])
    while (fallback := service.default_moves(record)) is None or len(fallback.seats) < 2:
        assert record.state is not None
        if not record.state.waiting_for:  # that game had no race of several racers: the next one
            record = await replay(service, "kouba", 4, {}, [])
            continue
        seat = picker.choice(record.state.waiting_for)
        move = str(picker.choice(record.state.legal_moves(seat)))
        record = await service.play(record.id, record.user_at(seat), [move])
    assert record.state is not None and len(record.state.waiting_for) > 1, "a race with several racers"
    after = await service.timeout(record.id, record.row.turn_started_at or 0.0)
    assert after is not None and after.version == record.version + 1, "one change"
    logged = (await service.move_log(record.id))[-len(fallback.seats) :]
    assert [(entry.seat, entry.notation) for entry in logged] == [(seat, "stop") for seat in fallback.seats]
    assert fallback.seats == late_seats(record)[: len(fallback.seats)], "in seat order, from the first late seat"
