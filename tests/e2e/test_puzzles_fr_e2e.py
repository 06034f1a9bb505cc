"""/puzzle on a French server: the puzzle, its answers, the puzzle table and the opt-out in French, no English shown."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import plural, text
from bot.puzzles import PuzzleStore
from rules import GAMES
from tests.e2e.puzzling import kept_puzzle, press
from tests.harness import FakeDiscord


@pytest.mark.parametrize("game", ["arcanor", "kouba"])
async def test_a_puzzle_in_french_right_then_wrong(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    first, best, _ = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id], seed=1)
    second, _, played = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id], seed=2)
    opened = await h.slash(alice, "puzzle")
    panel = opened.message
    assert panel is not None and panel.ephemeral
    assert text("fr", "puzzle.title", id=second, game=GAMES[game].name) in panel.text
    assert text("fr", "puzzle.from_server") in panel.text
    store = PuzzleStore(bot.storage)
    puzzle = await store.get(second)
    assert puzzle is not None
    await press(h, alice, panel, {str(m) for m in puzzle.state().legal_moves(puzzle.seat)}, played)
    assert text("fr", "puzzle.wrong", move=played, best=puzzle.best) in panel.text
    await h.click(alice, panel.button(label=text("fr", "puzzle.next")))
    other = await store.get(first)
    assert other is not None
    await press(h, alice, panel, {str(m) for m in other.state().legal_moves(other.seat)}, best)
    assert text("fr", "puzzle.right", move=best, best=best) in panel.text
    assert "série : 1" in panel.text
    board = await h.slash(bob, "leaderboard", game=game, table="puzzles")
    assert text("fr", "puzzle.board_title", game=GAMES[game].name) in board.text


async def test_the_opt_out_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    await kept_puzzle(bot, h.guild.id, sorted(GAMES)[0], [alice.id, bob.id])
    out = await h.slash(bob, "puzzle-privacy", keep_out=True)
    assert plural("fr", "puzzle.kept_out", 1, dropped=1) in out.text
    none = await h.slash(alice, "puzzle")
    assert text("fr", "puzzle.none") in none.text
