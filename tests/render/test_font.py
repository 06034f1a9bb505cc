"""The boards' font draws French: accents, ½, × and … are real glyphs, not missing-glyph boxes."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from render.kit import BOLD, REGULAR, font

# Letters and marks French boards and standings draw (rulebook names, results, half points).
FRENCH = "àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛŒ ½ × … · « » ’ – Roi Elfe, Magicienne, Cité, Éclair"
NOT_A_CHARACTER = "\U000f0000"  # a private-use code point no font draws: its glyph is the missing-glyph box


def glyph(face: ImageFont.FreeTypeFont, character: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(character)
    return mask.size, bytes(mask)


@pytest.mark.parametrize(("size", "weight"), [(15, REGULAR), (22, REGULAR), (30, BOLD)])
def test_french_letters_draw_no_missing_glyph_box(size: int, weight: int) -> None:
    face = font(size, weight)
    box = glyph(face, NOT_A_CHARACTER)
    missing = sorted({c for c in FRENCH if not c.isspace() and glyph(face, c) == box})
    assert not missing, f"drawn as missing-glyph boxes: {missing}"


def test_the_built_in_font_would_fail_this_check() -> None:
    """The check above tells a box from a glyph: Pillow's built-in font has no é."""
    default = ImageFont.load_default(size=22)
    assert glyph(default, "é") == glyph(default, NOT_A_CHARACTER)  # type: ignore[arg-type]


def test_fonts_are_loaded_once_per_size_and_weight() -> None:
    assert font(22) is font(22) and font(22, BOLD) is not font(22)
