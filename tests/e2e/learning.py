"""Playing a lesson through the offline Discord, as a player following its steps would."""

from __future__ import annotations

from bot.i18n import text, word
from bot.learn import Lesson, answer, menu
from rules import GAMES
from tests.harness import FakeDiscord, FakeMessage, FakeUser

TYPED_NONSENSE = "zz"  # a move no game reads: the rules refuse it, and say why


def move_menu(panel: FakeMessage) -> str:
    """The custom_id of the panel's move menu."""
    [found] = [c.custom_id for c in panel.selects]
    assert found is not None
    return found


async def wrong_moves_at(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, lesson: Lesson, step: int, lang: str
) -> None:
    """At step ``step``: a move the step does not ask, then a move typed that the rules refuse; each
    is explained and the panel stays at the same step."""
    title = text(lang, "learn.title", game=lesson_name(lesson), step=step + 1, steps=len(lesson.steps))
    others = [move for move in menu(lesson, step) if move not in lesson.steps[step].asks]
    if others:
        picked = await h.select(user, panel, move_menu(panel), values=[others[0]])
        assert picked.updated and picked.message is panel
        assert text(lang, lesson.key(step, "wrong")) in panel.text, panel.text
        assert title in panel.text
    opened = await h.click(user, panel.button(label=text(lang, "learn.type")))
    assert opened.type == 9, "the button opens a form to type a move in"
    typed = await h.submit_modal(user, f"agora:learn-type:{lesson.game}:{step}", {"move": TYPED_NONSENSE})
    assert typed.updated
    why = answer(lesson, step, TYPED_NONSENSE).refusal
    assert why is not None
    assert text(lang, "learn.refused", move=TYPED_NONSENSE, why=word(lang, why)) in panel.text
    assert title in panel.text


async def play_step(h: FakeDiscord, user: FakeUser, panel: FakeMessage, lesson: Lesson, step: int, lang: str) -> None:
    """Step ``step`` played as it asks, from the menu; the panel goes on to the next step."""
    assert text(lang, lesson.key(step)) in panel.text, "the panel says what the step asks"
    asked = lesson.steps[step].asks[0]
    assert asked in panel.selects[0].values, "the move asked is in the menu"
    played = await h.select(user, panel, move_menu(panel), values=[asked])
    assert played.updated and played.message is panel
    assert text(lang, "learn.well_done", move=asked) in panel.text


def lesson_name(lesson: Lesson) -> str:
    return GAMES[lesson.game].name
