"""Conformance of every registered game (rules.GAMES), and self-tests of the kit.

Each game is played out at random for every ``sample_setups`` entry and a few seeds,
with every check of :mod:`rules.conformance` at every step. A failure message names the
game, setup, seed, move number and move, and how to reproduce it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Self

import pytest

from cogs.games import rules_page
from rules import GAMES
from rules.base import JSON, Game, GameState, NotationError, Outcome
from rules.conformance import ConformanceError, check_sample_setups, first_difference, random_playout

# About eight playouts per game, at least one per setup: every step is fully checked, so a
# game whose random playouts run to a thousand moves costs about a second each.
PLAYOUTS_PER_GAME = 8
PAGE_LIMIT = 5500
SECTION_LIMIT = 3500


def _seeds(game: Game[Any]) -> range:
    return range(1, 1 + max(1, PLAYOUTS_PER_GAME // max(1, len(game.sample_setups))))


def _cases() -> list[Any]:
    cases: list[Any] = []
    for game_id, game in sorted(GAMES.items()):
        for players, options in game.sample_setups:
            label = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
            cases.extend(
                pytest.param(game_id, players, options, seed, id=f"{game_id}-{players}p-{label}-seed{seed}")
                for seed in _seeds(game)
            )
    return cases


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), _cases())
def test_random_playout(game_id: str, players: int, options: JSON, seed: int) -> None:
    report = random_playout(GAMES[game_id], players, seed, options)
    assert report.finished, f"{game_id} seed {seed} did not finish"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_sample_setups_cover_players_and_options(game_id: str) -> None:
    check_sample_setups(GAMES[game_id])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rules_page(game_id: str) -> None:
    page = rules_page(game_id)
    assert page.is_file(), f"{game_id}: the player-facing rules page {page} is missing"
    text = page.read_text(encoding="utf-8")
    assert len(text) <= PAGE_LIMIT, f"{game_id}: rules page has {len(text)} characters, limit {PAGE_LIMIT}"
    for section in re.split(r"(?m)^## ", text):
        title = section.splitlines()[0] if section else ""
        assert len(section) <= SECTION_LIMIT, f"{game_id}: section '{title}' has {len(section)} characters"


# ---------------------------------------------------------------------------
# Self-tests: a tiny countdown game, then broken copies the kit must catch.


@dataclass(frozen=True)
class Take:
    count: int

    def __str__(self) -> str:
        return f"take{self.count}"


class Countdown(GameState[Take]):
    """Players take 1 or 2 from a counter; who takes the last one wins."""

    def __init__(self, players: int = 2, left: int = 7, to_move: int = 0, moves: int = 0, rng: int = 0) -> None:
        self.players, self.left, self.to_move, self.moves, self.rng = players, left, to_move, moves, rng

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        return cls(players, rng=123456789 + seed)

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return cls(**data)

    @property
    def actors(self) -> tuple[int, ...]:
        return (self.to_move,) if self.left else ()

    @property
    def outcome(self) -> Outcome | None:
        return Outcome((1 - self.to_move,), "took the last") if not self.left else None

    def legal_moves(self, seat: int) -> list[Take]:
        return [Take(n) for n in (1, 2) if n <= self.left] if seat in self.actors else []

    def parse_move(self, text: str) -> Take:
        match = re.fullmatch(r"take([12])", text.strip().lower())
        if not match:
            raise NotationError(f"'{text}' is not a move: write take1 or take2.")
        return Take(int(match.group(1)))

    def _apply(self, seat: int, move: Take) -> None:
        self.left -= move.count
        self.moves += 1
        self.to_move = 1 - seat

    def view(self, seat: int | None) -> JSON:
        return {
            "game": "countdown",
            "players": self.players,
            "actors": list(self.actors),
            "move_number": self.moves,
            "last_move": [],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "viewer": seat,
            "left": self.left,
        }

    def to_json(self) -> JSON:
        return {"players": 2, "left": self.left, "to_move": self.to_move, "moves": self.moves, "rng": self.rng}


def _toy(state_class: type[Countdown]) -> Game[Countdown]:
    # Not registered: the toy stays out of rules.GAMES.
    return Game("countdown", "Countdown", 2, 2, state_class, sample_setups=((2, {}),))


class Mutating(Countdown):
    def play(self, seat: int, move: Take | str) -> Self:
        self._apply(seat, self.parse_move(move) if isinstance(move, str) else move)
        return self


class TupleInView(Countdown):
    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "left": (self.left,)}


class LeaksRng(Countdown):
    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "dice": [self.rng]}


class Endless(Countdown):
    def legal_moves(self, seat: int) -> list[Take]:
        return [Take(1)] if seat in self.actors else []

    def _apply(self, seat: int, move: Take) -> None:
        self.moves += 1
        self.to_move = 1 - seat


class ForgetsMoves(Countdown):
    def to_json(self) -> JSON:
        return {**super().to_json(), "moves": 0}


class CaseSensitive(Countdown):
    def parse_move(self, text: str) -> Take:
        if text not in ("take1", "take2"):
            raise NotationError("no")
        return Take(int(text[-1]))


def test_kit_passes_a_correct_game() -> None:
    report = random_playout(_toy(Countdown), 2, seed=3)
    assert report.finished and report.length >= 4


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (Mutating, r"move 1: seat 0 plays 'take.'.*changed the state it was called on"),
        (TupleInView, r"view\(None\) changes through json.dumps/loads at \$.left: tuple"),
        (LeaksRng, r"view\(None\) shows the RNG state or seed .* at \$.dice\[0\]"),
        (Endless, r"did not end within 50 random moves"),
        (ForgetsMoves, r"after 1 moves: after the JSON round trip, view\(None\) differs at \$.move_number"),
        (CaseSensitive, r"parse_move\('  TAKE. '\) refuses it"),
    ],
)
def test_kit_catches_a_broken_game(state_class: type[Countdown], message: str) -> None:
    with pytest.raises(ConformanceError, match=message) as caught:
        random_playout(_toy(state_class), 2, seed=3, max_moves=50)
    assert "countdown (2 players, options {}, seed 3)" in str(caught.value)
    assert "reproduce: rules.conformance.random_playout" in str(caught.value)


def test_kit_catches_missing_setups() -> None:
    game = Game("countdown", "Countdown", 2, 3, Countdown, sample_setups=((2, {}),))
    with pytest.raises(ConformanceError, match=r"never plays with \[3\] players"):
        check_sample_setups(game)


def test_first_difference_is_strict_about_json_types() -> None:
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) is None
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "$.a[1].b: 2 != 3"
    assert first_difference([1], (1,)) == "$: list [1] != tuple (1,)"
