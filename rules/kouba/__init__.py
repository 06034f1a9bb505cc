"""Kouba: beat the champions of the arena with six dice (2 to 6 players).

Rules as implemented (RULINGS.md section 5 wins over the rulebook; the deck is
project data, see ``rules/kouba_deck.json`` and ``docs/kouba-deck.md``):

- Two factions, Dwarves and Elves (the two Kings name them). A game has as many
  rounds as players. Each round the whole deck is shuffled and every player is
  dealt 5 cards face down: their 5 *piles*, seen only by their owner.
- Swap: at the start of a round every player, at the same time, swaps up to 2
  of those cards once for new ones (``swap:1,3`` / ``swap:none``). Then the
  arena is dealt: 3 cards face up. The round's first player ignores the entry
  effects of these opening cards.
- A turn: refill the arena (if full: discard the rightmost card, shift the
  others right, draw into slot 1; if a slot is empty: close the gap to the
  right and draw into slot 1). A red (legendary) or yellow (duelist) card drawn
  this way resolves its entry effect first. Then up to 3 rolls of the six dice
  (``roll``, then ``keep:...`` to keep some dice and roll the others). After any
  roll the player may claim one arena card whose combination the dice show,
  placing it on a pile without a Kouba (``claim:2:pile4``); the turn ends.
  ``stop`` gives up: the player receives a Kouba on a pile of their choice.
  Six identical dice let the player once give a Kouba to any player, themselves
  included, on the pile the giver picks (``give:@2:pile3``); the turn goes on.
- A won champion goes face up on top of its pile and is that pile's only active
  card; any card placed on a pile makes the card below inert. A won red or
  yellow card lies face down without power. A pile with a Kouba no longer
  scores, takes no cards, and its active card is lost.
- Powers (each active champion once, then it turns face down): King counters
  any Kouba except the Brute's; Khan/Black Widow gives a Kouba to an opponent on
  a pile of the user's choice; Brute/Executioner discards the top card of an
  opponent's pile (a pile left empty gets a Kouba, which no King counters);
  Assassin/Judge ends the current player's turn before they claim (no card, no
  Kouba); Priestess/Sentinel/Champion/Wild One add 1 or 2 rolls to one's own
  turn, Weaver or Golem; Courtesan/Magician set one of one's own dice to any
  value (turn, legendary events, duels, the tie-break race); Shaman/Guardian
  replaces an arena card, and the new card's entry effect is ignored. Powers may
  be played by anyone holding one, at any time: in other players' turns, during
  events and while a Kouba is being placed; only a King's answer is a pause that
  nobody else acts in. The Assassin also stops a turn during its entry event. In
  the final tie-break race only the Courtesan has anything to change.
- Events are played on roll counts, each player at their own pace. Weaver:
  up to 3 rolls each, stop when you like, highest total gets a Kouba (ties
  re-roll). Golem: one die each, even results get a Kouba. Reaper race: straight
  1-6; Sylvan race: two 2s and two 4s; the player who needed the most rolls gets
  a Kouba (ties race again). Duel: the drawer picks an opponent, each takes the
  top card of one of the other's piles (``take:pile3``) and races for its
  combination; the loser gets a Kouba on the pile the winner took from. Races
  have no roll limit; a player only keeps dice that can still complete the
  target, and may give up at any time (``stop``): they lose the race at once
  (in the tie-break they drop out). Giving up is also what the time limit plays.
- The round ends once the Koubas being handed out are placed and a player has
  4; that player starts the next round. Each pile without a Kouba scores its
  cards' points, plus per faction in the pile +4 for 2 cards, +8 for 3, +20 for
  4 or more. Highest total after the last round wins; a tie is broken by a
  Reaper race between the tied players (fewest rolls wins).
- An empty draw pile takes the shuffled discard, except the card the action
  being resolved has just discarded (a Shaman never draws back the card it
  replaced); when no card can be drawn the arena slot stays empty.

Notation (case-insensitive, spaces ignored). Players are ``@1`` .. ``@6`` in
seat order (seat 0 is ``@1``); piles ``pile1`` .. ``pile5``, arena slots 1-3 from
the left. Dice are named by the values they show: ``keep:3,3,6`` keeps two 3s
and a 6 and rolls the other dice; ``courtesan:2=6`` turns one of your 2s into a 6.

``swap:1,3`` ``swap:none`` ``roll`` ``keep:3,3,6`` ``claim:2:pile4`` ``stop``
``kouba:pile3`` ``give:@2:pile1`` ``duel:@2`` ``take:pile3`` ``king:counter``
``king:allow`` ``khan:@2:pile4`` ``brute:@2:pile4`` ``assassin:@2`` ``extra:1``
``courtesan:2=6`` ``shaman:arena2``. Faction names work as aliases (``widow``,
``executioner``, ``judge``, ``magician``, ``guardian``).

>>> from rules import GAMES
>>> state = GAMES["kouba"].new(players=3, seed=4)
>>> state.actors
(0, 1, 2)
>>> [str(state.parse_move(t)) for t in ("SWAP: 1, 3", "Widow:@2:pile4", "keep 6,1,6")]
['swap:1,3', 'khan:@2:pile4', 'keep:1,6,6']

Several seats may act at once (``actors``): the swap, event rolls, and anyone
holding a usable power. ``waiting_for`` lists the seats the game actually waits
for (the others could only play an optional power). A King counter is a pause:
the receiver alone acts, and ``king:allow`` is the "no counter" default.
``last_move`` is the notation played plus, after a roll, ``dice:6,6,5,3,2,1``.

``view(seat)`` holds the required keys plus: round, rounds, first_player, phase
(swap/turn/event/tiebreak/over), turn, arena (card data or None per slot),
draw_count, discard_count, discard_top, dice (per seat: values, kept, rolls,
rolls_left, done, target), rolling, event, event_queue, pending (a Kouba being
placed or countered), tables (per seat: koubas and piles with size, kouba and
the face-up active card), round_scores, totals, revealed (last round's piles),
swapped, log, waiting_for, last_actor; for a player also hand (their piles
with every card), round_score and usable_powers.

The package, by concern: ``moves`` (the numbers, the moves, their notation, the moves a position
offers), ``pieces`` (piles, dice rollers, events), ``dice`` (every random number), ``state`` (a position
and its legal moves), ``powers`` (what each move does), ``events`` (turns, events, races, rounds),
``words`` (the log, refusals, menus), ``views`` (what is shown) and ``game`` (:class:`KoubaState` and the
registered game). This module names what the rest of the project reads of the game.
"""

from __future__ import annotations

from rules.kouba.dice import _roll_dice as _roll_dice
from rules.kouba.dice import _shuffle as _shuffle
from rules.kouba.game import GAME, KoubaState
from rules.kouba.moves import DICE, EVENT, KOUBAS_TO_END, RACES, SWAP, TIEBREAK, TURN, KoubaMove, at, parse_notation
from rules.kouba.pieces import Pile, pile_score
from rules.kouba.views import DiceView, EventView, HandPile, KoubaView, PendingView, PileView
from rules.kouba.words import (
    CAUSE_TEXTS,
    LOG_TEXTS,
    cause_text,
    keeps_free_to_pick,
    log_text,
    move_groups,
    move_label,
    power_card,
)

__all__ = [
    "CAUSE_TEXTS", "DICE", "EVENT", "GAME", "KOUBAS_TO_END", "LOG_TEXTS", "RACES", "SWAP", "TIEBREAK", "TURN",
    "DiceView", "EventView", "HandPile", "KoubaMove", "KoubaState", "KoubaView", "PendingView", "Pile", "PileView",
    "at", "cause_text", "keeps_free_to_pick", "log_text", "move_groups", "move_label", "parse_notation",
    "pile_score", "power_card",
]
