"""What every game cog shares: :class:`GameCog`, and the names the cogs import from here.

A game's cog supplies only its board, its controls and the summary of a move (the hooks of
:class:`cogs.table.base.TableCog`); the rest of the table lives in ``cogs/table/``, one concern a
module: controls and their routing (``controls``), answers within Discord's limits (``replies``),
board messages (``boards``), private panels (``panels``), the one path of every move (``turns``),
challenges (``challenges``) and rematches (``rematches``).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from bot.service import GameRecord, StaleButton
from cogs.table.base import (
    COLOUR,
    COMMON_ACTIONS,
    LessonClick,
    Reply,
    TableCog,
    bot_levels,
    disable_moves,
    is_active,
    on_board,
    seat_list,
)
from cogs.table.boards import Boards
from cogs.table.challenges import DEADLINE_HELP, LEVEL_HELP, OPPONENT_HELP, Challenges, challenge_command
from cogs.table.controls import (
    ANY_VERSION,
    MAX_GAME_ID,
    ControlId,
    GameButton,
    GameSelect,
    RegistersControls,
    SharedControls,
    cog_of,
    control_id,
    controls_view,
    dispatch,
    menu_button,
    opens_modal,
    rebound,
    shared_menu,
)
from cogs.table.finding import game_here, game_numbers, pick_game
from cogs.table.panels import Panels
from cogs.table.pictures import Board, Picture, picture_words
from cogs.table.rematches import Rematches
from cogs.table.replies import (
    ACKNOWLEDGED,
    BUTTON_LIMIT,
    CONTENT_LIMIT,
    DESCRIPTION_LIMIT,
    ECHO_LIMIT,
    FIELD_LIMIT,
    FIELD_NAME_LIMIT,
    FOOTER_LIMIT,
    MISSING_PERMISSIONS,
    OPTION_LIMIT,
    PLACEHOLDER_LIMIT,
    TITLE_LIMIT,
    Sent,
    acknowledge,
    answered,
    clip,
    echo,
    fit_embed,
    fit_item,
    guarded,
    in_reply_language,
    inert,
    mention_list,
    send_answer,
    tell,
    update_clicked,
)
from cogs.table.turns import Turns

__all__ = [
    "ACKNOWLEDGED", "ANY_VERSION", "BUTTON_LIMIT", "COLOUR", "COMMON_ACTIONS", "CONTENT_LIMIT", "DEADLINE_HELP",
    "DESCRIPTION_LIMIT", "ECHO_LIMIT", "FIELD_LIMIT", "FIELD_NAME_LIMIT", "FOOTER_LIMIT", "LEVEL_HELP", "MAX_GAME_ID",
    "MISSING_PERMISSIONS", "OPPONENT_HELP", "OPTION_LIMIT", "PLACEHOLDER_LIMIT", "TITLE_LIMIT", "Board", "Boards",
    "Challenges", "ControlId", "GameButton", "GameCog", "GameSelect", "LessonClick", "Panels", "Picture",
    "RegistersControls", "Rematches", "Reply", "Sent", "SharedControls", "TableCog", "Turns", "acknowledge", "answered",
    "bot_levels", "challenge_command", "clip", "control_id", "controls_view", "disable_moves", "dispatch", "echo",
    "fit_embed", "fit_item", "game_cog", "game_here", "game_numbers", "guarded", "in_reply_language", "inert",
    "is_active", "mention_list", "menu_button", "on_board", "opens_modal", "pick_game", "picture_words", "rebound",
    "seat_list", "send_answer", "shared_menu", "tell", "update_clicked",
]

class GameCog(Rematches):
    """Base of each game's cog: the hooks a game writes (:class:`cogs.table.base.TableCog`), on the
    table's board messages, private panels, move path, challenges and rematches; this class routes
    each click to the part it belongs to.
    """

    async def cog_load(self) -> None:
        # The controls of every game: registered at start-up, so boards keep working after a restart.
        self.bot.add_dynamic_items(GameButton, GameSelect)

    async def on_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action == "accept":
            await self._accept(interaction, record)
        elif action == "decline":
            await self._decline(interaction, record)
        elif action == "rematch":
            await self._rematch(interaction, record)
        elif action == "private":
            await self._show_private(interaction, record)
        elif (shared := self.shared_controls(action)) is not None:
            await shared.on_shared_control(interaction, record, version, action)
        else:
            try:
                await self.on_game_control(interaction, record, version, action, values)
            except StaleButton as error:
                on_panel = interaction.message is not None and interaction.message.flags.ephemeral
                if not (on_panel and self.panel_actions and re.fullmatch(self.panel_actions, action)):
                    raise
                await self.stale_panel(interaction, record, error)

    def shared_controls(self, action: str) -> SharedControls | None:
        """The cog of controls every game shares (draw offers, take-backs, time-outs) that ``action`` names."""
        prefix = action.split(":", 1)[0]
        for cog in self.bot.cogs.values():
            if isinstance(cog, SharedControls) and cog.prefix == prefix:
                return cog
        return None


def game_cog(bot: commands.Bot | commands.AutoShardedBot, game: str) -> GameCog:
    """The loaded cog of ``game``, or a refusal when this bot does not host it."""
    return cog_of(bot, game, GameCog)
