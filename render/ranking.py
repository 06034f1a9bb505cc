"""The ranked table the standings and season pictures share: column headings, then one striped row
per player with the place number, on a medal disc for the podium.

>>> from render.kit import new_canvas
>>> img, draw = new_canvas(800, 200)
>>> draw_headings(draw, (500, 600), ("Pts", "Games"), top=0)
>>> from types import SimpleNamespace as Row
>>> [(row.place, y) for row, y in ranked_rows(draw, [Row(place=1), Row(place=2), Row(place=4)], top=0)]
[(1, 40), (2, 80), (4, 120)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

from PIL import ImageDraw

from render.kit import MARGIN, MUTED, ORANGE, PANEL, SKY, YELLOW, font

WIDTH = 800
ROW = 40
MEDALS = (YELLOW, SKY, ORANGE)  # first, second, third; each also carries its place number


class Ranked(Protocol):
    """A row of a ranked table: a player's place (1 is first)."""

    @property
    def place(self) -> int:
        """1 for the first, 2 for the second..."""


def draw_headings(draw: ImageDraw.ImageDraw, xs: Sequence[float], headings: Sequence[str], top: float) -> None:
    """The column headings, each centred on its x, in the row above the players."""
    for x, heading in zip(xs, headings, strict=True):
        draw.text((x, top + ROW / 2), heading, font=font(20), fill=MUTED, anchor="mm")


R = TypeVar("R", bound=Ranked)


def ranked_rows(draw: ImageDraw.ImageDraw, rows: Iterable[R], top: float) -> Iterator[tuple[R, float]]:
    """Each row with the y of its top, once its stripe (every other row) and its place are drawn."""
    for index, row in enumerate(rows):
        y = top + ROW * (index + 1)
        if index % 2 == 0:
            draw.rectangle((MARGIN // 2, y, WIDTH - MARGIN // 2, y + ROW), fill=PANEL)
        draw_place(draw, row.place, (MARGIN + 18, y + ROW / 2))
        yield row, y


def draw_place(draw: ImageDraw.ImageDraw, place: int, centre: tuple[float, float]) -> None:
    """The place number, on a medal disc for the podium (the number keeps it readable without colour)."""
    x, y = centre
    if place <= len(MEDALS):
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=MEDALS[place - 1], outline=(0, 0, 0), width=2)
        draw.text((x, y), str(place), font=font(20), fill=(0, 0, 0), anchor="mm")
    else:
        draw.text((x, y), str(place), font=font(20), fill=MUTED, anchor="mm")
