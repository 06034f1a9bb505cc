"""AI opponents for every game: a search over the rules contract that sees only
what its seat may see (an :class:`Observation`), at four levels
(``random``, ``easy``, ``medium``, ``hard``).

>>> from rules import GAMES
>>> game = next(iter(GAMES.values()))  # any game will do
>>> state = game.new(players=game.min_players, seed=1)
>>> move = choose_move(observe(state, state.actors[0]), level="medium", seed=5)
>>> move in [str(m) for m in state.legal_moves(state.actors[0])]
True
"""

from ai.adapter import ADAPTERS, Adapter
from ai.observation import Observation, PublicMove, observe
from ai.search import LEVELS, choose_move
from rules import MODULES, part_of

for _game in MODULES:  # each game's AI module adds its adapter to ADAPTERS
    part_of(_game, "ai")

__all__ = ["ADAPTERS", "LEVELS", "Adapter", "Observation", "PublicMove", "choose_move", "observe"]
