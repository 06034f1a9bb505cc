"""Arkaios board: the 5×5 garden seen from the side, one pillar per square.

Each pillar is drawn with its real parts, so its height reads at a glance: level 1 is a
wide base slab, level 2 adds a fluted column, level 3 adds the capital on top; the level
also appears small in the square's top-left corner. Each player's position is their
pillar tinted in their seat colour with their seat shape standing on top. The last
completed turn wears the kit's last-move frame with numbered badges (build order, top
right); pillars of the turn in progress carry badges in the mover's colour and shape (top
left). Under the board: what the player to move must do (pieces left, final level), both
positions, and a small legend of the three levels.

>>> from rules import GAMES
>>> view = GAMES["arkaios"].new(2, 0).play(0, "c3=3").view(None)
>>> render(view, ["Alice", "Bob"])[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import cache

from PIL import Image, ImageDraw

from render.kit import (
    BLACK,
    COORD_BAND,
    FOOTER_HEIGHT,
    HEADER_HEIGHT,
    LAST_MOVE,
    MARGIN,
    MUTED,
    PANEL,
    PNG_COMPRESSION,
    SEAT_COLOURS,
    TEXT,
    Colour,
    Grid,
    Header,
    board_canvas,
    draw_footer,
    draw_header,
    fitted,
    font,
    mark_last_move,
    move_words,
    plural_word,
    seat_marker,
    text_width,
    word,
)
from render.kit import PICTURE_WORDS as KIT_WORDS
from rules.arkaios import ArkaiosView
from rules.base import OutcomeView, Square
from rules.wording import plural_forms

WIDTH = 800
SIZE = 5
CELL = 124
BOARD_TOP = HEADER_HEIGHT + 12 + COORD_BAND
STATUS_TOP = BOARD_TOP + CELL * SIZE + COORD_BAND + 10
STATUS_HEIGHT = 104
HEIGHT = STATUS_TOP + STATUS_HEIGHT + FOOTER_HEIGHT

OUTLINE: Colour = (52, 48, 44)
FLUTE: Colour = (150, 142, 128)
SHADOW: Colour = (150, 140, 122)
STONE_BASE: Colour = (200, 191, 172)
STONE_COLUMN: Colour = (246, 243, 235)
STONE_CAPITAL: Colour = (226, 214, 186)
# Heights of base, column and capital as fractions of the square; a level-3 pillar
# leaves a strip at the top of its square for the level and the badges.
PART_HEIGHTS = (0.16, 0.34, 0.14)
GROUND = 0.05

Box = tuple[float, float, float, float]


# Words of the picture that French servers read in French (keys of the cog's catalogue).
BOARD_WORDS: dict[str, str] = {
    "arkaios.pic.player": "Player {n}",
    "arkaios.pic.to_play": "{who} to play",
    "arkaios.pic.draw": "Draw",
    "arkaios.pic.won_temple": "{who} won: temple built",
    "arkaios.pic.won_blocked": "{who} won: {other} is blocked",
    "arkaios.pic.won": "{who} won ({reason})",
    "arkaios.pic.ended_draw": "The game ended in a draw.",
    "arkaios.pic.wins_temple": "{who} is shut in a temple of capitals: {who} wins.",
    "arkaios.pic.wins_blocked": "{other} cannot complete a turn: {who} wins.",
    "arkaios.pic.wins": "{who} wins ({reason}).",
    "arkaios.pic.open_any": "{who}: open with level {levels} on any square.",
    "arkaios.pic.open_another": "{who}: open with level {levels} on another square.",
    "arkaios.pic.or": "{first} or {last}",
    "arkaios.pic.left": plural_forms(
        "{who}: {n} piece left, end on level {level}.", "{who}: {n} pieces left, end on level {level}."
    ),
    "arkaios.pic.no_pillar": "{who}: no pillar yet",
    "arkaios.pic.at": "{who} at {square}, level {level}",
}
PICTURE_WORDS = {**KIT_WORDS, **BOARD_WORDS}


def render(
    view: ArkaiosView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """The PNG of an Arkaios view (every view is public: all seats see the same board), a
    :class:`render.kit.Render`: a finished game's ``result`` replaces whose turn it is and what they must build."""
    return _encode(draw_view(view, players, result, {**PICTURE_WORDS, **(words or {})}))


def draw_view(
    view: ArkaiosView, players: Sequence[str], result: str | None = None, words: Mapping[str, str] = PICTURE_WORDS
) -> Image.Image:
    """The board as an RGB image (before palette encoding)."""
    grid = Grid(left=(WIDTH - CELL * SIZE) // 2, top=BOARD_TOP, cell=CELL, files=SIZE, ranks=SIZE)
    img, draw = board_canvas(WIDTH, HEIGHT, grid)
    names = _names(players, words)
    header = Header(
        game="Arkaios",
        players=tuple(names),
        turn=_turn_text(view, names, words),
        move_number=view["move_number"],
        turn_number=view["turn_number"],
        move_in_turn=view["move_in_turn"],
        last_move=move_words(view, names, words),
        result=result or "",
        words=words,
    )
    draw_header(draw, WIDTH, header)
    _draw_board(draw, grid, view)
    _draw_status(draw, view, names, words, result)
    draw_footer(draw, WIDTH, HEIGHT, header)
    return img


def _encode(img: Image.Image) -> bytes:
    """A palette PNG like ``kit.to_png``, but mapped onto one fixed palette: the kit's median
    cut costs 50-100 ms on an 800×960 board, mapping onto a known palette about 5 ms."""
    out = io.BytesIO()
    img.quantize(palette=_palette(), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=PNG_COMPRESSION
    )
    return out.getvalue()


@cache
def _palette() -> Image.Image:
    """128 colours median-cut once from sample boards that use every colour we draw."""
    samples = [draw_view(view, ("Alice", "Bob")) for view in _sample_views()]
    strip = Image.new("RGB", (WIDTH, HEIGHT * len(samples)))
    for i, sample in enumerate(samples):
        strip.paste(sample, (0, i * HEIGHT))
    return strip.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _sample_views() -> list[ArkaiosView]:
    """Both seats' tints at every level, both badge kinds for both seats, an ending."""
    from rules.arkaios import ArkaiosState

    first = ArkaiosState.start(2, 0, {}).play(0, "c3=3").play(1, "d4=2").play(0, "b2=2")
    second = ArkaiosState.start(2, 0, {}).play(0, "a1=1").play(1, "e5=3")
    for move in second.example_turn():
        second = second.play(second.to_move, move)
    second = second.play(1, second.legal_moves(1)[0])
    ended = ArkaiosState.start(2, 0, {}).play(0, "b2=1").play(1, "d4=2")
    return [first.view(None), second.view(None), ended.view(1)]


def _names(players: Sequence[str], words: Mapping[str, str] = PICTURE_WORDS) -> list[str]:
    return [
        players[seat] if seat < len(players) else word(words, "arkaios.pic.player", n=seat + 1) for seat in range(2)
    ]


# ---------------------------------------------------------------------------
# Texts


def _turn_text(view: ArkaiosView, names: list[str], words: Mapping[str, str] = PICTURE_WORDS) -> str:
    turn, outcome = view["turn"], view["outcome"]
    if turn is not None:
        return word(words, "arkaios.pic.to_play", who=names[turn])
    if outcome is None or not outcome["winners"]:
        return words["arkaios.pic.draw"]
    return _ending(outcome, names, words, "arkaios.pic.won")


def _ending(outcome: OutcomeView, names: list[str], words: Mapping[str, str], key: str) -> str:
    """A win worded by its reason: ``key`` names the words (``arkaios.pic.won`` or ``.wins``),
    ``key + "_temple"`` and ``key + "_blocked"`` the known reasons."""
    winner = outcome["winners"][0]
    reason = outcome["reason"]
    if reason in ("temple", "blocked"):
        key = f"{key}_{reason}"
    return word(words, key, who=names[winner], other=names[1 - winner], reason=reason)


def _instruction(view: ArkaiosView, names: list[str], words: Mapping[str, str] = PICTURE_WORDS) -> str:
    """What the player to move must do, or how the game ended."""
    turn, outcome = view["turn"], view["outcome"]
    if turn is None:
        if outcome is None or not outcome["winners"]:
            return words["arkaios.pic.ended_draw"]
        return _ending(outcome, names, words, "arkaios.pic.wins")
    name = names[turn]
    if view["phase"] == "opening":
        used = [lv for lv in view["last_levels"] if lv is not None]
        levels = [str(lv) for lv in (1, 2, 3) if lv not in used]
        choice = word(words, "arkaios.pic.or", first=", ".join(levels[:-1]), last=levels[-1])
        key = "arkaios.pic.open_another" if used else "arkaios.pic.open_any"
        return word(words, key, who=name, levels=choice)
    left = view["remaining"]
    assert left is not None, "past the opening, a turn has its pieces to spend"
    return plural_word(words, "arkaios.pic.left", left, who=name, n=left, level=view["final_level"])


# ---------------------------------------------------------------------------
# Board


def _draw_board(draw: ImageDraw.ImageDraw, grid: Grid, view: ArkaiosView) -> None:
    """Pillars, markers, badges and levels on the squares (drawn with the canvas: :func:`board_canvas`)."""
    owners = {Square.parse(name): seat for seat, name in enumerate(view["positions"]) if name is not None}
    last, current = _chain_orders(view["last_turn"]), _chain_orders(view["chain"])
    for rank, row in enumerate(view["heights"]):
        for file, height in enumerate(row):
            square, box = Square(file, rank), grid.box(file, rank)
            _draw_square(draw, box, height, owners.get(square))
            if square in last:
                mark_last_move(draw, box)
                _badge(draw, (box[2] - 25, box[1] + 23), last[square], _seat(view["last_turn_seat"]), LAST_MOVE)
            if square in current:
                seat = _seat(view["turn"])
                _badge(draw, (box[0] + 25, box[1] + 23), current[square], seat, SEAT_COLOURS[seat])
            if height:
                _draw_level_label(draw, box, height, shifted=square in current)


def _draw_square(draw: ImageDraw.ImageDraw, box: Box, height: int, owner: int | None) -> None:
    if height:
        _draw_pillar(draw, box, height, None if owner is None else SEAT_COLOURS[owner])
    if owner is not None:
        _draw_position_marker(draw, box, height, owner)


def _seat(seat: int | None) -> int:
    return 0 if seat is None else seat


def _chain_orders(pillars: list[str]) -> dict[Square, str]:
    """Build order per square, e.g. {b2: "1", b3: "2,4"}: a square built twice shows both."""
    orders: dict[Square, list[int]] = {}
    for number, pillar in enumerate(pillars, start=1):
        orders.setdefault(Square.parse(pillar.split("=")[0]), []).append(number)
    return {square: ",".join(map(str, numbers)) for square, numbers in orders.items()}


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], label: str, seat: int, colour: Colour) -> None:
    """A small seat-shaped badge holding a build order."""
    seat_marker(draw, centre, 13, seat, colour)
    draw.text(centre, label, font=font(19 if len(label) == 1 else 13), fill=BLACK, anchor="mm")


def _draw_level_label(draw: ImageDraw.ImageDraw, box: Box, level: int, shifted: bool) -> None:
    """The level, small in the top-left corner (after the turn badge when there is one)."""
    x = box[0] + (44 if shifted else 13)
    draw.text((x, box[1] + 10), str(level), font=font(19), fill=OUTLINE)


def _draw_position_marker(draw: ImageDraw.ImageDraw, box: Box, level: int, seat: int) -> None:
    """The seat's shape standing on top of its pillar."""
    cx, r = (box[0] + box[2]) / 2, 12
    y = _pillar_top(box, level) - r - 3
    seat_marker(draw, (cx, y), r, seat, SEAT_COLOURS[seat])


# ---------------------------------------------------------------------------
# Pillars


def _tint(colour: Colour, seat_colour: Colour | None, amount: float = 0.6) -> Colour:
    if seat_colour is None:
        return colour
    r, g, b = (round(c * (1 - amount) + s * amount) for c, s in zip(colour, seat_colour, strict=True))
    return (r, g, b)


def _pillar_top(box: Box, level: int) -> float:
    """The y of the top of a pillar of ``level`` (the ground for 0)."""
    c = box[2] - box[0]
    return box[3] - GROUND * c - sum(PART_HEIGHTS[:level]) * c


def _draw_pillar(draw: ImageDraw.ImageDraw, box: Box, level: int, seat_colour: Colour | None) -> None:
    """Side view: base slab (1), fluted column (2), capital (3), standing on its shadow."""
    x0, _, x1, y1 = box
    cx, c = (x0 + x1) / 2, x1 - x0
    ground = y1 - GROUND * c
    draw.ellipse((cx - 0.45 * c, ground - 0.03 * c, cx + 0.45 * c, ground + 0.035 * c), fill=SHADOW)
    top = _draw_base(draw, cx, ground, c, _tint(STONE_BASE, seat_colour))
    if level >= 2:
        top = _draw_column(draw, cx, top, c, _tint(STONE_COLUMN, seat_colour, 0.5))
    if level >= 3:
        _draw_capital(draw, cx, top, c, _tint(STONE_CAPITAL, seat_colour))


def _draw_base(draw: ImageDraw.ImageDraw, cx: float, ground: float, c: float, fill: Colour) -> float:
    """Two wide steps; returns the y of their top."""
    low, high = ground - PART_HEIGHTS[0] / 2 * c, ground - PART_HEIGHTS[0] * c
    draw.rectangle((cx - 0.41 * c, low, cx + 0.41 * c, ground), fill=fill, outline=OUTLINE, width=2)
    draw.rectangle((cx - 0.34 * c, high, cx + 0.34 * c, low), fill=fill, outline=OUTLINE, width=2)
    return high


def _draw_column(draw: ImageDraw.ImageDraw, cx: float, bottom: float, c: float, fill: Colour) -> float:
    """A fluted shaft; returns the y of its top."""
    top, half = bottom - PART_HEIGHTS[1] * c, 0.17 * c
    draw.rectangle((cx - half, top, cx + half, bottom), fill=fill, outline=OUTLINE, width=2)
    for dx in (-0.085 * c, 0.0, 0.085 * c):
        draw.line((cx + dx, top + 0.04 * c, cx + dx, bottom - 0.04 * c), fill=FLUTE, width=2)
    return top


def _draw_capital(draw: ImageDraw.ImageDraw, cx: float, bottom: float, c: float, fill: Colour) -> None:
    """A flaring echinus under the abacus slab, with volutes at its ends."""
    flare, top = bottom - 0.06 * c, bottom - PART_HEIGHTS[2] * c
    echinus = [(cx - 0.17 * c, bottom), (cx + 0.17 * c, bottom), (cx + 0.29 * c, flare), (cx - 0.29 * c, flare)]
    draw.polygon(echinus, fill=fill, outline=OUTLINE, width=2)
    draw.rectangle((cx - 0.34 * c, top, cx + 0.34 * c, flare), fill=fill, outline=OUTLINE, width=2)
    r = 0.045 * c
    for vx in (cx - 0.29 * c, cx + 0.29 * c):
        draw.ellipse((vx - r, flare - r + 2, vx + r, flare + r + 2), fill=fill, outline=OUTLINE, width=2)


# ---------------------------------------------------------------------------
# Status panel


def _draw_status(
    draw: ImageDraw.ImageDraw, view: ArkaiosView, names: list[str], words: Mapping[str, str], result: str | None = None
) -> None:
    top = STATUS_TOP
    draw.rectangle((0, top, WIDTH, top + STATUS_HEIGHT), fill=PANEL)
    if result:
        size, shown = fitted(draw, result, WIDTH - 2 * MARGIN, 25, 16)
        draw.text((25, top + 28), shown, font=font(size), fill=TEXT, anchor="lm")
    else:
        turn, outcome = view["turn"], view["outcome"]
        winners = outcome["winners"] if outcome else []
        seat = turn if turn is not None else (winners or [0])[0]
        seat_marker(draw, (36, top + 28), 11, seat, SEAT_COLOURS[seat])
        size, shown = fitted(draw, _instruction(view, names, words), WIDTH - 56 - MARGIN, 25, 16)
        draw.text((56, top + 28), shown, font=font(size), fill=TEXT, anchor="lm")
    x, share = 25.0, (LEGEND_LEFT - 25) / len(names) - 28 - 24
    for seat, name in enumerate(names):
        seat_marker(draw, (x + 11, top + 75), 10, seat, SEAT_COLOURS[seat])
        size, shown = fitted(draw, _position_text(view, name, seat, words), share, 21, 14)
        draw.text((x + 28, top + 75), shown, font=font(size), fill=MUTED, anchor="lm")
        x += 28 + text_width(draw, shown, size) + 24
    _draw_legend(draw, top + 48)


def _position_text(view: ArkaiosView, name: str, seat: int, words: Mapping[str, str]) -> str:
    """Where a player stands: ``Ada at c3, level 2`` (or that they have no pillar yet)."""
    position = view["positions"][seat]
    if position is None:
        return word(words, "arkaios.pic.no_pillar", who=name)
    return word(words, "arkaios.pic.at", who=name, square=position, level=view["last_levels"][seat])


LEGEND_CELL = 52
LEGEND_LEFT = WIDTH - 20 - 3 * (LEGEND_CELL + 18)  # where the legend's first pillar starts


def _draw_legend(draw: ImageDraw.ImageDraw, top: int) -> None:
    """Three small pillars with their levels, so newcomers can read heights."""
    cell = LEGEND_CELL
    for level in (1, 2, 3):
        left = LEGEND_LEFT + (level - 1) * (cell + 18)
        _draw_pillar(draw, (left + 16, top, left + 16 + cell, top + cell), level, None)
        draw.text((left + 8, top + cell - 26), str(level), font=font(19), fill=MUTED)
