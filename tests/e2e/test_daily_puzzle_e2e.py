"""The daily puzzle: one post a day in the server's puzzle channel, never two, across restarts; answered
privately; at the day's end its post shows how many solved it, and who first."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.i18n import plural, text
from bot.puzzles import DAY_SECONDS, PuzzleStore, day_of, day_start
from rules import GAMES
from tests.e2e.conftest import Clock
from tests.e2e.puzzling import kept_puzzle, press
from tests.harness import FakeDiscord

NOON = 12 * 3600


async def test_a_week_of_daily_puzzles_across_restarts(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    clock.now = day_start(day_of(clock.now)) + NOON
    channel = await h.create_channel("puzzles")
    saved = await h.slash(h.owner, "agora settings", puzzle_channel=f"<#{channel.id}>")
    assert text("en", "puzzle.setting_channel") in saved.text and f"<#{channel.id}>" in saved.text
    games = sorted(GAMES)
    for day in range(7):
        # A game of the day gave a puzzle: it is the next day's.
        game = games[day % len(games)]
        best, _, _ = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id], seed=day, now=clock.now)
        clock.advance(DAY_SECONDS)
        if day == 3:
            bot = make_bot()
            await h.restart(bot)
        await bot.scheduler.run_due()
        await bot.scheduler.run_due()
        posts = h.messages(channel)
        assert len(posts) == day + 1, "one post a day, never two"
        post = posts[-1]
        assert text("en", "puzzle.daily_title", day=day_of(clock.now), game=GAMES[game].name) in post.text
        assert text("en", "puzzle.from_server") in post.text and "alice" not in post.text
        if day in (1, 2):
            opened = await h.click(carol, post.button(label=text("en", "puzzle.solve")))
            panel = opened.message
            assert panel is not None and panel.ephemeral, "answered in private"
            puzzle = await PuzzleStore(bot.storage).get(best)
            assert puzzle is not None
            move = puzzle.best if day == 1 else puzzle.played
            await press(h, carol, panel, {str(m) for m in puzzle.state().legal_moves(puzzle.seat)}, move)
    posts = h.messages(channel)
    assert plural("en", "puzzle.daily_solved", 1, count=1) in posts[1].text, "closed at the day's end"
    assert f"<@{carol.id}>" in posts[1].text, "the first solver"
    assert plural("en", "puzzle.daily_solved", 0, count=0) in posts[2].text, "a wrong answer solves nothing"
    assert all(plural("en", "puzzle.daily_solved", n, count=n) not in posts[-1].text for n in range(3)), "not over"


async def test_a_server_that_allows_names_sees_the_players(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    for user in (alice, bob):
        await bot.service.remember_player(h.guild.id, user.id, user.name)
    channel = await h.create_channel("puzzles")
    await h.slash(h.owner, "agora settings", puzzle_channel=f"<#{channel.id}>", puzzle_names=True)
    await kept_puzzle(bot, h.guild.id, sorted(GAMES)[0], [alice.id, bob.id], now=clock.now)
    clock.advance(DAY_SECONDS)
    await bot.scheduler.run_due()
    post = h.last_message(channel)
    assert "alice" in post.text and "bob" in post.text and text("en", "puzzle.from_server") not in post.text
    off = await h.slash(h.owner, "agora settings", puzzle_channel="off")
    assert text("en", "puzzle.daily_off") in off.text
    refused = await h.slash(h.owner, "agora settings", puzzle_channel="the puzzles one")
    assert text("en", "puzzle.channel_unreadable") in refused.text
