"""Late players over days, as players see them: a claimable time-out is asked again and then ends
on time, and a player whose DMs are closed is mentioned instead of DMed (said once)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_days_e2e import run_due, started, texts
from tests.harness import FakeDiscord, FakeMessage

HOUR = 3600.0


def deadline_field(board: FakeMessage) -> tuple[str, str]:
    """The last field of the board's embed: when the turn (or the game, on time) ends."""
    field = board.embeds[0]["fields"][-1]
    return field["name"], field["value"]


async def test_an_unclaimed_time_out_is_asked_again_then_ends_on_time(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    too_long = await h.slash(h.owner, "agora settings", claim_grace="40d")
    assert too_long.ephemeral and "between 5m and 30d" in too_long.text
    saved = await h.slash(h.owner, "agora settings", timeout_rule="claim", deadline="2h", claim_grace="5h")
    assert "Settings saved" in saved.text and "An unclaimed time-out ends the game after" in saved.text
    assert "5h" in saved.text
    start = clock.now
    board = await started(h, alice, bob)
    assert deadline_field(board) == ("⏳ Turn ends", f"<t:{int(start + 2 * HOUR)}:R>")
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    assert deadline_field(board) == (
        "⌛ Time is up: ends on time unless the win is claimed", f"<t:{int(start + 7 * HOUR)}:R>"
    ), "the board no longer says the turn ended hours ago"
    assert board.attachments and "⋯" in [b.label for b in board.buttons]
    assert question.content == (
        f"⌛ <@{alice.id}> ran out of time in game #1. <@{bob.id}>: claim the win, or keep waiting; "
        f"if nobody claims it, <@{alice.id}> loses on time <t:{int(start + 7 * HOUR)}:R>."
    )
    waiting = await h.click(bob, question.button(label="Keep waiting"))
    assert waiting.updated and "keeps waiting" in waiting.text
    listed = await h.slash(bob, "games")
    assert "time is up: the win can be claimed, else the game ends on time in 4h 59m" in listed.text
    await h.slash(alice, "draw")  # the late player offers a draw, which nobody answers
    offer = h.last_message(h.default_channel)

    clock.advance(2 * HOUR)
    assert await run_due(h, bot) == 1
    asked_again = h.last_message(h.default_channel)
    assert asked_again.content.startswith(f"⌛ <@{alice.id}> still has not played in game #1. <@{bob.id}>: claim")
    assert [b.label for b in asked_again.buttons] == ["Claim win", "Keep waiting"]
    assert question.content == "⌛ The claim on time in game #1 is asked again below." and not question.components
    clock.advance(2 * HOUR)
    assert await run_due(h, bot) == 1
    last_asked = h.last_message(h.default_channel)
    assert last_asked.content.startswith(f"⌛ <@{alice.id}> still has not played in game #1.")
    assert asked_again.content == "⌛ The claim on time in game #1 is asked again below."
    clock.advance(HOUR - 2)
    assert await run_due(h, bot) == 0, "no question past the end: the game ends first"
    assert (await bot.service.load(1)).row.status == "active"

    clock.advance(3)
    assert await run_due(h, bot) == 1
    final = h.last_message(h.default_channel)
    assert "bob** wins" in final.text.lower() and [b.label for b in final.buttons] == ["Rematch", "Review"]
    assert f"⌛ <@{alice.id}> ran out of time: game #1 is lost on time." in texts(h)
    assert offer.text == f"<@{alice.id}>'s draw offer in game #1 is closed: the game is over."
    assert not offer.components
    assert last_asked.content == "⌛ The claim on time in game #1 is closed: the game is over."
    assert not last_asked.components
    assert "no game in progress" in (await h.slash(bob, "games")).text
    clock.advance(10 * HOUR)
    assert await run_due(h, bot) == 0


async def test_the_claim_asked_again_can_be_taken(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", timeout_rule="claim", deadline="1d")
    await started(h, alice, bob)
    clock.advance(24 * HOUR + 1)
    await run_due(h, bot)
    listed = await h.slash(bob, "games")
    assert "else the game ends on time in 2d 23h" in listed.text, "three days by default"
    question = h.last_message(h.default_channel)
    clock.advance(24 * HOUR)
    await run_due(h, bot)
    asked_again = h.last_message(h.default_channel)
    assert question.content == "⌛ The claim on time in game #1 is asked again below." and not question.components
    before = len(h.messages(h.default_channel))
    claimed = await h.click(bob, asked_again.button(label="Claim win"))
    assert claimed.updated and asked_again.content == f"⌛ <@{bob.id}> claimed the win on time in game #1."
    assert asked_again.embeds and asked_again.attachments, "the question became the final board"
    assert "bob** wins" in asked_again.text.lower()
    assert len(h.messages(h.default_channel)) == before
    assert [b.label for b in asked_again.buttons] == ["Rematch", "Review"], "the final board, not a closed question"
    clock.advance(5 * 24 * HOUR)
    assert await run_due(h, bot) == 0


async def test_a_claim_question_closes_when_the_late_player_moves(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", timeout_rule="claim", deadline="2h")
    await started(h, alice, bob)
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    await h.click(bob, question.button(label="Keep waiting"))
    played = await h.slash(alice, "move", notation="c3=3")
    assert "Played" in played.text
    assert question.content == "⌛ The claim on time in game #1 is closed: the game moved on."
    assert not question.components
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    asked = h.last_message(h.default_channel)
    assert asked.content.startswith(f"⌛ <@{bob.id}> ran out of time in game #1. <@{alice.id}>: claim the win")
    assert question.content == "⌛ The claim on time in game #1 is closed: the game moved on."


async def test_closed_dms_fall_back_to_the_mention_said_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol", dms_closed=True)
    bot = make_bot()
    await h.start(bot)
    refused = await h.slash(carol, "agora notify", mode="dm")
    assert refused.ephemeral and refused.text == (
        "I cannot send you DMs: your DMs are closed, so I cannot use mode dm, and your choice is unchanged. "
        "Allow DMs from this server's members, then run /agora notify again."
    )
    assert (await bot.notices.store.get(carol.id)).mode == "mention" and not h.dm_messages(carol)
    opted = await h.slash(bob, "agora notify", mode="dm")
    assert opted.ephemeral and opted.text.startswith("Saved. Each of your turns comes to you by DM")
    assert [m.content for m in h.dm_messages(bob)] == [
        "Agora: your turns will come here, each with a link to its board. Run /agora notify to change that."
    ]
    await started(h, alice, bob)
    await h.slash(alice, "move", notation="c3=3")
    assert h.dm_messages(bob)[-1].content.startswith("🎲 Your turn in game #1 (Arkaios): https://discord.com/")
    bob.dms_closed = True  # Bob closes his DMs after choosing them
    clock.advance(20 * HOUR + 1)
    assert await run_due(h, bot) == 1
    reminder = h.last_message(h.default_channel)
    assert reminder.content.startswith(f"⏰ <@{bob.id}>, it is your turn in game #1")
    assert reminder.content.endswith(
        f"<@{bob.id}>, I could not send you a DM: your DMs are closed, so you will be mentioned here instead "
        "from now on. Run /agora notify to choose again."
    )
    shown = await h.slash(bob, "agora notify")
    assert "Your DMs were closed when I last tried" in shown.text
    await h.slash(bob, "move", notation="a1=1")
    await h.slash(alice, "move", notation="b2=2 a2=2")
    clock.advance(20 * HOUR + 1)
    assert await run_due(h, bot) == 1
    later = h.last_message(h.default_channel)
    assert later.content.startswith(f"⏰ <@{bob.id}>, it is your turn in game #1") and "DM" not in later.content
    assert sum("could not send you" in m.content for m in h.messages(h.default_channel)) == 1, "said once"
    still_closed = await h.slash(bob, "agora notify", mode="dm")
    assert still_closed.text.startswith("I cannot send you DMs")
    bob.dms_closed = False
    again = await h.slash(bob, "agora notify", mode="dm")
    assert again.text.startswith("Saved. Each of your turns") and "were closed" not in again.text
    back = await h.slash(bob, "agora notify", mode="mention")
    assert back.text.startswith("Saved. You are mentioned on the board")
