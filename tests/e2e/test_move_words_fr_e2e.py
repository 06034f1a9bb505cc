"""A French server reads every move in French words: the line an old board keeps, the picture's
alt text, Kouba's latest events (one line per event) and the replay's steps."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import word
from rules import Text
from tests.harness import FakeDiscord, FakeMessage

SEED = 11  # in this deal alice (@1) opens round 1


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED)


def board_of(h: FakeDiscord) -> FakeMessage:
    """The current board: the last message of the channel with a picture."""
    return next(m for m in reversed(h.messages(h.default_channel)) if m.attachments)


def alt_of(message: FakeMessage) -> str:
    description = message.attachments[0].description
    assert description is not None
    return description


async def french_kouba(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> tuple[AgoraBot, int]:
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    lobby = await h.slash(alice, "kouba create")
    await h.click(bob, lobby.button(label="Rejoindre"))
    await h.click(alice, lobby.button(label="Commencer"))
    record = (await bot.storage.games_of_user(alice.id, h.guild.id, ["active"]))[0]
    await h.slash(alice, "move", notation="swap:none")
    await h.slash(bob, "move", notation="swap:1,2")
    return bot, record.id


async def test_a_kouba_turn_in_french_words(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot, game_id = await french_kouba(h, make_bot)
    swapped = h.messages(h.default_channel)[-2]
    assert swapped.content == "bob a échangé 2 cartes.", "which cards were swapped stays private"

    await h.slash(alice, "move", notation="roll")
    board = board_of(h)
    record = await bot.service.load(game_id)
    assert record.state is not None
    dice = " ".join(map(str, record.state.view(None)["dice"][0]["values"]))
    assert alt_of(board).endswith(f"Dernier coup : alice a lancé {dice}.")

    await h.slash(alice, "move", notation="stop")
    await h.slash(alice, "move", notation="kouba:pile1")
    old, board = h.messages(h.default_channel)[-2], board_of(h)
    assert old.content == "alice a posé le Kouba sur la pile 1." and not old.attachments
    latest = board.text
    assert latest.count("alice prend un Kouba sur la pile 1") == 1
    assert word("fr", Text("{who} failed and takes a Kouba", who="alice")) not in latest, "one line per event"


async def test_a_french_replay_tells_each_move_in_words(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    _, game_id = await french_kouba(h, make_bot)
    opened = await h.slash(alice, "replay", game=game_id)
    assert opened.message is not None
    first = await h.click(alice, opened.message.buttons[2])  # next
    assert first.message is not None and "Coup **1** sur 2 : alice a gardé ses 5 cartes." in first.message.text
    second = await h.click(alice, first.message.buttons[2])
    assert second.message is not None and "Coup **2** sur 2 : bob a échangé 2 cartes." in second.message.text
