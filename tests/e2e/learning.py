"""Playing a lesson through the offline Discord, as a player following its steps would: with the
game's own controls (a button, an option, a keep of several dice, or first what the move starts
from: a stack, a piece, a square, a die)."""

from __future__ import annotations

from collections import Counter

from bot.i18n import game_name, text, word
from bot.learn import Lesson, answer, as_good, menu
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser, InteractionResult

TYPED_NONSENSE = "zz"  # a move no game reads: the rules refuse it, and say why
LESSON_ID = "agora:learn:"
MOST_PICKS = 3  # choices before a move (a stack, then where it goes)
TRIES = 2  # the moves weighed to find one a step does not take (each a hard search)
Press = tuple[FakeComponent, list[str]]  # a control, and the options picked when it is a select
# Moves whose first control is a button that names no part of the move: the element's power first.
FIRST: dict[tuple[str, str], str] = {("araksey", "c2-c3+earth"): "power"}


def move_menu(panel: FakeMessage) -> str:
    """The custom_id of the panel's first select (the move menu of a game without lesson controls)."""
    found = panel.selects[0].custom_id
    assert found is not None
    return found


def has_typed_form(panel: FakeMessage, lang: str) -> bool:
    """Whether the panel offers "Type a move" (a game whose cog draws no lesson controls)."""
    return any(button.label == text(lang, "learn.type") for button in panel.buttons)


def legal_moves(lesson: Lesson, step: int) -> set[str]:
    return {str(move) for move in lesson.position(step).legal_moves(lesson.seat)}


def button_moves(button: FakeComponent) -> list[str]:
    """What a lesson button may play or pick: each run of its action's parts ("mv:roll" plays "roll")."""
    parts = (button.custom_id or "").split(":g:", 1)[-1].split(":")
    return [":".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 1, len(parts) + 1)]


def dice_for(select: FakeComponent, notation: str) -> list[str]:
    """The dice to tick in a keep menu of single dice (``index:value``) for ``keep:3,3,4``, or none."""
    if not notation.startswith("keep:") or select.max_values < 2:
        return []
    wanted = Counter(notation.removeprefix("keep:").split(","))
    picked = []
    for value in select.values:
        pip = value.partition(":")[2]
        if wanted[pip] > 0:
            wanted[pip] -= 1
            picked.append(value)
    return [] if +wanted else picked


def playing(panel: FakeMessage, notation: str) -> Press | None:
    """The control that plays ``notation`` on the panel as it is: an option that is the move (a
    guarded one, ``swap:none|r1``, too), the dice of a keep, or a button."""
    for select in panel.selects:
        for value in select.values:
            if value.partition("|")[0] == notation:
                return select, [value]
        if dice := dice_for(select, notation):
            return select, dice
    for button in panel.buttons:
        if not button.disabled and notation in button_moves(button):
            return button, []
    return None


def starting(panel: FakeMessage, notation: str, legal: set[str]) -> Press | None:
    """The control that picks what ``notation`` starts from (a stack, a piece, a square, a die):
    an option or a button naming it, which is no move itself."""
    found: list[tuple[str, Press]] = []
    for select in panel.selects:
        found += [(value, (select, [value])) for value in select.values if value not in legal]
    for button in panel.buttons:
        if not button.disabled:
            found += [(named, (button, [])) for named in button_moves(button) if named not in legal]
    found = [(named, control) for named, control in found if named and notation.startswith(named)]
    return max(found, key=lambda entry: len(entry[0]))[1] if found else None


async def push(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, control: Press, owner: str = LESSON_ID
) -> InteractionResult:
    component, values = control
    assert (component.custom_id or "").startswith(owner), "the panel owns its controls"
    if component.is_select:
        return await h.select(user, panel, component.custom_id, values=values)
    return await h.click(user, component)


async def press(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, lesson: Lesson, step: int, notation: str
) -> InteractionResult:
    """``notation`` played with the panel's controls, as a player would: the control that is the
    move, after those that pick what it starts from."""
    first = FIRST.get((lesson.game, notation))
    if first is not None:
        [button] = [b for b in panel.buttons if (b.custom_id or "").endswith(f":g:{first}")]
        assert (await h.click(user, button)).updated
    return await play_with_controls(h, user, panel, legal_moves(lesson, step), notation, LESSON_ID)


async def play_with_controls(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, legal: set[str], notation: str, owner: str
) -> InteractionResult:
    """``notation`` played with the panel's controls (whose custom ids start with ``owner``): the control
    that is the move, after those that pick what it starts from."""
    for _ in range(MOST_PICKS):
        control = playing(panel, notation)
        if control is not None:
            return await push(h, user, panel, control, owner)
        start = starting(panel, notation, legal)
        assert start is not None, f"no control plays {notation}: {[c.custom_id for c in panel.components]}"
        picked = await push(h, user, panel, start, owner)
        assert picked.updated and picked.message is panel, picked.text
    raise AssertionError(f"{notation} takes more than {MOST_PICKS} picks")


def wrong_move(lesson: Lesson, step: int) -> str | None:
    """A move the step does not take: legal, not asked and worse than the asked one by Agora's hard
    search (the first of the step's menu found so, within TRIES; None: none found)."""
    others = [move for move in menu(lesson, step) if move not in lesson.steps[step].asks]
    return next((move for move in others[:TRIES] if not as_good(lesson.game, step, move)), None)


async def wrong_moves_at(
    h: FakeDiscord, user: FakeUser, panel: FakeMessage, lesson: Lesson, step: int, lang: str
) -> None:
    """At step ``step``: a move the step does not take (worse than the one it asks), played with the
    controls (and, where the game has no controls of its own, a move typed that the rules refuse);
    each is explained, in the board's words, and the panel stays at the same step, its controls
    back at their start."""
    title = text(lang, "learn.title", game=lesson_name(lesson, lang), step=step + 1, steps=len(lesson.steps))
    wrong = wrong_move(lesson, step)
    if wrong is not None:
        played = await press(h, user, panel, lesson, step, wrong)
        assert played.updated and played.message is panel
        why = text(lang, lesson.key(step, "wrong"))
        assert text(lang, "learn.not_asked", move=move_said(lesson, step, wrong, user, lang), why=why) in panel.text
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
    played = await press(h, user, panel, lesson, step, asked)
    assert played.updated and played.message is panel
    assert text(lang, "learn.well_done", move=move_said(lesson, step, asked, user, lang)) in panel.text


def move_said(lesson: Lesson, step: int, move: str, user: FakeUser, lang: str) -> str:
    """``move`` at step ``step`` in the board's words, as the lesson says it to ``user``."""
    said = lesson.move_words(step, move, [user.name, "Agora"])
    assert said is not None, f"{move} is legal at step {step + 1}"
    return word(lang, said)


def lesson_name(lesson: Lesson, lang: str = "en") -> str:
    """The lesson's game as its headings name it in ``lang``."""
    return game_name(lang, lesson.game)
