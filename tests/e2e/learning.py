"""Playing a lesson through the offline Discord, as a player following its steps would: with the
game's own controls (a button, an option, or an option that picks what the next controls move)."""

from __future__ import annotations

from bot.i18n import text, word
from bot.learn import Lesson, answer, menu
from rules import GAMES
from tests.harness import FakeDiscord, FakeMessage, FakeUser, InteractionResult

TYPED_NONSENSE = "zz"  # a move no game reads: the rules refuse it, and say why
LESSON_ID = "agora:learn:"
MOST_PICKS = 3  # choices before a move (a stack, then where it goes)


def move_menu(panel: FakeMessage) -> str:
    """The custom_id of the panel's first select (the move menu of a game without lesson controls)."""
    found = panel.selects[0].custom_id
    assert found is not None
    return found


def has_typed_form(panel: FakeMessage, lang: str) -> bool:
    """Whether the panel offers "Type a move" (a game whose cog draws no lesson controls)."""
    return any(button.label == text(lang, "learn.type") for button in panel.buttons)


async def press(h: FakeDiscord, user: FakeUser, panel: FakeMessage, notation: str) -> InteractionResult:
    """``notation`` played with the panel's controls: the button or option that is the move, after
    picking the option it starts from (a stack) when the move is not offered yet."""
    for _ in range(MOST_PICKS):
        assert all((c.custom_id or "").startswith(LESSON_ID) for c in panel.components), "the lesson owns its controls"
        for select in panel.selects:
            if notation in select.values:
                return await h.select(user, panel, select.custom_id, values=[notation])
        for button in panel.buttons:
            if (button.custom_id or "").endswith(f":{notation}") and not button.disabled:
                return await h.click(user, button)
        starts = [(s, value) for s in panel.selects for value in s.values if value and notation.startswith(value)]
        assert starts, f"no control of the panel plays {notation}"
        select, value = max(starts, key=lambda found: len(found[1]))
        picked = await h.select(user, panel, select.custom_id, values=[value])
        assert picked.updated and picked.message is panel
    raise AssertionError(f"{notation} takes more than {MOST_PICKS} picks")


def reachable(panel: FakeMessage, notation: str) -> bool:
    """Whether the panel's controls offer ``notation`` (or the option it starts from)."""
    values = [value for select in panel.selects for value in select.values]
    buttons = [b.custom_id or "" for b in panel.buttons if not b.disabled]
    return any(notation.startswith(value) for value in values if value) or any(
        custom_id.endswith(f":{notation}") for custom_id in buttons
    )


async def wrong_moves_at(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, lesson: Lesson, step: int, lang: str
) -> None:
    """At step ``step``: a move the step does not ask, played with the controls (and, where the game
    has no controls of its own, a move typed that the rules refuse); each is explained and the panel
    stays at the same step."""
    title = text(lang, "learn.title", game=lesson_name(lesson), step=step + 1, steps=len(lesson.steps))
    others = [move for move in menu(lesson, step) if move not in lesson.steps[step].asks and reachable(panel, move)]
    if others:
        played = await press(h, user, panel, others[0])
        assert played.updated and played.message is panel
        assert text(lang, lesson.key(step, "wrong")) in panel.text, panel.text
        assert title in panel.text
    if not has_typed_form(panel, lang):
        return
    opened = await h.click(user, panel.button(label=text(lang, "learn.type")))
    assert opened.type == 9, "the button opens a form to type a move in"
    typed = await h.submit_modal(user, f"agora:learn-type:{lesson.game}:{step}", {"move": TYPED_NONSENSE})
    assert typed.updated
    why = answer(lesson, step, TYPED_NONSENSE).refusal
    assert why is not None
    assert text(lang, "learn.refused", move=TYPED_NONSENSE, why=word(lang, why)) in panel.text
    assert title in panel.text


async def play_step(h: FakeDiscord, user: FakeUser, panel: FakeMessage, lesson: Lesson, step: int, lang: str) -> None:
    """Step ``step`` played as it asks, with the panel's controls; the panel goes on to the next step."""
    assert text(lang, lesson.key(step)) in panel.text, "the panel says what the step asks"
    asked = lesson.steps[step].asks[0]
    played = await press(h, user, panel, asked)
    assert played.updated and played.message is panel
    assert text(lang, "learn.well_done", move=asked) in panel.text


def lesson_name(lesson: Lesson) -> str:
    return GAMES[lesson.game].name
