"""Private panels: what one player alone may see, kept up to date as the game moves (see bot/panels.py).

A panel is worded in the language of the interaction that drew it (:meth:`AgoraBot.reply_language`:
the player's own Discord language when the bot speaks it, else the server's); redraws without an
interaction (another player's move) keep the language the panel remembers.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import text
from bot.panels import Edit, OpenPanel
from bot.service import GameRecord, ServiceError, StaleButton, refusal
from cogs.table.base import is_active
from cogs.table.boards import Boards
from cogs.table.controls import ANY_VERSION, GameButton, controls_view
from cogs.table.replies import answered, send_answer, update_clicked

log = logging.getLogger("agora.cogs")


class Panels(Boards):
    """The private panel of each seat: drawn on a click, redrawn as the game moves on, refused to outsiders."""

    def private_button(self, record: GameRecord, label: str) -> GameButton:
        """The button that opens :meth:`private_board`; valid at any version."""
        return GameButton(record.id, ANY_VERSION, "private", label=label, emoji="🔒")

    async def _show_private(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A fresh ephemeral picture of what the clicking player alone may see."""
        seats = record.seats_of(interaction.user.id)
        if not seats and record.has_left(interaction.user.id):
            raise refusal("err.left_game", id=record.id)
        if not seats:
            raise ServiceError(
                "You are not playing in this game: the public board shows everything you may see.",
                "err.private_outsider",
            )
        lang = await self.bot.reply_language(interaction)
        board = await self.private_board(record, seats[0], lang)
        if board is None:
            raise ServiceError(
                f"Nothing is hidden in {self.game_name}: the public board shows everything.",
                "err.nothing_hidden",
                game=self.game_name,
            )
        board.attach(f"private-{record.id}-{record.version}.png")
        sent = await send_answer(
            interaction,
            content=board.content or None,
            embed=board.embed,
            file=board.file(record.id, record.version, private=True),
            view=controls_view(board.controls) if board.controls else discord.utils.MISSING,
            ephemeral=True,
        )
        if sent.id is not None and is_active(record):
            await self.panel_drawn(interaction, record, sent.id, sent.edit)

    async def panel_drawn(
        self, interaction: discord.Interaction[Any], record: GameRecord, message_id: int, edit: Edit
    ) -> None:
        """Remember a private panel just drawn for the clicker, in their language, to redraw it as the
        game moves on; the player's older panels of this game beyond the few kept up to date say
        (each in its own language) that they were replaced."""
        lang = await self.bot.reply_language(interaction)
        retired = self.bot.panels.drawn(record.id, interaction.user.id, message_id, edit, lang)
        for panel in retired:
            note = text(panel.lang, "panel.replaced")
            await self.edit_panel(panel, content=note, embed=None, attachments=[], view=None)

    async def panel_redrawn(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """A click on a private panel redrew it in place: its fresh token keeps it up to date longer."""
        if interaction.message is not None and is_active(record):
            edit = interaction.edit_original_response
            lang = await self.bot.reply_language(interaction)
            self.bot.panels.drawn(record.id, interaction.user.id, interaction.message.id, edit, lang)

    async def refresh_panels(self, record: GameRecord, *, besides: int | None = None) -> None:
        """Redraw the game's open private panels (but ``besides``, the one a click just answered) as
        ``record`` stands: a panel never offers what the game no longer allows."""
        for panel in self.bot.panels.of_game(record.id, besides=besides):
            message = await self.panel_message(record, panel.user_id, panel.lang)
            if message is None or not is_active(record):
                self.bot.panels.forget(panel.message_id)  # a finished game's panel is drawn a last time
            if message is not None:
                await self.edit_panel(panel, **message)

    async def panel_message(self, record: GameRecord, user_id: int, lang: str) -> dict[str, Any] | None:
        """The private panel of ``user_id`` in ``lang`` as an edit of the message (no controls for a
        finished game), or a note when nothing is hidden any more."""
        seats = record.seats_of(user_id)
        if not seats:
            return None
        board = await self.private_board(record, seats[0], lang)
        if board is None:
            said = text(lang, "err.nothing_hidden", game=self.game_name)
            return {"content": said, "embed": None, "attachments": [], "view": None}
        board.attach(f"private-{record.id}-{record.version}.png")
        return {
            "content": board.content or None,
            "embed": board.embed,
            "attachments": [board.file(record.id, record.version, private=True)],
            "view": controls_view(board.controls) if board.controls else None,
        }

    async def edit_panel(self, panel: OpenPanel, **message: Any) -> None:
        """Edit a panel through its token; one dismissed (or whose token died early) is forgotten."""
        try:
            await panel.edit(**message)
        except discord.HTTPException as error:
            log.info("private panel %s of game %s can no longer be edited (%s)", panel.message_id, panel.game_id,
                     error.status)
            self.bot.panels.forget(panel.message_id)

    async def stale_panel(self, interaction: discord.Interaction[Any], record: GameRecord, error: StaleButton) -> None:
        """A click on an out-of-date private panel: nothing is played, and the panel says so, redrawn
        as the game stands now (when the clicker has one); else the usual private refusal."""
        latest = await self.service.load(record.id)
        lang = await self.bot.reply_language(interaction)
        message = await self.panel_message(latest, interaction.user.id, lang)
        if message is None or answered(interaction):
            raise error
        message["content"] = text(lang, "panel.out_of_date")
        await update_clicked(interaction, **message)
        await self.panel_redrawn(interaction, latest)
