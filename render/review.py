"""A review's picture: the position after the move played beside the position after the better one.

Each side is the game's own board (drawn by its render module), scaled to half width, under a
caption (the move and the chance of winning after it, shrunk to fit the board's width); the move played
is edged in vermilion, the better one in green.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.kit import BACKGROUND, GREEN, MARGIN, TEXT, VERMILION, Render, fitted, font, new_canvas, to_png
from rules import part_of

CAPTION = 44
EDGE = 6


def side_by_side(
    game: str,
    played: Any,
    better: Any,
    players: Sequence[str],
    *,
    words: Mapping[str, str] | None = None,
    captions: tuple[str, str] = ("", ""),
) -> bytes:
    """The two positions (views of one seat) side by side, each under its caption (drawn in a worker)."""
    draw: Render = part_of(game, "render").render  # a game installed as a package draws with its own module
    boards = [Image.open(io.BytesIO(draw(view, players, words=words))).convert("RGB") for view in (played, better)]
    width = boards[0].width
    half = (width - 3 * MARGIN) // 2
    scaled = [board.resize((half, board.height * half // board.width)) for board in boards]
    height = CAPTION + max(board.height for board in scaled) + 2 * MARGIN
    img, pen = new_canvas(width, height)
    pen.rectangle((0, 0, width, height), fill=BACKGROUND)
    for index, (board, caption, colour) in enumerate(zip(scaled, captions, (VERMILION, GREEN), strict=True)):
        x = MARGIN + index * (half + MARGIN)
        size, shown = fitted(pen, caption, half + 2 * EDGE, 24, 16)  # a long move's caption shrinks to its board
        pen.text((x + half / 2, MARGIN + CAPTION / 2), shown, font=font(size), fill=TEXT, anchor="mm")
        top = MARGIN + CAPTION
        pen.rectangle((x - EDGE, top - EDGE, x + half + EDGE - 1, top + board.height + EDGE - 1), fill=colour)
        img.paste(board, (x, top))
    return to_png(img)
