"""Arcanor in a French server: the board, its controls, the private panel and the refusals speak French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def start_french_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, *, strict: bool = False) -> FakeMessage:
    """The owner sets the server to French, Alice challenges Bob, Bob accepts; returns the first board."""
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    sent = await h.slash(alice, "arcanor challenge", opponent=bob, strict_memory=strict)
    option = "Mémoire stricte : personne" if strict else "Standard : chaque joueur"
    assert option in sent.text and "Strict memory" not in sent.text and "Standard:" not in sent.text
    await h.click(bob, sent.button(label="Accepter"))
    board = h.last_message(h.default_channel)
    assert board.attachments and "Arcanor · partie n°" in board.text
    assert "a été tiré au sort pour commencer" in board.text and "/ 12 points (marque sur la rangée" in board.text
    assert "à vous de jouer" in board.content and "your turn" not in board.text
    return board


def mover(board: FakeMessage, *players: FakeUser) -> FakeUser:
    return next(p for p in players if board.content.startswith(f"<@{p.id}>"))


async def test_standard_game_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await start_french_game(h, alice, bob)
    player = mover(board, alice, bob)
    home = "1" if player is alice else "7"
    ahead = "2" if player is alice else "6"
    assert "ses actions s'ouvrent dans un panneau que vous seul voyez" in board.text
    assert "🔒 Mes pièces montre ce que contiennent les vôtres" in board.text

    stacks = board.select(placeholder="Choisissez une pile à jouer…")
    option = next(o for o in stacks.options if o["value"] == f"b{home}")
    assert option["label"] == f"b{home} : votre 1" and option["description"].startswith("vers ")

    refused = await h.select(carol, stacks, values=[f"b{home}"])
    assert refused.ephemeral and "Vous ne jouez pas dans cette partie" in refused.text
    assert board.button(label="Mes pièces") is not None

    picked = await h.select(player, stacks, values=[f"b{home}"])
    (panel,) = picked.followups
    assert panel.ephemeral and "Vos pièces · Arcanor, partie n°" in panel.text
    assert "Vos piles et ce qu'elles contiennent (vous seul le voyez)" in panel.text
    assert "Vous seul voyez ce panneau" in panel.text
    assert panel.button(label="Retour") is not None
    moves = panel.select(placeholder=f"Jouer b{home} : vers où ?")
    played = await h.select(player, moves, values=[f"b{home}-b{ahead}"])
    assert f"a joué b{home}-b{ahead}" in played.text
    old = h.messages(h.default_channel)[-2]
    assert old.content == f"<@{player.id}> a joué b{home}-b{ahead}."
    board = h.last_message(h.default_channel)
    assert f"**{player.name}** a joué b{home}-b{ahead}." in board.text


async def test_strict_memory_lift_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await start_french_game(h, alice, bob, strict=True)
    player = mover(board, alice, bob)
    home = "1" if player is alice else "7"
    mark = "🟠" if home == "1" else "🟦"
    assert "Mémoire stricte : soulevez une pile pour voir dedans" in board.text

    private = await h.click(player, board.button(label="Mes pièces"))
    assert private.ephemeral and "**Mémoire stricte** : personne" in private.text

    lift = board.select(placeholder="Soulever une pile (montre à tous ce qu'elle contient)…")
    assert f"Soulever b{home} : votre 1" in [o["label"] for o in lift.options]
    await h.select(player, lift, values=[f"b{home}"])
    told = f"**b{home}** : {mark} la 1 de {player.name} contenant {mark} la 2 de {player.name}."
    assert f"🔍 Soulevée ce tour-ci : {told}" in board.text
    announcement = h.last_message(h.default_channel)
    assert "a soulevé une pile dans la partie n°" in announcement.text and told in announcement.text
