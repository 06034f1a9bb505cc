"""Reading what a board shows: colours in a region, the header's turn text and result badge."""

from __future__ import annotations

import io

from PIL import Image

from render.kit import HEADER_HEIGHT, MARGIN, RESULT, YELLOW, Colour

Box = tuple[float, float, float, float]


def picture(png: bytes) -> Image.Image:
    """The PNG as RGB, after checking it is a PNG Discord shows well (under 100 KB, about 800 px wide)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < 100_000
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert 700 <= image.width <= 1000
    return image


def share(image: Image.Image, box: Box, colour: Colour, tolerance: int = 30) -> float:
    """The fraction of the pixels in ``box`` within ``tolerance`` of ``colour`` (on every channel)."""
    region = image.crop(tuple(round(v) for v in box))
    counts = region.getcolors(region.width * region.height) or []
    near = sum(n for n, rgb in counts if max(abs(a - b) for a, b in zip(rgb, colour, strict=True)) <= tolerance)
    return near / max(1, region.width * region.height)


def centre_box(box: Box, half: float) -> Box:
    """The square of side ``2 * half`` at the centre of ``box``."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return (x - half, y - half, x + half, y + half)


def header_line(image: Image.Image) -> Box:
    """The right half of the header's second line, where the turn or the result is written."""
    return (image.width / 2, 50, image.width - MARGIN, HEADER_HEIGHT - 8)


def shows_turn(image: Image.Image) -> bool:
    """The yellow "X to play" text is in the header."""
    return share(image, header_line(image), YELLOW) > 0.01


def shows_result(image: Image.Image) -> bool:
    """The result badge (light, flagged) ends at the header's right margin."""
    right = image.width - MARGIN
    return share(image, (right - 12, 54, right - 4, 60), RESULT, 8) > 0.9
