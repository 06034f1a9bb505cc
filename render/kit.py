"""The drawing kit every board shares, so every game looks like one product.

Boards are drawn about 800 px wide (2x what Discord shows) on an opaque dark
slate background that reads on both Discord themes, with the same header band
(game, players, whose turn or how the game ended, move number) and footer (last
move), coordinates on every board and one way of marking the last move.

A finished game shows its stored result, not whose turn it was: every board's
``render`` takes ``result``, the ending already worded by the caller in the
viewer's language, and the header draws it as a flagged badge in place of the
turn (the board's own turn prompts give way to it too).

>>> img, draw = new_canvas(400, 300)
>>> png = to_png(img)
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import fontpkg_noto_sans
from PIL import Image, ImageDraw, ImageFont

from render.memo_font import MemoFont
from rules import GAMES, View
from rules.wording import ENGLISH_RULE, FORMS, PLURAL_RULE, WORDING, chosen_form

Colour = tuple[int, int, int]

# Okabe-Ito: distinguishable for the common colour-vision deficiencies.
ORANGE: Colour = (230, 159, 0)
SKY: Colour = (86, 180, 233)
GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILION: Colour = (213, 94, 0)
PURPLE: Colour = (204, 121, 167)
BLACK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)

BACKGROUND: Colour = (34, 39, 46)
PANEL: Colour = (48, 54, 63)
BOARD_LIGHT: Colour = (222, 214, 196)
BOARD_DARK: Colour = (196, 186, 164)
GRID: Colour = (92, 84, 70)
TEXT: Colour = (236, 238, 240)
MUTED: Colour = (160, 168, 178)
LAST_MOVE: Colour = YELLOW

# Seat colours in seat order; every use pairs the colour with a shape or pattern.
SEAT_COLOURS: tuple[Colour, ...] = (VERMILION, SKY, GREEN, PURPLE, ORANGE, BLUE)

HEADER_HEIGHT = 92
# zlib level of the boards' PNGs, measured: level 3 draws a board 2 to 3 ms faster than 6 (about 15%
# of a render), the pictures a few KB larger (every board stays under 50 KB) and pixel for pixel the same.
PNG_COMPRESSION = 3
FOOTER_HEIGHT = 56
MARGIN = 24
COORD_BAND = 34


# Noto Sans (SIL Open Font Licence), installed as a Python dependency so nothing depends on
# the host's fonts: unlike Pillow's built-in font it draws French accents, ½, × and ….
FONT_FILE = Path(fontpkg_noto_sans.ROOT) / "files" / "NotoSans[wdth,wght].ttf"
REGULAR, BOLD = 400, 700


@lru_cache(maxsize=64)
def font(size: int, weight: int = REGULAR) -> ImageFont.FreeTypeFont:
    """Noto Sans at ``size`` pixels and ``weight`` (100-900), loaded once per size and weight.

    The face remembers the masks and lengths of the texts it draws (see :mod:`render.memo_font`):
    boards repeat most of their words, and FreeType's rasterising is most of a board's drawing time.

    >>> font(22).getlength("é") > 0
    True
    """
    face = MemoFont(str(FONT_FILE), size)
    face.set_variation_by_axes([weight, 100])  # axes: weight, then width (100: normal)
    return face


# The words every picture draws (header and footer), in English. Callers pass them translated
# as ``words`` (keys of the bot's message catalogue); each board module's PICTURE_WORDS holds
# these and its own.
PICTURE_WORDS: dict[str, str] = {
    "pic.move": "move {number}",
    "pic.turn": "turn {turn}",
    "pic.turn_move": "turn {turn} · move {move}",
    "pic.last_move": "Last move: {move}",
    "pic.no_move": "No move yet",
}


def word(words: Mapping[str, str], key: str, **values: Any) -> str:
    """The picture word ``key`` from ``words`` (English when missing), formatted with ``values``,
    its articles elided as the catalogue writes them (:mod:`rules.wording`).

    >>> word({"pic.move": "coup {number}"}, "pic.move", number=3)
    'coup 3'
    >>> word({}, "pic.no_move")
    'No move yet'
    >>> word({"pic.races": "la pile {whose:de}"}, "pic.races", whose="Ada")
    "la pile d'Ada"
    """
    return WORDING.format(words.get(key) or PICTURE_WORDS[key], **values)


def plural_word(words: Mapping[str, str], key: str, number: int, /, **values: Any) -> str:
    """The plural picture word ``key`` from ``words`` in the form ``number`` takes in their language
    (its forms joined by :func:`rules.wording.plural_forms`), formatted as :func:`word` does.

    >>> from rules.wording import plural_forms
    >>> french = {"pic.rolls": plural_forms("{n} lancer", "{n} lancers"), PLURAL_RULE: "(n > 1)"}
    >>> [plural_word(french, "pic.rolls", n, n=n) for n in (0, 1, 2)]
    ['0 lancer', '1 lancer', '2 lancers']
    >>> [plural_word({"pic.rolls": plural_forms("{n} roll", "{n} rolls")}, "pic.rolls", n, n=n) for n in (0, 1)]
    ['0 rolls', '1 roll']
    """
    forms = (words.get(key) or PICTURE_WORDS[key]).split(FORMS)
    return WORDING.format(chosen_form(forms, words.get(PLURAL_RULE, ENGLISH_RULE), number), **values)


class Render(Protocol):
    """What every board module's ``render`` is (each takes its own game's view type):

    ``render(view, players)`` while the game is on, and once it is over
    ``render(view, players, result="Bob won: Ada resigned")`` with the stored
    result worded for the viewer (``bot.endings.ending_text`` gives it).
    ``words``: the module's PICTURE_WORDS in the viewer's language (English when None).
    """

    def __call__(
        self, view: Any, players: Sequence[str], /, *, words: Mapping[str, str] | None = None, result: str | None = None
    ) -> bytes: ...


@dataclass(frozen=True)
class Header:
    """What the header and footer bands say; the same for every game."""

    game: str
    players: tuple[str, ...] = ()
    turn: str = ""
    move_number: int = 0
    last_move: str = ""
    # Games whose turn has several moves count turns instead (None: not counted; 0: none begun yet),
    # and the moves within the turn.
    turn_number: int | None = None
    move_in_turn: int = 0
    seat_colours: tuple[Colour, ...] = field(default=SEAT_COLOURS)
    result: str = ""  # a finished game's stored result; drawn instead of ``turn``
    words: Mapping[str, str] = field(default_factory=lambda: PICTURE_WORDS)


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), BACKGROUND)
    return img, ImageDraw.Draw(img)


def text_width(draw: ImageDraw.ImageDraw, text: str, size: int) -> float:
    return draw.textlength(text, font=font(size))


def wrapped(draw: ImageDraw.ImageDraw, text: str, width: float, size: int) -> list[str]:
    """``text`` on as many lines as it needs to fit ``width`` pixels at ``size``, broken at spaces
    (a word longer than the width stands alone on its line).

    >>> img, draw = new_canvas(200, 40)
    >>> wrapped(draw, "one two three", text_width(draw, "one two", 15), 15)
    ['one two', 'three']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(draw, f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


RESULT: Colour = TEXT
RESULT_PAD = 10
FLAG_WIDTH = 26


@dataclass(frozen=True)
class Placed:
    """A text as the header draws it: where it starts, its size, and the words (cut when too long)."""

    text: str
    x: float
    size: int
    width: float


NAME_SIZES, STATUS_SHARE = (22, 14), 0.45  # names shrink to 14 px; the turn or result takes at most 45%
MARKER_ROOM, NAME_GAP = 24, 22


def header_layout(draw: ImageDraw.ImageDraw, width: int, header: Header) -> tuple[list[Placed], Placed | None]:
    """The players' names and the turn text of the header's second line, shrunk (then cut) so that
    nothing overlaps nor leaves the picture, whatever the names.

    >>> img, draw = new_canvas(400, 92)
    >>> names, turn = header_layout(draw, 400, Header("Chess", ("Ada", "Bob"), turn="Ada to play"))
    >>> [n.text for n in names], turn is not None and turn.text
    (['Ada', 'Bob'], 'Ada to play')
    """
    right = float(width - MARGIN)
    turn = None
    if header.result:
        natural = text_width(draw, header.result, 22) + RESULT_PAD * 2 + FLAG_WIDTH
        right -= min(natural, (width - 2 * MARGIN) * STATUS_SHARE) + NAME_GAP
    elif header.turn:
        size, shown = fitted(draw, header.turn, (width - 2 * MARGIN) * STATUS_SHARE, *NAME_SIZES)
        shown_width = text_width(draw, shown, size)
        turn = Placed(shown, width - MARGIN - shown_width, size, shown_width)
        right = turn.x - NAME_GAP
    names, x = [], float(MARGIN)
    share = (right - MARGIN) / max(len(header.players), 1) - MARKER_ROOM - NAME_GAP
    size = min((fitted(draw, name, share, *NAME_SIZES)[0] for name in header.players), default=NAME_SIZES[0])
    for name in header.players:  # one size for every name, each cut to its share when still too long
        shown = fitted(draw, name, share, size, size)[1]
        shown_width = text_width(draw, shown, size)
        names.append(Placed(shown, x + MARKER_ROOM, size, shown_width))
        x += MARKER_ROOM + shown_width + NAME_GAP
    return names, turn


def draw_header(draw: ImageDraw.ImageDraw, width: int, header: Header) -> None:
    """Game name and move (or turn) number on the first line, players and turn on the second."""
    draw.rectangle((0, 0, width, HEADER_HEIGHT), fill=PANEL)
    draw.text((MARGIN, 14), header.game, font=font(30), fill=TEXT)
    label = progress_label(header)
    if label:
        draw.text((width - MARGIN - text_width(draw, label, 22), 20), label, font=font(22), fill=MUTED)
    names, turn = header_layout(draw, width, header)
    for seat, name in enumerate(names):
        colour = header.seat_colours[seat % len(header.seat_colours)]
        seat_marker(draw, (name.x - MARKER_ROOM + 9, 66), 9, seat, colour)
        draw.text((name.x, 66), name.text, font=font(name.size), fill=TEXT, anchor="lm")
    if header.result:
        end = names[-1].x + names[-1].width + NAME_GAP if names else MARGIN
        draw_result(draw, (end, width - MARGIN), header.result)
    elif turn is not None:
        draw.text((turn.x, 66), turn.text, font=font(turn.size), fill=YELLOW, anchor="lm")


def progress_label(header: Header) -> str:
    """How far the game is: its turn (and the move within it) where turns have several moves, else its move.

    >>> progress_label(Header("Chess", move_number=21, turn_number=8, move_in_turn=2))
    'turn 8 · move 2'
    >>> progress_label(Header("Chess", move_number=21, turn_number=8))
    'turn 8'
    >>> progress_label(Header("Chess", move_number=5)), progress_label(Header("Go", move_number=3, turn_number=0))
    ('move 5', '')
    """
    if header.turn_number is None:
        return word(header.words, "pic.move", number=header.move_number) if header.move_number else ""
    if header.turn_number and header.move_in_turn:
        return word(header.words, "pic.turn_move", turn=header.turn_number, move=header.move_in_turn)
    return word(header.words, "pic.turn", turn=header.turn_number) if header.turn_number else ""


def draw_result(draw: ImageDraw.ImageDraw, span: tuple[float, float], result: str, top: int = 50) -> None:
    """The result badge, right-aligned in ``span`` (x from, x to): a chequered flag and the
    words, dark on light so it reads apart from the yellow turn text; shrunk (then cut)
    to fit beside the players' names.

    >>> img, draw = new_canvas(400, 92)
    >>> draw_result(draw, (24, 376), "Bob won: Alice resigned")
    >>> img.getpixel((370, 66)) == RESULT
    True
    """
    size, text = fitted(draw, result, span[1] - span[0] - RESULT_PAD * 2 - FLAG_WIDTH, 22, 15)
    right = span[1]
    left = right - text_width(draw, text, size) - RESULT_PAD * 2 - FLAG_WIDTH
    draw.rounded_rectangle((left, top, right, top + 32), radius=8, fill=RESULT, outline=BLACK, width=2)
    _flag(draw, left + RESULT_PAD, top + 7)
    draw.text((left + RESULT_PAD + FLAG_WIDTH, top + 16), text, font=font(size), fill=BACKGROUND, anchor="lm")


def fitted(draw: ImageDraw.ImageDraw, text: str, room: float, largest: int, smallest: int) -> tuple[int, str]:
    """The largest size from ``largest`` down to ``smallest`` at which ``text`` fits ``room`` pixels;
    at ``smallest``, the text cut with an ellipsis.

    >>> img, draw = new_canvas(10, 10)
    >>> fitted(draw, "Courtesan", 1000, 15, 12)
    (15, 'Courtesan')
    >>> fitted(draw, "Courtesan", 40, 15, 12)[1]
    'Cour…'
    """
    for size in range(largest, smallest - 1, -1):
        if text_width(draw, text, size) <= room:
            return size, text
    while len(text) > 1 and text_width(draw, text + "…", smallest) > room:
        text = text[:-1]
    return smallest, text.rstrip() + "…"


def _flag(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A small chequered finish flag on its pole (18 px tall)."""
    draw.line((x + 1, y, x + 1, y + 19), fill=BACKGROUND, width=2)
    for row in range(3):
        for col in range(4):
            fill = BACKGROUND if (row + col) % 2 else WHITE
            box = (x + 3 + col * 4, y + row * 4, x + 6 + col * 4, y + 3 + row * 4)
            draw.rectangle(box, fill=fill)
    draw.rectangle((x + 3, y, x + 18, y + 11), outline=BACKGROUND)


def draw_footer(draw: ImageDraw.ImageDraw, width: int, height: int, header: Header) -> None:
    """The last move in words, shrunk (then cut) to the picture's width."""
    top = height - FOOTER_HEIGHT
    draw.rectangle((0, top, width, height), fill=PANEL)
    words = header.words
    text = word(words, "pic.last_move", move=header.last_move) if header.last_move else word(words, "pic.no_move")
    size, text = fitted(draw, text, width - 2 * MARGIN, 22, 14)
    draw.text((MARGIN, top + FOOTER_HEIGHT / 2), text, font=font(size), fill=TEXT, anchor="lm")


def move_words(view: View, names: Sequence[str], words: Mapping[str, str]) -> str:
    """The last move of ``view`` as players say it, in the picture's language ("" before the first move).

    The engine describes it from the view (so it tells only what the viewer may know);
    ``words`` holds the translations of the engines' templates (English when missing).

    >>> from rules import GAMES
    >>> game = next(game for game in GAMES.values() if game.min_players == 2)  # any game for two
    >>> start = game.new(players=2, seed=0)
    >>> view = start.play(0, start.legal_moves(0)[0]).view(None)
    >>> move_words(start.view(None), ["Ada", "Bob"], {}), move_words(view, ["Ada", "Bob"], {}).startswith("Ada")
    ('', True)
    """
    seats = [*names, *(str(seat + 1) for seat in range(len(names), view["players"]))]  # a nameless seat: its number
    described = GAMES[view["game"]].state_class.describe(view, seats)
    return "" if described is None else described.word(words, WORDING.format)


def seat_marker(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int, colour: Colour
) -> None:
    """A filled shape per seat (circle, square, triangle, diamond, ...) so colour is never alone."""
    x, y = centre
    r = radius
    shape = seat % 6
    outline = BLACK
    if shape == 0:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=outline, width=2)
    elif shape == 1:
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour, outline=outline, width=2)
    elif shape == 2:
        draw.polygon([(x, y - r), (x + r, y + r), (x - r, y + r)], fill=colour, outline=outline, width=2)
    elif shape == 3:
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour, outline=outline, width=2)
    elif shape == 4:
        draw.regular_polygon((x, y, r), 6, fill=colour, outline=outline, width=2)
    else:
        draw.regular_polygon((x, y, r), 5, fill=colour, outline=outline, width=2)


@dataclass(frozen=True)
class Grid:
    """A square grid placed on the canvas; (0, 0) is a1, bottom left."""

    left: int
    top: int
    cell: int
    files: int
    ranks: int

    @property
    def right(self) -> int:
        return self.left + self.cell * self.files

    @property
    def bottom(self) -> int:
        return self.top + self.cell * self.ranks

    def box(self, file: int, rank: int) -> tuple[int, int, int, int]:
        """Pixel box of a square."""
        x = self.left + file * self.cell
        y = self.top + (self.ranks - 1 - rank) * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def centre(self, file: int, rank: int) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(file, rank)
        return ((x0 + x1) / 2, (y0 + y1) / 2)


Squares = tuple[tuple[Colour, ...], ...]  # the colour of each square, rank by rank from a1, file by file


def checkered(grid: Grid) -> Squares:
    """The squares' colours of a plain checkered board (a1 dark)."""
    return tuple(
        tuple(BOARD_LIGHT if (file + rank) % 2 else BOARD_DARK for file in range(grid.files))
        for rank in range(grid.ranks)
    )


def draw_checkered(draw: ImageDraw.ImageDraw, grid: Grid, squares: Squares | None = None) -> None:
    """The squares (a checkered board unless ``squares`` gives their colours), each edged in GRID."""
    squares = squares or checkered(grid)
    for rank in range(grid.ranks):
        for file in range(grid.files):
            draw.rectangle(grid.box(file, rank), fill=squares[rank][file], outline=GRID)


def board_canvas(
    width: int, height: int, grid: Grid, squares: Squares | None = None
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new canvas with the board's squares and coordinates already drawn (see :func:`draw_checkered`).

    The board and its coordinates' band are drawn once per grid and colours, then pasted: that costs
    less than drawing the squares and coordinates again, and the pixels are the same as long as
    nothing else drawn on the picture lies under the squares or the coordinates' band (the header,
    panels and footer do not), so the board may be drawn before or after them.

    >>> grid = Grid(left=58, top=150, cell=60, files=5, ranks=5)
    >>> img, draw = board_canvas(400, 500, grid)
    >>> plain, plain_draw = new_canvas(400, 500)
    >>> draw_checkered(plain_draw, grid); draw_coordinates(plain_draw, grid)
    >>> img.tobytes() == plain.tobytes()
    True
    """
    img, draw = new_canvas(width, height)
    img.paste(_board_image(grid, squares or checkered(grid)), (grid.left - COORD_BAND, grid.top - COORD_BAND))
    return img, draw


@lru_cache(maxsize=8)
def _board_image(grid: Grid, squares: Squares) -> Image.Image:
    """The squares and the coordinates' band around them, on the background (kept: never drawn on)."""
    # Moved by whole pixels, the coordinates keep their fractional positions: the same glyphs.
    moved = replace(grid, left=COORD_BAND, top=COORD_BAND)
    img, draw = new_canvas(moved.right + COORD_BAND + 1, moved.bottom + COORD_BAND + 1)
    draw_checkered(draw, moved, squares)
    draw_coordinates(draw, moved)
    return img


def draw_coordinates(draw: ImageDraw.ImageDraw, grid: Grid) -> None:
    """File letters under and above the board, rank numbers left and right."""
    size = max(18, min(26, grid.cell // 4))
    for file in range(grid.files):
        letter = "abcdefghijklmnopqrstuvwxyz"[file]
        x = grid.left + file * grid.cell + grid.cell / 2
        for y in (grid.bottom + COORD_BAND / 2, grid.top - COORD_BAND / 2):
            draw.text((x, y), letter, font=font(size), fill=MUTED, anchor="mm")
    for rank in range(grid.ranks):
        _, y = grid.centre(0, rank)
        for x in (grid.left - COORD_BAND / 2, grid.right + COORD_BAND / 2):
            draw.text((x, y), str(rank + 1), font=font(size), fill=MUTED, anchor="mm")


def mark_last_move(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], width: int = 5) -> None:
    """The one last-move mark of every board: a thick yellow frame with black edges."""
    x0, y0, x1, y1 = box
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=BLACK, width=width + 4)
    draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=LAST_MOVE, width=width)


def arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: Colour = LAST_MOVE,
    width: int = 8,
) -> None:
    """A last-move arrow with a black edge, so it reads on light and dark squares."""
    import math

    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = width * 2.6
    base = (end[0] - head * math.cos(angle), end[1] - head * math.sin(angle))
    left = (base[0] + head * 0.6 * math.sin(angle), base[1] - head * 0.6 * math.cos(angle))
    right = (base[0] - head * 0.6 * math.sin(angle), base[1] + head * 0.6 * math.cos(angle))
    for fill, extra in ((BLACK, 4), (colour, 0)):
        draw.line([start, base], fill=fill, width=width + extra)
        draw.polygon([end, left, right], fill=colour, outline=BLACK if fill == BLACK else None)


def palette_of(sample: Image.Image, colours: int = 160) -> Image.Image:
    """A palette image computed once from a sample picture holding every colour a board uses."""
    return sample.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Compact palette PNG, well under 100 KB.

    Mapping onto a ``palette`` made once by :func:`palette_of` is the fastest
    (a few ms); without one, a fast octree quantisation is used.
    """
    if palette is not None:
        quantised = img.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        quantised = img.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantised.save(out, format="PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()
