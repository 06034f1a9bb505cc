"""A FreeType font that remembers the text it has drawn and measured, per process.

Most of a board's drawing time is FreeType laying out and rasterising text, and most of
that text is the same from board to board (labels, coordinates, names, numbers). Pillow's
``ImageDraw.text`` asks the font for the text's mask with
``font.getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
stroke_filled=True)`` (``start``: the fractional part of the position) and pastes it with
``draw_bitmap``, which only reads it. :class:`MemoFont` keeps those masks in one bounded
table per process, keyed on the font (file, size, face index, encoding, layout engine and
variation) and on every argument of the call: the same key gives the same mask, so a board
drawn with the table is pixel for pixel the board drawn without it. ``getlength`` (what
``ImageDraw.textlength`` asks) is remembered the same way.

Masks in colour mode (``"RGBA"``, embedded colour glyphs) are never kept: ``ImageDraw.text``
writes into those. :meth:`MemoFont.getmask` (public, callers may write into its result)
always returns a fresh mask.

A mask is kept from the second time it is asked for: a text drawn once (a board's last move)
takes no room. The table is bounded (:data:`MAX_MASKS`, :data:`MAX_MASK_BYTES`, :data:`MAX_LENGTHS`),
least recently used first out.

>>> from render.kit import FONT_FILE
>>> face = MemoFont(str(FONT_FILE), 20)
>>> kept = [face.getmask2("Ada", "L", anchor="lm", start=(0.5, 0.0)) for _ in range(2)][-1]
>>> face.getmask2("Ada", "L", anchor="lm", start=(0.5, 0.0)) is kept
True
>>> face.getmask2("Ada", "L", anchor="lm", start=(0.0, 0.0)) is kept
False
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

from PIL import ImageFont

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore  # Pillow's C image: a type of its stubs only
    from PIL._typing import StrOrBytesPath

    Mask = tuple[ImagingCore, tuple[int, int]]

# Every game's boards over many positions and setups, in English and in French, keep about 1,200 masks
# (3.5 MB) and 900 lengths: room for several times that (players' names, more servers' languages).
MAX_MASKS = 4_000
MAX_MASK_BYTES = 16 * 1024 * 1024
MAX_LENGTHS = 8_000


@dataclass
class MemoStats:
    """What the tables hold and how often they answered."""

    masks: int = 0
    mask_bytes: int = 0
    lengths: int = 0
    hits: int = 0
    misses: int = 0


class _Memo:
    """Two least-recently-used tables (masks, lengths), bounded in entries and, for masks, in bytes.

    One lock: ``bot.drawing`` draws in threads of one process when it has no workers.
    """

    def __init__(self, max_masks: int, max_mask_bytes: int, max_lengths: int) -> None:
        self.max_masks, self.max_mask_bytes, self.max_lengths = max_masks, max_mask_bytes, max_lengths
        self.enabled = True
        self._masks: OrderedDict[Hashable, Mask] = OrderedDict()
        self._seen: OrderedDict[Hashable, None] = OrderedDict()  # keys asked once, their masks not kept
        self._lengths: OrderedDict[Hashable, float] = OrderedDict()
        self._mask_bytes = 0
        self._hits = self._misses = 0
        self._lock = threading.Lock()

    def mask(self, key: Hashable) -> Mask | None:
        with self._lock:
            found = self._masks.get(key)
            if found is None:
                self._misses += 1
            else:
                self._hits += 1
                self._masks.move_to_end(key)
            return found

    def keep_mask(self, key: Hashable, mask: Mask) -> None:
        """Keep ``mask`` if its key was asked before: a text drawn once (a board's last move) takes no room."""
        with self._lock:
            if key in self._masks:
                return  # another thread drew the same text meanwhile
            if key not in self._seen:
                self._seen[key] = None
                if len(self._seen) > self.max_masks:
                    self._seen.popitem(last=False)
                return
            del self._seen[key]
            self._masks[key] = mask
            self._mask_bytes += _bytes_of(mask)
            while len(self._masks) > self.max_masks or self._mask_bytes > self.max_mask_bytes:
                _, dropped = self._masks.popitem(last=False)
                self._mask_bytes -= _bytes_of(dropped)

    def length(self, key: Hashable) -> float | None:
        with self._lock:
            found = self._lengths.get(key)
            if found is not None:
                self._lengths.move_to_end(key)
            return found

    def keep_length(self, key: Hashable, length: float) -> None:
        with self._lock:
            self._lengths[key] = length
            if len(self._lengths) > self.max_lengths:
                self._lengths.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._masks.clear()
            self._seen.clear()
            self._lengths.clear()
            self._mask_bytes = self._hits = self._misses = 0

    def stats(self) -> MemoStats:
        with self._lock:
            return MemoStats(len(self._masks), self._mask_bytes, len(self._lengths), self._hits, self._misses)


def _bytes_of(mask: Mask) -> int:
    width, height = mask[0].size
    return int(width * height)  # masks are "L" (colour ones, "RGBA", are not kept)


MEMO = _Memo(MAX_MASKS, MAX_MASK_BYTES, MAX_LENGTHS)


def clear() -> None:
    """Forget every remembered mask and length (and the counts of :func:`stats`)."""
    MEMO.clear()


def stats() -> MemoStats:
    """How many masks (and bytes) and lengths are remembered, and the masks' hits and misses."""
    return MEMO.stats()


@contextmanager
def bypassed() -> Iterator[None]:
    """Within the block, every font asks FreeType as plain Pillow does (for comparisons).

    The switch is process-wide: meant for tests and measurements, not for drawing threads.
    """
    before, MEMO.enabled = MEMO.enabled, False
    try:
        yield
    finally:
        MEMO.enabled = before


class MemoFont(ImageFont.FreeTypeFont):
    """``ImageFont.FreeTypeFont`` whose masks (``getmask2``) and lengths (``getlength``) are remembered."""

    def __init__(
        self,
        font: StrOrBytesPath | BinaryIO,
        size: float = 10,
        index: int = 0,
        encoding: str = "",
        layout_engine: ImageFont.Layout | None = None,
    ) -> None:
        super().__init__(font, size, index, encoding, layout_engine)
        self._identity: Hashable = self._identity_with(None)

    def _identity_with(self, variation: Hashable) -> Hashable:
        # Everything that makes this face draw differently: two fonts with the same identity draw the same.
        return (self.path, self.size, self.index, self.encoding, self.layout_engine, variation)

    def set_variation_by_axes(self, axes: list[float]) -> None:
        super().set_variation_by_axes(axes)
        self._identity = self._identity_with(("axes", *axes))

    def set_variation_by_name(self, name: str | bytes) -> None:
        super().set_variation_by_name(name)
        self._identity = self._identity_with(("name", getattr(self, "_last_variation_index", name)))

    def __setstate__(self, state: list[Any]) -> None:
        super().__setstate__(state)  # a loaded copy has the default variation, as in Pillow
        self._identity = self._identity_with(None)

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Mask:
        """The mask Pillow would make, made once per distinct call. Callers must not write into it."""
        arguments = (text, mode, direction, features, language, stroke_width, anchor, ink, start, *args)
        if not MEMO.enabled or mode == "RGBA":
            return super().getmask2(*arguments, **kwargs)
        key = (
            self._identity,
            text,
            mode,
            direction,
            None if features is None else tuple(features),
            language,
            stroke_width,
            anchor,
            ink,
            (0.0, 0.0) if start is None else tuple(start),
            args,
            tuple(sorted(kwargs.items())),
        )
        try:
            found = MEMO.mask(key)
        except TypeError:  # an argument that cannot be a key: draw it as Pillow does
            return super().getmask2(*arguments, **kwargs)
        if found is None:
            found = super().getmask2(*arguments, **kwargs)
            MEMO.keep_mask(key, found)
        return found

    def getmask(self, text: str | bytes, *args: Any, **kwargs: Any) -> ImagingCore:
        """A fresh mask, never a remembered one: its callers may write into it (same arguments as Pillow's)."""
        mask: ImagingCore = super().getmask2(text, *args, **kwargs)[0]
        return mask

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        """The advance of ``text`` Pillow would measure, measured once per distinct call."""
        if not MEMO.enabled:
            return super().getlength(text, mode, direction, features, language)
        key = (self._identity, text, mode, direction, None if features is None else tuple(features), language)
        found = MEMO.length(key)
        if found is None:
            found = super().getlength(text, mode, direction, features, language)
            MEMO.keep_length(key, found)
        return found
