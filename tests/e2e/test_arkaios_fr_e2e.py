"""Arkaios in a French server: the board, its menus and buttons speak French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.french import english_in
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser


async def french_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    """The owner sets the server to French; Alice challenges Bob, who accepts; returns the first board."""
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accepter"))
    return h.last_message(h.default_channel)


def menu_for(board: FakeMessage, pillar: str) -> FakeComponent:
    level = pillar.split("=")[1]
    return next(s for s in board.components if s.type == 3 and f"niveau {level} sur" in (s.placeholder or ""))


async def first_pillars(h: FakeDiscord, board: FakeMessage, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    """Alice builds c3=3 and Bob d4=2, each through the level menu and "Valider le tour"; the next board."""
    for user, pillar in [(alice, "c3=3"), (bob, "d4=2")]:
        drafted = await h.select(user, menu_for(board, pillar), values=[pillar])
        assert drafted.message is not None
        await h.click(user, drafted.message.button(label="Valider le tour"))
        board = h.last_message(h.default_channel)
    return board


async def test_french_board_and_controls(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await french_game(h, alice, bob)
    assert f"<@{alice.id}>, à vous de jouer." in board.content
    assert "premier pilier" in board.text and "Ouvrir au niveau 1 fait perdre" in board.text
    assert "your turn" not in board.text
    menu = menu_for(board, "c3=3")
    assert any(o["label"] == "c3 (niveau 3)" for o in menu.options)
    assert board.button(label="Valider le tour").disabled
    drafted = await h.select(alice, menu, values=["c3=3"])
    assert drafted.updated and drafted.message is not None
    assert "votre tour est complet" in drafted.message.text
    confirmed = await h.click(alice, drafted.message.button(label="Valider le tour"))
    assert confirmed.updated and confirmed.message is not None
    assert "alice a construit un niveau 3 en c3." in confirmed.message.content
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>, à vous de jouer." in board.content
    assert "à un niveau différent de 3" in board.text
    assert board.button(label="Annuler").disabled


async def test_french_turn_and_result(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await french_game(h, alice, bob)
    board = await first_pillars(h, board, alice, bob)
    assert "pose **5** pièces" in board.text and "pilier de **niveau 1**" in board.text
    assert "rien pour l'instant" in board.text
    resigned = await h.slash(bob, "resign")
    assert resigned.ephemeral
    final = h.last_message(h.default_channel)
    assert "**alice** gagne : **bob** a abandonné." in final.text


async def test_a_french_game_sends_no_english(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """A whole game with refusals on the way: every word the server reads is French."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await french_game(h, alice, bob)
    start = len(h.requests)
    await h.slash(alice, "move", notation="c3")
    await h.slash(alice, "move", notation="z9=2")
    await h.slash(bob, "move", notation="c3=3")
    for user, pillar in [(alice, "c3=3"), (bob, "c3=2"), (bob, "d4=2")]:
        await h.slash(user, "move", notation=pillar)
    await h.slash(alice, "move", notation="a1=1")
    await h.slash(alice, "games")
    await h.slash(bob, "resign")
    assert english_in(h.requests[start:]) == []


async def test_move_offers_the_pillars_left_in_a_turn_under_way(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """After ``/move b2=2`` adds a pillar to the turn, ``/move`` offers what may follow it, not the pillar again."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await french_game(h, alice, bob)
    board = await first_pillars(h, board, alice, bob)
    offered = [str(c["value"]) for c in (await h.autocomplete(alice, "move", focused="notation", typed="b")).choices]
    assert "b2=2" in offered
    added = await h.slash(alice, "move", notation="b2=2")
    assert added.ephemeral and "Ajouté à votre tour : b2=2." in added.text
    record = (await bot.service.active_games(alice.id))[0]
    following = record.draft_state()
    assert following is not None and record.row.draft == ["b2=2"]
    offered = [str(c["value"]) for c in (await h.autocomplete(alice, "move", focused="notation", typed="")).choices]
    assert offered and not [move for move in offered if move.startswith("b2=")]
    assert set(offered) <= {str(move) for move in following.legal_moves(0)}, "what may follow the pillar built"
    played = await h.slash(alice, "move", notation=offered[0])
    assert "pilier que vous venez" not in played.text, played.text
