"""Pure game engines: one module per game, each registering itself in :data:`GAMES`."""

import importlib
import pkgutil

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

_NOT_GAMES = {"base", "conformance"}

for _module in pkgutil.iter_modules(__path__):
    if _module.name not in _NOT_GAMES:
        importlib.import_module(f"rules.{_module.name}")

__all__ = [
    "GAMES",
    "BadOptions",
    "ForbiddenMove",
    "Game",
    "GameState",
    "IllegalMove",
    "Listing",
    "NotationError",
    "Outcome",
    "Rng",
    "Square",
    "Text",
    "View",
]
