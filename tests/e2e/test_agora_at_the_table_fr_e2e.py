"""Agora at the table and the words players read, on a French server: Agora's seats named apart,
never mentioned, greyed controls while it plays, an unused level said, turns in words, and French
that agrees (elision, plurals, ≤) — with no English word anywhere once the server is French."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import FRENCH_SAVED
from tests.e2e.test_against_agora_e2e import hold_the_bot
from tests.e2e.test_against_agora_fr_e2e import french_turn
from tests.e2e.test_against_agora_tables_e2e import araksey_step, element_menu
from tests.e2e.test_agora_at_the_table_e2e import mentioned_anywhere, pings
from tests.e2e.test_araksey_e2e import latest_board
from tests.harness import FakeDiscord


async def french_server(h: FakeDiscord) -> None:
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert FRENCH_SAVED in saved.text


async def test_two_agora_seats_in_french_are_named_apart_and_never_mentioned(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await french_server(h)
    agora = h.bot_user
    sent = await h.slash(
        alice, "araksey challenge", opponent=bob, opponent2=agora, opponent3=agora, element="earth", level="easy"
    )  # fmt: skip
    assert sent.message is not None and "Défi d'Araksey" in sent.text, sent.text
    assert "A2 Agora 3" in sent.text and "B2 Agora 4" in sent.text, sent.text
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    started = h.messages(h.default_channel)[0]
    assert "la partie commence" in started.text.lower() and "Agora 3, Agora 4" in started.text, started.text
    for _ in range(4):
        mover = alice if f"<@{alice.id}>, à vous" in latest_board(h).content else bob
        await araksey_step(h, mover)
    assert "Agora 4 a posé une source" in latest_board(h).text, latest_board(h).text
    assert mentioned_anywhere(h.requests, agora) == []
    await h.stop()


async def test_a_french_game_against_agora_greys_its_turn_and_ends_without_mentioning_it(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    await french_server(h)
    hold_the_bot(bot)
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level="easy")
    assert "Arkaios · partie n°1" in started.text and f"<@{alice.id}>, Agora" in started.text, started.text
    assert len(pings(h.requests, alice)) == 1, "the start and the first board: one notification"
    board = await french_turn(h, alice, h.last_message(h.default_channel))
    assert board.content == "Agora réfléchit…"
    assert board.selects and all(select.disabled for select in board.selects)
    assert await bot.scheduler.run_due() == 1
    await h.settle()
    board = h.last_message(h.default_channel)
    menu = board.selects[0]
    built = await h.select(alice, menu, values=[menu.options[0]["value"]])
    assert built.message is not None
    square, level = menu.options[0]["value"].split("=")
    assert f"Ce tour : un niveau {level} en {square}." in built.message.text, built.message.text
    assert not re.search(r"\b[a-e][1-5]=[1-3]\b", built.message.text.split("Le tour se termine")[0])
    await h.slash(alice, "resign")
    final = h.last_message(h.default_channel)
    assert f"<@{alice.id}>" in final.content and "Agora" in final.content, final.content
    assert mentioned_anywhere(h.requests, h.bot_user) == []
    await h.stop()


async def test_an_unused_level_is_said_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await french_server(h)
    person = await h.slash(alice, "arkaios challenge", opponent=bob, level="hard")
    assert [m.text for m in person.messages if m.ephemeral] == [
        "Le niveau choisi (difficile) ne vaut que pour les places d'Agora, et ce défi n'en a aucune :"
        " il ne change rien. Pour jouer contre Agora, défiez-la (opponent: @Agora)."
    ]
    assert "Défi d'Arkaios · partie n°1" in person.text
    table = await h.slash(alice, "kouba create", bots=0, level="hard")
    assert any("cette table n'en a aucune" in m.text for m in table.messages if m.ephemeral)
    await h.stop()


async def test_french_words_agree_and_pages_say_the_french_names(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    await h.start(make_bot())
    await french_server(h)
    made = await h.slash(h.owner, "tournament create", game="arkaios", format="swiss", rounds=3, starts="1h")
    assert "Tournoi d'Arkaios" in made.text and "3 rondes" in made.text and "(s)" not in made.text, made.text
    arcanor = await h.slash(h.user("alice"), "rules", game="arcanor")
    assert "« Mes pièces »" in arcanor.text and "show my pieces" not in arcanor.text
    kouba = await h.slash(h.user("alice"), "rules", game="kouba")
    assert "deux paires 95%" in kouba.text and "paire + somme ≥ 25 87%" in kouba.text, kouba.text
    assert "`sum>=N` somme ≥ N" in kouba.text and "two-pairs 95%" not in kouba.text, "the notation, translated once"
    await h.stop()
