"""A review's weighing on a small budget, for tests that review several moves through the offline
Discord: the same search as a review's (:func:`ai.weighing.weigh`), a twentieth of its iterations.
It lives in a module of its own, light to import, since the AI workers import it to run it."""

from __future__ import annotations

from ai import Observation
from ai.weighing import weigh
from bot.review import Estimate

QUICK = 0.05  # the share of the hard search's budget


def quick_estimate(obs: Observation, played: str, ply: int, seed: int) -> Estimate:
    """As :func:`bot.review.estimate`, with QUICK of the budget (worker time left out)."""
    found = weigh(obs, played, seed, scale=QUICK)
    return Estimate(ply, played, found.best, found.best_value, found.played_value, 0.0, found.before)
