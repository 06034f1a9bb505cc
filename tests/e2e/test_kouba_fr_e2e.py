"""Kouba in a server set to French: the table, the board, its buttons and the private hand speak French."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import word
from cogs.kouba import worded_view
from rules import GAMES, Text
from rules.kouba import KoubaState, log_text
from rules.kouba_combos import combo_words
from tests.e2e.french import english_in
from tests.harness import FakeDiscord, FakeMessage

SEED = 11  # in this deal alice (@1) opens round 1
STEP_LIMIT = 300


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


async def test_a_french_game_sends_no_english(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """Refusals, the log, events, Koubas and the end of a round on the way: every word the server reads is French."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    users = [alice, bob]
    app = make_bot()
    await h.start(app)
    await h.slash(h.owner, "agora settings", language="fr")
    lobby = await h.slash(alice, "kouba create")
    await h.click(bob, lobby.button(label="Rejoindre"))
    await h.click(alice, lobby.button(label="Commencer"))
    gid = int(board_of(h).components[0].custom_id.split(":")[2])  # type: ignore[union-attr]
    start = len(h.requests)

    refused = await h.slash(alice, "move", notation="keep:9")
    assert refused.ephemeral and "Impossible de lire « keep:9 »" in refused.text
    refused = await h.slash(alice, "move", notation="roll")
    assert "Vous ne lancez pas les dés en ce moment. Vous pouvez jouer : swap:none" in refused.text
    refused = await h.slash(alice, "move", notation="swap:1,2,3")
    assert "Vous pouvez échanger au plus 2 cartes." in refused.text
    await h.slash(alice, "move", notation="swap:1")
    await h.slash(bob, "move", notation="swap:none")
    refused = await h.slash(bob, "move", notation="roll")
    assert refused.ephemeral and "pas votre tour" in refused.text
    refused = await h.slash(alice, "move", notation="claim:1:pile1")
    assert "Lancez d'abord les dés." in refused.text
    await h.click(alice, board_of(h).button(label="Ma main"))

    picker = random.Random(3)
    seen_round_end = False
    for _ in range(STEP_LIMIT):
        record = await app.service.load(gid)
        state = record.state
        assert isinstance(state, KoubaState)
        if state.outcome is not None:
            break
        if state.round > 1 and not seen_round_end:
            seen_round_end = True
            assert "La manche 1 est finie" in board_of(h).text and "Derniers coups" in board_of(h).text
        seat = state.waiting_for[0]
        moves = [str(m) for m in state.legal_moves(seat)]
        wanted = [m for m in moves if m.startswith(("claim", "kouba", "take", "duel", "king"))]
        going_on = [m for m in moves if m != "stop"]
        await h.slash(users[seat], "move", notation=picker.choice(wanted or going_on or moves))
    assert seen_round_end, "the first round ended"
    await h.slash(alice, "games")
    await h.slash(bob, "resign")
    assert english_in(h.requests[start:]) == []


def test_engine_texts_name_cards_and_combinations_in_french() -> None:
    """A card's name is worded by its key of the bot's catalogue, a combination term by term."""
    refusal = _claim_text("Elf King", "full & sum>=25")
    assert (
        word("fr", refusal)
        == "Vos dés (1 2 3 4 5 6) ne montrent pas full + somme ≥ 25, la combinaison de la carte Roi Elfe."
    )
    line = log_text("@2 takes a Kouba on pile 3 (Reaper race: straight 1-6, slowest)")
    assert word("fr", line) == "@2 prend un Kouba sur la pile 3 (Course de la Moissonneuse : suite 1-6, le plus lent)"
    view = GAMES["kouba"].new(players=2, seed=1).view(None)
    view["pending"] = {"seat": 1, "kind": "kouba", "pile": -1, "cause": "Khan of @1", "counterable": True, "queued": 0}
    assert worded_view(view, "fr")["pending"]["cause"] == "Khan de @1"  # type: ignore[index]


def _claim_text(name: str, combo: str) -> Text:
    return Text(
        "Your dice ({dice}) do not show {combo}, the combination of {card}.",
        dice="1 2 3 4 5 6",
        combo=combo_words(combo),
        card=Text(name),
    )
