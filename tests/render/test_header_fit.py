"""The header's second line (players and whose turn, or the result) never overlaps nor leaves the
picture, with the longest names a server allows, at every player count."""

from __future__ import annotations

import itertools

import pytest

from render.kit import MARGIN, MARKER_ROOM, NAME_GAP, Header, header_layout, new_canvas

LONGEST = "W" * 32  # names are cut to 32 characters (bot/names.py) and W is the widest letter
WIDTH = 800  # the narrowest picture


@pytest.mark.parametrize("players", range(1, 7))
@pytest.mark.parametrize("status", ["turn", "result", "none"])
def test_names_and_status_fit_side_by_side(players: int, status: str) -> None:
    names = tuple(f"{LONGEST[:-1]}{seat}" for seat in range(players))
    header = Header(
        "Kouba",
        names,
        turn=f"{LONGEST} to play" if status == "turn" else "",
        result=f"{LONGEST} wins: {LONGEST} resigned" if status == "result" else "",
    )
    _, draw = new_canvas(WIDTH, 92)
    placed, turn = header_layout(draw, WIDTH, header)
    spans = [(name.x - MARKER_ROOM, name.x + name.width) for name in placed]
    assert spans[0][0] >= MARGIN and all(a[1] + NAME_GAP <= b[0] + 0.5 for a, b in itertools.pairwise(spans))
    end = WIDTH - MARGIN if turn is None else turn.x - NAME_GAP
    assert spans[-1][1] <= end + 0.5
    if turn is not None:
        assert turn.x + turn.width <= WIDTH - MARGIN + 0.5
    if status == "result":
        assert spans[-1][1] <= WIDTH - MARGIN - 100, "room is left for the result badge"
    assert all(name.text.endswith("…") for name in placed) or players == 1


def test_short_names_are_drawn_whole_at_full_size() -> None:
    _, draw = new_canvas(WIDTH, 92)
    placed, turn = header_layout(draw, WIDTH, Header("Arkaios", ("alice", "bob"), turn="alice to play"))
    assert [(name.text, name.size) for name in placed] == [("alice", 22), ("bob", 22)]
    assert turn is not None and (turn.text, turn.size) == ("alice to play", 22)
