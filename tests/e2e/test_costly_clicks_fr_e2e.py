"""Fewer messages and no costly click by mistake, on a French server."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from tests.e2e import test_kouba_e2e as kouba
from tests.e2e.test_alt_text_e2e import alt_of
from tests.e2e.test_araksey_e2e import WINNING_GAME, element_menu, game_id_of, place
from tests.e2e.test_arkaios_fr_e2e import french_game, menu_for
from tests.harness import FakeDiscord, FakeUser


async def french_araksey(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> tuple[FakeUser, FakeUser]:
    """Alice (earth) against Bob (water) on a French server, accepted: set-up starts."""
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", language="fr")
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.message is not None
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    return alice, bob


async def test_set_up_edits_one_board_and_pings_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = await french_araksey(h, make_bot)
    board = h.last_message(h.default_channel)
    board = await place(h, alice, board, "@b4")
    assert f"<@{bob.id}>, à vous de jouer." in board.content and "Fin du tour" in board.text
    ping = h.last_message(h.default_channel)
    assert ping.content.startswith(f"<@{bob.id}>, à vous de jouer dans Araksey n°")
    board = await place(h, bob, board, "@b3")
    assert h.last_message(h.default_channel).content.startswith(f"<@{alice.id}>, à vous de jouer dans Araksey")
    assert ping.deleted, "the ping of a player who has acted goes"
    bot = h.bot
    assert isinstance(bot, AgoraBot)
    assert (await bot.service.load(await game_id_of(bot, alice))).row.message_id == board.id


async def test_the_losing_second_pass_asks_first_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = await french_araksey(h, make_bot)
    bot = h.bot
    assert isinstance(bot, AgoraBot)
    game_id = await game_id_of(bot, alice)
    for ply, move in enumerate([*WINNING_GAME[:-1], "pass"]):
        await bot.service.play(game_id, [alice, bob][ply % 2].id, [move])
    await h.slash(bob, "move", notation="pass")
    board = h.last_message(h.default_channel)
    losing = next(b for b in board.buttons if b.style == 4)  # the red Pass: the second one loses
    asked = await h.click(alice, losing)
    assert asked.ephemeral and asked.message is not None
    assert "Cette passe fait perdre la partie n°1 à votre camp. Passer quand même ?" in asked.text
    kept = await h.click(alice, asked.message.button(label="Non"))
    assert kept.message is not None and "Vous n'avez pas passé : la partie n°1 continue." in kept.message.text
    asked = await h.click(alice, losing)
    assert asked.message is not None
    passed = await h.click(alice, asked.message.button(label="Oui, passer"))
    assert passed.message is not None and "C'est fait" in passed.message.text
    final = h.last_message(h.default_channel)
    assert "**bob** gagne" in final.text and [button.label for button in final.buttons] == ["Revanche", "Analyse"]


async def test_arkaios_openings_that_lose_at_once_come_last_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await french_game(h, alice, bob)
    assert [m.placeholder for m in board.selects] == [
        "Construire un pilier de niveau 2 sur…",
        "Construire un pilier de niveau 3 sur…",
        "⚠️ Perd aussitôt : un pilier de niveau 1 sur…",
    ]
    assert board.selects[-1].options[0]["label"] == "a1 (niveau 1) ⚠️ perd aussitôt"


async def test_arkaios_counts_turns_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await french_game(h, alice, bob)
    assert alt_of(board) == "Arkaios : au tour d'alice. Tour 1."
    for user, pillars in ((alice, ["c3=3"]), (bob, ["d4=2"]), (alice, ["b2=2", "b3=2"])):
        for pillar in pillars:
            drafted = await h.select(user, menu_for(board, pillar), values=[pillar])
            assert drafted.message is not None
            board = drafted.message
        if user is not alice or len(pillars) == 1:
            await h.click(user, board.button(label="Valider le tour"))
            board = h.last_message(h.default_channel)
    assert alt_of(board).startswith("Arkaios : au tour d'alice. Tour 3, coup 2. Dernier coup : alice a construit")
    panel = (await h.slash(carol, "replay", game=1)).message
    assert panel is not None
    panel = (await h.click(carol, panel.button(label="Fin"))).message
    assert panel is not None and "Tour **2**, coup 1 (2 sur 2) : bob a construit un niveau 2 en d4." in panel.text


async def test_kouba_counts_turns_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: kouba.SEED)
    h = discord_harness
    players = [h.user("alice"), h.user("bob")]
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", language="fr")
    lobby = await h.slash(players[0], "kouba create")
    await h.click(players[1], lobby.button(label="Rejoindre"))
    await h.click(players[0], lobby.button(label="Commencer"))
    for user in players:
        hand = await h.click(user, kouba.board_of(h).button(label="Ma main"))
        swap = hand.select(custom_id_prefix="agora:s:")
        await h.select(user, swap, values=[next(v for v in swap.values if v.split("|")[0] == "swap:none")])
    board = kouba.board_of(h)
    assert " Tour 1. " in alt_of(board)
    roller = next(user for user in players if user.id == kouba.pinged(board)[0])
    await h.click(roller, board.button(label="Lancer les dés"))
    assert " Tour 1, coup 1. " in alt_of(kouba.board_of(h))
