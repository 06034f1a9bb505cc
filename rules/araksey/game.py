"""ArakseyState, the registered game: a position that plays and shows itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rules.araksey.moves import (
    CLOCK_SECONDS,
    ELEMENT_NAMES,
    EMPTY,
    EXCHANGE,
    INSTEAD_OF_ACTION,
    PASS,
    PLACE,
    PUSH,
    read_notation,
)
from rules.araksey.powers import ArakseyPlay
from rules.araksey.views import ArakseyView
from rules.araksey.words import _piece_words
from rules.base import Game, Option, Text, View, register

if TYPE_CHECKING:
    from rules.araksey.board import Effect
    from rules.araksey.views import EffectView, LastAction, PieceView


class ArakseyState(ArakseyPlay):
    """One position of Araksey.

    A state never changes a list it holds once built: ``copy`` shares them all, and a move
    replaces the lists it changes (board, dragons, passes, effects, seen positions).
    """

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """The last action: "Ada moved a source from b2 to c3, then used water on Bob".

        >>> from rules import GAMES
        >>> state = GAMES["araksey"].new(players=2, seed=1).play(0, "@b2")
        >>> str(ArakseyState.describe(state.view(None), ["Ada", "Bob"]))
        'Ada placed a source on b2'
        """
        board = cast(ArakseyView, view)
        last = board["last_action"]
        if last is None or last["seat"] is None:
            return None
        seat = last["seat"]
        who = names[seat]
        if last["kind"] == PASS:
            return Text("{who} passed", who=who)
        pieces = {piece["square"]: piece for piece in board["pieces"]}
        start, end, behind = last["from"], last["to"], last["pushed_to"]

        def piece_at(square: str | None) -> Text:
            piece = pieces.get(square or "")
            return Text("a piece") if piece is None else _piece_words(piece, seat, names)

        if last["kind"] == PLACE:
            return Text("{who} placed {piece} on {square}", who=who, piece=piece_at(end), square=end)
        if last["kind"] == EXCHANGE:
            action = Text("{who} exchanged {start} and {end}", who=who, start=start, end=end)
        elif last["kind"] == PUSH:
            piece = piece_at(behind)
            action = Text("{who} pushed {piece} from {end} to {behind}", who=who, piece=piece, end=end, behind=behind)
        else:
            piece = piece_at(end)
            action = Text("{who} moved {piece} from {start} to {end}", who=who, piece=piece, start=start, end=end)
        power = last["power"]
        if power is None:
            return action
        element = ELEMENT_NAMES[power]
        if power in INSTEAD_OF_ACTION:
            return Text("{action}, by the power of {element}", action=action, element=element)
        if last["victim"] is None:
            return Text("{action}, then used {element}", action=action, element=element)
        whom = names[last["victim"]]
        return Text("{action}, then used {element} on {whom}", action=action, element=element, whom=whom)

    def view(self, seat: int | None) -> ArakseyView:
        arakseys, sources = self.locate()
        squares = self.geo.squares
        return {
            "game": "araksey",
            "players": self.players,
            "actors": list(self.actors),
            "move_number": self.move_number,
            "last_move": [] if self.last_move is None else [self.last_move],
            "outcome": None if self._outcome is None else self._outcome.to_json(),
            "viewer": seat,
            "size": self.size,
            "phase": self.phase,
            "elements": list(self.elements),
            "teams": [list(self.side_seats(side)) for side in (0, 1)],
            "turn_order": list(self.order),
            "pieces": self._pieces_view(),
            "zones": [[str(squares[n]) for n in self.geo.neighbours[a]] if a != -1 else [] for a in arakseys],
            "in_zone": [[str(squares[s]) for s in sources[p] if self.in_own_zone(p, s)] for p in range(self.players)],
            "dragon": list(self.dragon),
            "effects": [self._effect_view(e) for e in self.effects],
            "passes_left": list(self.passes_left),
            "start_squares": [str(squares[i]) for i in self.geo.start],
            "last_action": self._last_action_view(),
            "clock_seconds": CLOCK_SECONDS if self.clock else None,
        }

    def _pieces_view(self) -> list[PieceView]:
        return [
            {
                "seat": code >> 1,
                "kind": "source" if code & 1 else "araksey",
                "square": str(self.geo.squares[i]),
            }
            for i, code in enumerate(self.board)
            if code != EMPTY
        ]

    @staticmethod
    def _effect_view(effect: Effect) -> EffectView:
        template = effect.template()
        text = template.format(*(f"seat {s}" for s in range(4)))
        return {
            "power": effect.power,
            "by": effect.by,
            "target": effect.target,
            "text": text,
            "template": template,
        }

    def _last_action_view(self) -> LastAction | None:
        if self.last_move is None:
            return None
        move = read_notation(self.last_move)
        pushed_to = None
        if move.kind == PUSH and move.origin is not None and move.target is not None:
            o, t = move.origin, move.target
            pushed_to = str(t.offset(t.file - o.file, t.rank - o.rank))
        return {
            "seat": self.last_seat,
            "kind": move.kind,
            "from": None if move.origin is None else str(move.origin),
            "to": None if move.target is None else str(move.target),
            "pushed_to": pushed_to,
            "power": move.power,
            "victim": move.victim,
        }


GAME = register(
    Game(
        id="araksey",
        name="Araksey",
        min_players=2,
        max_players=4,
        state_class=ArakseyState,
        options=(
            Option(
                "elements",
                None,
                help="One element per seat in seat order (e.g. 'fire,mud'); team mates share one. "
                "Default earth/water for 2, earth/water/water for 3, earth/water/earth/water for 4.",
            ),
            Option("clock", False, (False, True), help="15-second reflection time; running out passes the turn."),
        ),
        sample_setups=(
            (2, {}),
            (2, {"clock": True}),
            (2, {"elements": ["air", "fire"]}),
            (2, {"elements": ["magma", "lightning"]}),
            (2, {"elements": ["mud", "fog"]}),
            (2, {"elements": ["fog", "earth"]}),
            (3, {}),
            (3, {"elements": ["fog", "air", "air"]}),
            (3, {"elements": ["magma", "mud", "mud"]}),
            (4, {}),
            (4, {"elements": ["lightning", "fire", "lightning", "fire"]}),
            (4, {"elements": ["fog", "water", "fog", "water"]}),
        ),
    )
)
