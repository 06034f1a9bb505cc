"""Why a move is refused, in words a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.araksey.moves import (
    _SHAPE_OF_POWER,
    ARAKSEY,
    ELEMENT_NAMES,
    EMPTY,
    EXCHANGE,
    INSTEAD_OF_ACTION,
    PASS,
    PLACE,
    SOURCE,
    STEP,
    shape_text,
)
from rules.araksey.state import ArakseyChoices
from rules.base import Text

if TYPE_CHECKING:
    from rules.araksey.board import Action
    from rules.araksey.moves import Move


class ArakseyRefusals(ArakseyChoices):
    """The reason each illegal move is refused (:meth:`problem`)."""

    def refusal(self, seat: int, move: Move) -> Text:
        return self.problem(seat, move) or Text("{move} is not a legal move now.", move=str(move))

    def problem(self, seat: int, move: Move) -> Text | None:
        """Why ``move`` is illegal for ``seat`` (the player to move), or None if it is legal."""
        if self.phase != "play":
            return self._setup_problem(move)
        if move.kind == PASS:
            return None
        if move.kind == PLACE:
            return Text("All pieces are already on the board: move one instead, like b2-c3.")
        assert move.origin is not None and move.target is not None
        if not (self.geo.on_board(move.origin) and self.geo.on_board(move.target)):
            return Text("{move} leaves the {size}×{size} board.", move=str(move), size=self.size)
        action = self._action_of(move)
        return (
            self._power_problem(seat, move, action)
            or self._shape_problem(seat, move.power, action)
            or self._frozen_problem(seat, action)
            or self._counter_play_problem(action)
        )

    def _setup_problem(self, move: Move) -> Text | None:
        what = Text("a source on a free tinted start square") if self.phase == "setup_sources" else Text("your araksey")
        if move.kind != PLACE or move.target is None:
            return Text(
                "The game is still being set up: place {what}, like @{square}.",
                what=what,
                square=str(self._placements()[0].target),
            )
        square = str(move.target)
        if not self.geo.on_board(move.target):
            return Text("{square} is off the {size}×{size} board.", square=square, size=self.size)
        index = self.geo.index(move.target)
        if self.board[index] != EMPTY:
            return Text("{square} is already taken.", square=square)
        if self.phase == "setup_sources" and index not in self.geo.start:
            starts = " ".join(str(self.geo.squares[i]) for i in self.geo.start)
            return Text("Sources start on the tinted start squares: {starts}.", starts=starts)
        return None

    def _power_problem(self, seat: int, move: Move, action: Action) -> Text | None:
        if move.power is None:
            return None
        element = self.elements[seat]
        if move.power != element:
            return Text(
                "Your element is {element}: you cannot use the {power} power.",
                element=ELEMENT_NAMES[element],
                power=ELEMENT_NAMES[move.power],
            )
        if not self.dragon[seat]:
            return Text("You are not in the dragon state: gather your four sources around your araksey first.")
        if element in INSTEAD_OF_ACTION:
            return None
        return self._victim_problem(seat, move.victim, action)

    def _victim_problem(self, seat: int, victim: int | None, action: Action) -> Text | None:
        element = self.elements[seat]
        opponents = self.opponents(seat)
        if len(opponents) > 1 and victim not in opponents:
            first, second = opponents
            return Text(
                "Name the opponent your {element} power aims at: +{power}@{first} or @{second}.",
                element=ELEMENT_NAMES[element],
                power=element,
                first=first,
                second=second,
            )
        if len(opponents) == 1 and victim is not None:
            return Text("You have one opponent: write +{power} with no @.", power=element)
        target = self.target_of(seat, victim)
        if element == "fog" and not self.dragons_after(action)[target]:
            return Text(
                "Seat {seat} is not in the dragon state, even after this action: fog has nothing to put to sleep.",
                seat=target,
            )
        return None

    def _shape_problem(self, seat: int, power: str | None, action: Action) -> Text | None:
        kind, origin, target = action
        if power == "air":
            return self._air_problem(seat, action)
        if power in ("magma", "lightning", "fire"):
            return self._araksey_power_problem(seat, power, action)
        code = self.board[origin]
        where = str(self.geo.squares[origin])
        if code == EMPTY:
            return Text("There is no piece on {square}.", square=where)
        if code >> 1 != seat:
            return Text("The piece on {square} is not yours.", square=where)
        if code & 1 == ARAKSEY:
            return self._araksey_step_problem(kind, origin, target)
        return self._source_problem(seat, action)

    def _araksey_step_problem(self, kind: str, origin: int, target: int) -> Text | None:
        if kind != STEP:
            return Text("An araksey only steps; exchanges and pushes are made by the sources in its zone.")
        return self._adjacency_problem(origin, target) or self._empty_problem(target)

    def _adjacency_problem(self, origin: int, target: int) -> Text | None:
        if target in self.geo.adjacent[origin]:
            return None
        squares = self.geo.squares
        return Text(
            "{target} is not next to {origin}: pieces move to one of the 8 squares around.",
            target=str(squares[target]),
            origin=str(squares[origin]),
        )

    def _empty_problem(self, target: int) -> Text | None:
        if self.board[target] == EMPTY:
            return None
        return Text("{square} is not empty.", square=str(self.geo.squares[target]))

    def _source_problem(self, controller: int, action: Action) -> Text | None:
        kind, origin, target = action
        squares = self.geo.squares
        adjacency = self._adjacency_problem(origin, target)
        if adjacency or kind == STEP:
            return adjacency or self._empty_problem(target)
        if not self.in_own_zone(controller, origin):
            if self.board[origin] >> 1 == controller:
                return Text(
                    "The source on {square} is out of zone (not touching your araksey): "
                    "it can only step to an empty square.",
                    square=str(squares[origin]),
                )
            return Text(
                "The source on {square} is out of zone (not touching the moving araksey): "
                "it can only step to an empty square.",
                square=str(squares[origin]),
            )
        occupant = self.board[target]
        if occupant == EMPTY:
            if kind == EXCHANGE:
                return Text("There is no piece on {square} to exchange with.", square=str(squares[target]))
            return Text("There is no piece on {square} to push.", square=str(squares[target]))
        if kind == EXCHANGE:
            return self._exchange_problem(controller, origin, target)
        return self._push_problem(origin, target)

    def _exchange_problem(self, controller: int, origin: int, target: int) -> Text | None:
        occupant = self.board[target]
        if not self._may_exchange(occupant, controller, self.sides[controller]):
            return Text("A source exchanges only with its own araksey or with an opposing piece.")
        if occupant == self.board[origin]:
            return Text("Exchanging two sources of the same player changes nothing.")
        return None

    def _push_problem(self, origin: int, target: int) -> Text | None:
        behind = self.geo.beyond[origin][target]
        where = str(self.geo.squares[target])
        if behind == -1:
            return Text("The piece on {square} cannot be pushed off the board.", square=where)
        if self.board[behind] != EMPTY:
            return Text(
                "The piece on {square} cannot be pushed: {behind} behind it is taken.",
                square=where,
                behind=str(self.geo.squares[behind]),
            )
        return None

    def _air_problem(self, seat: int, action: Action) -> Text | None:
        code = self.board[action[1]]
        if code == EMPTY or code & 1 != SOURCE or self.sides[code >> 1] == self.sides[seat]:
            return Text(
                "Air moves an opposing source, and {square} holds none.", square=str(self.geo.squares[action[1]])
            )
        return self._source_problem(seat, action)

    def _araksey_power_problem(self, seat: int, power: str, action: Action) -> Text | None:
        kind, origin, target = action
        araksey = self.locate()[0][seat]
        if kind != _SHAPE_OF_POWER[power]:
            return shape_text(power)
        if origin != araksey:
            start = str(self.geo.squares[araksey])
            return {
                "magma": Text("Magma moves your araksey: start from {square}.", square=start),
                "lightning": Text("Lightning moves your araksey: start from {square}.", square=start),
                "fire": Text("Fire moves your araksey: start from {square}.", square=start),
            }[power]
        if power == "lightning":
            if target in self._lightning_reach(araksey):
                return None
            return Text(
                "Lightning: your araksey lands on an empty square two squares away, stepping through "
                "an empty square or jumping in a straight line over one piece."
            )
        if power == "magma":
            found = self._adjacency_problem(origin, target)
            if found or self.board[target] == EMPTY:
                return found or Text("There is no piece on {square} to push.", square=str(self.geo.squares[target]))
            return self._push_problem(origin, target)
        if self.board[target] != seat * 2 + SOURCE:
            where = str(self.geo.squares[target])
            return Text(
                "Fire: your araksey exchanges with one of your own sources, and {square} holds none.", square=where
            )
        return None

    def _frozen_problem(self, seat: int, action: Action) -> Text | None:
        kind, origin, target = action
        moved = {self.board[origin]} | ({self.board[target]} if kind != STEP else set())
        for effect in self.effects:
            if effect.target == seat and moved & set(effect.frozen_codes()):
                return effect.binding()
        return None

    def _counter_play_problem(self, action: Action) -> Text | None:
        if not self.is_counter_play(action):
            return None
        return Text("That would put every piece back where it stood before the last move: counter-play is forbidden.")
