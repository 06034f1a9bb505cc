"""Pure game engines: one module per game, each registering itself in :data:`GAMES`.

The games shipped with the bot are the modules of this folder; games installed as packages are
found through their ``agora.games`` entry points (:mod:`rules.registry`), after them.
"""

import importlib
import pkgutil
import sys

from rules.base import (
    GAMES,
    BadOptions,
    ForbiddenMove,
    Game,
    GameState,
    IllegalMove,
    Listing,
    NotationError,
    Outcome,
    Rng,
    Square,
    Text,
    View,
)
from rules.registry import AWAITED, MODULES, GameModules, add, installed_games, part_of

_NOT_GAMES = {"base", "conformance", "registry", "wording"}


def _load(module: str, expected: GameModules | None) -> None:
    """Import an engine module and record where the parts of each game it registered live."""
    before = set(GAMES)
    if expected is not None and module in sys.modules and expected.game_id not in GAMES:
        # The engine was imported first and imports this package on its way: its game registers
        # once this package is done, and is recorded then (rules.registry.registered).
        AWAITED[expected.game_id] = expected
        return
    importlib.import_module(module)
    for game_id in [g for g in GAMES if g not in before]:
        if expected is not None and game_id != expected.game_id:
            named = expected.game_id
            raise LookupError(f"{module} registered the game {game_id!r}, but its entry point names {named!r}.")
        add(expected or GameModules.built_in(game_id))
    if expected is not None and expected.game_id not in GAMES:
        raise LookupError(f"{module} registered no game {expected.game_id!r}, the name of its entry point.")


for _module in pkgutil.iter_modules(__path__):
    if _module.name not in _NOT_GAMES:
        _load(f"rules.{_module.name}", None)
for _game_id, _package in installed_games():
    _load(f"{_package}.rules", GameModules.packaged(_game_id, _package))

__all__ = [
    "GAMES",
    "MODULES",
    "BadOptions",
    "ForbiddenMove",
    "Game",
    "GameModules",
    "GameState",
    "IllegalMove",
    "Listing",
    "NotationError",
    "Outcome",
    "Rng",
    "Square",
    "Text",
    "View",
    "part_of",
]
