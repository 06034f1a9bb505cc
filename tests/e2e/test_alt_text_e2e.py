"""Alt text on board pictures: what a screen reader says, in the server's language, telling no secret.

Every end-to-end test also checks that each picture the bot sent has alt text (see
``every_picture_has_alt_text`` in conftest.py); these tests check what it says.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from tests.e2e import test_arcanor_e2e as arcanor
from tests.e2e import test_dragons_arena_e2e as dragons
from tests.e2e import test_kouba_e2e as kouba
from tests.e2e.conftest import uploads
from tests.e2e.test_arkaios_e2e import challenge_accepted, play_turn
from tests.harness import FakeDiscord, FakeMessage, InteractionResult


def alt_of(message: FakeMessage | InteractionResult) -> str:
    """The alt text of a message's (first) picture."""
    attachments = message.attachments
    assert attachments, "the message has a picture"
    description: str | None = attachments[0].description
    assert description is not None
    return description


async def test_arkaios_boards_say_whose_turn_and_the_last_move_then_the_result(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    assert alt_of(board) == "Arkaios: alice to play. Turn 1."
    board = await play_turn(h, alice, board, ["c3=1"])
    assert alt_of(board) == "Arkaios: bob to play. Turn 2. Last move: alice built level 1 on c3."
    board = await play_turn(h, bob, board, ["d4=2"])
    assert alt_of(board) == (
        "Arkaios: game over (alice is blocked: bob wins). Turn 2. Last move: bob built level 2 on d4."
    )


async def test_alt_text_in_french_and_after_a_resignation(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    await h.slash(h.owner, "agora settings", language="fr")
    await h.slash(alice, "move", notation="c3=3")
    board = h.last_message(h.default_channel)
    assert alt_of(board) == "Arkaios : au tour de bob. Tour 2. Dernier coup : alice a construit un niveau 3 en c3."
    await h.slash(bob, "resign")
    final = h.last_message(h.default_channel)
    assert alt_of(final) == (
        "Arkaios : partie terminée (alice gagne : abandon de bob). Tour 2. "
        "Dernier coup : alice a construit un niveau 3 en c3."
    )


async def test_arcanor_private_pictures_are_told_from_their_viewer(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await arcanor.start_game(h, alice, bob)
    mover = arcanor.mover(board, alice, bob)
    waiting = arcanor.other(mover, alice, bob)
    public = alt_of(board)
    assert public == f"Arcanor: {mover.name} to play. Scores: alice 0, bob 0."
    mine = await h.click(mover, board.button(label="My pieces"))
    assert alt_of(mine) == f"Arcanor, as {mover.name} sees it: your turn. Scores: alice 0, bob 0."
    theirs = await h.click(waiting, board.button(label="My pieces"))
    assert alt_of(theirs) == f"Arcanor, as {waiting.name} sees it: {mover.name} to play. Scores: alice 0, bob 0."


async def test_kouba_public_alt_text_names_no_card_of_any_hand(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: kouba.SEED)
    h = discord_harness
    players = [h.user("alice"), h.user("bob")]
    bot = make_bot()
    await h.start(bot)
    board = await kouba.started_round(h, players)
    record = await bot.service.load(kouba.game_id(board))
    assert record.state is not None
    spectators = json.dumps(record.state.view(None))
    hidden = {
        card["name"]
        for seat in range(2)
        for pile in record.state.view(seat)["hand"]  # type: ignore[typeddict-item]
        for card in pile["cards"]
        if card["name"] not in spectators
    }
    assert hidden, "the hands hold cards nobody else may see"
    public = [alt for name, alt in uploads(h) if name.startswith("game-")]
    assert public and all(alt and alt.startswith("Kouba: ") for alt in public)
    assert not [alt for alt in public for card in hidden if card in (alt or "")]
    hand = await h.click(players[0], board.button(label="My hand"))
    assert alt_of(hand).startswith("Kouba, as alice sees it: ")


async def test_a_secret_set_of_powers_stays_out_of_the_alt_text(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await dragons.challenge_accepted(h, alice, bob, level="free")
    await h.slash(alice, "move", notation="set:6,6,6,6,5,5,5,5")
    assert h.last_message(h.default_channel) is board
    told = [alt or "" for _, alt in uploads(h)]
    assert told and not any("6,6,6,6" in alt for alt in told)
    assert alt_of(board).startswith("Dragons Arena: ")
