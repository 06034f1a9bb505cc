"""Fewer messages and no costly click by mistake, as the players see it in Discord.

Araksey's set-up edits one board while a short ping tells the next player to act; the
losing second pass asks first.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from tests.e2e import test_kouba_e2e as kouba
from tests.e2e.test_alt_text_e2e import alt_of
from tests.e2e.test_araksey_e2e import WINNING_GAME, element_menu, game_id_of, offering
from tests.e2e.test_arkaios_e2e import build, challenge_accepted, play_turn
from tests.harness import FakeDiscord, FakeMessage, FakeUser


def posted(h: FakeDiscord, since: int) -> tuple[int, int]:
    """(boards, messages) the bot posted in channels after request ``since``: a board carries a game picture."""
    created = [
        r for r in h.requests[since:]
        if r.method == "POST" and r.path.startswith("/channels/") and r.path.endswith("/messages")
    ]  # fmt: skip
    boards = [r for r in created if any(f.filename.startswith("game-") for f in r.files)]
    return len(boards), len(created)


async def four_player_game(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> list[FakeUser]:
    """Alice and Carol (earth) against Bob and Dave (water), accepted: set-up starts."""
    players = [h.user(name) for name in ("alice", "bob", "carol", "dave")]
    alice, bob, carol, dave = players
    await h.start(make_bot())
    sent = await h.slash(alice, "araksey challenge", opponent=bob, opponent2=carol, opponent3=dave, element="earth")
    assert sent.message is not None
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    await h.select(carol, element_menu(sent.message, 2), values=["earth"])
    await h.select(dave, element_menu(sent.message, 3), values=["water"])
    return players


def board_of(h: FakeDiscord, board_id: int) -> FakeMessage:
    found = h.guild.find_message(board_id)
    assert found is not None, "the board message is gone"
    return found


async def test_four_player_set_up_edits_one_board_and_pings_each_player(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    players = await four_player_game(h, make_bot)
    bot = h.bot
    assert isinstance(bot, AgoraBot)
    game_id = await game_id_of(bot, players[0])
    record = await bot.service.load(game_id)
    board_id = record.row.message_id
    assert board_id is not None
    board = board_of(h, board_id)
    assert f"<@{players[0].id}>, your turn" in board.content
    since = len(h.requests)

    placements = 0
    while record.state is not None and record.state.view(None)["phase"] != "play":
        seat = record.state.actors[0]
        user = players[seat]
        move = str(record.state.legal_moves(seat)[0])
        clicked = await h.select(user, offering(board, move), values=[move])
        assert clicked.updated, clicked.text
        placements += 1
        record = await bot.service.load(game_id)
        if record.state is not None and record.state.view(None)["phase"] == "play":
            break
        # The same board, redrawn for the next player, with its picture and controls.
        assert record.row.message_id == board_id
        nxt = players[record.state.actors[0]]  # type: ignore[union-attr]
        assert f"<@{nxt.id}>, your turn" in board.content and board.selects and board.attachments
        # One live ping, for the player to act now, that links to the board; the previous one is gone.
        pings = [m for m in h.messages(h.default_channel) if m.id > board_id]
        assert len(pings) == 1, pings
        assert pings[0].content.startswith(f"<@{nxt.id}>") and str(board_id) in pings[0].content
        assert not pings[0].attachments and not pings[0].components

    assert placements == 20
    boards, messages = posted(h, since)
    # Nineteen set-up steps edit the board; play starts on one new board, which pings by itself.
    assert boards == 1, boards
    assert messages == 19 + 1, messages
    channel = h.messages(h.default_channel)
    assert channel[-1].id == record.row.message_id and channel[-1].attachments
    assert f"<@{players[record.state.actors[0]].id}>, your turn" in channel[-1].content  # type: ignore[union-attr]
    assert not [m for m in channel if m.id > board_id and m.id != channel[-1].id], "a ping outlived set-up"
    frozen = board_of(h, board_id)
    assert not frozen.components and not frozen.attachments and "placed their araksey" in frozen.content


async def two_player_game_in_play(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> tuple[FakeUser, FakeUser]:
    """Alice (earth) against Bob (water), set up, each has passed once: Alice to play, with no pass left."""
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.message is not None
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    game_id = await game_id_of(bot, alice)
    for ply, move in enumerate([*WINNING_GAME[:-1], "pass"]):
        await bot.service.play(game_id, [alice, bob][ply % 2].id, [move])
    typed = await h.slash(bob, "move", notation="pass")
    assert typed.ephemeral and "Played" in typed.text
    return alice, bob


async def test_the_losing_second_pass_asks_first(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = await two_player_game_in_play(h, make_bot)
    carol = h.user("carol")
    board = h.last_message(h.default_channel)
    assert "Passes left: alice 0, bob 0" in board.text
    losing = board.button(label="Pass: your second pass loses the game")

    outsider = await h.click(carol, losing)
    assert outsider.ephemeral and "not playing in this game" in outsider.text
    early = await h.click(bob, losing)
    assert early.ephemeral and "not your turn" in early.text

    asked = await h.click(alice, losing)
    assert asked.ephemeral and asked.message is not None
    assert "This pass loses game #1 for your side. Pass anyway?" in asked.text
    assert asked.message.button(label="Yes, pass") and asked.message.button(label="No")
    assert board.components, "asking changes nothing on the board"
    yes = asked.message.button(label="Yes, pass").custom_id
    assert yes is not None
    forged = await h.forge(bob, board, yes)
    assert forged.ephemeral and "not your turn" in forged.text
    no_on_board = await h.forge(alice, board, yes.replace("pass:yes", "pass:no"))
    assert no_on_board.ephemeral and "You did not pass" in no_on_board.text and board.components

    kept = await h.click(alice, asked.message.button(label="No"))
    assert kept.updated and kept.message is not None
    assert "You did not pass: game #1 goes on." in kept.message.text and not kept.message.components
    assert h.last_message(h.default_channel).id == board.id and board.components

    asked = await h.click(alice, board.button(label="Pass: your second pass loses the game"))
    assert asked.message is not None
    passed = await h.click(alice, asked.message.button(label="Yes, pass"))
    assert passed.updated and passed.message is not None and "Done" in passed.message.text
    final = h.last_message(h.default_channel)
    assert "**bob** wins" in final.text and "second pass" in final.text
    assert [button.label for button in final.buttons] == ["Rematch", "Review"], "nothing left to play"
    assert board.content == "alice passed." and not board.components


async def test_the_first_pass_needs_no_question(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.message is not None
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    game_id = await game_id_of(bot, alice)
    for ply, move in enumerate(WINNING_GAME[:-2]):
        await bot.service.play(game_id, [alice, bob][ply % 2].id, [move])
    await h.slash(bob, "move", notation=WINNING_GAME[-2])
    board = h.last_message(h.default_channel)
    passed = await h.click(alice, board.button(label="Pass (your one pass)"))
    assert passed.updated and not passed.ephemeral
    assert f"<@{bob.id}>, your turn" in h.last_message(h.default_channel).content


async def test_arkaios_lists_the_openings_that_lose_at_once_last(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    menus = board.selects
    assert [m.placeholder for m in menus] == [
        "Build a level-2 pillar on…", "Build a level-3 pillar on…", "⚠️ Loses at once: a level-1 pillar on…"
    ]
    assert all(o["label"].endswith("(level 1) ⚠️ loses at once") for o in menus[-1].options)
    assert len(menus[-1].options) == 25 and not any("⚠️" in o["label"] for m in menus[:-1] for o in m.options)

    # Bob's answer to a level-2 opening marks nothing: no answer loses at once.
    board = await play_turn(h, alice, board, ["c3=2"])
    assert [m.placeholder for m in board.selects] == ["Build a level-1 pillar on…", "Build a level-3 pillar on…"]


# The rulebook's example: the openings (turns 1 and 2), then Alice's turn of three pillars (turn 3).
ARKAIOS_TURNS = [["c3=3"], ["d4=2"], ["b2=2", "b3=2", "a4=1"]]


async def test_arkaios_counts_turns_not_pillars(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    carol = h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    assert alt_of(board) == "Arkaios: alice to play. Turn 1."
    board = await play_turn(h, alice, board, ARKAIOS_TURNS[0])
    board = await play_turn(h, bob, board, ARKAIOS_TURNS[1])
    assert alt_of(board) == "Arkaios: alice to play. Turn 3. Last move: bob built level 2 on d4."
    drafted = await build(h, alice, board, "b2=2")
    assert alt_of(drafted).startswith("Arkaios: alice to play. Turn 3, move 1. Last move: alice built level 2 on b2")
    board = await play_turn(h, alice, drafted, ARKAIOS_TURNS[2][1:])
    assert alt_of(board).startswith("Arkaios: bob to play. Turn 4. Last move: alice built level 2 on b2")

    panel = (await h.slash(carol, "replay", game=1)).message
    assert panel is not None
    lines = []
    for _ in range(5):
        stepped = await h.click(carol, panel.button(label="Next"))
        assert stepped.message is not None
        panel = stepped.message
        lines.append(panel.text.splitlines()[1].split(": ")[0])
    assert lines == [
        "Turn **1**, move 1 (1 of 5)",
        "Turn **2**, move 1 (2 of 5)",
        "Turn **3**, move 1 (3 of 5)",
        "Turn **3**, move 2 (4 of 5)",
        "Turn **3**, move 3 (5 of 5)",
    ]


async def test_kouba_counts_turns_not_rolls(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: kouba.SEED)
    h = discord_harness
    players = [h.user("alice"), h.user("bob")]
    await h.start(make_bot())
    board = await kouba.open_table(h, players[0], players[1:])
    assert "Turn" not in alt_of(board), "no turn has begun while hands are swapped"
    for user in players:
        await kouba.swap(h, user, board, "swap:none")
    board = kouba.board_of(h)
    assert " Turn 1. " in alt_of(board)
    roller = next(user for user in players if user.id == kouba.pinged(board)[0])
    await h.click(roller, board.button(label="Roll the dice"))
    assert " Turn 1, move 1. " in alt_of(kouba.board_of(h))
