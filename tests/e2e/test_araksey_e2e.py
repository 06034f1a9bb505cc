"""Araksey from challenge (with element picks) to result, as the players see it in Discord."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser

# A short 2-player game (Alice earth, Bob water): set-up, then Alice's exchange c4<>d5 wins.
WINNING_GAME = ["@b4", "@b3", "@d3", "@d2", "@d4", "@b2", "@c4", "@c2", "@b5", "@d5", "c4<>d5"]


def element_menu(message: FakeMessage, seat: int) -> FakeComponent:
    return next(s for s in message.selects if (s.custom_id or "").endswith(f":elem{seat}"))


def offering(message: FakeMessage, value: str) -> FakeComponent:
    """The select of the message that offers ``value``."""
    found = [s for s in message.selects if value in s.values]
    assert found, f"no select offers {value}: {[s.values for s in message.selects]}"
    return found[0]


async def choose(h: FakeDiscord, user: FakeUser, message: FakeMessage, value: str) -> FakeMessage:
    """Pick ``value`` in the select offering it; returns the clicked message as edited."""
    result = await h.select(user, offering(message, value), values=[value])
    assert result.updated, result.text
    assert result.message is not None
    return result.message


async def place(h: FakeDiscord, user: FakeUser, board: FakeMessage, move: str) -> FakeMessage:
    """A set-up placement that passes the turn: the same board is redrawn, and a short ping follows it."""
    redrawn = await choose(h, user, board, move)
    assert redrawn.id == board.id and redrawn.attachments and redrawn.components
    ping = h.last_message(h.default_channel)
    assert ping.id > board.id and not ping.attachments and str(board.id) in ping.content
    return redrawn


def latest_board(h: FakeDiscord) -> FakeMessage:
    """The newest message of the channel with a picture: the board (a ping may follow it)."""
    return next(m for m in reversed(h.messages(h.default_channel)) if m.attachments)


async def game_id_of(bot: AgoraBot, user: FakeUser) -> int:
    records = await bot.service.active_games(user.id)
    assert len(records) == 1
    return records[0].id


async def test_two_players_from_challenge_to_win(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    assert sent.type == 4 and not sent.ephemeral
    assert f"<@{bob.id}>" in sent.content
    assert "Side A" in sent.text and "earth" in sent.text and "picking it accepts" in sent.text
    menu = element_menu(sent.message, 1)  # type: ignore[arg-type]
    assert len(menu.values) == 8 and "Taken by the other side" in str(menu.options[0])
    accepted = await h.select(bob, menu, values=["water"])
    assert accepted.updated
    board = h.last_message(h.default_channel)
    assert board.attachments[0].data[:4] == b"\x89PNG" and board.attachments[0].size < 100_000
    assert f"<@{alice.id}>" in board.content
    assert "Set-up" in board.text and "start square" in board.text
    assert "water" in board.text and "Turn order: A alice → B bob" in board.text

    board = await place(h, alice, board, WINNING_GAME[0])
    assert f"<@{bob.id}>" in board.content and "1 of 8 sources placed" in board.text
    board = await place(h, bob, board, WINNING_GAME[1])

    game_id = await game_id_of(bot, alice)
    players = [alice, bob]
    for ply, move in enumerate(WINNING_GAME[2:-2], start=2):
        await bot.service.play(game_id, players[ply % 2].id, [move])
    typed = await h.slash(bob, "move", notation=WINNING_GAME[-2])
    assert typed.ephemeral and "Played" in typed.text

    board = h.last_message(h.default_channel)
    assert f"<@{alice.id}>" in board.content and "choose a piece" in board.text
    assert "Passes left: alice 1, bob 1" in board.text and "second pass loses" in board.text
    assert board.button(label="Pass (your one pass)")
    picked = await choose(h, alice, board, "c4")
    assert any("c4<>d5" in s.values for s in picked.selects) and picked.button(label="Back")
    await h.restart(make_bot())  # the half-made choice lives in the controls, so it survives
    final_click = await h.select(alice, offering(picked, "c4<>d5"), values=["c4<>d5"])
    assert final_click.updated
    final = h.last_message(h.default_channel)
    assert "alice** wins" in final.text and "four sources" in final.text
    assert "Game over" in final.content and [c.label for c in final.components] == ["Rematch", "Review"]


async def test_back_and_pass_through_the_controls(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    await h.select(bob, element_menu(sent.message, 1), values=["water"])  # type: ignore[arg-type]
    game_id = await game_id_of(bot, alice)
    for ply, move in enumerate(WINNING_GAME[:-2]):
        await bot.service.play(game_id, [alice, bob][ply % 2].id, [move])
    await h.slash(bob, "move", notation=WINNING_GAME[-2])
    board = h.last_message(h.default_channel)

    refused = await h.select(bob, offering(board, "c4"), values=["c4"])
    assert refused.ephemeral and "not your turn" in refused.text
    outsider = await h.click(carol, board.button(label="Pass (your one pass)"))
    assert outsider.ephemeral and "not playing in this game" in outsider.text
    picked = await choose(h, alice, board, "c4")
    back = await h.click(alice, picked.button(label="Back"))
    assert back.updated and back.message is not None
    assert back.message.select(placeholder="Choose a piece to move…")

    passed = await h.click(alice, back.message.button(label="Pass (your one pass)"))
    assert passed.updated
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>" in board.content and "Passes left: alice 0, bob 1" in board.text


async def test_four_player_challenge_layout_and_refusals(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = (h.user(name) for name in ("alice", "bob", "carol", "dave"))
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(
        alice, "araksey challenge", opponent=bob, opponent2=carol, opponent3=dave, element="earth"
    )
    challenge = sent.message
    assert challenge is not None
    assert f"A1 <@{alice.id}> + A2 <@{carol.id}>" in sent.text
    assert f"B1 <@{bob.id}> + B2 <@{dave.id}>" in sent.text and "A1, B1, A2, B2" in sent.text
    assert element_menu(challenge, 2).values == ["earth"], "Carol shares her team's element"

    clash = await h.select(bob, element_menu(challenge, 1), values=["earth"])
    assert clash.ephemeral and "other side" in clash.text and f"<@{alice.id}>" in clash.text
    intruder = await h.select(carol, element_menu(challenge, 1), values=["water"])
    assert intruder.ephemeral and "This menu is for" in intruder.text
    forged = await h.click(bob, challenge.button(label="Decline"))
    assert forged.updated and "declined" in forged.text and not forged.message.components  # type: ignore[union-attr]


async def test_four_players_accept_and_play_in_order(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = (h.user(name) for name in ("alice", "bob", "carol", "dave"))
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(
        alice, "araksey challenge", opponent=bob, opponent2=carol, opponent3=dave, element="earth"
    )
    assert sent.message is not None
    clash = await h.select(bob, element_menu(sent.message, 1), values=["earth"])
    assert clash.ephemeral and "opposing sides play different elements" in clash.text
    challenge = await choose(h, bob, sent.message, "water")
    assert element_menu(challenge, 3).values == ["water"], "Dave's team element is set by Bob"
    assert f"<@{bob.id}>" not in challenge.content
    challenge = await choose(h, carol, challenge, "earth")
    started = await h.select(dave, element_menu(challenge, 3), values=["water"])
    assert started.updated

    board = h.last_message(h.default_channel)
    assert "Turn order: A1 alice → B1 bob → A2 carol → B2 dave" in board.text
    assert "Side A**: A1 alice + A2 carol" in board.text
    for user, square in ((alice, "@b2"), (bob, "@f2"), (carol, "@b6"), (dave, "@f6")):
        assert f"<@{user.id}>, your turn" in board.content
        wrong = bob if user is not bob else carol
        refused = await h.select(wrong, offering(board, square), values=[square])
        assert refused.ephemeral and "not your turn" in refused.text
        board = await place(h, user, board, square)
    assert f"<@{alice.id}>, your turn" in board.content and "4 of 16 sources placed" in board.text

    # The rest of the sources by the service, the last one typed: then arakseys go anywhere free,
    # more squares than one select holds.
    game_id = await game_id_of(bot, alice)
    record = await bot.service.load(game_id)
    while record.state is not None and record.state.view(None)["phase"] == "setup_sources":
        seat = record.state.actors[0]
        move = str(record.state.legal_moves(seat)[0])
        last = sum(1 for p in record.state.view(None)["pieces"]) == 15
        if last:
            await h.slash([alice, bob, carol, dave][seat], "move", notation=move)
        else:
            await bot.service.play(game_id, record.user_at(seat), [move])
        record = await bot.service.load(game_id)
    board = latest_board(h)
    assert "araksey on any free square" in board.text
    menus = [s for s in board.selects if s.values and s.values[0].startswith("@")]
    assert len(menus) == 2 and sum(len(s.values) for s in menus) == 33
    assert all(len(s.values) <= 25 for s in menus)


# Alice (earth) gathers her four sources in set-up; after Bob's c4-b5 her dragon can act.
DRAGON_GAME = ["@b2", "@b3", "@d2", "@c4", "@d3", "@b4", "@c2", "@d4", "@d1", "@a1", "c2<>d1", "c4-b5"]


async def test_dragon_power_and_its_effect(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    await h.select(bob, element_menu(sent.message, 1), values=["water"])  # type: ignore[arg-type]
    game_id = await game_id_of(bot, alice)
    for ply, move in enumerate(DRAGON_GAME[:-1]):
        await bot.service.play(game_id, [alice, bob][ply % 2].id, [move])
    await h.slash(bob, "move", notation=DRAGON_GAME[-1])
    board = h.last_message(h.default_channel)
    assert "🐉 alice (earth): awake" in board.text

    powered = await h.click(alice, board.button(label="Use dragon power: earth"))
    assert powered.updated and powered.message is not None
    picked = await choose(h, alice, powered.message, "c2")
    menu = offering(picked, "c2-c3+earth")
    assert all("+earth" in value for value in menu.values)
    assert any("bob cannot move your pieces" in option["label"] for option in menu.options)
    await h.select(alice, menu, values=["c2-c3+earth"])
    board = h.last_message(h.default_channel)
    assert f"<@{bob.id}>, your turn" in board.content
    assert "Earth: you cannot move alice's pieces this turn." in board.text
    assert "Earth: bob cannot move alice's pieces on their next turn." in board.text
    assert "No dragon is awake." in board.text


async def test_three_players_one_against_a_team(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    skipped = await h.slash(alice, "araksey challenge", opponent=bob, opponent3=carol, element="fog")
    assert skipped.ephemeral and "opponent2 before opponent3" in skipped.text
    sent = await h.slash(alice, "araksey challenge", opponent=bob, opponent2=carol, element="fog")
    assert sent.message is not None
    assert f"A <@{alice.id}> (alone)" in sent.text and f"B1 <@{bob.id}> + B2 <@{carol.id}>" in sent.text
    assert "A, B1, A, B2" in sent.text and "the lone player (A) always starts" in sent.text
    picked = await h.select(carol, element_menu(sent.message, 2), values=["air"])
    assert picked.updated and picked.message is not None
    challenge = picked.message
    assert element_menu(challenge, 1).values == ["air"], "Bob shares the element Carol chose for the team"
    wrong = await h.select(carol, element_menu(challenge, 1), values=["air"])
    assert wrong.ephemeral and "This menu is for" in wrong.text
    await h.select(bob, element_menu(challenge, 1), values=["air"])
    board = h.last_message(h.default_channel)
    # « Le joueur seul commence toujours en premier »: Alice first although air comes before fog.
    assert f"<@{alice.id}>, your turn" in board.content
    assert "Turn order: A alice → B1 bob → A alice → B2 carol" in board.text
    board = await place(h, alice, board, "@b2")
    assert f"<@{bob.id}>, your turn" in board.content
    board = await place(h, bob, board, "@c2")
    assert f"<@{alice.id}>, your turn" in board.content
    board = await place(h, alice, board, "@d2")
    assert f"<@{carol.id}>, your turn" in board.content



async def test_resign_and_games_list(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="mud", deadline="2h")
    assert sent.message is not None
    await h.select(bob, element_menu(sent.message, 1), values=["fog"])
    listed = await h.slash(bob, "games")
    assert listed.ephemeral and "Araksey" in listed.text
    resigned = await h.slash(bob, "resign")
    assert resigned.ephemeral and "You resigned" in resigned.text
    final = h.last_message(h.default_channel)
    assert "**alice** wins: **bob** resigned." in final.text
    assert [c.label for c in final.components] == ["Rematch", "Review"]
