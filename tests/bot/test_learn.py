"""The lessons of /learn: each step's move is legal where the step stands, its words exist in every
language, and what its picture rings is on the picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import MESSAGES
from bot.learn import MAX_STEPS, MENU_LIMIT, MIN_STEPS, Lesson, Step, Verdict, answer, as_good, lessons, menu
from render.learn import lesson_picture, ringed
from rules import GAMES, MODULES, GameModules

LESSONS = sorted(lessons())


def test_every_game_has_its_lesson_found_by_discovery() -> None:
    built_in = sorted(game for game in GAMES if MODULES[game].package is None)
    assert set(built_in) <= set(lessons()), "each built-in game has its lesson module"
    installed = {game for game in GAMES if MODULES[game].package is not None and MODULES[game].has("learn")}
    assert installed <= set(lessons()), "an installed game's lesson is its package's learn module"


def test_a_game_without_a_lesson_module_has_no_lesson() -> None:
    assert not GameModules.packaged("nowhere", "no_such_package").has("learn")
    assert not GameModules.built_in("no_such_game").has("learn")
    assert GameModules.built_in("arkaios").has("learn")


@pytest.mark.parametrize("game", LESSONS)
def test_every_step_asks_a_move_the_rules_allow_there(game: str) -> None:
    lesson = lessons()[game]
    assert MIN_STEPS <= len(lesson.steps) <= MAX_STEPS
    for index, step in enumerate(lesson.steps):
        assert lesson.seat in lesson.position(index).actors, f"step {index + 1}: the learner is to play"
        for asked in step.asks:
            assert answer(lesson, index, asked).verdict is Verdict.ASKED, f"step {index + 1}: {asked}"
        offered = menu(lesson, index)
        assert set(step.asks) <= set(offered) and len(offered) <= MENU_LIMIT
        assert all(answer(lesson, index, move).verdict is not Verdict.REFUSED for move in offered)


@pytest.mark.parametrize("game", LESSONS)
def test_every_step_has_its_words_in_every_language(game: str) -> None:
    lesson = lessons()[game]
    keys = [f"learn.{game}.intro", f"learn.{game}.end"]
    keys += [lesson.key(index, part) for index in range(len(lesson.steps)) for part in ("", "wrong")]
    choices = [index for index in range(len(lesson.steps)) if len(lesson.position(index).legal_moves(lesson.seat)) > 1]
    keys += [lesson.key(index, "also") for index in choices]  # another move may be as good: why this one is fine
    for lang, messages in MESSAGES.items():
        assert [key for key in keys if key not in messages] == [], lang


def test_a_move_as_good_as_the_asked_one_is_told_from_a_worse_one() -> None:
    """Arkaios, step 7: a level 2 on e4 shuts Agora in as well as the capital asked; c3 does not."""
    assert lessons()["arkaios"].steps[6].asks == ("e4=3",)
    assert as_good("arkaios", 6, "e4=2") and not as_good("arkaios", 6, "c3=3")


def test_a_new_position_is_told_only_where_the_learner_sees_one() -> None:
    """The Kouba lesson fixes the dice of step 3 (a position of its own that looks as the steps lead
    to it) and sets out the Weaver's event at step 6 (Agora's turn went on meanwhile)."""
    kouba = lessons()["kouba"]
    assert kouba.steps[2].position is not None and not kouba.sets_out(2)
    assert kouba.sets_out(5) and kouba.set_out(7) and not kouba.set_out(4)
    arena = lessons()["dragons_arena"]
    assert [arena.sets_out(index) for index in range(len(arena.steps))] == [False, False, True, True, True, True]


def test_a_move_is_worded_as_the_board_words_it() -> None:
    lesson = lessons()["kouba"]
    said = lesson.move_words(2, "keep:3,3,4,4,4", ["Ada", "Agora"])
    assert said is not None and str(said) == "Ada kept 3 3 4 4 4 and rolled 4 3 4 3 4 3"
    assert lesson.move_words(2, "claim:1:pile1", ["Ada", "Agora"]) is None, "a move the rules refuse there"


@pytest.mark.parametrize("game", LESSONS)
def test_what_a_step_rings_is_on_its_picture(game: str) -> None:
    lesson = lessons()[game]
    for index, step in enumerate(lesson.steps):
        view = lesson.position(index).view(lesson.seat)
        width, height = Image.open(io.BytesIO(lesson_picture(game, view, ["Ada", "Agora"]))).size
        for mark in step.marks:
            x0, y0, x1, y1 = lesson.where(mark, view)
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, f"step {index + 1}: {mark}"


def test_a_move_is_asked_allowed_or_refused_with_the_rules_words() -> None:
    lesson = lessons()["arkaios"]
    assert answer(lesson, 0, lesson.steps[0].asks[0]).verdict is Verdict.ASKED
    other = next(move for move in menu(lesson, 0) if move not in lesson.steps[0].asks)
    assert answer(lesson, 0, other).verdict is Verdict.OTHER
    refused = answer(lesson, 0, "c3")
    assert refused.verdict is Verdict.REFUSED and refused.refusal is not None
    assert "is not a pillar" in str(refused.refusal)


def test_a_lesson_outside_its_length_is_refused() -> None:
    with pytest.raises(ValueError, match="steps, not"):
        Lesson(game="arkaios", seed=1, steps=(Step(asks=("c3=3",)),))


def test_a_ring_changes_the_picture_and_no_ring_leaves_it() -> None:
    png = lesson_picture("arkaios", lessons()["arkaios"].position(0).view(0), ["Ada", "Agora"])
    assert ringed(png, []) == png
    assert ringed(png, [(100, 200, 200, 300)]) != png


def test_a_hinted_move_is_ringed_where_the_game_draws_it() -> None:
    from bot.hints import hint_boxes

    arkaios = lessons()["arkaios"]
    view = arkaios.position(0).view(0)
    assert hint_boxes("arkaios", "b2xc3", view) == [arkaios.where("b2", view), arkaios.where("c3", view)]
    kouba = lessons()["kouba"]
    table = kouba.position(3).view(0)
    assert hint_boxes("kouba", "claim:2:pile3", table) == [kouba.where("arena2", table)]
    assert hint_boxes("kouba", "keep:3,3", table) == []
