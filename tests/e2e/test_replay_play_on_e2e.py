"""Play on from /replay: a player of a finished game steps to a position and plays on from it against Agora,
in their own seat, at the level they pick; nobody else may, and a game with hidden cards tells no secret."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.app import AgoraBot
from bot.i18n import text
from bot.movelog import replay
from bot.service import GameRecord
from rules import GameState
from tests.e2e.test_arcanor_e2e import pick_together
from tests.e2e.test_authorization_e2e import snapshot
from tests.e2e.test_kouba_e2e import fixed_seed
from tests.e2e.test_review_e2e import BLUNDER, WINNING_ANSWER, blundered_game
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser

__all__ = ["fixed_seed"]  # the autouse fixture: every Kouba deal and roll is the same (alice opens round 1)

PLAY_ON = "agora:playon:"


def play_on_menu(panel: FakeMessage) -> FakeComponent | None:
    """The replay panel's Play on menu, if it offers one."""
    return next((s for s in panel.selects if (s.custom_id or "").startswith(PLAY_ON)), None)


async def stepped_to(h: FakeDiscord, user: FakeUser, game_id: int, plies: int) -> FakeMessage:
    """``user``'s replay panel of game ``game_id``, stepped on with Next to the position after ``plies`` moves."""
    opened = await h.slash(user, "replay", game=game_id)
    panel = opened.message
    assert panel is not None and panel.ephemeral, opened.text
    for _ in range(plies):
        stepped = await h.click(user, panel.button(label=text("en", "replay.next")))
        assert stepped.updated and stepped.message is not None
        panel = stepped.message
    return panel


async def game_count(bot: AgoraBot) -> int:
    found = await bot.storage.db.fetchrow("SELECT COUNT(*) FROM games")
    assert found is not None
    return int(found[0])


async def test_a_player_plays_on_from_a_replayed_position_in_their_seat(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Bob, who won, replays the game to Alice's opening and plays on from there against Agora in his seat:
    his turn, her pillar on the board, and the winning answer wins again."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await blundered_game(h, alice, bob)
    finished = await bot.service.load(1)
    moves = await bot.storage.moves(finished.id)
    panel = await stepped_to(h, bob, finished.id, 1)
    menu = play_on_menu(panel)
    assert menu is not None and menu.values == ["1:easy", "1:medium", "1:hard"], "the position on show, each level"
    medium = text("en", "playon.option_here", level=text("en", "bot.level.medium"))
    assert medium in [option["label"] for option in menu.options]
    last = await h.click(bob, panel.button(label=text("en", "replay.last")))
    assert last.message is not None and play_on_menu(last.message) is None, "not from where the game was over"
    back = await h.click(bob, last.message.button(label=text("en", "replay.prev")))
    assert back.message is not None
    menu = play_on_menu(back.message)
    assert menu is not None

    picked = await h.select(bob, menu, values=["1:medium"])
    assert picked.responded and not picked.ephemeral, picked.text
    [record] = await bot.service.active_games(bob.id, h.guild.id)
    assert record.seats[1] == bob.id and record.bot_seats == {0: "medium"}, "bob in his seat, Agora in alice's"
    assert record.state is not None and record.state.to_json() == replay(finished.row, moves[:1]).to_json()
    assert bot.user is not None
    copied = await bot.storage.moves(record.id)
    assert [(m.seat, m.notation, m.user_id) for m in copied] == [(0, BLUNDER, bot.user.id)]
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{bob.id}>"), "bob's turn"
    assert f"game #{record.id}" in board.text and "at a level other than 1" in board.text, board.text
    assert board.attachments and board.attachments[0].filename.startswith(f"game-{record.id}-")
    assert snapshot(await bot.service.load(finished.id)) == snapshot(finished), "the replayed game is unchanged"

    won = await h.slash(bob, "move", notation=WINNING_ANSWER, game=record.id)
    assert won.ephemeral, won.text
    over = await bot.service.load(record.id)
    assert over.row.status == "finished" and over.outcome is not None and over.outcome.winners == (1,)


async def test_play_on_is_for_the_players_of_a_finished_game_and_a_position_it_reached(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """A member who did not play sees no Play on, and a pick they forge is refused; a game in progress, a
    position the game never reached or where it was over, an unknown level: refused, and nothing changes."""
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await blundered_game(h, alice, bob)
    finished = await bot.service.load(1)
    outsider = await stepped_to(h, carol, finished.id, 1)
    assert play_on_menu(outsider) is None, "no Play on for who did not play"
    refused = await h.forge(carol, outsider, f"{PLAY_ON}1", values=["1:easy"])
    assert refused.ephemeral and text("en", "playon.not_yours", id=1) in refused.text

    panel = await stepped_to(h, bob, finished.id, 1)
    refusals = {
        "9:easy": text("en", "playon.no_position", id=1, ply=10),  # the game has two moves
        "2:easy": text("en", "playon.no_position", id=1, ply=3),  # alice was blocked there: the game was over
        "1:godlike": text("en", "err.invalid_control"),
    }
    for value, said in refusals.items():
        answer = await h.forge(bob, panel, f"{PLAY_ON}1", values=[value])
        assert answer.ephemeral and said in answer.text, (value, answer.text)

    board = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, board.button(label=text("en", "accept")))
    played = await h.slash(alice, "move", notation="c3=2")
    assert played.ephemeral, played.text
    [ongoing] = await bot.service.active_games(alice.id, h.guild.id)
    in_progress = await stepped_to(h, alice, ongoing.id, 1)
    assert play_on_menu(in_progress) is None, "a game in progress is not played on"
    early = await h.forge(alice, in_progress, f"{PLAY_ON}{ongoing.id}", values=["1:easy"])
    assert early.ephemeral and text("en", "playon.not_finished", id=ongoing.id) in early.text
    assert snapshot(await bot.service.load(ongoing.id)) == snapshot(ongoing)
    assert snapshot(await bot.service.load(finished.id)) == snapshot(finished)
    assert await game_count(bot) == 2, "no game was started"


async def test_a_double_pick_starts_one_game_and_the_menu_outlives_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Two picks at once start one game; the other is told where it is. After a restart the same panel's menu
    still answers: refused while that game is played, a new game once it is over."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await blundered_game(h, alice, bob)
    finished = await bot.service.load(1)
    panel = await stepped_to(h, bob, finished.id, 1)
    menu = play_on_menu(panel)
    assert menu is not None
    first, second = await pick_together(h, [(bob, menu, "1:easy"), (bob, menu, "1:easy")])
    [record] = await bot.service.active_games(bob.id, h.guild.id)
    already = text("en", "playon.already", id=1, game=record.id, channel=h.default_channel.id)
    assert not first.ephemeral and second.ephemeral and already in second.text, (first.text, second.text)
    assert await game_count(bot) == 2, "one game played on"

    bot = make_bot()
    await h.restart(bot)
    again = await h.select(bob, menu, values=["1:medium"])
    assert again.ephemeral and already in again.text
    resigned = await h.slash(bob, "resign", game=record.id)
    assert resigned.ephemeral, resigned.text
    later = await h.select(bob, menu, values=["1:medium"])
    assert not later.ephemeral, later.text
    [newer] = await bot.service.active_games(bob.id, h.guild.id)
    assert newer.id != record.id and newer.bot_seats == {0: "medium"}
    assert snapshot(await bot.service.load(finished.id)) == snapshot(finished)


def secret_names(state: GameState[Any], seat: int, players: int) -> set[str]:
    """The names of the cards the other seats hold that ``seat`` may not know (a name ``seat`` or the spectators
    may read elsewhere in their views left out: names repeat)."""
    known = json.dumps([state.view(None), state.view(seat)], ensure_ascii=False)
    held = {
        str(card["name"])
        for other in range(players)
        if other != seat
        for pile in state.view(other).get("hand") or []
        for card in pile["cards"]
    }
    return {name for name in held if name not in known}


async def finished_kouba(bot: AgoraBot, h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> GameRecord:
    """A Kouba game of Alice and Bob: both swap, Alice (who opens) rolls, then Bob resigns."""
    record = await bot.service.start_game(
        "kouba", guild_id=h.guild.id, channel_id=h.default_channel.id, seats=[alice.id, bob.id]
    )
    await bot.service.play(record.id, alice.id, ["swap:1,3"])
    await bot.service.play(record.id, bob.id, ["swap:2"])
    record = await bot.service.load(record.id)
    assert record.state is not None and record.state.waiting_for == (0,), "alice's turn at the arena"
    await bot.service.play(record.id, alice.id, ["roll"])
    await bot.service.resign(record.id, bob.id)
    return await bot.service.load(record.id)


async def test_playing_on_a_kouba_game_shows_no_card_of_the_other_hand(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Alice plays on from her turn at the arena: Agora holds Bob's hand there, and no name of a card only it
    holds reaches Alice or the channel; her own hand is hers, in private."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    finished = await finished_kouba(bot, h, alice, bob)
    position = replay(finished.row, (await bot.storage.moves(finished.id))[:2])
    secrets_of_bob = secret_names(position, 0, 2)
    assert secrets_of_bob, "bob holds cards alice cannot see"
    shown_before = len(h.messages(h.default_channel))

    panel = await stepped_to(h, alice, finished.id, 2)
    menu = play_on_menu(panel)
    assert menu is not None
    picked = await h.select(alice, menu, values=["2:easy"])
    assert picked.responded and not picked.ephemeral, picked.text
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    assert record.seats[0] == alice.id and record.bot_seats == {1: "easy"}
    assert record.state is not None and record.state.to_json() == position.to_json()
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{alice.id}>"), "alice's turn, as in the replayed position"
    hand = await h.click(alice, board.button(label="My hand"))
    assert hand.ephemeral and hand.message is not None and hand.message.visible_to == alice.id
    own = {str(card["name"]) for pile in position.view(0)["hand"] for card in pile["cards"]}
    assert own and all(name in hand.text for name in own), "her own piles, as she held them"

    seen = [panel, *picked.messages, *h.messages(h.default_channel)[shown_before:], *hand.messages]
    told = [json.dumps([m.content, m.embeds, [c.options for c in m.components]], ensure_ascii=False) for m in seen]
    leaked = sorted(name for name in secrets_of_bob for said in told if name in said)
    assert not leaked, f"alice was told the cards of the hand Agora holds: {leaked}"
    assert all(not a.filename.startswith("private-") for m in h.messages(h.default_channel) for a in m.attachments)


async def test_a_game_played_on_from_a_replay_starts_only_where_games_may(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """/replay opens anywhere; the game played on from it starts only in the server's game channels."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await blundered_game(h, alice, bob)
    games = h.channel("games")
    await h.slash(h.owner, "agora settings", channels=games.mention)
    panel = await stepped_to(h, bob, 1, 1)
    menu = play_on_menu(panel)
    assert menu is not None
    elsewhere = await h.select(bob, menu, values=["1:easy"])
    assert elsewhere.ephemeral and text("en", "wrong_channel", channels=games.mention) in elsewhere.text
    assert await game_count(bot) == 1
    there = await h.slash(bob, "replay", game=1, in_channel=games)
    assert there.message is not None
    menu = play_on_menu(there.message)
    assert menu is not None
    started = await h.select(bob, menu, values=["0:easy"])
    assert not started.ephemeral, started.text
    [record] = await bot.service.active_games(bob.id, h.guild.id)
    assert record.row.channel_id == games.id and f"game #{record.id}" in h.last_message(games).text
