"""On a French server: challenges in /games, /move among several games and a challenge made twice
answer in French (the module's name asks the conftest to check that no English reaches the server)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import FRENCH_SAVED
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def french_server(h: FakeDiscord, bot: AgoraBot, **settings: object) -> None:
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr", **settings)
    assert FRENCH_SAVED in saved.text


def link(h: FakeDiscord, message: FakeMessage) -> str:
    return f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{message.id}"


async def challenged(h: FakeDiscord, challenger: FakeUser, opponent: FakeUser) -> FakeMessage:
    sent = await h.slash(challenger, "arkaios challenge", opponent=opponent)
    assert sent.type == 4 and not sent.ephemeral and sent.message is not None, sent.text
    return sent.message


async def test_games_lists_and_answers_challenges_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await french_server(h, make_bot())
    from_alice = await challenged(h, alice, bob)
    from_carol = await challenged(h, carol, bob)
    listed = await h.slash(bob, "games")
    assert "**2** défis attendent votre réponse." in listed.text
    assert f"[#1 Arkaios]({link(h, from_alice)}) contre alice : **défi en attente de votre réponse**" in listed.text
    assert [b.label for b in listed.buttons] == ["Accepter n°1", "Refuser n°1", "Accepter n°2", "Refuser n°2"]
    sender = await h.slash(alice, "games")
    assert "défi envoyé, on attend la réponse de bob" in sender.text and not sender.buttons

    accepted = await h.click(bob, listed.button(label="Accepter n°1"))
    assert accepted.ephemeral
    assert f"Vous avez accepté le défi n°1 : la partie commence dans <#{h.default_channel.id}>." in accepted.text
    assert "Défi accepté : la partie commence !" in from_alice.text and not from_alice.components
    declined = await h.click(bob, listed.button(label="Refuser n°2"))
    assert declined.text == "Vous avez refusé le défi n°2."
    assert "Le défi a été refusé" in from_carol.text and not from_carol.components

    withdrawn = await challenged(h, carol, alice)
    mine = await h.slash(alice, "games")
    assert "**1** partie attend votre coup." in mine.text
    assert "**1** défi attend votre réponse." in mine.text
    from_games = await h.click(alice, mine.button(label="Refuser n°3"))
    assert from_games.text == "Vous avez refusé le défi n°3."
    assert "Le défi a été refusé" in withdrawn.text


async def test_open_tables_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await french_server(h, make_bot())
    table = await h.slash(alice, "kouba create")
    assert table.message is not None
    await h.click(bob, table.message.buttons[0])
    opener = await h.slash(alice, "games")
    assert "table ouverte, 2 assis : on attend que vous la lanciez" in opener.text
    seated = await h.slash(bob, "games")
    assert "table ouverte, 2 assis : on attend qu'alice la lance" in seated.text


async def test_move_and_twin_challenges_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await french_server(h, make_bot())
    for opponent in (bob, carol):
        message = await challenged(h, alice, opponent)
        await h.click(opponent, message.button(label="Accepter"))
    both = await h.slash(alice, "move", notation="c3=3")
    assert both.text == (
        "Plusieurs de vos parties dans ce salon attendent votre coup (#1, #2) : "
        "nommez celle que vous jouez avec l'option `game`."
    )
    await h.slash(alice, "move", notation="c3=3", game=1)
    picked = await h.slash(alice, "move", notation="c3=3")
    assert "Coup c3=3 joué dans la partie n°2." in picked.text, "only #2 waits for alice now"
    none = await h.slash(alice, "move", notation="d4=1")
    assert none.text == (
        "Vous avez plusieurs parties dans ce salon (#1, #2) et aucune n'attend votre coup : "
        "nommez la partie avec l'option `game` (voir /games)."
    )
    resign = await h.slash(alice, "resign")
    assert resign.text == (
        "Vous avez plusieurs parties dans ce salon (#1, #2) : nommez la partie avec l'option `game` (voir /games)."
    )

    first = await challenged(h, alice, bob)
    twice = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert twice.ephemeral and twice.text == (
        f"Vous avez déjà ce défi ouvert dans ce salon : [défi n°3]({link(h, first)}) (Arkaios, mêmes joueurs et "
        "mêmes options). Attendez les réponses, ou retirez-le avant d'en lancer un autre."
    )
    reversed_roles = await h.slash(bob, "arkaios challenge", opponent=alice)
    assert reversed_roles.ephemeral and reversed_roles.text == (
        f"<@{alice.id}> vous a déjà défié·e à Arkaios dans ce salon, avec les mêmes joueurs et les mêmes options : "
        f"répondez au [défi n°3]({link(h, first)})."
    )
