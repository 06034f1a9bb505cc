"""Hint and Review stay within reach on the fullest boards: the board's rows are packed, and what finds
no room there is in the board's "⋯" menu (a player's private menu of the game)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from bot.storage import Changes
from cogs.common import game_cog
from rules import GAMES, GameState
from rules.kouba import KoubaState
from tests.e2e.test_kouba_e2e import board_of, fixed_seed, game_id, swap
from tests.e2e.test_kouba_rulings_e2e import dice
from tests.e2e.test_review_e2e import BLUNDER, blundered_game
from tests.harness import FakeDiscord, FakeMessage, FakeUser

__all__ = ["fixed_seed"]  # the Kouba tests' deal: every deal and roll the same

MENU = "⋯"


async def six_alike_against_agora(h: FakeDiscord, app: AgoraBot, alice: FakeUser) -> FakeMessage:
    """Alice and five Agora seats; alice to roll, her dice six alike: every row of the board is used
    (rolls and giving up, the keep menu, the claim menu, two menus to give a Kouba to any of 30 piles)."""
    lobby = await h.slash(alice, "kouba create", bots=5, level="easy")
    assert lobby.message is not None
    await h.click(alice, lobby.message.button(label="Start"))
    await swap(h, alice, board_of(h), "swap:none")
    gid = game_id(board_of(h))
    record = await app.service.load(gid)
    assert isinstance(record.state, KoubaState)
    state = KoubaState.from_json(record.state.to_json())
    state.turn = 0
    dice(state, 0, [2] * 6)
    await app.storage.update_game(gid, record.version, Changes({"state": state.to_json()}))
    await game_cog(app, "kouba").post_board(None, await app.service.load(gid))
    return board_of(h)


def rows(board: FakeMessage) -> int:
    return len(board.raw_components)


async def test_the_fullest_kouba_board_keeps_its_hint_and_menu(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    app = make_bot()
    await h.start(app)
    board = await six_alike_against_agora(h, app, alice)
    assert rows(board) == 5 and len(board.selects) == 4, "every row in use"
    assert board.select(placeholder="Six alike: more players and piles…")
    assert board.button(label=MENU) and board.button(label=text("en", "hint.button")), "packed into the first row"
    opened = await h.click(alice, board.button(label=MENU))
    assert opened.ephemeral and opened.message is not None
    hint = opened.message.button(label=text("en", "hint.button"))
    hinted = await h.click(alice, hint)
    assert hinted.message is not None and hinted.message.ephemeral
    assert "Agora (medium) would play" in hinted.message.text, hinted.message.text


async def test_the_menu_offers_the_hint_to_the_player_to_move_only(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    app = make_bot()
    await h.start(app)
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level="easy")
    assert started.type == 4, started.text
    board = h.last_message(h.default_channel)
    opened = await h.click(alice, board.button(label=MENU))
    assert opened.message is not None
    labels = [button.label for button in opened.message.buttons]
    assert labels == ["Offer a draw", "Ask to take back", "Resign…", text("en", "hint.button")], labels
    outsider = await h.click(h.user("carol"), board.button(label=MENU))
    assert outsider.ephemeral and "not playing" in outsider.text


async def test_a_finished_boards_menu_offers_the_review(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Where a finished board has no room for its Review, a "⋯" takes it to the player's menu."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    final = await blundered_game(h, alice, bob)
    opened = await h.forge(alice, final, "agora:b:1:any:days:more")
    assert opened.ephemeral and opened.message is not None, opened.text
    assert [button.label for button in opened.message.buttons] == [text("en", "review.button")]
    review = await h.click(alice, opened.message.button(label=text("en", "review.button")))
    assert review.message is not None and f"**{BLUNDER}**" in review.message.text
    outsider = await h.forge(h.user("carol"), final, "agora:b:1:any:days:more")
    assert outsider.ephemeral and "not playing" in outsider.text


# Each game a duel can play, against Agora, its board at the positions offering the player the most
# moves (found by random play from the game's own start): the Hint is on the board or in its "⋯" menu.
DUELS = {game_id: options for game_id, game in GAMES.items() for players, options in game.sample_setups[::-1]
         if players == 2}
CANDIDATES = 400  # random plies looked through for the busiest positions
BUSIEST = 2  # positions posted per game


def busiest(state: GameState[Any], seed: int) -> list[GameState[Any]]:
    """The positions of a random game from ``state`` where seat 0 alone starts a turn, most moves first."""
    rng = random.Random(seed)
    found: list[GameState[Any]] = []
    last = None
    for _ in range(CANDIDATES):
        if state.outcome is not None:
            break
        movers = tuple(state.waiting_for or state.actors)
        if movers == (0,) and last != 0:
            found.append(state)
        last = movers[0]
        state = state.play(last, rng.choice(state.legal_moves(last)))
    found.sort(key=lambda s: -len(s.legal_moves(0)))
    return found[:BUSIEST]


async def hint_within_reach(h: FakeDiscord, alice: FakeUser, board: FakeMessage) -> None:
    hint = text("en", "hint.button")
    if any(button.label == hint for button in board.buttons):
        return
    opened = await h.click(alice, board.button(label=MENU))
    assert opened.message is not None and opened.message.button(label=hint), opened.text


@pytest.mark.parametrize("game", sorted(DUELS))
async def test_the_busiest_boards_against_agora_keep_the_hint_within_reach(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice = h.user("alice")
    app = make_bot()
    await h.start(app)
    seats = [alice.id, h.bot_user.id]
    record = await app.service.start_game(
        game, guild_id=h.guild.id, channel_id=h.default_channel.id, seats=seats, options=DUELS[game]
    )
    await app.storage.update_game(record.id, record.version, Changes({"bots": {"1": "easy"}}))  # Agora's seat
    assert record.state is not None
    for state in busiest(record.state, seed=len(game)):
        record = await app.service.load(record.id)
        await app.storage.update_game(record.id, record.version, Changes({"state": state.to_json(), "draft": []}))
        await game_cog(app, game).post_board(None, await app.service.load(record.id))
        board = h.last_message(h.default_channel)
        assert board.attachments and board.button(label=MENU), board.text
        await hint_within_reach(h, alice, board)
