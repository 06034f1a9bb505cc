"""The daily puzzle on a French server: the post, its private answer and its close in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.i18n import plural, text
from bot.puzzles import DAY_SECONDS, PuzzleStore, day_of
from rules import GAMES
from tests.e2e.conftest import Clock
from tests.e2e.puzzling import kept_puzzle, press
from tests.harness import FakeDiscord


async def test_a_daily_puzzle_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    channel = await h.create_channel("problemes")
    saved = await h.slash(h.owner, "agora settings", puzzle_channel=f"<#{channel.id}>")
    assert text("fr", "puzzle.setting_channel") in saved.text
    game = "kouba"
    puzzle_id, best, _ = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id], now=clock.now)
    clock.advance(DAY_SECONDS)
    await bot.scheduler.run_due()
    post = h.last_message(channel)
    assert text("fr", "puzzle.daily_title", day=day_of(clock.now), game=GAMES[game].name) in post.text
    panel = (await h.click(carol, post.button(label=text("fr", "puzzle.solve")))).message
    assert panel is not None and panel.ephemeral
    puzzle = await PuzzleStore(bot.storage).get(puzzle_id)
    assert puzzle is not None
    await press(h, carol, panel, {str(m) for m in puzzle.state().legal_moves(puzzle.seat)}, best)
    assert text("fr", "puzzle.right", move=best, best=best) in panel.text
    clock.advance(DAY_SECONDS)
    await bot.scheduler.run_due()
    assert plural("fr", "puzzle.daily_solved", 1, count=1) in post.text
