"""Playing against Agora itself, as players see it: the bot accepts at once, moves through the
scheduler like a player, survives restarts, never answers a stale position and is never rated."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

from ai import Observation
from bot.app import AgoraBot
from bot.movelog import replay
from bot.scheduler import BOT, LEASE_SECONDS
from bot.storage import MoveRow
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser


def finished(board: FakeMessage) -> bool:
    return [c.label for c in board.components] == ["Rematch", "Review"]


async def arkaios_turn(h: FakeDiscord, user: FakeUser, board: FakeMessage) -> FakeMessage:
    """Build the first pillar each menu offers until the turn can be confirmed; returns the latest board."""
    while True:
        confirm = [b for b in board.buttons if b.label == "Confirm turn" and not b.disabled]
        if confirm:
            result = await h.click(user, confirm[0])
            assert result.updated, result.text
            return h.last_message(h.default_channel)
        menu = board.selects[0]
        result = await h.select(user, menu, values=[menu.options[0]["value"]])
        assert result.updated and result.message is not None, result.text
        board = result.message


async def test_a_full_arkaios_game_against_agora_at_easy(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level="easy")
    assert started.type == 4 and not started.ephemeral, started.text
    assert "Agora plays" in started.text and "Seat 2: easy" in started.text
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>" in board.content
    for _ in range(40):
        if finished(board):
            break
        board = await arkaios_turn(h, alice, board)
    assert finished(board), board.text
    assert "wins" in board.text
    moves = await bot.storage.moves(1)
    assert {m.user_id for m in moves if m.seat == 1} == {h.bot_user.id}
    await h.stop()


async def against_agora(h: FakeDiscord, alice: FakeUser, level: str = "easy") -> FakeMessage:
    """Alice challenges Agora at ``level``; returns the first board."""
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level=level)
    assert started.type == 4 and not started.ephemeral, started.text
    return h.last_message(h.default_channel)


def bot_moves(moves: list[MoveRow], bot_id: int) -> list[MoveRow]:
    return [m for m in moves if m.user_id == bot_id]


def hold_the_bot(bot: AgoraBot) -> None:
    """The bot's job is added but not run at once (as when the process dies right after the move)."""
    bot.scheduler.run_soon = lambda: None  # type: ignore[method-assign]


async def test_the_bot_moves_in_a_worker_process_and_is_never_rated(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    board = await against_agora(h, alice)
    board = await arkaios_turn(h, alice, board)
    pool = bot.thinking._pool
    assert isinstance(pool, ProcessPoolExecutor) and pool._processes, "the move was chosen in a worker"
    assert bot_moves(await bot.storage.moves(1), h.bot_user.id), "the bot answered Alice's turn"
    assert f"<@{alice.id}>" in board.content, "Alice's turn again, on a new board"
    texts = [m.text for m in h.messages(h.default_channel)]
    assert not [t for t in texts if "thinking" in t.lower() or "evaluation" in t.lower()]
    resigned = await h.slash(alice, "resign")
    assert not resigned.ephemeral or "resign" in resigned.text.lower()
    found = await bot.storage.db.fetchrow("SELECT COUNT(*) FROM rating_changes")
    assert found is not None and found[0] == 0, "a game against the bot is never rated"
    await h.stop()


async def test_rematch_seats_the_bot_first_and_it_opens(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    board = await against_agora(h, alice)
    await h.slash(alice, "resign")
    board = h.last_message(h.default_channel)
    again = await h.click(alice, board.button(label="Rematch"))
    assert again.ephemeral and "#2" in again.text, again.text
    rematch = await bot.service.load(2)
    assert rematch.seats == [h.bot_user.id, alice.id] and rematch.bot_seats == {0: "easy"}
    assert [m.seat for m in await bot.storage.moves(2)] == [0], "the bot opened at once"
    assert f"<@{alice.id}>" in h.last_message(h.default_channel).content
    await h.stop()


async def test_a_restart_before_the_bot_moved_makes_it_move_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    first = make_bot()
    await h.start(first)
    hold_the_bot(first)
    board = await against_agora(h, alice)
    board = await arkaios_turn(h, alice, board)
    assert not bot_moves(await first.storage.moves(1), h.bot_user.id)
    assert [job.kind for job in await first.scheduler.pending()] == ["bot"]
    assert board.content == "Agora is thinking…", "nobody to mention while the bot plays, nothing of its search"
    restarted = make_bot()
    await h.restart(restarted)  # the start-up run of the scheduler plays the bot's move
    assert len(bot_moves(await restarted.storage.moves(1), h.bot_user.id)) == 1
    assert f"<@{alice.id}>" in h.last_message(h.default_channel).content
    assert "thinking" not in board.content, "the board of the bot's turn keeps only what happened"
    assert await restarted.scheduler.run_due() == 0
    again = make_bot()
    await h.restart(again)
    assert len(bot_moves(await again.storage.moves(1), h.bot_user.id)) == 1, "never twice"
    await h.stop()


async def test_a_restart_while_the_bot_thinks_makes_it_move_once_after(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice = h.user("alice")
    first = make_bot()
    await h.start(first)

    async def thinks_forever(*args: object) -> str:
        await asyncio.sleep(3600)
        raise AssertionError("the bot's process stopped before it chose")

    first.thinking.choose = thinks_forever  # type: ignore[method-assign,assignment]
    board = await against_agora(h, alice)
    board = await arkaios_turn(h, alice, board)
    assert not bot_moves(await first.storage.moves(1), h.bot_user.id)
    restarted = make_bot()
    await h.restart(restarted)  # the job is still leased by the process that stopped mid-thought
    assert not bot_moves(await restarted.storage.moves(1), h.bot_user.id)
    clock.advance(LEASE_SECONDS + 1)
    assert await restarted.scheduler.run_due() == 1
    await h.settle()
    assert len(bot_moves(await restarted.storage.moves(1), h.bot_user.id)) == 1
    assert f"<@{alice.id}>" in h.last_message(h.default_channel).content
    clock.advance(LEASE_SECONDS + 1)
    assert await restarted.scheduler.run_due() == 0, "the job ran once"
    await h.stop()


async def test_a_stale_job_does_nothing(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    board = await against_agora(h, alice)
    board = await arkaios_turn(h, alice, board)
    played = await bot.storage.moves(1)
    sent = len(h.requests)
    old = await bot.service.load(1)
    # A job for a position the game has left (the version before the bot's move) runs and plays nothing.
    async with bot.storage.transaction() as db:
        await bot.scheduler.add(db, BOT, 1, float(old.version - 1), clock.now)
    assert await bot.scheduler.run_due() == 1
    await h.settle()
    assert await bot.storage.moves(1) == played and len(h.requests) == sent
    # Once the game is over, a job at its last version plays nothing either.
    await h.slash(alice, "resign")
    over = await bot.service.load(1)
    sent = len(h.requests)
    async with bot.storage.transaction() as db:
        await bot.scheduler.add(db, BOT, 1, float(over.version), clock.now)
    assert await bot.scheduler.run_due() == 1
    await h.settle()
    assert await bot.storage.moves(1) == played and len(h.requests) == sent
    await h.stop()


async def test_nobody_moves_for_the_bot(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    hold_the_bot(bot)
    board = await against_agora(h, alice)
    board = await arkaios_turn(h, alice, board)
    assert board.content == "Agora is thinking…", "the bot's turn, its job waiting"
    menu = board.selects[0]
    assert board.selects and all(select.disabled for select in board.selects), "nothing to click while Agora plays"
    record = await bot.service.load(1)
    forged = f"agora:s:1:{record.version}:build1"
    answer = await h.forge(alice, board, forged, values=[menu.options[0]["value"]])
    assert answer.ephemeral and "not your turn" in answer.text
    answer = await h.forge(bob, board, forged, values=[menu.options[0]["value"]])
    assert answer.ephemeral and "not playing" in answer.text
    typed = await h.slash(alice, "move", notation=menu.options[0]["value"])
    assert typed.ephemeral and "not your turn" in typed.text
    assert not bot_moves(await bot.storage.moves(1), h.bot_user.id), "no click plays the bot's seat"
    assert (await bot.service.load(1)).version == record.version
    await h.stop()


async def test_the_profile_shows_the_record_against_each_level(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    fresh = await h.slash(alice, "profile")
    assert "Against Agora" not in fresh.text
    for level in ("easy", "hard", "hard"):
        await against_agora(h, alice, level)
        resigned = await h.slash(alice, "resign")
        assert "resign" in resigned.text.lower() or not resigned.ephemeral
    board = await against_agora(h, alice, "medium")
    for _ in range(40):
        if finished(board):
            break
        board = await arkaios_turn(h, alice, board)
    last = await bot.service.load(4)
    assert last.outcome is not None
    won = int(0 in last.outcome.winners)
    shown = await h.slash(alice, "profile")
    assert "Against Agora (unrated)" in shown.text
    assert "easy: 0W/1L/0D" in shown.text and "hard: 0W/2L/0D" in shown.text
    assert f"medium: {won}W/{1 - won}L/0D" in shown.text
    assert shown.text.index("easy:") < shown.text.index("medium:") < shown.text.index("hard:")
    await h.stop()


async def test_no_offers_no_reminders_and_no_claims_against_the_bot(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", timeout_rule="claim", deadline="2h")
    assert "Settings saved" in saved.text
    board = await against_agora(h, alice)
    for asked in ("draw", "takeback"):
        refused = await h.slash(alice, asked)
        assert refused.ephemeral and "Agora does not answer draw offers or take-backs" in refused.text
    board = await arkaios_turn(h, alice, board)
    clock.advance(3 * 3600)
    await bot.scheduler.run_due()
    await h.settle()
    texts = [m.text for m in h.messages(h.default_channel)]
    assert not [t for t in texts if f"<@{h.bot_user.id}>" in t and ("claim" in t.lower() or "⏰" in t)]
    assert "wins on time" in h.last_message(h.default_channel).text, "no claim for the bot to make: Alice lost"
    await h.stop()


@pytest.mark.parametrize(
    ("command", "level_option"), [("arcanor challenge", "level"), ("dragons challenge", "bot_level")]
)
async def test_the_bot_answers_in_games_with_secrets_and_dice(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], command: str, level_option: str
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    seen: list[Observation] = []
    choose = bot.thinking.choose

    async def watched(obs: Observation, level: str, seed: int, step: int = 0) -> str:
        seen.append(obs)
        return await choose(obs, level, seed, step)

    bot.thinking.choose = watched  # type: ignore[method-assign]
    started = await h.slash(alice, command, opponent=h.bot_user, **{level_option: "easy"})
    assert "Seat 2: easy" in started.text, started.text
    for _ in range(4):
        record = await bot.service.load(1)
        assert record.state is not None and record.waiting_bots() == [], "the bot has answered"
        if record.outcome is not None:
            break
        seat = record.state.waiting_for[0]
        assert seat == 0
        typed = await h.slash(alice, "move", notation=str(record.state.legal_moves(0)[0]))
        assert typed.ephemeral and "Played" in typed.text, typed.text
    moves = await bot.storage.moves(1)
    assert {m.seat for m in moves} == {0, 1} and {m.user_id for m in moves if m.seat == 1} == {h.bot_user.id}
    assert seen, "the bot thought"
    row = (await bot.service.load(1)).row
    for obs in seen:
        # The position each decision was taken in: the stored moves before it, replayed.
        view = replay(row, moves[: len(obs.log)]).view(obs.seat)
        assert obs.seat == 1 and dict(obs.view) == view, "the bot's seat's view, nothing more"
        assert all(n == "set:hidden" for seat, n in obs.log if seat == 0 and n.startswith("set:"))
    await h.stop()
