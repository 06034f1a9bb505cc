"""An Araksey position: its storage, the facts read from it, and the moves each seat may play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from rules.araksey.board import (
    NOTHING,
    Effect,
    action_squares,
    apply_action,
    board_from_text,
    board_to_text,
    gathered_on,
    geometry,
    key_from_text,
    key_to_text,
    locate_pieces,
    resolve_elements,
    side_of,
    turn_order,
)
from rules.araksey.moves import (
    AFTER_ACTION,
    ARAKSEY,
    EMPTY,
    EXCHANGE,
    PASS_MOVE,
    PUSH,
    SOURCES_EACH,
    STEP,
    Move,
    read_notation,
)
from rules.base import FILES, JSON, GameState, NotationError, Outcome, plain_notation

if TYPE_CHECKING:
    from rules.araksey.board import Action, PositionKey


class ArakseyPosition(GameState[Move]):
    """The board, the players' elements, dragons, passes and effects: stored, copied, and read."""

    def __init__(
        self,
        *,
        players: int,
        elements: list[str],
        clock: bool = False,
        phase: str = "setup_sources",
        board: list[int] | None = None,
        turn_index: int = 0,
        dragon: list[bool] | None = None,
        passes_left: list[int] | None = None,
        effects: list[Effect] | None = None,
        previous_board: list[int] | None = None,
        seen: dict[str, int] | None = None,
        move_number: int = 0,
        last_move: str | None = None,
        last_seat: int | None = None,
        outcome: Outcome | None = None,
    ) -> None:
        self.players = players
        self.elements = elements
        self.clock = clock
        self.size = 5 if players == 2 else 7
        self.geo = geometry(self.size)
        self.order = turn_order(players, elements)
        self.sides = tuple(side_of(players, seat) for seat in range(players))
        self.rivals = tuple(tuple(self.opponents(seat)) for seat in range(players))
        # Per seat: the piece codes its sources may exchange with (its araksey, any opposing piece).
        self.partners = tuple(
            frozenset(c for c in range(2 * players) if self._may_exchange(c, seat, self.sides[seat]))
            for seat in range(players)
        )
        self.phase = phase
        self.board = board if board is not None else [EMPTY] * (self.size * self.size)
        # The empty squares as a bit mask (bit i for square i), kept with the board.
        self._empty = sum(1 << i for i, code in enumerate(self.board) if code == EMPTY)
        self.turn_index = turn_index
        self.dragon = dragon if dragon is not None else [False] * players
        self.passes_left = passes_left if passes_left is not None else [1] * players
        self.effects = effects if effects is not None else []
        self.previous_board = previous_board
        # How many times each position has been met (the loop draw), by PositionKey.
        self.seen: dict[PositionKey, int] = {key_from_text(key): count for key, count in (seen or {}).items()}
        self.move_number = move_number
        # The last move, written as notation only when asked (last_move).
        self._last: Move | str | None = last_move
        self.last_seat = last_seat
        self._outcome = outcome
        # (araksey index per seat or -1, source indices per seat in board order), followed move by move.
        self._located = locate_pieces(self.board, players)
        self._gathered: list[bool] | None = None  # per seat, with _located
        self._moves: list[Move] | None = None
        # Squares where the board differs from previous_board (for counter-play), once per position.
        self._undone: frozenset[int] | None = None

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> Self:
        """A new game; nothing is random in Araksey, so ``seed`` is unused."""
        elements = resolve_elements(players, options.get("elements"))
        return cls(players=players, elements=elements, clock=bool(options.get("clock", False)))

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        previous = data["previous_board"]
        return cls(
            players=data["players"],
            elements=list(data["elements"]),
            clock=data["clock"],
            phase=data["phase"],
            board=board_from_text(data["board"]),
            turn_index=data["turn_index"],
            dragon=list(data["dragon"]),
            passes_left=list(data["passes_left"]),
            effects=[Effect(e["power"], e["by"], e["target"]) for e in data["effects"]],
            previous_board=None if previous is None else board_from_text(previous),
            seen=dict(data["seen"]),
            move_number=data["move_number"],
            last_move=data["last_move"],
            last_seat=data["last_seat"],
            outcome=Outcome.from_json(data["outcome"]),
        )

    def to_json(self) -> JSON:
        return {
            "players": self.players,
            "elements": list(self.elements),
            "clock": self.clock,
            "phase": self.phase,
            "board": board_to_text(self.board),
            "turn_index": self.turn_index,
            "dragon": list(self.dragon),
            "passes_left": list(self.passes_left),
            "effects": [{"power": e.power, "by": e.by, "target": e.target} for e in self.effects],
            "previous_board": None if self.previous_board is None else board_to_text(self.previous_board),
            "seen": {key_to_text(key): count for key, count in self.seen.items()},
            "move_number": self.move_number,
            "last_move": self.last_move,
            "last_seat": self.last_seat,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def copy(self) -> Self:
        """Shares everything, the pieces' places included (same board until a move replaces it);
        only the legal moves are this position's own."""
        clone = object.__new__(type(self))
        # One copy of the attribute table (cheaper than _shallow_copy's attribute by attribute update).
        clone.__dict__ = self.__dict__.copy()
        clone._moves = clone._undone = None
        return clone

    @property
    def last_move(self) -> str | None:
        return None if self._last is None else str(self._last)

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self._outcome is not None else (self.order[self.turn_index],)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def to_move(self) -> int:
        return self.order[self.turn_index]

    def locate(self) -> tuple[list[int], list[list[int]]]:
        """(araksey index per seat or -1, source indices per seat in board order)."""
        return self._located

    def opponents(self, seat: int) -> list[int]:
        return [other for other in range(self.players) if self.sides[other] != self.sides[seat]]

    def side_seats(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.sides[seat] == side)

    def resignation(self, seat: int) -> Outcome:
        """A resigning player's whole side loses."""
        return Outcome(winners=self.side_seats(1 - self.sides[seat]), reason="resignation")

    def in_own_zone(self, seat: int, index: int) -> bool:
        araksey = self.locate()[0][seat]
        return araksey != -1 and index in self.geo.adjacent[araksey]

    def gathered(self, seat: int) -> bool:
        """All four sources of ``seat`` around its own araksey (awakens the dragon)."""
        return self._gathered_seats()[seat]

    def _gathered_seats(self) -> list[bool]:
        if self._gathered is None:
            arakseys, sources = self._located
            adjacent = self.geo.adjacent
            self._gathered = [
                araksey != -1 and len(own) == SOURCES_EACH and adjacent[araksey].issuperset(own)
                for araksey, own in zip(arakseys, sources, strict=True)
            ]
        return self._gathered

    def target_of(self, seat: int, victim: int | None) -> int:
        return self.opponents(seat)[0] if victim is None else victim

    def _may_exchange(self, occupant: int, controller: int, own_side: int) -> bool:
        """A source exchanges with its own araksey or with any opposing piece."""
        owner = occupant >> 1
        return self.sides[owner] != own_side or (owner == controller and occupant & 1 == ARAKSEY)

    def frozen_codes(self, seat: int) -> frozenset[int]:
        if not self.effects:
            return NOTHING
        return frozenset(code for e in self.effects if e.target == seat for code in e.frozen_codes())

    def _moves_frozen(self, action: Action, frozen: frozenset[int]) -> bool:
        kind, origin, target = action
        return self.board[origin] in frozen or (kind != STEP and self.board[target] in frozen)

    def is_counter_play(self, action: Action) -> bool:
        """True when ``action`` puts back the board as it stood before the previous move.

        Only the squares the action changes are compared: the board must differ from the
        previous one nowhere else, and there hold what it held before.
        """
        previous = self.previous_board
        if previous is None:
            return False
        squares = action_squares(action, self.geo)
        if not self._undone_squares().issubset(squares):
            return False
        after = {i: self.board[i] for i in squares}
        apply_action(after, action, self.geo)
        return all(after[i] == previous[i] for i in squares)

    def _undone_squares(self) -> frozenset[int]:
        """Squares where the board differs from ``previous_board`` (computed once per position)."""
        if self._undone is None:
            previous = self.previous_board
            if previous is None:
                self._undone = NOTHING
            else:
                changed = zip(self.board, previous, strict=True)
                self._undone = frozenset(i for i, (now, then) in enumerate(changed) if now != then)
        return self._undone

    def _pushable(self, pusher: int, victim: int) -> bool:
        behind = self.geo.beyond[pusher][victim]
        return self.board[victim] != EMPTY and behind != -1 and self.board[behind] == EMPTY

    def _lightning_reach(self, araksey: int) -> list[int]:
        board = self.board
        return [
            dest
            for dest, straight, between in self.geo.lightning[araksey]
            if board[dest] == EMPTY and (straight or any(board[b] == EMPTY for b in between))
        ]

    def dragons_after(self, action: Action) -> list[bool]:
        """The dragon states once ``action`` is played: « l'état DRAGON est immédiatement activé ».

        A dragon wakes when the action gathers all four sources around their araksey.
        """
        board = list(self.board)
        apply_action(board, action, self.geo)
        return [
            self.dragon[seat] or (gathered_on(board, seat, self.geo) and not self.gathered(seat))
            for seat in range(self.players)
        ]

    def _action_of(self, move: Move) -> Action:
        assert move.origin is not None and move.target is not None
        return (move.kind, self.geo.index(move.origin), self.geo.index(move.target))

    def power_actions(self, seat: int, element: str) -> list[Action]:
        """Actions of the magma, lightning and fire powers, before effects and counter-play."""
        arakseys, sources = self.locate()
        araksey = arakseys[seat]
        if element == "magma":
            return [(PUSH, araksey, n) for n in self.geo.neighbours[araksey] if self._pushable(araksey, n)]
        if element == "lightning":
            return [(STEP, araksey, dest) for dest in self._lightning_reach(araksey)]
        return [(EXCHANGE, araksey, source) for source in sources[seat]]

    def parse_move(self, text: str) -> Move:
        move = read_notation(plain_notation(text))
        for square in (move.origin, move.target):
            if square is not None and not self.geo.on_board(square):
                last = f"{FILES[self.size - 1]}{self.size}"
                raise NotationError(
                    "{square} is off the {size}×{size} board (a1 to {last}).",
                    square=str(square),
                    size=self.size,
                    last=last,
                )
        if move.victim is not None and self.actors:
            opponents = self.opponents(self.to_move)
            if len(opponents) == 1 and move.victim == opponents[0]:
                move = Move(move.kind, move.origin, move.target, move.power)
        return move

    def winning_sides(self) -> set[int]:
        """Sides with a player whose four sources all touch one opposing araksey."""
        arakseys, sources = self._located
        adjacent = self.geo.adjacent
        sides = set()
        for seat, own in enumerate(sources):
            if len(own) == SOURCES_EACH:
                for opponent in self.rivals[seat]:
                    if arakseys[opponent] != -1 and adjacent[arakseys[opponent]].issuperset(own):
                        sides.add(self.sides[seat])
        return sides


class ArakseyChoices(ArakseyPosition):
    """The legal moves of a seat: placements, actions and powers, without counter-play."""

    def default_move(self, seat: int) -> Move | None:
        """With the reflection clock on, running out of time passes the turn (the pass rule applies).

        Set-up has no pass: the late player's piece goes on the first free square it may take
        (board order: a1, b1, …), so the game goes on.

        >>> from rules import GAMES
        >>> state = GAMES["araksey"].new(players=2, seed=1, options={"clock": True})
        >>> str(state.default_move(state.to_move)) in [str(m) for m in state.legal_moves(state.to_move)]
        True
        """
        if not self.clock or seat not in self.actors:
            return None
        return PASS_MOVE if self.phase == "play" else self.legal_moves(seat)[0]

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat != self.order[self.turn_index]:
            return []
        if self._moves is None:
            self._moves = self._placements() if self.phase != "play" else self._play_moves(seat)
        return self._moves.copy()

    def _placements(self) -> list[Move]:
        board, places = self.board, self.geo.places
        allowed = self.geo.start if self.phase == "setup_sources" else range(len(board))
        return [places[i] for i in allowed if board[i] == EMPTY]

    def _play_moves(self, seat: int) -> list[Move]:
        """The actions of ``seat``'s own pieces, less those moving a frozen piece or undoing the
        previous move; then the dragon's powers; then pass."""
        araksey = self._located[0][seat]
        frozen = self.frozen_codes(seat)
        moves: list[Move] = []
        if seat * 2 + ARAKSEY not in frozen:
            moves += self.geo.steps[araksey][self._empty & self.geo.around[araksey]]
            if araksey in self._undone_squares():
                moves = self._without_counter_play(araksey, moves)
        self._source_moves(seat, seat, frozen, moves)
        if self.dragon[seat]:
            moves += self._power_moves(seat, moves)
        moves.append(PASS_MOVE)
        return moves

    def _source_moves(self, controller: int, owner: int, frozen: frozenset[int], moves: list[Move]) -> None:
        """Append the plain moves of ``owner``'s sources moved by ``controller`` (their owner, or an air
        player, whose araksey then judges the zone), less those moving a frozen piece or undoing the
        previous move."""
        board, geo, empty = self.board, self.geo, self._empty
        arakseys, sources = self._located
        zone = geo.adjacent[arakseys[controller]]
        partners = self.partners[controller]
        undone = self._undone_squares()
        for source in sources[owner]:
            code = board[source]
            if code in frozen:
                continue
            found: Sequence[Move]
            if source not in zone:
                found = geo.steps[source][empty & geo.around[source]]
            else:
                found = []
                for n, behind, step, exchange, push in geo.links[source]:
                    occupant = board[n]
                    if occupant == EMPTY:
                        found.append(step)
                    elif occupant not in frozen:
                        if occupant in partners and occupant != code:
                            found.append(exchange)
                        if empty & behind:
                            found.append(push)
            # An action always changes its origin square: one that does not restore it cannot undo.
            if source in undone:
                found = self._without_counter_play(source, found)
            moves += found

    def _without_counter_play(self, origin: int, moves: Sequence[Move]) -> list[Move]:
        """``moves`` (all starting on ``origin``, a square the previous move changed) less those
        that undo the previous move."""
        return [move for move in moves if not self.is_counter_play(self._action_of(move))]

    def _power_moves(self, seat: int, plain: list[Move]) -> list[Move]:
        element = self.elements[seat]
        if element in AFTER_ACTION:
            return [
                Move(m.kind, m.origin, m.target, element, victim)
                for m in plain
                for victim in self.victims(seat, self._action_of(m))
            ]
        if element == "air":
            moved: list[Move] = []
            for opponent in self.rivals[seat]:
                self._source_moves(seat, opponent, self.frozen_codes(seat), moved)
            return [Move(m.kind, m.origin, m.target, element) for m in moved]
        squares = self.geo.squares
        actions = self._kept(seat, self.power_actions(seat, element))
        return [Move(kind, squares[o], squares[t], element) for kind, o, t in actions]

    def victims(self, seat: int, action: Action) -> list[int | None]:
        """How an after-action power of ``seat`` played after ``action`` may name its target
        (None: the only one).  Fog needs a dragon to put to sleep, counting one the action wakes."""
        targets = self.opponents(seat)
        if self.elements[seat] == "fog":
            awake = self.dragons_after(action)
            targets = [t for t in targets if awake[t]]
        if len(self.opponents(seat)) == 1:
            return [None] if targets else []
        return list(targets)

    def _kept(self, seat: int, actions: list[Action]) -> list[Action]:
        """Drop actions that move a frozen piece or undo the previous move."""
        frozen = self.frozen_codes(seat)
        if frozen:
            actions = [a for a in actions if not self._moves_frozen(a, frozen)]
        # An action always changes its origin square: one that does not restore it cannot undo.
        undone = self._undone_squares()
        return [a for a in actions if a[1] not in undone or not self.is_counter_play(a)]
