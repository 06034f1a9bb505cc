"""Tutorial pictures: a board as the game draws it, with what the step talks about ringed.

The ring is green with a black edge, unlike the yellow last-move mark, so a player tells
"look here" from "this just moved".

>>> from render.kit import new_canvas, to_png
>>> img, _ = new_canvas(200, 120)
>>> ringed(to_png(img), [(10, 10, 60, 60)])[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import BLACK, GREEN, Render, to_png
from rules.registry import part_of

Box = tuple[float, float, float, float]
RING = GREEN
RING_WIDTH = 6


def ringed(png: bytes, boxes: Sequence[Box]) -> bytes:
    """``png`` with a ring around each of ``boxes`` (pixel boxes of the picture)."""
    if not boxes:
        return png
    img = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(img)
    for box in boxes:
        ring(draw, box)
    return to_png(img)


def ring(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """One ring: a rounded frame, edged in black so it reads on any colour."""
    x0, y0, x1, y1 = box
    radius = max(6, int(min(x1 - x0, y1 - y0) / 5))
    draw.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=radius, outline=BLACK, width=RING_WIDTH + 4)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, outline=RING, width=RING_WIDTH)


def lesson_picture(
    game: str, view: Any, players: Sequence[str], *, words: Mapping[str, str] | None = None, boxes: Sequence[Box] = ()
) -> bytes:
    """A lesson's picture: ``game``'s own board for ``view``, with ``boxes`` ringed (drawn in a worker)."""
    draw: Render = part_of(game, "render").render
    return ringed(draw(view, players, words=words), boxes)
