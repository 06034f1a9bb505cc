"""Araksey: arakseys and their sources, for 2, 3 or 4 players (RULINGS.md section 1).

Rules as implemented
--------------------
* Board 5×5 for 2 players, 7×7 for 3 or 4.  Each seat owns one ARAKSEY and four
  SOURCES and plays one element (earth, water, air, fire, magma, lightning, mud, fog).
  Sides: 2 players, one each; 3 players, seat 0 alone against the team of seats 1
  and 2; 4 players, seats 0+2 against 1+3.  Team members share an element, opposing
  sides never do (option ``elements``, one per seat in seat order).
* Turn order: 2 players alternate; 3 players play P1, P2, P1, P3 (seats 0,1,0,2): the
  lone player always starts, whatever the elements; 4 players play A1, B1, A2, B2
  (seats 0,1,2,3).  With 2 or 4 players the side whose element comes first in earth,
  water, air, fire, magma, lightning, mud, fog starts, keeping that cycle: a 2-player
  game with seat 1 holding the earlier element plays 1,0; a 4-player game whose side 1
  holds it plays 1,0,3,2.
* Set-up: following the turn cycle and skipping whoever has nothing left to place,
  each player places one source on a free start square (``@b2``) until all are placed,
  then each places their araksey on any free square.  Win and suicide are checked
  after the last placement; a dragon state can awaken as an araksey lands.
* Zone: the squares around an araksey.  A source is *in zone* when it touches its own
  araksey (judged before the action).  One action per turn:
  araksey steps to an adjacent empty square; a source out of zone steps; a source in
  zone steps, exchanges with its own araksey or with an adjacent opposing piece, or
  pushes any adjacent piece one square further (the square behind must be on the board
  and empty; pushes never chain).  A team mate's pieces can be pushed, not exchanged.
* Winning: X's side wins when all four of X's sources touch one opposing araksey,
  whoever caused it (suicide included).  Both sides at once: draw (double KO).
* Dragon state: awakens for a player when an action (anyone's) gathers all four of
  their sources around their own araksey, having not all been there before.  It lasts
  until used (or put to sleep by fog) and may be used from the player's next turn
  (it must be held at the start of the turn).  After-action powers: earth (the target
  may not move any of your pieces on their next turn), water (the target's araksey may
  not move on their next turn), mud (the target's sources may not move on their next
  turn), fog (the target's dragon goes to sleep, also one the same action has just
  woken).  Instead-of-action powers: air (move an opposing source as if yours, zone
  judged against your araksey), magma (your araksey pushes an adjacent piece),
  lightning (your araksey ends two squares away: two steps through an empty square, or
  a straight jump over one piece), fire (your araksey exchanges with any of your
  sources).  With several opponents an after-action power names its target
  (``@seat``); its effect covers the target's next turn only.
* Passing: ``pass`` is always offered; each player has one pass, and passing a second
  time loses the game for that player's side.
* No counter-play: a move that puts every piece back where it stood before the
  previous move is illegal.
* Draws: double KO; the trap (every araksey in a corner with its three neighbours held
  by opposing sources); the loop (the same board with the same player to move for the
  third time).  Random play ends through wins and the pass rule, so no move cap.
* Clock option: the engine only records it (``clock_seconds`` in the view); when the
  15 s run out the bot plays ``pass`` for the player (``ArakseyState.default_move``);
  during set-up, which has no pass, it places the piece on the first free square allowed.

Notation
--------
``@b2`` place a piece; ``b2-c3`` step; ``b2<>c3`` exchange; ``b2>c3`` push (the piece
on b2 takes c3, the piece on c3 goes one further); ``pass``.  After-action power:
``b2-c3+water`` (``+water@2`` names the target seat when there are several
opponents).  Instead-of-action power: ``air:d4-d3``, ``magma:c3>d4``,
``lightning:c3-e3``, ``fire:c3<>a1``.

>>> from rules import GAMES
>>> state = GAMES["araksey"].new(players=2, seed=1, options={})
>>> state.actors, str(state.legal_moves(0)[0])
((0,), '@b2')

The package, by concern: ``moves`` (elements, pieces, moves and their notation), ``board`` (geometry,
sides and turn order, effects, positions as text), ``state`` (a position and its legal moves), ``refusals``
(why a move is refused), ``powers`` (what each move does, dragons, endings), ``words`` (the move menus),
``views`` (what is shown) and ``game`` (:class:`ArakseyState` and the registered game). This module names
what the rest of the project reads of the game.
"""

from __future__ import annotations

from rules.araksey.board import Effect, board_to_text, resolve_elements, side_of, turn_order
from rules.araksey.game import GAME, ArakseyState
from rules.araksey.moves import AFTER_ACTION, CELL_CHARS, ELEMENTS, EMPTY, Move
from rules.araksey.views import ArakseyView
from rules.araksey.words import move_menu

__all__ = [
    "AFTER_ACTION", "CELL_CHARS", "ELEMENTS", "EMPTY", "GAME", "ArakseyState", "ArakseyView", "Effect", "Move",
    "board_to_text", "move_menu", "resolve_elements", "side_of", "turn_order",
]
