"""Draw offers and take-back requests on a French server: the refusal of a second offer and the
lines that close a question are in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.test_arkaios_fr_e2e import french_game
from tests.harness import FakeDiscord


async def test_french_offers_close_with_a_reason(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await french_game(h, alice, bob)
    game_id = (await bot.service.active_games(alice.id))[0].id
    posted = await h.slash(alice, "draw")
    assert posted.ephemeral and "Votre proposition est publiée" in posted.text
    question = h.last_message(h.default_channel)
    again = await h.slash(bob, "takeback")
    assert again.ephemeral and again.text == (
        f"Une proposition de nulle attend déjà une réponse dans la partie n°{game_id} : "
        f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{question.id}"
    )
    await h.slash(alice, "move", notation="c3=3")
    assert question.text == (
        f"La proposition de nulle de <@{alice.id}> dans la partie n°{game_id} est close : la partie a continué."
    )
    assert not question.components

    await h.slash(alice, "takeback")
    request = h.last_message(h.default_channel)
    withdrawn = await h.click(alice, request.button(label="Refuser"))
    assert withdrawn.text == f"<@{alice.id}> a retiré sa demande de reprise dans la partie n°{game_id}."
    await h.slash(alice, "takeback")
    request = h.last_message(h.default_channel)
    board = next(m for m in reversed(h.messages(h.default_channel)) if any(b.label == "⋯" for b in m.buttons))
    opened = await h.click(bob, board.button(label="⋯"))
    assert opened.message is not None
    asked = await h.click(bob, opened.message.button(label="Abandonner…"))
    assert asked.message is not None
    await h.click(bob, asked.message.button(label="Oui, abandonner"))
    assert request.text == (
        f"La demande de reprise de <@{alice.id}> dans la partie n°{game_id} est close : la partie est terminée."
    )
    assert not request.components


async def test_french_agreed_draw_on_its_question(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await french_game(h, alice, bob)
    await h.slash(bob, "draw")
    question = h.last_message(h.default_channel)
    agreed = await h.click(alice, question.button(label="Accepter la nulle"))
    assert agreed.updated and question.content.startswith("🤝 Nulle acceptée")
    assert question.embeds and question.attachments and board.content.startswith("🤝 Nulle acceptée")
    assert h.last_message(h.default_channel) is question
