"""KoubaState, the registered game: a position that starts, plays a move, and shows itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rules.base import JSON, Game, Outcome, Rng, Text, View, register
from rules.kouba.events import KoubaEvents
from rules.kouba.moves import EVENT, GAME_ID, MAX_PLAYERS, POWER_TYPES, SWAP, TURN, King
from rules.kouba.pieces import (
    _LIST_FIELDS,
    _SCALAR_FIELDS,
    Delivery,
    Event,
    Pile,
    Roller,
    _copy_pile,
    card_json,
    pile_score,
)
from rules.kouba.powers import _HANDLERS
from rules.kouba.views import KoubaView
from rules.kouba.words import _EVENT_NAMES, _action_words, _claim_words, _refusal, _stop_words, _take_words
from rules.kouba_combos import describe

if TYPE_CHECKING:
    from rules.kouba.moves import KoubaMove
    from rules.kouba.views import DiceView, DuelCard, EventView, KoubaPrivate, PendingView, TableView


class KoubaState(KoubaEvents):
    """One Kouba position: the deck, the arena, everybody's piles and dice, and what is going on."""

    @classmethod
    def start(cls, players: int, seed: int, options: JSON) -> KoubaState:
        state = cls(players, Rng.seeded(seed))
        state.first_player = state.rng.below(players)
        state._deal_round()
        return state

    @classmethod
    def from_json(cls, data: JSON) -> KoubaState:
        state = cls(data["players"], Rng(data["rng"]))
        for name in _SCALAR_FIELDS:
            setattr(state, name, data[name])
        for name in _LIST_FIELDS:
            setattr(state, name, list(data[name]))
        state.round_scores = [list(r) for r in data["round_scores"]]
        state.revealed = [[_copy_pile(p) for p in piles] for piles in data["revealed"]]
        state.piles = [[Pile.from_json(p) for p in seat_piles] for seat_piles in data["piles"]]
        state.rollers = [Roller.from_json(r) for r in data["rollers"]]
        state.event = Event.from_json(data["event"]) if data["event"] else None
        state.pending = [Delivery.from_json(d) for d in data["pending"]]
        state.result = Outcome.from_json(data["outcome"])
        state.last_stop = data.get("last_stop")  # games stored before stops were told apart have none
        state.turns_begun = data.get("turns_begun")
        state.turn_began_at = data.get("turn_began_at", 0)
        return state

    def to_json(self) -> JSON:
        data: JSON = {"game": GAME_ID, "players": self.players, "rng": self.rng.state}
        for name in _SCALAR_FIELDS:
            data[name] = getattr(self, name)
        for name in _LIST_FIELDS:
            data[name] = list(getattr(self, name))
        data["last_stop"] = self.last_stop
        data["round_scores"] = [list(r) for r in self.round_scores]
        data["revealed"] = [[_copy_pile(p) for p in piles] for piles in self.revealed]
        data["piles"] = [[p.to_json() for p in seat_piles] for seat_piles in self.piles]
        data["rollers"] = [r.to_json() for r in self.rollers]
        data["event"] = self.event.to_json() if self.event else None
        data["pending"] = [d.to_json() for d in self.pending]
        data["outcome"] = self.result.to_json() if self.result else None
        data["turns_begun"], data["turn_began_at"] = self.turns_begun, self.turn_began_at
        return data

    def copy(self) -> KoubaState:
        """Copies the few lists moves change in place (arena, pending Koubas); shares what
        moves only replace (the log, the scores, the swaps, the event queue, ...) and, until
        this state changes them, the piles, the dice, the draw and discard piles, the event
        and the generator (see ``_pile``, ``_roller``, ``_cards``, ``_event`` and ``_own_rng``)."""
        clone = object.__new__(KoubaState)
        clone.__dict__ = self.__dict__.copy()
        clone._own_cards = clone._owns_rng = clone._owns_event = False
        clone._own_piles = clone._own_cells = clone._own_rollers = 0
        clone.arena, clone.pending = self.arena.copy(), self.pending.copy()
        clone.piles, clone.rollers = self.piles.copy(), self.rollers.copy()
        clone._actives, clone._open = self._actives.copy(), self._open.copy()
        clone._moves = {}
        clone._actors = None
        return clone

    def _apply(self, seat: int, move: KoubaMove) -> None:
        # A copy (see ``_after``) starts with no moves or actors known.
        self.move_number += 1
        self.last_move, self.last_actor, self.last_stop = [str(move)], seat, None
        _HANDLERS[type(move)](self, seat, move)
        self._advance()
        self._moves, self._actors = {}, None

    def refusal(self, seat: int, move: KoubaMove) -> Text:
        reason = _refusal(self, seat, move)
        moves = self._legal(seat)
        sample = ", ".join(str(m) for m in moves[:4]) + (", …" if len(moves) > 4 else "")
        return Text("{reason} You may play: {moves}.", reason=reason, moves=sample)

    @classmethod
    def describe(cls, view: View, names: Sequence[str]) -> Text | None:
        """The last move: "Ada kept 1 1 2 and rolled 2 1 6 1 3 5", "Ada put the Kouba on pile 4".

        Only what the table sees: how many cards a swap changed, never which.

        >>> from rules import GAMES
        >>> state = GAMES["kouba"].new(players=2, seed=1).play(0, "swap:1,3")
        >>> str(KoubaState.describe(state.view(None), ["Ada", "Bob"]))
        'Ada swapped 2 cards'
        """
        table = cast(KoubaView, view)
        actor = table["last_actor"]
        if not table["last_move"] or actor is None:
            return None
        notation, *rolled = table["last_move"]
        dice = " ".join(rolled[0].removeprefix("dice:").split(",")) if rolled else ""
        who = names[actor]
        kind, _, rest = notation.partition(":")
        if kind == "roll":
            return Text("{who} rolled {dice}", who=who, dice=dice)
        if kind == "keep":
            return Text("{who} kept {kept} and rolled {dice}", who=who, kept=rest.replace(",", " "), dice=dice)
        if kind == "stop":
            return _stop_words(table["last_stop"], who)
        if kind == "claim":
            return _claim_words(table, actor, who, rest)
        if kind == "take":
            return _take_words(table, actor, who, names)
        action = _action_words(kind, rest.split(":") if rest else [], who, names)
        return Text("{action} and rolled {dice}", action=action, dice=dice) if dice else action

    def view(self, seat: int | None) -> KoubaView:
        data: KoubaView = {
            "game": GAME_ID,
            "players": self.players,
            "actors": list(self.actors),
            "waiting_for": list(self.waiting_for),
            "move_number": self.move_number,
            "last_move": self._visible_last_move(seat),
            "last_actor": self.last_actor,
            "last_stop": self.last_stop,
            "outcome": self.result.to_json() if self.result else None,
            "viewer": seat,
            "round": self.round,
            "rounds": self.players,
            "first_player": self.first_player,
            "phase": self.phase,
            "turn": self.turn if self.phase in (TURN, EVENT) else None,
            "turn_number": self.turns_begun,
            "move_in_turn": self.move_number - self.turn_began_at if self.phase in (TURN, EVENT) else 0,
            "arena": [card_json(cid) if cid else None for cid in self.arena],
            "draw_count": len(self.draw),
            "discard_count": len(self.discard),
            "discard_top": card_json(self.discard[-1]) if self.discard else None,
            "dice": [self._dice_view(s) for s in range(self.players)],
            "rolling": self.rolling(),
            "event": self._event_view(),
            "event_queue": [card_json(cid) for cid in self.event_queue],
            "pending": self._pending_view(),
            "tables": [self._table_view(s) for s in range(self.players)],
            "round_scores": [list(r) for r in self.round_scores],
            "totals": self.totals(),
            "revealed": [[_copy_pile(p) for p in piles] for piles in self.revealed],
            "swapped": list(self.swapped) if self.phase == SWAP else None,
            "log": list(self.log),
        }
        if seat is not None:
            private = self._private_view(seat)
            data["hand"], data["round_score"] = private["hand"], private["round_score"]
            data["usable_powers"] = private["usable_powers"]
        return data

    def _dice_view(self, seat: int) -> DiceView:
        roller = self.rollers[seat]
        return {
            "values": list(roller.values),
            "kept": list(roller.kept),
            "rolls": roller.rolls,
            "rolls_left": roller.rolls_left,
            "done": roller.done,
            "target": roller.target,
            "target_text": describe(roller.target) if roller.target else "",  # English: word combo_words(target)
        }

    def _table_view(self, seat: int) -> TableView:
        return {
            "seat": seat,
            "koubas": self.koubas(seat),
            "piles": [
                {
                    "size": len(p.cards),
                    "kouba": p.kouba,
                    "active": card_json(p.cards[-1]) if p.active else None,
                }
                for p in self.piles[seat]
            ],
        }

    def _event_view(self) -> EventView | None:
        event = self.event
        if event is None:
            return None
        return {
            "kind": event.kind,
            "name": _EVENT_NAMES[event.kind].template,
            "card": card_json(event.card) if event.card else None,
            "drawer": event.drawer,
            "seats": list(event.seats),
            "stage": event.stage,
            "attempt": event.attempt,
            "taken": self._duel_cards(event),
        }

    def _duel_cards(self, event: Event) -> list[DuelCard]:
        """Duel cards once both are taken: they are shown to everyone while the duel lasts."""
        if event.kind != "duel" or event.stage != "roll":
            return []
        taken: list[DuelCard] = []
        for seat in event.seats:
            source = self.piles[event.opponent(seat)][event.take[seat]]
            top = card_json(source.cards[-1]) if source.cards else None
            taken.append({"seat": seat, "from": event.opponent(seat), "pile": event.take[seat], "card": top})
        return taken

    def _visible_last_move(self, seat: int | None) -> list[str]:
        """The last move, except a duel's pick while the other duellist has not picked: only its maker sees it."""
        event = self.event
        picking = event is not None and event.kind == "duel" and event.stage != "roll"
        if picking and self.last_move[:1] and self.last_move[0].startswith("take:") and seat != self.last_actor:
            return ["take:hidden"]
        return list(self.last_move)

    def _pending_view(self) -> PendingView | None:
        if not self.pending:
            return None
        delivery = self.pending[0]
        return {
            "seat": delivery.receiver,
            "kind": "king" if self._king_window(delivery) else "kouba",
            "pile": delivery.pile,
            "cause": delivery.cause,
            "counterable": delivery.counterable,
            "queued": len(self.pending) - 1,
        }

    def _private_view(self, seat: int) -> KoubaPrivate:
        powers = [str(m) for m in self._legal(seat) if isinstance(m, (King, *POWER_TYPES))]
        return {
            "hand": [
                {
                    "kouba": p.kouba,
                    "active": p.active,
                    "score": 0 if p.kouba else pile_score(p.cards),
                    "cards": [card_json(cid) for cid in p.cards],
                }
                for p in self.piles[seat]
            ],
            "round_score": self.round_score(seat),
            "usable_powers": powers,
        }


GAME = register(
    Game(
        id=GAME_ID,
        name="Kouba",
        min_players=2,
        max_players=MAX_PLAYERS,
        state_class=KoubaState,
        options=(),
        sample_setups=((2, {}), (3, {}), (4, {}), (5, {}), (6, {})),
    )
)
