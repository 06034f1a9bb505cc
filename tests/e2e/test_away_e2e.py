"""Time away (/away), as players see it: every clock of the player's games waits, across a restart,
and gives back what was not used when they come back early; the allowance and tournaments that
forbid it refuse politely."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.scheduler import REMIND, TIMEOUT
from tests.e2e.conftest import Clock
from tests.e2e.test_days_e2e import run_due, started, texts, timeouts
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0
DAY = 24 * HOUR


def field(board: FakeMessage, name: str) -> str:
    """The value of the board's embed field whose name holds ``name``."""
    found = [f["value"] for f in board.embeds[0].get("fields", []) if name in f["name"]]
    assert found, f"no field {name!r} on the board"
    return str(found[0])


def has_field(board: FakeMessage, name: str) -> bool:
    return any(name in f["name"] for f in board.embeds[0].get("fields", []))


async def turn_jobs(bot: AgoraBot, game_id: int) -> dict[str, float]:
    """The pending reminder and time-out of a game, by kind, when each is due."""
    return {job.kind: job.due_at for job in await bot.scheduler.pending() if job.game_id == game_id}


async def go_away(h: FakeDiscord, user: FakeUser, days: int) -> str:
    said = await h.slash(user, "away", days=days)
    assert said.ephemeral
    return said.text


async def test_time_away_moves_every_clock_of_the_player_across_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    start = clock.now
    board = await started(h, alice, bob)
    before = await turn_jobs(bot, 1)
    assert before == {REMIND: start + DAY - 4 * HOUR, TIMEOUT: start + DAY}
    clock.advance(HOUR)
    until = int(clock.now + 3 * DAY)
    said = await go_away(h, alice, 3)
    assert said.startswith(f"💤 You are away until <t:{until}:f>: your clocks wait until then in every game")
    assert "(1 game waits for your move now)" in said
    assert await turn_jobs(bot, 1) == {kind: due + 3 * DAY for kind, due in before.items()}
    notice = h.last_message(h.default_channel)
    assert notice.content == (
        f"💤 <@{alice.id}> is away until <t:{until}:f>: in game #1, their turns wait until then, "
        "or until they play again."
    )
    assert field(board, "Turn ends") == f"<t:{int(start + 4 * DAY)}:R>"
    assert field(board, "Away") == f"<@{alice.id}> is away until <t:{until}:f>: this turn waits for them."
    listed = await h.slash(bob, "games")
    assert f"💤 alice is away until <t:{until}:f>" in listed.text
    own = await h.slash(alice, "games")
    assert f"💤 you are away until <t:{until}:f>" in own.text

    await h.stop()
    clock.advance(DAY)  # the old deadline passes while the bot is down
    restarted = make_bot()
    await h.start(restarted)
    assert timeouts(h) == 0, "the deadline moved on, in the database"
    assert await turn_jobs(restarted, 1) == {kind: due + 3 * DAY for kind, due in before.items()}
    clock.advance(3 * DAY - HOUR - 1)
    assert await run_due(h, restarted) == 2, "the reminder, three days late, and the end of the time away"
    assert any("⏰" in t for t in texts(h)) and timeouts(h) == 0
    assert not has_field(board, "Away"), "the time away ended: the board says so no more"
    clock.advance(2)
    await run_due(h, restarted)
    assert timeouts(h) == 1 and "bob** wins" in h.last_message(h.default_channel).text.lower()


async def test_a_move_ends_time_away_and_the_shift_is_the_time_actually_away(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await started(h, alice, bob)
    second = await started(h, alice, carol)
    start = clock.now
    clock.advance(HOUR)
    said = await go_away(h, alice, 5)
    assert "(2 games wait for your move now)" in said
    assert field(second, "Turn ends") == f"<t:{int(start + 6 * DAY)}:R>"
    clock.advance(DAY)
    played = await h.slash(alice, "move", game=1, notation="c3=3")
    assert "Played" in played.text
    # Away one day exactly: game #2 waits one day more, no longer five.
    assert await turn_jobs(bot, 2) == {REMIND: start + 2 * DAY - 4 * HOUR, TIMEOUT: start + 2 * DAY}
    assert field(second, "Turn ends") == f"<t:{int(start + 2 * DAY)}:R>"
    assert not has_field(second, "Away")
    status = await h.slash(alice, "away")
    assert "You are not away" in status.text and "You have 13 days of time away left" in status.text
    # Bob's turn in game #1 started after Alice came back: his clock is his own.
    assert (await turn_jobs(bot, 1))[TIMEOUT] == clock.now + DAY
    clock.advance(DAY - HOUR + 1)
    await run_due(h, bot)
    assert timeouts(h) == 1 and "carol** wins" in h.last_message(h.default_channel).text.lower()


async def test_a_game_started_while_away_waits_and_off_ends_it(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    away_at = clock.now
    said = await go_away(h, alice, 2)
    assert "(0 games wait for your move now)" in said
    clock.advance(HOUR)
    await h.click(bob, sent.button(label="Accept"))
    board = h.last_message(h.default_channel)
    # The turn started an hour into the time away: it waits until Alice is back, then runs a day.
    assert field(board, "Turn ends") == f"<t:{int(away_at + 3 * DAY)}:R>"
    clock.advance(HOUR)
    back = await h.slash(alice, "away", off=True)
    assert back.ephemeral and back.text.startswith("👋 Welcome back")
    assert field(board, "Turn ends") == f"<t:{int(clock.now + DAY)}:R>", "only the hour away counts"
    assert not has_field(board, "Away")
    again = await h.slash(alice, "away", off=True)
    assert again.text == "You are not away, so there is nothing to end: your clocks are running as usual."


async def test_refusals_name_the_allowance_and_the_tournament(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    for days in (0, -3):
        refused = await h.slash(alice, "away", days=days)
        assert refused.ephemeral and refused.text == "Time away lasts at least 1 day: try `/away days:1` or more."
    too_long = await h.slash(alice, "away", days=15)
    assert too_long.text == (
        "You cannot be away 15 days: you have 14 days left, as each player may be away 14 days in any 90 days."
    )
    assert "You are away" in await go_away(h, alice, 10)
    clock.advance(10 * DAY)
    assert await run_due(h, bot) == 1, "the end of the time away is a durable event of the scheduler"
    refused = await h.slash(alice, "away", days=5)
    assert "you have 4 days left" in refused.text
    clock.advance(81 * DAY)  # a day of the ten has left the 90-day window
    assert "You are away" in await go_away(h, alice, 5)
    await h.slash(alice, "away", off=True)

    made = await h.slash(h.owner, "tournament create", game="arkaios", format="swiss", starts="1h", time_away=False)
    assert made.message is not None and "Not allowed in this tournament" in made.message.text
    joined = await h.slash(alice, "tournament join")
    assert "You are in tournament" in joined.text
    refused = await h.slash(alice, "away", days=2)
    assert refused.text.startswith("Tournament #1, which you are playing in, allows no time away")


async def test_a_pending_claim_on_time_waits_too(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", timeout_rule="claim", deadline="2h", claim_grace="5h")
    start = clock.now
    board = await started(h, alice, bob)
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    assert [b.label for b in question.buttons] == ["Claim win", "Keep waiting"]
    pending = await turn_jobs(bot, 1)
    await go_away(h, alice, 2)
    assert await turn_jobs(bot, 1) == {kind: due + 2 * DAY for kind, due in pending.items()}
    refused = await h.click(bob, question.button(label="Claim win"))
    assert refused.ephemeral and refused.text == (
        f"Time is not up yet: the turn ends <t:{int(start + 2 * HOUR + 2 * DAY)}:R>. "
        "You can claim the win only after that."
    )
    assert (await bot.service.load(1)).row.status == "active"
    assert field(board, "Turn ends") == f"<t:{int(start + 2 * HOUR + 2 * DAY)}:R>"
    clock.advance(2 * DAY)
    await run_due(h, bot)
    assert not has_field(board, "Away")
    await h.click(bob, question.button(label="Claim win"))
    assert question.content == f"⌛ <@{bob.id}> claimed the win on time in game #1."
    assert "bob** wins" in question.text.lower(), "the question became the final board"
