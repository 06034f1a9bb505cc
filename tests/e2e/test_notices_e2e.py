"""``/agora notify`` as players live it: a week of games where each mode sends what it says and nothing
more, the digest at the player's own hour across a daylight-saving change and restarts, closed DMs
falling back to the mention (said once), and what a player typing a choice wrong is told."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_araksey_e2e import element_menu, game_id_of, offering
from tests.e2e.test_days_e2e import run_due
from tests.harness import FakeDiscord, FakeUser

HOUR = 3600.0
PARIS = ZoneInfo("Europe/Paris")
_CHANNEL_POST = re.compile(r"/channels/([0-9]+)/messages$")
_MENTION = re.compile(r"<@!?([0-9]+)>")


def utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def pinged_by(body: dict[str, Any], named: bool = False) -> set[int]:
    """Who a new message pings: the users its content mentions that its ``allowed_mentions`` lets through
    (``named``: every user it mentions, pinged or not)."""
    mentioned = {int(uid) for uid in _MENTION.findall(body.get("content") or "")}
    allowed = body.get("allowed_mentions")
    if named or allowed is None or "users" in allowed.get("parse", []):
        return mentioned
    return mentioned & {int(uid) for uid in allowed.get("users", [])}


def pings(h: FakeDiscord, since: int = 0, named: bool = False) -> Counter[int]:
    """How many times each user was pinged by a new public message in a server channel since request
    ``since``: channel posts, public answers to commands and clicks, follow-ups (an edit pings nobody);
    ``named``: how many new messages named them, pinged or not."""
    counted: Counter[int] = Counter()
    for request in h.requests[since:]:
        body = request.json if isinstance(request.json, dict) else None
        if request.method != "POST" or body is None:
            continue
        if request.path.endswith("/callback"):
            if body.get("type") != 4:  # only a new message; 7 updates the clicked one
                continue
            body = body.get("data") or {}
        elif (posted := _CHANNEL_POST.search(request.path)) is not None:
            if int(posted[1]) not in h.guild.channels:
                continue  # a DM
        elif "/webhooks/" not in request.path:
            continue
        if not (body.get("flags") or 0) & 64:
            counted.update(pinged_by(body, named))
    return counted


async def accepted(h: FakeDiscord, host: FakeUser, opponent: FakeUser, **options: str) -> None:
    sent = await h.slash(host, "arkaios challenge", opponent=opponent, **options)
    await h.click(opponent, sent.button(label="Accept"))


async def waiting_for(bot: AgoraBot, game_id: int) -> int | None:
    """The person the game waits for, if it is being played."""
    actors = (await bot.service.load(game_id)).human_actors()
    return actors[0] if actors else None


async def play_turn(h: FakeDiscord, bot: AgoraBot, game_id: int, users: dict[int, FakeUser]) -> None:
    """The player to move plays a whole turn with /move, never one that ends the game."""
    record = await bot.service.load(game_id)
    assert record.state is not None
    state, seat, moves = record.state, record.state.waiting_for[0], []
    while True:
        options = state.legal_moves(seat)
        move = next((m for m in reversed(options) if state.play(seat, m).outcome is None), options[-1])
        moves.append(str(move))
        state = state.play(seat, move)
        if state.outcome is not None or list(state.waiting_for) != [seat]:
            break
    played = await h.slash(users[record.row.seats[seat]], "move", notation=" ".join(moves), game=game_id)
    assert (await bot.service.load(game_id)).version > record.version, played.text


async def test_a_week_of_four_games_each_mode_sends_what_it_says_and_nothing_more(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ann, mia, dan, dee, qui = (h.user(name) for name in ("ann", "mia", "dan", "dee", "qui"))
    users = {user.id: user for user in (ann, mia, dan, dee, qui)}
    clock.now = utc("2027-01-11 06:00")
    bot = make_bot()
    await h.start(bot)
    assert "You are mentioned on the board" in (await h.slash(mia, "agora notify")).text, "the default"
    await h.slash(dan, "agora notify", mode="dm")
    digest = await h.slash(dee, "agora notify", mode="digest", hour=12, timezone="Europe/Paris")
    assert "One DM a day at 12:00 (Europe/Paris)" in digest.text
    await h.slash(qui, "agora notify", mode="quiet")
    dms_before = {uid: len(h.dm_messages(user)) for uid, user in users.items()}
    # A challenge pings whom it invites, whatever they chose: the count starts with the games.
    challenges = [(opponent, await h.slash(ann, "arkaios challenge", opponent=opponent)) for opponent in users.values()
                  if opponent != ann]  # fmt: skip
    since = len(h.requests)
    turns: Counter[int] = Counter()
    digests_due = 0
    for opponent, sent in challenges:
        await h.click(opponent, sent.button(label="Accept"))
    games = [1, 2, 3, 4]
    for game in games:
        turns[await waiting_for(bot, game) or 0] += 1
    for _ in range(7 * 24):
        clock.advance(HOUR)
        hour = datetime.fromtimestamp(clock.now, UTC).hour
        if hour == 11:  # 12:00 in Paris: Dee's digest, if her game waits for her
            digests_due += await waiting_for(bot, 3) == dee.id
        await run_due(h, bot)
        movers = {9: {ann.id}, 20: {mia.id, dan.id, dee.id, qui.id}}.get(hour, set())
        for game in games:
            if await waiting_for(bot, game) in movers:
                await play_turn(h, bot, game, users)
                turns[await waiting_for(bot, game) or 0] += 1
    assert [(await bot.service.load(game)).row.status for game in games] == ["active"] * 4
    assert turns[ann.id] >= 7 and all(turns[user.id] >= 6 for user in (mia, dan, dee, qui))
    pinged = pings(h, since)
    assert pinged[ann.id] == turns[ann.id] and pinged[mia.id] == turns[mia.id], "one ping per turn, no reminder"
    assert pinged[dan.id] == pinged[dee.id] == pinged[qui.id] == 0
    named = pings(h, since, named=True)
    assert all(named[user.id] == turns[user.id] for user in users.values()), "each board still names its player"
    new_dms = {uid: [m.content for m in h.dm_messages(user)[dms_before[uid] :]] for uid, user in users.items()}
    assert len(new_dms[dan.id]) == turns[dan.id]
    board_link = f"🎲 Your turn in game #2 (Arkaios): https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/"
    assert all(dm.startswith(board_link) for dm in new_dms[dan.id])
    assert digests_due == 7 and len(new_dms[dee.id]) == 7
    assert all(dm.startswith("📬 Agora: 1 game is waiting for your move.\n• Arkaios #3: ") for dm in new_dms[dee.id])
    assert new_dms[ann.id] == new_dms[mia.id] == new_dms[qui.id] == []
    assert not any("⏰" in m.content for m in h.messages(h.default_channel)), "no turn came near its deadline"


async def test_the_digest_comes_once_a_local_day_across_the_clock_change_and_restarts(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ann, dee = h.user("ann"), h.user("dee")
    users = {ann.id: ann, dee.id: dee}
    clock.now = utc("2026-10-23 04:00")
    running = make_bot()
    await h.start(running)
    await h.slash(dee, "agora notify", mode="digest", hour=8, timezone="europe/paris")
    await accepted(h, ann, dee, deadline="7d")
    received: list[str] = []

    def note() -> None:
        """The digests that came since the last look, by when they came (Paris time)."""
        seen = [m.content for m in h.dm_messages(dee)][1 + len(received) :]
        received.extend(datetime.fromtimestamp(clock.now, PARIS).strftime("%a %d %H:%M") for _ in seen)

    async def hours(until: str, running: AgoraBot) -> None:
        note()  # what the start-up run sent
        while clock.now < utc(until):
            clock.advance(HOUR / 2)
            await run_due(h, running)
            note()

    if await waiting_for(running, 1) == ann.id:
        await play_turn(h, running, 1, users)
    await hours("2026-10-26 06:30", running)  # Sunday 25 October: clocks go back at 03:00
    await h.stop()
    clock.now = utc("2026-10-26 09:00")  # down at 08:00 in Paris; back at 10:00, the same day
    running = make_bot()
    await h.start(running)
    await hours("2026-10-26 09:30", running)
    await h.stop()
    running = make_bot()
    await h.start(running)  # a second restart the same day sends nothing again
    await hours("2026-10-27 06:00", running)
    await h.stop()
    clock.now = utc("2026-10-29 05:00")  # down through Tuesday's digest and all of Wednesday
    running = make_bot()
    await h.start(running)
    await hours("2026-10-29 09:00", running)
    await play_turn(h, running, 1, users)  # nothing waits for Dee any more: no digest on Friday
    await hours("2026-10-30 12:00", running)
    assert received == ["Fri 23 08:00", "Sat 24 08:00", "Sun 25 08:00", "Mon 26 10:00", "Thu 29 08:00"]
    assert len(h.dm_messages(dee)) == 1 + 5, "the first DM checked that Dee's DMs are open"


async def test_closed_dms_turn_the_digest_into_the_mention_said_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ann, dee = h.user("ann"), h.user("dee")
    users = {ann.id: ann, dee.id: dee}
    clock.now = utc("2027-01-11 06:00")
    bot = make_bot()
    await h.start(bot)
    await h.slash(dee, "agora notify", mode="digest", hour=9, timezone="UTC")
    await accepted(h, ann, dee)
    if await waiting_for(bot, 1) == ann.id:
        await play_turn(h, bot, 1, users)
    dee.dms_closed = True
    since = len(h.requests)
    for _ in range(4):
        clock.advance(HOUR)
        await run_due(h, bot)
    told = [m for m in h.messages(h.default_channel) if "could not send you a DM" in m.content]
    assert [m.content for m in told] == [
        f"<@{dee.id}>, I could not send you a DM: your DMs are closed, so you will be mentioned here instead "
        "from now on. Run /agora notify to choose again."
    ]
    assert pings(h, since)[dee.id] == 1, "the message saying so pings her"
    await play_turn(h, bot, 1, users)
    await play_turn(h, bot, 1, users)
    assert pings(h, since)[dee.id] == 2, "her next turn pings her on the board"
    clock.advance(24 * HOUR)
    await run_due(h, bot)
    assert sum("could not send you a DM" in m.content for m in h.messages(h.default_channel)) == 1, "said once"
    shown = await h.slash(dee, "agora notify")
    assert shown.text.startswith("One DM a day at 09:00 (UTC)") and "Your DMs were closed" in shown.text


async def test_a_choice_typed_wrong_is_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    dee = h.user("dee")
    bot = make_bot()
    await h.start(bot)
    unknown = await h.slash(dee, "agora notify", mode="digest", hour=8, timezone="Mars/Olympus")
    assert unknown.ephemeral and unknown.text == (
        "I do not know the time zone `Mars/Olympus`. Pick one from the list as you type "
        "(e.g. Europe/Paris, America/New_York, UTC)."
    )
    late = await h.slash(dee, "agora notify", mode="digest", hour=24)
    assert late.ephemeral and late.text == "There is no hour 24 in a day: give an hour from 0 to 23 (18 for 6 pm)."
    stray = await h.slash(dee, "agora notify", mode="quiet", hour=8)
    assert stray.text.startswith("The hour and the time zone are for the daily digest only")
    assert (await bot.notices.store.get(dee.id)).mode == "mention", "nothing refused was stored"
    assert not h.dm_messages(dee)
    defaulted = await h.slash(dee, "agora notify", mode="digest")
    assert defaulted.text.splitlines()[0] == (
        "Saved. One DM a day at 18:00 (UTC) lists the games waiting for your move, nothing on days when none "
        "waits; boards name you without a ping. Reminders before a deadline come by DM. "
        "You gave no hour, so the digest comes at 18:00; add hour: to choose another. That hour is UTC's, as you "
        "gave no time zone: add timezone: with your city or country (e.g. London) to have your own."
    )
    await h.slash(dee, "agora notify", hour=7)
    zone = await h.slash(dee, "agora notify", timezone="America/Montreal")
    assert zone.text.startswith("Saved. One DM a day at 07:00 (America/Montreal)"), "the mode and hour kept"
    assert "You gave no hour" not in zone.text and len(h.dm_messages(dee)) == 1, "DMs were checked once"
    offered = await h.autocomplete(dee, "agora notify", focused="timezone", typed="paris")
    assert [choice["value"] for choice in offered.choices] == ["Europe/Paris"]


async def test_a_tournament_round_is_told_as_each_player_chose(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ana, ben, cyd, dov = h.user("ana"), h.user("ben"), h.user("cyd"), h.user("dov")
    bot = make_bot()
    await h.start(bot)
    await h.slash(ben, "agora notify", mode="quiet")
    await h.slash(cyd, "agora notify", mode="digest", hour=23)
    await h.slash(dov, "agora notify", mode="dm")
    made = await h.slash(h.owner, "tournament create", game="arkaios", format="swiss", rounds=2, starts="1h")
    assert not made.ephemeral, made.text
    for player in (ana, ben, cyd, dov):
        await h.slash(player, "tournament join")
    dms_before = {user.id: len(h.dm_messages(user)) for user in (ana, ben, cyd, dov)}
    since = len(h.requests)
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    # The announcement lists the round's games; boards say their round too, but carry a picture.
    [announcement] = [m for m in h.messages(h.default_channel) if not m.attachments and "round 1 of 2" in m.text]
    assert all(f"<@{user.id}>" in announcement.content for user in (ana, ben, cyd, dov)), "everyone is named"
    pinged = pings(h, since)
    assert pinged[ana.id] >= 1 and pinged[ben.id] == pinged[cyd.id] == pinged[dov.id] == 0
    new_dms = {user.id: [m.content for m in h.dm_messages(user)[dms_before[user.id] :]]
               for user in (ana, ben, cyd, dov)}  # fmt: skip
    [told] = [dm for dm in new_dms[dov.id] if dm.startswith("🏆")]
    assert told.startswith("🏆 Tournament #1 (Arkaios), round 1: your game #")
    assert new_dms[ana.id] == new_dms[ben.id] == new_dms[cyd.id] == [], "the digest waits for its hour"


async def test_a_board_edited_in_place_dms_instead_of_pinging(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    """Araksey's set-up edits one board and pings each next player with a short message: a player heard
    by DM gets the DM instead, a quiet one neither."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(bob, "agora notify", mode="dm")
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.message is not None
    since, dms = len(h.requests), len(h.dm_messages(bob))
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    game_id = await game_id_of(bot, alice)
    record = await bot.service.load(game_id)
    board = next(m for m in h.messages(h.default_channel) if m.id == record.row.message_id)
    turns: Counter[int] = Counter({record.human_actors()[0]: 1})
    while record.state is not None and record.state.view(None)["phase"] != "play":
        seat = record.state.actors[0]
        move = str(record.state.legal_moves(seat)[0])
        await h.select([alice, bob][seat], offering(board, move), values=[move])
        before, record = record, await bot.service.load(game_id)
        if record.human_actors() != before.human_actors():
            turns[record.human_actors()[0]] += 1
    pinged = pings(h, since)
    assert pinged[bob.id] == 0 and pinged[alice.id] == turns[alice.id] >= 2
    assert len(h.dm_messages(bob)) - dms == turns[bob.id] >= 2
    assert h.dm_messages(bob)[-1].content.startswith(f"🎲 Your turn in game #{game_id} (Araksey): https://")
