"""Board messages: posting the current one, redrawing it in place, retiring it to one line, pinging."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.absence import stand_in_lines
from bot.app import PLAYERS_ONLY
from bot.away import TimeAway, away_lines
from bot.i18n import text
from bot.notices import DM, NoticeChoice
from bot.records import message_link
from bot.scheduler import UNCLAIMED
from bot.service import ACTIVE, FINISHED, GameRecord, jump_link, refusal
from cogs.table.base import TableCog, disable_moves
from cogs.table.controls import (
    ANY_VERSION,
    GameButton,
    SharedControls,
    controls_view,
    is_menu_button,
    menu_button,
    pack,
)
from cogs.table.pictures import Board
from cogs.table.replies import mention_list, tell, update_clicked

log = logging.getLogger("agora.cogs")


def _drop_outcome(task: asyncio.Task[Any]) -> None:
    """Read a finished task's outcome so that asyncio does not report an error nobody waits for."""
    if not task.cancelled():
        task.exception()


def make_room(view: discord.ui.View, button: discord.ui.Item[Any], yielding: list[discord.ui.Item[Any]]) -> None:
    """Add ``button`` to ``view``, taking the place of the last of ``yielding`` (extras also in the menu)
    while it finds no room."""
    while pack(view, [button]):
        if not yielding:
            log.warning("a board's own controls leave no room for its menu")
            return
        view.remove_item(yielding.pop())


def is_rematch(item: discord.ui.Item[Any]) -> bool:
    """Whether ``item`` is a finished board's Rematch, which never yields its place (it is in no menu)."""
    return isinstance(item, GameButton) and item.action == "rematch"


def board_nonce(record: GameRecord) -> str:
    """The nonce of the board posted for ``record`` in place of its current message: a send repeated
    for the same position and the same predecessor (a publish retried after an answer that got
    lost) is posted once by Discord (discord.py sends ``enforce_nonce`` with every nonce; its own
    nonce would be random for each call), while a board posted again after its message was
    deleted is new.

    >>> len(board_nonce_of(12, 7, None)) <= 25 and board_nonce_of(12, 7, 1) != board_nonce_of(12, 7, 2)
    True
    """
    return board_nonce_of(record.id, record.version, record.row.message_id)


def board_nonce_of(game_id: int, version: int, replaces: int | None) -> str:
    return hashlib.blake2b(f"{game_id}:{version}:{replaces}".encode(), digest_size=10).hexdigest()


class Boards(TableCog):
    """Posting and retiring a game's public board messages (and its turn pings)."""

    @asynccontextmanager
    async def drawing_ahead(self, record: GameRecord) -> AsyncIterator[None]:
        """Within the block, ``record``'s board is drawing (in a worker) while the block's other requests
        go out (the player's answer, the retired board's line); :meth:`drawn_board` takes it."""
        key = (record.id, record.version)
        task = self._drawn_ahead[key] = asyncio.create_task(self.board(record))
        try:
            yield
        finally:
            if self._drawn_ahead.get(key) is task:
                # Not taken (no board message to redraw, or the block failed): its outcome is not wanted.
                del self._drawn_ahead[key]
                task.add_done_callback(_drop_outcome)
                task.cancel()

    async def drawn_board(self, record: GameRecord) -> Board:
        """``record``'s board: the one drawing ahead for it if any (taken once), else drawn now."""
        ahead = self._drawn_ahead.pop((record.id, record.version), None)
        return await (ahead if ahead is not None else self.board(record))

    async def board_view(self, record: GameRecord, board: Board) -> discord.ui.View | None:
        """The public board's controls, then the "⋯" menu, a finished game's Rematch and the shared ones
        where rows have room (:func:`pack`); what finds none stays within reach in the "⋯" menu."""
        lang = await self.language(record)
        played_in = await self.bot.tournaments.round_of(record.id)
        if played_in is not None:  # a tournament game says where it belongs, and has no rematch outside the event
            named = text(lang, "tour.board_author", id=played_in.tournament_id, round=played_in.round,
                         rounds=played_in.rounds)
            board.embed.set_author(name=named)
        extras = [*self.rematch_button(record, lang)] if played_in is None else []
        extras += [item for cog in self.bot.cogs.values() if isinstance(cog, SharedControls)
                   for item in cog.board_controls(record, lang)]  # fmt: skip
        view = controls_view(board.controls)
        if self.bot_thinking(record, lang) is not None:
            disable_moves(view)  # nobody may act while only Agora is waited for (the "⋯" menu stays)
        menu = [item for item in extras if is_menu_button(item)]
        others = [item for item in extras if not is_menu_button(item)]
        left = pack(view, [*menu, *others])
        if left and not menu:  # a finished board: a "⋯" button for what found no room
            yielding = [item for item in others if item not in left and not is_rematch(item)]
            make_room(view, menu_button(record.id), yielding)
        elif menu and menu[0] in left:
            log.warning("game %s: the board's own controls leave no room for its menu", record.id)
        return view if view.children else None

    def rematch_button(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """The Rematch button of a finished game's board ("Play again" for a solo game); valid at any version."""
        if record.row.status != FINISHED:
            return []
        label = text(lang, "rematch" if len(set(record.seats)) > 1 else "play_again")
        style = discord.ButtonStyle.primary
        return [GameButton(record.id, ANY_VERSION, "rematch", label=label, emoji="🔁", style=style)]

    async def post_board(self, interaction: discord.Interaction[Any] | None, record: GameRecord) -> None:
        """Post a new board message in the game's channel and remember it as the current one."""
        board = await self.drawn_board(record)
        name = f"game-{record.id}-{record.version}.png"
        board.attach(name)
        await self.show_deadline(board, record)
        try:
            message = await self._send_board(record.row.channel_id, board, record)
        except discord.NotFound:
            # The game's channel was deleted: carry on where the player is, if that is elsewhere.
            here = interaction.channel_id if interaction is not None else None
            if here is None:
                raise  # no player here: the change waits to be shown (Turns.publish), the clocks stop
            if here == record.row.channel_id:
                raise refusal("err.channel_gone") from None
            log.info("channel of game %s is gone; moving the game to channel %s", record.id, here)
            await self.service.set_channel(record.id, here)
            if await self.bot.halts.resume(record.id):  # its clocks run again: the board shows its new deadline
                await self.post_board(interaction, await self.service.load(record.id))
                return
            message = await self._send_board(here, board, record)
        await self.service.board_posted(record.id, message.id, record.version)
        await self.drop_ping(record)
        link = message_link(record.row.guild_id, message.channel.id, message.id)  # the channel it went to
        await self.tell_turn(record, await self.bot.notices.store.of(record.human_actors()), link)
        self.bot_to_move(record)

    def bot_to_move(self, record: GameRecord) -> None:
        """Once the board shows a position where the bot must play, its job (added with the move that
        made it so) runs now rather than at the scheduler's next look."""
        if record.waiting_bots():
            self.bot.scheduler.run_soon()

    async def _send_board(self, channel_id: int, board: Board, record: GameRecord) -> discord.Message:
        view = await self.board_view(record, board)
        return await self.bot.get_partial_messageable(channel_id).send(
            content=board.content,
            embed=board.embed,
            file=board.file(record.id, record.version),
            view=view or discord.utils.MISSING,
            allowed_mentions=await self.bot.notices.pings(board.content),  # as each named player chose
            nonce=board_nonce(record),
        )

    async def catch_up(self, game_id: int) -> bool:
        """Bring a board older than its game current: the old board says the game went on, and the
        current one is posted (pinging whoever must act). False when there was nothing to do."""
        async with self._board_locks[game_id]:
            latest = await self.service.load(game_id)
            shown = latest.row.board_version
            if shown is None or shown >= latest.version:
                return False
            if await self.board_has_controls(latest):  # not frozen yet by the click that moved the game on
                line = text(await self.language(latest), "board.went_on", game=self.game_name, id=latest.id)
                await self.retire_board(latest, line)
            await self.post_board(None, latest)
            self.bot.dispatch("board_shown_again", latest)
            if await self.bot.halts.resume(latest.id):  # it can be seen again: its clocks run, as its board says
                await self.update_board_message(await self.service.load(latest.id))
        self.bot_to_move(latest)
        return True

    async def show_board(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Show board: a link to the game's board, which is posted anew first if it is gone (a moderator
        deleted it). A game whose clocks stopped because nobody could see it (its channel deleted, the
        bot unable to post there) continues where the button was clicked, with its history."""
        lang = await self.bot.reply_language(interaction)
        async with self._board_locks[record.id]:
            latest = await self.service.load(record.id)
            here = interaction.channel_id
            moved = latest.row.halted_at is not None and here is not None and here != latest.row.channel_id
            if moved and here is not None:  # nobody could see it where it was: it continues here
                log.info("game %s continues in channel %s", latest.id, here)
                await self.service.set_channel(latest.id, here)
                await self.bot.halts.resume(latest.id)
                latest = await self.service.load(record.id)
            there = not moved and await self.board_message(latest) is not None
            if not there:
                await self.post_board(interaction, latest)
                latest = await self.service.load(record.id)
        key = "board.moved_here" if moved else "board.here" if there else "board.posted_again"
        await tell(interaction, text(lang, key, game=self.game_name, id=latest.id, link=jump_link(latest.row)))

    async def board_message(self, record: GameRecord) -> discord.Message | None:
        """The game's board message as Discord has it; None when it is gone (or cannot be read)."""
        if record.row.message_id is None:
            return None
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            return await message.fetch()
        except (discord.NotFound, discord.Forbidden):
            return None

    async def board_has_controls(self, record: GameRecord) -> bool:
        """Whether the game's board message is still there with its controls (read from Discord)."""
        message = await self.board_message(record)
        return message is not None and bool(message.components)

    async def show_deadline(self, board: Board, record: GameRecord) -> None:
        """Say on a board when the turn ends; once its time is up under the claim rule, when the game
        ends on time if nobody claims the win.

        Discord shows ``<t:…:R>`` as "in 23 hours" in each reader's own language and time zone.
        """
        if record.row.absent and len(board.embed.fields) < 25:  # who left, and since when Agora plays for them
            lang = await self.language(record)
            lines = stand_in_lines(record.row, lang)
            board.embed.add_field(name=text(lang, "stand_in.field"), value=lines, inline=False)
        started = record.row.turn_started_at
        if record.row.status != ACTIVE or started is None or len(board.embed.fields) >= 25:
            return
        scheduler, key = self.bot.scheduler, "turn_ends"
        deadline = started + await scheduler.turn_seconds(record.id, record.row.guild_id, record.row.away_shift)
        if deadline <= self.service.clock():
            ends_at = await scheduler.due_at(UNCLAIMED, record.id, started)
            deadline, key = (deadline, key) if ends_at is None else (ends_at, "claim_ends")
        name = text(await self.language(record), key)
        board.embed.add_field(name=name, value=f"<t:{int(deadline)}:R>", inline=False)
        await self.show_away(board, record)

    async def show_away(self, board: Board, record: GameRecord) -> None:
        """Say on the board who the turn waits for is away, and until when (bot/away.py): a Discord
        timestamp, shown in each reader's own time zone."""
        people = record.human_actors()
        until = await TimeAway(self.bot.storage, self.service.clock).away_until(people)
        if not until or len(board.embed.fields) >= 25:
            return
        lang = await self.language(record)
        lines = [
            text(lang, "away.board_line", user=user, until=f"<t:{int(at)}:f>") for user, at in away_lines(people, until)
        ]
        board.embed.add_field(name=text(lang, "away.board_field"), value="\n".join(lines), inline=False)

    async def refresh_board(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Redraw the clicked board message in place (within the same turn)."""
        board = await self.drawn_board(record)
        name = f"game-{record.id}-{record.version}.png"
        board.attach(name)
        await self.show_deadline(board, record)
        await self.show_in_place(interaction, record, board)

    async def show_in_place(self, interaction: discord.Interaction[Any], record: GameRecord, board: Board) -> None:
        """Put ``board`` (drawn for ``record`` and attached) in place of the clicked board message."""
        await update_clicked(
            interaction,
            content=board.content,
            embed=board.embed,
            attachments=[board.file(record.id, record.version)],
            view=await self.board_view(record, board),
            allowed_mentions=PLAYERS_ONLY,
        )
        if interaction.message is not None and interaction.message.id == record.row.message_id:
            await self.service.board_shows(record.id, record.version)  # a draft's step: the board is current

    async def move_on(self, interaction: discord.Interaction[Any], record: GameRecord, summary: str) -> None:
        """After a turn: the clicked board keeps only what happened, then the next one is posted."""
        await update_clicked(
            interaction, content=summary, embed=None, attachments=[], view=None, allowed_mentions=PLAYERS_ONLY
        )
        await self.post_board(interaction, record)

    async def update_board_message(self, record: GameRecord) -> None:
        """Redraw the current board message in place, by id (when the change came from elsewhere)."""
        if record.row.message_id is None:
            return
        board = await self.drawn_board(record)
        board.attach(f"game-{record.id}-{record.version}.png")
        await self.show_deadline(board, record)
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            await message.edit(
                content=board.content, embed=board.embed, attachments=[board.file(record.id, record.version)],
                view=await self.board_view(record, board), allowed_mentions=PLAYERS_ONLY,
            )
        except (discord.NotFound, discord.Forbidden):
            log.info("board message %s of game %s is gone; posting a new one", record.row.message_id, record.id)
            await self.post_board(None, record)
            return
        await self.service.board_shows(record.id, record.version)

    async def retire_board(self, record: GameRecord, summary: str) -> None:
        """The current board keeps only what happened when the game moved on without a click on it:
        one line per move in the channel, and a single picture, the latest board's."""
        if record.row.message_id is None:
            return
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.message_id)
        try:
            await message.edit(content=summary, embed=None, attachments=[], view=None, allowed_mentions=PLAYERS_ONLY)
        except (discord.NotFound, discord.Forbidden):
            log.info("board message %s of game %s is gone", record.row.message_id, record.id)

    async def ping(self, before: GameRecord, record: GameRecord) -> None:
        """The board was edited in place, which notifies nobody: whoever must act now and was not
        waiting before hears of it as they chose: a short message linking to the board for those heard by
        the mention, a DM for those heard by DM.  The previous ping goes (its player has acted), so the
        channel keeps one at most."""
        newcomers = [user for user in record.human_actors() if user not in before.actors()]
        if not newcomers or record.row.message_id is None:
            return
        await self.drop_ping(record)
        link = f"https://discord.com/channels/{record.row.guild_id}/{record.row.channel_id}/{record.row.message_id}"
        choices = await self.bot.notices.store.of(newcomers)
        await self.tell_turn(record, choices, link)
        pinged = [user for user in newcomers if choices[user].pinged]
        if not pinged:
            return
        content = text(
            await self.language(record), "turn_ping",
            users=mention_list(pinged), game=self.game_name, id=record.id, link=link,
        )  # fmt: skip
        try:
            sent = await self.bot.get_partial_messageable(record.row.channel_id).send(
                content, allowed_mentions=PLAYERS_ONLY
            )
        except discord.HTTPException:  # the move is played and the board shows it: a lost ping is no failure
            log.info("could not ping the players of game %s", record.id)
            return
        await self.service.set_ping(record.id, sent.id)

    async def tell_turn(self, record: GameRecord, choices: dict[int, NoticeChoice], link: str) -> None:
        """Of the players whose turn it now is (their ``choices``), those heard by DM get it privately with
        ``link`` to the board.

        A DM that cannot get through turns their choice to the mention until they choose again, and
        they are told so once, in the game's channel, with a ping.
        """
        lang = await self.language(record)
        for choice in choices.values():
            if choice.heard_by != DM:
                continue
            private = choice.lang(await self.bot.dm_language(choice.user_id, record.row.guild_id))
            said = text(private, "notice.turn_dm", game=self.game_name, id=record.id, link=link)
            await self.bot.notices.tell_if_closed(
                await self.bot.notices.dm(choice.user_id, said), record.row.channel_id, choice.user_id, lang
            )

    async def drop_ping(self, record: GameRecord) -> None:
        """Delete the game's ping message, if it has one (a new board pings by itself)."""
        if record.row.ping_id is None:
            return
        message = self.bot.get_partial_messageable(record.row.channel_id).get_partial_message(record.row.ping_id)
        try:
            await message.delete()
        except (discord.NotFound, discord.Forbidden):
            log.info("ping message %s of game %s is gone", record.row.ping_id, record.id)
        await self.service.set_ping(record.id, None)
