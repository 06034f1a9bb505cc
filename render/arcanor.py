"""Arcanor board drawn from a view: nested pieces, winning rows, scores and the last move.

Pieces read at a glance: the diameter gives the size (1 is the largest), the
owner is told by colour *and* pattern (seat 0: vermilion with a pale inner
ring; seat 1: sky blue with diagonal stripes), and 1-4 white pips show the
points (the grooves of the real pieces). Frozen stacks carry a snowflake and a
white frame. A private view adds, under each stack the viewer controls, a
strip of chips for the pieces inside (circle = seat 0, square = seat 1, with
the size); the public view never does, since contents are not in it.

>>> from rules import GAMES
>>> png = render(GAMES["arcanor"].new(players=2, seed=1).view(None), ["Ada", "Bob"])
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from render.kit import (
    BACKGROUND,
    BLACK,
    BOARD_DARK,
    BOARD_LIGHT,
    COORD_BAND,
    FOOTER_HEIGHT,
    HEADER_HEIGHT,
    MARGIN,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    TEXT,
    WHITE,
    Colour,
    Grid,
    Header,
    arrow,
    board_canvas,
    draw_footer,
    draw_header,
    font,
    mark_last_move,
    move_words,
    palette_of,
    seat_marker,
    text_width,
    to_png,
    word,
)
from render.kit import PICTURE_WORDS as KIT_WORDS
from rules.arcanor import ArcanorView, PeekView, PieceView, StackView
from rules.base import Square

WIDTH = 800
CELL = 84
FILES, RANKS = 8, 7
SCORE_BAND = 54
GOAL_BAND = 30
PEEK_LINE = 34
PEEKS_SHOWN = 3
DIAMETER = {1: 0.88, 2: 0.70, 3: 0.53, 4: 0.38}  # share of a cell, by size
STRIPES: Colour = (0, 92, 150)
RING: Colour = (255, 214, 170)
FROZEN: Colour = (235, 248, 255)
SUPERSAMPLE = 3
_BOARD_MOVE = re.compile(r"^([a-h][1-7])[-^x]([a-h][1-7])$")


# Words of the picture that French servers read in French (keys of the cog's catalogue).
BOARD_WORDS: dict[str, str] = {
    "arcanor.pic.player": "Player {n}",
    "arcanor.pic.to_move": "{who} to move",
    "arcanor.pic.to_move_drawn": "{who} to move (drawn to start)",
    "arcanor.pic.draw": "Draw {score}",
    "arcanor.pic.won": "{who} won {score}",
    "arcanor.pic.goal": "{who} scores here: rank {rank} (winning row)",
    "arcanor.pic.private": "private view: {who}",
    "arcanor.pic.no_peek": "Strict memory: no stack lifted yet",
    "arcanor.pic.peek": "Move {n}: {who} lifted {square}:",
    "arcanor.pic.holds": "holds",
    "arcanor.pic.holds_nothing": "holds nothing",
}
PICTURE_WORDS = {**KIT_WORDS, **BOARD_WORDS}


def seat_scores(view: Mapping[str, Any]) -> list[Any]:
    """Each seat's points in ``view``, in seat order (the alt text tells them)."""
    return list(view["scores"])


def render(
    view: ArcanorView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """PNG of the board as ``view`` shows it (about 800 px wide), a :class:`render.kit.Render`: a finished
    game's ``result`` replaces whose turn it is."""
    return to_png(
        draw_view(view, tuple(_fit(name) for name in players), result, {**PICTURE_WORDS, **(words or {})}), _palette()
    )


def _fit(name: str, limit: int = 14) -> str:
    """Long display names are cut so the header, gauges and labels never overlap."""
    return name if len(name) <= limit else name[: limit - 2].rstrip() + ".."


def draw_view(
    view: ArcanorView, names: tuple[str, ...], result: str | None = None, words: Mapping[str, str] = PICTURE_WORDS
) -> Image.Image:
    """The whole picture as an RGB image (header, scores, board, lifted stacks, footer)."""
    grid = board_grid()
    height = grid.bottom + COORD_BAND + GOAL_BAND + _peek_panel_height(view) + FOOTER_HEIGHT + 8
    home_rows = view.get("home_rows", [1, 7])
    squares = tuple(tuple(_square_colour(file, rank, home_rows) for file in range(FILES)) for rank in range(RANKS))
    img, draw = board_canvas(WIDTH, height, grid, squares)
    header = Header(
        "Arcanor",
        names,
        _turn_text(view, names, words),
        view["move_number"],
        move_words(view, names, words),
        result=result or "",
        words=words,
    )
    draw_header(draw, WIDTH, header)
    _draw_scores(draw, view, names)
    _draw_board(img, draw, grid, view)
    _draw_goal_labels(draw, grid, view, names, words)
    _draw_peeks(draw, grid.bottom + COORD_BAND + GOAL_BAND, view, names, words)
    draw_footer(draw, WIDTH, height, header)
    _draw_viewer_note(draw, height, view, names, words)
    return img


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The palette of a sample picture holding every colour and edge the board uses."""
    sample = draw_view(_swatch(), ("Ada", "Bob"))
    return palette_of(sample, 160)


def _swatch() -> ArcanorView:
    """A made-up private strict view: every piece on every kind of square, contents, frozen stacks, peeks."""
    board: dict[str, StackView] = {}
    for file in range(FILES):
        for rank in (0, 1, 5, 6):
            owner, size = (file + rank) % 2, file % 4 + 1
            entry: StackView = {"top": {"owner": owner, "size": size}, "frozen": rank == 6 and owner == 0}
            if rank == 1:
                entry["contents"] = [{"owner": 1 - owner, "size": 4}, {"owner": owner, "size": 4}]
            board[f"{'abcdefgh'[file]}{rank + 1}"] = entry
    top: PieceView = {"owner": 0, "size": 1}
    inside: list[PieceView] = [{"owner": 1, "size": 2}]
    return {
        "game": "arcanor",
        "players": 2,
        "passes": 0,
        "first_player": 0,
        "to_move": 0,
        "move_number": 9,
        "actors": [0],
        "outcome": None,
        "viewer": 0,
        "scores": [5, 7],
        "target": 12,
        "last_move": ["peek:b2", "c3xd4"],
        "board": board,
        "strict_memory": True,
        "peeks": [{"seat": 0, "square": "b2", "turn": 9, "top": top, "contents": inside}],
        "home_rows": [1, 7],
    }


def _board_top() -> int:
    return HEADER_HEIGHT + SCORE_BAND + GOAL_BAND + COORD_BAND


def board_grid() -> Grid:
    """Where the 8×7 board stands in every picture."""
    return Grid(left=(WIDTH - CELL * FILES) // 2, top=_board_top(), cell=CELL, files=FILES, ranks=RANKS)


def _name(names: tuple[str, ...], seat: int, words: Mapping[str, str] = PICTURE_WORDS) -> str:
    return names[seat] if seat < len(names) else word(words, "arcanor.pic.player", n=seat + 1)


def _turn_text(view: ArcanorView, names: tuple[str, ...], words: Mapping[str, str] = PICTURE_WORDS) -> str:
    outcome = view["outcome"]
    if outcome is None:
        actors = view["actors"]
        if not actors:
            return ""
        drawn = view["move_number"] == 0 and not view["last_move"]
        key = "arcanor.pic.to_move_drawn" if drawn else "arcanor.pic.to_move"
        return word(words, key, who=_name(names, actors[0], words))
    score = "-".join(str(round(points)) for points in outcome["scores"])
    if not outcome["winners"]:
        return word(words, "arcanor.pic.draw", score=score)
    return word(words, "arcanor.pic.won", who=_name(names, outcome["winners"][0], words), score=score)


# ---------------------------------------------------------------------------
# Bands around the board


def _draw_scores(draw: ImageDraw.ImageDraw, view: ArcanorView, names: tuple[str, ...]) -> None:
    """One gauge per seat: marker, name, points out of the target."""
    top = HEADER_HEIGHT + 8
    half = (WIDTH - 2 * MARGIN) // 2
    for seat in (0, 1):
        left = MARGIN + seat * half
        points = view["scores"][seat]
        target = view.get("target", 12)
        draw.rounded_rectangle((left, top, left + half - 12, top + 38), 8, fill=PANEL)
        seat_marker(draw, (left + 18, top + 19), 9, seat, SEAT_COLOURS[seat])
        draw.text((left + 34, top + 19), _name(names, seat), font=font(20), fill=TEXT, anchor="lm")
        bar = (left + 200, top + 13, left + half - 96, top + 25)
        draw.rectangle(bar, fill=BACKGROUND, outline=MUTED)
        filled = bar[0] + (bar[2] - bar[0]) * min(points, target) / target
        draw.rectangle((bar[0], bar[1], filled, bar[3]), fill=SEAT_COLOURS[seat])
        label = f"{points}/{target}"
        draw.text((left + half - 24, top + 19), label, font=font(20), fill=TEXT, anchor="rm")


def _draw_goal_labels(
    draw: ImageDraw.ImageDraw, grid: Grid, view: ArcanorView, names: tuple[str, ...], words: Mapping[str, str]
) -> None:
    """Above the board: the goal of the seat whose winning row is on top, and below likewise."""
    home_rows = view.get("home_rows", [1, 7])
    for seat in (0, 1):
        goal_rank = home_rows[1 - seat]
        on_top = goal_rank == RANKS
        y = grid.top - COORD_BAND - GOAL_BAND / 2 if on_top else grid.bottom + COORD_BAND + GOAL_BAND / 2
        text = word(words, "arcanor.pic.goal", who=_name(names, seat, words), rank=goal_rank)
        x = WIDTH / 2 - text_width(draw, text, 18) / 2
        seat_marker(draw, (x - 16, y), 8, seat, SEAT_COLOURS[seat])
        draw.text((x, y), text, font=font(18), fill=TEXT, anchor="lm")


def _draw_viewer_note(
    draw: ImageDraw.ImageDraw, height: int, view: ArcanorView, names: tuple[str, ...], words: Mapping[str, str]
) -> None:
    viewer = view.get("viewer")
    if viewer is None:
        return
    note = word(words, "arcanor.pic.private", who=_name(names, viewer, words))
    draw.text((WIDTH - MARGIN, height - FOOTER_HEIGHT / 2), note, font=font(18), fill=MUTED, anchor="rm")


# ---------------------------------------------------------------------------
# The board


def _draw_board(img: Image.Image, draw: ImageDraw.ImageDraw, grid: Grid, view: ArcanorView) -> None:
    """Stacks, the last move and hidden pieces on the squares (drawn with the canvas: :func:`board_canvas`)."""
    stacks = [(Square.parse(name), entry) for name, entry in view["board"].items()]
    for square, entry in stacks:
        _draw_stack(img, draw, grid, square, entry)
    _draw_last_move(draw, grid, view["last_move"])
    # The strips of hidden pieces go over the arrow so that it never hides them.
    for square, entry in stacks:
        if entry.get("contents"):
            _draw_contents(draw, grid.box(square.file, square.rank), entry["contents"])


def _square_colour(file: int, rank: int, home_rows: list[int]) -> Colour:
    """Checkered board; a winning row is tinted with the colour of the seat that scores there."""
    base = BOARD_LIGHT if (file + rank) % 2 else BOARD_DARK
    for seat in (0, 1):
        if rank + 1 == home_rows[1 - seat]:
            return _blend(base, SEAT_COLOURS[seat], 0.28)
    return base


def _blend(base: Colour, tint: Colour, share: float) -> Colour:
    r, g, b = (round(x * (1 - share) + y * share) for x, y in zip(base, tint, strict=True))
    return (r, g, b)


def _draw_stack(img: Image.Image, draw: ImageDraw.ImageDraw, grid: Grid, square: Square, entry: StackView) -> None:
    box = grid.box(square.file, square.rank)
    cx, cy = grid.centre(square.file, square.rank)
    if entry["frozen"]:
        _draw_frozen_frame(draw, box)
    top = entry["top"]
    sprite = _piece_sprite(top["owner"], top["size"])
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)
    if entry["frozen"]:
        _snowflake(draw, (box[2] - 13, box[1] + 13), 9)


def _draw_frozen_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=BLACK, width=5)
    draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=FROZEN, width=3)


def _snowflake(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """Six spokes: a frozen stack's mark, drawn white on a dark disc so it reads on any square."""
    x, y = centre
    draw.ellipse((x - radius - 3, y - radius - 3, x + radius + 3, y + radius + 3), fill=(30, 60, 90))
    for k in range(3):
        angle = math.pi * k / 3
        dx, dy = radius * math.cos(angle), radius * math.sin(angle)
        draw.line((x - dx, y - dy, x + dx, y + dy), fill=FROZEN, width=2)


def _draw_contents(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], contents: list[PieceView]) -> None:
    """A strip of chips over the bottom of the square: what the top holds, outermost first (private)."""
    chip = 23
    width = chip * len(contents) + 4
    left = (box[0] + box[2]) / 2 - width / 2
    y = box[3] - 14
    draw.rounded_rectangle((left, y - 13, left + width, y + 13), 7, fill=(20, 24, 30), outline=TEXT, width=2)
    for i, piece in enumerate(contents):
        x = left + 2 + chip * i + chip / 2
        seat_marker(draw, (x, y), 9, piece["owner"], SEAT_COLOURS[piece["owner"]])
        draw.text((x, y + 1), str(piece["size"]), font=font(15), fill=BLACK, anchor="mm")


def _draw_last_move(draw: ImageDraw.ImageDraw, grid: Grid, last_move: list[str]) -> None:
    """An arrow for a move, release or eat; the kit's frame on each lifted stack."""
    for text in last_move:
        if text.startswith("peek:"):
            square = Square.parse(text[5:])
            mark_last_move(draw, grid.box(square.file, square.rank), width=3)
        elif match := _BOARD_MOVE.match(text):
            source, target = (Square.parse(name) for name in match.groups())
            start, end = grid.centre(source.file, source.rank), grid.centre(target.file, target.rank)
            arrow(draw, start, _short_of(start, end, CELL * 0.22), width=6)


def _short_of(start: tuple[float, float], end: tuple[float, float], gap: float) -> tuple[float, float]:
    """``end`` pulled back towards ``start`` by ``gap`` pixels, so the arrow head leaves the pips visible."""
    length = math.dist(start, end)
    share = (length - gap) / length
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


# ---------------------------------------------------------------------------
# Piece sprites (drawn once, supersampled for smooth edges)


@lru_cache(maxsize=8)
def _piece_sprite(owner: int, size: int) -> Image.Image:
    """A top piece as an RGBA sprite: disc, owner pattern, pips for its points."""
    diameter = round(CELL * DIAMETER[size])
    big = diameter * SUPERSAMPLE
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    edge = 2 * SUPERSAMPLE
    draw.ellipse((0, 0, big - 1, big - 1), fill=BLACK)
    inner = (edge, edge, big - 1 - edge, big - 1 - edge)
    draw.ellipse(inner, fill=SEAT_COLOURS[owner])
    if owner == 0:
        _ring_pattern(draw, big)
    else:
        _stripe_pattern(sprite, big, edge)
    _pips(draw, big / 2, size)
    return sprite.resize((diameter, diameter), Image.Resampling.LANCZOS)


def _ring_pattern(draw: ImageDraw.ImageDraw, big: int) -> None:
    """Seat 0: a pale ring inside the disc."""
    inset = big * 0.17
    draw.ellipse((inset, inset, big - inset, big - inset), outline=RING, width=max(2, big // 28))


def _stripe_pattern(sprite: Image.Image, big: int, edge: int) -> None:
    """Seat 1: dark diagonal stripes, clipped to the disc."""
    stripes = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(stripes)
    step = 10 * SUPERSAMPLE
    for offset in range(-big, big, step):
        draw.line((offset, big, offset + big, 0), fill=STRIPES, width=3 * SUPERSAMPLE)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).ellipse((edge, edge, big - 1 - edge, big - 1 - edge), fill=255)
    sprite.paste(stripes, (0, 0), ImageChops.multiply(stripes.getchannel("A"), mask))


PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, 0), (1, 0)),
    3: ((0, -0.9), (-1, 0.7), (1, 0.7)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
}


def _pips(draw: ImageDraw.ImageDraw, centre: float, size: int) -> None:
    """The grooves of the real piece: one white pip per point, like a die."""
    spread = 6.5 * SUPERSAMPLE
    radius = 4 * SUPERSAMPLE
    for dx, dy in PIP_LAYOUT[size]:
        x, y = centre + dx * spread, centre + dy * spread
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=WHITE, outline=BLACK, width=SUPERSAMPLE)


# ---------------------------------------------------------------------------
# Public log of lifted stacks (strict memory)


def _peek_panel_height(view: ArcanorView) -> int:
    if not view.get("strict_memory"):
        return 0
    return 12 + PEEK_LINE * max(1, min(PEEKS_SHOWN, len(view.get("peeks", []))))


def _draw_peeks(
    draw: ImageDraw.ImageDraw, top: int, view: ArcanorView, names: tuple[str, ...], words: Mapping[str, str]
) -> None:
    """The latest lifted stacks, newest first: who lifted which square and what was inside."""
    if not view.get("strict_memory"):
        return
    draw.rectangle((0, top, WIDTH, top + _peek_panel_height(view)), fill=PANEL)
    peeks = list(reversed(view.get("peeks", [])))[:PEEKS_SHOWN]
    if not peeks:
        draw.text(
            (MARGIN, top + 6 + PEEK_LINE / 2),
            words["arcanor.pic.no_peek"],
            font=font(18),
            fill=MUTED,
            anchor="lm",
        )
    for i, peek in enumerate(peeks):
        _draw_peek_line(draw, top + 6 + PEEK_LINE * i + PEEK_LINE / 2, peek, names, words)


def _draw_peek_line(
    draw: ImageDraw.ImageDraw, y: float, peek: PeekView, names: tuple[str, ...], words: Mapping[str, str]
) -> None:
    who = _name(names, peek["seat"], words)
    text = word(words, "arcanor.pic.peek", n=peek["turn"], who=who, square=peek["square"])
    draw.text((MARGIN, y), text, font=font(18), fill=TEXT, anchor="lm")
    x = MARGIN + text_width(draw, text, 18) + 18
    pieces = [peek["top"], *peek["contents"]]
    for i, piece in enumerate(pieces):
        seat_marker(draw, (x, y), 10, piece["owner"], SEAT_COLOURS[piece["owner"]])
        draw.text((x, y), str(piece["size"]), font=font(14), fill=BLACK, anchor="mm")
        x += 26
        if i == 0:
            label = " " + words["arcanor.pic.holds" if len(pieces) > 1 else "arcanor.pic.holds_nothing"] + " "
            draw.text((x - 8, y), label, font=font(18), fill=MUTED, anchor="lm")
            x += text_width(draw, label, 18) + 4
