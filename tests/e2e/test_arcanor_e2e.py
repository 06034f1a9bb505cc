"""Arcanor from challenge to result, as two players (and a bystander) see it in Discord."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.service import GameRecord
from bot.storage import Changes
from render import arcanor as drawing
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser, HarnessError, InteractionResult
from tests.harness.interactions import MESSAGE_COMPONENT, component_data, interaction_payload

CONTENT_WORDS = ("holding", "uncovering", "freeing", "with what it holds", "release")

Stacks = dict[str, list[list[int]]]

# Alice (seat 0) has 11 points on rank 7 and a 1 holding Bob's 2 two steps away; Bob (seat 1) to move.
NEAR_END: Stacks = {
    "d7": [[0, 4]], "e7": [[0, 4]], "f7": [[0, 3]],
    "b5": [[0, 1], [1, 2]], "c2": [[0, 1], [0, 2]], "g3": [[0, 1], [0, 2], [1, 3], [1, 4]],
    "a4": [[0, 3], [0, 4]], "h5": [[0, 2], [0, 3]],
    "b1": [[1, 1], [1, 2]], "e4": [[1, 2], [1, 3]], "d5": [[1, 3], [1, 4]],
    "f5": [[1, 1]], "g6": [[1, 1]], "h6": [[1, 4]],
}

# Every top piece stands frozen on its winning row: neither player has a move.
BLOCKED: Stacks = {
    "a7": [[0, 1], [0, 2], [0, 3], [0, 4]], "c7": [[0, 1], [0, 2], [0, 3], [0, 4]],
    "e7": [[0, 1], [1, 2], [1, 3], [1, 4]], "g7": [[0, 2], [0, 3], [1, 4]], "h7": [[0, 4]],
    "a1": [[1, 1], [1, 2], [1, 3], [1, 4]], "c1": [[1, 1], [1, 2], [1, 3]], "e1": [[1, 1]],
}


# -- helpers ---------------------------------------------------------------------------------------


async def start_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, *, strict: bool = False) -> FakeMessage:
    """Alice challenges Bob, Bob accepts; returns the first board message."""
    sent = await h.slash(alice, "arcanor challenge", opponent=bob, strict_memory=strict)
    assert sent.type == 4 and not sent.ephemeral
    assert ("Strict memory" in sent.text) == strict
    accepted = await h.click(bob, sent.button(label="Accept"))
    assert accepted.updated
    board = h.last_message(h.default_channel)
    assert board.attachments and board.attachments[0].data[:4] == b"\x89PNG"
    assert board.attachments[0].size < 100_000
    assert "was drawn to start" in board.text and "/ 12 points" in board.text
    return board


def game_id(board: FakeMessage) -> int:
    found = re.search(r"game #(\d+)", board.text)
    assert found is not None
    return int(found.group(1))


def mover(board: FakeMessage, *players: FakeUser) -> FakeUser:
    """The player the board asks to move."""
    return next(p for p in players if board.content.startswith(f"<@{p.id}>"))


def other(player: FakeUser, alice: FakeUser, bob: FakeUser) -> FakeUser:
    return bob if player is alice else alice


def option_labels(select: FakeComponent) -> list[str]:
    return [option["label"] for option in select.options]


def public_texts(message: FakeMessage) -> list[str]:
    """Everything a bystander can read on a message, select options included."""
    texts = [message.text]
    for component in message.components:
        texts += [component.label or "", component.placeholder or ""]
        texts += [f"{o['label']} {o.get('description', '')}" for o in component.options]
    return texts


def assert_no_contents(message: FakeMessage) -> None:
    """Nothing on a public message says what a stack holds (lifts aside, which are public by design)."""
    for text in public_texts(message):
        readable = re.sub(r"🔍 Lifted this turn:.*", "", text)
        assert not any(word in readable for word in CONTENT_WORDS), text


async def record_of(bot: AgoraBot, board: FakeMessage) -> GameRecord:
    return await bot.service.load(game_id(board))


async def set_position(bot: AgoraBot, board: FakeMessage, stacks: Stacks, to_move: int) -> None:
    """Write a mid-game position into the stored game, as a long game would have reached it."""
    record = await record_of(bot, board)
    assert record.state is not None
    state = record.state.to_json()
    state.update(board=stacks, to_move=to_move, move_number=40, last_move=[], history={}, peeks=[], peeked=[])
    await bot.storage.update_game(record.id, record.version, Changes({"state": state}))


async def pick(h: FakeDiscord, user: FakeUser, select: FakeComponent, value: str) -> InteractionResult:
    result = await h.select(user, select, values=[value])
    assert result.responded, result
    return result


async def pick_together(
    h: FakeDiscord, picks: Sequence[tuple[FakeUser, FakeComponent, str]]
) -> list[InteractionResult]:
    """h.click_together for select menus: every pick is sent before the bot answers any.

    (click_together sends no values, which a select refuses; this builds the same payloads with one.)
    """
    bot = h.bot
    assert bot is not None
    first_request, first_post = len(h.requests), len(h.rest.posted)
    sent: list[tuple[Any, dict[str, Any]]] = []
    for user, select, value in picks:
        message = select.message
        record = h._record(MESSAGE_COMPONENT, user, h.guild.channel_of(message), message=message)
        h.rest.interactions[record.token] = record
        sent.append((record, component_data(select, [value], h.guild, user)))
    for record, data in sent:
        bot._connection.parsers["INTERACTION_CREATE"](interaction_payload(h.guild, record, data))
    await h.settle()
    made, posted = h.requests[first_request:], h.rest.posted[first_post:]
    return [InteractionResult(r, [q for q in made if r.token in q.path], posted) for r, _ in sent]


async def open_moves(h: FakeDiscord, user: FakeUser, board: FakeMessage, square: str) -> FakeMessage:
    """Standard game: pick a stack on the public board; its moves open in a private panel."""
    result = await pick(h, user, board.select(placeholder="Choose a stack to play…"), square)
    assert result.updated and result.message is board, "the public select is sent again, cleared"
    assert_no_contents(board)
    (panel,) = result.followups
    assert panel.ephemeral and panel.attachments[0].filename.startswith("private-")
    return panel


async def names_of(bot: AgoraBot, record: GameRecord) -> list[str]:
    return await bot.service.display_names(record)


# -- tests -----------------------------------------------------------------------------------------


async def test_full_game_won_at_twelve(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    await set_position(bot, board, NEAR_END, to_move=1)

    # Bob plays by text; the fallback posts a fresh board for Alice.
    typed = await h.slash(bob, "move", notation="D5 - D4")
    assert typed.ephemeral and "Played D5 - D4" in typed.text
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{alice.id}>")
    assert "**bob** moved the stack on d5 to d4." in board.text and "**11** / 12 points" in board.text
    assert_no_contents(board)

    # Alice picks b5 on the public board; its moves open privately, with what it holds.
    assert "b5: your 1" in option_labels(board.select(placeholder="Choose a stack to play…"))
    panel = await open_moves(h, alice, board, "b5")
    assert "b5: your 1 holding their 2" in panel.text and "d7: your 4 ❄ frozen" in panel.text
    moves = panel.select(placeholder="Play b5: where to?")
    assert "b5^b6: release the 1, freeing their 2" in option_labels(moves)
    assert "b5-b6: move the 1 with what it holds" in option_labels(moves)
    back = await h.click(alice, panel.button(label="Back"))
    assert back.updated and back.message is not None and back.message.ephemeral
    mine = back.message.select(placeholder="Choose a stack to play…")
    assert "b5: your 1 holding their 2" in option_labels(mine)
    again = await pick(h, alice, mine, "b5")
    assert again.updated and again.message is not None
    played = await pick(h, alice, again.message.select(placeholder="Play b5: where to?"), "b5-b6")
    assert played.updated and "Done: alice moved the stack on b5 to b6." in played.text
    old = h.messages(h.default_channel)[-2]
    assert old.content == "alice moved the stack on b5 to b6." and not old.components
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{bob.id}>") and "**alice** moved the stack on b5 to b6." in board.text

    # Bob answers by clicks, through his own private panel.
    panel = await open_moves(h, bob, board, "e4")
    played = await pick(h, bob, panel.select(placeholder="Play e4: where to?"), "e4-e3")
    assert played.updated
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{alice.id}>")

    # Alice releases her 1 onto Bob's home row: 11 + 1 = 12, and she wins at once.
    panel = await open_moves(h, alice, board, "b6")
    await pick(h, alice, panel.select(placeholder="Play b6: where to?"), "b6^b7")
    final = h.last_message(h.default_channel)
    assert final.content.startswith("Game over.")
    assert "**alice** moved the top piece of b6 to b7. 12 points on the winning row end the game at once" in final.text
    assert "**alice** wins (alice 12 – 1 bob)" in final.text
    assert [c.label for c in final.components] == ["Rematch", "Review"]
    assert h.messages(h.default_channel)[-2].content == "alice moved the top piece of b6 to b7."
    record = await record_of(bot, final)
    assert record.row.status == "finished" and record.outcome is not None and record.outcome.winners == (0,)
    listed = await h.slash(alice, "games")
    assert "no game in progress" in listed.text


async def test_my_pieces_is_private_and_per_player(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    assert_no_contents(board)
    record = await record_of(bot, board)
    assert record.state is not None
    names = await names_of(bot, record)
    assert board.attachments[0].data == drawing.render(record.state.view(None), names)

    for seat, user, home in ((0, alice, "1"), (1, bob, "7")):
        shown = await h.click(user, board.button(label="My pieces"))
        assert shown.ephemeral and shown.new_message
        image = shown.attachments[0].data
        assert image == drawing.render(record.state.view(seat), names)
        assert image != board.attachments[0].data
        assert f"b{home}: your 1 holding your 2" in shown.text and f"c{home}: your 3 holding your 4" in shown.text
        foreign = "7" if home == "1" else "1"
        assert f"b{foreign}:" not in shown.text, "only the clicker's own stacks are listed"
        is_mover = board.content.startswith(f"<@{user.id}>")
        assert bool(shown.selects) == is_mover, "only the player to move gets controls in the panel"

    refused = await h.click(carol, board.button(label="My pieces"))
    assert refused.ephemeral and "not playing in this game" in refused.text
    assert not refused.attachments


async def test_strict_memory_lift_is_public(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob, strict=True)
    player = mover(board, alice, bob)
    home = "1" if player is alice else "7"
    square = f"b{home}"

    private = await h.click(player, board.button(label="My pieces"))
    assert private.ephemeral and "Strict memory" in private.text and "not even their owner" in private.text
    assert not private.selects and "holding" not in private.text

    lift = board.select(placeholder="Lift a stack (shows everyone what it holds)…")
    lifted = await pick(h, player, lift, square)
    assert lifted.updated and not lifted.ephemeral
    name = player.name
    mark = "🟠" if home == "1" else "🟦"  # seat 0's pieces are round, seat 1's square
    told = f"**{square}**: {mark} {name}'s 1 holding {mark} {name}'s 2."
    assert f"Lifted this turn: {told}" in board.text, "the board is redrawn in place with the lift"
    announcement = h.last_message(h.default_channel)
    assert announcement.content == f"🔍 <@{player.id}> lifted a stack in game #{game_id(board)}: {told}"
    assert not announcement.ephemeral
    assert square not in board.select(placeholder="Lift a stack (shows everyone what it holds)…").values

    # Still the same turn: pick the lifted stack, look at its moves, go back, then play.
    assert board.content.startswith(f"<@{player.id}>")
    redrawn = await pick(h, player, board.select(placeholder="Choose a stack to play…"), square)
    assert redrawn.updated and not redrawn.ephemeral
    moves = board.select(placeholder=f"Play {square}: where to?")
    step = f"{square}-b{'2' if home == '1' else '6'}"
    assert f"{step}: move the stack" in option_labels(moves)
    assert any("what it holds stays" in label for label in option_labels(moves))
    await h.click(player, board.button(label="Back"))
    await pick(h, player, board.select(placeholder="Choose a stack to play…"), square)
    played = await pick(h, player, board.select(placeholder=f"Play {square}: where to?"), step)
    assert played.updated
    target = step.split("-")[1]
    assert board.content == f"{player.name} lifted {square}, then moved the stack on {square} to {target}."
    assert not board.components
    following = h.last_message(h.default_channel)
    opponent = other(player, alice, bob)
    assert following.content.startswith(f"<@{opponent.id}>")
    assert f"**{name}** lifted {square}, then moved the stack on {square} to {target}." in following.text
    assert "Lifted this turn" not in following.text
    log = [row.notation for row in await bot.service.move_log(game_id(following))]
    assert log == [f"peek:{square}", step]


async def test_wrong_player_and_outsider_are_refused(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await start_game(h, alice, bob, strict=True)
    player = mover(board, alice, bob)
    opponent = other(player, alice, bob)
    stacks = board.select(placeholder="Choose a stack to play…")
    refused = await pick(h, opponent, stacks, stacks.values[0])
    assert refused.ephemeral and f"It is not your turn: waiting for <@{player.id}>" in refused.text
    refused = await pick(h, carol, stacks, stacks.values[0])
    assert refused.ephemeral and "not playing in this game" in refused.text
    await pick(h, player, stacks, stacks.values[0])
    moves = board.select(custom_id_prefix="agora:s:")
    refused = await pick(h, opponent, moves, moves.values[0])
    assert refused.ephemeral and "not your turn" in refused.text
    refused = await h.click(opponent, board.button(label="Back"))
    assert refused.ephemeral and "not your turn" in refused.text
    assert board.content.startswith(f"<@{player.id}>"), "nothing was played"


async def test_stale_select_after_the_turn_moved_on(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await start_game(h, alice, bob, strict=True)
    player = mover(board, alice, bob)
    stacks = board.select(placeholder="Choose a stack to play…")
    await pick(h, player, stacks, stacks.values[0])
    moves = board.select(custom_id_prefix="agora:s:")
    first, second = await pick_together(h, [(player, moves, moves.values[0]), (player, moves, moves.values[2])])
    assert first.updated
    assert second.ephemeral and ("out of date" in second.text or "changed while" in second.text)
    pictured = [m for m in h.messages(h.default_channel) if m.attachments]
    assert len(pictured) == 1 and len(h.messages(h.default_channel)) == 3, "one move played: one new board"
    with pytest.raises(HarnessError, match="has no component"):
        await h.select(player, moves, values=[moves.values[2]])  # the old board is frozen for everyone


async def test_an_open_private_panel_loses_its_controls_once_the_turn_moved_on(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await start_game(h, alice, bob)
    player = mover(board, alice, bob)
    opened = await h.click(player, board.button(label="My pieces"))
    assert opened.select(placeholder="Choose a stack to play…")
    stacks = board.select(placeholder="Choose a stack to play…")
    panel = await open_moves(h, player, board, stacks.values[0])
    moves = panel.select(custom_id_prefix="agora:s:")
    await pick(h, player, moves, moves.values[0])
    assert opened.message is not None and not opened.message.components, "redrawn for the opponent's turn"
    assert "your 1 holding your 2" in opened.message.text, "still the player's stacks"
    assert len([m for m in h.messages(h.default_channel) if m.attachments]) == 1, "one board, the latest"


async def test_pass_then_both_passes_end_on_points(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await start_game(h, alice, bob)
    blocked_but_one = {square: stack for square, stack in BLOCKED.items() if square != "e1"}
    await set_position(bot, board, {**blocked_but_one, "e2": [[1, 1]]}, to_move=1)
    await h.slash(bob, "move", notation="e2-e1")
    board = h.last_message(h.default_channel)
    assert "**alice** has no move with any stack and must **pass**" in board.text
    assert not board.selects and [b.label for b in board.buttons] == ["Pass", "My pieces", "⋯", "Follow"]
    passed = await h.click(alice, board.button(label="Pass"))
    assert passed.updated and board.content == "alice passed."
    board = h.last_message(h.default_channel)
    assert "**alice** passed." in board.text
    assert "If **bob** passes too, the game ends on points." in board.text
    await h.click(bob, board.button(label="Pass"))
    final = h.last_message(h.default_channel)
    assert "**bob** passed. Neither player could move" in final.text
    assert "two passes in a row end the game on points" in final.text
    assert "**alice** wins (alice 9 – 3 bob)" in final.text


async def test_move_command_refusals(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await start_game(h, alice, bob)
    player = mover(board, alice, bob)
    home = "1" if player is alice else "7"
    bad = await h.slash(player, "move", notation="b1b2")
    assert bad.ephemeral and "b1-b2 to move a stack" in bad.text
    peek = await h.slash(player, "move", notation=f"peek:b{home}")
    assert peek.ephemeral and "only exists in the strict-memory variant" in peek.text
    far = await h.slash(player, "move", notation=f"b{home}-b4")
    assert far.ephemeral and "not next to" in far.text
    rules = await h.slash(player, "rules", game="arcanor")
    assert rules.ephemeral and "b1xc2" in rules.text
    resigned = await h.slash(player, "resign")
    assert resigned.ephemeral and "You resigned" in resigned.text
    final = h.last_message(h.default_channel)
    winner = other(player, alice, bob)
    assert f"**{winner.name}** wins: **{player.name}** resigned." in final.text
    assert [c.label for c in final.components] == ["Rematch", "Review"]


async def test_lift_by_text_command(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await start_game(h, alice, bob, strict=True)
    player = mover(board, alice, bob)
    square = "c1" if player is alice else "c7"
    lifted = await h.slash(player, "move", notation=f"peek {square}")
    assert lifted.ephemeral and f"Played peek {square}" in lifted.text
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{player.id}>"), "a lift does not end the turn"
    assert f"Lifted this turn: **{square}**:" in board.text and f"{player.name}'s 3 holding" in board.text
    assert square not in board.select(placeholder="Lift a stack (shows everyone what it holds)…").values
