"""Dragons Arena in a French server: the board, its controls and the private panel speak French."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from rules import GAMES
from tests.e2e.french import english_in
from tests.harness import FakeDiscord, FakeMessage, FakeUser

SHORT_DUEL_SEED = 12  # BABY: FIRE or ICE must eliminate at once (see test_dragons_arena_e2e.py).
SOLO_SEED = 4  # solo, normal: the eliminations of SOLO_WIN win 29 to 15 + 4 bonus.
SOLO_WIN = ["b2xb3", "c2xc3", "c4xc3", "b4xb3", "d3xd2", "a2xa1", "c3xb3"]


async def french_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, **options: Any) -> FakeMessage:
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    sent = await h.slash(alice, "dragons challenge", opponent=bob, **options)
    assert sent.type == 4 and not sent.ephemeral, sent.text
    assert "L'auteur du défi joue 🔥 FEU" in sent.text and "Niveau" in sent.text
    accepted = await h.click(bob, sent.button(label="Accepter"))
    assert accepted.updated
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
    assert picked.updated and ("attaque" in board.content or "nouvelle puissance" in board.content)
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
    assert done.updated, done.text
    assert any(m.ephemeral and "Vos puissances sont choisies : 1, 2, 3, 4, 4, 4, 5, 5" in m.text for m in done.messages)
    assert "✅ puissances choisies (secrètes)" in board.text
    peek = await h.click(bob, board.button(label="Voir mes puissances"))
    assert peek.ephemeral and "pas encore choisi vos puissances" in peek.text


async def test_a_french_game_sends_no_english(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A two-duel match with refusals on the way, typed with /move: every word the server reads is French."""
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SHORT_DUEL_SEED)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await french_game(h, alice, bob, nuggets=2)
    state = GAMES["dragons_arena"].new(2, SHORT_DUEL_SEED, {"level": "baby", "dragon_master": False, "nuggets": 2})
    users = (alice, bob)
    mover, other = users[state.actors[0]], users[1 - state.actors[0]]
    start = len(h.requests)
    refusals = [
        (mover, "zz"),  # not a move at all
        (mover, "e5xa1"),  # off the arena
        (mover, "split:3"),  # a split without its +
        (mover, "4@b2"),  # all dice are already in the arena
        (mover, "fire:a1"),  # no DRAGON MASTER option
        (mover, "a1=3"),  # eliminating is compulsory
        (other, str(state.legal_moves(state.actors[0])[0])),  # not their turn
    ]
    for user, notation in refusals:
        refused = await h.slash(user, "move", notation=notation)
        assert refused.ephemeral, notation
    duels = 1
    while state.outcome is None:
        seat = state.actors[0]
        move = state.legal_moves(seat)[0]
        played = await h.slash(users[seat], "move", notation=str(move))
        assert "joué" in played.text, played.text
        state = state.play(seat, move)
        duels = state.duel
        assert state.move_number < 200
    final = h.last_message(h.default_channel)
    assert duels == 2 and "🏆" in final.text and "et le match" in final.text, final.text
    await h.slash(alice, "games")
    assert english_in(h.requests[start:]) == []


async def test_a_french_solo_game_sends_no_english(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solo training to its end in French: refusals, the opponent's turns and the score read French."""
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SOLO_SEED)
    h = discord_harness
    carol = h.user("carol")
    await h.start(make_bot())
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    start = len(h.requests)
    await h.slash(carol, "dragons solo", difficulty="normal")
    await h.slash(carol, "move", notation="b2=5")  # eliminating is compulsory
    await h.slash(carol, "move", notation="set:1,2")  # not a set now
    for move in SOLO_WIN:
        await h.slash(carol, "move", notation=move)
    board = h.last_message(h.default_channel)
    assert "vous avez gagné" in board.text and "/dragons records" in board.text, board.text
    await h.slash(carol, "dragons records")
    assert english_in(h.requests[start:]) == []
