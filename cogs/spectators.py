"""Following games and their spectators' threads: the Follow button of boards, ``/follow`` and ``/following``.

The rules live in :mod:`bot.following` (who may follow, the follows, the threads) and
:mod:`bot.commentary` (Agora's commentary); this cog answers the button and the commands, tells
followers what their ``/agora notify`` choice asks (a sweep of the scheduler, so it survives a
restart; the digest itself is ``cogs/notices.py``'s), opens the spectators' private threads, shares
them with the players when the game ends, and posts the commentary in them.

The Follow button is for those who watch: it takes a board's room after the players' own controls
(extensions load in name order, so this one comes after the hints and the review); a game whose board
has no room left for it is followed with ``/follow``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.commentary import (
    Point,
    final_point,
    fits,
    keep_point,
    points_of,
    spectator_observation,
    weigh_position,
    write_commentary,
)
from bot.following import (
    KEPT_SECONDS,
    OPEN,
    UNAVAILABLE,
    Follow,
    FollowStore,
    SpectatorThread,
    check_may_follow,
    ended,
    news_line,
    thread_name,
)
from bot.i18n import game_name, game_named, text
from bot.locks import KeyedLocks
from bot.notices import DIGEST, DM
from bot.opponent import move_seed
from bot.service import ACTIVE, GameRecord, ServiceError, refusal
from bot.workers import QuietWorkers
from cogs.common import ANY_VERSION, GameButton, SharedControls, game_cog, guarded, send_answer
from cogs.games import game_link
from cogs.table.finding import game_here

PREFIX = "follow"
STOP, THREAD = "follow:stop", "follow:thread"
# Discord's answers when a private thread cannot be made here: missing permissions, or a channel type
# (a forum, a voice channel's chat) that holds no private thread.
NO_PRIVATE_THREAD = (50013, 50024, 50001)
NO_PINGS = discord.AllowedMentions.none()
THREAD_ARCHIVED = 50083  # Discord's refusal to act on an archived thread
T = TypeVar("T")
TOP_BOARDS = 3  # the boards of a tournament round offered to follow
ARCHIVE_MINUTES: Literal[10080] = 10080  # the longest a thread stays open without a message: a week

log = logging.getLogger("agora.cogs")


class Following(SharedControls):
    """The Follow button, ``/follow``, ``/following``, the followers' news and the spectators' threads."""

    prefix = PREFIX

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.store = FollowStore(bot.storage)
        self.thread_locks = KeyedLocks()  # one thread opened, shared or commented at a time, per game
        self.commenting: set[asyncio.Task[None]] = set()
        self.workers = QuietWorkers()  # apart from the AI workers: live moves never wait for it

    async def cog_load(self) -> None:
        self.bot.scheduler.sweeps.append(self.tell_news)
        self.bot.service.on_seated.append(self.seated)

    async def cog_unload(self) -> None:
        self.workers.close()
        if self.tell_news in self.bot.scheduler.sweeps:
            self.bot.scheduler.sweeps.remove(self.tell_news)
        if self.seated in self.bot.service.on_seated:
            self.bot.service.on_seated.remove(self.seated)

    # -- the Follow button and the commands --------------------------------------------------------

    def board_controls(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        if record.row.status != ACTIVE:
            return []
        return [GameButton(record.id, ANY_VERSION, PREFIX, label=text(lang, "follow.button"), emoji="👁")]

    async def on_shared_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        lang = await self.bot.reply_language(interaction)
        if action == STOP:
            await self.stop(interaction, record, lang)
        elif action == THREAD:
            await self.join_thread(interaction, record, lang)
        else:
            await self.follow(interaction, record, lang)

    @app_commands.command(name="follow", description="Follow a game you do not play: hear of its moves and its end.")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game (its number, as on its board)", stop="Stop following it")
    async def follow_command(self, interaction: discord.Interaction[Any], game: int, stop: bool = False) -> None:
        async def work() -> None:
            lang = await self.bot.reply_language(interaction)
            record = await game_here(interaction, game)
            await (self.stop(interaction, record, lang) if stop else self.follow(interaction, record, lang))

        await guarded(interaction, work)

    @app_commands.command(name="following", description="The games you follow on this server.")
    @app_commands.guild_only()
    async def following_command(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            lang = await self.bot.reply_language(interaction)
            lines = []
            for follow in await self.store.follows_of(interaction.user.id, interaction.guild_id):
                line = await self.status_line(follow, lang)
                if line is not None:
                    lines.append(line)
            said = "\n".join([text(lang, "follow.list_title"), *lines]) if lines else text(lang, "follow.list_empty")
            await send_answer(interaction, content=said[:2000], ephemeral=True, allowed_mentions=NO_PINGS)

        await guarded(interaction, work)

    async def follow(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str) -> None:
        """Follow the game (or say it is followed already), with how its news come and the thread's button."""
        user = interaction.user.id
        settings = await self.bot.settings.get(record.row.guild_id)
        check_may_follow(record, user, settings, self.bot.service.unrated_users)
        added = await self.store.follow(record, user, self.bot.clock())
        heard = (await self.bot.notices.store.get(user)).heard_by
        said = [text(lang, "follow.done" if added else "follow.already", id=record.id, game=game_named(record.game)),
                text(lang, f"follow.how.{heard}")]  # fmt: skip
        thread = await self.store.thread(record.id)
        if thread is not None and thread.state == OPEN and thread.thread_id is not None:
            await self.add_members(thread.thread_id, [user])
            said.append(text(lang, "follow.thread_added", thread=thread.thread_id))
        controls = [GameButton(record.id, ANY_VERSION, STOP, label=text(lang, "follow.stop"), emoji="✖")]
        if settings.spectator_threads and thread is None:
            controls.insert(0, GameButton(record.id, ANY_VERSION, THREAD, label=text(lang, "follow.thread_button"),
                                          emoji="🧵"))  # fmt: skip
        view = discord.ui.View(timeout=None)
        for control in controls:
            view.add_item(control)
        await send_answer(interaction, content="\n".join(said), view=view, ephemeral=True)

    async def stop(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str) -> None:
        """Stop following; a follower leaves the spectators' thread too."""
        user = interaction.user.id
        if not await self.store.unfollow(record.id, user):
            raise refusal("follow.not_following", id=record.id)
        thread = await self.store.thread(record.id)
        if thread is not None and thread.state == OPEN and thread.thread_id is not None:
            await self.remove_member(thread.thread_id, user)
        await send_answer(interaction, content=text(lang, "follow.stopped", id=record.id), ephemeral=True)

    async def status_line(self, follow: Follow, lang: str) -> str | None:
        """A followed game in ``/following`` (None: gone, or ended more than a week ago)."""
        try:
            record = await self.bot.service.load(follow.game_id)
        except ServiceError:
            return None
        if ended(record) and record.row.updated_at < self.bot.clock() - KEPT_SECONDS:
            return None
        return await news_line(self.bot.service, record, "follow.list_line", lang)

    # -- the followers' news (a sweep of the scheduler) ----------------------------------------------

    async def tell_news(self) -> int:
        """Tell each follower heard by DM of the games that moved on or ended since; followers of the
        digest hear in it, the others in ``/following`` only. Returns how many DMs went out."""
        sent = 0
        for follow, mark in await self.store.behind():
            try:
                sent += await self.tell_one(follow, mark)
            except Exception:  # one follower's news that failed is not told again; the others' still go out
                log.exception("the news of game %s for user %s failed", follow.game_id, follow.user_id)
        for thread in await self.store.open_threads_of_ended_games():
            await self.share_thread(thread)
        return sent

    async def tell_one(self, follow: Follow, mark: int) -> int:
        record = await self.bot.service.load(follow.game_id)
        if follow.user_id in record.seats:  # seated since: a player does not follow
            await self.seated(record, follow.user_id)
            return 0
        choice = await self.bot.notices.store.get(follow.user_id)
        if choice.heard_by == DIGEST or not await self.store.told(follow, mark):
            return 0  # the digest tells it; or another run took it
        if choice.heard_by != DM:
            return 0
        lang = choice.lang(await self.bot.dm_language(follow.user_id, record.row.guild_id))
        key = "follow.news_end" if ended(record) else "follow.news"
        await self.bot.notices.dm(follow.user_id, await news_line(self.bot.service, record, key, lang))
        return 1

    async def seated(self, record: GameRecord, user_id: int) -> None:
        """``user_id`` took a seat in ``record`` (an open table): they follow it no more, and leave its thread."""
        await self.store.unfollow(record.id, user_id)
        thread = await self.store.thread(record.id)
        if thread is not None and thread.state == OPEN and thread.thread_id is not None:
            await self.remove_member(thread.thread_id, user_id)

    async def on_game_changed(self, record: GameRecord) -> None:
        """A followed game moved on: its followers' news go out at once (not at the scheduler's next look),
        and its thread's commentary is brought up to date in its own worker."""
        watched = await self.store.watched(record.id)
        thread = watched.thread
        if thread is not None or watched.followed:
            self.bot.scheduler.run_soon()
        if thread is not None and thread.state == OPEN:
            self.comment_soon(record.id)

    # -- the spectators' thread ----------------------------------------------------------------------

    async def join_thread(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str) -> None:
        """Add a follower to the game's spectators' thread, opened now if it is the first to ask."""
        user = interaction.user.id
        settings = await self.bot.settings.get(record.row.guild_id)
        check_may_follow(record, user, settings, self.bot.service.unrated_users)
        if not settings.spectator_threads:
            raise refusal("follow.threads_off")
        if user not in {f.user_id for f in await self.store.followers(record.id)}:
            raise refusal("follow.not_following", id=record.id)
        async with self.thread_locks[record.id]:
            thread = await self.store.thread(record.id) or await self.open_thread(record)
        if thread.state == UNAVAILABLE or thread.thread_id is None:
            raise refusal("follow.no_private_threads")
        await self.add_members(thread.thread_id, [user])
        await send_answer(interaction, content=text(lang, "follow.thread_added", thread=thread.thread_id),
                          ephemeral=True)  # fmt: skip

    async def open_thread(self, record: GameRecord) -> SpectatorThread:
        """A private thread in the game's channel (its parent, when the game is played in a thread), with
        every follower in it; a channel that allows none is remembered (no public thread instead)."""
        lang = await self.bot.language_of(record.row.guild_id)
        parent = await self.parent_channel(record.row.channel_id)
        made = None if parent is None else await self.private_thread(parent, record, lang)
        if made is None:
            log.info("game %s: no private thread in channel %s", record.id, record.row.channel_id)
            await self.store.keep_thread(record.id, None, UNAVAILABLE, self.bot.clock())
            return SpectatorThread(record.id, None, UNAVAILABLE)
        await self.store.keep_thread(record.id, made.id, OPEN, self.bot.clock())
        await made.send(text(lang, "follow.thread_intro", id=record.id, game=game_named(record.game),
                             link=game_link(record)), allowed_mentions=NO_PINGS)  # fmt: skip
        await self.add_members(made.id, [f.user_id for f in await self.store.followers(record.id)])
        self.comment_soon(record.id)
        return SpectatorThread(record.id, made.id, OPEN)

    @staticmethod
    async def private_thread(parent: discord.TextChannel, record: GameRecord, lang: str) -> discord.Thread | None:
        """A new private thread in ``parent`` its members cannot invite others to; None where Discord
        refuses private threads (missing permission, a channel that holds none)."""
        try:
            return await parent.create_thread(
                name=thread_name(lang, game_name(lang, record.game), record.id),
                type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=ARCHIVE_MINUTES,
            )  # fmt: skip
        except discord.HTTPException as error:
            if error.code not in NO_PRIVATE_THREAD:
                raise
            return None

    async def parent_channel(self, channel_id: int) -> discord.TextChannel | None:
        """The text channel a private thread for a game of ``channel_id`` is made in (its parent when the
        game is played in a thread); None for a channel that holds no thread."""
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            channel = channel.parent
        return channel if isinstance(channel, discord.TextChannel) else None

    async def add_members(self, thread_id: int, user_ids: Sequence[int]) -> None:
        """Add members to a spectators' thread, woken first if a week without a message archived it; one
        who left the server is skipped."""
        for user_id in user_ids:
            try:
                await self.awake(thread_id, partial(self.bot.http.add_user_to_thread, thread_id, user_id))
            except discord.NotFound:
                log.info("user %s could not join thread %s: gone", user_id, thread_id)

    async def awake(self, thread_id: int, act: Callable[[], Awaitable[T]]) -> T:
        """``act`` on a thread; if Discord refuses it because the thread is archived, unarchive it and retry."""
        try:
            return await act()
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED:
                raise
        await self.bot.http.edit_channel(thread_id, archived=False)
        return await act()

    async def remove_member(self, thread_id: int, user_id: int) -> None:
        try:
            await self.bot.http.remove_user_from_thread(thread_id, user_id)
        except discord.NotFound:
            log.info("user %s was not in thread %s", user_id, thread_id)

    async def share_thread(self, thread: SpectatorThread) -> None:
        """The game ended: its players join its thread, where its final board and commentary are posted."""
        async with self.thread_locks[thread.game_id]:
            if thread.thread_id is None or not await self.store.share(thread.game_id):
                return
            record = await self.bot.service.load(thread.game_id)
            if record.state is not None:
                await self.post_final_board(record, thread.thread_id)
            agora = self.bot.user.id if self.bot.user is not None else 0
            # Everyone who sat at the table, those who left it and Agora played for included (not Agora).
            await self.add_members(thread.thread_id, [uid for uid in dict.fromkeys(record.seats) if uid != agora])
        await self.comment(thread.game_id)

    async def post_final_board(self, record: GameRecord, thread_id: int) -> None:
        lang = await self.bot.language_of(record.row.guild_id)
        board = await game_cog(self.bot, record.game).board(record)
        board.attach(f"game-{record.id}-{record.version}.png")
        said = text(lang, "follow.thread_final", id=record.id)
        channel = self.bot.get_partial_messageable(thread_id)
        await channel.send(said, embed=board.embed, file=board.file(record.id, record.version),
                           allowed_mentions=NO_PINGS)  # fmt: skip

    # -- the commentary --------------------------------------------------------------------------------

    def comment_soon(self, game_id: int) -> None:
        """Bring the game's commentary up to date in the background (in its own worker, live moves never wait)."""
        task = asyncio.create_task(self.comment_logged(game_id))
        self.commenting.add(task)
        task.add_done_callback(self.commenting.discard)

    async def comment_logged(self, game_id: int) -> None:
        try:
            await self.comment(game_id)
        except Exception:
            log.exception("the commentary of game %s failed", game_id)

    async def comment(self, game_id: int) -> None:
        """Weigh the position the game stands in (once), then show the chances so far in its thread."""
        async with self.thread_locks[game_id]:
            thread = await self.store.thread(game_id)
            record = await self.bot.service.load(game_id)
            settings = await self.bot.settings.get(record.row.guild_id)
            if thread is None or thread.thread_id is None or record.state is None or not settings.commentary:
                return
            points = await points_of(self.bot.storage, game_id)
            moves = [(move.seat, move.notation) for move in await self.bot.storage.moves(game_id)]
            fresh = await self.weighed(record, moves, points)
            if fresh is not None:
                await keep_point(self.bot.storage, game_id, fresh)
                points = await points_of(self.bot.storage, game_id)
            if fresh is not None or record.state.outcome is not None:
                await self.show_commentary(record, thread, points, moves)

    async def weighed(self, record: GameRecord, moves: list[tuple[int, str]], points: list[Point]) -> Point | None:
        """The chances where the game stands, unless weighed already or past the game's worker time."""
        assert record.state is not None
        ply = len(moves)
        if any(point.ply == ply for point in points):
            return None
        if record.state.outcome is not None:
            return final_point(record.state, ply)
        obs = spectator_observation(record.state, moves)
        if obs is None or not fits(sum(point.seconds for point in points)):
            return None
        seed = move_seed(record.id, ply)
        return await self.workers.run(weigh_position, obs, ply, seed)

    async def show_commentary(
        self, record: GameRecord, thread: SpectatorThread, points: list[Point], moves: list[tuple[int, str]]
    ) -> None:
        """The thread's commentary message, drawn anew: the picture of the chances and the turns that
        changed them most (edited in place; posted again if it was deleted)."""
        assert thread.thread_id is not None
        lang = await self.bot.language_of(record.row.guild_id)
        written = await write_commentary(self.bot.service, self.bot.drawing, record, points, moves, lang)
        channel = self.bot.get_partial_messageable(thread.thread_id)
        if thread.comment_message_id is not None:
            message = channel.get_partial_message(thread.comment_message_id)
            try:
                await self.awake(thread.thread_id, partial(message.edit, content=written.words,
                                                           attachments=[written.file(record.id)]))  # fmt: skip
                return
            except discord.NotFound:
                log.info("game %s: its commentary message was deleted; posted again", record.id)
        sent = await channel.send(written.words, file=written.file(record.id), allowed_mentions=NO_PINGS)
        await self.store.keep_comment_message(record.id, sent.id)


async def top_boards_offer(bot: AgoraBot, guild_id: int, game_ids: Sequence[int], lang: str) -> discord.ui.View:
    """A tournament round's offer to follow its top boards (the first TOP_BOARDS games, the leaders'):
    a button each; none where tournament games, which are rated, may not be followed."""
    view = discord.ui.View(timeout=None)
    if not (await bot.settings.get(guild_id)).follow_rated:
        return view
    for game_id in game_ids[:TOP_BOARDS]:
        view.add_item(GameButton(game_id, ANY_VERSION, PREFIX, label=text(lang, "follow.tour_button", id=game_id),
                                 emoji="👁"))  # fmt: skip
    return view


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Following(bot))
