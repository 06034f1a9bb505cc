"""A player's profile card: per game the rating with a small chart of it over time, then recent
results, facts (record against Agora, tournaments won) and badges.

Every word drawn comes in translated and formatted (:class:`ProfilePicture`); results carry
their letter as well as their colour, so the card reads without colour.

>>> game = ProfileGame("Chess", "1640?", ("3 games · 2W/1L/0D", "Season 2: #1 of 4"), (1500, 1640, 1600))
>>> card = ProfilePicture("Ada", "Profile", (game,), "Recent results", (("W", "win"),), ("Agora: 1W",), "Badges", ())
>>> render_profile(card)[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import (
    BOLD,
    GREEN,
    HEADER_HEIGHT,
    MARGIN,
    MUTED,
    PANEL,
    SKY,
    TEXT,
    VERMILION,
    YELLOW,
    Header,
    draw_header,
    fitted,
    font,
    new_canvas,
    palette_of,
    text_width,
    to_png,
)

WIDTH = 800
GAME_ROW = 132
CHART = (430, WIDTH - MARGIN)  # the chart's left and right edges
CHIP = 34
LINE = 32
RESULT_COLOURS = {"win": GREEN, "loss": VERMILION, "draw": MUTED}


@dataclass(frozen=True)
class ProfileGame:
    name: str  # "Chess"
    rating: str  # "1640" or "1640?"
    lines: tuple[str, ...]  # "12 games · 7W/4L/1D", "Season 3: #2 of 40"
    history: tuple[int, ...]  # shown rating after each rated game, oldest first


@dataclass(frozen=True)
class ProfilePicture:
    title: str  # the player's name
    subtitle: str  # "Profile · rated games on this server"
    games: tuple[ProfileGame, ...]
    recent_label: str
    recent: tuple[tuple[str, str], ...]  # (letter, "win" | "loss" | "draw"), newest first
    facts: tuple[str, ...]  # "Against Agora: hard 1W/0L/0D", "Tournaments won: 2"
    badges_label: str
    badges: tuple[str, ...]


def render_profile(card: ProfilePicture) -> bytes:
    """The whole card, as tall as what it holds, mapped onto the cards' palette (a tenth of the time
    a quantisation of each card would take)."""
    return to_png(_draw_card(card), _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The colours of a card holding every element a card draws, computed once per process."""
    game = ProfileGame("Game 0123456789", "1640?", ("W/L/D · #", "Season"), (1500, 1640, 1600, 1700))
    recent = (("W", "win"), ("L", "loss"), ("D", "draw"))
    sample = ProfilePicture("Ada", "Profile", (game, game), "Recent", recent, ("Agora",), "Badges", ("Badge",))
    return palette_of(_draw_card(sample))


def _draw_card(card: ProfilePicture) -> Image.Image:
    img, draw = new_canvas(WIDTH, _height(card))
    draw_header(draw, WIDTH, Header(game=card.title, turn=card.subtitle))
    top = HEADER_HEIGHT + 8
    for index, game in enumerate(card.games):
        _draw_game(draw, game, top, shaded=index % 2 == 0)
        top += GAME_ROW
    top = _draw_recent(draw, card, top + 12)
    for fact in card.facts:
        size, shown = fitted(draw, fact, WIDTH - 2 * MARGIN, 22, 15)
        draw.text((MARGIN, top + LINE / 2), shown, font=font(size), fill=TEXT, anchor="lm")
        top += LINE
    if card.badges:
        _draw_badges(draw, card, top + 8)
    return img


def _height(card: ProfilePicture) -> int:
    badges = LINE + (CHIP + 8) * _badge_rows(card) + 8 if card.badges else 0
    recent = LINE + CHIP + 12 if card.recent else 0
    return HEADER_HEIGHT + 8 + GAME_ROW * len(card.games) + 12 + recent + LINE * len(card.facts) + badges + MARGIN


def _draw_game(draw: ImageDraw.ImageDraw, game: ProfileGame, top: int, shaded: bool) -> None:
    if shaded:
        draw.rectangle((MARGIN // 2, top, WIDTH - MARGIN // 2, top + GAME_ROW - 6), fill=PANEL)
    draw.text((MARGIN, top + 24), game.name, font=font(26, BOLD), fill=TEXT, anchor="lm")
    draw.text((MARGIN, top + 64), game.rating, font=font(36, BOLD), fill=GREEN, anchor="lm")
    for n, line in enumerate(game.lines):
        size, shown = fitted(draw, line, CHART[0] - MARGIN - 150, 19, 14)
        draw.text((MARGIN + 140, top + 56 + 24 * n), shown, font=font(size), fill=MUTED, anchor="lm")
    _draw_chart(draw, game.history, (CHART[0], top + 14, CHART[1], top + GAME_ROW - 20))


def _draw_chart(draw: ImageDraw.ImageDraw, points: Sequence[int], box: tuple[int, int, int, int]) -> None:
    """The rating over time as a line, with its lowest and highest values written at the left."""
    left, top, right, bottom = box
    draw.rectangle(box, outline=MUTED, width=1)
    if len(points) < 2:
        return
    low, high = min(points), max(points)
    span = max(high - low, 1)
    inner = left + 56
    xs = [inner + (right - 8 - inner) * n / (len(points) - 1) for n in range(len(points))]
    ys = [bottom - 8 - (bottom - top - 16) * (p - low) / span for p in points]
    draw.line(list(zip(xs, ys, strict=True)), fill=SKY, width=3)
    draw.ellipse((xs[-1] - 5, ys[-1] - 5, xs[-1] + 5, ys[-1] + 5), fill=GREEN)
    draw.text((left + 6, top + 12), str(high), font=font(16), fill=MUTED, anchor="lm")
    draw.text((left + 6, bottom - 12), str(low), font=font(16), fill=MUTED, anchor="lm")


def _draw_recent(draw: ImageDraw.ImageDraw, card: ProfilePicture, top: int) -> int:
    if not card.recent:
        return top
    draw.text((MARGIN, top + LINE / 2), card.recent_label, font=font(22, BOLD), fill=TEXT, anchor="lm")
    y = top + LINE + 4
    for n, (letter, kind) in enumerate(card.recent):
        x = MARGIN + n * (CHIP + 8)
        draw.rounded_rectangle((x, y, x + CHIP, y + CHIP), radius=6, fill=RESULT_COLOURS.get(kind, MUTED))
        draw.text((x + CHIP / 2, y + CHIP / 2), letter, font=font(20, BOLD), fill=(0, 0, 0), anchor="mm")
    return y + CHIP + 8


def _badge_boxes(card: ProfilePicture) -> list[tuple[float, int, float]]:
    """Where each badge goes: (left, top offset, width), wrapped onto as many rows as they need."""
    _, draw = new_canvas(1, 1)
    boxes, x, row = [], float(MARGIN), 0
    for badge in card.badges:
        width = min(text_width(draw, badge, 18) + 48, WIDTH - 2 * MARGIN)
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, row = float(MARGIN), row + 1
        boxes.append((x, row * (CHIP + 8), width))
        x += width + 10
    return boxes


def _badge_rows(card: ProfilePicture) -> int:
    return 1 + max((top // (CHIP + 8) for _, top, _ in _badge_boxes(card)), default=0)


def _draw_badges(draw: ImageDraw.ImageDraw, card: ProfilePicture, top: int) -> None:
    draw.text((MARGIN, top + LINE / 2), card.badges_label, font=font(22, BOLD), fill=TEXT, anchor="lm")
    for badge, (x, offset, width) in zip(card.badges, _badge_boxes(card), strict=True):
        y = top + LINE + 4 + offset
        draw.rounded_rectangle((x, y, x + width, y + CHIP), radius=CHIP // 2, outline=YELLOW, width=2)
        _star(draw, (x + 20, y + CHIP / 2), 9)
        size, shown = fitted(draw, badge, width - 44, 18, 13)
        draw.text((x + 34, y + CHIP / 2), shown, font=font(size), fill=YELLOW, anchor="lm")


def _star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """A five-pointed star (the font has no star glyph)."""
    x, y = centre
    points = []
    for n in range(10):
        angle = math.pi / 2 + n * math.pi / 5
        reach = radius if n % 2 == 0 else radius * 0.45
        points.append((x + reach * math.cos(angle), y - reach * math.sin(angle)))
    draw.polygon(points, fill=YELLOW)
