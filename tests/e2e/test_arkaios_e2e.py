"""Arkaios from challenge to result, as two players see it in Discord."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser, HarnessError


async def challenge_accepted(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    """Alice challenges Bob, Bob accepts; returns the first board message."""
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert sent.type == 4 and not sent.ephemeral
    assert "bob" in sent.text.lower() or str(bob.id) in sent.content
    accepted = await h.click(bob, sent.button(label="Accept"))
    assert accepted.updated
    board = h.last_message(h.default_channel)
    assert board.attachments and board.attachments[0].filename.endswith(".png")
    assert board.attachments[0].data[:4] == b"\x89PNG"
    assert f"<@{alice.id}>" in board.content
    return board


def menu_for(board: FakeMessage, pillar: str) -> FakeComponent:
    """The select of the pillar's level."""
    level = pillar.split("=")[1]
    return next(s for s in board.components if s.type == 3 and f"level-{level}" in (s.placeholder or ""))


async def build(h: FakeDiscord, user: FakeUser, board: FakeMessage, pillar: str) -> FakeMessage:
    """Pick a pillar in the level select that offers it; returns the redrawn board."""
    result = await h.select(user, menu_for(board, pillar), values=[pillar])
    assert result.updated, result.text
    assert result.message is not None
    return result.message


async def play_turn(h: FakeDiscord, user: FakeUser, board: FakeMessage, pillars: list[str]) -> FakeMessage:
    """Build each pillar, confirm, and return the new board message."""
    for pillar in pillars:
        board = await build(h, user, board, pillar)
    confirmed = await h.click(user, board.button(label="Confirm turn"))
    assert confirmed.updated
    frozen = confirmed.message
    assert frozen is not None and not frozen.components
    return h.last_message(h.default_channel)


async def test_full_game_from_challenge_to_win(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    assert "level 1, 2 or 3" in board.text and "level-1 opening loses" in board.text
    board = await play_turn(h, alice, board, ["c3=1"])
    assert f"<@{bob.id}>" in board.content
    board = await play_turn(h, bob, board, ["d4=2"])
    # After openings 1 then 2, Alice has no legal turn: Bob wins at once.
    assert "bob" in board.text.lower() and "wins" in board.text
    assert "cannot complete a turn" in board.text
    assert [c.label for c in board.components] == ["Rematch", "Review"]
    assert board.attachments[0].size < 100_000


async def test_rulebook_turns_with_undo(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    board = await play_turn(h, alice, board, ["c3=3"])
    board = await play_turn(h, bob, board, ["d4=2"])
    assert "5** pieces" in board.text and "level 1" in board.text
    board = await build(h, alice, board, "b2=2")
    undone = await h.click(alice, board.button(label="Undo"))
    assert undone.updated and undone.message is not None
    assert "none yet" in undone.message.text
    board = await play_turn(h, alice, undone.message, ["b2=2", "b3=2", "a4=1"])
    assert "3** pieces" in board.text and "level 3" in board.text
    assert f"<@{bob.id}>" in board.content


async def test_wrong_player_and_outsider_are_refused(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    menu = menu_for(board, "c3=3")
    refused = await h.select(bob, menu, values=["c3=3"])
    assert refused.ephemeral and "not your turn" in refused.text
    refused = await h.select(carol, menu, values=["c3=3"])
    assert refused.ephemeral and "not playing in this game" in refused.text
    still = await play_turn(h, alice, board, ["c3=3"])
    assert f"<@{bob.id}>" in still.content


async def test_double_click_and_stale_button(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    drafted = await build(h, alice, board, "c3=3")
    confirm = drafted.button(label="Confirm turn")
    first, second = await h.click_together([(alice, confirm), (alice, confirm)])
    assert first.updated
    assert second.ephemeral and ("out of date" in second.text or "changed while" in second.text)
    pictured = [m for m in h.messages(h.default_channel) if m.attachments]
    assert len(pictured) == 1 and len(h.messages(h.default_channel)) == 3, "the turn was played once: one new board"
    with pytest.raises(HarnessError, match="has no component"):
        await h.click(alice, confirm)  # the old board is frozen for everyone


async def test_stale_controls_after_the_turn_moved_on(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    drafted = await build(h, alice, board, "c3=3")
    # Bob's screen still shows Alice's finished draft while Alice confirms; he clicks Undo on it.
    confirmed, stale = await h.click_together(
        [(alice, drafted.button(label="Confirm turn")), (bob, drafted.button(label="Undo"))]
    )
    assert confirmed.updated
    assert stale.ephemeral
    assert "out of date" in stale.text or "not your turn" in stale.text or "changed while" in stale.text


async def test_restart_between_two_moves(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    board = await play_turn(h, alice, board, ["c3=3"])
    await h.restart(make_bot())
    board = await play_turn(h, bob, board, ["d4=2"])
    assert f"<@{alice.id}>" in board.content and "5** pieces" in board.text


async def test_resign_and_games_list(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await challenge_accepted(h, alice, bob)
    listed = await h.slash(bob, "games")
    assert listed.ephemeral and "Arkaios" in listed.text and "waiting for alice" in listed.text
    resigned = await h.slash(bob, "resign")
    assert resigned.ephemeral and "You resigned" in resigned.text
    final = h.last_message(h.default_channel)
    assert "bob** resigned" in final.text.lower() and "alice** wins" in final.text.lower()
    empty = await h.slash(bob, "games")
    assert "no game in progress" in empty.text


async def test_challenge_declined_and_cancelled(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    intruder = await h.click(carol, sent.button(label="Accept"))
    assert intruder.ephemeral and "not addressed to you" in intruder.text
    declined = await h.click(bob, sent.button(label="Decline"))
    assert declined.updated and "declined" in declined.text and not declined.message.components  # type: ignore[union-attr]
    again = await h.slash(alice, "arkaios challenge", opponent=bob)
    cancelled = await h.click(alice, again.button(label="Decline"))
    assert "withdrawn by the challenger" in cancelled.text


async def test_move_command_and_bad_notation(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await challenge_accepted(h, alice, bob)
    bad = await h.slash(alice, "move", notation="z9=2")
    assert bad.ephemeral and "a1" in bad.text
    played = await h.slash(alice, "move", notation="c3=3")
    assert played.ephemeral and "Played c3=3" in played.text
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>" in board.content
    wrong = await h.slash(bob, "move", notation="d4=3")
    assert wrong.ephemeral and "level" in wrong.text


async def test_rules_page(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    shown = await h.slash(alice, "rules", game="arkaios")
    assert shown.ephemeral and "c3=2" in shown.text


async def test_challenging_yourself_or_a_bot(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    itself = await h.slash(alice, "arkaios challenge", opponent=alice)
    assert itself.ephemeral and "cannot challenge yourself" in itself.text
    robot = await h.slash(alice, "arkaios challenge", opponent=h.user("robot", bot=True))
    assert robot.ephemeral and "Other bots cannot play" in robot.text


async def test_game_carries_on_after_its_channel_is_deleted(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await challenge_accepted(h, alice, bob)
    await h.delete_channel(h.default_channel)
    other = h.channel("games")
    played = await h.slash(alice, "move", notation="c3=3 ", game=1, in_channel=other)
    assert played.ephemeral and "Played" in played.text
    board = h.last_message(other)
    assert f"<@{bob.id}>" in board.content and board.attachments
    board = await play_turn(h, bob, board, ["d4=2"])
    assert f"<@{alice.id}>" in board.content


async def test_damaged_game_row_is_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    await bot.storage.db.execute("UPDATE games SET state = '{\"broken\": true}' WHERE id = 1")
    clicked = await h.select(alice, menu_for(board, "c3=3"), values=["c3=3"])
    assert clicked.ephemeral and "damaged" in clicked.text
    listed = await h.slash(alice, "games")
    assert "no game in progress" in listed.text
