"""The front desk: interactions in flight are waited for when the bot stops; new ones are turned away."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot.interactions import InteractionDesk, Subject


class Response:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.type: discord.InteractionResponseType | None = None

    def is_done(self) -> bool:
        return self.type is not None

    async def send_message(self, content: str, *, ephemeral: bool) -> None:
        assert ephemeral
        self.sent.append(content)
        self.type = discord.InteractionResponseType.channel_message


def click(custom_id: str = "agora:b:7:3:confirm") -> Any:
    """Enough of a discord.Interaction for the desk: a click on a game's control."""
    return SimpleNamespace(
        type=discord.InteractionType.component, data={"custom_id": custom_id}, user=SimpleNamespace(id=1),
        guild_id=2, extras={}, response=Response(), locale=discord.Locale.american_english,
    )


async def english(guild_id: int | None) -> str:
    return "en"


async def test_stopping_waits_for_the_move_in_flight_and_refuses_new_ones() -> None:
    desk = InteractionDesk(english)
    started, release, finished = asyncio.Event(), asyncio.Event(), []

    async def move() -> None:
        started.set()
        await release.wait()
        finished.append("move")

    in_flight = asyncio.create_task(desk.serve(click(), move, last_resort=True))
    await started.wait()
    stopping = asyncio.create_task(desk.close(grace=30))
    await asyncio.sleep(0)  # the stop begins
    assert not desk.open
    late = click()
    await desk.serve(late, move, last_resort=True)
    assert late.response.sent == ["Agora is restarting: nothing was done. Please try again in a minute."]
    assert not stopping.done() and desk.in_flight == 1
    release.set()
    assert await stopping is True and finished == ["move"]
    await in_flight


def test_the_subject_of_a_command_names_its_game_option() -> None:
    data = {"name": "agora", "options": [{"type": 1, "name": "settings", "options": []}]}
    assert str(Subject.of_command(data)) == "game=- action=/agora settings"
    moved = {"name": "move", "options": [{"type": 3, "name": "notation", "value": "c3"}, {"name": "game", "value": 9}]}
    assert Subject.of_command(moved) == Subject(9, "/move")
