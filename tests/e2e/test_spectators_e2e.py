"""Following games, the spectators' private thread and Agora's commentary, through the offline Discord."""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from ai import Observation
from bot.app import AgoraBot
from bot.i18n import text
from bot.workers import NICENESS
from tests.e2e.conftest import Clock
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.e2e.test_days_e2e import run_due
from tests.e2e.test_kouba_e2e import SEED as KOUBA_SEED
from tests.e2e.test_kouba_e2e import board_of as board_of_kouba
from tests.e2e.test_kouba_e2e import swap
from tests.e2e.test_notices_e2e import HOUR, accepted, play_turn, utc, waiting_for
from tests.e2e.test_tournament_e2e import create, sign_up, tables
from tests.harness import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.harness.model import PRIVATE_THREAD

BLUNDER, WINNING_ANSWER = "a1=1", "b1=2"  # after openings 1 then 2, the first player cannot build
FOLLOW = text("en", "follow.button")
THREAD = text("en", "follow.thread_button")
COMMENTARY = "Agora's commentary on game"


def thread_of(h: FakeDiscord) -> FakeChannel:
    """The one spectators' thread of the server."""
    threads = [t for t in h.guild.threads() if t.type == PRIVATE_THREAD]
    assert len(threads) == 1, threads
    return threads[0]


def commentary_seen_by(h: FakeDiscord, user: FakeUser) -> list[FakeMessage]:
    """Every message ``user`` can read that holds Agora's commentary (its words or its picture)."""
    return [m for m in h.seen_by(user) if COMMENTARY in m.text or any(a.filename.startswith("chances-")
                                                                      for a in m.attachments)]  # fmt: skip


def assert_players_blind(h: FakeDiscord, thread: FakeChannel, *players: FakeUser) -> None:
    """No player is in the thread, nor reads anything of it or of the commentary."""
    for player in players:
        assert player.id not in thread.member_ids, player.name
        seen = h.seen_by(player)
        assert not [m for m in seen if m.channel_id == thread.id], player.name
        assert not commentary_seen_by(h, player), player.name


async def follow_with_thread(h: FakeDiscord, board: FakeMessage, user: FakeUser) -> FakeChannel:
    followed = await h.click(user, board.button(label=FOLLOW))
    assert followed.ephemeral and "You follow game #1 of Arkaios." in followed.text, followed.text
    opened = await h.click(user, followed.message.button(label=THREAD) if followed.message else board.buttons[0])
    thread = thread_of(h)
    assert opened.ephemeral and f"<#{thread.id}>" in opened.text, opened.text
    return thread


async def test_a_follower_opens_a_private_thread_the_players_join_only_at_the_end(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = (h.user(name) for name in ("alice", "bob", "carol", "dave"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    assert FOLLOW in [b.label for b in board.buttons]
    refused = await h.click(alice, board.button(label=FOLLOW))
    assert refused.ephemeral and text("en", "follow.player", id=1) in refused.text
    assert not h.guild.threads()
    thread = await follow_with_thread(h, board, carol)
    assert thread.invitable is False and thread.member_ids == {h.guild.bot_user.id, carol.id}
    assert "Its players cannot see it until the game ends." in thread.messages[0].content
    assert_players_blind(h, thread, alice, bob)
    late = await h.slash(dave, "follow", game=1)
    assert late.ephemeral and f"<#{thread.id}>" in late.text, "a later follower is added at once"
    assert thread.member_ids == {h.guild.bot_user.id, carol.id, dave.id}
    commented = [m for m in thread.visible_messages() if COMMENTARY in m.text]
    assert len(commented) == 1 and commented[0].attachments[0].filename == "chances-1.png"
    played = await h.slash(alice, "move", notation=BLUNDER)
    assert played.ephemeral
    assert_players_blind(h, thread, alice, bob)
    said = commented[0].text
    assert commented[0].attachments[0].data[:4] == b"\x89PNG" and "Move 1: alice played **a1=1**; their" in said
    await h.slash(bob, "move", notation=WINNING_ANSWER)
    await run_due(h, bot)
    assert {alice.id, bob.id} <= thread.member_ids, "the game is over: its players join"
    final = [m for m in thread.visible_messages() if text("en", "follow.thread_final", id=1) in m.text]
    assert len(final) == 1 and final[0].attachments[0].filename.startswith("game-1-")
    ended = commented[0].text
    assert re.search(r"Move 2: bob played \*\*b1=2\*\*; their chance of winning: [0-9]+% before, 100% after\.", ended)
    assert ended.index("Move 1") < ended.index("Move 2"), "the turn that changed the chances most first"
    assert "now alice 0%, bob 100%" in (commented[0].attachments[0].description or ""), "the final chances"
    listed = await h.slash(carol, "following")
    assert "#1 Arkaios" in listed.text and "bob" in listed.text.lower(), listed.text
    replayed = await h.slash(alice, "replay", game=1)
    [shown] = [m for m in h.seen_by(alice) if m.ephemeral and COMMENTARY in m.text]
    assert shown.text == ended and shown.attachments[0].filename == "chances-1.png", "after the end, in /replay"
    assert replayed.ephemeral


async def test_replay_shows_no_commentary_while_the_game_is_played(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    await follow_with_thread(h, board, carol)
    await h.slash(alice, "move", notation=BLUNDER)
    for user in (alice, bob, carol):
        replayed = await h.slash(user, "replay", game=1)
        assert replayed.ephemeral and "Replay" in replayed.text
    assert_players_blind(h, thread_of(h), alice, bob)
    assert not [m for m in h.seen_by(carol) if m.ephemeral and COMMENTARY in m.text], "the thread is its place"


async def test_commentary_runs_apart_from_live_moves_from_the_spectators_view(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Agora's own moves have the AI workers to themselves: the commentary weighs in a worker of its own
    at the lowest processor priority, from the spectators' view."""
    h = discord_harness
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    run, live = bot.thinking.run, []

    async def watched(work: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        live.append(work.__name__)
        return await run(work, *args, priority=priority)

    bot.thinking.run = watched  # type: ignore[method-assign]
    weighed = watch_weighing(bot)
    await follow_with_thread(h, board, carol)
    await h.slash(alice, "move", notation=BLUNDER)
    assert len(weighed) == 2 and not live, "never in the AI workers Agora's moves wait for"
    assert all(obs.view["viewer"] is None for obs in weighed), "the spectators' view, never a seat's"
    assert await spectators_cog(bot).workers.run(os.nice, 0) == NICENESS


async def test_a_week_of_followers_each_hears_as_their_notice_choice_says(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ann, mia = h.user("ann"), h.user("mia")
    mention, dm, digest, quiet = (h.user(name) for name in ("fm", "fd", "fg", "fq"))
    players = {ann.id: ann, mia.id: mia}
    clock.now = utc("2027-01-11 06:00")
    bot = make_bot()
    await h.start(bot)
    await h.slash(dm, "agora notify", mode="dm")
    await h.slash(digest, "agora notify", mode="digest", hour=12, timezone="Europe/Paris")
    await h.slash(quiet, "agora notify", mode="quiet")
    for player in (ann, mia):  # the week is the followers'; no puzzle is mined from the game once it ends
        await h.slash(player, "puzzle-privacy", keep_out=True)
    await accepted(h, ann, mia)
    told = {user.id: len(h.dm_messages(user)) for user in (mention, dm, digest, quiet)}
    hows = {}
    for user in (mention, dm, digest, quiet):
        followed = await h.slash(user, "follow", game=1)
        hows[user.id] = followed.text
    assert "`/following` only" in hows[mention.id] and "`/following` only" in hows[quiet.id]
    assert "a DM tells you each time" in hows[dm.id] and "your daily digest" in hows[digest.id]
    turns = digests = 0
    for _ in range(7 * 24):
        clock.advance(HOUR)
        hour = datetime.fromtimestamp(clock.now, UTC).hour
        await run_due(h, bot)
        digests += hour == 11  # 12:00 in Paris; a turn or two were played since the last one
        mover = await waiting_for(bot, 1)
        if (hour, mover) in ((9, ann.id), (20, mia.id)):
            await play_turn(h, bot, 1, players)
            turns += 1
    assert turns == 14 and (await bot.service.load(1)).row.status == "active"
    await h.slash(ann, "resign", game=1)
    for _ in range(24):  # to the next digest, and past it
        clock.advance(HOUR)
        await run_due(h, bot)
    new = {uid: [m.content for m in h.dm_messages(h.guild.users[uid])[told[uid]:]] for uid in told}
    assert len(new[dm.id]) == turns + 1, new[dm.id]
    assert all(line.startswith("👁 Game #1 of Arkaios, which you follow: ") for line in new[dm.id][:-1])
    assert new[dm.id][-1].startswith("🏁 Game #1 of Arkaios, which you follow, is over: mia wins: ann resigned")
    assert len(new[digest.id]) == digests + 1 == 8, new[digest.id]
    assert all(said.startswith("👁 **The games you follow**\n#1 Arkaios: ") for said in new[digest.id][:-1])
    assert "#1 Arkaios, over: mia wins: ann resigned" in new[digest.id][-1]
    assert new[mention.id] == new[quiet.id] == [], "nothing but /following"
    for user in (mention, quiet):
        listed = await h.slash(user, "following")
        assert "#1 Arkaios: mia wins: ann resigned" in listed.text, listed.text
    clock.advance(8 * 24 * HOUR)
    gone = await h.slash(mention, "following")
    assert gone.text == text("en", "follow.list_empty"), "a game over for a week leaves the list"


async def test_a_follower_who_takes_a_seat_leaves_the_thread_and_no_player_ever_enters(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: KOUBA_SEED)
    h = discord_harness
    alice, bob, erin, fay = (h.user(name) for name in ("alice", "bob", "erin", "fay"))
    bot = make_bot()
    await h.start(bot)
    lobby = await h.slash(alice, "kouba create")
    await h.click(bob, lobby.button(label="Join"))
    followed = await h.slash(erin, "follow", game=1)
    assert followed.message is not None and "You follow game #1 of Kouba." in followed.text
    await h.click(erin, followed.message.button(label=THREAD))
    thread = thread_of(h)
    await h.slash(fay, "follow", game=1)
    assert thread.member_ids == {h.guild.bot_user.id, erin.id, fay.id}
    joined = await h.click(erin, lobby.button(label="Join"))
    assert joined.updated and thread.member_ids == {h.guild.bot_user.id, fay.id}, "a follower who sits down leaves"
    again = await h.slash(erin, "follow", game=1)
    assert again.ephemeral and text("en", "follow.player", id=1) in again.text
    weighed = watch_weighing(bot)
    await h.click(alice, lobby.button(label="Start"))
    board = board_of_kouba(h)
    assert FOLLOW in [b.label for b in board.buttons]
    for user in (alice, bob, erin):
        await swap(h, user, board, "swap:none")
        assert thread.member_ids == {h.guild.bot_user.id, fay.id}
        assert_players_blind(h, thread, alice, bob, erin)
    assert commentary_seen_by(h, fay), "the follower reads the commentary"
    record = await bot.service.load(1)
    assert record.state is not None and weighed
    for obs in weighed:
        assert obs.view["viewer"] is None and "hand" not in obs.view, "never a seat's hand"
        assert all(not notation.startswith("take:") or notation == "take:hidden" for _, notation in obs.log)
    assert weighed[-1].view == record.state.view(None), "what spectators see, and nothing more"


async def test_a_server_without_private_threads_says_so_and_opens_no_thread(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    h.forbid_private_threads()
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    followed = await h.click(carol, board.button(label=FOLLOW))
    assert followed.message is not None
    asked = await h.click(carol, followed.message.button(label=THREAD))
    assert asked.ephemeral and text("en", "follow.no_private_threads") in asked.text
    assert not h.guild.threads(), "no thread, and never a public one"
    creations = [r for r in h.requests if r.method == "POST" and r.path.endswith("/threads")]
    assert len(creations) == 1 and creations[0].json["type"] == PRIVATE_THREAD
    again = await h.slash(h.user("dave"), "follow", game=1)
    assert again.message is not None and THREAD not in [b.label for b in again.message.buttons], "not offered again"
    await h.slash(alice, "move", notation=BLUNDER)
    assert len([r for r in h.requests if r.path.endswith("/threads")]) == 1, "no thread asked for again"


async def test_server_settings_turn_threads_commentary_and_rated_follows_off(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    bot = make_bot()
    await h.start(bot)
    shown = await h.slash(h.guild.owner, "agora settings", follow_rated=False, spectator_threads=False)
    assert "Spectators' threads: no" in shown.text and "Rated games may be followed: no" in shown.text
    assert "Agora's commentary for spectators: yes" in shown.text
    board = await challenge_accepted(h, alice, bob)
    refused = await h.click(carol, board.button(label=FOLLOW))
    assert refused.ephemeral and text("en", "follow.rated_off", id=1) in refused.text
    against_agora = await h.slash(alice, "arkaios challenge", opponent=h.guild.bot_user)
    assert not against_agora.ephemeral, against_agora.text
    followed = await h.slash(carol, "follow", game=2)
    assert followed.message is not None and "You follow game #2" in followed.text, "a game against Agora is not rated"
    assert THREAD not in [b.label for b in followed.message.buttons]
    await h.slash(h.guild.owner, "agora settings", spectator_threads=True, commentary=False)
    again = await h.slash(h.user("dave"), "follow", game=2)
    assert again.message is not None
    await h.click(h.user("dave"), again.message.button(label=THREAD))
    thread = thread_of(h)
    assert not commentary_seen_by(h, h.user("dave")) and len(thread.visible_messages()) == 1, "the intro alone"


def spectators_cog(bot: AgoraBot) -> Any:
    cog = bot.get_cog("Following")
    assert cog is not None
    return cog


def watch_weighing(bot: AgoraBot) -> list[Observation]:
    """The observations the commentary sends to its worker, from now on."""
    workers = spectators_cog(bot).workers
    run, seen = workers.run, []

    async def watched(work: Callable[..., Any], *args: Any, priority: int = 0) -> Any:
        if work.__name__ == "weigh_position":
            seen.append(args[0])
        return await run(work, *args, priority=priority)

    workers.run = watched
    return seen


async def test_a_server_keeping_rated_games_from_followers_offers_no_tournament_board(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.guild.owner, "agora settings", follow_rated=False)
    await create(h, "arkaios", "swiss", rounds=2)
    await sign_up(h, [h.user(f"p{k}") for k in range(4)])
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    [round1] = [m for m in h.messages(h.default_channel) if "round 1 of 2" in m.text and not m.attachments]
    assert not round1.buttons


async def test_a_tournament_round_offers_to_follow_its_top_boards(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"p{k}") for k in range(8)]
    bot = make_bot()
    await h.start(bot)
    await create(h, "arkaios", "swiss", rounds=3)
    await sign_up(h, players)
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    games = [t.game_id for t in await tables(bot, 1) if t.game_id is not None]
    [round1] = [m for m in h.messages(h.default_channel) if "round 1 of 3" in m.text and not m.attachments]
    offered = [b.label for b in round1.buttons]
    assert offered == [text("en", "follow.tour_button", id=game) for game in games[:3]], offered
    fan = h.user("fan")
    followed = await h.click(fan, round1.button(label=offered[0]))
    assert followed.ephemeral and f"You follow game #{games[0]} of Arkaios." in followed.text
    [seated] = [t.seats[0] for t in await tables(bot, 1) if t.game_id == games[0]]
    refused = await h.click(h.guild.users[seated], round1.button(label=offered[0]))
    assert refused.ephemeral and text("en", "follow.player", id=games[0]) in refused.text


async def test_arcanor_commentary_is_weighed_from_what_spectators_see(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    players = {alice.id: alice, bob.id: bob}
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "arcanor challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    weighed = watch_weighing(bot)
    followed = await h.slash(carol, "follow", game=1)
    assert followed.message is not None
    await h.click(carol, followed.message.button(label=THREAD))
    thread = thread_of(h)
    for _ in range(4):
        await play_turn(h, bot, 1, players)
        assert_players_blind(h, thread, alice, bob)
        record = await bot.service.load(1)
        assert record.state is not None and weighed[-1].view == record.state.view(None)
    assert len(weighed) == 5 and all("contents" not in str(obs.view["board"]) for obs in weighed), "no stack's inside"
    [commentary] = [m for m in thread.visible_messages() if COMMENTARY in m.text]
    assert commentary.attachments[0].filename == "chances-1.png"


async def test_a_thread_archived_by_a_quiet_week_is_woken_to_add_members(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = (h.user(name) for name in ("alice", "bob", "carol", "dave"))
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    thread = await follow_with_thread(h, board, carol)
    thread.archived = True  # a week without a message
    followed = await h.slash(dave, "follow", game=1)
    assert f"<#{thread.id}>" in followed.text and dave.id in thread.member_ids and not thread.archived
    thread.archived = True
    await h.slash(alice, "move", notation=BLUNDER)
    await h.slash(bob, "move", notation=WINNING_ANSWER)
    await run_due(h, bot)
    assert {alice.id, bob.id} <= thread.member_ids, "the end wakes the thread with its final board"
