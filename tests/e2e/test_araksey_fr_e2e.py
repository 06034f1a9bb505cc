"""Araksey in a French server: the challenge, the board and its controls speak French."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.i18n import word
from cogs.araksey import seats_named
from cogs.common import game_cog
from rules import IllegalMove
from rules.araksey import move_menu
from tests.e2e.french import english_in
from tests.e2e.test_araksey_e2e import WINNING_GAME, choose, element_menu, game_id_of, place
from tests.harness import FakeDiscord
from tests.rules.test_araksey import BUSY, position

# Seat 0 (earth, dragon awake) can play e4-d4+earth; seat 1 could then exchange c3<>b2.
EARTH = """
b b . a a
b . . . a
. . b . .
. a B . .
A . . . .
"""


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


async def test_a_french_game_sends_no_english(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """A whole game with refusals on the way: every word the server reads is French, move labels included."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", language="fr")
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    start = len(h.requests)
    await h.select(bob, element_menu(sent.message, 1), values=["water"])  # type: ignore[arg-type]
    in_setup = {
        "xyz": "« xyz » n'est pas un coup d'Araksey. Écrivez @b2 pour poser",
        "b2-c3": "La partie est encore en mise en place : posez une source sur une case de départ teintée libre",
        "@a1": "Les sources se posent sur les cases de départ teintées : b2 c2 d2",
        "@z9": "z9 est hors du plateau 5×5 (de a1 à e5).",
        "air+b2-c3": "« air+b2-c3 » n'est pas un coup d'Araksey",
    }
    for notation, french in in_setup.items():
        refused = await h.slash(alice, "move", notation=notation)
        assert refused.ephemeral and french in refused.text, (notation, refused.text)
    wrong = await h.slash(bob, "move", notation="@b4")
    assert wrong.ephemeral and "Ce n'est pas votre tour" in wrong.text
    players = [alice, bob]
    for ply, move in enumerate(WINNING_GAME[:-2]):
        await h.slash(players[ply % 2], "move", notation=move)
    taken = await h.slash(bob, "move", notation="@b4")
    assert taken.ephemeral and "b4 est déjà occupée." in taken.text
    await h.slash(bob, "move", notation=WINNING_GAME[-2])
    # Alice: araksey b5, sources b4 c4 (in zone) d3 d4; Bob: araksey d5, sources b2 b3 c2 d2.
    in_play = {
        "b3-a3": "La pièce en b3 n'est pas à vous.",
        "b5-b3": "b3 n'est pas voisine de b5",
        "b5-b4": "b4 n'est pas vide.",
        "b4<>c4": "Une source ne s'échange qu'avec son propre araksey ou avec une pièce adverse.",
        "b4<>a4": "Il n'y a aucune pièce en a4 avec laquelle échanger.",
        "d3<>d2": "La source en d3 est hors zone (elle ne touche pas votre araksey)",
        "c4>b5": "La pièce en b5 ne peut pas être poussée hors du plateau.",
        "c4-c3+water": "Votre élément : terre. Vous ne pouvez pas utiliser le pouvoir eau.",
        "c4-c3+earth": "Vous n'êtes pas en état dragon",
        "fire:b5<>c4": "Votre élément : terre.",
        "c4-c3+smoke": "« smoke » n'est pas un élément : les éléments s'écrivent earth, water",
        "magma:b5-a4": "magma s'écrit magma:c3>d4 (votre araksey pousse, avec >).",
        "@c3": "Toutes les pièces sont déjà sur le plateau",
    }
    for notation, french in in_play.items():
        refused = await h.slash(alice, "move", notation=notation)
        assert refused.ephemeral and french in refused.text, (notation, refused.text)
    board = h.last_message(h.default_channel)
    assert board.button(label="Passer (votre unique passe)")
    picked = await choose(h, alice, board, "c4")
    options = " ".join(str(select.options) for select in picked.selects)
    assert "Échange avec d5" in options and "Pas vers c3" in options and "Pousser" in options
    await h.select(alice, next(s for s in picked.selects if "c4<>d5" in s.values), values=["c4<>d5"])
    final = h.last_message(h.default_channel)
    assert "**alice** gagne : quatre sources dans la zone d'un araksey adverse." in final.text
    await h.slash(alice, "games")
    assert english_in(h.requests[start:]) == []


async def test_french_effects_dragon_powers_and_endings(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """What the engine words for the board (effects, powered actions, results) reads French on a French server."""
    bot = make_bot()
    await discord_harness.start(bot)
    cog: Any = game_cog(bot, "araksey")  # the extension's own class (loaded apart from this module's imports)
    names = ["Ada", "Bob"]
    earth = position(EARTH, dragon=(0,)).play(0, "e4-d4+earth")
    assert cog.effects_text(earth, earth.view(None), names, "fr") == (
        "Terre : Bob ne pourra déplacer aucune pièce d'Ada à son prochain tour."
    )
    assert cog.effects_text(earth, earth.view(None), names, "en") == (
        "Earth: Bob cannot move Ada's pieces on their next turn."
    )
    with pytest.raises(IllegalMove) as refused:
        earth.play(1, "c3<>b2")
    assert word("fr", refused.value.text) == "Terre : vous ne pouvez pas déplacer les pièces de la place 0 ce tour-ci."

    menu = move_menu(position(BUSY, dragon=(0,)), 0)
    source = next(g for g in menu["groups"] if g["square"] == "c3")
    exchange = next(a for a in source["actions"] if a["move"] == "c3<>b2")
    assert word("fr", source["label"]) == "Source c3 (dans la zone)"
    assert seats_named("fr", exchange["powered"][0]["label"], names) == (
        "Terre : Bob ne pourra pas déplacer vos pièces au prochain tour"
    )
    air = move_menu(position(BUSY, elements=["air", "fire"], dragon=(0,)), 0)
    assert word("fr", air["dragon"]["label"]) == "Utiliser le pouvoir du dragon : air"
    assert seats_named("fr", air["dragon"]["groups"][0]["label"], names).startswith("Source ")
    assert "de Bob (" in seats_named("fr", air["dragon"]["groups"][0]["label"], names)

    state = position(BUSY)
    results = {
        ((), "double KO: both sides completed an opposing zone at once"): (
            "La partie est nulle (double KO : les deux camps ont complété une zone adverse en même temps)."
        ),
        ((0,), "second pass: the passing side loses"): "**Ada** gagne : seconde passe : le camp qui passe perd.",
        ((), "trap: every araksey is cornered by opposing sources"): "piège : chaque araksey",
        ((), "loop: the same position with the same player to move, a third time"): "boucle : la même position",
    }
    for (winners, reason), french in results.items():
        assert french in cog.result_text(state, winners, reason, names, "fr")
