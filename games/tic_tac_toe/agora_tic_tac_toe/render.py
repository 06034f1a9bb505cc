"""Tic-tac-toe's picture: the 3×3 board with X (seat 1) and O (seat 2), the last mark framed
and a winning row struck through, in the kit's header and footer.

>>> from agora_tic_tac_toe.rules import TicTacToeState
>>> render(TicTacToeState.start(2, 0, {}).play(0, "b2").view(None), ["Ada", "Bob"])[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from agora_tic_tac_toe.rules import SIZE, TicTacToeView
from render.kit import (
    BLACK,
    MARGIN,
    SEAT_COLOURS,
    Grid,
    Header,
    board_canvas,
    draw_footer,
    draw_header,
    mark_last_move,
    move_words,
    to_png,
    word,
)
from render.kit import (
    PICTURE_WORDS as KIT_WORDS,
)
from rules import Square

CELL = 180
WIDTH = 2 * MARGIN + 2 * 34 + CELL * SIZE + 2 * 60
BOARD_TOP = 92 + 34 + 30
HEIGHT = BOARD_TOP + CELL * SIZE + 34 + 30 + 56
MARK_INSET = 38  # pixels between a square's edge and its mark

# Words of the picture that French servers read in French (keys of the game's catalogue).
BOARD_WORDS: dict[str, str] = {
    "tic_tac_toe.pic.title": "Tic-tac-toe",  # a common noun, not a brand: French reads "Morpion"
    "tic_tac_toe.pic.to_play": "{who} to play ({mark})",
    "tic_tac_toe.pic.won": "{who} won: three in a row",
    "tic_tac_toe.pic.draw": "Draw: the board is full",
}
PICTURE_WORDS = {**KIT_WORDS, **BOARD_WORDS}
MARKS = ("X", "O")


def render(
    view: TicTacToeView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """The PNG of a tic-tac-toe view (every view is public).

    ``result``: a finished game's stored result, worded for the viewer (see :mod:`render.kit`);
    it replaces whose turn it is.
    """
    words = {**PICTURE_WORDS, **(words or {})}
    grid = Grid(left=(WIDTH - CELL * SIZE) // 2, top=BOARD_TOP, cell=CELL, files=SIZE, ranks=SIZE)
    img, draw = board_canvas(WIDTH, HEIGHT, grid)
    names = tuple(players)
    header = Header(
        game=words["tic_tac_toe.pic.title"],
        players=names,
        turn=_turn_text(view, names, words),
        move_number=view["move_number"],
        last_move=move_words(view, names, words),
        result=result or "",
        words=words,
    )
    draw_header(draw, WIDTH, header)
    _draw_marks(draw, grid, view)
    draw_footer(draw, WIDTH, HEIGHT, header)
    return to_png(img)


def _turn_text(view: TicTacToeView, names: Sequence[str], words: Mapping[str, str]) -> str:
    """Whose turn it is with their mark, or how the rules ended the game."""
    seat, outcome = view["to_move"], view["outcome"]
    if seat is not None:
        return word(words, "tic_tac_toe.pic.to_play", who=names[seat], mark=MARKS[seat])
    if outcome is not None and outcome["winners"]:
        return word(words, "tic_tac_toe.pic.won", who=names[outcome["winners"][0]])
    return words["tic_tac_toe.pic.draw"]


def _draw_marks(draw: ImageDraw.ImageDraw, grid: Grid, view: TicTacToeView) -> None:
    """Each mark in its seat's colour and shape (a cross, a ring), the last one framed, a won row struck."""
    for rank, row in enumerate(view["marks"]):
        for file, seat in enumerate(row):
            if seat is not None:
                _draw_mark(draw, grid.box(file, rank), seat)
    for notation in view["last_move"]:
        square = Square.parse(notation)
        mark_last_move(draw, grid.box(square.file, square.rank))
    if view["line"]:
        first, last = Square.parse(view["line"][0]), Square.parse(view["line"][-1])
        ends = [grid.centre(first.file, first.rank), grid.centre(last.file, last.rank)]
        draw.line(ends, fill=BLACK, width=22)
        draw.line(ends, fill=SEAT_COLOURS[2], width=12)


def _draw_mark(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], seat: int) -> None:
    x0, y0, x1, y1 = (box[0] + MARK_INSET, box[1] + MARK_INSET, box[2] - MARK_INSET, box[3] - MARK_INSET)
    colour = SEAT_COLOURS[seat]
    if seat == 0:
        for ends in (((x0, y0), (x1, y1)), ((x0, y1), (x1, y0))):
            draw.line(ends, fill=BLACK, width=26)
            draw.line(ends, fill=colour, width=18)
    else:
        draw.ellipse((x0, y0, x1, y1), outline=BLACK, width=26)
        draw.ellipse((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=colour, width=18)
