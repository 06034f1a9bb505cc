"""Where each game's parts live, found rather than listed.

A game is four modules: its engine (which registers a :class:`rules.Game` when imported), its
picture, its Discord cog and its AI adapter. A game that ships with the bot keeps them in the
layer folders, each named after the game id (``rules/x.py``, ``render/x.py``, ``cogs/x.py``,
``ai/x.py``). A game installed as a separate package declares an entry point in the group
``agora.games``, named after the game id, whose value is the package holding ``rules``,
``render``, ``cog`` and ``ai`` modules::

    [agora.games]
    connect_four = connect_four_for_agora

>>> MODULES["arkaios"].render
'render.arkaios'
>>> GameModules.packaged("x", "games.x").cog
'games.x.cog'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from types import ModuleType
from typing import Literal

ENTRY_POINT_GROUP = "agora.games"
Part = Literal["rules", "render", "cog", "ai"]


@dataclass(frozen=True)
class GameModules:
    """The modules of one game's parts, by their import names."""

    game_id: str
    rules: str
    render: str
    cog: str
    ai: str

    @classmethod
    def built_in(cls, game_id: str) -> GameModules:
        """A game shipped with the bot: one module per layer folder, named after the game id."""
        return cls(game_id, f"rules.{game_id}", f"render.{game_id}", f"cogs.{game_id}", f"ai.{game_id}")

    @classmethod
    def packaged(cls, game_id: str, package: str) -> GameModules:
        """A game installed on its own: a package with one module per part."""
        return cls(game_id, f"{package}.rules", f"{package}.render", f"{package}.cog", f"{package}.ai")

    def module(self, part: Part) -> ModuleType:
        """The imported module of ``part``."""
        return importlib.import_module(getattr(self, part))


MODULES: dict[str, GameModules] = {}  # game id -> where its parts live, in the order games registered


def part_of(game_id: str, part: Part) -> ModuleType:
    """The module of ``game_id``'s ``part`` (its picture, its cog, its AI adapter...)."""
    return MODULES[game_id].module(part)


def add(modules: GameModules) -> None:
    """Record where a game's parts live (once per game)."""
    if modules.game_id in MODULES:
        raise ValueError(f"game id {modules.game_id!r} found twice: {MODULES[modules.game_id]} and {modules}")
    MODULES[modules.game_id] = modules


def installed_games() -> list[tuple[str, str]]:
    """(game id, package) of every game declared in the ``agora.games`` entry points."""
    return sorted((point.name, point.value) for point in entry_points(group=ENTRY_POINT_GROUP))
