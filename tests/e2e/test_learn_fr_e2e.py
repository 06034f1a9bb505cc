"""/learn in French: each tutorial played to its end on a French server, and what a player sees at
the steps where the lessons used to teach wrong: the move asked, the moves as good, the positions
set out anew, the words of each move and the counts on the pictures."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.i18n import text
from bot.learn import Lesson, as_good, lessons
from tests.e2e.learning import lesson_name, play_step, press, wrong_moves_at
from tests.harness import FakeDiscord, FakeMessage, FakeUser


@pytest.mark.parametrize("game", sorted(lessons()))
async def test_a_lesson_is_played_to_its_end_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], game: str
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    lesson = lessons()[game]
    panel = (await h.slash(alice, "learn", game=game)).message
    assert panel is not None and panel.ephemeral
    assert text("fr", f"learn.{game}.intro") in panel.text
    for step in range(len(lesson.steps)):
        await wrong_moves_at(h, alice, panel, lesson, step, "fr")
        await play_step(h, alice, panel, lesson, step, "fr")
    assert text("fr", "learn.title_done", game=lesson_name(lesson, "fr")) in panel.text
    assert panel.button(label=text("fr", "learn.practice"))


async def lesson_at(h: FakeDiscord, user: FakeUser, game: str, step: int) -> tuple[Lesson, FakeMessage]:
    """``game``'s lesson opened in French and played as asked up to step ``step`` (counted from 0)."""
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    lesson = lessons()[game]
    panel = (await h.slash(user, "learn", game=game)).message
    assert panel is not None
    for done in range(step):
        await play_step(h, user, panel, lesson, done, "fr")
    return lesson, panel


def alt_of(panel: FakeMessage) -> str:
    [picture] = panel.attachments
    assert picture.description is not None
    return picture.description


async def test_kouba_keeps_the_three_4s_and_takes_a_move_as_good_as_the_one_asked(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Step 3 (4 6 4 3 4 3) asks to keep the three 4s with the two 3s; a move Agora's hard search
    finds as good is taken, with why the asked one is fine too, and the lesson goes on."""
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    lesson, panel = await lesson_at(h, alice, "kouba", 2)
    assert "Vos trois 4 font déjà un brelan : gardez-les avec vos deux 3, et relancez le 6" in panel.text
    kept = await press(h, alice, panel, lesson, 2, "keep:3,3,4,4,4")
    assert kept.updated
    assert "✅ Bien joué : alice a gardé 3 3 4 4 4 et relancé : 4 3 4 3 4 3." in panel.text, panel.text
    assert "4 3 4 3 4 3 : deux brelans !" in panel.text
    assert as_good("kouba", 3, "claim:2:pile1"), "the Black Widow on pile 1 is as good as on pile 3"
    other = await press(h, alice, panel, lesson, 3, "claim:2:pile1")
    assert other.updated
    won = "alice a remporté la carte Veuve Noire sur la pile {}"
    also = text("fr", "learn.as_good", move=won.format(1), why=text("fr", "learn.kouba.4.also"), asked=won.format(3))
    assert also in panel.text, panel.text
    assert text("fr", "learn.title", game="Kouba", step=5, steps=len(lesson.steps)) in panel.text


async def test_kouba_on_agoras_turn_offers_the_black_widow_and_no_dice(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Step 5: Agora's turn, said alike by the words, the picture's alt text and the controls (no dice
    to roll); the power's menu names the card the player won, the Black Widow."""
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    _, panel = await lesson_at(h, alice, "kouba", 4)
    assert "C'est le tour d'Agora" in panel.text
    assert text("fr", "alt.to_play", players="Agora") in alt_of(panel), alt_of(panel)
    assert text("fr", "alt.your_turn") not in alt_of(panel)
    assert not [button for button in panel.buttons if button.label and "Lancer" in button.label], panel.buttons
    [menu] = panel.selects
    assert menu.placeholder == "Veuve Noire : choisir…"
    labels = [option["label"] for option in menu.options]
    assert "Veuve Noire : Kouba à Agora sur la pile 4" in labels and not [label for label in labels if "Khan" in label]


async def test_dragons_arena_says_when_it_sets_out_a_new_position_and_its_words_match_it(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    lesson, panel = await lesson_at(h, alice, "dragons_arena", 2)
    fresh = text("fr", "learn.new_position")
    assert fresh in panel.text and "dix dragons ont été éliminés depuis ; il en reste six" in panel.text
    assert "L'arène est pleine" not in panel.text
    await play_step(h, alice, panel, lesson, 2, "fr")
    assert fresh in panel.text and "Duel 2 d'un match en 3 pépites" in panel.text


async def test_araksey_tells_the_zone_of_agoras_araksey_from_the_menus_out_of_zone(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    _, panel = await lesson_at(h, alice, "araksey", 7)
    assert "dans la zone de l'araksey d'Agora en c4 (le menu les dit « hors zone »" in panel.text
    sources = [option["label"] for option in panel.selects[0].options]
    assert "Source b4 (hors zone)" in sources, sources


async def test_a_set_out_position_counts_no_moves_and_a_finished_lesson_sends_no_one_back(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await h.start(make_bot())
    lesson, panel = await lesson_at(h, alice, "arkaios", 5)
    assert lesson.set_out(5) and text("fr", "learn.new_position") in panel.text
    assert "Tour" not in alt_of(panel), "a position set out by hand had no turns played"
    for step in range(5, len(lesson.steps)):
        await play_step(h, alice, panel, lesson, step, "fr")
    assert text("fr", "learn.footer_done") in panel.text and text("fr", "learn.footer") not in panel.text
