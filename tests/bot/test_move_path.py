"""The one path of every move in the service: ``check_actor`` decides who may act, ``play`` applies.

Each refusal leaves the stored game as it was.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import FINISHED, GameRecord, GameService, ServiceError, StaleButton
from bot.storage import GameRow, WithinTransaction
from rules import Outcome

ALICE, BOB, CAROL = 101, 202, 303
# Arkaios: Alice opens with c3=3, Bob answers d4=2; then a whole turn of Alice's is b2=2 b3=2 a4=1.
OPENING = (("c3=3", ALICE), ("d4=2", BOB))
ALICE_TURN = ("b2=2", "b3=2", "a4=1")


async def arkaios(service: GameService, *, opened: bool = False) -> GameRecord:
    record = await service.start_game("arkaios", guild_id=1, channel_id=2, seats=[ALICE, BOB])
    for move, user in OPENING if opened else ():
        record = await service.play(record.id, user, [move])
    return record


async def unchanged(service: GameService, before: GameRecord) -> bool:
    after = await service.load(before.id)
    return after.version == before.version and after.state == before.state and after.row.draft == before.row.draft


async def test_check_actor_gives_the_seat_of_the_player_to_act(service: GameService) -> None:
    record = await arkaios(service)
    assert service.check_actor(record, ALICE, record.version) == 0
    assert service.check_actor(record, ALICE, None) == 0, "controls valid at any version skip the version check"


@pytest.mark.parametrize(
    ("user", "offset", "refusal"),
    [
        (BOB, 0, "not your turn: waiting for <@101>"),
        (CAROL, 0, "not playing in this game"),
        (ALICE, -1, "out of date"),
    ],
)
async def test_check_actor_refuses_with_what_is_wrong(
    service: GameService, user: int, offset: int, refusal: str
) -> None:
    record = await arkaios(service, opened=True)
    with pytest.raises(ServiceError, match=refusal):
        service.check_actor(record, user, record.version + offset)
    with pytest.raises(ServiceError, match=refusal):
        await service.play(record.id, user, ["b2=2"], record.version + offset)
    assert await unchanged(service, record)


async def test_a_stale_version_is_refused_as_stale_and_changes_nothing(service: GameService) -> None:
    record = await arkaios(service)
    await service.play(record.id, ALICE, ["c3=3"], record.version)
    moved = await service.load(record.id)
    with pytest.raises(StaleButton, match="out of date"):
        await service.play(record.id, BOB, ["d4=2"], record.version)
    assert await unchanged(service, moved)


async def test_a_finished_game_takes_no_move(service: GameService) -> None:
    record = await arkaios(service)
    finished = await service.resign(record.id, BOB)
    with pytest.raises(ServiceError, match=r"Game #1 is not being played\."):
        service.check_actor(finished, ALICE, finished.version)
    with pytest.raises(ServiceError, match="not being played"):
        await service.play(record.id, ALICE, ["c3=3"], finished.version)
    assert await unchanged(service, finished)


async def test_a_drafted_turn_belongs_to_its_owner(service: GameService) -> None:
    """Undo asks who owns the turn being drafted, not who acts once it is complete."""
    record = await arkaios(service, opened=True)
    for pillar in ALICE_TURN:
        record = await service.add_to_draft(record.id, ALICE, pillar, record.version)
    assert record.actors() == [ALICE], "an unconfirmed turn does not pass the turn on"
    with pytest.raises(ServiceError, match="not your turn: waiting for <@101>"):
        await service.undo_draft(record.id, BOB, record.version)
    with pytest.raises(ServiceError, match="not your turn"):
        await service.play(record.id, BOB, [], record.version)
    assert await unchanged(service, record)
    record = await service.undo_draft(record.id, ALICE, record.version)
    assert record.row.draft == list(ALICE_TURN[:2])


async def araksey_in_play(service: GameService) -> GameRecord:
    """Araksey with the reflection clock, set up by playing the first legal placement each time."""
    options = {"elements": ["earth", "fog"], "clock": True}
    record = await service.start_game("araksey", guild_id=1, channel_id=2, seats=[ALICE, BOB], options=options)
    while record.state is not None and record.state.view(None)["phase"] != "play":
        seat = record.state.actors[0]
        move = str(record.state.legal_moves(seat)[0])
        record = await service.play(record.id, record.user_at(seat), [move])
    return record


async def test_a_time_out_plays_the_rules_default_through_play(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Araksey's reflection clock passes the turn of a late player: a move like any other."""
    record = await araksey_in_play(service)
    assert record.state is not None
    late = record.user_at(record.state.waiting_for[0])
    calls: list[tuple[int, list[str], int | None]] = []
    play = service.play

    async def spy(game_id: int, user_id: int, moves: list[str], version: int | None, *rest: Any) -> GameRecord:
        calls.append((user_id, list(moves), version))
        return await play(game_id, user_id, moves, version, *rest)

    monkeypatch.setattr(service, "play", spy)
    after = await service.timeout(record.id, record.row.turn_started_at or 0.0)
    assert after is not None and after.row.status == "active" and after.actors() != [late]
    assert calls == [(late, ["pass"], record.version)], "checked like a click on the latest board"
    log = await service.move_log(record.id)
    assert (log[-1].user_id, log[-1].notation) == (late, "pass")


async def test_a_time_out_without_a_default_move_loses(service: GameService) -> None:
    record = await arkaios(service)
    after = await service.timeout(record.id, record.row.turn_started_at or 0.0)
    assert after is not None and after.row.status == FINISHED and after.outcome is not None
    assert after.outcome.winners == (1,) and after.row.end_reason == "timeout"


async def test_a_time_out_of_a_turn_that_moved_on_does_nothing(service: GameService) -> None:
    record = await arkaios(service)
    await service.play(record.id, ALICE, ["c3=3"])
    moved = await service.load(record.id)
    assert await service.timeout(record.id, (record.row.turn_started_at or 0.0) - 1) is None
    assert await unchanged(service, moved)


async def test_every_finish_is_told_once_to_the_finish_hooks(service: GameService) -> None:
    finished: list[tuple[int, str]] = []

    def hook(row: GameRow, outcome: Outcome) -> WithinTransaction:
        async def step(db: object) -> None:
            finished.append((row.id, outcome.reason))

        return step

    service.on_finish.append(hook)
    first = await arkaios(service)
    await service.play(first.id, ALICE, ["c3=3"])
    await service.resign(first.id, ALICE)
    second = await arkaios(service)
    await service.timeout(second.id, second.row.turn_started_at or 0.0)
    assert finished == [(first.id, "resignation"), (second.id, "timeout")]


async def test_start_game_seats_the_players_at_once(service: GameService) -> None:
    record = await service.start_game("kouba", guild_id=1, channel_id=2, seats=[CAROL, ALICE, BOB])
    assert record.row.status == "active" and record.seats == [CAROL, ALICE, BOB]
    assert record.actors(), "the game waits for its first move"
