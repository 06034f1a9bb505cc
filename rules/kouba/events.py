"""The game's flow: rounds, turns, the arena's events and races, Koubas placed, the end."""

from __future__ import annotations

from collections.abc import Callable

from rules.base import Outcome, Text
from rules.kouba.dice import _IDLE, _TURN_START, _deck_for, _event_roller
from rules.kouba.moves import _DECK, ALL, ARENA, EVENT, OVER, PILES, SWAP, TIEBREAK, TURN, Challenge, at
from rules.kouba.pieces import Delivery, Event, Pile, Roller, _revealed_pile
from rules.kouba.powers import KoubaPowers
from rules.kouba.words import _EVENT_NAMES, _entry_line
from rules.kouba_deck import CHAMPION, card


class KoubaEvents(KoubaPowers):
    """Every automatic step between two decisions: turns, events, races, rounds."""

    def _advance(self) -> None:
        """Run every automatic step until someone has to decide."""
        while self.result is None and self._step():
            pass

    def _step(self) -> bool:
        """One automatic step; False when the game waits for a move."""
        if self.pending:
            return self._settle(self.pending[0])
        if self.round_ender is not None:
            self._end_round()
            return True
        if self.phase == SWAP:
            if not all(self.swapped):
                return False
            self._open_arena()
            return True
        if self.phase in (EVENT, TIEBREAK):
            return self._event_step()
        if self.phase == TURN and self.stage == "done":
            self._begin_turn((self.turn + 1) % self.players)
            return True
        return False

    def _settle(self, delivery: Delivery) -> bool:
        """Place a Kouba that needs no decision; False while waiting for the receiver."""
        free = self._open_piles(delivery.receiver)
        if not free:
            self.pending.pop(0)
            return True
        if self._king_window(delivery):
            return False
        if delivery.pile >= 0 and delivery.pile in free:
            self.pending.pop(0)
            self._place_kouba(delivery.receiver, delivery.pile, delivery.cause)
            return True
        if len(free) == 1:
            self.pending.pop(0)
            self._place_kouba(delivery.receiver, free[0], delivery.cause)
            return True
        if delivery.pile >= 0:
            self.pending[0] = delivery._replace(pile=-1)
        return False

    def _deal_round(self) -> None:
        cards = list(_deck_for(self.players))
        self._shuffle(cards)
        self.draw, self.discard, self.arena, self._own_cards = cards, [], [None] * ARENA, True
        self.piles = [[Pile([self.draw.pop()]) for _ in range(PILES)] for _ in range(self.players)]
        self._own_piles = self._own_cells = ALL
        self._actives, self._open = [None] * self.players, [None] * self.players
        self.rollers, self._own_rollers = [_IDLE] * self.players, 0
        self.swapped = [False] * self.players
        self.phase, self.turn, self.stage, self.opening = SWAP, self.first_player, "roll", True
        self.event, self.event_queue, self.pending, self.round_ender = None, [], [], None
        self._say(
            Text(
                "round {round}: {who} starts; everyone may swap up to 2 cards",
                round=self.round,
                who=at(self.first_player),
            )
        )

    def _open_arena(self) -> None:
        self.arena = [self._draw_card() for _ in range(ARENA)]
        self._begin_turn(self.first_player)

    def _begin_turn(self, seat: int) -> None:
        self.phase, self.turn, self.stage, self.give_used = TURN, seat, "roll", False
        if self.turns_begun is not None:
            self.turns_begun += 1
        self.turn_began_at = self.move_number
        self._fresh_rollers()
        if self.opening:
            self.opening = False
            return
        drawn = self._refill()
        self.event_queue = [cid for cid in drawn if _DECK[cid].colour != CHAMPION]
        if self.event_queue:
            self._start_event(self._next_event())

    def _next_event(self) -> str:
        """Takes the first card of the event queue."""
        first, *self.event_queue = self.event_queue
        return first

    def _fresh_rollers(self) -> None:
        """Everyone's dice put down, the turn player's ready for 3 rolls (shared until changed, see ``_roller``)."""
        self.rollers = [_IDLE] * self.players
        self.rollers[self.turn] = _TURN_START
        self._own_rollers = 0

    def _start_event(self, cid: str) -> None:
        kind = card(cid).event
        everyone = list(range(self.players))
        self.phase = EVENT
        if kind == "duel":
            self.event = Event(kind, cid, self.turn, [self.turn], "challenge", [-1] * self.players)
            opponents = self._opponents(self.turn)
            if len(opponents) == 1:
                self._do_challenge(self.turn, Challenge(opponents[0]))
        else:
            self.event = Event(kind, cid, self.turn, everyone, "roll", [-1] * self.players)
            self._reset_event_rollers()
        self._say(_entry_line(cid))

    def _reset_event_rollers(self) -> None:
        event = self.event
        assert event is not None
        for seat in range(self.players):
            self.rollers[seat] = Roller(done=seat not in event.seats)
        for seat in event.seats:
            self.rollers[seat] = _event_roller(event, seat, self)
        self._own_rollers = ALL

    def _event_step(self) -> bool:
        event = self.event
        assert event is not None
        if event.stage == "take":
            event = self._event()
            for seat in event.seats:
                free = self._open_piles(event.opponent(seat))
                if event.take[seat] < 0 and len(free) == 1:
                    event.take[seat] = free[0]
            if any(event.take[s] < 0 for s in event.seats):
                return False
            event.stage = "roll"
            self._reset_event_rollers()
            return True
        if event.stage != "roll":
            return False
        return _RESOLVERS[event.kind](self, event)

    def _resolve_golem(self, event: Event) -> bool:
        if not all(self.rollers[s].done for s in event.seats):
            return False
        for seat in self._from_turn(event.seats):
            value = self.rollers[seat].values[0]
            if value % 2 == 0:
                self.pending.append(Delivery(seat, -1, True, str(Text("Golem, rolled {value}", value=value))))
        self._finish_event()
        return True

    def _resolve_weaver(self, event: Event) -> bool:
        if not all(self.rollers[s].done for s in event.seats):
            return False
        totals = {s: sum(self.rollers[s].values) for s in event.seats}
        top = max(totals.values())
        highest = [s for s in event.seats if totals[s] == top]
        if len(highest) > 1:
            return self._roll_off(event, highest)
        self.pending.append(Delivery(highest[0], -1, True, str(Text("Weaver, highest total {total}", total=top))))
        self._finish_event()
        return True

    def _resolve_race(self, event: Event) -> bool:
        """The player who needed the most rolls loses (or, in the tie-break, the fewest wins).

        A player who gives up loses the race at once.
        """
        if event.kind == "tiebreak":
            return self._race_winner(event)
        quitter = next((s for s in event.seats if self.rollers[s].gave_up), None)
        if quitter is not None:
            self._race_kouba(event, quitter, Text("gave up"))
            self._finish_event()
            return True
        pending = [s for s in event.seats if not self.rollers[s].done]
        if len(pending) > 1:
            return False
        counts = {s: self.rollers[s].rolls for s in event.seats}
        finished = [s for s in event.seats if self.rollers[s].done]
        if pending and not self._surely_last(pending[0], counts, finished):
            return False
        worst = max(counts.values())
        losers = pending or [s for s in finished if counts[s] == worst]
        if len(losers) > 1:
            return self._roll_off(event, losers)
        self._race_kouba(event, losers[0], Text("slowest"))
        self._finish_event()
        return True

    def _surely_last(self, seat: int, counts: dict[int, int], finished: list[int]) -> bool:
        """The only player still racing needs more rolls than anyone (unless a Courtesan can still tie)."""
        if not finished:
            return False
        worst = max(counts[s] for s in finished)
        return counts[seat] > worst or (counts[seat] == worst and not self.power_piles(seat, "courtesan"))

    def _race_winner(self, event: Event) -> bool:
        """The tie-break: fewest rolls wins; who gives up drops out; the last one left wins."""
        racing = [s for s in event.seats if not self.rollers[s].gave_up]
        if len(racing) == 1:
            line = Text("{who} wins the tie-break race the others gave up", who=at(racing[0]))
            return self._tiebreak_won(racing[0], line)
        counts = {s: self.rollers[s].rolls for s in racing}
        finished = [s for s in racing if self.rollers[s].done]
        if not finished:
            return False
        best = min(counts[s] for s in finished)
        still = [s for s in racing if not self.rollers[s].done]
        # A racer still on ``best`` rolls may yet tie with a Courtesan, without rolling again.
        if any(counts[s] < best or (counts[s] == best and self.power_piles(s, "courtesan")) for s in still):
            return False
        winners = [s for s in finished if counts[s] == best]
        if len(winners) > 1:
            return self._roll_off(event, winners)
        won = Text.counted(
            "{who} wins the tie-break race in {n} roll",
            "{who} wins the tie-break race in {n} rolls",
            "n",
            who=at(winners[0]),
            n=best,
        )
        return self._tiebreak_won(winners[0], won)

    def _tiebreak_won(self, winner: int, line: Text) -> bool:
        self._say(line)
        totals = self.totals()
        self.result = Outcome((winner,), "most points (tie broken by a Reaper race)", tuple(map(float, totals)))
        self.phase, self.event = OVER, None
        return True

    def _race_kouba(self, event: Event, loser: int, why: Text) -> None:
        if event.kind == "duel":
            winner = event.opponent(loser)
            self._say(Text("{who} wins the duel", who=at(winner)))
            cause = Text("lost the duel to {who}", who=at(winner))
            self.pending.append(Delivery(loser, event.take[winner], True, str(cause)))
        else:
            cause = Text("{event}, {why}", event=_EVENT_NAMES[event.kind], why=why)
            self.pending.append(Delivery(loser, -1, True, str(cause)))

    def _roll_off(self, event: Event, seats: list[int]) -> bool:
        self._say(Text("tie between {seats}: they roll again", seats=" ".join(at(s) for s in seats)))
        event = self._event()
        event.seats = seats if event.kind != "duel" else event.seats
        event.attempt += 1
        self._reset_event_rollers()
        return True

    def _finish_event(self) -> None:
        self.event = None
        self.phase = TURN
        self._fresh_rollers()
        if self.event_queue:
            self._start_event(self._next_event())

    def _from_turn(self, seats: list[int]) -> list[int]:
        """Seats in turn order starting with the current player."""
        return sorted(seats, key=lambda s: (s - self.turn) % self.players)

    def _end_round(self) -> None:
        self.revealed = [[_revealed_pile(p) for p in piles] for piles in self.piles]
        scores = [sum(p["score"] for p in piles) for piles in self.revealed]  # each seat's round_score
        self.round_scores = [*self.round_scores, scores]
        ender = self.round_ender
        assert ender is not None
        self._say(
            Text(
                "round {round} ends ({who} has 4 Koubas): {scores}",
                round=self.round,
                who=at(ender),
                scores=", ".join(map(str, scores)),
            )
        )
        if self.round >= self.players:
            self._end_game()
            return
        self.round += 1
        self.first_player = ender
        self._deal_round()

    def _end_game(self) -> None:
        self.round_ender = None
        self.pending, self.event_queue = [], []
        totals = self.totals()
        best = max(totals)
        tied = [s for s in range(self.players) if totals[s] == best]
        if len(tied) == 1:
            self.result = Outcome((tied[0],), "most points after the last round", tuple(map(float, totals)))
            self.phase, self.event = OVER, None
            return
        self.phase = TIEBREAK
        self.event = Event("tiebreak", "", tied[0], tied, "roll", [-1] * self.players)
        self._reset_event_rollers()
        self._say(
            Text.counted(
                "tie on {points} point: Reaper race between {seats}",
                "tie on {points} points: Reaper race between {seats}",
                "points",
                points=best,
                seats=" ".join(at(s) for s in tied),
            )
        )


_RESOLVERS: dict[str, Callable[[KoubaEvents, Event], bool]] = {
    "golem": KoubaEvents._resolve_golem,
    "weaver": KoubaEvents._resolve_weaver,
    "reaper": KoubaEvents._resolve_race,
    "sylvan": KoubaEvents._resolve_race,
    "duel": KoubaEvents._resolve_race,
    "tiebreak": KoubaEvents._resolve_race,
}
