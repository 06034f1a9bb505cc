"""Tournament standings pictures: the boards' size and look, every row drawn, compact PNG."""

from __future__ import annotations

import io

from PIL import Image

from render.kit import BACKGROUND, HEADER_HEIGHT, PANEL, YELLOW
from render.standings import ROW, StandingsLabels, StandingsRow, render_standings

LABELS = StandingsLabels("Kouba · Tables", "après la ronde 2 sur 3", ("Pts", "PV"), "Parties", "retiré")


def near(pixel: object, colour: tuple[int, int, int]) -> bool:
    """Palette PNGs round colours a little."""
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= 8 for a, b in zip(pixel, colour, strict=True))


def rows(count: int) -> list[StandingsRow]:
    return [StandingsRow(k + 1, f"Joueur {k + 1}", f"{count - k}½", (str(40 - k),), 2, k == count - 1)
            for k in range(count)]


def test_a_standings_picture_is_board_sized_and_compact() -> None:
    png = render_standings(LABELS, rows(9))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width == 800 and image.height > HEADER_HEIGHT + 10 * ROW
    assert len(png) < 100_000
    assert near(image.getpixel((2, image.height - 2)), BACKGROUND), "an opaque background for both themes"
    assert near(image.getpixel((2, 2)), PANEL), "the boards' header band"


def test_the_podium_wears_medals_and_the_rest_do_not() -> None:
    image = Image.open(io.BytesIO(render_standings(LABELS, rows(5)))).convert("RGB")
    first_row_y = HEADER_HEIGHT + 8 + ROW + ROW // 2
    assert near(image.getpixel((24 + 18 - 10, first_row_y)), YELLOW)
    fourth_row_y = first_row_y + 3 * ROW
    assert not near(image.getpixel((24 + 18 - 10, fourth_row_y)), YELLOW)
