"""Every board picture draws its header and footer words in the server's language.

The cogs pass each render module's PICTURE_WORDS translated (``cogs.common.picture_words``);
the strings a picture draws are read by spying on Pillow's ``ImageDraw.text``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import ImageDraw

from cogs.common import picture_words
from rules import GAMES, part_of

NAMES = ["Amélie", "Bérénice", "Çelik", "Dörte"]
SIX = [*NAMES, "Élodie-Marguerite", "François"]
ENGLISH = ("move ", "Last move", "No move yet")


def drawn_texts(draw: Any, *args: Any, **kwargs: Any) -> list[str]:
    """The strings ``draw(*args, **kwargs)`` writes on its picture."""
    draw(*args, **kwargs)  # first, so that palettes a module draws once are not counted
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *rest: Any, **options: Any) -> None:
        texts.append(str(text))
        original(self, xy, text, *rest, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", spy)
        png = draw(*args, **kwargs)
    assert len(png) < 100_000
    return texts


def positions(game_id: str) -> tuple[Any, Any]:
    """The first position of a game and one a few random moves later."""
    first = state = GAMES[game_id].new(players=2, seed=4, options={})
    picker = random.Random(4)
    for _ in range(6):
        if not state.actors:
            break
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
    return first, state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_french_boards_draw_the_header_and_footer_in_french(game_id: str) -> None:
    render = part_of(game_id, "render").render
    words = picture_words(game_id, "fr")
    first, later = positions(game_id)
    fresh = drawn_texts(render, first.view(None), NAMES[:2], words=words)
    assert "Aucun coup joué" in fresh
    played = drawn_texts(render, later.view(None), NAMES[:2], words=words)
    assert any(t.startswith("Dernier coup : ") for t in played)
    view = later.view(None)
    progress = f"coup {view['move_number']}"
    if "turn_number" in view:  # turns of several moves count turns
        progress = f"tour {view['turn_number']}" + (f" · coup {view['move_in_turn']}" if view["move_in_turn"] else "")
    assert progress in played
    assert not [t for t in fresh + played if t.startswith(ENGLISH)], "English header words on a French board"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_english_boards_keep_their_words(game_id: str) -> None:
    render = part_of(game_id, "render").render
    _, later = positions(game_id)
    english = drawn_texts(render, later.view(None), NAMES[:2], words=picture_words(game_id, "en"))
    assert english == drawn_texts(render, later.view(None), NAMES[:2])
    assert any(t.startswith("Last move: ") for t in english)


def test_a_french_hand_panel_draws_french_header_words() -> None:
    from render.kouba import render_hand

    view = GAMES["kouba"].new(players=2, seed=4, options={}).view(0)
    texts = drawn_texts(render_hand, view, NAMES[:2], words=picture_words("kouba", "fr"))
    assert "Aucun coup joué" in texts and "No move yet" not in texts


def french_names(words: dict[str, str], cards: list[Any]) -> tuple[set[str], set[str]]:
    """The French and English names of ``cards`` (those whose French name differs)."""
    from render.kouba import card_word

    pairs = {(words[card_word(card["name"])], card["name"]) for card in cards if card}
    return {fr for fr, en in pairs if fr != en}, {en for fr, en in pairs if fr != en}


def test_french_kouba_cards_bear_the_rulebook_names() -> None:
    from render.kouba import render, render_hand

    words = picture_words("kouba", "fr")
    state = GAMES["kouba"].new(players=6, seed=2, options={})
    while state.view(None)["phase"] == "swap":
        state = state.play(state.actors[0], "swap:none")
    arena = [card for card in state.view(None)["arena"] if card]
    french, english = french_names(words, arena)
    texts = drawn_texts(render, state.view(None), SIX, words=words)
    assert french and french <= set(texts) and not english & set(texts)
    hand = [card for pile in state.view(0)["hand"] for card in pile["cards"]]
    french, english = french_names(words, hand)
    texts = drawn_texts(render_hand, state.view(0), SIX, words=words)
    assert french and all(any(t.startswith(name[:6]) for t in texts) for name in french)
    assert not english & set(texts)
    assert "inerte / face cachée" in texts and "inert / face down" not in texts
    assert {"CHAMPION", "LÉGENDAIRE", "DUELLISTE"} & set(texts)


KOUBA_ENGLISH = ("Round ", "slot ", "Dice", "nobody is rolling", "not rolled yet", "kept", "draw", "discard")


def test_a_french_kouba_table_has_no_english_words_left() -> None:
    from render.kouba import render, render_hand

    words = picture_words("kouba", "fr")
    state, picker, seen = GAMES["kouba"].new(players=3, seed=3, options={}), random.Random(3), set()
    for _ in range(40):
        texts = drawn_texts(render, state.view(None), NAMES[:3], words=words)
        texts += drawn_texts(render_hand, state.view(0), NAMES[:3], words=words)
        assert not [t for t in texts if t.startswith(KOUBA_ENGLISH)], "English words on a French Kouba table"
        seen.update(texts)
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
    assert {"Dés", "pioche", "défausse", "case 1"} <= seen and any(t.startswith("Manche 1/3") for t in seen)


def arena_views(options: dict[str, Any], seed: int, moves: int = 400) -> list[Any]:
    """The spectators' views of a random Dragons Arena game, move by move."""
    state, picker, views = GAMES["dragons_arena"].new(players=2, seed=seed, options=options), random.Random(seed), []
    for _ in range(moves):
        views.append(state.view(None))
        if not state.actors:
            break
        seat = picker.choice(state.actors)
        state = state.play(seat, picker.choice(state.legal_moves(seat)))
    return views


ARENA_SETUPS = [{"level": "baby"}, {"level": "big", "dragon_master": True}, {"level": "free", "dragon_master": True}]


@pytest.mark.parametrize("options", ARENA_SETUPS)
def test_the_arena_prompt_is_the_engines_in_english(options: dict[str, Any]) -> None:
    """The picture words its prompt from the view; in English it is the engine's own line."""
    from cogs.dragons_arena import duel_result
    from render.dragons_arena import PICTURE_WORDS, _ending, _prompt

    for view in arena_views(options, seed=5):
        assert _prompt(view, PICTURE_WORDS) == view["prompt"]
    outcome, duel = view["outcome"], view["last_duel"]
    assert outcome is not None and duel is not None
    # The engine's reason names the winner ("ICE won the duel"); the picture adds the figures as the board does.
    ending = _ending(view, outcome, PICTURE_WORDS)
    assert ending.startswith(outcome["reason"] + " ") and ending == duel_result("en", duel)


def test_a_french_arena_has_no_english_words_left() -> None:
    from render.dragons_arena import render

    words, seen = picture_words("dragons_arena", "fr"), set()
    english = ("Power", "FIRE", "ICE", "Both sides", "Duel over")
    for view in arena_views({"level": "big", "dragon_master": True}, seed=6, moves=60)[::3]:
        texts = drawn_texts(render, view, NAMES[:2], words=words)
        assert not [t for t in texts if any(w in t for w in english) or t.endswith(" to play")], texts
        seen.update(texts)
    assert any(t.startswith("Puissance ") for t in seen) and "FEU" in seen and "GLACE" in seen


def test_a_french_arcanor_board_has_no_english_words_left() -> None:
    from render.arcanor import render

    words = picture_words("arcanor", "fr")
    first, later = positions("arcanor")
    texts = drawn_texts(render, later.view(None), NAMES[:2], words=words)
    texts += drawn_texts(render, first.view(0), NAMES[:2], words=words)
    assert not [t for t in texts if " scores here" in t or " to move" in t or t.startswith("private view")]
    assert any(t.endswith("(ligne gagnante)") for t in texts) and any(t.startswith("vue privée") for t in texts)


def test_a_french_arkaios_board_has_no_english_words_left() -> None:
    from render.arkaios import render

    words = picture_words("arkaios", "fr")
    first, later = positions("arkaios")
    texts = drawn_texts(render, first.view(None), NAMES[:2], words=words)
    texts += drawn_texts(render, later.view(None), NAMES[:2], words=words)
    assert not [t for t in texts if " to play" in t or "pillar" in t or "piece" in t or "open with" in t]
    assert any("ouvrez au niveau 1, 2 ou 3" in t for t in texts) and any(", niveau " in t for t in texts)


@pytest.mark.parametrize("players", [2, 4])
def test_a_french_araksey_board_has_no_english_words_left(players: int) -> None:
    from render.araksey import render

    words = picture_words("araksey", "fr")
    state = GAMES["araksey"].new(players=players, seed=2, options={"clock": True})
    texts = drawn_texts(render, state.view(None), NAMES[:players], words=words)
    english = ("Set-up", "Clock", "pass left", " to move", ": place", "Side ", "ring:", "hatch:")
    assert not [t for t in texts if any(w in t for w in english)], texts
    assert "Mise en place : sources" in texts and any(t.startswith("Horloge") for t in texts)
    assert "terre" in texts and "eau" in texts
