"""Rematches in the game service (SQLite, then PostgreSQL): seats rotated, the same options and time per
turn, the clicker accepted, only players of a finished game, and one rematch at a time."""

from __future__ import annotations

import asyncio

import pytest

from bot.scheduler import Scheduler
from bot.service import JSON, GameService, ServiceError

ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
GUILD, CHANNEL = 1, 2
DRAGONS_OPTIONS = {"level": "little", "dragon_master": True, "nuggets": 3}


async def finished(
    service: GameService, game: str, seats: list[int], options: JSON | None = None, turn_seconds: int | None = None
) -> int:
    """A game between ``seats`` (challenger first), accepted by all, then resigned by its last player
    (at a table of three or more, which goes on with Agora in that seat, then won by the first)."""
    record = await service.challenge(
        game, guild_id=GUILD, channel_id=CHANNEL, challenger=seats[0], invited=seats[1:], options=options,
        turn_seconds=turn_seconds,
    )
    for user in seats[1:]:
        await service.accept(record.id, user)
    if (await service.resign(record.id, seats[-1])).row.status == "active":
        await service.impose_result(record.id, [0], "director")
    return record.id


async def waiting(service: GameService) -> list[int]:
    """The ids of the challenges waiting for an answer."""
    return [row.id for row in await service.storage.games_with_status(["challenge"])]


async def test_a_rematch_swaps_the_seats_and_keeps_the_options_and_time_per_turn(service: GameService) -> None:
    service.on_challenge = Scheduler(service.storage, clock=service.clock).challenge_step
    old = await finished(service, "dragons_arena", [ALICE, BOB], options=DRAGONS_OPTIONS, turn_seconds=7200)
    rematch = await service.rematch(old, BOB, channel_id=CHANNEL)
    assert rematch.row.status == "challenge" and rematch.row.rematch_of == old
    assert rematch.seats == [BOB, ALICE] and rematch.row.accepted == [BOB] and rematch.challenger == BOB
    assert rematch.row.options == (await service.load(old)).row.options
    assert {"level": "little", "dragon_master": True, "nuggets": 3}.items() <= rematch.row.options.items()
    assert await service.storage.game_turn_seconds(rematch.id) == 7200
    started = await service.accept(rematch.id, ALICE)
    assert started.row.status == "active" and started.seats == [BOB, ALICE]


async def test_the_winner_asks_from_the_second_seat(service: GameService) -> None:
    old = await finished(service, "arkaios", [ALICE, BOB])
    rematch = await service.rematch(old, ALICE, channel_id=CHANNEL)
    assert rematch.seats == [BOB, ALICE] and rematch.row.accepted == [ALICE] and rematch.challenger == ALICE
    assert await service.storage.game_turn_seconds(rematch.id) is None, "no own deadline: the server's, as before"
    with pytest.raises(ServiceError, match="already accepted"):
        await service.accept(rematch.id, ALICE)
    # The one who asked withdraws: it is cancelled, not declined, though they sit second.
    assert (await service.decline(rematch.id, ALICE)).row.status == "cancelled"


async def test_more_players_move_on_one_seat(service: GameService) -> None:
    old = await finished(service, "kouba", [ALICE, BOB, CAROL])
    rematch = await service.rematch(old, CAROL, channel_id=CHANNEL)
    assert rematch.seats == [BOB, CAROL, ALICE] and rematch.row.accepted == [CAROL]
    assert (await service.accept(rematch.id, ALICE)).row.status == "challenge"
    started = await service.accept(rematch.id, BOB)
    assert started.row.status == "active" and started.seats == [BOB, CAROL, ALICE]


async def test_only_players_of_a_finished_game_may_ask(service: GameService) -> None:
    old = await finished(service, "arkaios", [ALICE, BOB])
    with pytest.raises(ServiceError, match="Only the players of game") as refused:
        await service.rematch(old, CAROL, channel_id=CHANNEL)
    assert refused.value.key == "err.rematch_outsider"
    playing = await service.challenge("arkaios", guild_id=GUILD, channel_id=CHANNEL, challenger=ALICE, invited=[BOB])
    with pytest.raises(ServiceError, match="is not over") as refused:
        await service.rematch(playing.id, BOB, channel_id=CHANNEL)
    assert refused.value.key == "err.rematch_not_over"
    await service.accept(playing.id, BOB)
    with pytest.raises(ServiceError, match="is not over"):
        await service.rematch(playing.id, BOB, channel_id=CHANNEL)
    assert await waiting(service) == []


async def test_one_rematch_at_a_time_until_it_is_declined(service: GameService) -> None:
    old = await finished(service, "arkaios", [ALICE, BOB])
    first = await service.rematch(old, BOB, channel_id=CHANNEL)
    for user in (BOB, ALICE):
        with pytest.raises(ServiceError, match=f"already has a rematch: game #{first.id} in <#{CHANNEL}>") as refused:
            await service.rematch(old, user, channel_id=CHANNEL)
        assert refused.value.key == "err.rematch_exists" and refused.value.values["rematch"] == first.id
    await service.accept(first.id, ALICE)
    with pytest.raises(ServiceError, match="already has a rematch"):
        await service.rematch(old, ALICE, channel_id=CHANNEL)
    assert len(await service.storage.games_with_status(["active"])) == 1

    other = await finished(service, "arkaios", [ALICE, BOB])
    declined = await service.rematch(other, ALICE, channel_id=CHANNEL)
    await service.decline(declined.id, BOB)
    again = await service.rematch(other, BOB, channel_id=CHANNEL)
    assert again.id != declined.id and again.seats == [BOB, ALICE] and await waiting(service) == [again.id]
    # Nobody answered in time: the expired rematch makes way too.
    assert await service.expire_challenge(again.id, again.row.created_at) is not None
    third = await service.rematch(other, ALICE, channel_id=CHANNEL)
    assert await waiting(service) == [third.id]


async def test_rematches_asked_at_once_make_one(service: GameService) -> None:
    old = await finished(service, "arkaios", [ALICE, BOB])
    results = await asyncio.gather(
        *(service.rematch(old, user, channel_id=CHANNEL) for user in (ALICE, BOB, ALICE, BOB)), return_exceptions=True
    )
    made = [result for result in results if not isinstance(result, BaseException)]
    refused = [result for result in results if isinstance(result, ServiceError)]
    assert len(made) == 1 and len(refused) == 3
    assert all(error.key == "err.rematch_exists" for error in refused)
    assert await waiting(service) == [made[0].id]


async def test_a_solo_game_is_played_again_at_once(service: GameService) -> None:
    solo = {"solo": "high", "solo_species": "ice"}
    record = await service.challenge(
        "dragons_arena", guild_id=GUILD, channel_id=CHANNEL, challenger=DAVE, invited=[], options=solo
    )
    await service.resign(record.id, DAVE)
    again = await service.rematch(record.id, DAVE, channel_id=CHANNEL)
    assert again.row.status == "active" and again.seats == [DAVE] and again.row.rematch_of == record.id
    assert solo.items() <= again.row.options.items()
