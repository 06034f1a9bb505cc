"""A challenge made twice (SQLite, then PostgreSQL): the same players, game, options, time per turn and
channel while the first is open are refused with the first's link, whichever of the players asks;
anything different is another challenge."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import game_named
from bot.scheduler import Scheduler
from bot.service import GameRecord, GameService, ServiceError

ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL, OTHER_CHANNEL = 1, 2, 3


async def challenge(
    service: GameService,
    challenger: int,
    invited: list[int],
    *,
    game: str = "arkaios",
    channel: int = CHANNEL,
    options: dict[str, object] | None = None,
    turn_seconds: int | None = None,
) -> GameRecord:
    return await service.challenge(
        game, guild_id=GUILD, channel_id=channel, challenger=challenger, invited=invited, options=options,
        turn_seconds=turn_seconds,
    )


@pytest.fixture(autouse=True)
def deadlines(service: GameService) -> None:
    """Challenges store their own time per turn, as on the bot."""
    service.on_challenge = Scheduler(service.storage, clock=service.clock).challenge_step


async def test_the_same_challenge_twice_points_to_the_first(service: GameService) -> None:
    first = await challenge(service, ALICE, [BOB])
    await service.set_message(first.id, 99)
    with pytest.raises(ServiceError) as twice:
        await challenge(service, ALICE, [BOB])
    assert twice.value.key == "err.challenge_twin"
    assert twice.value.values["link"] == f"https://discord.com/channels/{GUILD}/{CHANNEL}/99"
    with pytest.raises(ServiceError) as reversed_roles:
        await challenge(service, BOB, [ALICE])
    assert reversed_roles.value.key == "err.challenge_for_you"
    assert reversed_roles.value.values == {"id": first.id, "game": game_named("arkaios"), "challenger": ALICE,
                                           "link": f"https://discord.com/channels/{GUILD}/{CHANNEL}/99"}
    waiting = await service.storage.games_with_status(["challenge"])
    assert [row.id for row in waiting] == [first.id], "nothing was stored"


async def test_anything_different_is_another_challenge(service: GameService) -> None:
    first = await challenge(service, ALICE, [BOB])
    others = [
        await challenge(service, ALICE, [BOB], channel=OTHER_CHANNEL),
        await challenge(service, ALICE, [BOB], turn_seconds=7200),
        await challenge(service, ALICE, [CAROL]),
        await challenge(service, ALICE, [BOB], game="dragons_arena", options={"level": "little"}),
        await challenge(service, ALICE, [BOB], game="dragons_arena", options={"level": "big"}),
    ]
    assert len({first.id, *(record.id for record in others)}) == 6
    await service.decline(first.id, BOB)  # once answered, the same challenge may be made again
    again = await challenge(service, BOB, [ALICE])
    assert again.row.status == "challenge"


async def test_an_open_table_is_no_challenge(service: GameService) -> None:
    table = await service.open_lobby("kouba", guild_id=GUILD, channel_id=CHANNEL, creator=ALICE)
    await service.join(table.id, BOB)
    made = await challenge(service, ALICE, [BOB], game="kouba")
    assert made.row.status == "challenge"


async def test_the_same_challenge_sent_at_once_is_stored_once(service: GameService) -> None:
    results = await asyncio.gather(
        *(challenge(service, user, [other]) for user, other in ((ALICE, BOB), (BOB, ALICE)) * 2),
        return_exceptions=True,
    )
    made = [result for result in results if isinstance(result, GameRecord)]
    refused = [result for result in results if isinstance(result, ServiceError)]
    assert len(made) == 1 and len(refused) == 3
    assert {error.key for error in refused} <= {"err.challenge_twin", "err.challenge_for_you"}
