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

from render.kit import (
    FOOTER_HEIGHT,
    GREEN,
    HEADER_HEIGHT,
    MARGIN,
    MUTED,
    TEXT,
    Header,
    draw_header,
    font,
    new_canvas,
    to_png,
)
from render.ranking import ROW, WIDTH, draw_headings, ranked_rows


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
    draw_headings(draw, xs, columns, top)
    for row, y in ranked_rows(draw, rows, top):
        name = row.name if not row.withdrawn else f"{row.name} ({labels.withdrawn})"
        ink = MUTED if row.withdrawn else TEXT
        draw.text((MARGIN + 48, y + ROW / 2), name[:34], font=font(22), fill=ink, anchor="lm")
        values = [row.points, *row.tiebreaks, str(row.played)]
        for x, value in zip(xs, values, strict=True):
            colour = GREEN if value is row.points else TEXT
            draw.text((x, y + ROW / 2), value, font=font(22), fill=colour, anchor="mm")
    return to_png(img)
