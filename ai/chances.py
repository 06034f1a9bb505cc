"""Each seat's chance of winning as spectators see a position: Agora's hard search from their view.

:func:`chances` runs the hard level's search (:class:`ai.search.Search`: its tree, iterations and
playouts) for the seat to move, from a spectator's :class:`ai.Observation` (its view is the
spectators' one, ``viewer`` None, and its log hides every secret move), and reads every seat's
chance off the playouts: the mean value each playout gave that seat. Worlds are sampled from what
spectators see, so no seat's secret (a hand, the inside of a stack) can weigh on the figures.

The iterations decide the values and the clock is a safety stop only (``TURN_SECONDS``), so the
same position and seed give the same chances.

>>> from rules import GAMES
>>> game = next(iter(GAMES.values()))  # any game will do
>>> state = game.new(players=game.min_players, seed=0)
>>> seat = (state.waiting_for or state.actors)[0]
>>> obs = Observation(game.id, seat, dict(state.view(None)))
>>> first = chances(obs, seed=1, scale=0.05)
>>> first == chances(obs, seed=1, scale=0.05) and all(0.0 <= c <= 1.0 for c in first)
True
"""

from __future__ import annotations

from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values
from ai.observation import Observation
from ai.search import LEVELS, Level, Search
from rules import GameState, Rng

LEVEL = "hard"
# The clock's safety stop for one position, under the commentary's 2 s a turn (the iterations end it
# long before: about 0.2 to 0.4 s of one core).
TURN_SECONDS = 1.5


def chances(obs: Observation, seed: int, scale: float = 1.0) -> tuple[float, ...]:
    """Each seat's chance of winning, by the hard search from the spectators' view ``obs`` (``scale``:
    part of the hard budget, for tests). Refuses an observation of one seat's own view."""
    if not isinstance(obs, Observation) or obs.view.get("viewer", obs.seat) is not None:
        raise TypeError("Chances for spectators are searched from the spectators' view only.")
    adapter, plan = ADAPTERS[obs.game], LEVELS[LEVEL]
    search = TallySearch(adapter, adapter.sampler(obs), obs.seat, plan, Rng.seeded(seed))
    search.run(max(1, round(plan.iterations * adapter.speed * scale)), TURN_SECONDS * scale)
    return search.means(obs.players)


class TallySearch(Search):
    """The hard search, keeping the sum of every seat's value over its playouts."""

    def __init__(self, adapter: Adapter, sample: Sampler, seat: int, plan: Level, rng: Rng) -> None:
        super().__init__(adapter, sample, seat, plan, rng)
        self.sums: list[float] = []
        self.playouts = 0

    def playout(self, state: GameState[Any]) -> Values:
        values = super().playout(state)
        self.sums = [a + b for a, b in zip(self.sums, values, strict=True)] if self.sums else list(values)
        self.playouts += 1
        return values

    def means(self, players: int) -> tuple[float, ...]:
        """Each seat's mean value (an even share when nothing was played out), rounded to 0.1%."""
        if not self.playouts:
            return (1 / players,) * players
        return tuple(round(total / self.playouts, 3) for total in self.sums)
