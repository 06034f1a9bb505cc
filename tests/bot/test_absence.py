"""A player who leaves a table of three or more: Agora takes the seat, the game goes on, and what
the player who left may still do (nothing but watch)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import GameRecord, GameService, ServiceError
from bot.storage import Storage
from tests.bot.test_ratings import ALICE, BOB, CAROL, GUILD, Ticking


@pytest.fixture
async def service(database: str) -> AsyncIterator[GameService]:
    storage = Storage(database)
    await storage.open()
    yield GameService(storage, clock=Ticking())
    await storage.close()


async def kouba_of_three(service: GameService) -> GameRecord:
    record = await service.challenge("kouba", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[BOB, CAROL])
    await service.accept(record.id, BOB)
    return await service.accept(record.id, CAROL)


async def test_the_server_chooses_the_level_agora_plays_a_seat_left_at(service: GameService) -> None:
    async def hard(guild_id: int) -> str:
        assert guild_id == GUILD
        return "hard"

    service.stand_in_level = hard
    record = await kouba_of_three(service)
    after = await service.resign(record.id, CAROL)
    assert after.row.bots == {"2": "hard"} and after.row.absent["2"]["user"] == CAROL
    assert after.row.absent["2"]["reason"] == "resignation" and after.seats == [ALICE, BOB, CAROL]


async def test_a_player_who_left_can_neither_move_nor_resign_again(service: GameService) -> None:
    record = await kouba_of_three(service)
    after = await service.resign(record.id, CAROL)
    assert after.seats_of(CAROL) == [] and after.has_left(CAROL) and CAROL not in after.actors()
    with pytest.raises(ServiceError) as again:
        await service.resign(record.id, CAROL)
    assert again.value.key == "err.left_game" and str(again.value) == (
        f"You left game #{record.id}: Agora plays your seat to the end."
    )
    with pytest.raises(ServiceError) as move:
        await service.play(record.id, CAROL, ["swap:none"])
    assert move.value.key == "err.left_game"
    played = await service.play(record.id, CAROL, ["swap:none"], seat=2)  # Agora's job names the seat
    assert [m.seat for m in await service.storage.moves(record.id)] == [2] and played.row.status == "active"


async def test_a_two_player_game_still_ends_when_a_player_resigns(service: GameService) -> None:
    record = await service.challenge("kouba", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[BOB])
    await service.accept(record.id, BOB)
    after = await service.resign(record.id, BOB)
    assert after.row.status == "finished" and after.row.absent == {} and after.outcome is not None
    assert after.outcome.winners == (0,) and after.outcome.departed == ()


async def test_a_rematch_invites_the_player_who_left_back_to_their_seat(service: GameService) -> None:
    record = await kouba_of_three(service)
    await service.resign(record.id, CAROL)
    await service.impose_result(record.id, [0], "director")
    rematch = await service.rematch(record.id, ALICE, channel_id=2)
    assert rematch.row.bots == {} and CAROL in rematch.seats and CAROL not in rematch.row.accepted
