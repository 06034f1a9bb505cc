"""Tables where people and Agora sit together: Kouba's bot seats, Araksey's teams of people and bots."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.test_araksey_e2e import element_menu, game_id_of, latest_board
from tests.e2e.test_kouba_e2e import Autoplayer, board_of, fixed_seed, pinged, round_over, swap
from tests.harness import FakeDiscord, FakeMessage, FakeUser

__all__ = ["fixed_seed"]  # the Kouba tests' deal, used here too


async def test_a_kouba_table_with_a_person_and_two_bot_seats(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    lobby = await h.slash(alice, "kouba create", bots=2, level="easy")
    assert lobby.type == 4 and not lobby.ephemeral and lobby.message is not None
    table = lobby.message
    assert "Players (3/6)" in table.text and "2. Agora 2 (easy)" in table.text and "3. Agora 3 (easy)" in table.text
    assert not table.button(label="Start").disabled, "alice may start with the bot's seats"
    started = await h.click(alice, table.button(label="Start"))
    assert started.updated and "The game is on" in started.text
    board = board_of(h)
    assert pinged(board) == [alice.id], "the bot's seats chose their swaps at once"
    await swap(h, alice, board, "swap:none")
    player = Autoplayer(h, [alice])
    await player.until(round_over(1))
    moves = [(m.seat, m.notation) for m in await bot.storage.moves(1)]
    assert {m.user_id for m in await bot.storage.moves(1) if m.seat in (1, 2)} == {h.bot_user.id}
    turns = [seat for seat, notation in moves if notation == "roll"]
    assert {1, 2} <= set(turns) and len(turns) >= 6, "several turns each, the bot's seats included"
    picks = {seat for seat, notation in moves if notation.startswith("take:")}
    assert 0 in picks and picks & {1, 2}, "a duel between alice and a bot seat: both picked a pile"
    assert {seat for seat, notation in moves[-2:] if notation.startswith("swap:")} == {1, 2}, (
        "the next round's swaps: the bot's seats answered at once, while alice is asked too"
    )
    board = board_of(h)
    assert pinged(board) == [alice.id] and "Round 2" in board.text
    bob = h.user("bob")
    outsider = await h.click(bob, board.button(label="My hand"))
    assert outsider.ephemeral and "not playing" in outsider.text
    await h.stop()


def element_menus(message: FakeMessage) -> list[str]:
    return [(s.custom_id or "").rsplit(":", 1)[-1] for s in message.selects if ":elem" in (s.custom_id or "")]


async def araksey_step(h: FakeDiscord, user: FakeUser) -> FakeMessage:
    """``user`` plays the first move the latest board's first menu offers; returns the latest board."""
    board = latest_board(h)
    menu = board.selects[0]
    result = await h.select(user, menu, values=[menu.values[0]])
    assert result.updated, result.text
    return latest_board(h)


async def test_araksey_three_players_a_person_and_the_bot_as_a_team(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    agora = h.bot_user
    sent = await h.slash(
        alice, "araksey challenge", opponent=agora, opponent2=bob, element="fog", level="easy"
    )  # fmt: skip
    assert sent.type == 4 and sent.message is not None, sent.text
    assert f"B1 Agora + B2 <@{bob.id}>" in sent.text and "Seat 2: easy" in sent.text
    assert element_menus(sent.message) == ["elem2"], "only Bob picks: the bot has accepted"
    await h.select(bob, element_menu(sent.message, 2), values=["air"])
    board = latest_board(h)
    assert f"<@{alice.id}>, your turn" in board.content
    board = await araksey_step(h, alice)  # A, then the bot (B1) at once, then A again
    assert f"<@{alice.id}>, your turn" in board.content
    board = await araksey_step(h, alice)
    assert f"<@{bob.id}>, your turn" in board.content
    board = await araksey_step(h, bob)
    moves = await bot.storage.moves(await game_id_of(bot, alice))
    assert [(m.seat, m.user_id) for m in moves] == [(0, alice.id), (1, agora.id), (0, alice.id), (2, bob.id)]
    assert f"<@{alice.id}>, your turn" in board.content
    outsider = await h.select(h.user("carol"), board.selects[0], values=[board.selects[0].values[0]])
    assert outsider.ephemeral and "not playing" in outsider.text
    await h.stop()


async def test_araksey_four_players_two_people_and_two_bot_seats(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    agora = h.bot_user
    sent = await h.slash(
        alice, "araksey challenge", opponent=bob, opponent2=agora, opponent3=agora, element="earth", level="easy"
    )  # fmt: skip
    assert sent.type == 4 and sent.message is not None, sent.text
    assert "Seat 3: easy" in sent.text and "Seat 4: easy" in sent.text
    assert element_menus(sent.message) == ["elem1"]
    await h.select(bob, element_menu(sent.message, 1), values=["water"])
    game = await game_id_of(bot, alice)
    record = await bot.service.load(game)
    assert record.seats == [alice.id, bob.id, agora.id, agora.id] and record.bot_seats == {2: "easy", 3: "easy"}
    for _ in range(3):
        board = latest_board(h)
        mover = alice if f"<@{alice.id}>, your turn" in board.content else bob
        assert f"<@{mover.id}>, your turn" in board.content, board.content
        await araksey_step(h, mover)
    moves = await bot.storage.moves(game)
    assert {m.seat for m in moves} == {0, 1, 2, 3}, "every seat moved, the bot's two among them"
    assert {m.user_id for m in moves if m.seat >= 2} == {agora.id}
    await h.stop()
