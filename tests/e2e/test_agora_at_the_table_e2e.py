"""Agora at the table, as players see it: its seats are told apart, it is never mentioned, nothing
can be clicked while only it plays, a level that cannot apply is said, and private answers come in
each player's own Discord language."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.app import AgoraBot
from tests.e2e.conftest import uploads
from tests.e2e.french import english_in
from tests.e2e.test_against_agora_e2e import against_agora, arkaios_turn, finished, hold_the_bot
from tests.e2e.test_against_agora_tables_e2e import araksey_step, element_menu
from tests.e2e.test_araksey_e2e import latest_board
from tests.e2e.test_kouba_e2e import board_of, swap
from tests.harness import FakeDiscord, FakeUser
from tests.harness.transport import RecordedRequest


def content_of(request: RecordedRequest) -> str:
    """The content a request sends (a message, an interaction's answer, a follow-up), or ""."""
    body: Any = request.json if isinstance(request.json, dict) else {}
    return str(body.get("content") or (body.get("data") or {}).get("content") or "")


def pings(requests: list[RecordedRequest], user: FakeUser) -> list[str]:
    """The new messages whose content mentions ``user``: the ones that notify (an edit never does)."""
    return [content_of(r) for r in requests if r.method == "POST" and f"<@{user.id}>" in content_of(r)]


def mentioned_anywhere(requests: list[RecordedRequest], user: FakeUser) -> list[str]:
    """Every request's JSON that mentions ``user``, content and embeds alike."""
    return [str(r.json) for r in requests if re.search(rf"<@!?{user.id}>", str(r.json))]


async def four_seats_with_two_agoras(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> None:
    """Alice and Bob against (and beside) two seats of Agora's, in Araksey; Bob's element starts it."""
    agora = h.bot_user
    sent = await h.slash(
        alice, "araksey challenge", opponent=bob, opponent2=agora, opponent3=agora, element="earth", level="easy"
    )  # fmt: skip
    assert sent.message is not None, sent.text
    await h.select(bob, element_menu(sent.message, 1), values=["water"])


async def test_two_agora_seats_are_named_apart_in_text_pictures_and_alt_text(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    start = len(h.requests)
    await four_seats_with_two_agoras(h, alice, bob)
    started = h.messages(h.default_channel)[0]
    assert "the game is on" in started.text and "Agora 3, Agora 4" in started.text, started.text
    board = latest_board(h)
    assert "A2 Agora 3" in board.text and "B2 Agora 4" in board.text, board.text
    for _ in range(4):  # Agora's seats place their pieces between Alice's and Bob's
        mover = alice if f"<@{alice.id}>, your turn" in latest_board(h).content else bob
        before = len(h.requests)
        await araksey_step(h, mover)
        told = pings(h.requests[before:], alice) + pings(h.requests[before:], bob)
        assert len(told) <= 1, f"one notification for whoever plays next, after Agora's seats: {told}"
    alts = [alt or "" for _, alt in uploads(h)]
    print(alts)
    assert any("Agora 3" in alt for alt in alts) and any("Agora 4" in alt for alt in alts), alts
    assert not [alt for alt in alts if re.search(r"Agora(?! [34])", alt)], "never a bare Agora"
    assert mentioned_anywhere(h.requests[start:], h.bot_user) == [], "Agora is named, never mentioned"
    await h.stop()


async def test_a_game_against_agora_pings_the_player_once_per_turn_and_never_agora(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    board = await against_agora(h, alice)
    assert len(pings(h.requests, alice)) == 1, "the game's start and its first board: one notification"
    started = h.messages(h.default_channel)[0]
    assert "the game is on" in started.text and f"<@{alice.id}>, Agora" in started.text
    for _ in range(40):
        if finished(board):
            break
        before = len(h.requests)
        board = await arkaios_turn(h, alice, board)
        assert len(pings(h.requests[before:], alice)) <= 1, "one notification per turn at most"
    assert finished(board), board.text
    assert "Game over" in board.content and f"<@{alice.id}>" in board.content and "Agora" in board.content
    assert mentioned_anywhere(h.requests, h.bot_user) == [], "not in the final message, nor anywhere"
    await h.stop()


async def test_every_control_is_greyed_while_only_agora_plays(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    hold_the_bot(bot)
    board = await against_agora(h, alice)
    assert board.selects and not any(select.disabled for select in board.selects), "alice's turn: she may build"
    board = await arkaios_turn(h, alice, board)
    assert board.content == "Agora is thinking…"
    game_controls = [c for c in board.components if c.custom_id and ":build" in c.custom_id]
    assert game_controls and all(c.disabled for c in game_controls), "Agora's build menus are greyed"
    assert [b.label for b in board.buttons if not b.disabled] == ["⋯", "Follow"], "the menu and Follow stay"
    assert await bot.scheduler.run_due() == 1
    await h.settle()
    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>, your turn" in board.content and not any(s.disabled for s in board.selects)
    await h.stop()


async def test_at_a_kouba_table_a_player_may_still_look_at_their_hand_while_agora_plays(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    hold_the_bot(bot)
    lobby = await h.slash(alice, "kouba create", bots=1, level="easy")
    assert lobby.message is not None
    await h.click(alice, lobby.message.button(label="Start"))
    await swap(h, alice, board_of(h), "swap:none")  # alice has chosen; Agora's seat has not, its job held
    board = board_of(h)
    assert board.content == "Agora is thinking…", board.content
    assert not board.button(label="My hand").disabled, "looking at one's hand is no move"
    assert all(c.disabled for c in board.components if c.label not in ("My hand", "⋯", "Follow")), board.components
    hand = await h.click(alice, board.button(label="My hand"))
    assert hand.ephemeral and hand.message is not None and hand.message.attachments
    await h.stop()


async def test_a_level_that_cannot_apply_is_said_privately(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    person = await h.slash(alice, "arkaios challenge", opponent=bob, level="hard")
    notes = [m for m in person.messages if m.ephemeral]
    assert [m.text for m in notes] == [
        "The level you chose (hard) applies only to Agora's seats, and this challenge has none: it changes nothing."
        " To play against Agora, challenge it (opponent: @Agora)."
    ]
    dragons = await h.slash(alice, "dragons challenge", opponent=bob, level="big", bot_level="easy")
    assert any("(easy) applies only to Agora's seats" in m.text for m in dragons.messages if m.ephemeral)
    plain = await h.slash(alice, "dragons challenge", opponent=h.user("carol"), level="big")
    assert not [m for m in plain.messages if m.ephemeral], "the arena's own level is no bot level"
    table = await h.slash(alice, "kouba create", bots=0, level="hard")
    assert any("this table has none" in m.text and "bots: 1" in m.text for m in table.messages if m.ephemeral)
    seated = await h.slash(bob, "kouba create", bots=1, level="hard")
    assert not [m for m in seated.messages if m.ephemeral], "Agora sits at this table: the level applies"
    await h.stop()


async def test_arkaios_says_the_turn_in_words_not_notation(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    board = await against_agora(h, alice)
    board = await arkaios_turn(h, alice, board)  # the opening, then Agora's
    assert await bot.scheduler.run_due() >= 0
    await h.settle()
    board = h.last_message(h.default_channel)
    menu = board.selects[0]
    built = await h.select(alice, menu, values=[menu.options[0]["value"]])
    assert built.message is not None
    square, level = menu.options[0]["value"].split("=")
    assert f"This turn: level {level} on {square}." in built.message.text, built.message.text
    assert not re.search(r"\b[a-e][1-5]=[1-3]\b", built.message.text.split("Turn ends")[0]), built.message.text
    await h.stop()


async def test_private_answers_follow_the_players_own_language(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    carol.locale = "fr"
    await h.start(make_bot())
    english = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert "you are challenged" in english.text, "public: the server's language"
    refused = await h.click(carol, english.button(label="Accept"))
    assert refused.ephemeral and refused.text == "Ce défi ne vous est pas adressé.", "private: carol's French"
    bob.locale = "en-GB"
    assert (await h.click(bob, english.button(label="Accept"))).updated
    board = h.last_message(h.default_channel)
    assert "your turn" in board.content, "the board is public: the server's English"
    outsider = await h.select(carol, board.selects[0], values=[board.selects[0].options[0]["value"]])
    assert outsider.text == "Vous ne jouez pas dans cette partie."
    rules = await h.slash(carol, "rules", game="arkaios")
    assert rules.ephemeral and "Votre tour" in rules.text
    listed = await h.slash(bob, "games")
    assert listed.ephemeral and "Your games" in listed.text, "bob's Discord is in English"
    assert "Vous n'avez aucune partie" in (await h.slash(carol, "games")).text
    await h.slash(h.owner, "agora settings", language="fr")
    alice.locale = "en-US"
    typed = await h.slash(alice, "move", notation="z9=9")
    assert typed.ephemeral and english_in(h.requests[-3:]) == [typed.text], typed.text
    dan = h.user("dan")
    dan.locale = "pt-BR"  # a language the bot does not speak: the server's
    outsider = await h.select(dan, board.selects[0], values=[board.selects[0].options[0]["value"]])
    assert outsider.text == "Vous ne jouez pas dans cette partie."
    await h.stop()
