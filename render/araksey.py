"""Araksey board drawn from a view: arakseys, sources, zones, dragons and effects.

How each cue reads without colour:

* an ARAKSEY is a large hexagon crowned on top; a SOURCE is a small token whose
  shape is its seat's marker (circle, square, triangle, diamond, as in the header);
* the element is the fill colour *and* a two-letter tag in the reader's language (Ea, Wa, Fi…; in French Te, Ea, Fe…);
* the outer band of each piece is its seat colour, and the araksey carries a small
  seat marker too;
* a zone is tinted in its araksey's seat colour *and* hatched: ``/`` for side A,
  ``\\`` for side B (overlapping zones cross-hatch);
* a source in its own zone wears a white ring; an awakened dragon is a gold star
  beside the araksey and in the side panel;
* set-up start squares carry a gold tint and a small diamond;
* the last action is an arrow (two for an exchange, a second one for the pushed piece),
  a placement is framed.

>>> from rules import GAMES
>>> png = render(GAMES["araksey"].new(players=2, seed=1).view(None), ["Ada", "Bob"])
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

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
    WHITE,
    YELLOW,
    Colour,
    Grid,
    Header,
    arrow,
    board_canvas,
    draw_footer,
    draw_header,
    fitted,
    font,
    mark_last_move,
    move_words,
    seat_marker,
    text_width,
    word,
    wrapped,
)
from render.kit import PICTURE_WORDS as KIT_WORDS
from rules.araksey import ArakseyView
from rules.base import Square

WIDTH = 800
BOARD_PIXELS = 490
PANEL_LEFT = 600
PANEL_WIDTH = WIDTH - PANEL_LEFT - 14
SUPERSAMPLE = 3
GOLD: Colour = (246, 190, 0)
START_TINT: Colour = (250, 226, 150)

# Element: (fill, tag colour, two-letter tag).
ELEMENT_LOOK: dict[str, tuple[Colour, Colour, str]] = {
    "earth": ((139, 94, 52), WHITE, "Ea"),
    "water": ((0, 114, 178), WHITE, "Wa"),
    "air": ((200, 232, 246), BLACK, "Ai"),
    "fire": ((252, 152, 40), BLACK, "Fi"),
    "magma": ((128, 24, 36), WHITE, "Ma"),
    "lightning": ((240, 228, 66), BLACK, "Li"),
    "mud": ((96, 104, 44), WHITE, "Mu"),
    "fog": ((168, 172, 182), BLACK, "Fo"),
}
SIDE_LETTERS = "AB"

# Words of the picture that French servers read in French (keys of the cog's catalogue).
BOARD_WORDS: dict[str, str] = {
    "araksey.pic.player": "Player {n}",
    "araksey.pic.draw": "Draw",
    "araksey.pic.won": "{who} won",
    "araksey.pic.and": " & ",
    "araksey.pic.place_source": "{who}: place a source",
    "araksey.pic.place_araksey": "{who}: place araksey",
    "araksey.pic.to_move": "{who} to move",
    "araksey.pic.side": "Side {letter}",
    "araksey.pic.setup_sources_1": "Set-up: sources go on",
    "araksey.pic.setup_sources_2": "the gold start squares",
    "araksey.pic.setup_arakseys_1": "Set-up: arakseys go on",
    "araksey.pic.setup_arakseys_2": "any free square",
    "araksey.pic.clock": "Clock: {n} s per move",
    "araksey.pic.won_badge": "WON",
    "araksey.pic.pass_left": "1 pass left",
    "araksey.pic.no_pass_left": "no pass left",
    "araksey.pic.dragon_awake": "DRAGON awake",
    "araksey.pic.effects": "Effects",
    "araksey.pic.legend_araksey": "araksey",
    "araksey.pic.legend_source": "source",
    "araksey.pic.legend_ring": "ring: source in its zone",
    "araksey.pic.legend_hatch": "hatch: zone (/ A, \\ B)",
    "araksey.pic.legend_dragon": "dragon awake",
    # Effects in the side panel (the engine's Effect.words, with the players' names).
    "araksey.pic.effect_earth": "Earth: {target} cannot move {by}'s pieces on their next turn",
    "araksey.pic.effect_water": "Water: {target}'s araksey cannot move on their next turn",
    "araksey.pic.effect_mud": "Mud: {target}'s sources cannot move on their next turn",
}
# An element's two-letter tag on its pieces and chips, in the reader's language (French: Te, Ea, Fe…).
BOARD_WORDS.update({f"araksey.pic.tag.{element}": look[2] for element, look in ELEMENT_LOOK.items()})
# Elements are named by the messages' own keys (``araksey.el.*``).
ELEMENT_WORDS = {f"araksey.el.{element}": element for element in ELEMENT_LOOK}
PICTURE_WORDS = {**KIT_WORDS, **BOARD_WORDS, **ELEMENT_WORDS}


def render(
    view: ArakseyView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """PNG of the board as ``view`` shows it (800 px wide), a :class:`render.kit.Render`: a finished game's
    ``result`` replaces whose turn it is and the set-up prompts."""
    words = {**PICTURE_WORDS, **(words or {})}
    names = tuple(
        players[seat] if seat < len(players) else word(words, "araksey.pic.player", n=seat + 1)
        for seat in range(view["players"])
    )
    return _to_png(draw_view(view, names, result, words))


def draw_view(
    view: ArakseyView, names: tuple[str, ...], result: str | None = None, words: Mapping[str, str] = PICTURE_WORDS
) -> Image.Image:
    """The whole picture: header, board with zones and pieces, side panel, footer."""
    cell = BOARD_PIXELS // view["size"]
    top = HEADER_HEIGHT + 14 + COORD_BAND
    grid = Grid(left=MARGIN + COORD_BAND, top=top, cell=cell, files=view["size"], ranks=view["size"])
    height = grid.bottom + COORD_BAND + 10 + FOOTER_HEIGHT
    img, draw = board_canvas(WIDTH, height, grid)
    header = Header(
        "Araksey",
        _header_names(names),
        _turn_text(view, names, words),
        view["move_number"],
        move_words(view, names, words),
        result=result or "",
        words=words,
    )
    draw_header(draw, WIDTH, header)
    _draw_board(img, grid, view, words)
    draw = ImageDraw.Draw(img)
    _draw_last_action(draw, grid, view)
    _draw_panel(draw, view, names, (HEADER_HEIGHT + 14, grid.bottom + COORD_BAND), bool(result), words)
    draw_footer(draw, WIDTH, height, header)
    return img


def _to_png(img: Image.Image) -> bytes:
    """Palette PNG; the fast octree quantiser keeps a render around 10-20 ms."""
    out = io.BytesIO()
    img.quantize(colors=160, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=PNG_COMPRESSION
    )
    return out.getvalue()


# ---------------------------------------------------------------------------
# Header and footer texts


def _fit(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 2].rstrip() + ".."


def _header_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """Shorter names with more players, so they never run into the turn text."""
    return tuple(_fit(name, 14 if len(names) == 2 else 8) for name in names)


def _turn_text(view: ArakseyView, names: tuple[str, ...], words: Mapping[str, str] = PICTURE_WORDS) -> str:
    outcome = view["outcome"]
    if outcome is not None:
        winners = outcome["winners"]
        if not winners:
            return words["araksey.pic.draw"]
        who = words["araksey.pic.and"].join(_fit(names[s], 10) for s in winners)
        return word(words, "araksey.pic.won", who=who)
    if not view["actors"]:
        return ""
    who = _fit(names[view["actors"][0]], 12)
    key = {"setup_sources": "place_source", "setup_arakseys": "place_araksey"}.get(view["phase"], "to_move")
    return word(words, f"araksey.pic.{key}", who=who)


# ---------------------------------------------------------------------------
# Board


def _draw_board(img: Image.Image, grid: Grid, view: ArakseyView, words: Mapping[str, str]) -> None:
    """Start squares, zones and pieces on the squares (drawn with the canvas: :func:`board_canvas`)."""
    draw = ImageDraw.Draw(img)
    if view["phase"] != "play":
        _draw_start_squares(draw, grid, view["start_squares"])
    _draw_zones(img, grid, view)
    _draw_pieces(img, grid, view, words)


def _draw_start_squares(draw: ImageDraw.ImageDraw, grid: Grid, squares: list[str]) -> None:
    """Gold tint plus a small diamond in the corner, so the cue is not colour alone."""
    for name in squares:
        sq = Square.parse(name)
        x0, y0, x1, y1 = grid.box(sq.file, sq.rank)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=START_TINT)
        size = grid.cell * 0.09
        cx, cy = x0 + size * 1.8, y0 + size * 1.8
        draw.polygon([(cx, cy - size), (cx + size, cy), (cx, cy + size), (cx - size, cy)], fill=GOLD, outline=BLACK)


def _draw_zones(img: Image.Image, grid: Grid, view: ArakseyView) -> None:
    """Translucent tint of each araksey's seat colour, hatched by side."""
    sides = _sides(view)
    for seat, zone in enumerate(view["zones"]):
        tile = _zone_tile(grid.cell, seat, sides[seat])
        for name in zone:
            sq = Square.parse(name)
            x0, y0, _, _ = grid.box(sq.file, sq.rank)
            img.paste(tile, (x0, y0), tile)


@lru_cache(maxsize=16)
def _zone_tile(cell: int, seat: int, side: int) -> Image.Image:
    tile = Image.new("RGBA", (cell, cell), (*SEAT_COLOURS[seat], 70))
    draw = ImageDraw.Draw(tile)
    for offset in range(-cell, cell, 12):
        line = [(offset, cell), (offset + cell, 0)] if side == 0 else [(offset, 0), (offset + cell, cell)]
        draw.line(line, fill=(*SEAT_COLOURS[seat], 190), width=2)
    return tile


def _sides(view: ArakseyView) -> list[int]:
    sides = [0] * view["players"]
    for side, seats in enumerate(view["teams"]):
        for seat in seats:
            sides[seat] = side
    return sides


def _draw_pieces(img: Image.Image, grid: Grid, view: ArakseyView, words: Mapping[str, str]) -> None:
    in_zone = {name for squares in view["in_zone"] for name in squares}
    for piece in view["pieces"]:
        sq = Square.parse(piece["square"])
        seat, element = piece["seat"], view["elements"][piece["seat"]]
        tag = words[f"araksey.pic.tag.{element}"]
        if piece["kind"] == "araksey":
            sprite = _araksey_sprite(grid.cell, seat, element, tag, view["dragon"][seat])
        else:
            sprite = _source_sprite(grid.cell, seat, element, tag, piece["square"] in in_zone)
        x0, y0, _, _ = grid.box(sq.file, sq.rank)
        img.paste(sprite, (x0, y0), sprite)


def _sprite_canvas(cell: int) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    big = cell * SUPERSAMPLE
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    return sprite, ImageDraw.Draw(sprite), big / 2


def _finish(sprite: Image.Image, cell: int) -> Image.Image:
    return sprite.resize((cell, cell), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _araksey_sprite(cell: int, seat: int, element: str, tag: str, dragon: bool) -> Image.Image:
    """Big hexagon: seat-colour band, element fill and ``tag``, crown, seat marker, dragon star."""
    sprite, draw, mid = _sprite_canvas(cell)
    fill, ink, _ = ELEMENT_LOOK[element]
    radius = cell * SUPERSAMPLE * 0.44
    draw.regular_polygon((mid, mid, radius), 6, fill=BLACK)
    draw.regular_polygon((mid, mid, radius - 5 * SUPERSAMPLE / 2), 6, fill=SEAT_COLOURS[seat])
    draw.regular_polygon((mid, mid, radius * 0.76), 6, fill=fill, outline=BLACK, width=SUPERSAMPLE * 2)
    _crown(draw, mid, mid - radius * 0.78, radius * 0.42)
    size = round(cell * SUPERSAMPLE * 0.27)
    draw.text((mid, mid + radius * 0.1), tag, font=font(size), fill=ink, anchor="mm")
    marker = cell * SUPERSAMPLE * 0.1
    seat_marker(draw, (mid + radius * 0.72, mid + radius * 0.72), marker, seat, SEAT_COLOURS[seat])
    if dragon:
        _star(draw, (mid + radius * 0.8, mid - radius * 0.8), cell * SUPERSAMPLE * 0.15)
    return _finish(sprite, cell)


@lru_cache(maxsize=64)
def _source_sprite(cell: int, seat: int, element: str, tag: str, in_zone: bool) -> Image.Image:
    """Small token in the seat's marker shape: seat-colour band, element fill and ``tag``."""
    sprite, draw, mid = _sprite_canvas(cell)
    fill, ink, _ = ELEMENT_LOOK[element]
    scale = cell * SUPERSAMPLE
    if in_zone:
        ring = scale * 0.43
        draw.ellipse((mid - ring, mid - ring, mid + ring, mid + ring), outline=BLACK, width=SUPERSAMPLE * 6)
        draw.ellipse((mid - ring, mid - ring, mid + ring, mid + ring), outline=WHITE, width=SUPERSAMPLE * 3)
    seat_marker(draw, (mid, mid), scale * 0.31, seat, SEAT_COLOURS[seat])
    seat_marker(draw, (mid, mid), scale * 0.23, seat, fill)  # the same shape, in the element's colour
    low = scale * 0.06 if seat % 6 == 2 else 0  # a triangle's room is near its base
    draw.text((mid, mid + low), tag, font=font(round(scale * 0.19)), fill=ink, anchor="mm")
    return _finish(sprite, cell)


def _crown(draw: ImageDraw.ImageDraw, x: float, base: float, width: float) -> None:
    """A small gold three-pointed crown sitting on ``base``."""
    h = width * 0.62
    points = [
        (x - width / 2, base),
        (x - width / 2, base - h),
        (x - width / 4, base - h * 0.45),
        (x, base - h),
        (x + width / 4, base - h * 0.45),
        (x + width / 2, base - h),
        (x + width / 2, base),
    ]
    draw.polygon(points, fill=GOLD, outline=BLACK, width=SUPERSAMPLE * 2)


def _star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """The dragon badge: a gold five-pointed star with a black edge."""
    x, y = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    draw.polygon(points, fill=GOLD, outline=BLACK, width=max(2, round(radius / 8)))


# ---------------------------------------------------------------------------
# Last action


def _draw_last_action(draw: ImageDraw.ImageDraw, grid: Grid, view: ArakseyView) -> None:
    action = view.get("last_action")
    if action is None or action["to"] is None:
        return
    target = Square.parse(action["to"])
    origin = action["from"]
    if origin is None:  # a placement: no arrow, the square is framed
        mark_last_move(draw, grid.box(target.file, target.rank), width=4)
        return
    start = grid.centre(*_coords(origin))
    end = grid.centre(target.file, target.rank)
    width = max(5, grid.cell // 14)
    if action["kind"] == "exchange":
        _exchange_arrows(draw, start, end, width, grid.cell)
        return
    arrow(draw, start, _short_of(start, end, grid.cell * 0.2), width=width)
    if action["pushed_to"] is not None:
        pushed = grid.centre(*_coords(action["pushed_to"]))
        arrow(draw, end, _short_of(end, pushed, grid.cell * 0.22), width=max(4, width - 2))


def _coords(name: str) -> tuple[int, int]:
    sq = Square.parse(name)
    return sq.file, sq.rank


def _exchange_arrows(
    draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], width: int, cell: int
) -> None:
    """Two thin parallel arrows, one each way, trimmed so both pieces' tags stay visible."""
    length = math.dist(a, b)
    nx, ny = -(b[1] - a[1]) / length * cell * 0.09, (b[0] - a[0]) / length * cell * 0.09
    for (sx, sy), (ex, ey), sign in ((a, b, 1), (b, a, -1)):
        start, end = (sx + nx * sign, sy + ny * sign), (ex + nx * sign, ey + ny * sign)
        trimmed = _short_of(end, start, cell * 0.26)
        arrow(draw, trimmed, _short_of(trimmed, end, cell * 0.26), width=max(3, width - 3))


def _short_of(start: tuple[float, float], end: tuple[float, float], gap: float) -> tuple[float, float]:
    """``end`` pulled back towards ``start`` so the head does not hide the tag."""
    length = math.dist(start, end)
    share = max(0.3, (length - gap) / length)
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


# ---------------------------------------------------------------------------
# Side panel: players, dragons, passes, effects, legend


def _draw_panel(
    draw: ImageDraw.ImageDraw,
    view: ArakseyView,
    names: tuple[str, ...],
    span: tuple[int, int],
    finished: bool,
    words: Mapping[str, str] = PICTURE_WORDS,
) -> None:
    """Players, effects and legend from ``span`` (top, bottom); a ``finished`` game has no prompts."""
    top, bottom = span
    draw.rounded_rectangle((PANEL_LEFT, top, PANEL_LEFT + PANEL_WIDTH, bottom), radius=10, fill=PANEL)
    y = float(top + 10)
    if not finished:
        y = _draw_phase(draw, view, y, words)
    for side, seats in enumerate(view["teams"]):
        if view["players"] > 2:
            label = word(words, "araksey.pic.side", letter=SIDE_LETTERS[side])
            draw.text((PANEL_LEFT + 12, y), label, font=font(16), fill=MUTED)
            y += 20
        for seat in seats:
            y = _draw_player(draw, view, names, seat, y, not finished and seat in view["actors"], words)
    y = _draw_effects(draw, view, names, y + 4, words)
    _draw_legend(draw, max(y + 6, bottom - 96), words)


def _draw_phase(draw: ImageDraw.ImageDraw, view: ArakseyView, y: float, words: Mapping[str, str]) -> float:
    phase = view["phase"]
    lines = [words[f"araksey.pic.{phase}_{n}"] for n in (1, 2)] if phase != "play" else []
    if view.get("clock_seconds"):
        lines.append(word(words, "araksey.pic.clock", n=view["clock_seconds"]))
    for line in lines:
        size, line = fitted(draw, line, PANEL_WIDTH - 20, 16, 12)
        draw.text((PANEL_LEFT + 12, y), line, font=font(size), fill=YELLOW)
        y += 20
    return y + (6 if lines else 0)


def _draw_player(
    draw: ImageDraw.ImageDraw,
    view: ArakseyView,
    names: tuple[str, ...],
    seat: int,
    y: float,
    to_act: bool,
    words: Mapping[str, str] = PICTURE_WORDS,
) -> float:
    """Three lines: marker and name; element chip and name; dragon star and passes left.
    A seat ``to_act`` has a yellow bar beside it."""
    left = PANEL_LEFT + 12
    if to_act:
        draw.rectangle((PANEL_LEFT + 3, y, PANEL_LEFT + 7, y + 46), fill=LAST_MOVE)
    outcome = view["outcome"]
    if outcome is not None and seat in outcome["winners"]:
        won = words["araksey.pic.won_badge"]
        draw.text((PANEL_LEFT + PANEL_WIDTH - 10, y + 3), won, font=font(16), fill=YELLOW, anchor="ra")
    seat_marker(draw, (left + 9, y + 11), 9, seat, SEAT_COLOURS[seat])
    draw.text((left + 26, y + 1), _fit(names[seat], 13), font=font(19), fill=TEXT)
    element = view["elements"][seat]
    fill, ink, _ = ELEMENT_LOOK[element]
    tag = words[f"araksey.pic.tag.{element}"]
    draw.rounded_rectangle((left, y + 26, left + 30, y + 46), radius=4, fill=fill, outline=BLACK)
    draw.text((left + 15, y + 36), tag, font=font(14), fill=ink, anchor="mm")
    name = words.get(f"araksey.el.{element}", element)
    draw.text((left + 38, y + 27), name, font=font(16), fill=TEXT)
    passes = words["araksey.pic.pass_left" if view["passes_left"][seat] else "araksey.pic.no_pass_left"]
    x = max(left + 112, left + 38 + text_width(draw, name, 16) + 10)
    size, passes = fitted(draw, passes, PANEL_LEFT + PANEL_WIDTH - 8 - x, 14, 11)
    draw.text((x, y + 29), passes, font=font(size), fill=MUTED)
    if view["dragon"][seat]:
        _star(draw, (left + 9, y + 60), 9)
        draw.text((left + 24, y + 51), words["araksey.pic.dragon_awake"], font=font(16), fill=GOLD)
        return y + 78
    return y + 56


def _draw_effects(
    draw: ImageDraw.ImageDraw, view: ArakseyView, names: tuple[str, ...], y: float, words: Mapping[str, str]
) -> float:
    if not view["effects"]:
        return y
    draw.text((PANEL_LEFT + 12, y), words["araksey.pic.effects"], font=font(17), fill=YELLOW)
    y += 22
    short = [_fit(name, 10) for name in names]
    for effect in view["effects"]:
        said = word(
            words, f"araksey.pic.effect_{effect['power']}", by=short[effect["by"]], target=short[effect["target"]]
        )
        for line in wrapped(draw, said, PANEL_WIDTH - 24, 15):
            draw.text((PANEL_LEFT + 12, y), line, font=font(15), fill=TEXT)
            y += 18
        y += 4
    return y


def _draw_legend(draw: ImageDraw.ImageDraw, y: float, words: Mapping[str, str]) -> None:
    """What the shapes mean, drawn with the same marks as the board."""
    left = PANEL_LEFT + 12
    draw.regular_polygon((left + 9, y + 10, 9), 6, fill=MUTED, outline=BLACK)
    draw.text((left + 24, y + 2), words["araksey.pic.legend_araksey"], font=font(15), fill=MUTED)
    draw.ellipse((left + 96, y + 4, left + 108, y + 16), fill=MUTED, outline=BLACK)
    draw.text((left + 114, y + 2), words["araksey.pic.legend_source"], font=font(15), fill=MUTED)
    draw.ellipse((left + 1, y + 24, left + 17, y + 40), outline=WHITE, width=3)
    _legend_line(draw, (left + 24, y + 24), words["araksey.pic.legend_ring"])
    for offset in range(0, 16, 6):
        draw.line([(left + offset, y + 62), (left + offset + 8, y + 50)], fill=MUTED, width=2)
    _legend_line(draw, (left + 24, y + 48), words["araksey.pic.legend_hatch"])
    _star(draw, (left + 9, y + 80), 8)
    _legend_line(draw, (left + 24, y + 72), words["araksey.pic.legend_dragon"])


def _legend_line(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str) -> None:
    """One legend line, shrunk to fit the panel."""
    size, text = fitted(draw, text, PANEL_LEFT + PANEL_WIDTH - 8 - at[0], 15, 11)
    draw.text(at, text, font=font(size), fill=MUTED)
