"""The turn pipeline: every move, whatever made it (a click, ``/move``, a time-out, Agora), takes one path.

:meth:`Turns.commit` plays it through the game service (whose ``check_actor`` decides who may act) and
:meth:`Turns.publish` brings the board messages up to date.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from functools import partial
from typing import Any

import discord

from bot.app import PLAYERS_ONLY
from bot.away import TimeAway
from bot.i18n import text
from bot.service import GameRecord
from bot.storage import WithinTransaction
from cogs.table.base import Reply, on_board
from cogs.table.controls import SharedControls
from cogs.table.panels import Panels
from cogs.table.replies import answered, echo, tell, update_clicked

log = logging.getLogger("agora.cogs")


class Turns(Panels):
    """Playing moves and showing what they changed: the same board redrawn, or the next one posted."""

    async def play_typed(self, interaction: discord.Interaction[Any], record: GameRecord, words: list[str]) -> None:
        """``/move``: play the typed moves; games with drafted turns override."""
        lang = await self.bot.reply_language(interaction)
        notation = " ".join(words)

        async def reply(after: GameRecord) -> None:
            await tell(interaction, text(lang, "move_played", notation=echo(notation), id=after.id))

        await self.commit(
            record, interaction.user.id, self.typed_moves(words), version=None, interaction=interaction, reply=reply
        )

    async def commit(
        self,
        before: GameRecord,
        user: int,
        moves: list[str],
        *,
        version: int | None,
        interaction: discord.Interaction[Any] | None = None,
        reply: Reply | None = None,
        also: Sequence[WithinTransaction] = (),
        cause: str = "",
        seat: int | Sequence[int] | None = None,
    ) -> GameRecord:
        """Play ``moves`` for ``user`` and bring the board up to date: the one path of every move.

        Clicks, ``/move``, a time-out's default move and the bot's move (no interaction) all
        come here; ``version`` is the one the control was drawn for (None: any).  ``also`` runs
        in the move's transaction; ``cause`` goes before the summary (why the move was played);
        ``seat`` is which of ``user``'s seats plays (the bot may hold several), or the seat of each move
        (a time-out's default moves for every late seat).
        """
        was_away = False
        if interaction is not None and interaction.user.id == user:
            # A player's own move ends their time away at once, in the move's transaction (bot/away.py).
            away = TimeAway(self.bot.storage, self.service.clock)
            was_away = bool(await away.away_until([user]))
            also = [away.end_step(user, self.service.clock()), *also]
        after = await self.service.play(before.id, user, moves, version, also, seat=seat)
        if was_away:  # the boards of their other games lose their "away until" line (cogs/away.py)
            self.bot.dispatch("away_ended", user, before.id)
        lang = await self.language(after)
        summary = await self.summary(before, after, user, moves, lang)
        if interaction is not None and reply is None:
            private = await self.bot.reply_language(interaction)
            told = summary if private == lang else await self.summary(before, after, user, moves, private)
            reply = partial(self.done, interaction, summary=" ".join(part for part in (cause, told) if part))
        await self.publish(before, " ".join(part for part in (cause, summary) if part), interaction, reply)
        return after

    async def publish(
        self,
        before: GameRecord,
        summary: str,
        interaction: discord.Interaction[Any] | None = None,
        reply: Reply | None = None,
    ) -> GameRecord:
        """Show how the game changed since ``before``: redraw the same board, or freeze it and post the next.

        Through the interaction when it came from the current board; otherwise the
        interaction gets a private answer (``reply``, by default "Done: …") and the board
        messages are edited or posted through the channel.  Returns the latest record.
        """
        async with self._board_locks[before.id]:
            latest = await self.service.load(before.id)
            try:
                await self.show_change(before, latest, summary, interaction, reply)
            except discord.HTTPException as error:  # the change is saved: only showing it waits
                await self.publish_later(latest, error, interaction)
                return latest
            await self.service.board_shows(latest.id, latest.version)
        self.bot_to_move(latest)
        await self.after_publish(latest)
        return latest

    async def show_change(
        self,
        before: GameRecord,
        latest: GameRecord,
        summary: str,
        interaction: discord.Interaction[Any] | None,
        reply: Reply | None,
    ) -> None:
        """The board messages of :meth:`publish`, ``latest`` the game as it now stands."""
        # Someone else's click may have posted a newer board meanwhile: then that one is only kept up to date.
        ours = latest.row.message_id == before.row.message_id
        new_board = ours and not self.same_board(before, latest)
        owed = interaction is not None and not answered(interaction)
        async with self.drawing_ahead(latest):
            if interaction is not None and owed and on_board(interaction, latest):
                await self.through_board(interaction, latest, summary, new_board)
            else:
                if interaction is not None and owed:
                    await (reply(latest) if reply is not None else self.done(interaction, latest, summary))
                await self.through_channel(interaction, latest, summary, new_board)
        if ours and not new_board:
            await self.ping(before, latest)
        clicked = interaction.message.id if interaction is not None and interaction.message is not None else None
        await self.changed(latest, answered=clicked)

    async def publish_later(
        self, latest: GameRecord, error: discord.HTTPException, interaction: discord.Interaction[Any] | None
    ) -> None:
        """Discord refused to show a saved change (``error``): the player who acted hears that it counts,
        and a publish job (bot/publishing.py) retries with a bounded back-off, or the next change
        shows it first."""
        log.warning("game %s: the board of version %s waits (%s %s)", latest.id, latest.version, error.status,
                    error.code)  # fmt: skip
        await self.bot.publishing.retry(latest)
        self.bot.dispatch("board_refused", latest, error)  # a channel nobody can see stops the clocks
        if interaction is not None:  # even under a frozen board: the next one is missing
            lang = await self.bot.reply_language(interaction)
            with contextlib.suppress(discord.HTTPException):  # Discord may be refusing this too: the move counts
                await tell(interaction, text(lang, "publish.later", game=self.game_name, id=latest.id))

    async def after_publish(self, latest: GameRecord) -> None:
        """What a game does once a change is shown, ``latest`` the record as it now stands.

        Most games need nothing more; one that keeps records of its own (solo scores) notes them here.
        """

    async def end_on_question(self, interaction: discord.Interaction[Any], before: GameRecord, summary: str) -> None:
        """The game ended by an answer to a question posted in its channel (an agreed draw, a claim on time).

        The question's message becomes the final board and the old board keeps only ``summary``:
        the ending posts no new message.
        """
        async with self._board_locks[before.id]:
            latest = await self.service.load(before.id)
            board = await self.board(latest)
            board.attach(f"game-{latest.id}-{latest.version}.png")
            await update_clicked(
                interaction, content=summary, embed=board.embed, attachments=[board.file(latest.id, latest.version)],
                view=await self.board_view(latest, board), allowed_mentions=PLAYERS_ONLY,
            )
            await self.retire_board(latest, summary)
            if interaction.message is not None:
                await self.service.set_message(latest.id, interaction.message.id)
                await self.service.board_shows(latest.id, latest.version)
            await self.drop_ping(latest)
            await self.changed(latest)

    async def changed(self, latest: GameRecord, *, answered: int | None = None) -> None:
        """Let the shared controls close what the change ended (a pending offer), and redraw the open
        private panels (but ``answered``, the message the click came from, which its answer redrew)."""
        for cog in list(self.bot.cogs.values()):
            if isinstance(cog, SharedControls):
                await cog.on_game_changed(latest)
        await self.refresh_panels(latest, besides=answered)

    async def through_board(
        self, interaction: discord.Interaction[Any], record: GameRecord, summary: str, new_board: bool
    ) -> None:
        """A click on the current board: it is frozen with ``summary`` and the next one posted, or redrawn."""
        if new_board:
            await self.move_on(interaction, record, summary)
        else:
            await self.refresh_board(interaction, record)

    async def through_channel(
        self, interaction: discord.Interaction[Any] | None, record: GameRecord, summary: str, new_board: bool
    ) -> None:
        """No click on the current board: it is retired with ``summary`` and the next one posted, or edited."""
        if new_board:
            await self.retire_board(record, summary)
            await self.post_board(interaction, record)
        else:
            await self.update_board_message(record)

    async def done(self, interaction: discord.Interaction[Any], record: GameRecord, summary: str) -> None:
        """The answer to a move made away from the board: a private panel closes, anything else is told
        (``summary`` in the player's language when the move was committed here: see :meth:`commit`)."""
        done = text(await self.bot.reply_language(interaction), "done", summary=summary)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await update_clicked(interaction, content=done, embed=None, attachments=[], view=None)
            self.bot.panels.forget(interaction.message.id)
        else:
            await tell(interaction, done)
