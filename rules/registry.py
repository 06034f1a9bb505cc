"""Where each game's parts live, found rather than listed.

A game is four modules: its engine (which registers a :class:`rules.Game` when imported), its
picture, its Discord cog and its AI adapter, and may have a fifth, its ``/learn`` lesson. A game
that ships with the bot keeps them in the layer folders, each named after the game id
(``rules/x.py``, ``render/x.py``, ``cogs/x.py``, ``ai/x.py``, ``bot/learn/x.py``). A game installed
as a separate package declares an entry point in the group ``agora.games``, named after the game
id, whose value is the package holding ``rules``, ``render``, ``cog`` and ``ai`` modules (and
``learn`` when it has a lesson), its rules pages (``docs/rules/<id>.md``, ``docs/rules/fr/<id>.md``)
and its catalogues (``locales/<language>/*.po``); its ``pyproject.toml`` says, for a game ``x`` in the
package ``agora_x`` (``docs/adding-a-game.md``)::

    [project.entry-points."agora.games"]
    x = "agora_x"

>>> game = next(iter(MODULES))  # a game shipped with the bot
>>> MODULES[game].render == f"render.{game}"
True
>>> GameModules.packaged("x", "games.x").cog
'games.x.cog'
>>> MODULES[game].learn == f"bot.learn.{game}", GameModules.packaged("x", "games.x").learn
(True, 'games.x.learn')
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Literal

ENTRY_POINT_GROUP = "agora.games"
Part = Literal["rules", "render", "cog", "ai", "learn"]
PROJECT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class GameModules:
    """Where one game's parts live: the layer folders for a built-in game (``package`` None),
    else the modules, rules pages (``docs/rules/``) and catalogues (``locales/``) of its package."""

    game_id: str
    package: str | None = None

    @classmethod
    def built_in(cls, game_id: str) -> GameModules:
        """A game shipped with the bot: one module per layer folder, named after the game id."""
        return cls(game_id)

    @classmethod
    def packaged(cls, game_id: str, package: str) -> GameModules:
        """A game installed on its own: a package with one module per part."""
        return cls(game_id, package)

    def _named(self, layer: str, part: str) -> str:
        return f"{layer}.{self.game_id}" if self.package is None else f"{self.package}.{part}"

    @property
    def rules(self) -> str:
        return self._named("rules", "rules")

    @property
    def render(self) -> str:
        return self._named("render", "render")

    @property
    def cog(self) -> str:
        return self._named("cogs", "cog")

    @property
    def ai(self) -> str:
        return self._named("ai", "ai")

    @property
    def learn(self) -> str:
        """The module of the game's ``/learn`` lesson (a game need not have one: see :meth:`has`)."""
        return self._named("bot.learn", "learn")

    def has(self, part: Part) -> bool:
        """Whether the game has ``part`` (every game has the four first; a lesson is optional)."""
        name: str = getattr(self, part)
        try:
            return importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:  # the package holding it is not installed
            return False

    def module(self, part: Part) -> ModuleType:
        """The imported module of ``part``."""
        name: str = getattr(self, part)
        return importlib.import_module(name)

    @property
    def folder(self) -> Path:
        """The package's folder; the project's own folder for a built-in game."""
        if self.package is None:
            return PROJECT
        return Path(self.module("rules").__file__ or "").parent

    @property
    def rules_pages(self) -> Path:
        """The folder of the game's rules pages: ``<id>.md`` in English, ``fr/<id>.md`` in French."""
        return self.folder / "docs" / "rules"

    @property
    def locales(self) -> Path | None:
        """The game's own catalogues (``locales/<language>/*.po``); None for a built-in game, whose
        words are in the bot's catalogues (``bot/locales``)."""
        return None if self.package is None else self.folder / "locales"


MODULES: dict[str, GameModules] = {}  # game id -> where its parts live, in the order games registered
# Game id -> where its parts live, for an installed engine imported before this package (it imported
# it on its way), until its game registers (:func:`registered`).
AWAITED: dict[str, GameModules] = {}


def part_of(game_id: str, part: Part) -> ModuleType:
    """The module of ``game_id``'s ``part`` (its picture, its cog, its AI adapter...)."""
    return MODULES[game_id].module(part)


def add(modules: GameModules) -> None:
    """Record where a game's parts live (once per game)."""
    if modules.game_id in MODULES:
        raise ValueError(f"game id {modules.game_id!r} found twice: {MODULES[modules.game_id]} and {modules}")
    MODULES[modules.game_id] = modules


def registered(game_id: str, engine: str) -> None:
    """Record an awaited game once its engine module ``engine`` (or a module of it) registers it;
    refuse a game that its entry point does not name.

    >>> AWAITED["x"] = GameModules.packaged("x", "games.x")
    >>> registered("y", "games.x.rules")
    Traceback (most recent call last):
    LookupError: games.x.rules registered the game 'y', but its entry point names 'x'.
    >>> registered("x", "games.x.rules"); MODULES.pop("x").package
    'games.x'
    """
    for awaited in list(AWAITED.values()):
        if engine == awaited.rules or engine.startswith(awaited.rules + "."):
            if game_id != awaited.game_id:
                raise LookupError(f"{awaited.rules} registered the game {game_id!r}, but its entry point names "
                                  f"{awaited.game_id!r}.")
            add(AWAITED.pop(game_id))


def installed_games() -> list[tuple[str, str]]:
    """(game id, package) of every game declared in the ``agora.games`` entry points."""
    return sorted((point.name, point.value) for point in entry_points(group=ENTRY_POINT_GROUP))
