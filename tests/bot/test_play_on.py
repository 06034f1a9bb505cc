"""Play on in the service (SQLite, then PostgreSQL): who may play on from a finished game, and one game at a time
from one position for each player (picks at once make one)."""

from __future__ import annotations

import asyncio

import pytest

from bot.movelog import replay
from bot.play_on import Origin, may_play_on, play_on, play_on_row, player_seat
from bot.service import FINISHED, GameRecord, GameService, ServiceError
from bot.storage import MoveRow

ALICE, BOB, CAROL, AGORA = 101, 202, 303, 909
GUILD, CHANNEL = 1, 2


async def finished_game(service: GameService) -> tuple[GameRecord, list[MoveRow]]:
    """Alice opens with a level 1, Bob answers with a level 2: Alice is shut in and loses."""
    record = await service.challenge("arkaios", guild_id=GUILD, channel_id=CHANNEL, challenger=ALICE, invited=[BOB])
    await service.accept(record.id, BOB)
    await service.play(record.id, ALICE, ["a1=1"])
    await service.play(record.id, BOB, ["b1=2"])
    finished = await service.load(record.id)
    assert finished.row.status == FINISHED
    return finished, await service.storage.moves(record.id)


async def played_on(service: GameService, source: GameRecord, moves: list[MoveRow], ply: int, user: int) -> int:
    """The game ``user`` plays on from ``source`` after ``ply`` moves, in their seat, as the menu starts it."""
    position = replay(source.row, moves[:ply])
    row = play_on_row(source, position, player_seat(source, user, GUILD), user, AGORA, "easy", CHANNEL, 1_000.0)
    return await play_on(service.storage, Origin(source.id, ply, user), row, moves[:ply], None, False)


async def test_picks_at_once_make_one_game_a_player_and_position(service: GameService) -> None:
    source, moves = await finished_game(service)
    picks = [(ALICE, 1), (ALICE, 1), (BOB, 1), (ALICE, 1), (ALICE, 0)]
    results = await asyncio.gather(
        *(played_on(service, source, moves, ply, user) for user, ply in picks), return_exceptions=True
    )
    made = [result for result in results if isinstance(result, int)]
    refused = [result for result in results if isinstance(result, ServiceError)]
    assert len(made) == 3 and len(refused) == 2, results  # alice from each position, bob from his
    assert all(error.key == "playon.already" for error in refused)
    games = [await service.load(game_id) for game_id in made]
    assert sorted((game.seats.index(user), user) for game in games for user in game.people_besides()) == [
        (0, ALICE), (0, ALICE), (1, BOB)
    ]  # fmt: skip
    assert (await service.load(source.id)).row.version == source.row.version, "the finished game is unchanged"


async def test_a_position_is_free_again_once_its_game_is_over(service: GameService) -> None:
    source, moves = await finished_game(service)
    first = await played_on(service, source, moves, 1, ALICE)
    with pytest.raises(ServiceError) as refused:
        await played_on(service, source, moves, 1, ALICE)
    assert refused.value.key == "playon.already" and refused.value.values["game"] == first
    assert [move.notation for move in await service.storage.moves(first)] == ["a1=1"]
    await service.resign(first, ALICE)
    again = await played_on(service, source, moves, 1, ALICE)
    assert again != first and (await service.load(again)).row.status == "active"


async def test_only_the_players_of_a_finished_game_with_a_seat_for_agora_play_on(service: GameService) -> None:
    source, _ = await finished_game(service)
    assert may_play_on(source, ALICE) and may_play_on(source, BOB) and not may_play_on(source, CAROL)
    assert (player_seat(source, ALICE, GUILD), player_seat(source, BOB, GUILD)) == (0, 1)
    ongoing = await service.challenge("arkaios", guild_id=GUILD, channel_id=CHANNEL, challenger=ALICE, invited=[BOB])
    ongoing = await service.accept(ongoing.id, BOB)
    assert not may_play_on(ongoing, ALICE)
    solo = await service.challenge(
        "dragons_arena", guild_id=GUILD, channel_id=CHANNEL, challenger=CAROL, invited=[],
        options={"solo": "high", "solo_species": "ice"},
    )  # fmt: skip
    solo = await service.resign(solo.id, CAROL)
    assert solo.row.status == FINISHED and not may_play_on(solo, CAROL)
    refused = [
        (source, CAROL, GUILD, "playon.not_yours"),
        (source, ALICE, GUILD + 1, "playon.not_finished"),  # asked from another server
        (ongoing, ALICE, GUILD, "playon.not_finished"),
        (solo, CAROL, GUILD, "playon.alone"),
    ]
    for record, user, guild, key in refused:
        with pytest.raises(ServiceError) as error:
            player_seat(record, user, guild)
        assert error.value.key == key, (record.id, user, guild)
