"""Dragons Arena drawn from a view: dice in the 4×4 arena, force fields, totals, nuggets.

Dice read without colour: FIRE dice are vermilion with rounded corners and a flame
badge on their top-left corner; ICE dice are sky blue with sharp square corners and a
snowflake badge (the same circle/square pairing as the header's seat markers). The
power is drawn as die pips. A force field is a white square frame with black edges
around the die. The last move gets the kit's yellow frame (and an arrow when a dragon
moved). Beside the arena, each side shows its total power, dragons left, gold nuggets
and the dice it still has to place (during a secret set only the viewer's own dice).
Under the arena one line says whose turn it is and why ("FIRE must eliminate").

>>> from rules import GAMES
>>> png = render(GAMES["dragons_arena"].new(players=2, seed=1).view(None), ["Ada", "Bob"])
>>> png[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.kit import (
    BLACK,
    BLUE,
    COORD_BAND,
    FOOTER_HEIGHT,
    HEADER_HEIGHT,
    MARGIN,
    MUTED,
    PANEL,
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
    palette_of,
    plural_word,
    text_width,
    to_png,
    word,
)
from render.kit import PICTURE_WORDS as KIT_WORDS
from rules.base import OutcomeView, Square
from rules.dragons_arena import Arena, DragonsArenaView, DragonView
from rules.wording import plural_forms

WIDTH = 800
CELL = 118
SIZE = 4
DIE = 78  # die edge in the arena, px
SMALL_DIE = 36  # dice still to place, beside the arena
SUPERSAMPLE = 3
PANEL_LEFT = MARGIN + 2 * COORD_BAND + SIZE * CELL + 18
PANEL_WIDTH = WIDTH - MARGIN - PANEL_LEFT
STATUS_BAND = 78
PANEL_HEIGHT = 240
SIDES = ("fire", "ice")
SIDE_COLOURS: tuple[Colour, Colour] = (SEAT_COLOURS[0], SEAT_COLOURS[1])
FLAME: Colour = (255, 196, 0)
GOLD: Colour = (232, 178, 36)
FIELD: Colour = WHITE
ARENA = Grid(left=MARGIN + COORD_BAND, top=HEADER_HEIGHT + 12 + COORD_BAND, cell=CELL, files=SIZE, ranks=SIZE)


def panel_box(side: int) -> tuple[int, int, int, int]:
    """Where a side's panel stands (0: FIRE above, 1: ICE below), beside the arena."""
    top = ARENA.top - 22 + side * (PANEL_HEIGHT + 12)
    return (PANEL_LEFT, top, PANEL_LEFT + PANEL_WIDTH, top + PANEL_HEIGHT)


# Words of the picture that French servers read in French (keys of the cog's catalogue).
ARENA_WORDS: dict[str, str] = {
    "dragons_arena.pic.title": "Dragons Arena · duel {n}",
    "dragons_arena.pic.side.fire": "FIRE",
    "dragons_arena.pic.side.ice": "ICE",
    "dragons_arena.pic.you": "you",
    "dragons_arena.pic.opponent": "opponent",
    "dragons_arena.pic.to_play": "{who} to play",
    "dragons_arena.pic.both_to_set": "{a} and {b} to set powers",
    "dragons_arena.pic.one_to_set": "{side} to set its powers",
    "dragons_arena.pic.won": "{who} won",
    "dragons_arena.pic.draw": "Draw",
    "dragons_arena.pic.you_won": "You won",
    "dragons_arena.pic.you_lost": "You lost",
    "dragons_arena.pic.duel_draw": "a draw",
    "dragons_arena.pic.duel_won": "{side} won",
    "dragons_arena.pic.duel_line": "Duel {n}: {winner}, {fire} {fire_power} to {ice} {ice_power} ({reason})",
    "dragons_arena.pic.both_sides": "Both sides",
    "dragons_arena.pic.match_duel": "{side} won the duel {won}-{lost} ({reason})",
    "dragons_arena.pic.match_nuggets": "{duel} and the match, {won} gold nuggets to {lost}",
    "dragons_arena.pic.set": "{who}: set 8 secret powers",
    "dragons_arena.pic.set_big": "{who}: set 8 secret powers totalling 28",
    "dragons_arena.pic.split": "{side}: split 7 points over two dice",
    "dragons_arena.pic.place": "{side}: place a die",
    "dragons_arena.pic.eliminate": "{side} must eliminate",
    "dragons_arena.pic.change": "{side} cannot eliminate: change a power",
    "dragons_arena.pic.element": "{side} must use its element",
    "dragons_arena.pic.or_element": "{prompt} (or use its element)",
    "dragons_arena.pic.over": "Duel over",
    "dragons_arena.pic.power": "Power {n}",
    "dragons_arena.pic.dice_to_set": "8 dice to set",
    "dragons_arena.pic.dragons": plural_forms("{n} dragon", "{n} dragons"),
    "dragons_arena.pic.to_place": "{dragons}, {n} to place",
    "dragons_arena.pic.your_species": "your species ({difficulty})",
    "dragons_arena.pic.solo_lose": "5+ dragons: you lose",
    "dragons_arena.pic.bonus": "bonus +{n}",
    "dragons_arena.pic.powers_set": "powers set (secret)",
    "dragons_arena.pic.setting": "setting powers...",
}
PICTURE_WORDS = {**KIT_WORDS, **ARENA_WORDS}


def seat_scores(view: Mapping[str, Any]) -> list[Any]:
    """Each seat's points in ``view``, in seat order (the alt text tells them)."""
    return [view["nuggets"][side] for side in view["seat_sides"]]


def render(
    view: DragonsArenaView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """PNG of the arena as ``view`` shows it (800 px wide), a :class:`render.kit.Render`: a finished game's
    ``result`` replaces whose turn it is and the turn prompt."""
    return to_png(draw_view(view, tuple(players), result, {**PICTURE_WORDS, **(words or {})}), _palette())


def draw_view(
    view: DragonsArenaView, names: tuple[str, ...], result: str | None = None, words: Mapping[str, str] = PICTURE_WORDS
) -> Image.Image:
    """The whole picture: header, arena, side panels, status line, footer."""
    grid = ARENA
    height = grid.bottom + COORD_BAND + STATUS_BAND + FOOTER_HEIGHT
    img, draw = board_canvas(WIDTH, height, grid)
    header = Header(
        game=word(words, "dragons_arena.pic.title", n=view["duel"]),
        players=_header_names(view, names, words),
        seat_colours=_seat_colours(view),
        turn=_turn_text(view, names, words),
        move_number=view["move_number"],
        last_move=move_words(view, names, words),
        result=result or "",
        words=words,
    )
    draw_header(draw, WIDTH, header)
    _draw_arena(img, draw, grid, view)
    for side in (0, 1):
        _draw_side_panel(img, draw, panel_box(side)[1], side, view, names, words, finished=bool(result))
    _draw_status(draw, grid.bottom + COORD_BAND + 6, view, words, result)
    draw_footer(draw, WIDTH, height, header)
    return img


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The palette of a made-up view that holds every colour and edge the board uses."""
    sample = draw_view(_swatch(), ("Ada", "Bob"))
    return palette_of(sample, 160)


def _swatch() -> DragonsArenaView:
    board: Arena = [
        [{"side": SIDES[(f + r) % 2], "power": (f + 2 * r) % 6 + 1, "field": f == r} for f in range(SIZE)]
        for r in range(SIZE)
    ]
    return {
        "duel": 1, "move_number": 3, "last_move": ["b2xc3"], "last_side": "fire", "last_squares": ["b2", "c3"],
        "actors": [0],
        "outcome": None, "players": 2, "phase": "play", "board": board, "to_play": "fire",
        "totals": {"fire": 20, "ice": 21}, "dragons_left": {"fire": 8, "ice": 8},
        "nuggets": {"fire": 1, "ice": 0}, "nuggets_to_win": 3, "dice": {"fire": [1, 6], "ice": [2, 5]},
        "ready": {"fire": True, "ice": False}, "prompt": "FIRE must eliminate", "solo": None,
        "last_duel": None, "game": "dragons_arena", "viewer": None, "viewer_side": None,
        "seat_sides": ["fire", "ice"], "level": "little", "dragon_master": False, "starter": "fire",
        "must": "eliminate", "element_allowed": False, "splits_left": 0,
    }  # fmt: skip


# ---------------------------------------------------------------------------
# Texts


def _side(words: Mapping[str, str], side: int | str) -> str:
    """A side's name in capitals, as the rules write it: ``FIRE``, ``ICE`` (``FEU``, ``GLACE``)."""
    return words[f"dragons_arena.pic.side.{SIDES[side] if isinstance(side, int) else side}"]


def _side_name(view: DragonsArenaView, side: int, names: tuple[str, ...], words: Mapping[str, str]) -> str:
    """Who plays a side: the seat's name, or 'you' / 'opponent' in solo."""
    solo = view.get("solo")
    if solo:
        return words["dragons_arena.pic.you" if solo["you"] == SIDES[side] else "dragons_arena.pic.opponent"]
    return names[side] if side < len(names) else _side(words, side)


def _header_names(view: DragonsArenaView, names: tuple[str, ...], words: Mapping[str, str]) -> tuple[str, ...]:
    if solo := view["solo"]:
        return (f"{names[0] if names else 'Solo'} ({_side(words, solo['you'])})",)
    return tuple(f"{_side_name(view, s, names, words)} ({_side(words, s)})" for s in (0, 1))


def _seat_colours(view: DragonsArenaView) -> tuple[Colour, ...]:
    """Header markers in the sides' colours (in solo the one seat plays its species)."""
    solo = view.get("solo")
    return (SIDE_COLOURS[SIDES.index(solo["you"])],) if solo else SIDE_COLOURS


def _turn_text(view: DragonsArenaView, names: tuple[str, ...], words: Mapping[str, str]) -> str:
    outcome = view["outcome"]
    if outcome is not None:
        return _result_text(view, outcome, names, words)
    to_play = view["to_play"]
    if to_play is None:  # the secret set of powers, where both sides may act
        waiting = [_side(words, s) for s in (0, 1) if not view["ready"][SIDES[s]]]
        if len(waiting) > 1:
            return word(words, "dragons_arena.pic.both_to_set", a=waiting[0], b=waiting[1])
        return word(words, "dragons_arena.pic.one_to_set", side=waiting[0])
    side = SIDES.index(to_play)
    who = _side(words, side) if view.get("solo") else _side_name(view, side, names, words)
    return word(words, "dragons_arena.pic.to_play", who=who)


def _result_text(view: DragonsArenaView, outcome: OutcomeView, names: tuple[str, ...], words: Mapping[str, str]) -> str:
    solo = view.get("solo")
    if solo and solo["result"]:
        return words[
            {"win": "dragons_arena.pic.you_won", "draw": "dragons_arena.pic.draw"}.get(
                solo["result"], "dragons_arena.pic.you_lost"
            )
        ]
    if not outcome["winners"]:
        return words["dragons_arena.pic.draw"]
    return word(words, "dragons_arena.pic.won", who=_side_name(view, outcome["winners"][0], names, words))


def _status_lines(view: DragonsArenaView, words: Mapping[str, str], result: str | None = None) -> tuple[str, str]:
    """The line under the arena (why the turn is what it is) and a second, smaller one."""
    duel = view.get("last_duel")
    if result:
        return result, ""
    if view["outcome"] is not None:
        return _ending(view, view["outcome"], words), ""
    second = ""
    if duel:
        winner = (
            words["dragons_arena.pic.duel_draw"]
            if duel["winner"] is None
            else word(words, "dragons_arena.pic.duel_won", side=_side(words, duel["winner"]))
        )
        power = duel["totals"]
        second = word(
            words, "dragons_arena.pic.duel_line",
            n=duel["duel"], winner=winner, fire=_side(words, "fire"), fire_power=power["fire"],
            ice=_side(words, "ice"), ice_power=power["ice"], reason=duel["reason"],
        )  # fmt: skip
    return _prompt(view, words), second


def _ending(view: DragonsArenaView, outcome: OutcomeView, words: Mapping[str, str]) -> str:
    """How the match ended, from its last duel (the engine's reason line, in the picture's words);
    a solo game keeps the engine's line."""
    duel = view.get("last_duel")
    if view.get("solo") or not duel or not outcome["winners"]:
        return str(outcome["reason"])
    champion = SIDES[outcome["winners"][0]]
    other = SIDES[1 - outcome["winners"][0]]
    power, nuggets = duel["totals"], view["nuggets"]
    text = word(
        words,
        "dragons_arena.pic.match_duel",
        side=_side(words, champion),
        won=power[champion],
        lost=power[other],
        reason=duel["reason"],
    )
    if view["nuggets_to_win"] > 1:
        text = word(words, "dragons_arena.pic.match_nuggets", duel=text, won=nuggets[champion], lost=nuggets[other])
    return text


def _prompt(view: DragonsArenaView, words: Mapping[str, str]) -> str:
    """Whose turn it is and why, from the view (the engine's ``prompt``, in the picture's words)."""
    must = view["must"]
    if must == "over":
        return words["dragons_arena.pic.over"]
    if must == "set":
        waiting = [_side(words, s) for s in (0, 1) if not view["ready"][SIDES[s]]]
        who = words["dragons_arena.pic.both_sides"] if len(waiting) != 1 else waiting[0]
        return word(words, "dragons_arena.pic.set_big" if view["level"] == "big" else "dragons_arena.pic.set", who=who)
    side = _side(words, view["to_play"] or "fire")
    text = word(words, f"dragons_arena.pic.{must}", side=side)
    if must != "element" and view["element_allowed"]:
        text = word(words, "dragons_arena.pic.or_element", prompt=text)
    return text


# ---------------------------------------------------------------------------
# Arena


def _draw_arena(img: Image.Image, draw: ImageDraw.ImageDraw, grid: Grid, view: DragonsArenaView) -> None:
    """The last move, the fields and the dice on the squares (drawn with the canvas: :func:`board_canvas`)."""
    marked = [Square.parse(name) for name in view.get("last_squares", [])]
    for square in marked:
        mark_last_move(draw, grid.box(square.file, square.rank))
    if len(marked) == 2:
        _draw_arrow(draw, grid, marked[0], marked[1])
    for rank, row in enumerate(view["board"]):
        for file, cell in enumerate(row):
            if cell is not None:
                _draw_dragon(img, draw, grid.box(file, rank), cell)


def _draw_dragon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], cell: DragonView) -> None:
    x0, y0, x1, y1 = box
    if cell["field"]:
        _draw_field(draw, box)
    sprite = _die_sprite(SIDES.index(cell["side"]), cell["power"], DIE)
    left = (x0 + x1 - DIE) // 2 - _badge_pad(DIE)
    top = (y0 + y1 - DIE) // 2 - _badge_pad(DIE)
    img.paste(sprite, (left, top), sprite)


def _draw_field(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """The force field: a white square frame with black edges, with corner posts."""
    x0, y0, x1, y1 = box
    inset = 13
    frame = (x0 + inset, y0 + inset, x1 - inset, y1 - inset)
    draw.rectangle(frame, outline=BLACK, width=9)
    draw.rectangle((frame[0] + 2, frame[1] + 2, frame[2] - 2, frame[3] - 2), outline=FIELD, width=5)
    for cx, cy in ((frame[0], frame[1]), (frame[2], frame[1]), (frame[0], frame[3]), (frame[2], frame[3])):
        draw.rectangle((cx - 6, cy - 6, cx + 6, cy + 6), fill=FIELD, outline=BLACK, width=2)


def _draw_arrow(draw: ImageDraw.ImageDraw, grid: Grid, start: Square, end: Square) -> None:
    """From the square left to the edge of the die that arrived (drawn under the dice)."""
    a, b = grid.centre(start.file, start.rank), grid.centre(end.file, end.rank)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    # Distance from the die's centre to its edge along the arrow, plus a small gap.
    edge = DIE / 2 / max(abs(dx), abs(dy)) * length + 6
    head = (b[0] - dx * edge / length, b[1] - dy * edge / length)
    arrow(draw, a, head, width=7)


# ---------------------------------------------------------------------------
# Dice sprites (drawn once, supersampled for smooth edges)


PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _badge_pad(size: int) -> int:
    """Room left of and above the die for its element badge."""
    return max(4, size // 9)


@lru_cache(maxsize=32)
def _die_sprite(side: int, power: int, size: int) -> Image.Image:
    """A die face as an RGBA sprite: body (rounded FIRE, square ICE), pips, element badge."""
    pad = _badge_pad(size)
    big, offset = size * SUPERSAMPLE, pad * SUPERSAMPLE
    canvas = big + offset
    sprite = Image.new("RGBA", (canvas, canvas), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    body = (offset, offset, canvas - 1, canvas - 1)
    edge = max(2, size // 26) * SUPERSAMPLE
    radius = big * 0.24 if side == 0 else 0
    draw.rounded_rectangle(body, radius=radius, fill=SIDE_COLOURS[side], outline=BLACK, width=edge)
    _draw_pips(draw, offset + big / 2, big, power, side)
    badge = (offset + big * 0.06, offset + big * 0.06)
    (_flame if side == 0 else _snowflake)(draw, badge, big * 0.17)
    return sprite.resize((size + pad, size + pad), Image.Resampling.LANCZOS)


def _draw_pips(draw: ImageDraw.ImageDraw, centre: float, big: int, power: int, side: int) -> None:
    spread = big * 0.26
    radius = big * (0.1 if power == 1 else 0.075)
    fill, outline = (WHITE, BLACK) if side == 0 else (BLACK, BLACK)
    for dx, dy in PIPS[power]:
        x, y = centre + dx * spread, centre + dy * spread
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=SUPERSAMPLE)


def _flame(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    """FIRE's badge: a flame (a pointed drop) in yellow with a black edge."""
    x, y = centre
    points = [(x, y - 1.25 * r), (x + 0.55 * r, y - 0.25 * r), (x + 0.8 * r, y + 0.35 * r)]
    arc = [(x + 0.8 * r * math.cos(t), y + 0.35 * r + 0.65 * r * math.sin(t)) for t in _steps(0, math.pi, 9)]
    points += [*arc, (x - 0.55 * r, y - 0.25 * r)]
    draw.polygon(points, fill=FLAME, outline=BLACK, width=max(2, round(r / 6)))


def _snowflake(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    """ICE's badge: a white disc with a six-armed blue snowflake."""
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=BLACK, width=max(2, round(r / 6)))
    arm = r * 0.72
    for k in range(3):
        t = math.pi / 2 + k * math.pi / 3
        dx, dy = arm * math.cos(t), arm * math.sin(t)
        draw.line((x - dx, y - dy, x + dx, y + dy), fill=BLUE, width=max(2, round(r / 4)))


def _steps(start: float, stop: float, count: int) -> list[float]:
    return [start + (stop - start) * i / (count - 1) for i in range(count)]


# ---------------------------------------------------------------------------
# Side panels and status line


def _draw_side_panel(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    side: int,
    view: DragonsArenaView,
    names: tuple[str, ...],
    words: Mapping[str, str],
    finished: bool = False,
) -> None:
    name = SIDES[side]
    playing = not finished and view["outcome"] is None and view.get("to_play") == name
    box = (PANEL_LEFT, top, PANEL_LEFT + PANEL_WIDTH, top + PANEL_HEIGHT)
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=YELLOW if playing else PANEL, width=3)
    x, y = PANEL_LEFT + 12, top + 10
    icon = _die_sprite(side, 1, 34)
    img.paste(icon, (x, y), icon)
    draw.text((x + 46, y + 2), _side(words, side), font=font(26), fill=TEXT)
    if playing:
        _turn_arrow(draw, box[2] - 22, y + 18)
    who = _fit(draw, _side_name(view, side, names, words), PANEL_WIDTH - 24, 20)
    draw.text((x, y + 42), who, font=font(20), fill=MUTED)
    draw.text((x, y + 66), _power_line(view, side, words), font=font(24), fill=TEXT)
    size, count = fitted(draw, _count_line(view, side, words), PANEL_WIDTH - 24, 18, 13)  # shrunk before cut
    draw.text((x, y + 96 + (18 - size) // 2), count, font=font(size), fill=MUTED)
    if view.get("solo"):
        _draw_solo_line(draw, x, y + 122, side, view, words)
    else:
        _draw_nuggets(draw, x, y + 122, view["nuggets"][name], view["nuggets_to_win"])
    _draw_dice_left(img, draw, x, y + 152, side, view, words)


def _power_line(view: DragonsArenaView, side: int, words: Mapping[str, str]) -> str:
    """Total power in the arena; during a secret set, the set's total if this view sees it."""
    if view["phase"] != "setup":
        return word(words, "dragons_arena.pic.power", n=view["totals"][SIDES[side]])
    dice = view["dice"][SIDES[side]]
    return word(words, "dragons_arena.pic.power", n="?" if dice is None else sum(dice))


def _count_line(view: DragonsArenaView, side: int, words: Mapping[str, str]) -> str:
    """Dragons in the arena, and dice still to place while the arena fills."""
    if view["phase"] == "setup":
        return words["dragons_arena.pic.dice_to_set"]
    left = view["dragons_left"][SIDES[side]]
    text = plural_word(words, "dragons_arena.pic.dragons", left, n=left)
    dice = view["dice"][SIDES[side]]
    if view["phase"] in ("split", "placement") and dice:
        text = word(words, "dragons_arena.pic.to_place", dragons=text, n=len(dice))
    return text


def _draw_solo_line(
    draw: ImageDraw.ImageDraw, x: int, y: int, side: int, view: DragonsArenaView, words: Mapping[str, str]
) -> None:
    """Solo: the opponent's bonus for its dragons left (5 or more: you lose)."""
    solo = view["solo"]
    if solo is None:
        return
    if solo["you"] == SIDES[side]:
        species = word(words, "dragons_arena.pic.your_species", difficulty=solo["difficulty"])
        draw.text((x, y), species, font=font(18), fill=MUTED)
        return
    left, table = view["dragons_left"][SIDES[side]], solo["bonus_table"]
    if left >= len(table):
        text = words["dragons_arena.pic.solo_lose"]
    else:
        text = word(words, "dragons_arena.pic.bonus", n=table[left])
    draw.text((x, y), text, font=font(18), fill=GOLD)


def _turn_arrow(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A yellow triangle pointing left at the side to play (shape, not only colour)."""
    draw.polygon([(x - 14, y), (x + 6, y - 12), (x + 6, y + 12)], fill=YELLOW, outline=BLACK, width=2)


def _draw_nuggets(draw: ImageDraw.ImageDraw, x: int, y: int, won: int, needed: int) -> None:
    """Gold discs: filled for nuggets won, hollow for those still needed."""
    for i in range(needed):
        cx = x + 10 + i * 26
        fill = GOLD if i < won else PANEL
        draw.ellipse((cx - 10, y, cx + 10, y + 20), fill=fill, outline=GOLD, width=3)
    draw.text((x + 6 + needed * 26, y + 1), f"{won}/{needed}", font=font(18), fill=MUTED)


def _draw_dice_left(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    side: int,
    view: DragonsArenaView,
    words: Mapping[str, str],
) -> None:
    """Dice still to place (or the secret set, when this view may see it)."""
    dice = view["dice"][SIDES[side]]
    if view["phase"] == "setup" and dice is None:
        key = "dragons_arena.pic.powers_set" if view["ready"][SIDES[side]] else "dragons_arena.pic.setting"
        text = words[key]
        draw.text((x, y + 8), text, font=font(18), fill=MUTED)
        return
    size = SMALL_DIE - _badge_pad(SMALL_DIE)
    for i, power in enumerate(dice or []):
        sprite = _die_sprite(side, power, size)
        img.paste(sprite, (x + (i % 4) * (SMALL_DIE + 6), y + (i // 4) * (SMALL_DIE + 4)), sprite)


def _draw_status(
    draw: ImageDraw.ImageDraw, top: int, view: DragonsArenaView, words: Mapping[str, str], result: str | None = None
) -> None:
    """Why the turn is what it is (or how the game ended), and the previous duel's result."""
    first, second = _status_lines(view, words, result)
    limit = WIDTH - 2 * MARGIN
    size = _size_for(draw, first, limit, 26)
    if text_width(draw, first, size) > limit and not second:
        # A long ending: two lines of the same yellow text.
        head, tail = _wrap(draw, first, limit, 20)
        draw.text((MARGIN, top), head, font=font(20), fill=YELLOW)
        draw.text((MARGIN, top + 30), _fit(draw, tail, limit, 20), font=font(20), fill=YELLOW)
        return
    draw.text((MARGIN, top), _fit(draw, first, limit, size), font=font(size), fill=YELLOW)
    if second:
        draw.text((MARGIN, top + 36), _fit(draw, second, limit, 18), font=font(18), fill=MUTED)


def _wrap(draw: ImageDraw.ImageDraw, text: str, limit: int, size: int) -> tuple[str, str]:
    """Split ``text`` at the last space that lets its first part fit."""
    words = text.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        head = " ".join(words[:cut])
        if text_width(draw, head, size) <= limit:
            return head, " ".join(words[cut:])
    return text, ""


def _size_for(draw: ImageDraw.ImageDraw, text: str, limit: int, size: int) -> int:
    """The largest font size down to 18 at which ``text`` fits in ``limit`` px."""
    while size > 18 and text_width(draw, text, size) > limit:
        size -= 1
    return size


def _fit(draw: ImageDraw.ImageDraw, text: str, limit: int, size: int) -> str:
    """``text`` cut with an ellipsis so that it fits in ``limit`` px at ``size``."""
    while text and text_width(draw, text, size) > limit:
        text = text[:-2] + "…"
    return text
