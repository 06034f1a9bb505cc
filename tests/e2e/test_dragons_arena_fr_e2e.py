"""Dragons Arena in a French server: the board, its controls and the private panel speak French."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser

SHORT_DUEL_SEED = 12  # BABY: FIRE or ICE must eliminate at once (see test_dragons_arena_e2e.py).


async def french_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, **options: object) -> FakeMessage:
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    sent = await h.slash(alice, "dragons challenge", opponent=bob, **options)
    assert sent.type == 4 and not sent.ephemeral, sent.text
    assert "L'auteur du défi joue 🔥 FEU" in sent.text and "Niveau" in sent.text
    accepted = await h.click(bob, sent.button(label="Accepter"))
    assert accepted.type == 7
    return h.last_message(h.default_channel)


async def test_french_board_and_controls(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SHORT_DUEL_SEED)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await french_game(h, alice, bob, dragon_master=True)
    assert "Dragons Arena · partie n°" in board.text
    assert "FEU · alice" in board.text and "GLACE · bob" in board.text and "Puissance **" in board.text
    assert "au trait" in board.text and "à vous de jouer" in board.content
    assert "Your turn" not in board.text and "Power **" not in board.text
    assert board.button(label="Retour").disabled and board.button(label="Combustion")
    mover = next(user for user in (alice, bob) if f"<@{user.id}>" in board.content)
    other = bob if mover is alice else alice
    first = next(b for b in board.buttons if not b.disabled and ":pick:" in (b.custom_id or ""))
    refused = await h.click(other, first)
    assert refused.ephemeral and "Ce n'est pas votre tour" in refused.text
    picked = await h.click(mover, first)
    assert picked.type == 7 and ("attaque" in board.content or "nouvelle puissance" in board.content)
    assert not board.button(label="Retour").disabled


async def test_french_secret_set_up(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await french_game(h, alice, bob, level="big")
    assert "Choix secret" in board.text and "choix des puissances" in board.text
    assert "Choisir mes puissances" in board.content
    opened = await h.click(alice, board.button(label="Choisir mes puissances"))
    assert opened.modal is not None and "Vos 8 puissances secrètes" in str(opened.modal)
    wrong = await h.submit_modal(alice, opened.modal["custom_id"], {"powers": "6,6,6,6,6,1,1,1"})
    assert wrong.ephemeral and "Vos puissances font 33 au total ; BIG demande exactement 28" in wrong.text
    again = await h.click(alice, board.button(label="Choisir mes puissances"))
    assert again.modal is not None
    done = await h.submit_modal(alice, again.modal["custom_id"], {"powers": "1,2,3,4,4,4,5,5"})
    assert done.type == 7, done.text
    assert any(m.ephemeral and "Vos puissances sont choisies : 1, 2, 3, 4, 4, 4, 5, 5" in m.text for m in done.messages)
    assert "✅ puissances choisies (secrètes)" in board.text
    peek = await h.click(bob, board.button(label="Voir mes puissances"))
    assert peek.ephemeral and "pas encore choisi vos puissances" in peek.text
