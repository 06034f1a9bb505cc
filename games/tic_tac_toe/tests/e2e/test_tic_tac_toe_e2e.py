"""Tic-tac-toe, the game installed as a package (``agora_tic_tac_toe``), played through the whole bot:
challenge, board, buttons, /move, refusals, the end, ratings, replay, Agora, Hint, Review and a
Swiss tournament."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def challenge_accepted(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    """Alice challenges Bob, Bob accepts; returns the first board message."""
    sent = await h.slash(alice, "tictactoe challenge", opponent=bob)
    assert sent.type == 4 and not sent.ephemeral, sent.text
    assert "Tic-tac-toe" in sent.text
    accepted = await h.click(bob, sent.button(label="Accept"))
    assert accepted.updated, accepted.text
    return h.last_message(h.default_channel)


async def mark(h: FakeDiscord, user: FakeUser, board: FakeMessage, square: str) -> FakeMessage:
    """``user`` presses the square's button; returns the latest board."""
    pressed = await h.click(user, board.button(label=square))
    assert pressed.updated, pressed.text
    return h.last_message(h.default_channel)


def finished(board: FakeMessage) -> bool:
    """A finished board's controls are the ones after a game (Rematch, Review): no square is left."""
    return "Rematch" in [c.label for c in board.components]


async def test_a_game_from_challenge_to_three_in_a_row(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    assert f"<@{alice.id}>, your turn." in board.content
    assert "**alice** to play (X)." in board.text
    assert board.attachments[0].data[:4] == b"\x89PNG"
    assert len([b for b in board.buttons if b.label in {"a1", "b2", "c3"}]) == 3
    board = await mark(h, alice, board, "a1")
    assert f"<@{bob.id}>, your turn." in board.content and "**bob** to play (O)." in board.text
    assert board.button(label="❌ a1").disabled
    refused = await h.click(carol, board.button(label="b1"))
    assert refused.ephemeral and "not playing in this game" in refused.text
    refused = await h.click(alice, board.button(label="b1"))
    assert refused.ephemeral and "not your turn" in refused.text
    taken = await h.slash(bob, "move", notation="a1")
    assert taken.ephemeral and "a1 is already marked." in taken.text
    typed = await h.slash(bob, "move", notation="a2")
    assert typed.ephemeral and "a2" in typed.text, typed.text
    board = h.last_message(h.default_channel)
    board = await mark(h, alice, board, "b2")
    board = await mark(h, bob, board, "b1")
    board = await mark(h, alice, board, "c3")
    assert finished(board), board.text
    assert "alice made three in a row" in board.text
    assert f"<@{alice.id}>" in board.content and f"<@{bob.id}>" in board.content
    await h.stop()


async def test_ratings_and_replay_of_a_finished_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    for user, square in [(alice, "a1"), (bob, "a2"), (alice, "b2"), (bob, "b1"), (alice, "c3")]:
        board = await mark(h, user, board, square)
    assert finished(board)
    leaderboard = await h.slash(carol, "leaderboard", game="tic_tac_toe")
    assert leaderboard.type == 4 and not leaderboard.ephemeral, leaderboard.text
    text = leaderboard.text
    assert text.index(f"<@{alice.id}>") < text.index(f"<@{bob.id}>"), text
    assert "1W/0L/0D" in text and "0W/1L/0D" in text
    replay = await h.slash(carol, "replay", game=1)
    assert replay.ephemeral and replay.message is not None
    assert "Result: alice made three in a row." in replay.message.text, replay.message.text
    stepped = await h.click(carol, replay.message.button(label="Next"))
    assert stepped.message is not None and "alice marked a1." in stepped.message.text, stepped.message.text
    rules = await h.slash(carol, "rules", game="tic_tac_toe")
    assert "three of your marks in a row" in rules.text
    await h.stop()


async def test_a_game_against_agora_to_its_end(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    started = await h.slash(alice, "tictactoe challenge", opponent=h.bot_user, level="hard")
    assert started.type == 4 and not started.ephemeral, started.text
    assert "Agora plays" in started.text
    board = h.last_message(h.default_channel)
    for _ in range(5):
        if finished(board):
            break
        free = [b for b in board.buttons if not b.disabled and b.label and len(b.label) == 2]
        board = await mark(h, alice, board, free[0].label or "")
    assert finished(board), board.text
    assert "made three in a row" in board.text or "The board is full: a draw" in board.text
    moves = await bot.storage.moves(1)
    assert {m.user_id for m in moves if m.seat == 1} == {h.bot_user.id}
    await h.stop()


async def test_hint_and_review_against_agora(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    await h.slash(alice, "tictactoe challenge", opponent=h.bot_user, level="easy")
    board = h.last_message(h.default_channel)
    hinted = await h.click(alice, board.button(label="Hint"))
    assert hinted.message is not None and hinted.message.ephemeral, hinted.text
    assert "Agora (medium) would play" in hinted.message.text, hinted.message.text
    assert hinted.message.attachments[0].filename.startswith("hint-")
    while not finished(board):
        free = [b for b in board.buttons if not b.disabled and b.label and len(b.label) == 2]
        board = await mark(h, alice, board, free[-1].label or "")
    review = await h.click(alice, board.button(label="Review"))
    assert review.message is not None and review.message.ephemeral, review.text
    assert "went wrong" not in review.message.text, review.message.text
    await h.stop()


async def test_a_swiss_tournament_round_is_announced(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    made = await h.slash(h.owner, "tournament create", game="tic_tac_toe", format="swiss", deadline="1h", starts="1h")
    assert made.type == 4 and not made.ephemeral, made.text
    assert made.message is not None and "Tic-tac-toe" in made.message.text, made.message.text
    for player in (alice, bob):
        joined = await h.slash(player, "tournament join")
        assert joined.ephemeral and "You are in tournament" in joined.text, joined.text
    clock.advance(2 * 3600)
    await bot.scheduler.run_due()
    await h.settle()
    [announced] = [m for m in h.messages(h.default_channel) if "round 1 of" in m.text and not m.attachments]
    assert "Who moves first is balanced" in announced.text, announced.text
    boards = [m for m in h.messages(h.default_channel) if m.attachments and "Tic-tac-toe" in m.text]
    assert boards, "the round's game is posted"
    await h.stop()
