"""Kouba drawn from a view: the arena, the dice, everybody's piles, and one's own hand.

Two pictures, both about 800 px wide:

- :func:`render` is the public table: the three arena cards (slots 1-3), the
  draw and discard piles, the dice of whoever is rolling (kept dice framed in
  yellow with a "kept" tick under them), the event or duel under way, and one
  row per player with their Koubas, scores and 5 piles (size, active champion,
  Kouba seal).
- :func:`render_hand` is a player's private view of their own piles, every card
  face up, with pile scores and the powers they may use now.

Cards carry a colour band *and* a word for their colour (CHAMPION, LEGEND,
DUEL), a faction emblem drawn as a shape (Dwarves: a mountain, Elves: a leaf),
their points in a disc, and their combination as small dice or a short text.
A Kouba is a dark seal with a white cross and the letter K.

>>> from rules import GAMES
>>> view = GAMES["kouba"].new(players=3, seed=1).view(None)
>>> render(view, ["Ada", "Bob", "Cy"])[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import (
    BACKGROUND,
    BLACK,
    FOOTER_HEIGHT,
    HEADER_HEIGHT,
    LAST_MOVE,
    MARGIN,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    TEXT,
    VERMILION,
    WHITE,
    YELLOW,
    Colour,
    Header,
    draw_footer,
    draw_header,
    font,
    mark_last_move,
    palette_of,
    seat_marker,
    text_width,
    to_png,
)
from rules.base import JSON
from rules.kouba_combos import parse_combo

WIDTH = 800
Box = tuple[int, int, int, int]
Draw = ImageDraw.ImageDraw

PARCHMENT: Colour = (246, 238, 220)
INK: Colour = (40, 34, 28)
FADED: Colour = (150, 140, 126)
BAND: dict[str, Colour] = {"champion": (133, 87, 50), "legendary": (196, 48, 40), "duelist": (232, 196, 40)}
BAND_WORD = {"champion": "CHAMPION", "legendary": "LEGEND", "duelist": "DUEL"}
BAND_TEXT: dict[str, Colour] = {"champion": WHITE, "legendary": WHITE, "duelist": BLACK}
EMBLEM: dict[str, Colour] = {"dwarves": (92, 100, 112), "elves": (40, 130, 70)}
SEAL: Colour = (120, 16, 24)
CARD_BACK: Colour = (70, 60, 96)
POWER_TEXT = {
    "king": "cancels a Kouba",
    "khan": "gives a Kouba",
    "brute": "discards a card",
    "assassin": "ends a turn",
    "extra": "+{n} roll{s}",
    "courtesan": "sets a die",
    "shaman": "replaces an arena card",
    "weaver": "Weaver event",
    "golem": "Golem event",
    "reaper": "Reaper race",
    "sylvan": "Sylvan race",
    "duel": "Duel on entry",
}
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

CARD_W, CARD_H = 196, 150
ARENA_TOP = HEADER_HEIGHT + 64
DICE_ROW = 70
PLAYER_ROW = 92
PILE_W, PILE_H = 104, 74


# ---------------------------------------------------------------------------
# Entry points


def render(view: JSON, players: Sequence[str]) -> bytes:
    """PNG of the public table as ``view`` shows it."""
    return to_png(draw_table(view, tuple(players)), _palette())


def render_hand(view: JSON, players: Sequence[str]) -> bytes:
    """PNG of the viewer's own piles (needs a private view: ``view(seat)``)."""
    return to_png(draw_hand(view, tuple(players)), _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One palette for both pictures, from a sample holding every colour they use."""
    sample = Image.new("RGB", (WIDTH, 40), BACKGROUND)
    draw = ImageDraw.Draw(sample)
    colours = [PARCHMENT, INK, FADED, *BAND.values(), *EMBLEM.values(), SEAL, CARD_BACK, *SEAT_COLOURS]
    colours += [PANEL, TEXT, MUTED, YELLOW, WHITE, BLACK, LAST_MOVE, VERMILION, (200, 200, 200)]
    for i, colour in enumerate(colours):
        draw.rectangle((i * 24, 0, i * 24 + 23, 39), fill=colour)
    return palette_of(sample, 64)


# ---------------------------------------------------------------------------
# The public table


def draw_table(view: JSON, names: tuple[str, ...]) -> Image.Image:
    rolling = _dice_seats(view)
    dice_top = ARENA_TOP + CARD_H + 34
    event_top = dice_top + max(1, len(rolling)) * DICE_ROW + 6
    players_top = event_top + _event_height(view)
    height = players_top + view["players"] * PLAYER_ROW + FOOTER_HEIGHT + 10
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    header = _header(view, names)
    draw_header(draw, WIDTH, header)
    _draw_status(draw, view, names)
    _draw_arena(draw, view)
    _draw_dice_rows(draw, view, names, rolling, dice_top)
    _draw_event(draw, view, names, event_top)
    for seat in range(view["players"]):
        _draw_player_row(draw, view, names, seat, players_top + seat * PLAYER_ROW)
    draw_footer(draw, WIDTH, height, header)
    return img


def _header(view: JSON, names: tuple[str, ...]) -> Header:
    turn = _turn_text(view, names)
    limit = 14
    while limit > 3 and _names_width(names, limit) + len(turn) * 11 > WIDTH - 2 * MARGIN:
        limit -= 1
    short = tuple(_fit(name, limit) for name in names)
    return Header("Kouba", short, turn, view["move_number"], _last_move_text(view, names))


def _last_move_text(view: JSON, names: tuple[str, ...]) -> str:
    """'Cy: keep:3,3 -> 3 3 5 1 6 2' (who played, the notation, the dice it rolled)."""
    if not view["last_move"]:
        return ""
    parts = [m.replace("dice:", "-> ").replace(",", " ") if m.startswith("dice:") else m for m in view["last_move"]]
    actor = view.get("last_actor")
    who = f"{_fit(names[actor], 12)}: " if actor is not None else ""
    return who + " ".join(parts)


def _names_width(names: tuple[str, ...], limit: int) -> int:
    return sum(46 + 11 * len(_fit(name, limit)) for name in names)


def _fit(name: str, limit: int = 14) -> str:
    return name if len(name) <= limit else name[: max(1, limit - 1)].rstrip() + "."


def _turn_text(view: JSON, names: tuple[str, ...]) -> str:
    outcome = view["outcome"]
    if outcome is not None:
        winners = outcome["winners"]
        return f"{_fit(names[winners[0]], 10)} won" if winners else "Draw"
    waiting: list[int] = view.get("waiting_for") or view["actors"]
    if len(waiting) == 1:
        return f"{_fit(names[waiting[0]], 10)} to play"
    return f"{len(waiting)} players to play"


def _draw_status(draw: Draw, view: JSON, names: tuple[str, ...]) -> None:
    top = HEADER_HEIGHT + 8
    text = f"Round {view['round']}/{view['rounds']}  ·  {_phase_text(view, names)}"
    draw.text((MARGIN, top), text, font=font(20), fill=TEXT)


def _phase_text(view: JSON, names: tuple[str, ...]) -> str:
    pending = view.get("pending")
    if view["outcome"] is not None:
        return "game over: " + str(view["outcome"]["reason"])
    if pending:
        who = _fit(names[pending["seat"]], 12)
        if pending["kind"] == "king":
            return f"{who}: counter with the King? ({pending['cause']})"
        return f"{who} places a Kouba ({pending['cause']})"
    if view["phase"] == "swap":
        left = sum(1 for done in view["swapped"] if not done)
        return f"swap up to 2 cards ({left} still choosing)"
    if view["phase"] == "tiebreak":
        return "tie-break Reaper race"
    if view["event"]:
        return str(view["event"]["name"])
    return f"{_fit(names[view['turn']], 12)} faces the arena"


# -- arena ---------------------------------------------------------------------


def _draw_arena(draw: Draw, view: JSON) -> None:
    for slot, card in enumerate(view["arena"]):
        x = MARGIN + slot * (CARD_W + 12)
        draw.text((x + CARD_W / 2, ARENA_TOP - 2), f"slot {slot + 1}", font=font(16), fill=MUTED, anchor="mb")
        box = (x, ARENA_TOP, x + CARD_W, ARENA_TOP + CARD_H)
        if card:
            draw_card(draw, box, card)
        else:
            draw.rounded_rectangle(box, 10, outline=MUTED, width=2)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "empty", font=font(18), fill=MUTED, anchor="mm")
        if _last_word(view) in ("claim", "shaman") and _last_slot(view) == slot:
            mark_last_move(draw, box, 4)
    _draw_decks(draw, view, MARGIN + 3 * (CARD_W + 12) + 4)


def _draw_decks(draw: Draw, view: JSON, x: int) -> None:
    right = WIDTH - MARGIN
    for i, (label, count) in enumerate((("draw", view["draw_count"]), ("discard", view["discard_count"]))):
        top = ARENA_TOP + i * 78
        box = (x, top, right, top + 68)
        fill = CARD_BACK if label == "draw" else PANEL
        draw.rounded_rectangle(box, 8, fill=fill, outline=MUTED, width=2)
        draw.text(((x + right) / 2, top + 20), label, font=font(16), fill=TEXT, anchor="mm")
        draw.text(((x + right) / 2, top + 46), str(count), font=font(24), fill=TEXT, anchor="mm")


def _last_word(view: JSON) -> str:
    return view["last_move"][0].split(":")[0] if view["last_move"] else ""


def _last_slot(view: JSON) -> int:
    """Arena slot (0-based) named by a claim or shaman last move, else -1."""
    parts = view["last_move"][0].split(":") if view["last_move"] else []
    digits = parts[1].removeprefix("arena") if len(parts) > 1 else ""
    return int(digits) - 1 if digits.isdigit() else -1


# -- cards -------------------------------------------------------------------------


def draw_card(draw: Draw, box: Box, card: JSON, dim: bool = False) -> None:
    """A full card: colour band with its word, emblem, name, points, combination, power."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 10, fill=FADED if dim else PARCHMENT, outline=BLACK, width=2)
    colour = card["colour"]
    draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 30), 8, fill=BAND[colour])
    draw_emblem(draw, (x0 + 18, y0 + 16), 11, card["faction"])
    draw.text((x0 + 34, y0 + 16), BAND_WORD[colour], font=font(14), fill=BAND_TEXT[colour], anchor="lm")
    _points_disc(draw, (x1 - 20, y0 + 16), card["points"])
    draw.text((x0 + 10, y0 + 38), _fit(card["name"], 18), font=font(20), fill=INK)
    draw_combo(draw, (x0 + 10, y0 + 66, x1 - 10, y0 + 106), card["combo"])
    draw.text((x0 + 10, y1 - 12), _power_label(card), font=font(15), fill=INK, anchor="lb")


def draw_strip(draw: Draw, box: Box, card: JSON, state: str) -> None:
    """A compact card: band colour, emblem, name, points; ``state`` active / inert / hidden."""
    x0, y0, x1, y1 = box
    fill = PARCHMENT if state == "active" else (214, 206, 190)
    draw.rounded_rectangle(
        box, 6, fill=fill, outline=YELLOW if state == "active" else BLACK, width=3 if state == "active" else 1
    )
    draw.rectangle((x0 + 2, y0 + 2, x0 + 10, y1 - 2), fill=BAND[card["colour"]])
    draw_emblem(draw, (x0 + 22, (y0 + y1) / 2), 8, card["faction"])
    draw.text((x0 + 34, (y0 + y1) / 2), _fit(card["name"], 12), font=font(15), fill=INK, anchor="lm")
    draw.text((x1 - 6, (y0 + y1) / 2), str(card["points"]), font=font(16), fill=INK, anchor="rm")


def draw_emblem(draw: Draw, centre: tuple[float, float], r: float, faction: str) -> None:
    """Dwarves: a mountain with a snow cap; Elves: a leaf with its vein."""
    x, y = centre
    colour = EMBLEM.get(faction, FADED)
    if faction == "dwarves":
        draw.polygon([(x - r, y + r * 0.8), (x, y - r), (x + r, y + r * 0.8)], fill=colour, outline=WHITE)
        draw.polygon([(x - r * 0.35, y - r * 0.3), (x, y - r), (x + r * 0.35, y - r * 0.3)], fill=WHITE)
    else:
        draw.ellipse((x - r * 0.55, y - r, x + r * 0.55, y + r), fill=colour, outline=WHITE)
        draw.line([(x, y - r * 0.8), (x, y + r)], fill=WHITE, width=2)


def _points_disc(draw: Draw, centre: tuple[float, float], points: int) -> None:
    x, y = centre
    draw.ellipse((x - 14, y - 13, x + 14, y + 13), fill=WHITE, outline=BLACK, width=2)
    draw.text((x, y), str(points), font=font(17), fill=BLACK, anchor="mm")


def _power_label(card: JSON) -> str:
    key = card.get("power") or card.get("event", "")
    text = POWER_TEXT.get(key, "")
    n = card.get("extra_rolls", 0)
    return text.format(n=n, s="s" if n > 1 else "")


def draw_combo(draw: Draw, box: Box, combo: str, ink: Colour = INK) -> None:
    """Dice terms (``3x6``, ``has:2,2,4,4``) as small dice, the others as text, joined by +."""
    x0, y0, x1, y1 = box
    x = float(x0)
    size = min(24, y1 - y0)
    for i, term in enumerate(parse_combo(combo).terms):
        if i:
            draw.text((x + 2, y0 + size / 2), "+", font=font(18), fill=ink, anchor="lm")
            x += 16
        if term.kind == "has" and x + len(term.values) * (size + 3) <= x1:
            for value in term.values:
                draw_die(draw, (int(x), y0, int(x) + size, y0 + size), value)
                x += size + 3
        else:
            label = _term_text(term.kind, term.number)
            draw.text((x, y0 + size / 2), label, font=font(17), fill=ink, anchor="lm")
            x += text_width(draw, label, 17) + 4


def _term_text(kind: str, number: int) -> str:
    if kind == "kind":
        return "yams" if number == 6 else f"{number} alike"
    if kind == "run":
        return {4: "run of 4", 5: "run of 5", 6: "1-2-3-4-5-6"}[number]
    if kind in ("sum>=", "sum<="):
        return f"sum {'>=' if kind == 'sum>=' else '<='} {number}"
    return kind.replace("-", " ")


def draw_die(draw: Draw, box: Box, value: int, kept: bool = False) -> None:
    """A die face with pips; a kept die has a thick yellow frame."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    if kept:
        draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), size // 5, fill=YELLOW, outline=BLACK, width=2)
    draw.rounded_rectangle(box, size // 6, fill=WHITE, outline=BLACK, width=2)
    r = max(2, size // 11)
    for fx, fy in PIPS.get(value, []):
        cx, cy = x0 + fx * size, y0 + fy * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BLACK)


# -- dice ------------------------------------------------------------------------------


def _dice_seats(view: JSON) -> list[int]:
    """Seats whose dice are shown: those rolling, or in an event everybody who took part."""
    if view["event"]:
        return list(view["event"]["seats"])
    return list(view["rolling"]) or ([view["turn"]] if view["turn"] is not None else [])


def _draw_dice_rows(draw: Draw, view: JSON, names: tuple[str, ...], seats: list[int], top: int) -> None:
    draw.text((MARGIN, top - 26), "Dice", font=font(18), fill=MUTED)
    if not seats:
        draw.text((MARGIN + 60, top - 26), "nobody is rolling", font=font(18), fill=MUTED)
    for row, seat in enumerate(seats):
        y = top + row * DICE_ROW
        dice = view["dice"][seat]
        seat_marker(draw, (MARGIN + 10, y + 24), 9, seat, SEAT_COLOURS[seat % 6])
        draw.text((MARGIN + 26, y + 24), _fit(names[seat], 11), font=font(18), fill=TEXT, anchor="lm")
        _draw_dice(draw, dice, MARGIN + 150, y + 4)
        note_x = MARGIN + 150 + 6 * 52 + 10
        draw.text((note_x, y + 12), _dice_note(dice), font=font(16), fill=TEXT, anchor="lm")
        if dice["target"]:
            draw_combo(draw, (note_x, y + 26, WIDTH - MARGIN, y + 46), dice["target"], TEXT)
        if view.get("last_actor") == seat and _last_word(view) in ("roll", "keep", "courtesan"):
            mark_last_move(draw, (MARGIN + 140, y - 6, MARGIN + 150 + 6 * 52 + 2, y + 47), 3)


def _draw_dice(draw: Draw, dice: JSON, x: int, y: int) -> None:
    values = dice["values"]
    if not values:
        draw.text((x, y + 20), "not rolled yet", font=font(16), fill=MUTED, anchor="lm")
        return
    for i, value in enumerate(values):
        kept = bool(dice["kept"][i]) if i < len(dice["kept"]) else False
        box = (x + i * 52, y, x + i * 52 + 40, y + 40)
        draw_die(draw, box, value, kept)
        if kept:
            draw.text((x + i * 52 + 20, y + 54), "kept", font=font(13), fill=YELLOW, anchor="mm")


def _dice_note(dice: JSON) -> str:
    parts = []
    if dice["rolls_left"] is not None:
        parts.append(f"{dice['rolls_left']} roll{'s' if dice['rolls_left'] != 1 else ''} left")
    else:
        parts.append(f"{dice['rolls']} roll{'s' if dice['rolls'] != 1 else ''}")
    if dice["done"]:
        parts.append("done")
    return " · ".join(parts)


# -- events ------------------------------------------------------------------------------


def _event_height(view: JSON) -> int:
    event = view["event"]
    if not event:
        return 8
    return 96 if event["taken"] else 44


def _draw_event(draw: Draw, view: JSON, names: tuple[str, ...], top: int) -> None:
    event = view["event"]
    if not event:
        return
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + _event_height(view) - 8), 8, fill=PANEL)
    attempt = f" (roll-off {event['attempt'] - 1})" if event["attempt"] > 1 else ""
    draw.text((MARGIN + 12, top + 18), f"{event['name']}{attempt}", font=font(18), fill=YELLOW, anchor="lm")
    for i, taken in enumerate(event["taken"]):
        x = MARGIN + 12 + i * 370
        who = _fit(names[taken["seat"]], 10)
        whose = _fit(names[taken["from"]], 10)
        draw.text(
            (x, top + 48), f"{who} races {whose}'s pile {taken['pile'] + 1}:", font=font(15), fill=TEXT, anchor="lm"
        )
        if taken["card"]:
            draw_strip(draw, (x, top + 60, x + 170, top + 84), taken["card"], "inert")
            draw_combo(draw, (x + 178, top + 60, x + 356, top + 84), taken["card"]["combo"], TEXT)


# -- players ----------------------------------------------------------------------------------


def _draw_player_row(draw: Draw, view: JSON, names: tuple[str, ...], seat: int, top: int) -> None:
    table = view["tables"][seat]
    colour = SEAT_COLOURS[seat % 6]
    draw.rounded_rectangle((MARGIN - 8, top, WIDTH - MARGIN + 8, top + PLAYER_ROW - 8), 8, fill=PANEL)
    seat_marker(draw, (MARGIN + 8, top + 20), 9, seat, colour)
    draw.text((MARGIN + 24, top + 20), f"@{seat + 1} {_fit(names[seat], 10)}", font=font(18), fill=TEXT, anchor="lm")
    total = f"total {view['totals'][seat]}"
    draw.text((MARGIN + 4, top + 46), total, font=font(16), fill=MUTED, anchor="lm")
    if len(view["round_scores"]) > 1:
        rounds = "(" + "+".join(str(r[seat]) for r in view["round_scores"]) + ")"
        x = MARGIN + 10 + text_width(draw, total, 16)
        draw.text((x, top + 46), _fit(rounds, 16), font=font(13), fill=MUTED, anchor="lm")
    _draw_kouba_tokens(draw, MARGIN + 4, top + 66, table["koubas"])
    if seat in view.get("waiting_for", []):
        x, y = MARGIN + 160, top + 20
        draw.polygon([(x - 8, y - 8), (x + 4, y), (x - 8, y + 8)], fill=YELLOW, outline=BLACK)
    for i, pile in enumerate(table["piles"]):
        x = MARGIN + 180 + i * (PILE_W + 8)
        box = (x, top + 6, x + PILE_W, top + 6 + PILE_H)
        _draw_public_pile(draw, box, i, pile)
        if _pile_marked(view, seat, i):
            mark_last_move(draw, box, 3)


def _draw_kouba_tokens(draw: Draw, x: int, y: int, count: int) -> None:
    for i in range(4):
        cx = x + 10 + i * 24
        if i < count:
            _seal(draw, (cx, y), 9)
        else:
            draw.ellipse((cx - 9, y - 9, cx + 9, y + 9), outline=MUTED, width=2)


def _seal(draw: Draw, centre: tuple[float, float], r: float) -> None:
    """The Kouba mark: a dark red seal with a white cross and a K."""
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SEAL, outline=WHITE, width=2)
    draw.text((x, y), "K", font=font(int(r * 1.4)), fill=WHITE, anchor="mm")


def _draw_public_pile(draw: Draw, box: Box, index: int, pile: JSON) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 6, fill=CARD_BACK, outline=BLACK, width=1)
    draw.text((x0 + 6, y0 + 4), f"pile {index + 1}", font=font(14), fill=TEXT)
    size = pile["size"]
    draw.text((x1 - 6, y0 + 4), f"{size} card{'s' if size != 1 else ''}", font=font(14), fill=MUTED, anchor="ra")
    if pile["active"]:
        _draw_active_mini(draw, (x0 + 3, y0 + 24, x1 - 3, y1 - 3), pile["active"])
    if pile["kouba"]:
        _kouba_over(draw, box)


def _draw_active_mini(draw: Draw, box: Box, card: JSON) -> None:
    """The face-up champion of a pile: name and points, then its power, framed in yellow."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 6, fill=PARCHMENT, outline=YELLOW, width=3)
    draw_emblem(draw, (x0 + 12, y0 + 12), 7, card["faction"])
    draw.text((x0 + 22, y0 + 12), _fit(card["name"], 10), font=font(14), fill=INK, anchor="lm")
    draw.text((x1 - 5, y0 + 12), str(card["points"]), font=font(14), fill=INK, anchor="rm")
    draw.text((x0 + 6, y1 - 6), _short_power(card), font=font(12), fill=INK, anchor="lb")


MINI_POWER = {
    "king": "cancels Kouba",
    "khan": "gives Kouba",
    "brute": "discards card",
    "assassin": "ends a turn",
    "courtesan": "sets a die",
    "shaman": "new arena card",
}


def _short_power(card: JSON) -> str:
    power = str(card.get("power", ""))
    if power == "extra":
        return f"+{card['extra_rolls']} roll" + ("s" if card["extra_rolls"] > 1 else "")
    return MINI_POWER.get(power, power)


def _kouba_over(draw: Draw, box: Box) -> None:
    """A thin red cross over the pile and the seal in its corner: the cards stay readable."""
    x0, y0, x1, y1 = box
    draw.line([(x0 + 4, y0 + 4), (x1 - 4, y1 - 4)], fill=SEAL, width=3)
    draw.line([(x0 + 4, y1 - 4), (x1 - 4, y0 + 4)], fill=SEAL, width=3)
    _seal(draw, (x1 - 18, y1 - 18), 15)


def _pile_marked(view: JSON, seat: int, pile: int) -> bool:
    """Whether the last move put something on this pile (a card, a Kouba) or hit it."""
    if not view["last_move"]:
        return False
    parts = view["last_move"][0].split(":")
    word, actor = parts[0], view.get("last_actor")
    target = actor
    if len(parts) > 2 and parts[1].startswith("@"):
        target = int(parts[1][1:]) - 1
    pile_part = parts[-1]
    if not pile_part.startswith("pile") or word not in ("claim", "kouba", "khan", "brute", "give"):
        return False
    return target == seat and int(pile_part[4:]) - 1 == pile


# ---------------------------------------------------------------------------
# The private hand


HAND_COLUMN = 148
STRIP_H = 28


def draw_hand(view: JSON, names: tuple[str, ...]) -> Image.Image:
    seat = view["viewer"]
    hand = view.get("hand") or []
    tallest = max((len(p["cards"]) for p in hand), default=1)
    body_top = HEADER_HEIGHT + 44
    powers_top = body_top + 30 + CARD_H + max(0, tallest - 1) * (STRIP_H + 4) + 40
    height = powers_top + 80 + FOOTER_HEIGHT
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    header = _header(view, names)
    draw_header(draw, WIDTH, header)
    if seat is None or not hand:
        draw.text((MARGIN, body_top), "Spectators have no hand.", font=font(20), fill=TEXT)
    else:
        title = (
            f"Your piles, {_fit(names[seat], 14)}  ·  round {view['round']}  ·  this round: {view['round_score']} pts"
        )
        draw.text((MARGIN, HEADER_HEIGHT + 10), title, font=font(20), fill=TEXT)
        for i, pile in enumerate(hand):
            _draw_hand_pile(draw, MARGIN + i * (HAND_COLUMN + 4), body_top, i, pile)
        _draw_powers(draw, view, powers_top)
    draw_footer(draw, WIDTH, height, header)
    return img


def _draw_hand_pile(draw: Draw, x: int, top: int, index: int, pile: JSON) -> None:
    """Cards bottom to top as strips, the top card in full; the pile's score below."""
    draw.text((x + HAND_COLUMN / 2, top + 10), f"pile {index + 1}", font=font(17), fill=MUTED, anchor="mm")
    y = top + 26
    cards = pile["cards"]
    for card in cards[:-1]:
        draw_strip(draw, (x, y, x + HAND_COLUMN, y + STRIP_H), card, "inert")
        y += STRIP_H + 4
    if cards:
        box = (x, y, x + HAND_COLUMN, y + CARD_H)
        _draw_small_card(draw, box, cards[-1], pile["active"])
        y += CARD_H
    score = "Kouba: 0 pts" if pile["kouba"] else f"{pile['score']} pts"
    draw.text((x + HAND_COLUMN / 2, y + 16), score, font=font(17), fill=TEXT, anchor="mm")
    if pile["kouba"]:
        _kouba_over(draw, (x, top + 26, x + HAND_COLUMN, y))


def _draw_small_card(draw: Draw, box: Box, card: JSON, active: bool) -> None:
    """A narrower full card; the active (usable) one is framed in yellow and says so."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 10, fill=PARCHMENT, outline=YELLOW if active else BLACK, width=4 if active else 2)
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 28), 8, fill=BAND[card["colour"]])
    draw_emblem(draw, (x0 + 17, y0 + 15), 10, card["faction"])
    word = BAND_WORD[card["colour"]]
    draw.text((x0 + 32, y0 + 15), word, font=font(13), fill=BAND_TEXT[card["colour"]], anchor="lm")
    _points_disc(draw, (x1 - 19, y0 + 15), card["points"])
    draw.text((x0 + 8, y0 + 36), _fit(card["name"], 14), font=font(17), fill=INK)
    draw_combo(draw, (x0 + 8, y0 + 62, x1 - 6, y0 + 82), card["combo"])
    label = _power_label(card)
    draw.text((x0 + 8, y1 - 30), _fit(label, 17), font=font(13), fill=INK, anchor="lb")
    state = "ACTIVE" if active else "inert / face down"
    draw.text((x0 + 8, y1 - 10), state, font=font(13), fill=(150, 90, 0) if active else FADED, anchor="lb")


def _draw_powers(draw: Draw, view: JSON, top: int) -> None:
    powers = view.get("usable_powers") or []
    heads = sorted({p.split(":")[0] for p in powers})
    text = "Powers you may use now: " + (", ".join(heads) if heads else "none")
    draw.text((MARGIN, top), text, font=font(18), fill=YELLOW if heads else MUTED)
    if powers:
        sample = ", ".join(powers[:5]) + (", …" if len(powers) > 5 else "")
        draw.text((MARGIN, top + 28), f"e.g. {sample}", font=font(15), fill=MUTED)
