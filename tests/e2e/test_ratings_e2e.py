"""Ratings as players see them: games played to the end, then /leaderboard, /profile, /history."""

from __future__ import annotations

from collections.abc import Callable

from bot import ratings
from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_arkaios_e2e import challenge_accepted, play_turn
from tests.harness import FakeDiscord, FakeUser


async def quick_game(h: FakeDiscord, first: FakeUser, second: FakeUser) -> None:
    """``first`` challenges ``second``; openings 1 then 2 end it at once: ``second`` wins."""
    board = await challenge_accepted(h, first, second)
    board = await play_turn(h, first, board, ["c3=1"])
    board = await play_turn(h, second, board, ["d4=2"])
    assert "wins" in board.text and [c.label for c in board.components] == ["Rematch", "Review"]


async def resigned_game(h: FakeDiscord, first: FakeUser, second: FakeUser, loser: FakeUser) -> None:
    await challenge_accepted(h, first, second)
    resigned = await h.slash(loser, "resign")
    assert resigned.ephemeral and "resigned" in resigned.text


async def test_leaderboard_profile_and_history_after_rated_games(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    for _ in range(5):
        await quick_game(h, alice, bob)
        clock.advance(60)
    await resigned_game(h, carol, alice, loser=alice)
    clock.advance(60)
    await quick_game(h, carol, bob)

    board = await h.slash(alice, "leaderboard", game="arkaios")
    assert board.type == 4 and not board.ephemeral
    text = board.text
    order = [text.index(f"<@{u.id}>") for u in (bob, carol, alice)]
    assert order == sorted(order), text
    assert "6W/0L/0D" in text and "1W/1L/0D" in text and "0W/6L/0D" in text
    # Bob has six rated games: established; Carol has two: provisional.
    bob_line = next(line for line in text.splitlines() if f"<@{bob.id}>" in line)
    carol_line = next(line for line in text.splitlines() if f"<@{carol.id}>" in line)
    assert "?" not in bob_line and "?" in carol_line
    assert board.button(label="Previous").disabled and board.button(label="Next").disabled

    profile = await h.slash(carol, "profile", user=bob)
    assert profile.type == 4
    assert "Arkaios" in profile.text and "6W/0L/0D" in profile.text and "provisional" not in profile.text
    assert "#1 of 3" in profile.text
    assert "Favourite opponent" in profile.text and f"<@{alice.id}>" in profile.text
    assert "Recent games" in profile.text and "win" in profile.text

    history = await h.slash(alice, "history")
    assert history.ephemeral
    assert history.text.count("https://discord.com/channels/") == 6
    assert "**loss**" in history.text and "(-" in history.text


async def test_leaderboard_pages_with_previous_and_next(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"player{n}") for n in range(12)]
    await h.start(make_bot())
    for first, second in zip(players[::2], players[1::2], strict=True):
        await quick_game(h, first, second)
        clock.advance(30)
    board = await h.slash(players[0], "leaderboard", game="arkaios")
    assert "Page 1 of 2" in board.text and "12 rated players" in board.text
    assert board.button(label="Previous").disabled and not board.button(label="Next").disabled
    nxt = await h.click(players[3], board.button(label="Next"))
    assert nxt.updated and nxt.message is not None
    assert "Page 2 of 2" in nxt.message.text and "11." in nxt.message.text
    assert nxt.message.button(label="Next").disabled
    back = await h.click(players[3], nxt.message.button(label="Previous"))
    assert back.message is not None and "Page 1 of 2" in back.message.text


async def test_recompute_command_keeps_the_numbers(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await quick_game(h, alice, bob)
    clock.advance(10)
    await resigned_game(h, bob, carol, loser=bob)
    clock.advance(10)
    await quick_game(h, carol, alice)
    before = await ratings.all_ratings(bot.storage)
    refused = await h.slash(alice, "ratings recompute")
    assert refused.ephemeral and "Manage Server" in refused.text
    done = await h.slash(h.owner, "ratings recompute")
    assert done.ephemeral and "3 rated games" in done.text
    assert await ratings.all_ratings(bot.storage) == before


async def test_newcomers_and_unrated_games(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    # Games with the bot in a seat are never rated.
    assert bot.user is not None and bot.service.unrated_users == {bot.user.id}
    empty = await h.slash(alice, "leaderboard", game="kouba")
    assert "No rated game of Kouba" in empty.text and "Page 1 of 1" in empty.text
    profile = await h.slash(alice, "profile")
    assert "No rated game yet." in profile.text and "finished 0 games" in profile.text
    history = await h.slash(bob, "history", user=alice)
    assert history.ephemeral and "No finished game" in history.text
    board = await challenge_accepted(h, alice, bob)
    await play_turn(h, alice, board, ["c3=3"])
    offered = await h.autocomplete(bob, "replay", focused="game", typed="")
    assert [c["name"] for c in offered.choices] == ["#1 Arkaios (active)"]
    unfinished = await h.slash(alice, "leaderboard", game="arkaios")
    assert "No rated game of Arkaios" in unfinished.text
