"""Boards drawn in worker processes are the same pictures as drawn in the bot's own process."""

from __future__ import annotations

import os

import pytest

from bot.drawing import Drawing
from render import arkaios as drawing
from rules import GAMES


@pytest.mark.parametrize("workers", [0, 2])
async def test_a_board_drawn_by_the_workers_is_the_same_picture(workers: int) -> None:
    state = GAMES["arkaios"].new(2, 1, {}).play(0, "c3=3")
    view, names = state.view(None), ["alice", "bob"]
    pool = Drawing(workers)
    try:
        png = await pool.draw(drawing.render, view, names, result=None)
        again = await pool.draw(drawing.render, view, names, result=None)
    finally:
        pool.close()
    assert png == again == drawing.render(view, names, result=None)
    assert png.startswith(b"\x89PNG")


async def test_a_worker_that_dies_is_replaced_and_the_picture_still_drawn() -> None:
    view, names = GAMES["arkaios"].new(2, 1, {}).view(None), ["alice", "bob"]
    pool = Drawing(1)
    try:
        await pool.draw(drawing.render, view, names, result=None)
        pool._started().submit(os._exit, 1)  # a worker killed between two boards
        png = await pool.draw(drawing.render, view, names, result=None)
    finally:
        pool.close()
    assert png == drawing.render(view, names, result=None)
