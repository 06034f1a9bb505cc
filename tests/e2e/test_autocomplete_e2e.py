"""``/move`` autocomplete: the legal moves of your game as you type, and your games by name and opponent."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.app import AgoraBot
from bot.service import GameRecord
from tests.e2e import test_arcanor_e2e as arcanor
from tests.e2e import test_arkaios_e2e as arkaios
from tests.e2e import test_dragons_arena_e2e as dragons
from tests.e2e import test_kouba_e2e as kouba
from tests.e2e.test_araksey_e2e import element_menu
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def araksey_started(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.message is not None
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    return h.last_message(h.default_channel)


async def kouba_started(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    return await kouba.open_table(h, alice, [bob])


STARTS: dict[str, Callable[[FakeDiscord, FakeUser, FakeUser], Awaitable[FakeMessage]]] = {
    "arkaios": arkaios.challenge_accepted,
    "arcanor": arcanor.start_game,
    "dragons_arena": dragons.challenge_accepted,
    "araksey": araksey_started,
    "kouba": kouba_started,
}


async def only_game(bot: AgoraBot, user: FakeUser) -> GameRecord:
    records = await bot.service.active_games(user.id)
    assert len(records) == 1
    return records[0]


def values(offered: list[dict[str, object]]) -> list[str]:
    return [str(choice["value"]) for choice in offered]


@pytest.mark.parametrize("game", sorted(STARTS))
async def test_notation_offers_the_legal_moves_of_the_player_to_move(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await STARTS[game](h, alice, bob)
    record = await only_game(bot, alice)
    assert record.state is not None
    mover = alice if alice.id in record.actors() else bob
    seat = record.seats_of(mover.id)[0]
    legal = [str(move) for move in record.state.legal_moves(seat)]

    offered = await h.autocomplete(mover, "move", focused="notation", typed="")
    assert offered.type == 8
    assert len(offered.choices) == min(25, len(legal)) and set(values(offered.choices)) <= set(legal)
    start = legal[-1][:2]
    narrowed = values((await h.autocomplete(mover, "move", focused="notation", typed=start)).choices)
    assert narrowed and all(start.lower() in move.lower() for move in narrowed)
    assert narrowed[0].lower().startswith(start.lower()), "moves that start with what was typed come first"

    played = await h.slash(mover, "move", notation=narrowed[0])
    assert played.ephemeral
    after = await bot.service.load(record.id)
    assert after.version > record.version, played.text


async def test_nothing_is_offered_out_of_turn_after_the_game_or_without_a_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await arkaios.challenge_accepted(h, alice, bob)
    record = await only_game(bot, alice)
    assert values((await h.autocomplete(bob, "move", focused="notation", typed="")).choices) == []
    assert values((await h.autocomplete(alice, "move", focused="notation", typed="c3")).choices) == [
        "c3=1", "c3=2", "c3=3"
    ]
    for focused in ("notation", "game"):
        stranger = await h.autocomplete(carol, "move", focused=focused, typed="")
        assert stranger.type == 8 and stranger.choices == []

    await h.slash(bob, "resign")
    finished = await h.autocomplete(alice, "move", focused="notation", typed="", game=record.id)
    assert finished.type == 8 and finished.choices == []
    assert (await h.autocomplete(alice, "move", focused="game", typed="")).choices == []


async def test_game_offers_your_games_by_name_and_opponent_and_notation_follows_it(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await arkaios.challenge_accepted(h, alice, bob)
    await arcanor.start_game(h, alice, carol)
    games = {record.game: record for record in await bot.service.active_games(alice.id)}
    first, second = games["arkaios"], games["arcanor"]
    offered = await h.autocomplete(alice, "move", focused="game", typed="")
    names = {choice["value"]: str(choice["name"]) for choice in offered.choices}
    assert names[first.id] == f"#{first.id} Arkaios vs bob · your turn"
    assert names[second.id].startswith(f"#{second.id} Arcanor vs carol") and len(names) == 2
    by_opponent = await h.autocomplete(alice, "move", focused="game", typed="carol")
    assert [choice["value"] for choice in by_opponent.choices] == [second.id]

    # Two games in this channel: the notation follows the game chosen in the other option; without
    # one, the game waiting for Alice, if only one does (who starts Arcanor is drawn at random).
    waiting = [record for record in await bot.service.active_games(alice.id) if alice.id in record.actors()]
    unnamed = (await h.autocomplete(alice, "move", focused="notation", typed="c3")).choices
    assert values(unnamed) == ([] if len(waiting) == 2 else ["c3=1", "c3=2", "c3=3"])
    named = await h.autocomplete(alice, "move", focused="notation", typed="c3", game=first.id)
    assert values(named.choices) == ["c3=1", "c3=2", "c3=3"]


async def test_game_choices_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "pt-BR"  # a language the bot does not speak: her choices are in the server's
    bot = make_bot()
    await h.start(bot)
    await arkaios.challenge_accepted(h, alice, bob)
    await h.slash(h.owner, "agora settings", language="fr")
    record = await only_game(bot, alice)
    offered = await h.autocomplete(alice, "move", focused="game", typed="")
    assert [choice["name"] for choice in offered.choices] == [f"n°{record.id} Arkaios contre bob · à vous de jouer"]
