"""The Dragons Arena lesson: who starts and placing the dice, then a duel's turns (eliminating, the 1
against the 6, changing a power under a force field) and how the higher total wins the nugget."""

from __future__ import annotations

from bot.learn import JSON, Lesson, Step, squares_of
from render.dragons_arena import ARENA

NUGGETS = 3  # the later steps' match: each is a duel of its own, the nuggets won so far told


def arena(board: dict[str, str], duel: int, nuggets: tuple[int, int]) -> JSON:
    """Duel ``duel`` of a match to NUGGETS, set out by hand, FIRE to play: ``board`` maps squares to
    dragons (``"F5"``: FIRE, power 5); ``nuggets``: FIRE's and ICE's so far."""
    options = {"level": "little", "dragon_master": False, "solo": "off", "solo_species": "fire", "nuggets": NUGGETS}
    return {
        "game": "dragons_arena", "players": 2, "rng": 1, "phase": "play", "board": board, "options": options,
        "to_play": "fire", "starter": "fire", "dice": {"fire": [], "ice": []}, "secret": {"fire": None, "ice": None},
        "splits": 0, "nuggets": {"fire": nuggets[0], "ice": nuggets[1]}, "duel": duel, "move_number": 16,
        "last_move": [], "last_secret": None, "last_side": None, "last_squares": [], "last_duel": None, "history": {},
        "outcome": None, "solo_score": None,
    }  # fmt: skip


# The 5 on b2 may eliminate the 4 on a1, the 2 on c1 or the 3 on c3.
ELIMINATE = arena({"b2": "F5", "c3": "I3", "a1": "I4", "d4": "F2", "c1": "I2", "a4": "F6"}, 1, (0, 0))
# The ICE 6 on d2 stands next to the FIRE 1 on c1.
ONE_AGAINST_SIX = arena({"c1": "F1", "d2": "I6", "b3": "F4", "a4": "I3", "d4": "F3"}, 2, (1, 0))
# No FIRE dragon can eliminate: a power must be changed.
CHANGE = arena({"a1": "F2", "b2": "I4", "d4": "F3", "c4": "I5"}, 3, (1, 1))
# After c3xd4 no dragon is next to an enemy: the duel ends, FIRE 12 against ICE 6.
LAST_BLOW = arena({"c3": "F4", "d4": "I2", "a1": "I6", "a4": "F5", "b4": "F5"}, 4, (1, 2))

LESSON = Lesson(
    game="dragons_arena",
    seed=4,  # FIRE has three 1s against one: FIRE starts
    options={"level": "little"},
    where=squares_of(ARENA),
    steps=(
        Step(asks=("1@b2",), marks=("b2",), replies=((1, "6@c3"),)),
        Step(asks=("1@c4",), marks=("c4", "c3")),
        Step(asks=("b2xc3",), marks=("b2", "c3"), position=ELIMINATE),
        Step(asks=("c1xd2",), marks=("c1", "d2"), position=ONE_AGAINST_SIX),
        Step(asks=("a1=5",), marks=("a1", "b2"), position=CHANGE),
        Step(asks=("c3xd4",), marks=("c3", "d4"), position=LAST_BLOW),
    ),
)
