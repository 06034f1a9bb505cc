"""Persistent controls: every button and select is a :class:`discord.ui.DynamicItem` whose custom_id
carries the game id, the game version it was drawn for and an action, e.g. ``agora:b:12:5:confirm``.

A click reloads the game from the database and goes to the cog of its game (:func:`dispatch`), so
controls keep working after a restart and no game lives in a View.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

import discord
from discord.ext import commands

from bot.service import GameRecord, ServiceError, invalid_control, refusal
from cogs.table.base import TableCog
from cogs.table.replies import acknowledge, fit_item, guarded

Cog = TypeVar("Cog", bound=TableCog)


ANY_VERSION = -1

MENU_ACTION = "days:more"  # the board's "⋯" button: a player's private menu of the game


# The DynamicItem templates take any id of their kind, so that a malformed one is still
# answered ("this control is not valid") instead of being ignored; ControlId checks the rest.
_ANY_ID = r"(?P<raw>.{0,100})"


_CONTROL_ID = re.compile(r"(?P<game>[1-9][0-9]{0,18}):(?P<version>0|[1-9][0-9]{0,8}|any):(?P<action>[!-~]{1,80})")


MAX_GAME_ID = 2**63 - 1  # SQLite's INTEGER


def control_id(kind: str, game_id: int, version: int, action: str) -> str:
    """The custom_id of a control; ``version`` is ANY_VERSION for controls valid at any time."""
    shown = "any" if version == ANY_VERSION else str(version)
    return f"agora:{kind}:{game_id}:{shown}:{action}"


@dataclass(frozen=True)
class ControlId:
    """The parts of a control's custom_id after ``agora:b:`` or ``agora:s:``, within bounds.

    >>> ControlId.parse("12:5:confirm")
    ControlId(game_id=12, version=5, action='confirm')
    >>> ControlId.parse("99999999999999999999:any:private") is None
    True
    """

    game_id: int
    version: int
    action: str

    @classmethod
    def parse(cls, raw: str) -> ControlId | None:
        found = _CONTROL_ID.fullmatch(raw)
        if found is None or int(found["game"]) > MAX_GAME_ID:
            return None
        version = ANY_VERSION if found["version"] == "any" else int(found["version"])
        return cls(int(found["game"]), version, found["action"])


def _parse(match: re.Match[str]) -> tuple[int, int, str]:
    """The parts of a matched custom_id; an invalid one gets game 0, which :func:`dispatch` refuses."""
    parsed = ControlId.parse(match["raw"])
    return (0, 0, "") if parsed is None else (parsed.game_id, parsed.version, parsed.action)


class _BoundToGame:
    """What a game's buttons and menus share: the game, the version and the action their custom_id
    names, from which alone each is rebuilt when clicked after a restart."""

    game_id: int
    version: int
    action: str

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        build = cast(Callable[[int, int, str], Self], cls)  # every control's other arguments have defaults
        return build(*_parse(match))


class GameButton(_BoundToGame, discord.ui.DynamicItem[discord.ui.Button[Any]], template=f"agora:b:{_ANY_ID}"):
    """A button bound to one game and one version of it."""

    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or None,
            style=style,
            custom_id=control_id("b", game_id, version, action),
            disabled=disabled,
            emoji=emoji,
            row=row,
        )
        super().__init__(button)
        self.game_id, self.version, self.action = game_id, version, action

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, self.game_id, self.version, self.action, [])


class GameSelect(_BoundToGame, discord.ui.DynamicItem[discord.ui.Select[Any]], template=f"agora:s:{_ANY_ID}"):
    """A select menu bound to one game and one version of it; each option value is an action argument."""

    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "",
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=control_id("s", game_id, version, action),
            options=list(options) or [discord.SelectOption(label="-")],
            placeholder=placeholder or None,
            row=row,
            disabled=disabled,
        )
        super().__init__(select)
        self.game_id, self.version, self.action = game_id, version, action

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, self.game_id, self.version, self.action, list(self.item.values))


Rebind = Callable[[discord.ui.Item[Any], str], discord.ui.Item[Any]]  # an item and its action -> its new control


def rebound(items: Sequence[discord.ui.Item[Any]], rebind: Rebind) -> list[discord.ui.Item[Any]]:
    """A game's controls (:class:`GameButton`, :class:`GameSelect`) routed elsewhere: each one's button
    or select, as the game drew it, given to ``rebind`` with its action (e.g. a lesson's control, whose
    custom_id the lesson owns). Items that are no game control are left out."""
    found: list[discord.ui.Item[Any]] = []
    for item in items:
        if isinstance(item, (GameButton, GameSelect)):
            found.append(rebind(item.item, item.action))
    return found


def controls_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view of ``items``, every label within Discord's limits."""
    view = discord.ui.View(timeout=None)
    for item in items:
        fit_item(item)
        view.add_item(item)
    return view


async def dispatch(
    interaction: discord.Interaction[Any], game_id: int, version: int, action: str, values: list[str]
) -> None:
    """Route a click to the cog of the game it belongs to.

    The click is acknowledged before the game is loaded (a deferred update), so the player's
    button stops spinning at once however busy the bot is; the answer follows.  A malformed id is
    refused straight away, and a control that opens a form is not deferred (a form must be the answer).
    """

    async def route() -> None:
        if game_id == 0:
            raise invalid_control()
        if not opens_modal(interaction.client, action):
            await acknowledge(interaction)
        service = interaction.client.service
        try:
            record = await service.load(game_id)
        except ServiceError as error:
            raise invalid_control() if error.key == "err.no_game" else error from None
        service.check_server(record, interaction.guild_id)
        cog = cog_of(interaction.client, record.game, TableCog)
        if not cog.knows(action):
            raise invalid_control()
        await cog.on_control(interaction, record, version, action, values)

    await guarded(interaction, route)


def cog_of(bot: commands.Bot | commands.AutoShardedBot, game: str, kind: type[Cog]) -> Cog:
    """The loaded cog of ``game`` (of class ``kind``), or a refusal when this bot does not host it."""
    for cog in bot.cogs.values():
        if isinstance(cog, kind) and cog.game_id == game:
            return cog
    raise refusal("err.game_unavailable")


def opens_modal(bot: commands.Bot | commands.AutoShardedBot, action: str) -> bool:
    """Whether a control's action answers with a form, which must be the interaction's first answer."""
    return any(
        isinstance(cog, TableCog) and cog.modal_actions and re.fullmatch(cog.modal_actions, action) is not None
        for cog in bot.cogs.values()
    )


class SharedControls(commands.Cog):
    """A cog that handles controls every game shares, whose action starts with ``prefix`` (e.g. ``days:``)."""

    prefix: ClassVar[str]

    async def on_shared_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str
    ) -> None:
        raise NotImplementedError

    def board_controls(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        """Controls this cog adds to every public board of ``record`` (none by default)."""
        return []

    def menu_controls(self, record: GameRecord, user_id: int, lang: str) -> list[discord.ui.Item[Any]]:
        """Controls this cog offers ``user_id`` in the board's "⋯" menu (none by default): there they are
        within reach even when the board has no room left for them."""
        return []

    async def on_game_changed(self, record: GameRecord) -> None:
        """The game moved on or ended (``record`` is the latest): close what no longer applies."""


AnyBot = TypeVar("AnyBot", bound=commands.Bot | commands.AutoShardedBot)


class RegistersControls(commands.Cog, Generic[AnyBot]):
    """A cog whose own controls keep working after a restart: their :class:`discord.ui.DynamicItem`
    classes (``controls``) are registered while the cog is loaded. A cog that does more when it loads
    or unloads calls ``super()`` first."""

    bot: AnyBot
    controls: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.controls)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*self.controls)
def menu_button(game_id: int) -> GameButton:
    """The board's "⋯" button, valid at any version: it opens the clicking player's private menu."""
    return GameButton(game_id, ANY_VERSION, MENU_ACTION, label="⋯")


def shared_menu(bot: commands.Bot | commands.AutoShardedBot, record: GameRecord, user_id: int, lang: str) -> list[
    discord.ui.Item[Any]
]:
    """What every shared-controls cog offers ``user_id`` in ``record``'s "⋯" menu."""
    return [item for cog in bot.cogs.values() if isinstance(cog, SharedControls)
            for item in cog.menu_controls(record, user_id, lang)]  # fmt: skip


def is_menu_button(item: discord.ui.Item[Any]) -> bool:
    return isinstance(item, GameButton) and item.action == MENU_ACTION


def pack(view: discord.ui.View, items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.Item[Any]]:
    """Add ``items`` to ``view`` in order, each in its own row if that row has room, else in the first
    row that has; those that find no room anywhere (five full rows, or 25 controls) are returned."""
    return [item for item in items if not placed(view, item)]


def placed(view: discord.ui.View, item: discord.ui.Item[Any]) -> bool:
    """Whether ``item`` found room in ``view``: in its own row, else in any (as discord.py checks Discord's limits)."""
    fit_item(item)
    for row in dict.fromkeys((item.row, None)):
        item.row = row
        try:
            view.add_item(item)
        except ValueError:
            continue
        return True
    return False
