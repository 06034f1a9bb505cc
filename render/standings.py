"""Tournament standings as a picture in the boards' look: the shared header band, one row per player.

Every word drawn comes in translated (:class:`StandingsLabels`), like the boards' texts.

>>> labels = StandingsLabels("Chess · Swiss", "after round 1 of 3", ("Pts", "Buch.", "SB"), "Games", "withdrawn")
>>> png = render_standings(labels, [StandingsRow(1, "Ada", "1", ("0", "0"), 1, False)])
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render.kit import (
    FOOTER_HEIGHT,
    GREEN,
    HEADER_HEIGHT,
    MARGIN,
    MUTED,
    ORANGE,
    PANEL,
    SKY,
    TEXT,
    YELLOW,
    Header,
    draw_header,
    font,
    new_canvas,
    to_png,
)

WIDTH = 800
ROW = 40
MEDALS = (YELLOW, SKY, ORANGE)  # first, second, third; each also carries its place number


@dataclass(frozen=True)
class StandingsLabels:
    title: str  # "Chess · Swiss"
    subtitle: str  # "after round 2 of 3" / "final standings"
    columns: tuple[str, ...]  # points then tie-break headings
    played: str
    withdrawn: str


@dataclass(frozen=True)
class StandingsRow:
    place: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]
    played: int
    withdrawn: bool


def render_standings(labels: StandingsLabels, rows: Sequence[StandingsRow]) -> bytes:
    height = HEADER_HEIGHT + ROW * (len(rows) + 1) + MARGIN + FOOTER_HEIGHT // 2
    img, draw = new_canvas(WIDTH, height)
    draw_header(draw, WIDTH, Header(game=labels.title, turn=labels.subtitle))
    columns = [*labels.columns, labels.played]
    xs = [440 + 90 * k for k in range(len(columns))]
    top = HEADER_HEIGHT + 8
    for x, heading in zip(xs, columns, strict=True):
        draw.text((x, top + ROW / 2), heading, font=font(20), fill=MUTED, anchor="mm")
    for index, row in enumerate(rows):
        y = top + ROW * (index + 1)
        if index % 2 == 0:
            draw.rectangle((MARGIN // 2, y, WIDTH - MARGIN // 2, y + ROW), fill=PANEL)
        _place(draw, row.place, (MARGIN + 18, y + ROW / 2))
        name = row.name if not row.withdrawn else f"{row.name} ({labels.withdrawn})"
        ink = MUTED if row.withdrawn else TEXT
        draw.text((MARGIN + 48, y + ROW / 2), name[:34], font=font(22), fill=ink, anchor="lm")
        values = [row.points, *row.tiebreaks, str(row.played)]
        for x, value in zip(xs, values, strict=True):
            colour = GREEN if value is row.points else TEXT
            draw.text((x, y + ROW / 2), value, font=font(22), fill=colour, anchor="mm")
    return to_png(img)


def _place(draw: ImageDraw.ImageDraw, place: int, centre: tuple[float, float]) -> None:
    """The place number, on a medal disc for the podium (the number keeps it readable without colour)."""
    x, y = centre
    if place <= len(MEDALS):
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=MEDALS[place - 1], outline=(0, 0, 0), width=2)
        draw.text((x, y), str(place), font=font(20), fill=(0, 0, 0), anchor="mm")
    else:
        draw.text((x, y), str(place), font=font(20), fill=MUTED, anchor="mm")
