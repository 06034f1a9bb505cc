"""Hostile move texts: each engine's parser refuses them with a NotationError, never another error.

Unicode digits (``int()`` reads ``١`` as 1 and fails on ``²``), numbers of thousands of
digits and very long texts are refused before any number is read, with a short quote.
"""

from __future__ import annotations

import random

import pytest

from rules import GAMES, NotationError
from rules.base import NOTATION_LIMIT, plain_notation, plain_number

HOSTILE = [
    "c²=3", "c3=²", "²", "١", "set:١,٢,٣,٤,٤,٤,٥,٥", "set:1,2,3,4,4,4,5,٥", "b١xc1", "keep:١", "swap:١",
    "a" + "9" * 4400, "9" * 4400, "split:" + "9" * 4400 + "+1", "c3=" + "9" * 4400, "x" * 5000,
    "c3\x00=2", "c3=2\u200b", "ｃ３＝２", "@b２", "b1-a²", "", " ", "=", ":", "@", "x", "set:", "split:+",
    "peek:", "claim:9:9", "give:@9:9", "elem", "c0=1", "z99=1", "a1000=1",
]


def hostile_texts(seed: int, count: int) -> list[str]:
    """Random texts mixing notation signs, ASCII, Unicode digits and long runs (seeded)."""
    rng = random.Random(seed)
    alphabet = "abcdefgh0123456789=:@x+-^,>*!?#`<>/ ١٢³²ⅷ٣\u200b\t\n"
    texts = []
    for _ in range(count):
        size = rng.choice([1, 3, 6, 12, 40, 200])
        texts.append("".join(rng.choice(alphabet) for _ in range(size)))
    return texts


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hostile_texts_are_notation_errors(game: str) -> None:
    state = GAMES[game].new(players=2, seed=5, options={})
    for text in HOSTILE + hostile_texts(seed=len(game), count=400):
        try:
            move = state.parse_move(text)
        except NotationError as error:
            assert len(str(error)) < 400, f"{game}: the refusal of {text[:20]!r} quotes too much"
            continue
        assert text.isascii() and len(text) <= NOTATION_LIMIT, f"{game} read {text[:20]!r} as {move}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_unicode_digits_are_never_read_as_moves(game: str) -> None:
    state = GAMES[game].new(players=2, seed=5, options={})
    seat = state.actors[0]
    for move in state.legal_moves(seat)[:30]:
        written = str(move).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
        if written == str(move):
            continue
        with pytest.raises(NotationError, match="plain letters, digits and signs"):
            state.play(seat, written)


def test_plain_number_bounds() -> None:
    assert plain_number("6", "a power") == 6
    for text in ("", "١", "²", "1" * 4400, "-1", "1_0", " 1"):
        with pytest.raises(NotationError, match="is not a number"):
            plain_number(text, "a power")


def test_plain_notation_quotes_at_most_forty_characters() -> None:
    with pytest.raises(NotationError) as refused:
        plain_notation("9" * 4400)
    assert len(str(refused.value)) < 120
