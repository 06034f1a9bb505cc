"""Private panels speak their player's own Discord language; public messages speak the server's.

An English player on a French server opens Kouba's hand, Arcanor's pieces and Dragons Arena's
powers form and reads English, also once another player's move has redrawn the panel; a French
player on an English server reads French there, checked word by word as the French tests do
(``tests/e2e/french.py``). The boards around them stay in the server's language. The board's "⋯"
menu follows the player too, and direct messages the language of the player's last interaction.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from cogs.arcanor import private_text
from rules.arcanor import ArcanorState
from tests.e2e.french import english_among, shown_strings
from tests.e2e.test_arcanor_e2e import record_of, start_game
from tests.e2e.test_arcanor_fr_e2e import start_french_game
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.e2e.test_notices_e2e import play_turn, waiting_for
from tests.e2e.test_private_panels_e2e import panel_edits, play_moves
from tests.harness import FakeDiscord, FakeMessage, FakeUser, InteractionResult

SEED = 11  # a Kouba deal where alice opens the round (as in the French Kouba tests)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED)


def seen(message: FakeMessage) -> list[str]:
    """Every string of a message its reader takes in: content, embeds, controls and the picture's alt text."""
    shown = {
        "content": message.content,
        "embeds": message.embeds,
        "components": message.raw_components,
        "attachments": [{"description": attachment.description} for attachment in message.attachments],
    }
    return [string for string in shown_strings(shown) if string]


def board_of(h: FakeDiscord) -> FakeMessage:
    """The current board: the last message of the channel with a picture."""
    return next(m for m in reversed(h.messages(h.default_channel)) if m.attachments)


async def french_server(h: FakeDiscord) -> None:
    """A French community: the server's language is French, and so is its members' Discord."""
    h.guild.locale = "fr"
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text


async def kouba_table(h: FakeDiscord, creator: FakeUser, other: FakeUser, lang: str) -> FakeMessage:
    """A Kouba table of two, opened and started with the server's (``lang``) buttons; returns its board."""
    lobby = await h.slash(creator, "kouba create")
    await h.click(other, lobby.button(label=text(lang, "kouba.join")))
    started = await h.click(creator, lobby.button(label=text(lang, "kouba.start")))
    assert started.updated, started.text
    return board_of(h)


async def keep_all_cards(h: FakeDiscord, user: FakeUser, hand: InteractionResult) -> InteractionResult:
    """Keep every card: the swap select of ``user``'s hand panel."""
    swap = hand.select(custom_id_prefix="agora:s:")
    keep = next(value for value in swap.values if value.split("|")[0] == "swap:none")
    return await h.select(user, swap, values=[keep])


async def test_an_english_player_reads_the_kouba_hand_in_english_on_a_french_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "en-US"
    await h.start(make_bot())
    await french_server(h)
    board = await kouba_table(h, alice, bob, "fr")
    assert "Ma main" in board.text and "My hand" not in board.text, "the board is public: French"

    hand = await h.click(alice, board.button(label="Ma main"))
    assert hand.ephemeral and hand.message is not None
    assert "Your hand · Kouba" in hand.text and "Votre main" not in hand.text
    placeholder = hand.select(custom_id_prefix="agora:s:").placeholder or ""
    assert placeholder.startswith("Swap up to 2 cards")
    french = await h.click(bob, board.button(label="Ma main"))
    assert "Votre main · Kouba" in french.text, "bob's Discord is in French: his hand is"

    edits = len(panel_edits(h, hand))
    await keep_all_cards(h, bob, french)
    assert len(panel_edits(h, hand)) > edits, "bob's swap redrew alice's open hand"
    assert "Your hand · Kouba" in hand.message.text and "Votre main" not in hand.message.text
    assert "Press My hand on the board again" in hand.message.text
    assert "Ma main" in board_of(h).text and "Still choosing" not in board_of(h).text

    swapped = await keep_all_cards(h, alice, hand)
    assert swapped.updated and "Your hand · Kouba" in swapped.text
    turn = board_of(h)
    assert "affronte l'arène" in turn.text and "faces the arena" not in turn.text


async def test_a_french_player_reads_the_kouba_hand_in_french_on_an_english_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "fr"
    await h.start(make_bot())
    board = await kouba_table(h, alice, bob, "en")
    assert "My hand" in board.text

    hand = await h.click(alice, board.button(label="My hand"))
    assert hand.message is not None and "Votre main · Kouba" in hand.text
    assert english_among(seen(hand.message)) == []
    english = await h.click(bob, board.button(label="My hand"))
    assert "Your hand · Kouba" in english.text

    await keep_all_cards(h, bob, english)
    assert "Votre main · Kouba" in hand.message.text, "redrawn by bob's swap, still in French"
    assert english_among(seen(hand.message)) == []
    assert "Still choosing: alice" in board_of(h).text, "the board is public: English"


async def test_an_english_player_reads_arcanor_pieces_in_english_on_a_french_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await french_server(h)
    board = await start_french_game(h, alice, bob)
    record = await bot.service.load(int(board.components[0].custom_id.split(":")[2]))  # type: ignore[union-attr]
    assert isinstance(record.state, ArcanorState)
    players = [alice, bob]
    mover = players[record.state.to_move]
    mover.locale = "en-GB"

    opened = await h.click(mover, board.button(label="Mes pièces"))
    panel = opened.message
    assert panel is not None and "Your pieces · Arcanor game" in panel.text
    assert panel.select(placeholder="Choose a stack to play…")

    await play_moves(h, bot, record.id, players, 2)
    assert len(panel_edits(h, opened)) == 2, "redrawn after each of the two moves"
    state = (await bot.service.load(record.id)).state
    assert isinstance(state, ArcanorState)
    assert private_text(state, state.to_move, "en") in panel.text and "Your pieces" in panel.text
    assert "Vos pièces" not in panel.text and panel.select(placeholder="Choose a stack to play…")
    public = h.last_message(h.default_channel)
    assert "Arcanor · partie n°" in public.text and "Mes pièces" in [b.label for b in public.buttons]

    # A move played from the panel: the panel closes saying what was played, in English; the board in French.
    pick = panel.select(placeholder="Choose a stack to play…")
    shown = await h.select(mover, pick, values=[pick.values[0]])
    where = next(s for s in panel.selects if (s.placeholder or "").startswith(f"Play {pick.values[0]}: where to?"))
    played = await h.select(mover, where, values=[where.values[0]])
    assert shown.updated and played.updated and played.message is panel
    assert panel.text.startswith("Done: ") and "C'est fait" not in panel.text and not panel.components
    assert f"Done: {mover.name} moved the stack on {pick.values[0]} to" in panel.text, "the summary too"
    assert "partie n°" in h.last_message(h.default_channel).text, "the next board is public: French"


async def test_a_french_player_reads_arcanor_pieces_in_french_on_an_english_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    record = await record_of(bot, board)
    assert isinstance(record.state, ArcanorState)
    players = [alice, bob]
    mover = players[record.state.to_move]
    mover.locale = "fr"

    stack = board.select(placeholder="Choose a stack to play…")
    picked = await h.select(mover, stack, values=[stack.values[0]])
    panel = next(m for m in picked.messages if m.ephemeral)
    assert "Vos pièces · Arcanor, partie n°" in panel.text and english_among(seen(panel)) == []
    assert board.select(placeholder="Choose a stack to play…"), "the public board keeps English controls"

    opened = await h.click(mover, board.button(label="My pieces"))
    assert opened.message is not None and english_among(seen(opened.message)) == []
    await play_moves(h, bot, record.id, players, 2)
    assert len(panel_edits(h, opened)) == 2
    state = (await bot.service.load(record.id)).state
    assert isinstance(state, ArcanorState)
    assert private_text(state, state.to_move, "fr") in opened.message.text
    assert english_among(seen(opened.message)) == []
    assert "My pieces" in [b.label for b in h.last_message(h.default_channel).buttons]


async def dragons_big_duel(h: FakeDiscord, alice: FakeUser, bob: FakeUser, lang: str) -> FakeMessage:
    """A Dragons Arena duel at level BIG, challenged and accepted with the server's buttons; its board."""
    sent = await h.slash(alice, "dragons challenge", opponent=bob, level="big")
    accepted = await h.click(bob, sent.button(label=text(lang, "accept")))
    assert accepted.updated, accepted.text
    return h.last_message(h.default_channel)


def modal_strings(result: InteractionResult) -> list[str]:
    assert result.modal is not None
    return list(shown_strings(dict[str, Any](result.modal)))


async def test_an_english_player_sets_dragons_powers_in_english_on_a_french_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "en-US"
    await h.start(make_bot())
    await french_server(h)
    board = await dragons_big_duel(h, alice, bob, "fr")
    set_mine = text("fr", "dragons_arena.set_my_powers")
    assert set_mine in board.content or set_mine in [b.label for b in board.buttons]

    form = await h.click(alice, board.button(label=set_mine))
    assert {"Your 8 secret powers", "8 powers, 1 to 6, total 28"} <= set(modal_strings(form))
    assert result_modal_id(form) and "puissances" not in " ".join(modal_strings(form))
    wrong = await h.submit_modal(alice, result_modal_id(form), {"powers": "6,6,6,6,6,1,1,1"})
    assert wrong.ephemeral and "Your powers total 33; BIG needs exactly 28" in wrong.text
    again = await h.click(alice, board.button(label=set_mine))
    done = await h.submit_modal(alice, result_modal_id(again), {"powers": "1,2,3,4,4,4,5,5"})
    assert any(m.ephemeral and "Your powers are set: 1, 2, 3, 4, 4, 4, 5, 5" in m.text for m in done.messages)
    assert "puissances choisies (secrètes)" in board.text, "the board is public: French"

    peek = await h.click(alice, board.button(label=text("fr", "dragons_arena.show_my_powers")))
    assert peek.message is not None and "Dragons Arena · game" in peek.text and "your powers" in peek.text
    french_form = await h.click(bob, board.button(label=set_mine))
    assert "Vos 8 puissances secrètes" in modal_strings(french_form), "bob's Discord is in French"
    await h.submit_modal(bob, result_modal_id(french_form), {"powers": "1,2,3,4,4,4,5,5"})
    assert "Nothing is hidden in Dragons Arena" in peek.message.text, "redrawn by bob's set, in English"
    assert "Rien n'est caché" not in peek.message.text


async def test_a_french_player_sets_dragons_powers_in_french_on_an_english_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "fr"
    await h.start(make_bot())
    board = await dragons_big_duel(h, alice, bob, "en")
    set_mine = text("en", "dragons_arena.set_my_powers")

    form = await h.click(alice, board.button(label=set_mine))
    assert "Vos 8 puissances secrètes" in modal_strings(form) and english_among(modal_strings(form)) == []
    wrong = await h.submit_modal(alice, result_modal_id(form), {"powers": "6,6,6,6,6,1,1,1"})
    assert wrong.ephemeral and wrong.message is not None and english_among(seen(wrong.message)) == []
    peek = await h.click(alice, board.button(label=text("en", "dragons_arena.show_my_powers")))
    assert peek.message is not None and "vos puissances" in peek.text
    assert english_among(seen(peek.message)) == []

    again = await h.click(alice, board.button(label=set_mine))
    done = await h.submit_modal(alice, result_modal_id(again), {"powers": "1,2,3,4,4,4,5,5"})
    told = [m for m in done.messages if m.ephemeral]
    assert told and all(english_among(seen(m)) == [] for m in told)
    bob_form = await h.click(bob, board.button(label=set_mine))
    await h.submit_modal(bob, result_modal_id(bob_form), {"powers": "1,2,3,4,4,4,5,5"})
    assert "Rien n'est caché dans Dragons Arena" in peek.message.text, "redrawn by bob's set, in French"
    assert english_among(seen(peek.message)) == []
    public = board_of(h)
    assert "Dragons Arena · game #" in public.text and "your turn" in public.content, "the board is public: English"


def result_modal_id(result: InteractionResult) -> str:
    assert result.modal is not None
    return str(result.modal["custom_id"])


async def test_direct_messages_follow_the_players_last_interaction_else_the_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "fr"
    bot = make_bot()
    await h.start(bot)
    guild = h.guild.id
    assert await bot.dm_language(alice.id, guild) == "en", "no interaction yet: the server's language"

    listed = await h.slash(alice, "games")
    assert listed.ephemeral and listed.message is not None and english_among(seen(listed.message)) == []
    assert await bot.dm_language(alice.id, guild) == "fr"
    assert await bot.dm_language(bob.id, guild) == "en", "bob has not been seen: the server's"

    alice.locale = "pt-BR"  # a language the bot does not speak: the server's again
    await h.slash(alice, "games")
    assert await bot.dm_language(alice.id, guild) == "en"
    alice.locale = "fr"
    await h.slash(alice, "games")
    await h.slash(h.owner, "agora settings", language="fr")
    bob.locale = "en-GB"
    await h.slash(bob, "games")
    assert (await bot.dm_language(alice.id, guild), await bot.dm_language(bob.id, guild)) == ("fr", "en")
    assert await bot.dm_language(h.owner.id, guild) == "en", "the owner's Discord is in English (the guild's)"


async def test_the_board_menu_and_an_offer_on_a_french_server_for_an_english_player(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    alice.locale = "en-US"
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    await french_server(h)

    opened = await h.click(alice, board.button(label="⋯"))
    assert opened.message is not None
    assert [b.label for b in opened.message.buttons] == ["Offer a draw", "Ask to take back", "Resign…"]
    asked = await h.click(alice, opened.message.button(label="Resign…"))
    assert asked.message is not None and "Resign game #" in asked.text
    kept = await h.click(alice, asked.message.button(label="No, keep playing"))
    assert "goes on" in kept.text

    opened = await h.click(alice, board.button(label="⋯"))
    assert opened.message is not None
    offered = await h.click(alice, opened.message.button(label="Offer a draw"))
    assert offered.ephemeral and "Your offer is posted" in offered.text
    question = h.last_message(h.default_channel)
    assert "propose la nulle" in question.content and "offers a draw" not in question.content, "public: French"
    french = await h.click(bob, board.button(label="⋯"))
    assert french.message is not None and "Proposer la nulle" in [b.label for b in french.message.buttons]

    opened = await h.click(alice, board.button(label="⋯"))
    assert opened.message is not None
    asked = await h.click(alice, opened.message.button(label="Resign…"))
    assert asked.message is not None
    done = await h.click(alice, asked.message.button(label="Yes, resign"))
    told = [m.text for m in done.messages if m.ephemeral]
    assert told == [f"Done: <@{alice.id}> resigned."], "the player's words"
    final = h.last_message(h.default_channel)
    assert "Revanche" in [c.label for c in final.components], "the final board is public: French"


async def test_turn_messages_by_dm_keep_the_language_of_the_notice_choice_across_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    ana, dan = h.user("ana"), h.user("dan")
    dan.locale = "en-GB"
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    chosen = await h.slash(dan, "agora notify", mode="dm")
    assert chosen.ephemeral and chosen.text.startswith("Saved."), chosen.text
    sent = await h.slash(ana, "arkaios challenge", opponent=dan)
    await h.click(dan, sent.button(label="Accepter"))
    await h.restart(bot := make_bot())
    users = {ana.id: ana, dan.id: dan}
    while await waiting_for(bot, 1) != dan.id:
        await play_turn(h, bot, 1, users)
    told = h.dm_messages(dan)[-1].content
    assert told.startswith("🎲 Your turn in game #1 (Arkaios): https://"), told
    board = board_of(h)
    assert "partie n°1" in board.text, "the board is public: the server's French"
