"""Playing a move: a turn's rolls, claims and stops, and the champions' powers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.base import Text
from rules.kouba.dice import _DICE_LINES, _keep_and_roll
from rules.kouba.moves import (
    TURN,
    Assassin,
    Brute,
    Challenge,
    Claim,
    Courtesan,
    Extra,
    Give,
    Keep,
    Khan,
    King,
    PlaceKouba,
    Roll,
    Shaman,
    Stop,
    Swap,
    Take,
    at,
)
from rules.kouba.pieces import Delivery
from rules.kouba.state import KoubaChoices
from rules.kouba.words import _FAILED_ARENA, _failed_line, _swap_line, _won_line, card_name
from rules.kouba_deck import CHAMPION, card


class KoubaPowers(KoubaChoices):
    """What each move does to the position (:data:`_HANDLERS`)."""

    def _do_swap(self, seat: int, move: Swap) -> None:
        for index in move.piles:
            pile = self._pile(seat, index)
            gone = pile.cards.pop()
            self._cards()
            self.discard.append(gone)
            pile.cards.append(self._draw_card(keep_out=gone) or self.discard.pop())
        self.swapped = [done or other == seat for other, done in enumerate(self.swapped)]
        self._say(_swap_line(seat, len(move.piles)))

    def _do_roll(self, seat: int, move: Roll | Keep) -> None:
        roller = self._roller(seat)
        if isinstance(move, Keep):
            kept, values = _keep_and_roll(roller.values, move.values, self._roll(roller.dice - len(move.values)))
        else:
            kept, values = [False] * roller.dice, self._roll(roller.dice)
        roller.values, roller.kept, roller.rolls = values, kept, roller.rolls + 1
        self.last_move.append(_DICE_LINES[len(values)] % tuple(values))
        self._after_dice_change(seat)

    def _do_claim(self, seat: int, move: Claim) -> None:
        cid = self.arena[move.slot]
        assert cid is not None
        self.arena[move.slot] = None
        pile = self._pile(seat, move.pile)
        pile.cards.append(cid)
        pile.active = card(cid).colour == CHAMPION
        self._say(_won_line(seat, cid, move.pile))
        self.stage = "done"

    def _do_stop(self, seat: int, move: Stop) -> None:
        if self.phase == TURN:
            self.last_stop = "arena"
            self._say(_failed_line(seat))
            self.pending.append(Delivery(seat, -1, True, _FAILED_ARENA))
            self.stage = "done"
            return
        roller = self._roller(seat)
        roller.done = True
        self.last_stop = "rolls"
        if self._racing_event():
            self.last_stop = "race"
            roller.gave_up = True
            self._say(Text("{who} gives up the race", who=at(seat)))

    def _do_place(self, seat: int, move: PlaceKouba) -> None:
        delivery = self.pending.pop(0)
        self._place_kouba(delivery.receiver, move.pile, delivery.cause)

    def _do_give(self, seat: int, move: Give) -> None:
        self.give_used = True
        if move.target == seat:
            self._say(Text("{who} rolled six alike and gives themselves a Kouba", who=at(seat)))
        else:
            self._say(Text("{who} rolled six alike and gives {whom} a Kouba", who=at(seat), whom=at(move.target)))
        self.pending.append(Delivery(move.target, move.pile, True, str(Text("six alike of {who}", who=at(seat)))))

    def _do_challenge(self, seat: int, move: Challenge) -> None:
        event = self._event()
        event.seats = [seat, move.target]
        event.stage = "take"
        self._say(Text("{who} challenges {whom} to a duel", who=at(seat), whom=at(move.target)))

    def _do_take(self, seat: int, move: Take) -> None:
        self._event().take[seat] = move.pile

    def _do_king(self, seat: int, move: King) -> None:
        if move.counter:
            delivery = self.pending.pop(0)
            self._spend(seat, "king")
            self._say(Text("{who} counters a Kouba ({cause}) with the King", who=at(seat), cause=delivery.cause))
        else:
            self.pending[0] = self.pending[0]._replace(asked=True)

    def _do_khan(self, seat: int, move: Khan) -> None:
        self._spend(seat, "khan")
        self._say(Text("{who} plays the Khan on {whom}", who=at(seat), whom=at(move.target)))
        self.pending.append(Delivery(move.target, move.pile, True, str(Text("Khan of {who}", who=at(seat)))))

    def _do_brute(self, seat: int, move: Brute) -> None:
        self._spend(seat, "brute")
        pile = self._pile(move.target, move.pile)
        gone = pile.cards.pop()
        pile.active = False
        self._cards()
        self.discard.append(gone)
        self._say(
            Text(
                "{who} plays the Brute: {whom} loses {card} from pile {pile}",
                who=at(seat),
                whom=at(move.target),
                card=card_name(gone),
                pile=move.pile + 1,
            )
        )
        if not pile.cards:
            self.pending.append(Delivery(move.target, move.pile, False, str(Text("Brute of {who}", who=at(seat)))))

    def _do_assassin(self, seat: int, move: Assassin) -> None:
        self._spend(seat, "assassin")
        self._say(Text("{who} plays the Assassin: {whom} loses the turn", who=at(seat), whom=at(move.target)))
        self.stage = "done"

    def _do_extra(self, seat: int, move: Extra) -> None:
        piles = [
            i for i in self.power_piles(seat, "extra") if card(self.piles[seat][i].cards[-1]).extra_rolls == move.rolls
        ]
        self._spend_pile(seat, piles[0])
        self._roller(seat).limit += move.rolls
        self._say(
            Text.counted("{who} gains {n} extra roll", "{who} gains {n} extra rolls", "n", who=at(seat), n=move.rolls)
        )

    def _do_courtesan(self, seat: int, move: Courtesan) -> None:
        self._spend(seat, "courtesan")
        roller = self._roller(seat)
        values = roller.values = list(roller.values)
        values[values.index(move.old)] = move.new
        self._say(Text("{who} turns a {old} into a {new} with the Courtesan", who=at(seat), old=move.old, new=move.new))
        self._after_dice_change(seat)

    def _do_shaman(self, seat: int, move: Shaman) -> None:
        self._spend(seat, "shaman")
        old = self.arena[move.slot]
        assert old is not None
        self._cards()
        self.discard.append(old)
        self.arena[move.slot] = self._draw_card(keep_out=old)
        self._say(Text("{who} plays the Shaman: {card} leaves the arena", who=at(seat), card=card_name(old)))
        if self.arena[move.slot] is None:
            self._say(Text("no card left to draw: arena slot {slot} stays empty", slot=move.slot + 1))


_HANDLERS: dict[type, Callable[[KoubaPowers, int, Any], None]] = {
    Swap: KoubaPowers._do_swap,
    Roll: KoubaPowers._do_roll,
    Keep: KoubaPowers._do_roll,
    Claim: KoubaPowers._do_claim,
    Stop: KoubaPowers._do_stop,
    PlaceKouba: KoubaPowers._do_place,
    Give: KoubaPowers._do_give,
    Challenge: KoubaPowers._do_challenge,
    Take: KoubaPowers._do_take,
    King: KoubaPowers._do_king,
    Khan: KoubaPowers._do_khan,
    Brute: KoubaPowers._do_brute,
    Assassin: KoubaPowers._do_assassin,
    Extra: KoubaPowers._do_extra,
    Courtesan: KoubaPowers._do_courtesan,
    Shaman: KoubaPowers._do_shaman,
}
