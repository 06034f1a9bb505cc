"""Replays: stepping through a stored game with the replay buttons, and the GIF export."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

from PIL import Image, ImageSequence

from bot.app import AgoraBot
from bot.service import GameRecord
from bot.storage import GameRow, MoveRow
from cogs.replay import gif_of, position_after
from render import replay as replay_gif
from rules import GAMES
from tests.e2e.test_arkaios_e2e import challenge_accepted, play_turn
from tests.harness import FakeDiscord


def game_id_of(h: FakeDiscord) -> int:
    board = h.last_message(h.default_channel)
    name = board.attachments[0].filename  # game-<id>-<version>.png
    return int(name.split("-")[1])


async def test_replay_steps_through_a_finished_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    board = await play_turn(h, alice, board, ["c3=1"])
    board = await play_turn(h, bob, board, ["d4=2"])
    game_id = game_id_of(h)

    opened = await h.slash(carol, "replay", game=game_id)
    assert opened.type == 4 and opened.ephemeral
    panel = opened.message
    assert panel is not None and "Starting position" in panel.text
    assert "Result: alice is blocked: bob wins." in panel.text
    assert panel.attachments[0].data[:4] == b"\x89PNG"
    assert panel.button(label="Previous").disabled and panel.button(label="First").disabled
    assert not panel.button(label="Next").disabled

    stepped = await h.click(carol, panel.button(label="Next"))
    assert stepped.updated and stepped.message is not None
    assert "Turn **1**, move 1 (1 of 2): alice built level 1 on c3." in stepped.message.text
    assert "alice" in stepped.message.text.lower()
    first_png = stepped.message.attachments[0].data

    stepped = await h.click(carol, stepped.message.button(label="Next"))
    assert stepped.message is not None
    assert "Turn **2**, move 1 (2 of 2): bob built level 2 on d4." in stepped.message.text
    assert stepped.message.button(label="Next").disabled and stepped.message.button(label="Last").disabled
    assert stepped.message.attachments[0].data != first_png

    back = await h.click(carol, stepped.message.button(label="Previous"))
    assert back.message is not None and "Turn **1**, move 1 (1 of 2)" in back.message.text
    assert back.message.attachments[0].data == first_png
    start = await h.click(carol, back.message.button(label="First"))
    assert start.message is not None and "Starting position" in start.message.text
    end = await h.click(carol, start.message.button(label="Last"))
    assert end.message is not None and "Turn **2**, move 1 (2 of 2)" in end.message.text

    exported = await h.click(carol, end.message.button(label="Export GIF"))
    gifs = [a for m in exported.messages for a in m.attachments if a.filename.endswith(".gif")]
    assert len(gifs) == 1 and gifs[0].size < 8_000_000
    with Image.open(io.BytesIO(gifs[0].data)) as image:
        assert image.format == "GIF" and sum(1 for _ in ImageSequence.Iterator(image)) == 3
    assert all(m.ephemeral for m in exported.messages if m.attachments)


async def test_replay_of_a_game_in_progress_and_refusals(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    await play_turn(h, alice, board, ["c3=3"])
    game_id = game_id_of(h)
    opened = await h.slash(bob, "replay", game=game_id)
    assert opened.message is not None and "not over" in opened.message.text and "1 move in all" in opened.message.text
    last = await h.click(bob, opened.message.button(label="Last"))
    assert last.message is not None and "Turn **1**, move 1 (1 of 1): alice built level 3 on c3." in last.message.text

    missing = await h.slash(bob, "replay", game=9999)
    assert missing.ephemeral and "no game #9999" in missing.text
    pending = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert pending.type == 4
    never = await h.slash(bob, "replay", game=game_id + 1)
    assert never.ephemeral and "never started" in never.text


async def test_replay_buttons_survive_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    await play_turn(h, alice, board, ["c3=3"])
    opened = await h.slash(bob, "replay", game=game_id_of(h))
    assert opened.message is not None
    await h.restart(make_bot())
    stepped = await h.click(bob, opened.message.button(label="Next"))
    assert stepped.updated and stepped.message is not None and "alice built level 3 on c3" in stepped.message.text


async def test_a_damaged_move_log_is_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    await play_turn(h, alice, board, ["c3=3"])
    async with bot.storage.transaction() as db:
        await db.execute("UPDATE moves SET notation = 'not a move'")
    opened = await h.slash(bob, "replay", game=game_id_of(h))
    assert opened.message is not None and "Starting position" in opened.message.text
    broken = await h.click(bob, opened.message.button(label="Next"))
    assert broken.ephemeral and "cannot be replayed" in broken.text


def test_frames_are_sampled_with_first_and_last() -> None:
    assert replay_gif.sample(3) == [0, 1, 2]
    picked = replay_gif.sample(500)
    assert len(picked) == replay_gif.MAX_FRAMES and picked[0] == 0 and picked[-1] == 499


def test_a_gif_over_the_limit_is_rebuilt_smaller() -> None:
    frames = [_noise_png(seed) for seed in range(8)]
    full = replay_gif.gif(frames)
    small = replay_gif.gif(frames, limit=len(full) // 3)
    assert len(small) <= len(full) // 3


def test_a_long_game_exports_a_sampled_gif_under_eight_megabytes() -> None:
    spec = GAMES["kouba"]
    state = spec.new(players=4, seed=3, options={})
    rnd, moves = random.Random(5), list[MoveRow]()
    while state.outcome is None:
        seat = state.actors[0]
        move = rnd.choice(state.legal_moves(seat))
        moves.append(MoveRow(len(moves) + 1, seat, seat, str(move), 0.0))
        state = state.play(seat, move)
    row = GameRow(
        id=1, game="kouba", guild_id=1, channel_id=1, status="finished", seats=[1, 2, 3, 4], accepted=[1, 2, 3, 4],
        options=spec.resolve_options({}), seed=3, state=state.to_json(), draft=[], outcome=None, end_reason=None,
        version=0, message_id=None, created_at=0.0, updated_at=0.0, turn_started_at=None,
    )
    record = GameRecord(row, state)
    assert position_after(record, moves, len(moves)) == state
    data = gif_of(record, moves, ["A", "B", "C", "D"], lambda view: view)
    assert len(moves) > replay_gif.MAX_FRAMES and len(data) < 8_000_000
    with Image.open(io.BytesIO(data)) as image:
        assert sum(1 for _ in ImageSequence.Iterator(image)) <= replay_gif.MAX_FRAMES


def _noise_png(seed: int) -> bytes:
    rnd = random.Random(seed)
    image = Image.frombytes("RGB", (200, 150), bytes(rnd.randrange(256) for _ in range(200 * 150 * 3)))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


async def test_replay_of_a_game_in_progress_keeps_secret_moves_secret(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    record = await bot.service.challenge(
        "dragons_arena", guild_id=h.guild.id, channel_id=h.default_channel.id, challenger=alice.id,
        invited=[bob.id], options={"level": "big"},
    )
    await bot.service.accept(record.id, bob.id)
    await bot.service.play(record.id, alice.id, ["set:1,2,3,4,4,4,5,5"])
    opened = await h.slash(bob, "replay", game=record.id)
    stepped = await h.click(bob, opened.button(label="Next"))
    assert stepped.message is not None and "Move **1** of 1" in stepped.message.text
    assert "1 2 3 4 4 4 5 5" not in stepped.message.text and "(FIRE) set their secret powers." in stepped.message.text
