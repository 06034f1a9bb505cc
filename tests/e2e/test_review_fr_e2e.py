"""The Review button on a French server: the review in French, no English shown."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from tests.e2e.quick_review import quick_estimate
from tests.e2e.test_review_e2e import BLUNDER, WINNING_ANSWER
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def test_a_review_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", language="fr")
    board = await challenge_accepted_fr(h, alice, bob)
    for user, move in ((alice, BLUNDER), (bob, WINNING_ANSWER)):
        await h.slash(user, "move", notation=move)
    final = h.last_message(h.default_channel)
    assert final is not board
    review = await h.click(alice, final.button(label=text("fr", "review.button")))
    assert review.message is not None
    assert f"Tour 1 · coup 1 : vous avez joué **{BLUNDER}**" in review.message.text, review.message.text
    assert "Vos chances de gagner" in review.message.text


async def played_in_french(h: FakeDiscord, alice: FakeUser, bob: FakeUser, moves: list[tuple[int, str]]) -> FakeMessage:
    """An Arkaios game between Alice and Bob on a French server, ``moves`` (seat, notation) played
    with /move; the last board."""
    await h.slash(h.owner, "agora settings", language="fr")
    await challenge_accepted_fr(h, alice, bob)
    for seat, move in moves:
        played = await h.slash((alice, bob)[seat], "move", notation=move)
        assert played.ephemeral, played.text
    return h.last_message(h.default_channel)


async def challenge_accepted_fr(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    accepted = await h.click(bob, sent.button(label=text("fr", "accept")))
    assert accepted.updated, accepted.text
    return h.last_message(h.default_channel)


async def test_a_review_from_the_menu_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finished board's "⋯" menu offers the review; one cut short says so, in French."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    final = await played_in_french(h, alice, bob, [(0, BLUNDER), (1, WINNING_ANSWER)])
    opened = await h.forge(alice, final, "agora:b:1:any:days:more")
    assert opened.message is not None
    assert [button.label for button in opened.message.buttons] == [text("fr", "review.button")]
    loaded = sys.modules[type(bot.cogs["Reviews"]).__module__]  # the extension as the bot loaded it
    monkeypatch.setattr(loaded, "fits", lambda spent: False)
    review = await h.click(alice, opened.message.button(label=text("fr", "review.button")))
    assert review.message is not None
    assert "Agora a pesé 0 de votre 1 coup" in review.message.text, review.message.text


# Alice's opening, Bob's, then Alice's turn of three pillars: a review of her four moves.
TURNS = [(0, "a3=1"), (1, "e4=3"), (0, "b4=1"), (0, "a4=2"), (0, "b4=2")]
CHANCES = re.compile(r"\*\*([^*]+)\*\*.*?(\d+) % avant le coup, (\d+) % après")


async def test_a_review_numbers_moves_as_the_board_and_chains_a_turns_chances(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every move of Alice's shown (the costliest rule set aside): each numbered by its turn and its
    place in the turn, as the board counts them, and each move of a turn starting from the chance
    the one before it left."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await played_in_french(h, alice, bob, TURNS)
    assert (await h.slash(alice, "resign")).ephemeral
    final = h.last_message(h.default_channel)
    loaded = sys.modules[type(bot.cogs["Reviews"]).__module__]
    monkeypatch.setattr(loaded, "costliest", lambda estimates: sorted(estimates, key=lambda e: e.ply))
    monkeypatch.setattr(loaded, "estimate", quick_estimate)
    await bot.thinking.run(abs, -1)  # the AI workers started before the review is asked
    review = await h.click(alice, final.button(label=text("fr", "review.button")))
    assert review.message is not None
    lines = review.message.text.split("\n")[1:5]
    numbers = ["Tour 1 · coup 1", "Tour 3 · coup 1", "Tour 3 · coup 2", "Tour 3 · coup 3"]
    assert [line.split(" : ")[0] for line in lines] == numbers, lines
    chances = [CHANCES.search(line) for line in lines]
    assert all(chances), lines
    for earlier, later in ((1, 2), (2, 3)):
        left, began = chances[earlier], chances[later]
        assert left is not None and began is not None
        assert began[2] == left[3], f"{lines[later]} starts where {lines[earlier]} left off"
