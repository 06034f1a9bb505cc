"""Ratings: OpenSkill updates written with the result, the Elo-like scale, and recompute."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot import ratings
from bot.ratings import Rating, ranks_of, shown_rating
from bot.service import GameService
from bot.storage import Changes, Storage
from rules import Outcome

ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
GUILD = 1


class Ticking:
    """A clock that moves one second per reading, so every result has its own time."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
async def service(database: str) -> AsyncIterator[GameService]:
    storage = Storage(database)
    await storage.open()
    yield GameService(storage, clock=Ticking())
    await storage.close()


async def arkaios(service: GameService, first: int, second: int, guild: int = GUILD) -> int:
    record = await service.challenge("arkaios", guild_id=guild, channel_id=2, challenger=first, invited=[second])
    await service.accept(record.id, second)
    return record.id


async def quick_win_for_second(service: GameService, first: int, second: int, guild: int = GUILD) -> int:
    """Openings 1 then 2 leave the first player without a turn: the second wins at once."""
    game_id = await arkaios(service, first, second, guild)
    await service.play(game_id, first, ["c3=1"])
    record = await service.play(game_id, second, ["d4=2"])
    assert record.row.status == "finished" and record.outcome is not None and record.outcome.winners == (1,)
    return game_id


async def rating(service: GameService, user: int, game: str = "arkaios", guild: int = GUILD) -> Rating:
    found = [r for r in await ratings.ratings_of(service.storage, guild, user) if r.game == game]
    assert len(found) == 1, found
    return found[0]


def test_a_newcomer_shows_1500() -> None:
    fresh = ratings.MODEL.rating()
    assert shown_rating(fresh.mu, fresh.sigma) == 1500


def test_ranks_from_winners_scores_and_draws() -> None:
    assert ranks_of(Outcome((0,), "temple"), 2) == [1, 2]
    assert ranks_of(Outcome((), "draw"), 2) == [1, 1]
    assert ranks_of(Outcome((1, 3), "team"), 4) == [3, 1, 3, 1]
    assert ranks_of(Outcome((2,), "points", (5.0, 7.0, 9.0, 5.0)), 4) == [3, 2, 1, 3]


async def test_a_two_player_win_is_rated_with_the_result(service: GameService) -> None:
    await quick_win_for_second(service, ALICE, BOB)
    alice, bob = await rating(service, ALICE), await rating(service, BOB)
    assert (bob.wins, bob.losses, bob.draws, bob.games) == (1, 0, 0, 1)
    assert (alice.wins, alice.losses, alice.draws, alice.games) == (0, 1, 0, 1)
    assert bob.shown > 1500 > alice.shown
    assert bob.label.endswith("?") and bob.provisional


async def test_resignation_is_rated(service: GameService) -> None:
    game_id = await arkaios(service, ALICE, BOB)
    await service.resign(game_id, BOB)
    assert (await rating(service, ALICE)).wins == 1
    assert (await rating(service, BOB)).losses == 1


async def test_a_draw_moves_both_toward_each_other(service: GameService) -> None:
    await quick_win_for_second(service, ALICE, BOB)
    game_id = await arkaios(service, CAROL, DAVE)
    async with service.storage.transaction() as db:
        await ratings.apply_result(
            db, game_id=game_id, guild_id=GUILD, game="arkaios", seats=[ALICE, BOB],
            outcome=Outcome((), "draw agreed"), when=5_000.0,
        )
    alice, bob = await rating(service, ALICE), await rating(service, BOB)
    assert alice.draws == bob.draws == 1 and alice.games == bob.games == 2
    fresh_gap = shown_rating(27.635, 8.066) - shown_rating(22.365, 8.066)
    assert 0 < bob.shown - alice.shown < fresh_gap


async def test_multi_player_ranks_winners_first(service: GameService) -> None:
    record = await service.challenge("kouba", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[BOB, CAROL])
    await service.accept(record.id, BOB)
    await service.accept(record.id, CAROL)
    # Carol leaves a table of three: Agora plays her seat, and the game goes on for the others.
    assert (await service.resign(record.id, CAROL)).row.status == "active"
    ended = await service.impose_result(record.id, [2], "director")  # even where Agora's seat wins
    assert ended.outcome is not None and ended.outcome.winners == (0, 1) and ended.outcome.departed == (2,)
    alice, bob, carol = [await rating(service, u, "kouba") for u in (ALICE, BOB, CAROL)]
    assert alice.wins == bob.wins == 1 and carol.losses == 1
    assert alice.shown == bob.shown > 1500 > carol.shown  # who left is ranked last


async def test_the_first_to_leave_is_ranked_lowest(service: GameService) -> None:
    record = await service.challenge("kouba", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[BOB, CAROL])
    await service.accept(record.id, BOB)
    await service.accept(record.id, CAROL)
    await service.resign(record.id, CAROL)
    await service.resign(record.id, BOB)  # Alice plays on, alone with Agora in both other seats
    assert (await service.load(record.id)).row.status == "active"
    ended = await service.resign(record.id, ALICE)
    assert ended.outcome is not None and ended.outcome.departed == (2, 1) and ended.outcome.winners == (0,)
    alice, bob, carol = [await rating(service, u, "kouba") for u in (ALICE, BOB, CAROL)]
    assert alice.shown > bob.shown > carol.shown, "who stayed longest is ranked highest"


async def test_provisional_until_five_games(service: GameService) -> None:
    for played in range(1, 6):
        await quick_win_for_second(service, ALICE, BOB)
        assert (await rating(service, BOB)).provisional == (played < ratings.PROVISIONAL_GAMES)
    assert not (await rating(service, BOB)).label.endswith("?")


async def test_solo_bot_and_unfinished_games_are_never_rated(service: GameService) -> None:
    solo = await service.challenge("dragons_arena", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=[])
    if solo.row.status == "challenge":
        # Nobody is left to accept a one-seat challenge: start it as the service does on acceptance.
        await service.storage.update_game(solo.id, solo.version, Changes(service._start_columns(solo.row)))
    await service.resign(solo.id, ALICE)
    assert (await service.load(solo.id)).row.status == "finished"
    service.unrated_users.add(CAROL)
    against_bot = await arkaios(service, ALICE, CAROL)
    await service.resign(against_bot, CAROL)
    unfinished = await arkaios(service, ALICE, BOB)
    await service.play(unfinished, ALICE, ["c3=1"])
    assert await ratings.ratings_of(service.storage, GUILD, ALICE) == []
    assert not ratings.is_rated([ALICE, ALICE])
    assert not ratings.is_rated([ALICE])


async def test_ratings_are_per_server(service: GameService) -> None:
    await quick_win_for_second(service, ALICE, BOB, guild=GUILD)
    await quick_win_for_second(service, BOB, ALICE, guild=2)
    assert (await rating(service, BOB, guild=GUILD)).wins == 1
    assert (await rating(service, ALICE, guild=2)).wins == 1


async def test_recompute_gives_the_same_numbers(service: GameService) -> None:
    players = [ALICE, BOB, CAROL, DAVE]
    for n in range(8):
        first, second = players[n % 4], players[(n * 3 + 1) % 4]
        if first == second:
            second = players[(n + 2) % 4]
        if n % 3 == 0:
            game_id = await arkaios(service, first, second)
            await service.resign(game_id, first if n % 2 else second)
        else:
            await quick_win_for_second(service, first, second)
    await quick_win_for_second(service, ALICE, BOB, guild=2)
    incremental = await ratings.all_ratings(service.storage)
    assert len(incremental) == 6
    assert await ratings.recompute(service.storage) == 9
    assert await ratings.all_ratings(service.storage) == incremental
    assert await ratings.recompute(service.storage, guild_id=2) == 1
    assert await ratings.all_ratings(service.storage) == incremental
    # A finished game's row written again later (a new board message, say) keeps its place in the order.
    async with service.storage.transaction() as db:
        await db.execute("UPDATE games SET updated_at = 1e12 WHERE id = (SELECT MIN(id) FROM games)")
    await ratings.recompute(service.storage)
    assert await ratings.all_ratings(service.storage) == incremental


async def test_leaderboard_orders_best_first_and_pages(service: GameService) -> None:
    for _ in range(3):
        await quick_win_for_second(service, ALICE, BOB)
    await quick_win_for_second(service, DAVE, CAROL)
    page = await ratings.leaderboard(service.storage, GUILD, "arkaios", 0, 2)
    assert await ratings.board_size(service.storage, GUILD, "arkaios") == 4
    assert [r.user_id for r in page] == [BOB, CAROL]
    page = await ratings.leaderboard(service.storage, GUILD, "arkaios", 2, 2)
    assert [r.user_id for r in page][-1] == ALICE


def test_examples_in_the_docstrings() -> None:
    import doctest

    from render import replay

    for module in (ratings, replay):
        assert doctest.testmod(module).failed == 0


async def test_a_player_who_left_never_gains_rating_whatever_their_rank(service: GameService) -> None:
    """The third of three to leave a table of four is ranked 2nd, yet their rating moves as for a loss."""
    others = [BOB, CAROL, DAVE]
    record = await service.challenge("kouba", guild_id=GUILD, channel_id=2, challenger=ALICE, invited=others)
    for user in (BOB, CAROL, DAVE):
        await service.accept(record.id, user)
    for user in (DAVE, CAROL, BOB):  # Alice plays on, alone with Agora in every other seat
        await service.resign(record.id, user)
    ended = await service.resign(record.id, ALICE)
    assert ended.outcome is not None and ended.outcome.departed == (3, 2, 1)
    changes = await service.storage.db.fetch("SELECT user_id, rank, mu_after FROM rating_changes ORDER BY rank")
    assert [(int(user), int(rank)) for user, rank, _ in changes] == [(ALICE, 1), (BOB, 2), (CAROL, 3), (DAVE, 4)]
    assert [float(mu) < 25.0 for _, _, mu in changes] == [False, True, True, True], "every leaver moves down"
    bob, carol = [await rating(service, u, "kouba") for u in (BOB, CAROL)]
    assert bob.shown > carol.shown, "who stayed longer is ranked higher"
