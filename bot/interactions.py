"""The bot's front desk for interactions: one log line each, slow answers flagged, none taken while stopping.

Every slash command and every control click passes through :meth:`InteractionDesk.serve`
(the command tree's ``_call`` and the dynamic items' callbacks are wrapped in
``bot/app.py``), so the operator's log reads, one line per interaction::

    interaction game=12 action=b:confirm@v5 user=42 guild=7 took 15 ms: message_update

and a game's errors carry its id.  While the bot shuts down, new interactions get a
polite "restarting" answer and the ones in flight are waited for.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import player_language, text

log = logging.getLogger("agora.interactions")

SLOW_SECONDS = 1.0
FAILED = "agora.failed"  # key of ``interaction.extras`` set by the last-resort error handlers
_CONTROL = re.compile(r"agora:(?P<kind>[a-z-]+):(?P<game>[0-9]{1,19})(?::(?P<version>[0-9]+|any):(?P<action>.*))?")



@dataclass(frozen=True)
class Subject:
    """What an interaction is about, for the log: the game (when known) and the action.

    >>> Subject.of_custom_id("agora:b:12:5:confirm")
    Subject(game=12, action='b:confirm@v5')
    >>> Subject.of_custom_id("agora:powers-set:12")
    Subject(game=12, action='powers-set')
    >>> Subject.of_custom_id("agora:lb:chess:2:next")
    Subject(game=None, action='agora:lb:chess:2:next')
    """

    game: int | None
    action: str

    @classmethod
    def of_custom_id(cls, custom_id: str) -> Subject:
        found = _CONTROL.fullmatch(custom_id)
        if found is None:
            return cls(None, custom_id[:100])
        if found["version"] is None:
            return cls(int(found["game"]), found["kind"])
        return cls(int(found["game"]), f"{found['kind']}:{found['action']}@v{found['version']}"[:100])

    @classmethod
    def of_command(cls, data: dict[str, Any]) -> Subject:
        """``/agora settings`` and its ``game`` option, when it has one."""
        names, options = [str(data.get("name", "?"))], list(data.get("options", []))
        while options and options[0].get("type") in (1, 2):  # a subcommand (group): go down one level
            names.append(str(options[0].get("name")))
            options = list(options[0].get("options", []))
        game = next((o.get("value") for o in options if o.get("name") == "game"), None)
        return cls(game if isinstance(game, int) else None, "/" + " ".join(names))

    @classmethod
    def of(cls, interaction: discord.Interaction[Any]) -> Subject:
        data: dict[str, Any] = dict(interaction.data or {})
        if interaction.type in (discord.InteractionType.application_command, discord.InteractionType.autocomplete):
            return cls.of_command(data)
        return cls.of_custom_id(str(data.get("custom_id", "")))

    def __str__(self) -> str:
        return f"game={self.game if self.game is not None else '-'} action={self.action}"


def outcome(interaction: discord.Interaction[Any]) -> str:
    """How the interaction was answered: the response type, ``failed`` or ``unanswered``."""
    if interaction.extras.get(FAILED):
        return "failed"
    kind = interaction.response.type
    return "unanswered" if kind is None else kind.name


class InteractionDesk:
    """Times and logs interactions; turns them away politely once :meth:`close` was called."""

    def __init__(
        self, language: Callable[[int | None], Awaitable[str]], timer: Callable[[], float] = time.perf_counter
    ) -> None:
        self.language = language
        self.timer = timer
        self.open = True
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def in_flight(self) -> int:
        return self._in_flight

    async def serve(
        self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]], *, last_resort: bool
    ) -> None:
        """Run ``work`` for ``interaction`` and log it.

        ``last_resort``: an error escaping ``work`` is logged with the game id and answered
        here (controls); otherwise it propagates to the caller's own handler (the command tree).
        """
        if not self.open:
            await self.answer(interaction, "ops.restarting")
            log.info("interaction %s user=%s: refused, restarting", Subject.of(interaction), interaction.user.id)
            return
        self._enter()
        start = self.timer()
        try:
            await work()
        except Exception:
            interaction.extras[FAILED] = True
            if not last_resort:
                raise
            log.exception("interaction %s failed", Subject.of(interaction))
            await self.answer(interaction, "ops.failed")
        finally:
            self._leave()
            self._log(interaction, self.timer() - start)

    async def close(self, grace: float) -> bool:
        """Take no more interactions; wait up to ``grace`` seconds for those in flight.  True if all ended."""
        self.open = False
        try:
            await asyncio.wait_for(self._idle.wait(), grace)
        except TimeoutError:
            log.warning("%d interaction(s) still running after %.0f s; stopping anyway", self._in_flight, grace)
            return False
        return True

    def _enter(self) -> None:
        self._in_flight += 1
        self._idle.clear()

    def _leave(self) -> None:
        self._in_flight -= 1
        if self._in_flight == 0:
            self._idle.set()

    def _log(self, interaction: discord.Interaction[Any], seconds: float) -> None:
        slow = " (slow)" if seconds > SLOW_SECONDS else ""
        level = logging.WARNING if slow else logging.INFO
        if interaction.type is discord.InteractionType.autocomplete and not slow:
            level = logging.DEBUG  # one per keystroke: too many for the operator's log
        log.log(
            level, "interaction %s user=%s guild=%s took %d ms%s: %s", Subject.of(interaction),
            interaction.user.id, interaction.guild_id or "-", round(seconds * 1000), slow, outcome(interaction),
        )

    async def answer(self, interaction: discord.Interaction[Any], key: str) -> None:
        """A private answer, as a follow-up when the interaction was answered already."""
        if interaction.type is discord.InteractionType.autocomplete:
            return
        try:
            lang = player_language(str(interaction.locale)) or await self.language(interaction.guild_id)
            message = text(lang, key)
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", Subject.of(interaction))
