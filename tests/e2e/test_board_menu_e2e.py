"""The "⋯" menu on a board: offer a draw, ask to take back, or resign after a confirmation."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.service import ACTIVE, FINISHED
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.harness import FakeDiscord, FakeMessage, FakeUser, InteractionResult


async def menu(h: FakeDiscord, user: FakeUser, board: FakeMessage) -> InteractionResult:
    opened = await h.click(user, board.button(label="⋯"))
    assert opened.ephemeral and opened.message is not None, opened.text
    return opened


async def test_resign_from_the_board_asks_first(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    game_id = (await bot.service.active_games(alice.id))[0].id
    opened = await menu(h, bob, board)
    assert f"Game #{game_id}" in opened.text
    assert opened.message is not None
    asked = await h.click(bob, opened.message.button(label="Resign…"))
    assert asked.updated and f"Resign game #{game_id}?" in asked.text
    assert asked.message is not None
    kept = await h.click(bob, asked.message.button(label="No, keep playing"))
    assert "goes on" in kept.text and (await bot.service.load(game_id)).row.status == ACTIVE

    opened = await menu(h, bob, board)
    assert opened.message is not None
    asked = await h.click(bob, opened.message.button(label="Resign…"))
    assert asked.message is not None
    done = await h.click(bob, asked.message.button(label="Yes, resign"))
    assert done.updated and f"<@{bob.id}> resigned." in done.text
    assert (await bot.service.load(game_id)).row.status == FINISHED
    final = h.last_message(h.default_channel)
    assert final is not board and [c.label for c in final.components] == ["Rematch", "Review"]
    assert "alice" in final.text.lower()


async def test_a_draw_offered_from_the_board_and_accepted(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    game_id = (await bot.service.active_games(alice.id))[0].id
    outsider = await h.click(carol, board.button(label="⋯"))
    assert outsider.ephemeral and "not playing" in outsider.text
    opened = await menu(h, alice, board)
    assert opened.message is not None
    offered = await h.click(alice, opened.message.button(label="Offer a draw"))
    assert offered.ephemeral and "Your offer is posted" in offered.text
    question = h.last_message(h.default_channel)
    assert f"<@{alice.id}> offers a draw in game #{game_id}" in question.content
    own = await h.click(alice, question.button(label="Accept draw"))
    assert own.ephemeral and "You made this offer" in own.text
    await h.click(bob, question.button(label="Accept draw"))
    assert "Draw agreed" in question.text
    record = await bot.service.load(game_id)
    assert record.row.status == FINISHED and record.outcome is not None and record.outcome.is_draw


async def test_the_menu_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    await h.slash(h.owner, "agora settings", language="fr")
    h.guild.locale = "fr"  # the players' Discord is in French too: the private menu follows it
    opened = await menu(h, alice, board)
    assert opened.message is not None
    labels = [button.label for button in opened.message.buttons]
    assert labels == ["Proposer la nulle", "Demander à reprendre", "Abandonner…"]
    asked = await h.click(alice, opened.message.button(label="Abandonner…"))
    assert "Abandonner la partie" in asked.text and "définitif" in asked.text
