"""Private panels ("My pieces", "My hand") follow the game, or say they are out of date when clicked."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.panels import TOKEN_SECONDS
from cogs.arcanor import private_text
from rules.arcanor import ArcanorState
from tests.e2e.conftest import Clock
from tests.e2e.test_arcanor_e2e import record_of, start_game
from tests.e2e.test_kouba_e2e import board_of, game_id, open_table, swap
from tests.harness import FakeDiscord, FakeUser, InteractionResult

PICK = "Choose a stack to play…"


async def play_moves(h: FakeDiscord, bot: AgoraBot, gid: int, players: list[FakeUser], count: int) -> None:
    """``count`` Arcanor moves of game ``gid``, each the mover's first legal one, typed with /move."""
    for _ in range(count):
        record = await bot.service.load(gid)
        state = record.state
        assert isinstance(state, ArcanorState)
        moves = [str(m) for m in state.legal_moves(state.to_move) if str(m) != "pass"]
        typed = await h.slash(players[state.to_move], "move", notation=moves[0])
        assert typed.ephemeral and moves[0] in typed.text, typed.text


def panel_edits(h: FakeDiscord, opened: InteractionResult) -> list[str]:
    """The webhook edits the bot made to a panel through the token of the interaction that opened it."""
    token = opened.record.token
    return [r.path for r in h.requests if r.method == "PATCH" and "/webhooks/" in r.path and token in r.path]


async def test_my_pieces_is_redrawn_as_the_game_moves_on(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    record = await record_of(bot, board)
    assert isinstance(record.state, ArcanorState)
    players = [alice, bob]
    mover = players[record.state.to_move]
    opened = await h.click(mover, board.button(label="My pieces"))
    panel = opened.message
    assert panel is not None and panel.ephemeral
    assert panel.select(placeholder=PICK).custom_id == f"agora:s:{record.id}:{record.version}:pick"

    await play_moves(h, bot, record.id, players, 1)
    assert panel_edits(h, opened), "the panel was edited through its interaction"
    assert not panel.selects, "the opponent's turn: nothing to pick in the panel"

    await play_moves(h, bot, record.id, players, 9)
    record = await bot.service.load(record.id)
    state = record.state
    assert isinstance(state, ArcanorState) and players[state.to_move] is mover
    assert len(panel_edits(h, opened)) == 10, "redrawn after every move"
    assert panel.attachments[0].filename == f"private-{record.id}-{record.version}.png"
    assert private_text(state, state.to_move) in panel.text, "the stacks as they stand now"
    pick = panel.select(placeholder=PICK)
    assert pick.custom_id == f"agora:s:{record.id}:{record.version}:pick", "live controls of the latest version"

    # The panel's controls work: its stack opens its moves in place.
    shown = await h.select(mover, pick, values=[pick.values[0]])
    assert shown.updated and shown.message is panel
    assert panel.select(placeholder=f"Play {pick.values[0]}: where to?")


async def test_a_panel_past_its_token_refuses_a_click_and_says_it_was_out_of_date(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    record = await record_of(bot, board)
    assert isinstance(record.state, ArcanorState)
    players = [alice, bob]
    mover = players[record.state.to_move]
    opened = await h.click(mover, board.button(label="My pieces"))
    panel = opened.message
    assert panel is not None
    old_pick = panel.select(placeholder=PICK)

    clock.advance(TOKEN_SECONDS)  # Discord no longer lets the bot edit the panel
    await play_moves(h, bot, record.id, players, 2)
    assert panel_edits(h, opened) == [], "no edit through a dead token"
    before = await bot.service.load(record.id)
    moves = len(await bot.service.move_log(before.id))

    refused = await h.select(mover, old_pick, values=[old_pick.values[0]])
    assert refused.updated and refused.message is panel, "the click is answered on the panel itself"
    assert "This panel was out of date" in panel.text and "nothing was played" in panel.text
    after = await bot.service.load(record.id)
    assert after.version == before.version and len(await bot.service.move_log(after.id)) == moves
    assert after.row.message_id == before.row.message_id, "no board was posted"
    state = after.state
    assert isinstance(state, ArcanorState)
    assert private_text(state, state.to_move) in panel.text, "redrawn as the game stands"
    assert panel.select(placeholder=PICK).custom_id == f"agora:s:{after.id}:{after.version}:pick"


async def test_older_panels_are_retired_and_a_dismissed_one_forgotten(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    record = await record_of(bot, board)
    assert isinstance(record.state, ArcanorState)
    players = [alice, bob]
    waiting = players[1 - record.state.to_move]
    first, second, third = [await h.click(waiting, board.button(label="My pieces")) for _ in range(3)]
    assert first.message is not None and second.message is not None and third.message is not None
    assert "replaced by a newer one" in first.message.text and not first.message.components
    assert not first.message.embeds and not first.message.attachments
    assert second.message.embeds and third.message.embeds

    second.message.deleted = True  # the player dismissed it
    await play_moves(h, bot, record.id, players, 2)
    assert len(panel_edits(h, second)) == 1, "tried once, then forgotten"
    assert len(panel_edits(h, third)) == 2


async def test_my_hand_follows_the_kouba_game_and_refuses_an_old_click(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    board = await open_table(h, alice, [bob, carol])
    gid = game_id(board)
    bob_hand, carol_hand = [await h.click(user, board.button(label="My hand")) for user in (bob, carol)]
    bob_panel, carol_panel = bob_hand.message, carol_hand.message
    assert bob_panel is not None and carol_panel is not None

    # Alice swaps: the others' hands are redrawn at the new version, their swap still offered.
    await swap(h, alice, board, "swap:none")
    record = await bot.service.load(gid)
    for opened, panel in ((bob_hand, bob_panel), (carol_hand, carol_panel)):
        assert panel_edits(h, opened), "the hand was redrawn through its interaction"
        assert panel.selects[0].custom_id == f"agora:s:{gid}:{record.version}:pm-swap"
        assert panel.attachments[0].filename == f"private-{gid}-{record.version}.png"
    stale_menu = bob_panel.selects[0]

    # Past the tokens' life, Carol's swap goes unseen on Bob's hand; his old menu is refused and redrawn.
    clock.advance(TOKEN_SECONDS)
    swapped = await h.select(carol, carol_panel.selects[0], values=[carol_panel.selects[0].values[0]])
    assert swapped.updated and "Carol" not in swapped.text
    before = await bot.service.load(gid)
    assert before.version == record.version + 1
    assert bob_panel.selects[0].custom_id == stale_menu.custom_id, "Bob's hand could not be edited"
    refused = await h.select(bob, stale_menu, values=[stale_menu.values[0]])
    assert refused.updated and refused.message is bob_panel
    assert "This panel was out of date" in bob_panel.text and "nothing was played" in bob_panel.text
    after = await bot.service.load(gid)
    assert after.version == before.version and "Still choosing: bob" in board_of(h).text
    fresh = bob_panel.selects[0]
    assert fresh.custom_id == f"agora:s:{gid}:{after.version}:pm-swap"
    played = await h.select(bob, fresh, values=[fresh.values[0]])
    assert played.updated and (await bot.service.load(gid)).version == after.version + 1
