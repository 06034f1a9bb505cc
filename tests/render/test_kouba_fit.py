"""Nothing a Kouba picture writes on a card overflows it: every card of the deck, drawn in
every place a card is shown (arena card, hand card, strip, face-up champion of a pile),
keeps its name, combination and power inside the card, in English and in French.

The text boxes are measured with the font the boards use (spying on ``ImageDraw.text``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from PIL import Image, ImageDraw

from cogs.common import picture_words
from render import kouba
from render.kit import font
from rules.kouba_deck import CardView, load_deck

Box = tuple[int, int, int, int]
Words = Mapping[str, str]
Place = Callable[[ImageDraw.ImageDraw, Box, CardView, Words], None]

PLACES: dict[str, tuple[Place, Box]] = {
    "arena card": (
        lambda draw, box, card, words: kouba.draw_card(draw, box, card, words=words),
        (10, 10, 10 + kouba.CARD_W, 10 + kouba.CARD_H),
    ),
    "hand card": (
        lambda draw, box, card, words: kouba._draw_small_card(draw, box, card, True, words),
        (10, 10, 10 + kouba.HAND_COLUMN, 10 + kouba.CARD_H),
    ),
    "hand strip": (
        lambda draw, box, card, words: kouba.draw_strip(draw, box, card, "inert"),
        (10, 10, 10 + kouba.HAND_COLUMN, 10 + kouba.STRIP_H),
    ),
    "pile champion": (
        lambda draw, box, card, words: kouba._draw_active_mini(draw, box, card, words),
        (13, 34, 10 + kouba.PILE_W - 3, 10 + kouba.PILE_H - 3),
    ),
}


def every_card(words: Words) -> Iterator[CardView]:
    """One card of each name, combination and power, named as ``words`` name it."""
    seen: set[tuple[str, str, str]] = set()
    for card in load_deck().values():
        view: CardView = kouba.named_cards({"card": card.to_json()}, words)["card"]  # type: ignore[typeddict-item]
        key = (view["name"], view["combo"], view.get("power", "") + view.get("event", ""))
        if key not in seen:
            seen.add(key)
            yield view


def text_boxes(
    place: Place, box: Box, card: CardView, words: Words
) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every text ``place`` draws for ``card`` in ``box``, with the box it covers."""
    drawn: list[tuple[str, tuple[float, float, float, float]]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *rest: Any, **options: Any) -> None:
        face, anchor = options.get("font") or font(10), options.get("anchor")
        drawn.append((str(text), self.textbbox(xy, str(text), font=face, anchor=anchor)))
        original(self, xy, text, *rest, **options)

    image = Image.new("RGB", (box[2] + 20, box[3] + 20))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", spy)
        place(ImageDraw.Draw(image), box, card, words)
    return drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("place_name", sorted(PLACES))
def test_every_card_keeps_its_words_inside_the_card(place_name: str, lang: str) -> None:
    place, box = PLACES[place_name]
    words = picture_words("kouba", lang)
    inside = (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)
    for card in every_card(words):
        for text, (x0, y0, x1, y1) in text_boxes(place, box, card, words):
            fits = x0 >= inside[0] and y0 >= inside[1] and x1 <= inside[2] and y1 <= inside[3]
            assert fits, (
                f"{place_name}: {card['name']} ({card['combo']}): {text!r} overflows {inside} at {(x0, y0, x1, y1)}"
            )


@pytest.mark.parametrize(
    ("lang", "terms"), [("en", ["3 alike", "sum 24 or more"]), ("fr", ["3 pareils", "somme de 24 ou plus"])]
)
def test_a_long_combination_is_not_cut(lang: str, terms: list[str]) -> None:
    """The hand card shows "3 alike + sum 24 or more" whole (on two lines when it must)."""
    words = picture_words("kouba", lang)
    card = next(c for c in every_card(words) if c["combo"] == "3-kind & sum>=24")
    place, box = PLACES["hand card"]
    texts = [text for text, _ in text_boxes(place, box, card, words)]
    assert set(terms) <= set(texts)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sum_on_a_card_reads_as_words_not_operators(lang: str) -> None:
    """"somme de 24 ou plus", as the text says it: no ">=" (and no "≥", which the font cannot draw)."""
    words = picture_words("kouba", lang)
    texts = {text for card in every_card(words) for text, _ in text_boxes(*PLACES["arena card"], card, words)}
    sums = [text for text in texts if "sum" in text or "somme" in text]
    assert sums and not [text for text in sums if re.search("[<>]=|[≤≥]", text)], sums
