"""Kouba's automatic steps between two decisions: Koubas placed without a choice, who is still
rolling in an event, and what a stored game brings back."""

from __future__ import annotations

from rules import GAMES
from rules.kouba import KoubaState
from tests.rules.test_kouba import down, entering, kouba, moves, play, position, rig, tied_after_the_last_round, up


def test_a_kouba_forced_onto_the_last_open_pile_ends_the_round_at_once() -> None:
    """A Khan aims at pile 4; the player puts their own Kouba there first: the Khan's Kouba goes
    to the only open pile left, the fifth Kouba, and the round ends without anyone acting."""
    table = {
        0: [up("D13", "D04"), down("D16"), down("D19"), down("D20"), down("D22")],
        1: [kouba("E13"), kouba("E16"), kouba("E19"), down("E20"), down("E22")],
    }
    state = play(rig(position(piles=table, turn=1), 1, 2, 3, 5, 6, 6), (1, "roll"), (1, "stop"))
    state = play(state, (0, "khan:@2:pile4"), (1, "kouba:pile4"))
    assert state.round == 2 and state.phase == "swap" and state.round_scores == [[state.round_scores[0][0], 0]]
    assert all(pile["kouba"] for pile in state.revealed[1])
    assert sorted(state.actors) == [0, 1], "everyone may swap: the new round is under way"


def test_a_golem_roller_who_lost_their_extra_roll_still_ends_their_rolls() -> None:
    """The Priestess could have given a second roll, but a Khan buried it: the roller, out of powers,
    still has to stop, and nobody is left waiting for a move no one can play."""
    table = {
        0: [down("D13"), up("D16", "D04"), down("D19"), down("D20"), down("D22")],
        1: [up("E13", "E12"), down("E16"), down("E19"), down("E20"), down("E22")],
    }
    state = play(rig(entering("D24", piles=table), 4, 2), (0, "roll"), (1, "roll"))
    assert moves(state, 1) == ["stop", "extra:1"]
    state = state.play(0, "khan:@2:pile1")
    assert state.piles[1][0].kouba and state.active_cards(1) == []
    assert state.actors == (1,) and moves(state, 1) == ["stop"]
    state = state.play(1, "stop")  # both rolled even: both get a Kouba, the turn player's first
    assert state.event is None and [d.receiver for d in state.pending] == [1, 0]


def test_a_game_stored_before_turn_starts_were_kept_counts_its_moves_from_the_start() -> None:
    data = GAMES["kouba"].new(players=2, seed=1).to_json()
    del data["turns_begun"], data["turn_began_at"]
    state = KoubaState.from_json(data)
    assert state.turns_begun is None and state.turn_began_at == 0
    assert KoubaState.from_json(state.to_json()).to_json()["turn_began_at"] == 0


def test_a_tie_break_race_with_one_fastest_racer_is_won_at_once() -> None:
    """One racer makes the straight in fewer rolls: they win the tie-break in those rolls, with no
    roll-off and no race of one."""
    state = play(rig(tied_after_the_last_round(), 1, 1, 1, 1, 1, 1, 6, 5, 4, 3, 2, 1), (0, "roll"), (1, "roll"))
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert state.log[-1] == "@2 wins the tie-break race in 1 roll"
    assert not any("roll again" in line for line in state.log)
