"""The one path of every move, as players see it: who may act, time-outs, finished boards."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.endings import stored_ending
from bot.service import GameRecord
from cogs.common import game_cog
from render import arkaios as arkaios_drawing
from tests.e2e.conftest import Clock
from tests.e2e.test_arkaios_e2e import build, challenge_accepted, menu_for, play_turn
from tests.harness import FakeDiscord, FakeUser

HOUR = 3600


async def test_only_the_owner_undoes_a_drafted_turn(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    board = await challenge_accepted(h, alice, bob)
    board = await play_turn(h, alice, board, ["c3=3"])
    board = await play_turn(h, bob, board, ["d4=2"])
    for pillar in ("b2=2", "b3=2", "a4=1"):
        board = await build(h, alice, board, pillar)
    refused = await h.click(bob, board.button(label="Undo"))
    assert refused.ephemeral and f"not your turn: waiting for <@{alice.id}>" in refused.text
    assert (await app.service.load(1)).row.draft == ["b2=2", "b3=2", "a4=1"], "Alice's turn is untouched"
    undone = await h.click(alice, board.button(label="Undo"))
    assert undone.updated and undone.message is not None
    assert (await app.service.load(1)).row.draft == ["b2=2", "b3=2"]


async def araksey_with_clock(h: FakeDiscord, app: AgoraBot, alice: FakeUser, bob: FakeUser) -> GameRecord:
    """A game started by the service with these seats (as a tournament would), set up, its board posted."""
    options = {"elements": ["earth", "fog"], "clock": True}
    record = await app.service.start_game(
        "araksey", guild_id=h.guild.id, channel_id=h.default_channel.id, seats=[alice.id, bob.id], options=options
    )
    while record.state is not None and record.state.view(None)["phase"] != "play":
        seat = record.state.actors[0]
        record = await app.service.play(record.id, record.user_at(seat), [str(record.state.legal_moves(seat)[0])])
    await game_cog(app, "araksey").post_board(None, record)
    await h.settle()
    return record


async def test_a_time_out_default_move_is_shown_like_any_move(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    record = await araksey_with_clock(h, app, alice, bob)
    late, other = record.actors()[0], next(uid for uid in record.seats if uid not in record.actors())
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{late}>") and board.components
    clock.advance(25 * HOUR)
    assert await app.scheduler.run_due() >= 1
    await h.settle()
    late_name = (await app.service.shown_names(record))[record.seats.index(late)]
    assert "did not answer in time" in board.content and f"{late_name} passed." in board.content
    assert not board.components, "the late player's board is retired"
    following = h.last_message(h.default_channel)
    assert following is not board and following.content.startswith(f"<@{other}>") and following.components
    assert [m.notation for m in await app.service.move_log(record.id)][-1] == "pass"


async def test_a_resigned_game_is_drawn_with_its_result(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    board = await challenge_accepted(h, alice, bob)
    await play_turn(h, alice, board, ["c3=3"])
    resigned = await h.slash(bob, "resign")
    assert resigned.ephemeral and "You resigned game #1." in resigned.text
    final = h.last_message(h.default_channel)
    record = await app.service.load(1)
    assert record.state is not None and record.state.outcome is None, "the engine's last position knows no result"
    names = await app.service.display_names(record)
    drawn = final.attachments[0].data
    view, result = record.state.view(None), stored_ending(record, names, "en")
    assert result == "alice wins: bob resigned"
    assert drawn == arkaios_drawing.render(view, names, result=result)
    assert drawn != arkaios_drawing.render(view, names), "not drawn as 'bob to play'"


async def test_a_game_of_another_server_is_out_of_reach(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """A click or a command naming another server's game acts on nothing and tells nothing about it."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    elsewhere = await app.service.start_game(
        "arkaios", guild_id=h.guild.id + 1, channel_id=h.default_channel.id, seats=[alice.id, bob.id]
    )
    await game_cog(app, "arkaios").post_board(None, elsewhere)
    await h.settle()
    board = h.last_message(h.default_channel)
    clicked = await h.select(alice, menu_for(board, "c3=3"), values=["c3=3"])
    assert clicked.ephemeral and clicked.text == "This control is not valid."
    typed = await h.slash(alice, "move", notation="c3=3", game=elsewhere.id)
    assert typed.ephemeral
    assert typed.text == f"Game #{elsewhere.id} is not one of your games on this server: see /games."
    after = await app.service.load(elsewhere.id)
    assert after.version == elsewhere.version and after.row.draft == []
