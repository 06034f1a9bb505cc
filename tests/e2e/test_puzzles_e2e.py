"""/puzzle: puzzles from the server's games, answered privately with each game's own controls; ratings,
streaks, hidden positions that tell no secret, and the opt-out."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.i18n import plural, text
from bot.puzzles import Puzzle, PuzzleStore
from bot.workers import NICENESS
from cogs.puzzles import MINING_DELAY
from rules import GAMES
from tests.bot.test_mining import MISSED_WIN
from tests.e2e.conftest import Clock
from tests.e2e.puzzling import finished_game, kept_puzzle, press
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def opened(h: FakeDiscord, user: FakeUser, **options: str) -> FakeMessage:
    answer = await h.slash(user, "puzzle", **options)
    assert answer.message is not None and answer.message.ephemeral, answer.text
    return answer.message


async def stored(bot: AgoraBot, puzzle_id: int) -> Puzzle:
    found = await PuzzleStore(bot.storage).get(puzzle_id)
    assert found is not None
    return found


def legal(puzzle: Puzzle) -> set[str]:
    return {str(move) for move in puzzle.state().legal_moves(puzzle.seat)}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_puzzle_is_solved_with_the_games_own_controls(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    puzzle_id, best, played = await kept_puzzle(bot, h.guild.id, game, [bob.id, alice.id])
    panel = await opened(h, alice, game=game)
    assert text("en", "puzzle.title", id=puzzle_id, game=GAMES[game].name) in panel.text
    assert text("en", "puzzle.from_server") in panel.text, "no names unless the server allows them"
    assert "bob" not in panel.text
    assert all((c.custom_id or "").startswith("agora:puzzle:") for c in panel.components), (
        "the puzzle owns its controls"
    )
    answer = await press(h, alice, panel, legal(await stored(bot, puzzle_id)), best)
    assert answer.updated and answer.message is panel
    assert text("en", "puzzle.right", move=best, best=best) in panel.text
    assert f"**{played}**" in panel.text, "the move played in the game is told"
    [rating] = await PuzzleStore(bot.storage).ratings_of(h.guild.id, alice.id)
    assert rating.game == game and (rating.tried, rating.solved) == (1, 1)
    assert text("en", "puzzle.rated", before=1500, after=rating.shown, streak=1) in panel.text
    assert panel.attachments and panel.attachments[0].filename == f"puzzle-{puzzle_id}-line.png", "the line is pictured"
    assert not h.messages(h.default_channel), "nothing of a puzzle is posted in the channel"


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_wrong_answer_is_told_and_ends_the_streak(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    first, best, _ = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id], seed=1)
    second, _, played = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id], seed=2)
    panel = await opened(h, alice)
    assert text("en", "puzzle.title", id=second, game=GAMES[game].name) in panel.text, "the newest first"
    puzzle = await stored(bot, second)
    await press(h, alice, panel, legal(puzzle), played)
    assert text("en", "puzzle.wrong", move=played, best=puzzle.best) in panel.text
    assert "streak: 0" in panel.text
    await h.click(alice, panel.button(label=text("en", "puzzle.next")))
    assert text("en", "puzzle.title", id=first, game=GAMES[game].name) in panel.text, "Next deals the other puzzle"
    await press(h, alice, panel, legal(await stored(bot, first)), best)
    assert "streak: 1" in panel.text
    assert (await PuzzleStore(bot.storage).streak(h.guild.id, alice.id)).best == 1
    nothing = await h.slash(alice, "puzzle")
    assert nothing.ephemeral and text("en", "puzzle.none") in nothing.text, "every puzzle answered"


async def test_a_puzzle_answered_again_changes_nothing(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    game = sorted(GAMES)[0]
    puzzle_id, best, played = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id])
    first = await opened(h, alice)
    second = await opened(h, alice)
    puzzle = await stored(bot, puzzle_id)
    await press(h, alice, first, legal(puzzle), played)
    await press(h, alice, second, legal(puzzle), best)
    assert text("en", "puzzle.right", move=best, best=best) in second.text
    assert text("en", "puzzle.practice") in second.text, "only the first answer counts"
    [rating] = await PuzzleStore(bot.storage).ratings_of(h.guild.id, alice.id)
    assert (rating.tried, rating.solved) == (1, 0)
    after = await stored(bot, puzzle_id)
    assert after.rating > puzzle.rating, "a puzzle missed rises"


async def test_your_own_games_come_first_and_a_game_can_be_chosen(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    games = sorted(GAMES)
    mine, _, _ = await kept_puzzle(bot, h.guild.id, games[0], [alice.id, bob.id], seed=1)
    theirs, _, _ = await kept_puzzle(bot, h.guild.id, games[1], [bob.id, carol.id], seed=1)
    assert text("en", "puzzle.title", id=mine, game=GAMES[games[0]].name) in (await opened(h, alice)).text
    assert text("en", "puzzle.title", id=theirs, game=GAMES[games[1]].name) in (await opened(h, carol)).text
    chosen = await opened(h, alice, game=games[1])
    assert text("en", "puzzle.title", id=theirs, game=GAMES[games[1]].name) in chosen.text
    none = await h.slash(alice, "puzzle", game=games[2])
    assert text("en", "puzzle.none_of_game", game=GAMES[games[2]].name) in none.text


@pytest.mark.parametrize("game", ["arcanor", "kouba"])
async def test_a_hidden_position_shows_no_secret(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    """Two puzzles kept from the same moment, from two worlds the mover could not tell apart (others'
    secrets invented differently): their panels are the same in every word, control and pixel."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    one, _, _ = await kept_puzzle(bot, h.guild.id, game, [bob.id, alice.id], seed=3, world_seed=1)
    other, _, _ = await kept_puzzle(bot, h.guild.id, game, [bob.id, alice.id], seed=3, world_seed=2)
    first, second = await stored(bot, one), await stored(bot, other)
    assert first.position != second.position, "the worlds differ in what the mover could not see"
    panel = await opened(h, alice)
    seen = [snapshot(panel, other)]
    await press(h, alice, panel, legal(second), second.best)
    await h.click(alice, panel.button(label=text("en", "puzzle.next")))
    seen.append(snapshot(panel, one))
    assert seen[0] == seen[1], "the panels tell nothing the mover could not see"


def snapshot(panel: FakeMessage, puzzle_id: int) -> tuple[str, list[tuple[str, ...]], bytes]:
    """What a puzzle panel shows: its words (its number left out), its controls and its picture."""
    controls = sorted((c.label or "", c.placeholder or "", *c.values) for c in panel.components)
    return panel.text.replace(f"#{puzzle_id}", "#"), controls, panel.attachments[0].data


async def test_a_player_keeps_their_games_out_of_puzzles(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    game = sorted(GAMES)[0]
    await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id])
    status = await h.slash(bob, "puzzle-privacy")
    assert text("en", "puzzle.privacy_in") in status.text
    out = await h.slash(bob, "puzzle-privacy", keep_out=True)
    assert plural("en", "puzzle.kept_out", 1, dropped=1) in out.text
    none = await h.slash(carol, "puzzle")
    assert text("en", "puzzle.none") in none.text, "the puzzle of bob's game is gone"
    assert text("en", "puzzle.privacy_out") in (await h.slash(bob, "puzzle-privacy")).text
    cog: Any = bot.get_cog("Puzzles")  # an extension's class, loaded apart from this module's import
    game_id = await finished_game(bot, h.guild.id, game, [bob.id, carol.id], seed=2)
    assert await cog.mine_game(game_id) == [], "a game of a player who keeps out gives no puzzle"
    assert await PuzzleStore(bot.storage).next_to_mine(bot.clock()) is None, "and it is not mined again"
    back = await h.slash(bob, "puzzle-privacy", keep_out=False)
    assert text("en", "puzzle.let_in") in back.text


async def test_puzzle_ratings_on_the_leaderboard_and_the_profile(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    game = sorted(GAMES)[0]
    empty = await h.slash(alice, "leaderboard", game=game, table="puzzles")
    assert text("en", "puzzle.board_empty", game=GAMES[game].name) in empty.text
    puzzle_id, best, played = await kept_puzzle(bot, h.guild.id, game, [alice.id, bob.id])
    puzzle = await stored(bot, puzzle_id)
    await press(h, bob, await opened(h, bob), legal(puzzle), best)
    await press(h, carol, await opened(h, carol), legal(puzzle), played)
    board = await h.slash(alice, "leaderboard", game=game, table="puzzles")
    assert not board.ephemeral
    store = PuzzleStore(bot.storage)
    [first, second] = await store.table(h.guild.id, game)
    assert (first.user_id, second.user_id) == (bob.id, carol.id), "the solver above the one who missed"
    assert board.text.index(f"<@{bob.id}>") < board.text.index(f"<@{carol.id}>")
    assert f"**{first.label}** · 1/1" in board.text and f"**{second.label}** · 0/1" in board.text
    profile = await h.slash(alice, "profile", user=bob)
    assert text("en", "puzzle.profile") in profile.text
    line = text("en", "puzzle.profile_line", game=GAMES[game].name, rating=first.label, solved=1, tried=1)
    assert line in profile.text
    assert text("en", "puzzle.profile_streak", current=1, best=1) in profile.text
    games = await h.slash(alice, "leaderboard", game=game)
    assert text("en", "puzzle.board_title", game=GAMES[game].name) not in games.text, "the games table by default"


async def test_a_finished_game_is_mined_after_a_restart_and_its_puzzle_dealt(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    """Crosses miss a win and lose: minutes after the end, and after a restart, a worker at the system's lowest
    priority (apart from the AI workers: live moves never wait for it) mines the game and keeps the missed win
    as a puzzle; a player of the game is dealt it first."""
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "tictactoe challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    users = {alice.id: alice, bob.id: bob}
    for seat, move in MISSED_WIN:
        played = await h.slash(users[record.seats[seat]], "move", notation=move)
        assert played.ephemeral, played.text
    store = PuzzleStore(bot.storage)
    assert await store.next_to_mine(clock()) == record.id, "queued when it ended"
    bot = make_bot()
    await h.restart(bot)
    store = PuzzleStore(bot.storage)
    cog: Any = bot.get_cog("Puzzles")
    await bot.scheduler.run_due()
    assert cog.miner is None, "not before its players had time for a review or a rematch"
    clock.advance(MINING_DELAY)
    await bot.scheduler.run_due()
    await cog.miner
    assert await store.next_to_mine(clock()) is None, "mined once"
    assert await cog.workers.run(os.nice, 0) == NICENESS, "mined at the lowest processor priority"
    crosses = users[record.seats[0]]
    panel = await opened(h, carol)
    assert text("en", "puzzle.title", id=1, game=GAMES["tic_tac_toe"].name) in panel.text
    answer = await h.click(carol, panel.button(label="a3"))
    assert answer.updated and text("en", "puzzle.right", move="a3", best="a3") in panel.text
    assert "c3" in panel.text, "the move played in the game"
    assert text("en", "puzzle.title", id=1, game=GAMES["tic_tac_toe"].name) in (await opened(h, crosses)).text
