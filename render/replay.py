"""An animated GIF of a whole game, from the PNG boards of its positions.

Frames are drawn by each game's own renderer; this module only chooses which
positions to show (:func:`sample`) and assembles them.  Every frame is
quantised to its own 256-colour palette (the boards use few colours), and the
GIF is rebuilt smaller (fewer frames, then smaller frames) until it fits the
byte limit Discord allows for an attachment.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

MAX_FRAMES = 60
FRAME_MS = 900
LAST_FRAME_MS = 3000
LIMIT = 8_000_000


def sample(count: int, most: int = MAX_FRAMES) -> list[int]:
    """Indexes of at most ``most`` of ``count`` positions, evenly spread, first and last always in.

    >>> sample(5, 10)
    [0, 1, 2, 3, 4]
    >>> sample(101, 5)
    [0, 25, 50, 75, 100]
    """
    if count <= most:
        return list(range(count))
    if most < 2:
        return [count - 1]
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def gif(frames: Sequence[bytes], *, limit: int = LIMIT) -> bytes:
    """The PNG ``frames`` as one looping GIF no larger than ``limit`` bytes."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in frames]
    scale = 1.0
    while True:
        data = _encode(images, scale)
        if len(data) <= limit or (len(images) <= 2 and scale < 0.2):
            return data
        if len(images) > 2:
            images = [images[i] for i in sample(len(images), max(2, len(images) // 2))]
        else:
            scale /= 2


def _encode(images: Sequence[Image.Image], scale: float) -> bytes:
    """One GIF of ``images``, all brought to the first frame's size times ``scale``."""
    width, height = images[0].size
    target = (max(1, int(width * scale)), max(1, int(height * scale)))
    paletted = []
    for image in images:
        if image.size != target:
            image = image.resize(target)
        paletted.append(image.quantize(colors=256, dither=Image.Dither.NONE))
    durations = [FRAME_MS] * (len(paletted) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    paletted[0].save(
        out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0, optimize=True
    )
    return out.getvalue()
