"""Araksey in a French server: the challenge, the board and its controls speak French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.test_araksey_e2e import WINNING_GAME, choose, element_menu, game_id_of, place
from tests.harness import FakeDiscord


async def test_french_challenge_and_set_up(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text

    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.message is not None
    assert "Camp A" in sent.text and "terre" in sent.text and "ce choix vaut acceptation" in sent.text
    menu = element_menu(sent.message, 1)
    assert "Pris par l'autre camp" in str(menu.options[0]) and "Foudre" in str(menu.options)
    assert sent.message.button(label="Refuser")
    clash = await h.select(bob, menu, values=["earth"])
    assert clash.ephemeral and "dans le camp adverse" in clash.text and f"<@{alice.id}>" in clash.text

    await h.select(bob, menu, values=["water"])
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, à vous de jouer." in board.content
    assert "Mise en place" in board.text and "case de départ libre" in board.text
    assert "eau" in board.text and "Ordre du tour : A alice → B bob, en boucle." in board.text
    assert board.select(placeholder="Posez une source sur une case de départ…")
    board = await place(h, alice, board, WINNING_GAME[0])
    assert "sources posées : 1 sur 8" in board.text
    refused = await h.select(alice, board.selects[0], values=[WINNING_GAME[1]])
    assert refused.ephemeral and "Ce n'est pas votre tour" in refused.text


async def test_french_board_controls_in_play(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    await h.select(bob, element_menu(sent.message, 1), values=["water"])  # type: ignore[arg-type]
    game_id = await game_id_of(bot, alice)
    for ply, move in enumerate(WINNING_GAME[:-2]):
        await bot.service.play(game_id, [alice, bob][ply % 2].id, [move])
    await h.slash(bob, "move", notation=WINNING_GAME[-2])
    board = h.last_message(h.default_channel)
    assert "choisissez une pièce, puis une action" in board.text
    assert "Passes restantes" in board.text and "une seconde passe fait perdre" in board.text
    assert "Aucun dragon n'est éveillé." in board.text
    assert board.select(placeholder="Choisissez une pièce à déplacer…")

    picked = await choose(h, alice, board, "c4")
    assert picked.button(label="Retour")
    await h.select(alice, next(s for s in picked.selects if "c4<>d5" in s.values), values=["c4<>d5"])
    final = h.last_message(h.default_channel)
    assert "**alice** gagne" in final.text and "Partie terminée" in final.content
