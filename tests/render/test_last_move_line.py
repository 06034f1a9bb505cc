"""Every board's footer tells the last move in words, in the server's language, and fits the picture."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import ImageDraw

from bot.i18n import word
from cogs.common import picture_words
from render.kit import MARGIN, move_words
from rules import GAMES, part_of

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Flo"]
LONG_NAMES = ["Bartholomew-Maximilian the Third", "Anastasia Wilhelmina", "Cy", "Dee", "Eve", "Flo"]
LEADS = {"en": "Last move: ", "fr": "Dernier coup : "}
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "arkaios": (2, {}),
    "arcanor": (2, {"strict_memory": True}),
    "araksey": (4, {}),
    "dragons_arena": (2, {"level": "little", "dragon_master": True}),
    "kouba": (6, {}),
}


def played(game: str, moves: int, seed: int = 3) -> Any:
    players, options = SETUPS[game]
    state, rng = GAMES[game].new(players=players, seed=seed, options=options), random.Random(seed)
    for _ in range(moves):
        if state.outcome is not None:
            break
        seat = rng.choice(list(state.waiting_for or state.actors))
        state = state.play(seat, rng.choice(state.legal_moves(seat)))
    return state


def footer(game: str, view: Any, names: list[str], lang: str) -> tuple[str, float, int]:
    """The footer line a render draws, its width in pixels and the picture's width."""
    lines: list[tuple[str, float]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *rest: Any, **options: Any) -> None:
        if str(text).startswith(LEADS[lang]):
            lines.append((str(text), options["font"].getlength(str(text))))
        original(self, xy, text, *rest, **options)

    render = part_of(game, "render").render
    render(view, names[: view["players"]])  # first, so that the sample a module draws its palette from is not counted
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", spy)
        png = render(view, names[: view["players"]], words=picture_words(game, lang))
    width = int.from_bytes(png[16:20], "big")  # the PNG header's width field
    assert len(lines) == 1, lines
    return lines[0][0], lines[0][1], width


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_footer_says_the_last_move_as_the_engine_describes_it(game: str, lang: str) -> None:
    state = played(game, 30)
    view = state.view(None)
    line, _, _ = footer(game, view, NAMES, lang)
    described = state.describe(view, NAMES[: state.players])
    assert described is not None and line == LEADS[lang] + word(lang, described)
    assert not any(mark in line for mark in ("keep:", "dice:", "set:", "peek:", "->", "=")), line


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_longest_last_moves_fit_the_picture(game: str, lang: str) -> None:
    """Long names and the longest descriptions over a whole game never run off the picture."""
    players, options = SETUPS[game]
    state, rng = GAMES[game].new(players=players, seed=5, options=options), random.Random(5)
    longest: tuple[int, Any] = (0, None)
    for _ in range(200):
        if state.outcome is not None:
            break
        seat = rng.choice(list(state.waiting_for or state.actors))
        state = state.play(seat, rng.choice(state.legal_moves(seat)))
        described = state.describe(state.view(None), LONG_NAMES[:players])
        size = len(word(lang, described)) if described is not None else 0
        if size > longest[0]:
            longest = (size, state.view(None))
    assert longest[1] is not None
    _, pixels, width = footer(game, longest[1], LONG_NAMES, lang)
    assert pixels <= width - 2 * MARGIN


def test_move_words_use_the_translations_given_and_english_for_the_rest() -> None:
    view = GAMES["arkaios"].new(players=2, seed=0).play(0, "c3=3").view(None)
    told = move_words(view, ["Ada", "Bob"], {"{who} built {pillars}": "{who} a construit {pillars}"})
    assert told == "Ada a construit level 3 on c3"
