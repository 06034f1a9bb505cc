"""The commentary's picture: each player's chance of winning over the game, a line a player.

Drawn for a phone: a wide picture with large type, the chance axis at 0, 50 and 100%, one line a
seat in its seat colour with its own marker shape (a circle, a square, a triangle…, so colours
need not be told apart), and a legend naming each player with their latest chance.

>>> png = chance_picture([(0, (0.5, 0.5)), (4, (0.7, 0.3)), (9, (0.2, 0.8))], ["Ada", "Bob"], "Game #3", "move")
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render.kit import BACKGROUND, MARGIN, MUTED, PANEL, SEAT_COLOURS, TEXT, Colour, fitted, font, new_canvas, to_png

WIDTH, HEIGHT = 960, 600
TITLE = 64
LEGEND_ROW = 44
LABEL = 26
MARK = 9
LINE = 5
Point = tuple[int, Sequence[float]]  # a ply and each seat's chance then
Box = tuple[int, int, int, int]


def chance_picture(points: Sequence[Point], names: Sequence[str], title: str, move_word: str) -> bytes:
    """Each seat's chance (0 to 1) at each ply of ``points``, as lines over the game (drawn in a worker)."""
    seats = len(names)
    legend = LEGEND_ROW * ((seats + 1) // 2)
    img, pen = new_canvas(WIDTH, HEIGHT + legend)
    pen.rectangle((0, 0, WIDTH, HEIGHT + legend), fill=BACKGROUND)
    size, shown = fitted(pen, title, WIDTH - 2 * MARGIN, 36, 22)
    pen.text((MARGIN, MARGIN // 2), shown, font=font(size, 700), fill=TEXT)
    box = (MARGIN + 80, TITLE + MARGIN, WIDTH - MARGIN, HEIGHT - MARGIN - 40)
    draw_axes(pen, box, points, move_word)
    for seat in range(seats):
        line = [(x_of(box, points, ply), y_of(box, values[seat])) for ply, values in points]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        if len(line) > 1:
            pen.line(line, fill=colour, width=LINE, joint="curve")
        for x, y in line:
            marker(pen, seat, x, y, colour)
    draw_legend(pen, HEIGHT, points, names)
    return to_png(img)


def x_of(box: Box, points: Sequence[Point], ply: int) -> float:
    first, last = points[0][0], points[-1][0]
    return box[0] + (box[2] - box[0]) * ((ply - first) / (last - first) if last > first else 0.5)


def y_of(box: Box, chance: float) -> float:
    return box[3] - (box[3] - box[1]) * min(max(chance, 0.0), 1.0)


def draw_axes(pen: ImageDraw.ImageDraw, box: Box, points: Sequence[Point], move_word: str) -> None:
    """The chance lines at 0, 50 and 100%, and the first and last move under the line."""
    label = font(LABEL)
    pen.rectangle(box, fill=PANEL)
    for chance in (0.0, 0.5, 1.0):
        y = y_of(box, chance)
        pen.line((box[0], y, box[2], y), fill=MUTED, width=1 if chance == 0.5 else 2)
        pen.text((box[0] - 12, y), f"{round(chance * 100)}%", font=label, fill=TEXT, anchor="rm")
    first, last = points[0][0], points[-1][0]
    pen.text((box[0], box[3] + 10), f"{move_word} {first}", font=label, fill=TEXT, anchor="la")
    if last != first:
        pen.text((box[2], box[3] + 10), f"{move_word} {last}", font=label, fill=TEXT, anchor="ra")


# Each seat's marker as points around its centre, in units of MARK: a circle (None), a square, a triangle,
# a diamond, a triangle pointing down, a cross-like hexagon.
SHAPES: tuple[tuple[tuple[float, float], ...] | None, ...] = (
    None,
    ((-1, -1), (1, -1), (1, 1), (-1, 1)),
    ((0, -1.3), (1.2, 1), (-1.2, 1)),
    ((0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)),
    ((-1.2, -1), (1.2, -1), (0, 1.3)),
    ((-0.5, -1.2), (0.5, -1.2), (1.2, 0), (0.5, 1.2), (-0.5, 1.2), (-1.2, 0)),
)


def marker(pen: ImageDraw.ImageDraw, seat: int, x: float, y: float, colour: Colour) -> None:
    """Seat ``seat``'s marker, its own shape in its own colour, edged in white."""
    shape = SHAPES[seat % len(SHAPES)]
    if shape is None:
        pen.ellipse((x - MARK, y - MARK, x + MARK, y + MARK), fill=colour, outline=TEXT, width=2)
    else:
        pen.polygon([(x + dx * MARK, y + dy * MARK) for dx, dy in shape], fill=colour, outline=TEXT, width=2)


def draw_legend(pen: ImageDraw.ImageDraw, top: int, points: Sequence[Point], names: Sequence[str]) -> None:
    """Two players a row: each one's marker, name and latest chance."""
    half = (WIDTH - 2 * MARGIN) // 2
    latest = points[-1][1]
    for seat, name in enumerate(names):
        x = MARGIN + half * (seat % 2) + MARK + 4
        y = top + LEGEND_ROW * (seat // 2) + LEGEND_ROW // 2 - 8
        marker(pen, seat, x, y, SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        said = f"{name}: {round(latest[seat] * 100)}%"
        size, shown = fitted(pen, said, half - 3 * MARK - 16, 30, 18)
        pen.text((x + MARK + 12, y), shown, font=font(size), fill=TEXT, anchor="lm")
