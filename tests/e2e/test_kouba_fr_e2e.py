"""Kouba in a server set to French: the table, the board, its buttons and the private hand speak French."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage

SEED = 11  # in this deal alice (@1) opens round 1


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED)


def board_of(h: FakeDiscord) -> FakeMessage:
    """The current board: the last message of the channel with a picture."""
    return next(m for m in reversed(h.messages(h.default_channel)) if m.attachments)


async def test_a_french_table_and_first_turn(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text

    lobby = await h.slash(alice, "kouba create")
    assert "Qui joue au Kouba ?" in lobby.text and "Table de Kouba" in lobby.text
    joined = await h.click(bob, lobby.button(label="Rejoindre"))
    assert "Joueurs (2/6)" in joined.text
    started = await h.click(alice, lobby.button(label="Commencer"))
    assert "La partie commence" in started.text

    board = board_of(h)
    assert "Manche 1 sur 2" in board.text and "Ma main" in board.text
    assert "manche 1/2" in board.text and "échangez jusqu'à 2 de vos cartes" in board.content
    assert "Round" not in board.text and "My hand" not in board.text

    hand = await h.click(alice, board.button(label="Ma main"))
    assert hand.ephemeral and "Votre main" in hand.text and "Pile 1" in hand.text
    assert "Cette manche jusqu'ici" in hand.text
    swap = hand.select(custom_id_prefix="agora:s:")
    assert swap.placeholder is not None and swap.placeholder.startswith("Échanger jusqu'à 2 cartes")
    keep_all = next(v for v in swap.values if v.split("|")[0] == "swap:none")
    await h.select(alice, swap, values=[keep_all])
    board = board_of(h)
    hand = await h.click(bob, board.button(label="Ma main"))
    swap = hand.select(custom_id_prefix="agora:s:")
    keep_all = next(v for v in swap.values if v.split("|")[0] == "swap:none")
    await h.select(bob, swap, values=[keep_all])

    turn = board_of(h)
    assert "affronte l'arène" in turn.text and "Arène:" in turn.text and "PV" in turn.text
    assert "à vous : lancez les dés." in turn.content
    assert turn.button(label="Lancer les dés") is not None
    assert turn.button(label="Abandonner : prendre un Kouba") is not None
    rolled = await h.click(alice, turn.button(label="Lancer les dés"))
    assert rolled.type in (6, 7)
    after = board_of(h)
    assert "a lancé" in after.text and "Relancer tous les dés" in " ".join(c.label or "" for c in after.components)
