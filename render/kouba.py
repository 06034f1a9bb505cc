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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

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
    fitted,
    font,
    mark_last_move,
    move_words,
    palette_of,
    plural_word,
    seat_marker,
    text_width,
    to_png,
    word,
    wrapped,
)
from render.kit import PICTURE_WORDS as KIT_WORDS
from rules.kouba import DiceView, EventView, HandPile, KoubaView, PileView
from rules.kouba_combos import Term, parse_combo
from rules.kouba_deck import CardView, load_deck
from rules.wording import plural_forms

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
    "extra": plural_forms("+{n} roll", "+{n} rolls"),
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

# Words of the picture that French servers read in French: the cog passes them translated
# (keys of its message catalogue); these are the English ones.
MINI_POWER = {
    "king": "cancels Kouba",
    "khan": "gives Kouba",
    "brute": "discards card",
    "assassin": "ends a turn",
    "courtesan": "sets a die",
    "shaman": "new arena card",
}
EVENT_NAMES = {  # the engine's names of events, as the table's status line shows them
    "weaver": "Weaver: lowest total is safe",
    "golem": "Golem: one die, even gets a Kouba",
    "reaper": "Reaper race: straight 1-6",
    "sylvan": "Sylvan race: two 2s and two 4s",
    "duel": "Duel",
    "tiebreak": "Tie-break Reaper race",
}
COMBO_WORDS = ("pair", "two-pairs", "three-pairs", "full", "two-sets", "all-even", "all-odd")
TABLE_WORDS: dict[str, str] = {
    "kouba.pic.empty": "empty",
    "kouba.pic.no_card_left": "no card left to draw",
    "kouba.pic.won": "{who} won",
    "kouba.pic.draw_result": "Draw",
    "kouba.pic.to_play": "{who} to play",
    "kouba.pic.n_to_play": "{n} players to play",
    "kouba.pic.round": "Round {round}/{rounds}",
    "kouba.pic.game_over": "game over",
    "kouba.pic.king_counter": "{who}: counter with the King? ({cause})",
    "kouba.pic.places_kouba": "{who} places a Kouba ({cause})",
    "kouba.pic.swap": "swap up to 2 cards ({left} still choosing)",
    "kouba.pic.faces_arena": "{who} faces the arena",
    "kouba.pic.slot": "slot {n}",
    "kouba.pic.draw": "draw",
    "kouba.pic.discard": "discard",
    "kouba.pic.dice": "Dice",
    "kouba.pic.nobody_rolling": "nobody is rolling",
    "kouba.pic.not_rolled": "not rolled yet",
    "kouba.pic.kept": "kept",
    "kouba.pic.rolls_left": plural_forms("{n} roll left", "{n} rolls left"),
    "kouba.pic.rolls": plural_forms("{n} roll", "{n} rolls"),
    "kouba.pic.done": "done",
    "kouba.pic.roll_off": "{name} (roll-off {n})",
    "kouba.pic.races": "{who} races {whose}'s pile {pile}:",
    "kouba.pic.total": "total {n}",
    "kouba.pic.no_hand": "Spectators have no hand.",
    "kouba.pic.your_piles": plural_forms(
        "Your piles, {who}  ·  round {round}  ·  this round: {score} pt",
        "Your piles, {who}  ·  round {round}  ·  this round: {score} pts",
    ),
    "kouba.pic.kouba_pile": "Kouba: 0 pts",
    "kouba.pic.points": plural_forms("{n} pt", "{n} pts"),
    "kouba.pic.powers_now": "Powers you may use now: {powers}",
    "kouba.pic.no_power": "none",
    "kouba.pic.example": "e.g. {sample}",
    **{f"kouba.pic.event.{kind}": name for kind, name in EVENT_NAMES.items()},
    "kouba.pic.pile": "pile {n}",
    "kouba.pic.cards": plural_forms("{n} card", "{n} cards"),
    "kouba.pic.inert": "inert / face down",
    "kouba.pic.active": "ACTIVE",
    "kouba.pic.kind": "{n} alike",
    "kouba.pic.yams": "yams",
    "kouba.pic.run": "run of {n}",
    "kouba.pic.sum_at_least": "sum {n} or more",
    "kouba.pic.sum_at_most": "sum {n} or less",
    **{f"kouba.pic.band.{colour}": word for colour, word in BAND_WORD.items()},
    **{f"kouba.pic.power.{key}": text for key, text in POWER_TEXT.items()},
    **{f"kouba.pic.mini.{key}": text for key, text in MINI_POWER.items()},
    **{f"kouba.pic.combo.{key}": key.replace("-", " ") for key in COMBO_WORDS},
}


def card_word(name: str) -> str:
    """The picture-word key of a card's name: ``card_word("Elf King") == "kouba.card.elf_king"``."""
    return "kouba.card." + name.lower().replace(" ", "_")


# The cards' own names, which French servers read as the rulebook names them.
CARD_WORDS: dict[str, str] = {card_word(card.name): card.name for card in load_deck().values()}
PICTURE_WORDS: dict[str, str] = {**KIT_WORDS, **TABLE_WORDS, **CARD_WORDS}
# A card's name in an engine's text (``Text("Elf King")``) is worded by its key in the catalogue.
NAMED_BY_KEY: dict[str, str] = {name: key for key, name in CARD_WORDS.items()}

CARD_W, CARD_H = 196, 150
ARENA_TOP = HEADER_HEIGHT + 64
DICE_ROW = 70
DICE_TOP = ARENA_TOP + CARD_H + 34
PLAYER_ROW = 92
PILE_W, PILE_H = 104, 74


# ---------------------------------------------------------------------------
# Entry points


def seat_scores(view: Mapping[str, Any]) -> list[Any]:
    """Each seat's points in ``view``, in seat order (the alt text tells them)."""
    return list(view["totals"])


def render(
    view: KoubaView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """PNG of the public table as ``view`` shows it, a :class:`render.kit.Render` (``words`` translate
    :data:`PICTURE_WORDS`): a finished game's ``result`` replaces whose turn it is and the phase prompt."""
    words = {**PICTURE_WORDS, **(words or {})}
    return to_png(draw_table(named_cards(view, words), tuple(players), words, result), _palette())


def render_hand(
    view: KoubaView, players: Sequence[str], *, words: Mapping[str, str] | None = None, result: str | None = None
) -> bytes:
    """PNG of the viewer's own piles (needs a private view: ``view(seat)``); ``words`` and ``result`` as for
    :func:`render`."""
    words = {**PICTURE_WORDS, **(words or {})}
    return to_png(draw_hand(named_cards(view, words), tuple(players), result, words), _palette())


def named_cards(view: KoubaView, words: Mapping[str, str]) -> KoubaView:
    """A copy of ``view`` whose cards (arena, piles, hand, events) bear their names in ``words``.

    >>> view = {"arena": [{"name": "Elf King", "faction": "elves", "combo": "full"}]}
    >>> named_cards(view, {"kouba.card.elf_king": "Roi Elfe"})["arena"][0]["name"]
    'Roi Elfe'
    """
    renamed: KoubaView = _renamed(view, words)
    return renamed


def _renamed(value: Any, words: Mapping[str, str]) -> Any:
    if isinstance(value, list):
        return [_renamed(item, words) for item in value]
    if not isinstance(value, dict):
        return value
    copy = {key: _renamed(item, words) for key, item in value.items()}
    if "combo" in copy and "faction" in copy and isinstance(copy.get("name"), str):
        copy["name"] = words.get(card_word(copy["name"]), copy["name"])
    return copy


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


def draw_table(
    view: KoubaView, names: tuple[str, ...], words: Mapping[str, str] = PICTURE_WORDS, result: str | None = None
) -> Image.Image:
    rolling = _dice_seats(view)
    event_top = DICE_TOP + max(1, len(rolling)) * DICE_ROW + 6
    players_top = event_top + _event_height(view)
    height = players_top + view["players"] * PLAYER_ROW + FOOTER_HEIGHT + 10
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    header = _header(view, names, result, words)
    draw_header(draw, WIDTH, header)
    _draw_status(draw, view, names, result, words)
    _draw_arena(draw, view, words)
    _draw_dice_rows(draw, view, names, rolling, DICE_TOP, words)
    _draw_event(draw, view, names, event_top, words)
    waited = [] if result else view["waiting_for"]
    for seat in range(view["players"]):
        _draw_player_row(draw, view, names, seat, players_top + seat * PLAYER_ROW, seat in waited, words)
    draw_footer(draw, WIDTH, height, header)
    return img


def _players_top(view: KoubaView) -> int:
    """Where the players' rows begin: under the arena, the dice rows and the event."""
    return DICE_TOP + max(1, len(_dice_seats(view))) * DICE_ROW + 6 + _event_height(view)


def player_row_box(view: KoubaView, seat: int) -> Box:
    """Where ``seat``'s row (name, totals, Koubas, piles) is drawn on the table."""
    top = _players_top(view) + seat * PLAYER_ROW
    return (MARGIN - 8, top, WIDTH - MARGIN + 8, top + PLAYER_ROW - 8)


def _header(
    view: KoubaView, names: tuple[str, ...], result: str | None = None, words: Mapping[str, str] = PICTURE_WORDS
) -> Header:
    turn = _turn_text(view, names, words)
    limit = 14
    while limit > 3 and _names_width(names, limit) + len(result or turn) * 11 > WIDTH - 2 * MARGIN:
        limit -= 1
    short = tuple(_fit(name, limit) for name in names)
    last_move = move_words(view, tuple(_fit(name, 12) for name in names), words)
    return Header(
        "Kouba", short, turn, view["move_number"], last_move, result=result or "", words=words,
        turn_number=view["turn_number"], move_in_turn=view["move_in_turn"],
    )


def _names_width(names: tuple[str, ...], limit: int) -> int:
    return sum(46 + 11 * len(_fit(name, limit)) for name in names)


def _fit(name: str, limit: int = 14) -> str:
    return name if len(name) <= limit else name[: max(1, limit - 1)].rstrip() + "."


def _turn_text(view: KoubaView, names: tuple[str, ...], words: Mapping[str, str] = PICTURE_WORDS) -> str:
    outcome = view["outcome"]
    if outcome is not None:
        winners = outcome["winners"]
        return (
            word(words, "kouba.pic.won", who=_fit(names[winners[0]], 10))
            if winners
            else words["kouba.pic.draw_result"]
        )
    waiting: list[int] = view.get("waiting_for") or view["actors"]
    if len(waiting) == 1:
        return word(words, "kouba.pic.to_play", who=_fit(names[waiting[0]], 10))
    return word(words, "kouba.pic.n_to_play", n=len(waiting))


def _draw_status(
    draw: Draw, view: KoubaView, names: tuple[str, ...], result: str | None, words: Mapping[str, str]
) -> None:
    top = HEADER_HEIGHT + 8
    stage = word(words, "kouba.pic.round", round=view["round"], rounds=view["rounds"])
    text = f"{stage}  ·  {result or _phase_text(view, names, words)}"
    draw.text((MARGIN, top), text, font=font(20), fill=TEXT)


def _phase_text(view: KoubaView, names: tuple[str, ...], words: Mapping[str, str]) -> str:
    pending = view.get("pending")
    if view["outcome"] is not None:
        return words["kouba.pic.game_over"]
    if pending:
        key = "kouba.pic.king_counter" if pending["kind"] == "king" else "kouba.pic.places_kouba"
        return word(words, key, who=_fit(names[pending["seat"]], 12), cause=pending["cause"])
    if view["phase"] == "swap":
        return word(words, "kouba.pic.swap", left=(view["swapped"] or []).count(False))
    if view["phase"] == "tiebreak":
        return words["kouba.pic.event.tiebreak"]
    if view["event"]:
        return _event_name(view["event"], words)
    turn = view["turn"]
    return "" if turn is None else word(words, "kouba.pic.faces_arena", who=_fit(names[turn], 12))


def _event_name(event: EventView, words: Mapping[str, str]) -> str:
    return words.get(f"kouba.pic.event.{event['kind']}", str(event["name"]))


# -- arena ---------------------------------------------------------------------


def arena_box(slot: int) -> Box:
    """Where the card of arena slot ``slot`` (0-based) is drawn on the table."""
    x = MARGIN + slot * (CARD_W + 12)
    return (x, ARENA_TOP, x + CARD_W, ARENA_TOP + CARD_H)


def _draw_arena(draw: Draw, view: KoubaView, words: Mapping[str, str]) -> None:
    for slot, card in enumerate(view["arena"]):
        box = arena_box(slot)
        slot_label = word(words, "kouba.pic.slot", n=slot + 1)
        draw.text((box[0] + CARD_W / 2, ARENA_TOP - 2), slot_label, font=font(16), fill=MUTED, anchor="mb")
        if card:
            draw_card(draw, box, card, words=words)
        else:
            _draw_empty_slot(draw, box, view["draw_count"] == 0, words)
        if _last_word(view) in ("claim", "shaman") and _last_slot(view) == slot:
            mark_last_move(draw, box, 4)
    _draw_decks(draw, view, MARGIN + 3 * (CARD_W + 12) + 4, words)


def _draw_empty_slot(draw: Draw, box: Box, drawn_out: bool, words: Mapping[str, str]) -> None:
    """An empty slot; when the draw pile is out, it says that no card could fill it."""
    draw.rounded_rectangle(box, 10, outline=MUTED, width=2)
    centre_x, centre_y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    lines = wrapped(draw, words["kouba.pic.no_card_left"], box[2] - box[0] - 16, 15) if drawn_out else []
    top = centre_y - 11 * len(lines)
    draw.text((centre_x, top), words["kouba.pic.empty"], font=font(18), fill=MUTED, anchor="mm")
    for number, line in enumerate(lines, start=1):
        draw.text((centre_x, top + 4 + 20 * number), line, font=font(15), fill=TEXT, anchor="mm")


def _draw_decks(draw: Draw, view: KoubaView, x: int, words: Mapping[str, str]) -> None:
    right = WIDTH - MARGIN
    for i, (label, count) in enumerate((("draw", view["draw_count"]), ("discard", view["discard_count"]))):
        top = ARENA_TOP + i * 78
        box = (x, top, right, top + 68)
        fill = CARD_BACK if label == "draw" else PANEL
        draw.rounded_rectangle(box, 8, fill=fill, outline=MUTED, width=2)
        draw.text(((x + right) / 2, top + 20), words[f"kouba.pic.{label}"], font=font(16), fill=TEXT, anchor="mm")
        draw.text(((x + right) / 2, top + 46), str(count), font=font(24), fill=TEXT, anchor="mm")


def _last_word(view: KoubaView) -> str:
    return view["last_move"][0].split(":")[0] if view["last_move"] else ""


def _last_slot(view: KoubaView) -> int:
    """Arena slot (0-based) named by a claim or shaman last move, else -1."""
    parts = view["last_move"][0].split(":") if view["last_move"] else []
    digits = parts[1].removeprefix("arena") if len(parts) > 1 else ""
    return int(digits) - 1 if digits.isdigit() else -1


# -- cards -------------------------------------------------------------------------


@dataclass(frozen=True)
class CardFace:
    """Where a face-up card's parts go, in pixels from its box's edges: the arena's full cards and the
    hand's narrower ones are the same face drawn at two sizes."""

    inset: int  # the colour band's gap to the card's edge
    band_bottom: int
    mark_y: int  # the centre line of the emblem, the band's word and the points disc
    emblem_x: int
    emblem_radius: int
    band_word_x: int
    band_word_size: int
    points_x: int  # the points disc's centre, from the right edge
    pad: int  # the name's, the combination's and the power's left margin
    name_y: int
    name_sizes: tuple[int, int]  # the largest size, then the smallest a long name shrinks to
    combo_top: int
    combo_bottom: int
    combo_right: int  # the combination's right margin
    power_sizes: tuple[int, int]
    power_bottom: int  # the power's baseline, from the bottom edge


FULL_CARD = CardFace(2, 30, 16, 18, 11, 34, 14, 20, 10, 50, (20, 14), 66, 106, 10, (15, 11), 12)
HAND_CARD = CardFace(3, 28, 15, 17, 10, 32, 13, 19, 8, 46, (17, 12), 60, 98, 6, (13, 10), 30)


def draw_card(
    draw: Draw, box: Box, card: CardView, dim: bool = False, words: Mapping[str, str] = PICTURE_WORDS
) -> None:
    """A full card: colour band with its word, emblem, name, points, combination, power."""
    draw.rounded_rectangle(box, 10, fill=FADED if dim else PARCHMENT, outline=BLACK, width=2)
    _draw_face(draw, box, card, FULL_CARD, words)


def _draw_face(draw: Draw, box: Box, card: CardView, face: CardFace, words: Mapping[str, str]) -> None:
    """Everything printed on a face-up card, laid out by ``face``."""
    x0, y0, x1, y1 = box
    colour, mark_y, pad = card["colour"], y0 + face.mark_y, x0 + face.pad
    draw.rounded_rectangle((x0 + face.inset, y0 + face.inset, x1 - face.inset, y0 + face.band_bottom), 8,
                           fill=BAND[colour])  # fmt: skip
    draw_emblem(draw, (x0 + face.emblem_x, mark_y), face.emblem_radius, card["faction"])
    band_x = x0 + face.band_word_x
    size, band = fitted(draw, words[f"kouba.pic.band.{colour}"], x1 - 40 - band_x, face.band_word_size, 10)
    draw.text((band_x, mark_y), band, font=font(size), fill=BAND_TEXT[colour], anchor="lm")
    _points_disc(draw, (x1 - face.points_x, mark_y), card["points"])
    size, name = fitted(draw, card["name"], x1 - x0 - 2 * face.pad, *face.name_sizes)
    draw.text((pad, y0 + face.name_y), name, font=font(size), fill=INK, anchor="lm")
    combo_box = (pad, y0 + face.combo_top, x1 - face.combo_right, y0 + face.combo_bottom)
    draw_combo(draw, combo_box, card["combo"], words=words)
    size, power = fitted(draw, _power_label(card, words), x1 - x0 - 2 * face.pad, *face.power_sizes)
    draw.text((pad, y1 - face.power_bottom), power, font=font(size), fill=INK, anchor="lb")


def draw_strip(draw: Draw, box: Box, card: CardView, state: str) -> None:
    """A compact card: band colour, emblem, name, points; ``state`` active / inert / hidden."""
    x0, y0, x1, y1 = box
    fill = PARCHMENT if state == "active" else (214, 206, 190)
    draw.rounded_rectangle(
        box, 6, fill=fill, outline=YELLOW if state == "active" else BLACK, width=3 if state == "active" else 1
    )
    draw.rectangle((x0 + 2, y0 + 2, x0 + 10, y1 - 2), fill=BAND[card["colour"]])
    draw_emblem(draw, (x0 + 22, (y0 + y1) / 2), 8, card["faction"])
    points = str(card["points"])
    room = x1 - 6 - text_width(draw, points, 16) - 6 - (x0 + 34)
    size, name = fitted(draw, card["name"], room, 15, 11)
    draw.text((x0 + 34, (y0 + y1) / 2), name, font=font(size), fill=INK, anchor="lm")
    draw.text((x1 - 6, (y0 + y1) / 2), points, font=font(16), fill=INK, anchor="rm")


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


def _power_label(card: CardView, words: Mapping[str, str]) -> str:
    key = card.get("power") or card.get("event", "")
    if f"kouba.pic.power.{key}" not in words:
        return ""
    n = card.get("extra_rolls", 0)
    return plural_word(words, f"kouba.pic.power.{key}", n, n=n)


def draw_combo(draw: Draw, box: Box, combo: str, ink: Colour = INK, words: Mapping[str, str] = PICTURE_WORDS) -> None:
    """Dice terms (``3x6``, ``has:2,2,4,4``) as small dice, the others as text, joined by +.

    On one line, shrunk to fit the box's width; when that would be too small to read, the
    first term on one line and the rest on a second."""
    x0, y0, x1, y1 = box
    terms = parse_combo(combo).terms
    for height in range(min(24, y1 - y0), 19, -1):
        if _combo_width(draw, terms, height, words) <= x1 - x0:
            _draw_terms(draw, (x0, y0), terms, height, ink, words)
            return
    half = (y1 - y0) // 2
    for line, part in enumerate((terms[:1], terms[1:])):
        fits = (h for h in range(half, 9, -1) if _combo_width(draw, part, h, words, line > 0) <= x1 - x0)
        _draw_terms(draw, (x0, y0 + line * half), part, next(fits, 10), ink, words, line > 0)


def _combo_width(
    draw: Draw, terms: Sequence[Term], height: int, words: Mapping[str, str], joined: bool = False
) -> float:
    """How wide :func:`_draw_terms` draws ``terms`` at ``height`` pixels (``joined``: after a +)."""
    width = 0.0
    for i, term in enumerate(terms):
        width += _plus_width(height) if i or joined else 0
        width += _term_width(draw, term, height, words)
    return width


def _term_width(draw: Draw, term: Term, height: int, words: Mapping[str, str]) -> float:
    if term.kind == "has":
        return len(term.values) * (height + 3)
    return text_width(draw, _term_text(term.kind, term.number, words), _term_font(height)) + 4


def _term_font(height: int) -> int:
    return round(height * 17 / 24)


def _plus_width(height: int) -> float:
    return round(height * 16 / 24)


def _draw_terms(
    draw: Draw,
    at: tuple[int, int],
    terms: Sequence[Term],
    height: int,
    ink: Colour,
    words: Mapping[str, str],
    joined: bool = False,
) -> None:
    """``terms`` on one line from ``at`` (top left), dice ``height`` pixels tall; ``joined``: a + first."""
    x, y0 = float(at[0]), at[1]
    middle = y0 + height / 2
    for i, term in enumerate(terms):
        if i or joined:
            draw.text((x + 2, middle), "+", font=font(round(height * 18 / 24)), fill=ink, anchor="lm")
            x += _plus_width(height)
        if term.kind == "has":
            for value in term.values:
                draw_die(draw, (int(x), y0, int(x) + height, y0 + height), value)
                x += height + 3
        else:
            label = _term_text(term.kind, term.number, words)
            draw.text((x, middle), label, font=font(_term_font(height)), fill=ink, anchor="lm")
            x += _term_width(draw, term, height, words)


def _term_text(kind: str, number: int, words: Mapping[str, str]) -> str:
    if kind == "kind":
        return words["kouba.pic.yams"] if number == 6 else word(words, "kouba.pic.kind", n=number)
    if kind == "run":
        return "1-2-3-4-5-6" if number == 6 else word(words, "kouba.pic.run", n=number)
    if kind in ("sum>=", "sum<="):
        return word(words, "kouba.pic.sum_at_least" if kind == "sum>=" else "kouba.pic.sum_at_most", n=number)
    return words.get(f"kouba.pic.combo.{kind}", kind.replace("-", " "))


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


def _dice_seats(view: KoubaView) -> list[int]:
    """Seats whose dice are shown: those rolling, or in an event everybody who took part."""
    if view["event"]:
        return list(view["event"]["seats"])
    return list(view["rolling"]) or ([view["turn"]] if view["turn"] is not None else [])


def _draw_dice_rows(
    draw: Draw, view: KoubaView, names: tuple[str, ...], seats: list[int], top: int, words: Mapping[str, str]
) -> None:
    draw.text((MARGIN, top - 26), words["kouba.pic.dice"], font=font(18), fill=MUTED)
    if not seats:
        draw.text((MARGIN + 60, top - 26), words["kouba.pic.nobody_rolling"], font=font(18), fill=MUTED)
    for row, seat in enumerate(seats):
        y = top + row * DICE_ROW
        dice = view["dice"][seat]
        seat_marker(draw, (MARGIN + 10, y + 24), 9, seat, SEAT_COLOURS[seat % 6])
        draw.text((MARGIN + 26, y + 24), _fit(names[seat], 11), font=font(18), fill=TEXT, anchor="lm")
        _draw_dice(draw, dice, MARGIN + 150, y + 4, words)
        note_x = MARGIN + 150 + 6 * 52 + 10
        draw.text((note_x, y + 12), _dice_note(dice, words), font=font(16), fill=TEXT, anchor="lm")
        if dice["target"]:
            draw_combo(draw, (note_x, y + 26, WIDTH - MARGIN, y + 46), dice["target"], TEXT, words)
        if view.get("last_actor") == seat and _last_word(view) in ("roll", "keep", "courtesan"):
            mark_last_move(draw, (MARGIN + 140, y - 6, MARGIN + 150 + 6 * 52 + 2, y + 47), 3)


def _draw_dice(draw: Draw, dice: DiceView, x: int, y: int, words: Mapping[str, str]) -> None:
    values = dice["values"]
    if not values:
        draw.text((x, y + 20), words["kouba.pic.not_rolled"], font=font(16), fill=MUTED, anchor="lm")
        return
    for i, value in enumerate(values):
        kept = bool(dice["kept"][i]) if i < len(dice["kept"]) else False
        box = (x + i * 52, y, x + i * 52 + 40, y + 40)
        draw_die(draw, box, value, kept)
        if kept:
            draw.text((x + i * 52 + 20, y + 54), words["kouba.pic.kept"], font=font(13), fill=YELLOW, anchor="mm")


def _dice_note(dice: DiceView, words: Mapping[str, str]) -> str:
    left, rolls = dice["rolls_left"], dice["rolls"]
    if left is not None:
        parts = [plural_word(words, "kouba.pic.rolls_left", left, n=left)]
    else:
        parts = [plural_word(words, "kouba.pic.rolls", rolls, n=rolls)]
    if dice["done"]:
        parts.append(words["kouba.pic.done"])
    return " · ".join(parts)


# -- events ------------------------------------------------------------------------------


def _event_height(view: KoubaView) -> int:
    event = view["event"]
    if not event:
        return 8
    return 96 if event["taken"] else 44


def _draw_event(draw: Draw, view: KoubaView, names: tuple[str, ...], top: int, words: Mapping[str, str]) -> None:
    event = view["event"]
    if not event:
        return
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + _event_height(view) - 8), 8, fill=PANEL)
    name = _event_name(event, words)
    if event["attempt"] > 1:
        name = word(words, "kouba.pic.roll_off", name=name, n=event["attempt"] - 1)
    draw.text((MARGIN + 12, top + 18), name, font=font(18), fill=YELLOW, anchor="lm")
    for i, taken in enumerate(event["taken"]):
        x = MARGIN + 12 + i * 370
        who = _fit(names[taken["seat"]], 10)
        whose = _fit(names[taken["from"]], 10)
        races = word(words, "kouba.pic.races", who=who, whose=whose, pile=taken["pile"] + 1)
        draw.text((x, top + 48), races, font=font(15), fill=TEXT, anchor="lm")
        if taken["card"]:
            draw_strip(draw, (x, top + 60, x + 170, top + 84), taken["card"], "inert")
            draw_combo(draw, (x + 178, top + 60, x + 356, top + 84), taken["card"]["combo"], TEXT, words)


# -- players ----------------------------------------------------------------------------------


def _draw_player_row(
    draw: Draw,
    view: KoubaView,
    names: tuple[str, ...],
    seat: int,
    top: int,
    waited: bool = False,
    words: Mapping[str, str] = PICTURE_WORDS,
) -> None:
    """One player's name, totals, Koubas and piles; a yellow arrow when the game waits for them."""
    table = view["tables"][seat]
    colour = SEAT_COLOURS[seat % 6]
    draw.rounded_rectangle((MARGIN - 8, top, WIDTH - MARGIN + 8, top + PLAYER_ROW - 8), 8, fill=PANEL)
    seat_marker(draw, (MARGIN + 8, top + 20), 9, seat, colour)
    draw.text((MARGIN + 24, top + 20), f"@{seat + 1} {_fit(names[seat], 10)}", font=font(18), fill=TEXT, anchor="lm")
    total = word(words, "kouba.pic.total", n=view["totals"][seat])
    draw.text((MARGIN + 4, top + 46), total, font=font(16), fill=MUTED, anchor="lm")
    if len(view["round_scores"]) > 1:
        rounds = "(" + "+".join(str(r[seat]) for r in view["round_scores"]) + ")"
        x = MARGIN + 10 + text_width(draw, total, 16)
        draw.text((x, top + 46), _fit(rounds, 16), font=font(13), fill=MUTED, anchor="lm")
    _draw_kouba_tokens(draw, MARGIN + 4, top + 66, table["koubas"])
    if waited:
        x, y = MARGIN + 160, top + 20
        draw.polygon([(x - 8, y - 8), (x + 4, y), (x - 8, y + 8)], fill=YELLOW, outline=BLACK)
    for i, pile in enumerate(table["piles"]):
        x = MARGIN + 180 + i * (PILE_W + 8)
        box = (x, top + 6, x + PILE_W, top + 6 + PILE_H)
        _draw_public_pile(draw, box, i, pile, words)
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


def _draw_public_pile(draw: Draw, box: Box, index: int, pile: PileView, words: Mapping[str, str]) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 6, fill=CARD_BACK, outline=BLACK, width=1)
    draw.text((x0 + 6, y0 + 4), word(words, "kouba.pic.pile", n=index + 1), font=font(14), fill=TEXT)
    size = pile["size"]
    cards = plural_word(words, "kouba.pic.cards", size, n=size)
    draw.text((x1 - 6, y0 + 4), cards, font=font(14), fill=MUTED, anchor="ra")
    if pile["active"]:
        _draw_active_mini(draw, (x0 + 3, y0 + 24, x1 - 3, y1 - 3), pile["active"], words)
    if pile["kouba"]:
        _kouba_over(draw, box)


def _draw_active_mini(draw: Draw, box: Box, card: CardView, words: Mapping[str, str] = PICTURE_WORDS) -> None:
    """The face-up champion of a pile: name and points, then its power, framed in yellow."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 6, fill=PARCHMENT, outline=YELLOW, width=3)
    draw_emblem(draw, (x0 + 12, y0 + 12), 7, card["faction"])
    points = str(card["points"])
    room = x1 - 5 - text_width(draw, points, 14) - 4 - (x0 + 22)
    size, name = fitted(draw, card["name"], room, 14, 10)
    draw.text((x0 + 22, y0 + 12), name, font=font(size), fill=INK, anchor="lm")
    draw.text((x1 - 5, y0 + 12), points, font=font(14), fill=INK, anchor="rm")
    size, power = fitted(draw, _short_power(card, words), x1 - x0 - 10, 12, 9)
    draw.text((x0 + 6, y1 - 6), power, font=font(size), fill=INK, anchor="lb")


def _short_power(card: CardView, words: Mapping[str, str]) -> str:
    power = str(card.get("power", ""))
    if power == "extra":
        return _power_label(card, words)
    return words.get(f"kouba.pic.mini.{power}", power)


def _kouba_over(draw: Draw, box: Box) -> None:
    """A thin red cross over the pile and the seal in its corner: the cards stay readable."""
    x0, y0, x1, y1 = box
    top = y0 + 24  # under the pile's labels, which stay readable
    draw.line([(x0 + 4, top), (x1 - 4, y1 - 4)], fill=SEAL, width=3)
    draw.line([(x0 + 4, y1 - 4), (x1 - 4, top)], fill=SEAL, width=3)
    _seal(draw, (x1 - 18, y1 - 18), 15)


def _pile_marked(view: KoubaView, seat: int, pile: int) -> bool:
    """Whether the last move put something on this pile (a card, a Kouba) or hit it."""
    if not view["last_move"]:
        return False
    parts = view["last_move"][0].split(":")
    kind, actor = parts[0], view.get("last_actor")
    target = actor
    if len(parts) > 2 and parts[1].startswith("@"):
        target = int(parts[1][1:]) - 1
    pile_part = parts[-1]
    if not pile_part.startswith("pile") or kind not in ("claim", "kouba", "khan", "brute", "give"):
        return False
    return target == seat and int(pile_part[4:]) - 1 == pile


# ---------------------------------------------------------------------------
# The private hand


HAND_COLUMN = 148
STRIP_H = 28
HAND_TOP = HEADER_HEIGHT + 44


def hand_column(pile: int) -> int:
    """The left edge of pile ``pile`` (0-based) in the picture of a hand."""
    return MARGIN + pile * (HAND_COLUMN + 4)


def draw_hand(
    view: KoubaView, names: tuple[str, ...], result: str | None = None, words: Mapping[str, str] = PICTURE_WORDS
) -> Image.Image:
    seat = view["viewer"]
    hand = view.get("hand") or []
    tallest = max((len(p["cards"]) for p in hand), default=1)
    body_top = HAND_TOP
    powers_top = body_top + 30 + CARD_H + max(0, tallest - 1) * (STRIP_H + 4) + 40
    height = powers_top + 80 + FOOTER_HEIGHT
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    header = _header(view, names, result, words)
    draw_header(draw, WIDTH, header)
    if seat is None or not hand:
        draw.text((MARGIN, body_top), words["kouba.pic.no_hand"], font=font(20), fill=TEXT)
    else:
        who = _fit(names[seat], 14)
        score = view["round_score"]
        title = plural_word(words, "kouba.pic.your_piles", score, who=who, round=view["round"], score=score)
        draw.text((MARGIN, HEADER_HEIGHT + 10), title, font=font(20), fill=TEXT)
        for i, pile in enumerate(hand):
            _draw_hand_pile(draw, hand_column(i), body_top, i, pile, words)
        if not result:
            _draw_powers(draw, view, powers_top, words)
    draw_footer(draw, WIDTH, height, header)
    return img


def _draw_hand_pile(draw: Draw, x: int, top: int, index: int, pile: HandPile, words: Mapping[str, str]) -> None:
    """Cards bottom to top as strips, the top card in full; the pile's score below."""
    label = word(words, "kouba.pic.pile", n=index + 1)
    draw.text((x + HAND_COLUMN / 2, top + 10), label, font=font(17), fill=MUTED, anchor="mm")
    y = top + 26
    cards = pile["cards"]
    for card in cards[:-1]:
        draw_strip(draw, (x, y, x + HAND_COLUMN, y + STRIP_H), card, "inert")
        y += STRIP_H + 4
    if cards:
        box = (x, y, x + HAND_COLUMN, y + CARD_H)
        _draw_small_card(draw, box, cards[-1], pile["active"], words)
        y += CARD_H
    points = pile["score"]
    score = words["kouba.pic.kouba_pile"] if pile["kouba"] else plural_word(words, "kouba.pic.points", points, n=points)
    draw.text((x + HAND_COLUMN / 2, y + 16), score, font=font(17), fill=TEXT, anchor="mm")
    if pile["kouba"]:
        _kouba_over(draw, (x, top + 26, x + HAND_COLUMN, y))


def _draw_small_card(
    draw: Draw, box: Box, card: CardView, active: bool, words: Mapping[str, str] = PICTURE_WORDS
) -> None:
    """A narrower full card; the active (usable) one is framed in yellow and says so."""
    x0, _, _, y1 = box
    draw.rounded_rectangle(box, 10, fill=PARCHMENT, outline=YELLOW if active else BLACK, width=4 if active else 2)
    _draw_face(draw, box, card, HAND_CARD, words)
    state = words["kouba.pic.active" if active else "kouba.pic.inert"]
    draw.text((x0 + 8, y1 - 10), state, font=font(13), fill=(150, 90, 0) if active else FADED, anchor="lb")


def _draw_powers(draw: Draw, view: KoubaView, top: int, words: Mapping[str, str]) -> None:
    powers = view.get("usable_powers") or []
    heads = sorted({p.split(":")[0] for p in powers})
    text = word(words, "kouba.pic.powers_now", powers=", ".join(heads) if heads else words["kouba.pic.no_power"])
    draw.text((MARGIN, top), text, font=font(18), fill=YELLOW if heads else MUTED)
    if powers:
        sample = ", ".join(powers[:5]) + (", …" if len(powers) > 5 else "")
        draw.text((MARGIN, top + 28), word(words, "kouba.pic.example", sample=sample), font=font(15), fill=MUTED)
