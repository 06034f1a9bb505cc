"""Seasons as players and admins see them, over simulated months: roll-overs on time across a restart
and a downtime, final tables posted once, past seasons browsable, inactive players dropping out.

The bot runs on the Clock of conftest.py (it starts on 15 January 2027, 08:00 UTC); each test runs
the scheduler's due work by hand after moving the clock on.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_arkaios_e2e import challenge_accepted, play_turn
from tests.e2e.test_ratings_e2e import quick_game
from tests.harness import FakeDiscord, FakeMessage, FakeUser

DAY = 86400.0
FEBRUARY = datetime(2027, 2, 1, tzinfo=UTC).timestamp()
MARCH = datetime(2027, 3, 1, tzinfo=UTC).timestamp()


async def run_due(h: FakeDiscord, bot: AgoraBot) -> int:
    ran = await bot.scheduler.run_due()
    await h.settle()
    return ran


def final_tables(h: FakeDiscord, channel: str = "games") -> list[FakeMessage]:
    return [m for m in h.messages(channel) if "final table" in m.text]


def line_of(text: str, user: FakeUser) -> str:
    return next(line for line in text.splitlines() if f"<@{user.id}>" in line)


async def monthly(h: FakeDiscord) -> None:
    saved = await h.slash(h.owner, "season settings", cadence="monthly", channel=h.channel("games"))
    assert saved.ephemeral and "Season settings saved" in saved.text
    assert "Season 1 is running" in saved.text and "every month" in saved.text


async def test_monthly_seasons_roll_over_on_time_across_a_restart_and_a_downtime(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await monthly(h)
    await quick_game(h, alice, bob)
    await quick_game(h, alice, bob)

    board = await h.slash(carol, "leaderboard", game="arkaios", season=1)
    assert "season 1" in board.text and "2 games · 2W/0L/0D" in line_of(board.text, bob)
    assert "ends <t:" in board.text and "2 rated players" in board.text
    assert await run_due(h, bot) == 0 and final_tables(h) == []

    clock.now = FEBRUARY + 3600  # the turn of the month
    await run_due(h, bot)
    posted = final_tables(h)
    assert len(posted) == 1 and "Season 1 is over" in posted[0].text
    assert posted[0].attachment("season-1.png").filename == "season-1.png"
    assert f"🥇 <@{bob.id}>" in posted[0].text and f"🥈 <@{alice.id}>" in posted[0].text
    assert await run_due(h, bot) == 0 and len(final_tables(h)) == 1  # posted once

    await quick_game(h, alice, carol)  # season 2: Carol wins
    await h.stop()
    clock.now = MARCH + 40 * DAY  # down over the end of February and beyond
    restarted = make_bot()
    await h.start(restarted)
    await run_due(h, restarted)
    posted = final_tables(h)
    assert len(posted) == 2 and "Season 2 is over" in posted[1].text and f"🥇 <@{carol.id}>" in posted[1].text
    assert f"<t:{int(MARCH)}:D>" in posted[1].text  # closed at its end, not when the bot came back
    await h.restart(make_bot())
    assert await run_due(h, h.bot) == 0 and len(final_tables(h)) == 2  # type: ignore[arg-type]

    past = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert "(over)" in past.text and "2W/0L/0D" in line_of(past.text, bob) and f"<@{carol.id}>" not in past.text
    third = await h.slash(alice, "leaderboard", game="arkaios", season=3)
    assert "Nobody has a rated Arkaios game in this season yet" in third.text
    lifetime = await h.slash(alice, "leaderboard", game="arkaios")
    assert "3 rated players" in lifetime.text and "0W/3L/0D" in line_of(lifetime.text, alice)
    unknown = await h.slash(alice, "leaderboard", game="arkaios", season=9)
    assert unknown.ephemeral and "There is no season 9 on this server: seasons go from 1 to 3." in unknown.text
    shown = await h.slash(alice, "season show")
    assert "Season 3 is running" in shown.text and "1, 2" in shown.text.replace("2, 1", "1, 2")


async def test_a_game_that_straddles_the_end_counts_in_the_season_it_finished_in(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await monthly(h)
    clock.now = FEBRUARY - 600
    board = await challenge_accepted(h, alice, bob)
    board = await play_turn(h, alice, board, ["c3=1"])
    clock.now = FEBRUARY + 600  # nobody looked at the queue at midnight
    board = await play_turn(h, bob, board, ["d4=2"])
    assert "wins" in board.text

    first = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert "Nobody has a rated Arkaios game" in first.text
    second = await h.slash(alice, "leaderboard", game="arkaios", season=2)
    assert "· 1 game · 1W/0L/0D" in line_of(second.text, bob)
    await run_due(h, bot)
    posted = final_tables(h)
    assert len(posted) == 1 and "Season 1 is over" in posted[0].text
    assert "No rated game was played in this season" in posted[0].text and not posted[0].attachments


async def test_seasons_by_hand_and_who_may_run_them(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    none_yet = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert none_yet.ephemeral and "no season yet" in none_yet.text
    refused = await h.slash(alice, "season start")
    assert refused.ephemeral and "Only members with Manage Server run seasons" in refused.text
    nothing = await h.slash(h.owner, "season end")
    assert nothing.ephemeral and "No season is running on this server" in nothing.text

    started = await h.slash(h.owner, "season start")
    assert "Season 1 has started" in started.text
    await quick_game(h, alice, bob)
    clock.advance(10 * DAY)
    ended = await h.slash(h.owner, "season end")
    assert "Season 1 is over" in ended.text and "/season start" in ended.text
    posted = final_tables(h, "general")  # no game channel set: the first text channel
    assert len(posted) == 1 and f"🥇 <@{bob.id}>" in posted[0].text
    after = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert "(over)" in after.text
    shown = await h.slash(alice, "season show")
    assert "No season is running" in shown.text and "by hand" in shown.text

    again = await h.slash(h.owner, "season start")
    assert "Season 2 has started" in again.text
    await quick_game(h, bob, alice)
    board = await h.slash(bob, "leaderboard", game="arkaios", season=2)
    assert "1W/0L/0D" in line_of(board.text, alice) and "0W/1L/0D" in line_of(board.text, bob)
    replaced = await h.slash(h.owner, "season start")
    assert "Season 2 is over" in replaced.text and "Season 3 has started" in replaced.text
    assert len(final_tables(h, "general")) == 2


async def test_inactive_players_leave_the_current_tables_and_come_back_with_their_next_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol, dave = (h.user(name) for name in ("alice", "bob", "carol", "dave"))
    await h.start(make_bot())
    saved = await h.slash(h.owner, "season settings", cadence="quarterly", inactive_days=30)
    assert "after 30 days without a rated game" in saved.text and "every quarter" in saved.text
    await quick_game(h, alice, bob)
    clock.advance(20 * DAY)
    await quick_game(h, carol, dave)
    clock.advance(15 * DAY)  # Alice and Bob: 35 days without a game; Carol and Dave: 15

    board = await h.slash(carol, "leaderboard", game="arkaios")
    assert "2 rated players" in board.text and "left out until their next one" in board.text
    assert f"<@{alice.id}>" not in board.text and f"<@{bob.id}>" not in board.text
    season = await h.slash(carol, "leaderboard", game="arkaios", season=1)
    assert "2 rated players" in season.text and f"<@{alice.id}>" not in season.text
    assert "left out until their next one" in season.text

    await quick_game(h, carol, alice)  # Alice is back; Bob still away
    board = await h.slash(carol, "leaderboard", game="arkaios")
    assert "3 rated players" in board.text and f"<@{alice.id}>" in board.text and f"<@{bob.id}>" not in board.text
    never = await h.slash(h.owner, "season settings", inactive_days=0)
    assert "never" in never.text
    board = await h.slash(carol, "leaderboard", game="arkaios")
    assert "4 rated players" in board.text and "left out" not in board.text


async def test_profile_is_a_picture_with_season_place_and_badges_and_says_the_same_in_words(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "season start")
    for _ in range(10):
        await quick_game(h, alice, bob)  # Bob wins ten games, all seen through
        clock.advance(3600)
    await h.slash(h.owner, "season end")
    await h.slash(h.owner, "season start")
    await quick_game(h, bob, alice)  # season 2: Alice wins

    profile = await h.slash(alice, "profile", user=bob)
    assert profile.type == 4 and profile.message is not None
    card = profile.message.attachment(f"profile-{bob.id}.png")
    alt = card.description or ""
    assert "Arkaios" in alt and "11 games · 10W/1L/0D" in alt and "Season 2: #2 of 2" in alt
    assert "Recent results: L W W" in alt and "Tournaments won: 0" in alt
    assert "10 games seen through in a row" in alt and "Season podium" in alt and "Beat Agora" not in alt
    assert "Arkaios" in profile.text and "11 rated games" in profile.text  # the text stays
    mine = await h.slash(alice, "profile")
    alice_alt = mine.message.attachment(f"profile-{alice.id}.png").description or "" if mine.message else ""
    assert "Season 2: #1 of 2" in alice_alt and "Recent results: W L L" in alice_alt
    assert "Season podium" in alice_alt and "seen through" in alice_alt  # second of season 1; 11 games


async def test_a_season_table_pages_with_previous_and_next_after_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"player{n}") for n in range(12)]
    await h.start(make_bot())
    await h.slash(h.owner, "season start")
    for first, second in zip(players[::2], players[1::2], strict=True):
        await quick_game(h, first, second)
        clock.advance(30)
    board = await h.slash(players[0], "leaderboard", game="arkaios", season=1)
    assert "Page 1 of 2" in board.text and "12 rated players" in board.text
    assert board.button(label="Previous").disabled and not board.button(label="Next").disabled
    await h.restart(make_bot())
    nxt = await h.click(players[3], board.button(label="Next"))
    assert nxt.updated and nxt.message is not None
    assert "Page 2 of 2" in nxt.message.text and "11." in nxt.message.text and "season 1" in nxt.message.text
