"""Packing a board's extra controls: each in its own row when it has room, else in any row; the "⋯"
menu takes the place of an extra the menu also offers when a finished board has no room left."""

from __future__ import annotations

import discord

from cogs.table.boards import make_room
from cogs.table.controls import ANY_VERSION, GameButton, GameSelect, menu_button, pack


def busy_view(buttons: int) -> discord.ui.View:
    """``buttons`` buttons in the first row and a menu in each of the four others: a board at its fullest
    (Discord places each control in the first row with room, as the game's controls come)."""
    view = discord.ui.View(timeout=None)
    for n in range(buttons):
        view.add_item(GameButton(1, 1, f"move{n}", label=f"move {n}"))
    for row in range(1, 5):
        option = discord.SelectOption(label=f"choice {row}", value=str(row))
        view.add_item(GameSelect(1, 1, f"pick{row}", options=[option], placeholder="pick"))
    return view


def rows(view: discord.ui.View) -> list[list[str]]:
    """Each row's controls, by label (a menu by its placeholder)."""
    return [
        [str(part.get("label") or part.get("placeholder")) for part in row["components"]]
        for row in view.to_components()
    ]


def test_an_extra_whose_row_is_full_goes_where_there_is_room() -> None:
    view = busy_view(3)
    hint = GameButton(1, 1, "hint", label="Hint", row=4)
    assert pack(view, [menu_button(1), hint]) == []
    assert rows(view) == [["move 0", "move 1", "move 2", "⋯", "Hint"], *[["pick"]] * 4]


def test_what_fits_nowhere_is_handed_back() -> None:
    view = busy_view(4)
    menu, hint = menu_button(1), GameButton(1, 1, "hint", label="Hint", row=4)
    assert pack(view, [menu, hint]) == [hint]
    assert rows(view) == [["move 0", "move 1", "move 2", "move 3", "⋯"], *[["pick"]] * 4]


def test_the_menu_takes_the_place_of_an_extra_it_also_offers() -> None:
    view = busy_view(3)
    rematch = GameButton(1, ANY_VERSION, "rematch", label="Rematch")
    review = GameButton(1, ANY_VERSION, "review", label="Review", row=4)
    note = GameButton(1, ANY_VERSION, "hint", label="Played with hints", disabled=True, row=4)
    assert pack(view, [rematch, review, note]) == [note]
    make_room(view, menu_button(1), [review])
    assert rows(view) == [["move 0", "move 1", "move 2", "Rematch", "⋯"], *[["pick"]] * 4]
