"""Tic-tac-toe on Discord: ``/tictactoe challenge``, then one button per square.

Everything else (who may act, stale buttons, ``/move``, offers, time-outs, replays, ratings,
Agora's moves) comes with :class:`cogs.common.GameCog`'s shared move path.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from agora_tic_tac_toe import render as drawing
from agora_tic_tac_toe.rules import GAME_ID, SIZE, SQUARES, TicTacToeState, index_of
from bot.app import AgoraBot
from bot.endings import result_text
from bot.i18n import text
from bot.opponent import DEFAULT_LEVEL, Level
from bot.service import ACTIVE, GameRecord
from cogs.common import COLOUR, OPPONENT_HELP, Board, GameButton, GameCog, LessonClick, challenge_command, mention_list
from rules import Square

MARKS = ("❌", "⭕")  # the square's button shows who marked it; the picture draws the same X and O


class TicTacToe(GameCog):
    """``/tictactoe challenge`` and the square buttons of tic-tac-toe boards."""

    game_id = GAME_ID
    actions = r"mark:[a-c][1-3]"
    group = app_commands.Group(name="tictactoe", description="Tic-tac-toe: three in a row wins.")

    @challenge_command(group, "Challenge someone to a game of tic-tac-toe.", opponent=OPPONENT_HELP)
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | discord.User,
        deadline: str | None = None,
        level: Level = DEFAULT_LEVEL,
    ) -> None:
        await self.start_challenge(interaction, [opponent], {}, deadline=deadline, level=level)

    async def board(self, record: GameRecord) -> Board:
        state = record.state
        assert isinstance(state, TicTacToeState)
        lang = await self.language(record)
        names = await self.service.shown_names(record)
        picture = await self.draw(drawing.render, record, state.view(None))
        embed = discord.Embed(title=text(lang, "tic_tac_toe.title", id=record.id), colour=COLOUR)
        outcome = record.outcome
        if record.row.status != ACTIVE or outcome is not None:
            if outcome is not None:
                embed.description = result_text(lang, GAME_ID, outcome, record.row.end_reason, names)
            return Board(text(lang, "tic_tac_toe.game_over", players=mention_list(record.seats)), embed, picture)
        mover = state.to_move
        embed.description = text(lang, "tic_tac_toe.to_play", name=names[mover], mark=drawing.MARKS[mover])
        content = self.bot_thinking(record, lang) or text(lang, "tic_tac_toe.your_turn", user=record.user_at(mover))
        return Board(content, embed, picture, self.squares(record, state))

    def squares(self, record: GameRecord, state: TicTacToeState) -> list[discord.ui.Item[Any]]:
        """A button per square, rank 3 on top as on the picture."""
        return [
            self.square_button(record, state, square, row=SIZE - 1 - square.rank)
            for square in sorted(SQUARES, key=lambda square: (-square.rank, square.file))
        ]

    @staticmethod
    def square_button(record: GameRecord, state: TicTacToeState, square: Square, row: int) -> GameButton:
        """The button that marks ``square``; a marked square shows its mark and cannot be pressed."""
        seat = state.marks[index_of(square)]
        label = str(square) if seat is None else f"{MARKS[seat]} {square}"
        action = f"mark:{square}"
        return GameButton(record.id, record.version, action, label=label, disabled=seat is not None, row=row)

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The board's square buttons."""
        state = record.state
        assert isinstance(state, TicTacToeState)
        return self.squares(record, state)

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        return LessonClick(move=action.removeprefix("mark:"))

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        square = action.removeprefix("mark:")
        await self.commit(record, interaction.user.id, [square], version=version, interaction=interaction)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(TicTacToe(bot))
