"""A season's final table as a picture: the boards' header band, then per game its podium and table.

Every word drawn comes in translated (:class:`SeasonLabels`), like the boards' texts.

>>> labels = SeasonLabels("Season 2 · final table", "1 Oct 2026 – 1 Jan 2027", "Rating", "Games")
>>> section = SeasonSection("Chess", (SeasonLine(1, "Ada", "1640?", 3),))
>>> png = render_season(labels, [section])
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render.kit import (
    BOLD,
    GREEN,
    HEADER_HEIGHT,
    MARGIN,
    MUTED,
    PANEL,
    TEXT,
    Header,
    draw_header,
    fitted,
    font,
    new_canvas,
    to_png,
)
from render.ranking import MEDALS, ROW, WIDTH, draw_headings, ranked_rows

TITLE = 52
PODIUM = 150
NOTE = 36
# The podium's steps, left to right: second, first, third (heights in pixels).
STEPS = ((2, 70), (1, 100), (3, 50))


@dataclass(frozen=True)
class SeasonLabels:
    title: str  # "Season 2 · final table"
    period: str  # "1 Oct 2026 – 1 Jan 2027"
    rating: str  # column heading
    games: str  # column heading
    note: str = ""  # under the tables: what a rating's "?" means, when one shows it


@dataclass(frozen=True)
class SeasonLine:
    place: int
    name: str
    rating: str  # "1640" or "1640?" while provisional
    games: int


@dataclass(frozen=True)
class SeasonSection:
    game: str
    lines: tuple[SeasonLine, ...]


def render_season(labels: SeasonLabels, sections: Sequence[SeasonSection]) -> bytes:
    """The whole picture: one band per game with a podium of its first three and its table below."""
    note = NOTE if labels.note else 0
    height = HEADER_HEIGHT + sum(_section_height(s) for s in sections) + note + MARGIN
    img, draw = new_canvas(WIDTH, height)
    draw_header(draw, WIDTH, Header(game=labels.title, turn=labels.period))
    top = HEADER_HEIGHT + 8
    for section in sections:
        _draw_section(draw, labels, section, top)
        top += _section_height(section)
    if labels.note:
        size, shown = fitted(draw, labels.note, WIDTH - 2 * MARGIN, 20, 14)
        draw.text((MARGIN, top + NOTE / 2), shown, font=font(size), fill=MUTED, anchor="lm")
    return to_png(img)


def _section_height(section: SeasonSection) -> int:
    return TITLE + PODIUM + ROW * (len(section.lines) + 1) + MARGIN


def _draw_section(draw: ImageDraw.ImageDraw, labels: SeasonLabels, section: SeasonSection, top: int) -> None:
    draw.text((MARGIN, top + TITLE / 2), section.game, font=font(30, BOLD), fill=TEXT, anchor="lm")
    _draw_podium(draw, section.lines[:3], top + TITLE)
    _draw_table(draw, labels, section.lines, top + TITLE + PODIUM)


def _draw_podium(draw: ImageDraw.ImageDraw, lines: Sequence[SeasonLine], top: int) -> None:
    """The steps (second, first, third) of the places someone holds, centred, each name above its
    step: a season of two players has no third step to leave empty."""
    by_place = {line.place: line for line in lines}
    steps = [(place, step) for place, step in STEPS if place in by_place]
    width = 220
    left = (WIDTH - len(steps) * width) // 2
    bottom = top + PODIUM - 8
    for index, (place, step) in enumerate(steps):
        x0 = left + index * width
        colour = MEDALS[place - 1]
        draw.rectangle((x0 + 6, bottom - step, x0 + width - 6, bottom), fill=PANEL, outline=colour, width=3)
        draw.text((x0 + width / 2, bottom - step / 2), str(place), font=font(34, BOLD), fill=colour, anchor="mm")
        size, name = fitted(draw, by_place[place].name, width - 16, 24, 14)
        draw.text((x0 + width / 2, bottom - step - 16), name, font=font(size, BOLD), fill=TEXT, anchor="mm")


def _draw_table(draw: ImageDraw.ImageDraw, labels: SeasonLabels, lines: Sequence[SeasonLine], top: int) -> None:
    xs = (WIDTH - 250, WIDTH - 100)
    draw_headings(draw, xs, (labels.rating, labels.games), top)
    for line, y in ranked_rows(draw, lines, top):
        size, name = fitted(draw, line.name, xs[0] - MARGIN - 120, 22, 14)
        draw.text((MARGIN + 48, y + ROW / 2), name, font=font(size), fill=TEXT, anchor="lm")
        draw.text((xs[0], y + ROW / 2), line.rating, font=font(22), fill=GREEN, anchor="mm")
        draw.text((xs[1], y + ROW / 2), str(line.games), font=font(22), fill=TEXT, anchor="mm")
