"""Arcanor in a French server: the board, its controls, the private panel and the refusals speak French."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.app import AgoraBot
from bot.storage import Changes
from tests.e2e.french import english_in
from tests.e2e.test_arcanor_e2e import NEAR_END, Stacks
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
    assert f"a déplacé la pile de b{home} en b{ahead}" in played.text
    old = h.messages(h.default_channel)[-2]
    assert old.content == f"{player.name} a déplacé la pile de b{home} en b{ahead}."
    board = h.last_message(h.default_channel)
    assert f"**{player.name}** a déplacé la pile de b{home} en b{ahead}." in board.text


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
    whose = f"d'{player.name}" if player.name[0] in "aeiou" else f"de {player.name}"  # French elides
    told = f"**b{home}** : {mark} la 1 {whose} contenant {mark} la 2 {whose}."
    assert f"🔍 Soulevée ce tour-ci : {told}" in board.text
    announcement = h.last_message(h.default_channel)
    assert "a soulevé une pile dans la partie n°" in announcement.text and told in announcement.text


async def set_french_position(bot: AgoraBot, board: FakeMessage, stacks: Stacks, to_move: int) -> None:
    """Write a mid-game position into the stored game shown by a French board."""
    found = re.search(r"partie n°(\d+)", board.text)
    assert found is not None
    record = await bot.service.load(int(found.group(1)))
    assert record.state is not None
    state = record.state.to_json()
    state.update(board=stacks, to_move=to_move, move_number=40, last_move=[], history={}, peeks=[], peeked=[])
    await bot.storage.update_game(record.id, record.version, Changes({"state": state}))


async def pick_in_panel(h: FakeDiscord, user: FakeUser, board: FakeMessage, square: str, move: str) -> FakeMessage:
    """Pick a stack on the public board, then one of its moves in the private panel; returns the next board."""
    picked = await h.select(user, board.select(placeholder="Choisissez une pile à jouer…"), values=[square])
    (panel,) = picked.followups
    await h.select(user, panel.select(placeholder=f"Jouer {square} : vers où ?"), values=[move])
    return h.last_message(h.default_channel)


async def test_a_french_game_sends_no_english(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """Refusals, the private panel's labels and a game won at 12 points: every word the server reads is French."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_french_game(h, alice, bob)
    await set_french_position(bot, board, NEAR_END, to_move=1)
    start = len(h.requests)
    bad = await h.slash(bob, "move", notation="d5d4")
    assert bad.ephemeral and "Impossible de lire « d5d4 ». Écrivez b1-b2 pour déplacer une pile" in bad.text
    off = await h.slash(bob, "move", notation="d5-d9")
    assert "d9 est hors du plateau" in off.text
    far = await h.slash(bob, "move", notation="e4-e6")
    assert "e6 n'est pas voisine de e4" in far.text
    passing = await h.slash(bob, "move", notation="pass")
    assert "Vous ne pouvez pas passer tant que vous avez une action possible" in passing.text
    eat = await h.slash(bob, "move", notation="f5xe4")
    assert "La pièce du dessus en e4 est à vous" in eat.text
    mine = await h.slash(bob, "move", notation="b5-b4")
    assert "La pièce du dessus en b5 est à votre adversaire" in mine.text
    peek = await h.slash(bob, "move", notation="peek:d5")
    assert "n'existe que dans la variante mémoire stricte" in peek.text
    early = await h.slash(alice, "move", notation="b5-b6")
    assert early.ephemeral and "Ce n'est pas votre tour" in early.text
    await h.slash(bob, "move", notation="d5-d4")
    board = h.last_message(h.default_channel)

    picked = await h.select(alice, board.select(placeholder="Choisissez une pile à jouer…"), values=["b5"])
    (panel,) = picked.followups
    assert "b5 : votre 1 contenant la 2 adverse" in panel.text and "d7 : votre 4 ❄ immobilisée" in panel.text
    labels = [option["label"] for option in panel.select(placeholder="Jouer b5 : vers où ?").options]
    assert "b5^b6 : libérer la 1, libérant la 2 adverse" in labels
    assert "b5-b6 : déplacer la 1 avec ce qu'elle contient" in labels
    board = await pick_in_panel(h, alice, board, "b5", "b5-b6")
    board = await pick_in_panel(h, bob, board, "e4", "e4-e3")
    final = await pick_in_panel(h, alice, board, "b6", "b6^b7")
    assert "**alice** a libéré la pièce du dessus de b6 en b7. 12 points sur la ligne gagnante" in final.text
    assert "**alice** gagne (alice 12 – 1 bob)" in final.text
    await h.slash(alice, "games")
    await h.slash(bob, "history")
    assert english_in(h.requests[start:]) == []


async def test_strict_memory_refusals_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """Strict memory: the notation help names lifts, lifts are refused in French, and a resignation ends it."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await start_french_game(h, alice, bob, strict=True)
    player = mover(board, alice, bob)
    home, far = ("1", "7") if player is alice else ("7", "1")
    start = len(h.requests)
    bad = await h.slash(player, "move", notation="b1b2")
    assert "ou peek:b1 pour soulever une pile" in bad.text
    theirs = await h.slash(player, "move", notation=f"peek:b{far}")
    assert f"ce n'est pas le cas de b{far}" in theirs.text
    await h.slash(player, "move", notation=f"peek:b{home}")
    again = await h.slash(player, "move", notation=f"peek:b{home}")
    assert f"Vous avez déjà soulevé b{home} ce tour-ci" in again.text
    await h.slash(player, "resign")
    assert english_in(h.requests[start:]) == []
