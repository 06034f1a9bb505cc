"""What waits for a player, as they see it: challenges in /games (listed, counted, answered from there),
/move finding the one game that waits for them, and a challenge made twice pointing to the first."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.harness import FakeDiscord, FakeMessage, FakeUser
from tests.harness.interactions import InteractionResult


def link(h: FakeDiscord, message: FakeMessage) -> str:
    """The link a player follows to ``message`` of the default channel."""
    return f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{message.id}"


async def challenged(h: FakeDiscord, challenger: FakeUser, opponent: FakeUser, **options: object) -> FakeMessage:
    sent = await h.slash(challenger, "arkaios challenge", opponent=opponent, **options)
    assert sent.type == 4 and not sent.ephemeral, sent.text
    assert sent.message is not None
    return sent.message


async def started(h: FakeDiscord, challenger: FakeUser, opponent: FakeUser) -> None:
    message = await challenged(h, challenger, opponent)
    accepted = await h.click(opponent, message.button(label="Accept"))
    assert accepted.updated, accepted.text


def lines(listed: InteractionResult) -> list[str]:
    return listed.text.splitlines()


async def test_games_lists_counts_and_answers_challenges(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = h.user("alice"), h.user("bob"), h.user("carol"), h.user("dave")
    await h.start(make_bot())
    await started(h, bob, dave)  # game #1: bob's move
    from_alice = await challenged(h, alice, bob)  # #2
    from_carol = await challenged(h, carol, bob)  # #3
    to_dave = await challenged(h, bob, dave)  # #4, bob waits for dave

    listed = await h.slash(bob, "games")
    assert listed.ephemeral
    assert lines(listed)[1:3] == ["**1** game waiting for your move.", "**2** challenges waiting for your answer."]
    assert f"[#2 Arkaios]({link(h, from_alice)}) vs alice: **challenge waiting for your answer**" in lines(listed)
    assert f"[#3 Arkaios]({link(h, from_carol)}) vs carol: **challenge waiting for your answer**" in lines(listed)
    assert f"[#4 Arkaios]({link(h, to_dave)}) vs dave: challenge sent, waiting for dave to answer" in lines(listed)
    order = [next(n for n, line in enumerate(lines(listed)) if f"[#{game} " in line) for game in (1, 2, 3, 4)]
    assert order == sorted(order), "your move, then your answers, then what waits for others"
    assert [b.label for b in listed.buttons] == [
        "Play next: #1 Arkaios", "Show board", "Accept #2", "Decline #2", "Accept #3", "Decline #3"
    ]

    sender = await h.slash(alice, "games")
    assert "waiting for your answer" not in sender.text and not sender.buttons
    assert f"[#2 Arkaios]({link(h, from_alice)}) vs bob: challenge sent, waiting for bob to answer" in sender.text

    # Who may answer comes from the stored challenge, whoever's /games the button was in.
    daves = await h.slash(dave, "games")
    assert daves.message is not None and [b.label for b in daves.buttons] == ["Accept #4", "Decline #4"]
    stranger = await h.forge(dave, daves.message, listed.button(label="Accept #2").custom_id)
    assert stranger.ephemeral and stranger.text == "This challenge is not addressed to you."
    assert from_alice.button(label="Accept") and "Waiting for" in from_alice.text

    accepted = await h.click(bob, listed.button(label="Accept #2"))
    assert accepted.ephemeral
    assert accepted.text.startswith(f"You accepted challenge #2: the game is on in <#{h.default_channel.id}>.")
    assert "Challenge accepted: the game is on!" in from_alice.text and not from_alice.components
    board = h.last_message(h.default_channel)
    assert board.attachments and f"<@{alice.id}>, your turn" in board.content

    declined = await h.click(bob, listed.button(label="Decline #3"))
    assert declined.ephemeral and declined.text == "You declined challenge #3."
    assert f"The challenge was declined (<@{bob.id}>)." in from_carol.text and not from_carol.components
    again = await h.click(bob, listed.button(label="Accept #3"))
    assert again.ephemeral and "no longer open" in again.text

    after = await h.slash(bob, "games")
    assert "waiting for your answer" not in after.text
    assert [b.label for b in after.buttons] == ["Play next: #1 Arkaios", "Show board"], "no answer buttons left"
    assert "#3 Arkaios" not in after.text and "[#2 Arkaios]" in after.text


async def test_accepting_from_games_opens_the_thread_of_the_challenge(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", threads=True)
    challenge = await challenged(h, alice, bob)
    listed = await h.slash(bob, "games")
    accepted = await h.click(bob, listed.button(label="Accept #1"))
    threads = h.guild.threads()
    assert len(threads) == 1
    assert accepted.ephemeral and f"the game is on in <#{threads[0].id}>" in accepted.text
    assert "the game is on!" in challenge.text and not challenge.components
    assert h.last_message(threads[0]).attachments


async def test_withdrawing_from_games_and_open_tables(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    table = await h.slash(alice, "kouba create")
    assert table.message is not None
    joined = await h.click(bob, table.message.button(label="Join"))
    assert joined.updated, joined.text
    opener = await h.slash(alice, "games")
    assert "open table, 2 seated: waiting for you to start it" in opener.text
    assert "challenges waiting" not in opener.text and not opener.buttons
    seated = await h.slash(bob, "games")
    assert "open table, 2 seated: waiting for alice to start it" in seated.text and not seated.buttons
    outsider = await h.slash(carol, "games")
    assert "no game in progress" in outsider.text


async def test_araksey_challenges_are_accepted_by_picking_an_element(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="fire")
    assert sent.message is not None
    listed = await h.slash(bob, "games")
    assert "**1** challenge waiting for your answer." in listed.text
    assert f"({link(h, sent.message)})" in listed.text, "the line links to the message with the element menu"
    assert [b.label for b in listed.buttons] == ["Decline #1"]


async def test_move_picks_the_one_game_waiting_for_you(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    await started(h, alice, bob)  # #1: alice to move
    await started(h, alice, carol)  # #2: alice to move
    both = await h.slash(alice, "move", notation="c3=3")
    assert both.ephemeral and both.text == (
        "Several of your games in this channel wait for your move (#1, #2): "
        "name the one you are playing with the `game` option."
    )
    first = await h.slash(alice, "move", notation="c3=3", game=1)
    assert "Played c3=3 in game #1." in first.text
    picked = await h.slash(alice, "move", notation="c3=3")
    assert "Played c3=3 in game #2." in picked.text, "only #2 waits for alice now"
    offered = await h.autocomplete(alice, "move", "game", "")
    assert sorted(choice["value"] for choice in offered.choices) == [1, 2]
    none = await h.slash(alice, "move", notation="d4=3")
    assert none.ephemeral and none.text == (
        "You have several games in this channel (#1, #2) and none waits for your move: "
        "name the game with the `game` option (see /games)."
    )
    bobs = await h.slash(bob, "move", notation="d4=1")
    assert "in game #1." in bobs.text, "bob has one game here"
    suggested = await h.autocomplete(alice, "move", "notation", "")
    assert suggested.choices, "the notation menu follows the game waiting for alice (#1)"
    resign = await h.slash(alice, "resign")
    assert resign.ephemeral and resign.text == (
        "You have several games in this channel (#1, #2): name the game with the `game` option (see /games)."
    )
    assert "resigned" not in h.last_message(h.default_channel).text


async def test_a_second_identical_challenge_points_to_the_first(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    first = await challenged(h, alice, bob)
    twice = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert twice.ephemeral and twice.text == (
        f"You already have this challenge open in this channel: [challenge #1]({link(h, first)}) "
        "(Arkaios, the same players and options). Wait for the answers, or withdraw it before making another."
    )
    reversed_roles = await h.slash(bob, "arkaios challenge", opponent=alice)
    assert reversed_roles.ephemeral and reversed_roles.text == (
        f"<@{alice.id}> already challenged you to Arkaios in this channel, with the same players and options: "
        f"answer [challenge #1]({link(h, first)})."
    )
    assert len([m for m in h.messages(h.default_channel) if "challenge" in m.text.lower()]) == 1
    other_time = await h.slash(alice, "arkaios challenge", opponent=bob, deadline="2h")
    assert other_time.type == 4 and not other_time.ephemeral, "a different time per turn is another challenge"
    other_player = await challenged(h, alice, carol)
    elsewhere = await h.create_channel("elsewhere")
    moved = await h.slash(alice, "arkaios challenge", opponent=bob, in_channel=elsewhere)
    assert moved.type == 4 and not moved.ephemeral, "another channel is another challenge"
    other_game = await h.slash(alice, "araksey challenge", opponent=bob, element="fire")
    assert other_game.type == 4 and not other_game.ephemeral
    assert other_player.button(label="Accept")

    await h.click(alice, first.button(label="Decline"))  # withdrawn: a new one may be made
    anew = await h.slash(bob, "arkaios challenge", opponent=alice)
    assert anew.type == 4 and not anew.ephemeral, anew.text
