"""Private panels on a French server: redrawn as the game moves on, out of date and replaced in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.panels import TOKEN_SECONDS
from cogs.arcanor import private_text
from rules.arcanor import ArcanorState
from tests.e2e.conftest import Clock
from tests.e2e.test_arcanor_fr_e2e import start_french_game
from tests.e2e.test_private_panels_e2e import panel_edits, play_moves
from tests.harness import FakeDiscord

PICK = "Choisissez une pile à jouer…"


async def test_my_pieces_follows_the_game_then_says_it_is_out_of_date_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_french_game(h, alice, bob)
    record = await bot.service.load(int(board.components[0].custom_id.split(":")[2]))  # type: ignore[union-attr]
    assert isinstance(record.state, ArcanorState)
    players = [alice, bob]
    mover = players[record.state.to_move]
    opened = await h.click(mover, board.button(label="Mes pièces"))
    panel = opened.message
    assert panel is not None and panel.select(placeholder=PICK)

    await play_moves(h, bot, record.id, players, 2)
    assert len(panel_edits(h, opened)) == 2
    latest = await bot.service.load(record.id)
    state = latest.state
    assert isinstance(state, ArcanorState)
    assert private_text(state, state.to_move, "fr") in panel.text and "Vos pièces" in panel.text
    old_pick = panel.select(placeholder=PICK)

    clock.advance(TOKEN_SECONDS)
    await play_moves(h, bot, record.id, players, 2)
    assert len(panel_edits(h, opened)) == 2, "the token is dead: no more edits"
    before = await bot.service.load(record.id)
    refused = await h.select(mover, old_pick, values=[old_pick.values[0]])
    assert refused.updated and refused.message is panel
    assert "Ce panneau était périmé" in panel.text and "rien n'a été joué" in panel.text
    assert (await bot.service.load(record.id)).version == before.version

    latest_board = h.last_message(h.default_channel)
    first, _, _ = [await h.click(mover, latest_board.button(label="Mes pièces")) for _ in range(3)]
    assert first.message is not None and "remplacé par un plus récent" in first.message.text
