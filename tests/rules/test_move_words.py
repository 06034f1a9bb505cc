"""The last move in words, as every engine describes it from a view: what players read under a
picture, on a retired board, in a replay and in alt text. Only what the view's viewer may know."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import word
from rules import GAMES, GameState
from tests.rules.test_arcanor import position as arcanor_position
from tests.rules.test_kouba import play, position, rig

NAMES = ["Ada", "Bob", "Cy", "Dee"]


def said(state: GameState[Any], seat: int | None = None, lang: str = "en") -> str:
    described = state.describe(state.view(seat), NAMES[: state.players])
    assert described is not None
    return word(lang, described)


def new(game: str, players: int = 2, seed: int = 1, **options: Any) -> GameState[Any]:
    return GAMES[game].new(players=players, seed=seed, options=options)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nothing_is_said_before_the_first_move(game: str) -> None:
    state = new(game, players=GAMES[game].min_players)
    assert state.describe(state.view(None), NAMES) is None


# -- Arkaios ---------------------------------------------------------------------------------


def test_arkaios_an_opening_and_a_whole_turn() -> None:
    state = new("arkaios").play(0, "c3=3")
    assert said(state) == "Ada built level 3 on c3"
    assert said(state, lang="fr") == "Ada a construit un niveau 3 en c3"
    state = state.play(1, "d4=2")
    turn = []
    while 0 in state.actors:
        move = state.legal_moves(0)[0]
        turn.append(f"level {move.level} on {move.square}")
        state = state.play(0, move)
    assert len(turn) > 1 and said(state) == "Ada built " + ", ".join(turn[:-1]) + " and " + turn[-1]


def test_arkaios_endings_in_the_game_s_own_words() -> None:
    from rules import Outcome

    state_class = GAMES["arkaios"].state_class
    assert str(state_class.describe_outcome(Outcome((1,), "temple"), NAMES[:2])) == "Bob built the temple"
    blocked = state_class.describe_outcome(Outcome((1,), "blocked"), NAMES[:2])
    assert word("fr", blocked) == "Ada est bloqué : Bob gagne"


# -- Arcanor ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        ("b7-a6", "Bob moved the stack on b7 to a6"),
        ("b7^a6", "Bob moved the top piece of b7 to a6"),
    ],
)
def test_arcanor_moves(move: str, expected: str) -> None:
    state = new("arcanor")  # seed 1: Bob (seat 1) starts
    assert state.actors == (1,)
    assert said(state.play(1, move)) == expected


def test_arcanor_lifts_are_told_without_what_they_showed() -> None:
    state = new("arcanor", strict_memory=True).play(1, "peek:b7")
    assert said(state) == "Bob lifted b7", "a lift does not end the turn: the lifter still has it"
    state = state.play(1, "peek:c7").play(1, "c7-c6")
    assert said(state) == "Bob lifted b7 and c7, then moved the stack on c7 to c6"
    assert said(state, lang="fr") == "Bob a soulevé b7 et c7, puis a déplacé la pile de c7 en c6"
    assert said(state, 0) == said(state, 1) == said(state), "every seat reads the same words"


def test_arcanor_eating_and_passing_as_the_rules_say_it() -> None:
    state = arcanor_position({"d4": "A1", "e5": "B2 A3"})
    assert said(state.play(0, "d4xe5")) == "Ada ate e5 with the top piece of d4"
    assert said(arcanor_position({"a7": "A2", "h3": "B4"}).play(0, "pass")) == "Ada passed"


# -- Araksey ---------------------------------------------------------------------------------


def test_araksey_placing_stepping_and_passing() -> None:
    state = new("araksey").play(0, "@b2")
    assert said(state) == "Ada placed a source on b2"
    assert said(state, lang="fr") == "Ada a posé une source en b2"
    while state.view(None)["phase"] != "play":
        seat = state.actors[0]
        state = state.play(seat, state.legal_moves(seat)[0])
    placed = said(state)
    assert " placed their araksey on " in placed
    seat = state.actors[0]
    assert said(state.play(seat, "pass")) == f"{NAMES[seat]} passed"


def test_araksey_every_kind_of_action_in_words() -> None:
    """Random games until each kind was told: the words name the kind, never the notation."""
    import random

    seen: dict[str, str] = {}
    for seed in range(6):
        state, rng = new("araksey", players=4, seed=seed), random.Random(seed)
        for _ in range(120):
            if state.outcome is not None:
                break
            seat = state.actors[0]
            moves = state.legal_moves(seat)
            powered = [m for m in moves if m.power]
            state = state.play(seat, rng.choice(powered or moves))
            text = said(state)
            for mark in (" moved ", " exchanged ", " pushed ", " by the power of ", ", then used "):
                seen.setdefault(mark, text)
            assert not any(sign in text for sign in ("<>", "->", "@", "+"))
    assert set(seen) == {" moved ", " exchanged ", " pushed ", " by the power of ", ", then used "}, seen


# -- Dragons Arena ---------------------------------------------------------------------------


def test_dragons_a_secret_set_stays_secret_from_everyone_else() -> None:
    state = new("dragons_arena", level="big").play(0, "set:1,2,3,4,4,4,5,5")
    assert said(state, 1) == said(state) == "Ada (FIRE) set their secret powers"
    assert said(state, 0) == "Ada (FIRE) set the powers 1 2 3 4 4 4 5 5", "its owner sees it"
    assert said(state, 1, "fr") == "Ada (FEU) a choisi ses puissances secrètes"
    state = state.play(1, "set:2,2,3,3,4,4,5,5")
    assert (
        said(state, 0)
        == said(state, None)
        == ("Ada (FIRE) set the powers 1 2 3 4 4 4 5 5 and Bob (ICE) set the powers 2 2 3 3 4 4 5 5")
    ), "both revealed together"


def test_dragons_placing_eliminating_and_changing() -> None:
    state = new("dragons_arena", level="little")
    seat = state.actors[0]
    place = state.legal_moves(seat)[0]
    state = state.play(seat, place)
    side = "FIRE" if seat == 0 else "ICE"
    assert said(state) == f"{NAMES[seat]} ({side}) placed a {place.power} on {place.square}"
    import random

    rng, told = random.Random(2), set()
    while state.outcome is None and len(told) < 2:
        seat = state.actors[0]
        state = state.play(seat, rng.choice(state.legal_moves(seat)))
        text = said(state)
        told.update(verb for verb in (" eliminated ", " changed ") if verb in text)
    assert told == {" eliminated ", " changed "}


def test_dragons_solo_names_the_sides() -> None:
    state = new("dragons_arena", players=1, solo="normal")
    state = state.play(0, state.legal_moves(0)[0])
    assert said(state).startswith(("FIRE ", "ICE "))


# -- Kouba -----------------------------------------------------------------------------------


def test_kouba_a_swap_tells_how_many_cards_not_which() -> None:
    state = new("kouba").play(0, "swap:1,3")
    assert said(state) == "Ada swapped 2 cards"
    assert said(new("kouba").play(0, "swap:none")) == "Ada kept their 5 cards"


def test_kouba_rolls_keeps_and_a_claim() -> None:
    state = play(rig(position(), 3, 3, 3, 1, 2, 4), (0, "roll"))
    assert said(state) == "Ada rolled 3 3 3 1 2 4"
    state = play(rig(state, 5, 6), (0, "keep:3,3,3,1"))
    assert said(state) == "Ada kept 1 3 3 3 and rolled " + " ".join(map(str, state.view(None)["dice"][0]["values"]))
    assert said(state, lang="fr").startswith("Ada a gardé 1 3 3 3 et relancé : ")
    state = state.play(0, "claim:1:pile2")
    assert said(state) == "Ada won Shaman onto pile 2"


def test_kouba_giving_up_then_placing_the_kouba() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    assert said(state) == "Ada gave up and takes a Kouba"
    state = state.play(0, "kouba:pile5")
    assert said(state) == "Ada put the Kouba on pile 5"
    assert said(state, lang="fr") == "Ada a posé le Kouba sur la pile 5"


def test_kouba_logs_a_failed_turn_once() -> None:
    state = play(rig(position(), 1, 2, 3, 5, 6, 6), (0, "roll"), (0, "stop"))
    assert state.view(None)["log"] == ["@1 failed and takes a Kouba"], "said at once, while the pile is chosen"
    state = state.play(0, "kouba:pile5")
    assert state.view(None)["log"] == ["@1 takes a Kouba on pile 5 (failed the arena)"]


def test_kouba_a_stop_says_what_it_gave_up() -> None:
    """In a turn a stop takes a Kouba; in a race it gives the race up; in the Weaver it ends one's rolls."""
    import random

    told: dict[str, str] = {}
    for seed in range(30):
        state, rng = new("kouba", players=3, seed=seed), random.Random(seed)
        for _ in range(400):
            if state.outcome is not None or ({"turn", "weaver"} <= set(told) and len(told) > 2):
                break
            seat = rng.choice(list(state.waiting_for or state.actors))
            moves = state.legal_moves(seat)
            stops = [m for m in moves if str(m) == "stop"]
            phase = state.view(None)["phase"]
            event = state.view(None)["event"]
            kind = "turn" if phase == "turn" else (event or {}).get("kind", phase)
            state = state.play(seat, rng.choice(stops if stops and rng.random() < 0.3 else moves))
            if state.view(None)["last_move"] == ["stop"]:
                told.setdefault(kind, said(state))
    assert told.get("turn", "").endswith(" gave up and takes a Kouba"), told
    assert any(
        text.endswith(" gave up the race") for kind, text in told.items() if kind in ("reaper", "sylvan", "duel")
    )


def test_kouba_a_duel_pick_is_secret_until_both_picked() -> None:
    import random

    for seed in range(40):
        state, rng = new("kouba", players=2, seed=seed), random.Random(seed)
        for _ in range(300):
            if state.outcome is not None:
                break
            seat = rng.choice(list(state.waiting_for or state.actors))
            state = state.play(seat, rng.choice(state.legal_moves(seat)))
            if state.view(None)["last_move"][0].startswith("take:"):
                first = said(state)
                assert first.endswith(" picked a pile to race for") and "pile 1" not in first
                other = next(s for s in state.actors if s != seat)
                picked = state.view(seat)["last_move"]
                assert state.view(None)["last_move"] == state.view(other)["last_move"] == ["take:hidden"] != picked
                picks = [m for m in state.legal_moves(other) if str(m).startswith("take:")]
                both = state.play(other, picks[0])
                assert f"races for the top card of {NAMES[seat]}'s pile " in said(both)
                return
    raise AssertionError("no duel in 40 games")
