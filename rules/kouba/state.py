"""A Kouba position: its storage, the facts read from it, the moves each seat may play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.base import GameState, NotationError, Outcome, Rng, Text, plain_notation
from rules.kouba.dice import _roll_dice, _shuffle, _wins
from rules.kouba.moves import (
    _BRUTE,
    _CHALLENGE,
    _CLAIM,
    _FIRST_ROLL,
    _GIVE,
    _KHAN,
    _KING,
    _PLACE,
    _ROLL,
    _SHAMAN,
    _STOP,
    _STOP_ONLY,
    _SWAPS,
    _TAKE,
    ALL,
    ARENA,
    EVENT,
    KOUBAS_TO_END,
    LOG_LENGTH,
    PILES,
    POWER_TYPES,
    RACES,
    SWAP,
    TIEBREAK,
    TURN,
    Assassin,
    Extra,
    King,
    KoubaMove,
    Stop,
    _courtesan_moves,
    _keep_moves,
    _rerolls,
    _rerolls_or_stop,
    at,
    parse_notation,
)
from rules.kouba.pieces import Roller, pile_score
from rules.kouba.words import _failed_line, _kouba_line
from rules.kouba_combos import combo_met
from rules.kouba_deck import Card, card

if TYPE_CHECKING:
    from rules.kouba.pieces import Delivery, Event, Pile
    from rules.kouba.views import RevealedPile


class KoubaPosition(GameState[KoubaMove]):
    """The deck, the arena, everybody's piles and dice: stored, copied on write, and read."""

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.round = 1
        self.first_player = 0
        self.phase = SWAP
        self.turn = 0
        self.stage = "roll"  # in TURN: "roll" or "done"
        self.opening = True
        self.give_used = False
        self.draw: list[str] = []
        self.discard: list[str] = []
        self.arena: list[str | None] = [None] * ARENA
        self.piles: list[list[Pile]] = [[] for _ in range(players)]
        self.rollers: list[Roller] = [Roller() for _ in range(players)]
        self.swapped: list[bool] = [False] * players
        self.event: Event | None = None
        self.event_queue: list[str] = []
        self.pending: list[Delivery] = []
        self.round_ender: int | None = None
        self.round_scores: list[list[int]] = []
        self.revealed: list[list[RevealedPile]] = []  # last finished round's piles, shown to all
        self.log: list[str] = []
        self.move_number = 0
        # Turns begun (None: a game stored before they were counted), and move_number when the last began.
        self.turns_begun: int | None = 0
        self.turn_began_at = 0
        self.last_move: list[str] = []
        self.last_actor: int | None = None
        self.last_stop: str | None = None  # what the last ``stop`` ended: "arena" (a turn), "race" or "rolls"
        self.result: Outcome | None = None
        self._moves: dict[int, Sequence[KoubaMove]] = {}
        self._actors: tuple[int, ...] | None = None
        # Copy on write: a copy shares the piles, the dice, the draw and discard piles, the event
        # and the generator with the state it was made from, until _pile, _roller, _cards, _event
        # or _own_rng copies them for this state. Bit masks of the seats whose list of piles and
        # whose dice this state owns, and of its own piles (bit seat * PILES + index):
        self._own_piles = self._own_cells = self._own_rollers = ALL
        self._own_cards = self._owns_rng = self._owns_event = True
        # Per seat, read from its piles when needed (None: to read again): its usable champions
        # and its piles without a Kouba.
        self._actives: list[tuple[Card, ...] | None] = [None] * players
        self._open: list[tuple[int, ...] | None] = [None] * players

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def parse_move(self, text: str) -> KoubaMove:
        move = parse_notation(plain_notation(text))
        target = getattr(move, "target", 0)
        if target >= self.players:
            raise NotationError(
                "There is no player {who}: this game has @1 to {last}.", who=at(target), last=at(self.players - 1)
            )
        return move

    def koubas(self, seat: int) -> int:
        return len(self.piles[seat]) - len(self._open_piles(seat))

    def open_piles(self, seat: int) -> list[int]:
        """Indices of the seat's piles without a Kouba."""
        return list(self._open_piles(seat))

    def _open_piles(self, seat: int) -> tuple[int, ...]:
        free = self._open[seat]
        if free is None:
            free = self._open[seat] = tuple(i for i, p in enumerate(self.piles[seat]) if not p.kouba)
        return free

    def round_score(self, seat: int) -> int:
        return sum(pile_score(p.cards) for p in self.piles[seat] if not p.kouba)

    def totals(self) -> list[int]:
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def active_cards(self, seat: int) -> list[Card]:
        """The seat's usable champions (face up on top of a pile without a Kouba)."""
        return list(self._active(seat))

    def _active(self, seat: int) -> tuple[Card, ...]:
        actives = self._actives[seat]
        if actives is None:
            actives = tuple(card(p.cards[-1]) for p in self.piles[seat] if p.active and not p.kouba)
            self._actives[seat] = actives
        return actives

    def power_piles(self, seat: int, power: str) -> list[int]:
        """Piles of ``seat`` whose active card has ``power``."""
        if not any(c.power == power for c in self._active(seat)):
            return []
        return [
            i for i, p in enumerate(self.piles[seat]) if p.active and not p.kouba and card(p.cards[-1]).power == power
        ]

    def rolling(self) -> list[int]:
        """Seats currently rolling dice (turn player or event participants still going)."""
        if self.pending or self.phase not in (TURN, EVENT, TIEBREAK):
            return []
        if self.phase == TURN:
            return [self.turn] if self.stage == "roll" else []
        assert self.event is not None
        if self.event.stage != "roll":
            return []
        return [s for s in self.event.seats if not self.rollers[s].done]

    def _powers_open(self) -> bool:
        """Powers work « à tout moment »: in turns, events, races and Kouba placements.

        A King's answer is a pause nobody else acts in; the swap has no active card.
        """
        if self.result is not None or self.phase not in (TURN, EVENT, TIEBREAK):
            return False
        return not (self.pending and self._king_window(self.pending[0]))

    def _racing(self, seat: int) -> bool:
        """Whether ``seat`` is still running a race (Reaper, Sylvan, duel or tie-break)."""
        return self._racing_event() and seat in self.rolling()

    def _racing_event(self) -> bool:
        return self.event is not None and self.event.kind in RACES

    def _king_window(self, delivery: Delivery) -> bool:
        return delivery.counterable and not delivery.asked and bool(self.power_piles(delivery.receiver, "king"))

    def _opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def _pile(self, seat: int, index: int) -> Pile:
        """Pile ``index`` of ``seat``, to be changed: every change of a pile goes through here."""
        if not self._own_piles >> seat & 1:
            self.piles[seat] = self.piles[seat].copy()
            self._own_piles |= 1 << seat
        cell = seat * PILES + index
        if not self._own_cells >> cell & 1:
            self.piles[seat][index] = self.piles[seat][index].clone()
            self._own_cells |= 1 << cell
        self._actives[seat] = self._open[seat] = None
        return self.piles[seat][index]

    def _roller(self, seat: int) -> Roller:
        """The dice of ``seat``, to be changed: every change of a roller goes through here."""
        if not self._own_rollers >> seat & 1:
            self.rollers[seat] = self.rollers[seat].clone()
            self._own_rollers |= 1 << seat
        return self.rollers[seat]

    def _event(self) -> Event:
        """The event under way, to be changed: every change of the event goes through here."""
        assert self.event is not None
        if not self._owns_event:
            self.event = self.event.clone()
            self._owns_event = True
        return self.event

    def _cards(self) -> None:
        """Makes the draw and discard piles this state's own: called before changing either."""
        if not self._own_cards:
            self.draw, self.discard = self.draw.copy(), self.discard.copy()
            self._own_cards = True

    def _roll(self, count: int) -> list[int]:
        """``count`` dice rolled with the state's generator."""
        if type(self.rng) is not Rng:  # a scripted test generator is asked die by die
            rng = self._own_rng()
            return [rng.randint(1, 6) for _ in range(count)]
        rolled, after = _roll_dice(self.rng.state, count)
        self._set_rng(after)
        return rolled

    def _shuffle(self, items: list[str]) -> None:
        """Shuffles ``items`` in place with the state's generator."""
        if type(self.rng) is not Rng:
            self._own_rng().shuffle(items)
        else:
            self._set_rng(_shuffle(self.rng.state, items))

    def _set_rng(self, state: int) -> None:
        if self._owns_rng:
            self.rng.state = state
        else:
            self.rng, self._owns_rng = Rng(state), True

    def _own_rng(self) -> Rng:
        """The generator, to be drawn from (a scripted test generator keeps its script shared)."""
        if not self._owns_rng:
            self.rng = self.rng.copy()
            self._owns_rng = True
        return self.rng

    def _say(self, line: Text | str) -> None:
        """Logs ``line`` in English (one of ``LOG_TEXTS``): :func:`log_text` reads it back for other languages."""
        self.log = [*self.log[-(LOG_LENGTH - 1) :], line if isinstance(line, str) else str(line)]

    def _draw_card(self, keep_out: str | None = None) -> str | None:
        """The top card of the draw pile, or None when no card can be drawn.

        An empty draw pile first takes the shuffled discard, except ``keep_out``: the card
        the action being resolved has just discarded stays there (a Shaman never draws back
        the card it replaced).
        """
        self._cards()
        if not self.draw:
            self.draw = [cid for cid in self.discard if cid != keep_out]
            self.discard = [cid for cid in self.discard if cid == keep_out]
            if self.draw:
                self._shuffle(self.draw)
                self._say(Text("the discard is shuffled into a new draw pile"))
        return self.draw.pop() if self.draw else None

    def _refill(self) -> list[str]:
        """Refill the arena to 3 (discard the rightmost if full); returns the cards drawn."""
        gone: str | None = None
        if all(self.arena):
            gone = self.arena[-1]
            assert gone is not None
            self._cards()
            self.discard.append(gone)
            self.arena = [None, *self.arena[:-1]]
        present = [cid for cid in self.arena if cid]
        drawn: list[str] = []
        while len(present) + len(drawn) < ARENA:
            cid = self._draw_card(keep_out=gone)
            if cid is None:
                break
            drawn.append(cid)
        filled: list[str | None] = [*reversed(drawn), *present]
        gaps: list[str | None] = [None] * (ARENA - len(filled))
        self.arena = gaps + filled
        return drawn

    def _place_kouba(self, seat: int, index: int, cause: str) -> None:
        pile = self._pile(seat, index)
        pile.kouba, pile.active = True, False
        if self.log and self.log[-1] == _failed_line(seat):
            self.log = self.log[:-1]  # the line that says where the Kouba went says it was a failure too
        self._say(_kouba_line(seat, index, cause))
        if self.koubas(seat) >= KOUBAS_TO_END and self.round_ender is None:
            self.round_ender = seat

    def _spend(self, seat: int, power: str) -> None:
        self._spend_pile(seat, self.power_piles(seat, power)[0])

    def _spend_pile(self, seat: int, index: int) -> None:
        self._pile(seat, index).active = False

    def _after_dice_change(self, seat: int) -> None:
        """Races end for a player on success; Weaver and Golem stop once nothing is left to do."""
        if self.phase not in (EVENT, TIEBREAK) or self.event is None:
            return
        roller = self._roller(seat)
        if self.event.kind in RACES:
            roller.done = roller.done or combo_met(roller.target, roller.values)
        elif roller.rolls >= roller.limit and not self._can_improve(seat):
            roller.done = True

    def _can_improve(self, seat: int) -> bool:
        return bool(self.power_piles(seat, "extra") or self.power_piles(seat, "courtesan"))


class KoubaChoices(KoubaPosition):
    """Who may act and with which moves (the legal moves, by seat)."""

    @property
    def actors(self) -> tuple[int, ...]:
        if self._actors is None:
            movers = self._movers()
            seats = range(0 if self.result else self.players)
            self._actors = tuple(s for s in seats if s in movers or (self._active(s) and self._legal(s)))
        return self._actors

    def _movers(self) -> tuple[int, ...]:
        """The seats with moves other than powers (those ``_own_moves`` lists), without listing them."""
        if self.pending:
            delivery = self.pending[0]
            receiver = delivery.receiver
            return (receiver,) if self._king_window(delivery) or self._open_piles(receiver) else ()
        if self.phase == SWAP:
            return tuple(s for s, done in enumerate(self.swapped) if not done)
        if self.phase == TURN:
            return (self.turn,) if self.stage == "roll" else ()
        if self.event is None or self.phase not in (EVENT, TIEBREAK):
            return ()
        event = self.event
        if event.stage == "challenge":
            return (event.drawer,) if self.players > 1 else ()
        if event.stage == "take":
            return tuple(s for s in event.seats if event.take[s] < 0 and self._open_piles(event.opponent(s)))
        return tuple(s for s in event.seats if self._rolls_on(event, self.rollers[s]))

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Seats the game waits for (actors minus those who could only play an optional power)."""
        return tuple(s for s in self.actors if any(not isinstance(m, POWER_TYPES) for m in self._legal(s)))

    def legal_moves(self, seat: int) -> list[KoubaMove]:
        if not 0 <= seat < self.players:
            return []
        return list(self._legal(seat))

    def default_move(self, seat: int) -> KoubaMove | None:
        """A King holder who lets the time limit pass does not counter; a racer gives up the race.

        >>> from rules import GAMES
        >>> GAMES["kouba"].new(players=2, seed=1).default_move(0) is None
        True
        """
        allow = King(counter=False)
        if allow in self._legal(seat):
            return allow
        return Stop() if self._racing(seat) else None

    def _legal(self, seat: int) -> Sequence[KoubaMove]:
        """The legal moves, listed once per position (a list or a shared tuple: never changed)."""
        if seat not in self._moves:
            self._moves[seat] = () if self.result else self._compute_legal(seat)
        return self._moves[seat]

    def _compute_legal(self, seat: int) -> Sequence[KoubaMove]:
        moves = self._own_moves(seat)
        if self._active(seat) and self._powers_open():
            return [*moves, *self._power_moves(seat)]
        return moves

    def _own_moves(self, seat: int) -> Sequence[KoubaMove]:
        """What ``seat`` may play besides powers."""
        if self.pending:
            return self._pending_moves(seat)
        if self.phase == SWAP:
            return [] if self.swapped[seat] else list(_SWAPS)
        if self.phase == TURN and self.stage == "roll" and seat == self.turn:
            return self._turn_moves(seat)
        if self.phase in (EVENT, TIEBREAK):
            return self._event_moves(seat)
        return []

    @staticmethod
    def _rolls_on(event: Event, roller: Roller) -> bool:
        """Whether a seat of ``event`` with these dice still has a move (``_roller_moves`` is not empty)."""
        return not roller.done and (event.kind in RACES or roller.rolls < roller.limit or roller.rolls > 0)

    def _pending_moves(self, seat: int) -> list[KoubaMove]:
        delivery = self.pending[0]
        if seat != delivery.receiver:
            return []
        if self._king_window(delivery):
            return list(_KING)
        return [_PLACE[p] for p in self._open_piles(seat)]

    def _turn_moves(self, seat: int) -> Sequence[KoubaMove]:
        roller = self.rollers[seat]
        if roller.rolls == 0:
            return _FIRST_ROLL
        hand = tuple(sorted(roller.values))
        rerolls = _rerolls(hand) if roller.rolls < roller.limit else ()
        piles = self._open_piles(seat)
        wins: list[KoubaMove] = [
            _CLAIM[slot][pile] for slot, cid in enumerate(self.arena) if cid and hand in _wins(cid) for pile in piles
        ]
        if not self.give_used and hand[0] == hand[-1]:
            # « à un joueur de son choix »: any player, the roller included.
            wins.extend(_GIVE[s][p] for s in range(self.players) for p in self._open_piles(s))
        if not wins:
            return _rerolls_or_stop(hand) if rerolls else _STOP_ONLY
        return [*rerolls, *wins, _STOP]

    def _event_moves(self, seat: int) -> list[KoubaMove]:
        event = self.event
        assert event is not None
        if event.stage == "challenge":
            return [_CHALLENGE[o] for o in self._opponents(seat)] if seat == event.drawer else []
        if event.stage == "take":
            if seat not in event.seats or event.take[seat] >= 0:
                return []
            return [_TAKE[p] for p in self._open_piles(event.opponent(seat))]
        roller = self.rollers[seat]
        if seat not in event.seats or roller.done:
            return []
        return self._roller_moves(event.kind, roller)

    def _roller_moves(self, kind: str, roller: Roller) -> list[KoubaMove]:
        if kind in RACES:
            # « sans limite de lancers »: roll until the combination is made, or give up.
            keeps = _keep_moves(roller, roller.target) if roller.rolls else []
            return [_ROLL, *keeps, _STOP]
        moves: list[KoubaMove] = []
        if roller.rolls < roller.limit:
            moves.append(_ROLL)
            if roller.rolls and kind == "weaver":
                moves.extend(_keep_moves(roller))
        if roller.rolls:
            moves.append(_STOP)
        return moves

    def _power_moves(self, seat: int) -> list[KoubaMove]:
        actives = self._active(seat)
        if not actives:
            return []
        moves: list[KoubaMove] = []
        powers = {c.power for c in actives}
        if self.phase == TIEBREAK:
            powers &= {"courtesan"}  # the game is scored: only a die of the race can still change
        if "khan" in powers:
            moves.extend(_KHAN[o][p] for o in self._opponents(seat) for p in self._open_piles(o))
        if "brute" in powers:
            moves.extend(_BRUTE[o][p] for o in self._opponents(seat) for p in self._open_piles(o))
        if "assassin" in powers and self._may_assassinate(seat):
            moves.append(Assassin(self.turn))
        if "extra" in powers and self._may_add_rolls(seat):
            moves.extend(Extra(n) for n in sorted({c.extra_rolls for c in actives if c.power == "extra"}))
        if "courtesan" in powers and seat in self.rolling() and self.rollers[seat].values:
            moves.extend(_courtesan_moves(self.rollers[seat]))
        if "shaman" in powers:
            moves.extend(_SHAMAN[i] for i, cid in enumerate(self.arena) if cid)
        return moves

    def _may_assassinate(self, seat: int) -> bool:
        """Another player's turn, before they claim: « même pendant son lancer de dés », and its entry event."""
        return self.phase in (TURN, EVENT) and self.stage == "roll" and self.turn != seat

    def _may_add_rolls(self, seat: int) -> bool:
        """Extra rolls serve in one's own turn, the Weaver and the Golem."""
        if seat not in self.rolling():
            return False
        return self.phase == TURN or (self.event is not None and self.event.kind in ("weaver", "golem"))
