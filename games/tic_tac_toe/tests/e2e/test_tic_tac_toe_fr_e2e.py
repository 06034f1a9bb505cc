"""Tic-tac-toe in a French server: its board, buttons, refusals, ending and rules page speak French,
from the catalogues of its own package."""

from __future__ import annotations

from collections.abc import Callable

from discord import app_commands

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def mark(h: FakeDiscord, user: FakeUser, board: FakeMessage, square: str) -> FakeMessage:
    pressed = await h.click(user, board.button(label=square))
    assert pressed.updated, pressed.text
    return h.last_message(h.default_channel)


async def test_a_french_game_to_its_end(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    sent = await h.slash(alice, "tictactoe challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accepter"))
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, à vous de jouer." in board.content
    assert "Morpion · partie n°1" in board.text and "À **alice** de jouer (X)." in board.text
    board = await mark(h, alice, board, "b2")
    taken = await h.slash(bob, "move", notation="b2")
    assert taken.ephemeral and "b2 est déjà prise." in taken.text
    for user, square in [(bob, "a1"), (alice, "a3"), (bob, "c1"), (alice, "b1"), (bob, "b3"), (alice, "c2")]:
        board = await mark(h, user, board, square)
    board = await mark(h, bob, board, "a2")
    board = await mark(h, alice, board, "c3")
    assert "Partie terminée" in board.content
    assert "La grille est pleine : partie nulle" in board.text, board.text
    rules = await h.slash(alice, "rules", game="tic_tac_toe")
    assert "aligner trois de ses marques" in rules.text
    leaderboard = await h.slash(alice, "leaderboard", game="tic_tac_toe")
    assert "Morpion" in leaderboard.text, leaderboard.text
    replay = await h.slash(alice, "replay", game=1)
    assert replay.message is not None and "Morpion" in replay.message.text, replay.message.text
    await h.stop()


async def test_the_commands_are_described_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    command = bot.tree.get_command("tictactoe")
    assert isinstance(command, app_commands.Group) and bot.tree.translator is not None
    translated = await command.get_translated_payload(bot.tree, bot.tree.translator)
    assert translated["description_localizations"]["fr"] == "Morpion : trois alignés gagnent."
    leaderboard = bot.tree.get_command("leaderboard")
    assert isinstance(leaderboard, app_commands.Command)
    payload = await leaderboard.get_translated_payload(bot.tree, bot.tree.translator)
    [game] = [option for option in payload["options"] if option["name"] == "game"]
    [named] = [choice for choice in game["choices"] if choice["value"] == "tic_tac_toe"]
    assert named["name"] == "Tic-tac-toe" and named["name_localizations"]["fr"] == "Morpion"
    await h.stop()
