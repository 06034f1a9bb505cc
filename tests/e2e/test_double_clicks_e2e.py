"""A nervous double tap never plays twice, even on controls valid at any version (Kouba's event dice)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.test_kouba_e2e import board_of
from tests.e2e.test_kouba_rulings_e2e import arranged, fixed_seed, reaper_race, stored
from tests.harness import FakeDiscord

__all__ = ["fixed_seed"]  # the autouse fixture: every deal and roll is the same


async def test_a_double_click_on_an_event_roll_rolls_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, [alice, bob, carol], reaper_race)
    before = await app.service.load(int(board.components[0].custom_id.split(":")[2]))
    prefix = f"agora:b:{before.id}:any:ev:roll:"
    roll = next(c for c in board.components if c.custom_id and c.custom_id.startswith(prefix))
    first, second = await h.click_together([(bob, roll), (bob, roll)])
    assert first.responded and second.responded
    assert second.ephemeral and "out of date" in second.text
    state = await stored(app, board_of(h))
    assert state.rollers[1].rolls == 1, "the second click of the double tap did not roll again"
    after = await app.service.load(before.id)
    assert after.version == before.version + 1


async def test_a_double_click_on_the_private_dice_panel_rolls_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, [alice, bob, carol], reaper_race)
    panel = await h.click(carol, board.button(label="My dice…"))
    assert panel.message is not None
    roll = next(c for c in panel.message.components if c.custom_id and ":ev:roll:" in c.custom_id)
    first, second = await h.click_together([(carol, roll), (carol, roll)])
    assert first.responded and second.ephemeral and "out of date" in second.text
    assert (await stored(app, board_of(h))).rollers[2].rolls == 1
