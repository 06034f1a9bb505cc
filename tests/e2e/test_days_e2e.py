"""Games that last days, as players see them: deadlines, reminders, timeouts, offers, settings.

Time never passes for real: the bot runs on the Clock of conftest.py and each test
runs the scheduler's due jobs by hand after moving the clock on.
"""

from __future__ import annotations

from collections.abc import Callable

from discord import app_commands

from bot.app import AgoraBot, AgoraTranslator
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0


async def started(h: FakeDiscord, alice: FakeUser, bob: FakeUser, **options: str) -> FakeMessage:
    """Alice challenges Bob (with ``options``), Bob accepts; returns the first board."""
    sent = await h.slash(alice, "arkaios challenge", opponent=bob, **options)
    assert sent.type == 4 and not sent.ephemeral, sent.text
    accepted = await h.click(bob, sent.button(label="Accept"))
    assert accepted.updated
    return h.last_message(h.default_channel)


async def run_due(h: FakeDiscord, bot: AgoraBot) -> int:
    ran = await bot.scheduler.run_due()
    await h.settle()
    return ran


def texts(h: FakeDiscord) -> list[str]:
    return [m.text for m in h.messages(h.default_channel)]


def timeouts(h: FakeDiscord) -> int:
    return sum("⌛" in t and "ran out of time" in t for t in texts(h))


async def test_reminder_then_forfeit(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await started(h, alice, bob)
    board = h.last_message(h.default_channel)
    assert f"Turn ends: <t:{int(clock.now + 24 * HOUR)}:R>" in board.text
    listed = await h.slash(alice, "games")
    assert "your turn" in listed.text and "1** game waiting" in listed.text and "1d left" in listed.text
    clock.advance(19 * HOUR)
    assert await run_due(h, bot) == 0
    clock.advance(1 * HOUR + 1)
    assert await run_due(h, bot) == 1
    reminder = h.last_message(h.default_channel)
    assert "⏰" in reminder.content and f"<@{alice.id}>" in reminder.content and "3h 59m left" in reminder.content
    assert f"<@{bob.id}>" not in reminder.content
    clock.advance(4 * HOUR)
    assert await run_due(h, bot) == 1
    final = h.last_message(h.default_channel)
    assert "**bob** wins on time." in final.text
    assert [c.label for c in final.components] == ["Rematch", "Review"]
    assert timeouts(h) == 1, "the old board says who ran out of time"
    assert await run_due(h, bot) == 0
    empty = await h.slash(alice, "games")
    assert "no game in progress" in empty.text


async def test_a_move_voids_the_old_turns_deadline(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await started(h, alice, bob)
    clock.advance(23 * HOUR)
    played = await h.slash(alice, "move", notation="c3=3")
    assert "Played" in played.text
    clock.advance(2 * HOUR)  # Alice's old deadline has passed; Bob's is 22 h away.
    assert await run_due(h, bot) == 0
    assert timeouts(h) == 0
    clock.advance(22 * HOUR)
    await run_due(h, bot)
    final = h.last_message(h.default_channel)
    assert "alice** wins" in final.text.lower()


async def test_deadline_passed_while_the_bot_was_down_is_handled_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await started(h, alice, bob)
    await h.stop()
    clock.advance(3 * 24 * HOUR)
    restarted = make_bot()
    await h.start(restarted)  # the start-up run of the scheduler handles the deadline
    assert timeouts(h) == 1
    assert "bob** wins" in h.last_message(h.default_channel).text.lower()
    reminders = [t for t in texts(h) if "⏰" in t]
    assert not reminders, "a reminder for a turn already lost is not sent"
    assert await run_due(h, restarted) == 0
    await h.restart(make_bot())
    assert timeouts(h) == 1


async def test_deadline_chosen_at_challenge_time(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    bad = await h.slash(alice, "arkaios challenge", opponent=bob, deadline="soon")
    assert bad.ephemeral and "30m, 2h or 3d" in bad.text
    short = await h.slash(alice, "arkaios challenge", opponent=bob, deadline="1m")
    assert short.ephemeral and "between 5m and 7d" in short.text
    await started(h, alice, bob, deadline="30m")
    listed = await h.slash(bob, "games")
    assert "30m left" in listed.text and "waiting for alice" in listed.text
    clock.advance(31 * 60)
    await run_due(h, bot)
    assert "bob** wins" in h.last_message(h.default_channel).text.lower()


async def test_reminders_come_as_each_player_chose(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob", dms_closed=True)
    bot = make_bot()
    await h.start(bot)
    opted = await h.slash(alice, "agora notify", mode="dm")
    assert opted.ephemeral and "Each of your turns comes to you by DM" in opted.text
    closed = await h.slash(bob, "agora notify", mode="digest")
    assert closed.ephemeral and closed.text.startswith("I cannot send you DMs: your DMs are closed")
    await started(h, alice, bob)
    posted = len(h.messages(h.default_channel))
    clock.advance(21 * HOUR)
    await run_due(h, bot)
    assert any("your turn in game" in m.text and "left" in m.text for m in h.dm_messages(alice))
    assert len(h.messages(h.default_channel)) == posted, "Alice's reminder came by DM only"
    await h.slash(alice, "move", notation="c3=3")
    clock.advance(21 * HOUR)
    await run_due(h, bot)
    reminder = h.last_message(h.default_channel).text
    assert reminder.startswith(f"⏰ <@{bob.id}>") and "could not send you" not in reminder, "Bob kept the mention"
    quiet = await h.slash(alice, "agora notify", mode="quiet")
    assert "no reminder comes" in quiet.text
    moved = await h.slash(bob, "move", notation="a1=1")
    assert "Played" in moved.text, moved.text
    posted, dms = len(h.messages(h.default_channel)), len(h.dm_messages(alice))
    clock.advance(21 * HOUR)
    await run_due(h, bot)
    assert (len(h.messages(h.default_channel)), len(h.dm_messages(alice))) == (posted, dms), "quiet: no reminder"


async def test_claim_rule_lets_the_opponent_claim_or_wait(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", timeout_rule="claim", deadline="2h")
    assert saved.ephemeral and "Settings saved" in saved.text and "claim the win" in saved.text
    await started(h, alice, bob)
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    assert "ran out of time" in question.text and f"<@{bob.id}>" in question.content
    refused = await h.click(alice, question.button(label="Claim win"))
    assert refused.ephemeral and "only your opponent" in refused.text
    overdue = await h.slash(bob, "games")
    assert "time is up" in overdue.text
    waiting = await h.click(bob, question.button(label="Keep waiting"))
    assert waiting.updated and "keeps waiting" in waiting.text
    assert waiting.message is not None and [b.label for b in waiting.message.buttons] == ["Claim win"]
    board = await h.slash(alice, "move", notation="c3=3")
    assert "Played" in board.text
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    claimed = await h.click(alice, question.button(label="Claim win"))
    assert claimed.updated and "claimed the win" in claimed.text
    assert "alice** wins" in h.last_message(h.default_channel).text.lower()


async def test_draw_offer_accepted(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await started(h, alice, bob)
    offered = await h.slash(alice, "draw")
    assert offered.ephemeral and "offer is posted" in offered.text
    offer = h.last_message(h.default_channel)
    assert "offers a draw" in offer.text and f"<@{bob.id}>" in offer.content
    own = await h.click(alice, offer.button(label="Accept draw"))
    assert own.ephemeral and "your opponent must answer" in own.text
    agreed = await h.click(bob, offer.button(label="Accept draw"))
    assert agreed.updated and "Draw agreed" in agreed.text
    final = h.last_message(h.default_channel)
    assert "draw" in final.text.lower() and [c.label for c in final.components] == ["Rematch", "Review"]
    listed = await h.slash(alice, "games")
    assert "no game in progress" in listed.text


async def test_take_back_declined_then_accepted(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await started(h, alice, bob)
    too_early = await h.slash(alice, "takeback")
    assert too_early.ephemeral and "only your own last move" in too_early.text
    await h.slash(alice, "move", notation="c3=3")
    not_mine = await h.slash(bob, "takeback")
    assert not_mine.ephemeral and "only your own last move" in not_mine.text
    await h.slash(alice, "takeback")
    declined = await h.click(bob, h.last_message(h.default_channel).button(label="Decline"))
    assert declined.updated and "declined the take-back" in declined.text
    assert f"<@{bob.id}>" in h.last_message(h.default_channel).content, "still Bob's turn"
    await h.slash(alice, "takeback")
    allowed = await h.click(bob, h.last_message(h.default_channel).button(label="Allow take-back"))
    assert allowed.updated and "was taken back" in allowed.text
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, your turn" in board.content and "first pillar" in board.text
    games = await bot.service.active_games(alice.id)
    assert await bot.service.move_log(games[0].id) == []
    again = await h.slash(alice, "move", notation="d4=2")
    assert "Played d4=2" in again.text


async def test_settings_refused_without_permission(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    carol = h.user("carol")
    await h.start(make_bot())
    refused = await h.slash(carol, "agora settings", deadline="2h")
    assert refused.ephemeral and "Manage Server" in refused.text
    shown = await h.slash(h.owner, "agora settings")
    assert "Turn deadline: 1d" in shown.text and "Settings saved" not in shown.text
    bad = await h.slash(h.owner, "agora settings", reminder="often")
    assert bad.ephemeral and "cannot read the duration" in bad.text


async def test_french_after_setting_the_language(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text and "Temps par tour" in saved.text
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert "vous êtes défié" in sent.text and "invite" in sent.text
    accepted = await h.click(bob, sent.button(label="Accepter"))
    assert "la partie commence" in accepted.text
    clock.advance(21 * HOUR)
    await run_due(h, bot)
    assert "c'est votre tour" in h.last_message(h.default_channel).text
    await h.restart(make_bot())  # the language is stored, not only cached
    carol = h.user("carol")
    carol.locale = "pt-BR"  # a language the bot does not speak: her refusal is in the server's
    refused = await h.slash(carol, "agora settings", deadline="2h")
    assert "Gérer le serveur" in refused.text


async def test_challenge_expires(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    clock.advance(23 * HOUR)
    assert await run_due(h, bot) == 0
    clock.advance(1 * HOUR)
    assert await run_due(h, bot) == 1
    challenge = h.channel(h.default_channel).messages[0]
    assert challenge.id == sent.messages[0].id
    assert "expired" in challenge.text and not challenge.components
    answered = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, answered.button(label="Accept"))
    clock.advance(25 * HOUR)
    await run_due(h, bot)
    assert "expired" not in h.channel(h.default_channel).messages[1].text


async def test_games_start_only_in_allowed_channels(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    games = await h.create_channel("games")
    saved = await h.slash(h.owner, "agora settings", channels=games.mention)
    assert games.mention in saved.text
    refused = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert refused.ephemeral and f"only in {games.mention}" in refused.text
    allowed = await h.slash(alice, "arkaios challenge", opponent=bob, in_channel=games)
    assert allowed.type == 4 and not allowed.ephemeral


async def test_each_game_in_its_own_thread(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", threads=True)
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    threads = h.guild.threads()
    assert len(threads) == 1
    board = h.last_message(threads[0])
    assert board.attachments and f"<@{alice.id}>, your turn" in board.content
    assert not any(m.attachments for m in h.messages(h.default_channel))
    played = await h.slash(alice, "move", notation="c3=3", in_channel=threads[0])
    assert "Played" in played.text and f"<@{bob.id}>" in h.last_message(threads[0]).content


async def test_french_command_descriptions(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    assert isinstance(bot.tree.translator, AgoraTranslator)
    draw = bot.tree.get_command("draw")
    assert isinstance(draw, app_commands.Command)
    payload = await draw.get_translated_payload(bot.tree, bot.tree.translator)
    assert payload["description_localizations"] == {"fr": "Proposer la nulle à votre adversaire."}
    assert payload["name"] == "draw" and not payload.get("name_localizations")
