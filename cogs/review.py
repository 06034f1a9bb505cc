"""The Review button of finished boards: the three moves that cost the player most, by Agora.

Only the game's players may ask, each for their own seat; the answer is private. A review is worked
out once (``bot/review.py``: each position one job in the AI workers behind live moves, one review at
a time in the bot, at most GAME_SECONDS of worker time a game) and kept; asking again shows the kept one.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord.ext import commands

from ai import Observation
from bot.app import AgoraBot
from bot.i18n import plural, text
from bot.movelog import starting_state
from bot.review import (
    GAME_SECONDS,
    Estimate,
    Review,
    chained,
    costliest,
    estimate,
    fits,
    keep_review,
    numbered,
    positions_of,
    stored_review,
    triage,
)
from bot.service import FINISHED, GameRecord, refusal
from bot.workers import BACKGROUND
from cogs.common import (
    ANY_VERSION,
    COLOUR,
    GameButton,
    SharedControls,
    controls_view,
    game_cog,
    picture_words,
    send_answer,
)
from cogs.play_on import play_on_menu
from render.review import side_by_side
from rules import GameState, IllegalMove

PREFIX = "review"

log = logging.getLogger("agora.cogs")


class Reviews(SharedControls):
    """The Review button and the reviews it shows."""

    prefix = PREFIX

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.one_at_a_time = asyncio.Lock()  # one review's positions at a time in the workers (live moves go first)

    def board_controls(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        if record.row.status != FINISHED or record.state is None or len(record.seats) < 2:
            return []  # a solo game (a training against the board) has no opponent to review against
        if not record.people_besides():
            return []
        label = text(lang, "review.button")
        return [GameButton(record.id, ANY_VERSION, PREFIX, label=label, emoji="🔎", row=4)]

    def menu_controls(self, record: GameRecord, user_id: int, lang: str) -> list[discord.ui.Item[Any]]:
        """The Review in the "⋯" menu of a player of the finished game, where the board offers one."""
        if not self.board_controls(record, lang) or not self.own_seats(record, user_id):
            return []
        return [GameButton(record.id, ANY_VERSION, PREFIX, label=text(lang, "review.button"), emoji="🔎")]

    async def on_shared_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        seat = self.reviewed_seat(record, interaction.user.id)
        review = await self.kept_or_worked_out(record, seat)
        await self.show(interaction, record, seat, review)

    async def kept_or_worked_out(self, record: GameRecord, seat: int) -> Review:
        """The seat's kept review, else worked out now and kept; one at a time, so a second click while
        it is worked out waits for it and shows the same review, worked out once."""
        review = await stored_review(self.bot.storage, record.id, seat)
        if review is not None:
            return review
        async with self.one_at_a_time:
            review = await stored_review(self.bot.storage, record.id, seat)
            if review is None:
                review = await self.work_out(record, seat)
                await keep_review(self.bot.storage, record.id, seat, review)
        return review

    def reviewed_seat(self, record: GameRecord, user_id: int) -> int:
        """The seat a player's review is for: their own, once the game is over."""
        if record.row.status != FINISHED or record.state is None:
            raise refusal("review.not_finished", id=record.id)
        mine = self.own_seats(record, user_id)
        if not mine:
            raise refusal("review.not_yours", id=record.id)
        return mine[0]

    @staticmethod
    def own_seats(record: GameRecord, user_id: int) -> list[int]:
        """The seats ``user_id`` played in person (not those Agora played for them)."""
        return [seat for seat in record.seats_of(user_id) if seat not in record.bot_seats]

    async def work_out(self, record: GameRecord, seat: int) -> Review:
        """The costliest moves of ``seat``: its positions weighed one job each, behind live moves, the
        likeliest to matter first, until one more could pass the game's worker time."""
        moves = [(move.seat, move.notation) for move in await self.bot.storage.moves(record.id)]
        states = await asyncio.to_thread(every_state, record, moves)
        positions = positions_of(record.game, states, moves, seat)
        found: list[Estimate] = []
        order, spent = await self.bot.thinking.run(triage, positions, record.id * 1000, priority=BACKGROUND)
        for index in order:
            if not fits(spent):
                break
            weighed = await self.weighed(record, *positions[index])
            if weighed is not None:
                found.append(weighed)
                spent += weighed.seconds
        return Review(costliest(chained(found)), len(found), len(positions))

    async def weighed(self, record: GameRecord, obs: Observation, played: str, ply: int) -> Estimate | None:
        """One position weighed in the AI workers, behind live moves; None for a move the stored game
        gives that its seat could not have played (a damaged record: the rest of the review goes on)."""
        seed = record.id * 1000 + ply
        try:
            return await self.bot.thinking.run(estimate, obs, played, ply, seed, priority=BACKGROUND)
        except ValueError:
            log.warning("game %s: move %s (%s) could not be weighed", record.id, ply, played)
            return None

    async def show(self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, review: Review) -> None:
        lang = await self.bot.reply_language(interaction)
        moves = [(move.seat, move.notation) for move in await self.bot.storage.moves(record.id)]
        states = await asyncio.to_thread(every_state, record, moves)
        embed = discord.Embed(title=text(lang, "review.title", id=record.id), colour=COLOUR)
        lines = [self.line(e, move_number(states, seat, e, lang), lang) for e in review.shown]
        lines = lines or [text(lang, "review.clean")]
        if review.partial:
            lines.append(plural(lang, "review.partial", review.moves, reviewed=review.reviewed, moves=review.moves,
                                seconds=int(GAME_SECONDS)))  # fmt: skip
        embed.description = "\n".join(lines)
        embed.set_footer(text=text(lang, "review.footer", seconds=int(GAME_SECONDS)))
        files = await self.pictures(record, states, seat, review.shown, lang)
        menu = play_on_menu(record.id, review.shown, lang)  # play on from a costly move's position
        view = controls_view([menu]) if menu is not None else discord.utils.MISSING
        await send_answer(interaction, embed=embed, files=files, view=view, ephemeral=True)

    def line(self, estimate: Estimate, number: str, lang: str) -> str:
        return text(
            lang, "review.line", number=number, played=estimate.played, best=estimate.best,
            lost=round(100 * estimate.lost), before=round(100 * estimate.chance_before),
            after=round(100 * estimate.chance_played), better=round(100 * estimate.chance_best),
        )  # fmt: skip

    async def pictures(
        self, record: GameRecord, states: list[GameState[Any]], seat: int, estimates: list[Estimate], lang: str
    ) -> list[discord.File]:
        """Each costly move: the position after it beside the position after the better move, as the seat saw."""
        names = await self.bot.service.display_names(record)
        cog = game_cog(self.bot, record.game)
        files = []
        for e in estimates:
            before = states[e.ply - 1]
            try:
                better = before.play(seat, e.best)
            except IllegalMove:  # a move of a world the seat imagined that the real game did not allow
                continue
            views = [cog.pictured(after.view(seat), lang) for after in (states[e.ply], better)]
            captions = (
                text(lang, "review.played", move=e.played, chance=round(100 * e.chance_played)),
                text(lang, "review.better", move=e.best, chance=round(100 * e.chance_best)),
            )
            png = await self.bot.drawing.draw(
                side_by_side, record.game, *views, names, words=picture_words(record.game, lang), captions=captions
            )
            alt = text(lang, "review.alt", played=e.played, best=e.best)
            files.append(discord.File(io.BytesIO(png), filename=f"review-{record.id}-{e.ply}.png", description=alt))
        return files


def move_number(states: list[GameState[Any]], seat: int, estimate: Estimate, lang: str) -> str:
    """The move's number as the board shows it: its turn and place in the turn, or its number."""
    turn, move = numbered(states[estimate.ply - 1].view(seat), states[estimate.ply].view(seat))
    return (
        text(lang, "review.move", number=move) if turn is None else text(lang, "review.turn_move", turn=turn, move=move)
    )


def every_state(record: GameRecord, moves: list[tuple[int, str]]) -> list[GameState[Any]]:
    """The game before each move, and at its end (``len(moves) + 1`` states)."""
    state = starting_state(record.row)
    states = [state]
    for mover, notation in moves:
        state = state.play(mover, notation)
        states.append(state)
    return states


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Reviews(bot))
