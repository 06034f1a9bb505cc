"""What one seat may know, handed to the AI instead of a game state.

The AI never receives a :class:`rules.GameState`: the caller builds an
:class:`Observation` from ``state.view(seat)`` and the public move log, so the
search can only use what a human player in that seat could see.

>>> from rules import GAMES
>>> game = next(game for game in GAMES.values() if game.min_players == 2)  # any game for two
>>> state = game.new(players=2, seed=0)
>>> move = str(state.legal_moves(0)[0])
>>> obs = observe(state.play(0, move), 1, [(0, move)])
>>> obs.game == game.id, obs.seat, obs.players, obs.log == ((0, move),)
(True, 1, 2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import GameState

PublicMove = tuple[int, str]  # (seat, notation) as every player saw it


@dataclass(frozen=True)
class Observation:
    """One seat's knowledge: its ``view`` (``state.view(seat)``) and the public move log.

    ``log`` holds every move played so far as ``(seat, notation)``, oldest first;
    secret moves appear as the other players saw them (a secret set of dice as ``set:hidden``).
    """

    game: str
    seat: int
    view: Mapping[str, Any]
    log: tuple[PublicMove, ...] = ()

    @property
    def players(self) -> int:
        players: int = self.view["players"]
        return players


def observe(state: GameState[Any], seat: int, log: Iterable[PublicMove] = ()) -> Observation:
    """The observation of ``seat``: only its view of ``state`` leaves this function."""
    view = state.view(seat)
    return Observation(game=view["game"], seat=seat, view=dict(view), log=tuple(log))
