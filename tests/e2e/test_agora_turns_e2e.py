"""Agora's turn as a player sees it: all its decisions in a row reach the table as one board
update telling the whole turn, and a game that ends while it thinks ends quietly."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import pytest

from ai import Observation
from bot.agora_turn import SHOWN_STEPS
from bot.app import AgoraBot
from bot.scheduler import BOT
from bot.storage import MoveRow
from tests.e2e.test_against_agora_e2e import against_agora, arkaios_turn, bot_moves, finished
from tests.e2e.test_kouba_e2e import Autoplayer, board_of, fixed_seed, pinged, swap
from tests.harness import FakeDiscord, FakeMessage
from tests.harness.spec import DiscordSpec
from tests.harness.transport import RecordedRequest

__all__ = ["fixed_seed"]  # the Kouba tests' deal, used here too


def board_updates(requests: list[RecordedRequest]) -> list[RecordedRequest]:
    """The requests that drew a board on the table: every board carries its picture."""
    return [r for r in requests if r.files and any(f.filename.startswith("game") for f in r.files)]


def agora_steps(before: list[MoveRow], after: list[MoveRow], bot_id: int) -> list[MoveRow]:
    return [m for m in after[len(before) :] if m.user_id == bot_id]


async def kouba_table_with_three_agora_seats(h: FakeDiscord, level: str = "easy") -> FakeMessage:
    """Alice opens a table with three Agora seats at ``level``, starts it and keeps her cards."""
    alice = h.user("alice")
    lobby = await h.slash(alice, "kouba create", bots=3, level=level)
    assert lobby.message is not None, lobby.text
    started = await h.click(alice, lobby.message.button(label="Start"))
    assert started.updated, started.text
    await swap(h, alice, board_of(h), "swap:none")
    return board_of(h)


async def test_agora_plays_each_kouba_turn_as_one_board_update(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    await kouba_table_with_three_agora_seats(h)
    player = Autoplayer(h, [alice])
    turns: list[tuple[int, int, str]] = []  # Agora's decisions, the boards drawn, the turn's line
    for _ in range(80):
        board = board_of(h)
        if "Game over" in board.text or len([t for t in turns if t[0] > SHOWN_STEPS]) >= 1:
            break
        assert pinged(board) == [alice.id], "only alice is ever asked: Agora's seats never wait on the board"
        moves, sent = await bot.storage.moves(1), len(h.requests)
        await player.step(board)
        steps = agora_steps(moves, await bot.storage.moves(1), h.bot_user.id)
        if len(steps) >= 2:
            lines = [m.content for m in h.messages(h.default_channel)[-3:] if not m.attachments or m is not board]
            turns.append((len(steps), len(board_updates(h.requests[sent:])), " ".join(lines)))
    assert turns, "Agora played turns of several decisions"
    for decisions, drawn, _ in turns:
        # alice's own move is drawn once, then Agora's whole turn once: never a board per decision.
        assert drawn <= 2 < decisions + 1, (decisions, drawn)
    long_turns = [line for decisions, _, line in turns if decisions > SHOWN_STEPS]
    assert long_turns, "a turn longer than the line tells"
    assert any(f"the last {SHOWN_STEPS}:" in line and "Agora's turn, " in line for line in long_turns), long_turns
    await h.stop()


async def test_an_arkaios_turn_of_agora_is_one_board_and_one_line(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    board = await against_agora(h, alice, level="medium")
    several = 0
    for _ in range(4):
        moves = await bot.storage.moves(1)
        board, sent = await alice_confirms_a_turn(h, board)
        if finished(board):
            break
        steps = agora_steps(moves, await bot.storage.moves(1), h.bot_user.id)
        assert steps, "Agora answered"
        assert len(board_updates(h.requests[sent:])) <= 2, "alice's confirmed turn, then Agora's whole turn"
        told = " ".join(m.content for m in h.messages(h.default_channel)[-3:])
        if len(steps) > 1:
            several += 1
            assert told.count("Agora built") == 1, told
            assert all(f"on {m.notation.split('=')[0]}" in told for m in steps), told
    assert several, "Agora built turns of several pillars"
    await h.stop()


async def alice_confirms_a_turn(h: FakeDiscord, board: FakeMessage) -> tuple[FakeMessage, int]:
    """Alice builds the first pillar each menu offers, then confirms; returns the latest board and
    how many requests were made before the confirmation."""
    alice = h.user("alice")
    while not [b for b in board.buttons if b.label == "Confirm turn" and not b.disabled]:
        menu = board.selects[0]
        result = await h.select(alice, menu, values=[menu.options[0]["value"]])
        assert result.updated and result.message is not None, result.text
        board = result.message
    sent = len(h.requests)
    return await arkaios_turn(h, alice, board), sent


async def held(event: asyncio.Event) -> None:
    """Agora's search held until the test lets it go (the harness counts this wait as idle)."""
    await event.wait()


async def test_a_game_that_ends_while_agora_thinks_ends_quietly(
    discord_spec: DiscordSpec | None, make_bot: Callable[[], AgoraBot], caplog: pytest.LogCaptureFixture
) -> None:
    h = FakeDiscord(spec=discord_spec, idle_functions=[held])
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    thinking, resigned = asyncio.Event(), asyncio.Event()
    choose = bot.thinking.choose

    async def slow(obs: Observation, level: str, seed: int, step: int = 0) -> str:
        thinking.set()
        await held(resigned)  # alice resigns meanwhile
        return await choose(obs, level, seed, step)

    bot.thinking.choose = slow  # type: ignore[method-assign]
    try:
        board = await against_agora(h, alice)
        await arkaios_turn(h, alice, board)
        assert thinking.is_set(), "Agora is thinking about its answer"
        answer = await h.slash(alice, "resign")
        assert "resign" in answer.text.lower(), answer.text
        caplog.clear()
        with caplog.at_level(logging.INFO):
            resigned.set()
            await h.settle()
            assert await bot.scheduler.run_due() == 0, "nothing left to retry"
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
        assert not bot_moves(await bot.storage.moves(1), h.bot_user.id), "the bot played nothing after the end"
        assert [job for job in await bot.scheduler.pending() if job.kind == BOT] == []
    finally:
        await h.stop()
