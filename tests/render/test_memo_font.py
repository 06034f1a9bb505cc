"""Boards drawn with the fonts' remembered masks and lengths are pixel for pixel the boards plain Pillow draws.

The fonts of :func:`render.kit.font` remember, per process, the masks FreeType makes for the texts
they draw (:mod:`render.memo_font`). Every board kind is drawn over many seeded positions with the
memo warm, then with it bypassed, and the decoded pixels compared; each part of a mask's key is
checked by drawing two texts that differ only in that part; and the memo stays within its bounds.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image, ImageDraw

from cogs.common import picture_words
from render import memo_font
from render.kit import BOLD, FONT_FILE, REGULAR, font
from render.kouba import render_hand
from render.memo_font import MemoFont
from rules import GAMES, GameState, part_of

NAMES = (["Ada", "Bob", "Chloé", "Dmitri", "Eve", "Fañch"], ["Marie-Hélène Dupont", "É", "Zoë", "x", "Ωmega", "Li"])
POSITIONS = 6  # per playout, from the first position to the last


@pytest.fixture(autouse=True)
def fresh_memo() -> Iterator[None]:
    memo_font.clear()
    yield
    memo_font.clear()


def pixels(png: bytes) -> bytes:
    image = Image.open(io.BytesIO(png))
    return image.convert("RGB").tobytes() + repr(image.size).encode()


def playout(game: str, players: int, options: dict[str, Any], seed: int) -> list[GameState[Any]]:
    """Every state of one seeded random game (on the engines' fast path, as searches play)."""
    chooser = random.Random(seed)
    state: GameState[Any] = GAMES[game].new(players=players, seed=seed, options=options)
    states = [state]
    while state.outcome is None and len(states) < 400:
        seat = chooser.choice(list(state.actors))
        state = state.play(seat, chooser.choice(state.legal_moves(seat)), trusted=True)
        states.append(state)
    return states


Draw = Callable[[], bytes]


def boards(game: str) -> Iterator[tuple[str, Draw]]:
    """Every setup of ``game`` (two seeds where it has one or two), positions from start to end, seen by
    everyone and by seat 0, in English or in French (a finished game with its result); Kouba's hands too."""
    render = part_of(game, "render").render
    setups = GAMES[game].sample_setups
    for number, (players, options) in enumerate(setups):
        for seed in (1, 2) if len(setups) <= 2 else (number,):
            states = playout(game, players, options, seed)
            french = (number + seed) % 2 == 1
            words = picture_words(game, "fr") if french else None
            names = NAMES[seed % 2][:players]
            for index in sorted({i * (len(states) - 1) // (POSITIONS - 1) for i in range(POSITIONS)}):
                state = states[index]
                result = None
                if state.outcome is not None:
                    result = "Bob a gagné : Ada a abandonné" if french else "Bob won: Ada resigned"
                for viewer in (None, 0):
                    view = state.view(viewer)
                    where = f"{game} {players}p {options} seed {seed} position {index} viewer {viewer}"
                    yield where, partial(render, view, names, words=words, result=result)
                    if game == "kouba" and viewer is not None:
                        yield f"{where} hand", partial(render_hand, view, names, words=words)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_boards_drawn_with_the_memo_are_the_pixels_plain_pillow_draws(game: str) -> None:
    cases = list(boards(game))
    for _, draw in cases:
        draw()  # asked once: the masks' keys are seen (and a text drawn twice on one board kept)
    before = memo_font.stats()
    remembered = [draw() for _, draw in cases]
    after = memo_font.stats()
    # Drawn again, most texts come from the memo, however few a board draws (the memo is bounded:
    # the boards of the largest games may push out a few of their own texts).
    asked = (after.hits - before.hits) + (after.misses - before.misses)
    assert asked >= len(cases), f"{game}: the boards drew no text through the fonts' memo"
    assert after.hits - before.hits >= 0.9 * asked, f"{game}: {after.misses - before.misses} of {asked} texts missed"
    with memo_font.bypassed():
        for (where, draw), png in zip(cases, remembered, strict=True):
            assert pixels(png) == pixels(draw()), where
    assert memo_font.stats().hits == after.hits  # bypassed: plain Pillow, the memo untouched


def drawn(text: str, xy: tuple[float, float] = (10, 8), **options: Any) -> bytes:
    """The pixels of ``text`` drawn on a small RGB canvas."""
    image = Image.new("RGB", (160, 48), (34, 39, 46))
    options.setdefault("font", font(20))
    options.setdefault("fill", (236, 238, 240))
    ImageDraw.Draw(image).text(xy, text, **options)
    return image.tobytes()


# Pairs of texts that differ in one part of the key only; the first is drawn (and kept) first.
VARIANTS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "text": ({"text": "b5"}, {"text": "b6"}),
    "start (fractional x)": ({"xy": (10, 8)}, {"xy": (10.5, 8)}),
    "start (fractional y)": ({"xy": (10, 8)}, {"xy": (10, 8.75)}),
    "anchor": ({"anchor": "la"}, {"anchor": "ls"}),
    "size": ({"font": font(20)}, {"font": font(21)}),
    "weight": ({"font": font(20)}, {"font": font(20, BOLD)}),
    "stroke width": ({}, {"stroke_width": 1}),  # an outline in the text's own ink: one mask, stroked
    "features": ({"text": "Tofu AV"}, {"text": "Tofu AV", "features": ["-kern"]}),
    "direction": ({"text": "abc ١٢"}, {"text": "abc ١٢", "direction": "rtl"}),
    "language": ({"text": "ŞşŢţ", "language": "en"}, {"text": "ŞşŢţ", "language": "ro"}),  # Romanian: commas
}


@pytest.mark.parametrize("part", sorted(VARIANTS))
def test_texts_that_differ_in_one_part_of_the_key_get_their_own_mask(part: str) -> None:
    first, second = ({"text": "Ada 42", **options} for options in VARIANTS[part])
    for _ in range(3):
        drawn(**first)  # kept from the second time on
    with memo_font.bypassed():
        plain = drawn(**second)
        assert plain != drawn(**first)  # the two texts do draw differently
    assert drawn(**second) == plain


def test_a_mask_asked_in_another_mode_is_made_in_that_mode() -> None:
    """A drawing whose ``fontmode`` is "1" (no antialiasing) gets masks without grey edges."""
    face = font(20)
    for _ in range(3):
        face.getmask2("Ada", "L")
    with memo_font.bypassed():
        plain, antialiased = bytes(face.getmask2("Ada", "1")[0]), bytes(face.getmask2("Ada", "L")[0])
    assert bytes(face.getmask2("Ada", "1")[0]) == plain != antialiased


def test_the_ink_parts_the_masks_though_it_changes_only_colour_glyphs() -> None:
    """FreeType uses the ink for colour glyphs only; the key keeps it all the same (same key, same mask)."""
    face = font(20)
    masks = {}
    for ink in (0, 1):
        for _ in range(3):
            masks[ink] = face.getmask2("Ada", "L", ink=ink)
    assert masks[0] is not masks[1]


def test_a_face_whose_weight_changes_draws_with_its_new_weight() -> None:
    face = MemoFont(str(FONT_FILE), 20)
    face.set_variation_by_axes([REGULAR, 100])
    regular = [drawn("Ada", font=face) for _ in range(3)][-1]
    face.set_variation_by_axes([BOLD, 100])
    bold = drawn("Ada", font=face)
    with memo_font.bypassed():
        assert bold == drawn("Ada", font=face) != regular


def test_colour_masks_are_never_shared() -> None:
    """``ImageDraw.text`` writes the ink's alpha into a colour mask: a shared one would come back spoilt."""
    def coloured(alpha: int) -> bytes:
        image = Image.new("RGBA", (120, 40), (0, 0, 0, 0))
        ImageDraw.Draw(image).text((4, 4), "Ada", font=font(20), fill=(200, 0, 0, alpha), embedded_color=True)
        return image.tobytes()

    seen = [coloured(alpha) for alpha in (128, 128, 128, 255)]
    with memo_font.bypassed():
        assert seen == [coloured(alpha) for alpha in (128, 128, 128, 255)]


def test_public_masks_are_fresh_copies() -> None:
    """``getmask`` hands its mask to the caller, who may write into it: never the remembered one."""
    face = font(20)
    masks = [face.getmask("Ada") for _ in range(3)]
    assert len({id(mask) for mask in masks}) == 3
    assert len({bytes(mask) for mask in masks}) == 1


def test_lengths_are_measured_per_face() -> None:
    lengths = {(size, weight): [font(size, weight).getlength("Bartholomew") for _ in range(2)][-1]
               for size, weight in ((20, REGULAR), (22, REGULAR), (22, BOLD))}
    with memo_font.bypassed():
        assert lengths == {key: font(*key).getlength("Bartholomew") for key in lengths}
    assert len(set(lengths.values())) == 3


def test_a_text_drawn_once_is_not_kept() -> None:
    """A board's last move is new every time: it takes no room; a text drawn again is kept."""
    drawn("Last move: Ada built c3")
    assert memo_font.stats().masks == 0
    drawn("Last move: Ada built c3")
    assert memo_font.stats().masks == 1


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo_font.MEMO, "max_masks", 50)
    monkeypatch.setattr(memo_font.MEMO, "max_lengths", 40)
    face = font(20)
    for number in range(300):
        for _ in range(2):
            face.getmask2(str(number), "L")
            face.getlength(str(number))
        stats = memo_font.stats()
        assert stats.masks <= 50 and stats.lengths <= 40 and len(memo_font.MEMO._seen) <= 50
    assert stats.masks == 50 and stats.lengths == 40


def test_the_memo_is_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo_font.MEMO, "max_mask_bytes", 20_000)
    face = font(20)
    for number in range(200):
        for _ in range(2):
            face.getmask2(f"Last move: Ada built level {number}", "L")
        assert memo_font.stats().mask_bytes <= 20_000
    assert 0 < memo_font.stats().masks < 10


def test_the_least_recently_used_mask_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo_font.MEMO, "max_masks", 3)
    face = font(20)
    kept = {}
    for text in ("a", "b", "c", "a", "d"):  # "a" used again before "d" comes: "b" goes
        for _ in range(2):
            kept[text] = face.getmask2(text, "L")
    assert face.getmask2("a", "L") is kept["a"]
    assert face.getmask2("b", "L") is not kept["b"]
