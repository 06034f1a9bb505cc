"""Rematch from a finished game's board: a new challenge of the same game and options, seats swapped
(rotated for more players), the clicker accepted; the others accept with one click."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest

from bot.app import AgoraBot
from bot.service import GameRecord
from tests.e2e.test_araksey_e2e import element_menu
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.e2e.test_kouba_e2e import open_table
from tests.harness import FakeChannel, FakeComponent, FakeDiscord, FakeMessage, FakeUser


def board_in(h: FakeDiscord, channel: FakeChannel | None = None) -> FakeMessage:
    """The latest board: the last message of the channel with a picture."""
    return next(m for m in reversed(h.messages(channel or h.default_channel)) if m.attachments)


def rematch_button(board: FakeMessage, label: str = "Rematch") -> FakeComponent:
    button = board.button(label=label)
    assert not button.disabled and (button.custom_id or "").endswith(":any:rematch")
    return button


async def resigned(h: FakeDiscord, bot: AgoraBot, user: FakeUser, channel: FakeChannel | None = None) -> FakeMessage:
    """``user`` resigns their game in ``channel``; returns the finished board, which offers a rematch."""
    done = await h.slash(user, "resign", in_channel=channel)
    assert done.ephemeral and "You resigned" in done.text, done.text
    final = board_in(h, channel)
    assert [button.label for button in final.buttons] == ["Rematch", "Review"]
    return final


async def games(bot: AgoraBot) -> list[GameRecord]:
    return [await bot.service.load(row.id) for row in await bot.storage.games_with_status(
        ["challenge", "active", "finished", "declined", "cancelled", "expired"]
    )]  # fmt: skip


async def test_the_loser_asks_for_a_rematch_and_the_winner_accepts(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "dragons challenge", opponent=bob, level="little", nuggets=3, deadline="2h")
    await h.click(bob, sent.button(label="Accept"))
    [old] = await bot.service.active_games(alice.id)
    final = await resigned(h, bot, bob)

    asked = await h.click(bob, rematch_button(final))
    assert asked.new_message and not asked.ephemeral and asked.message is not None
    challenge = asked.message
    assert f"<@{alice.id}>" in challenge.content and "you are challenged" in challenge.content
    assert f"<@{bob.id}> invites <@{alice.id}> to play Dragons Arena" in challenge.text
    assert f"Rematch of game #{old.id}, seats swapped" in challenge.text
    assert "Level: **LITTLE**" in challenge.text and "Gold nuggets to win: 3" in challenge.text
    assert "The challenger plays 🔥 FIRE, the opponent ❄️ ICE." in challenge.text
    own = await h.click(bob, challenge.button(label="Accept"))
    assert own.ephemeral and "already accepted" in own.text

    accepted = await h.click(alice, challenge.button(label="Accept"))
    assert accepted.updated and "the game is on" in accepted.text
    new = (await bot.service.active_games(alice.id))[0]
    assert new.id != old.id and new.row.rematch_of == old.id
    assert new.seats == [bob.id, alice.id] and new.row.options == old.row.options
    assert await bot.storage.game_turn_seconds(new.id) == 2 * 3600
    board = board_in(h)
    assert board.attachments[0].filename == f"game-{new.id}-{new.version}.png"
    assert "🔥 FIRE · bob" in board.text and "❄️ ICE · alice" in board.text and "Gold nuggets: 0 of 3" in board.text
    assert "Turn ends" in board.text


async def test_the_winner_asks_and_plays_ice(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "dragons challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    final = await resigned(h, bot, bob)
    asked = await h.click(alice, rematch_button(final))
    assert asked.message is not None
    assert f"<@{alice.id}> invites <@{bob.id}>" in asked.message.text
    assert "The challenger plays ❄️ ICE, the opponent 🔥 FIRE." in asked.message.text
    withdrawn = await h.click(alice, asked.message.button(label="Decline"))
    assert "withdrawn by the challenger" in withdrawn.text


async def test_a_kouba_rematch_rotates_the_seats(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await open_table(h, alice, [bob, carol])
    [old] = await bot.service.active_games(alice.id)
    for leaving in (carol, bob):  # each leaves the table, which goes on with Agora in their seat
        left = await h.slash(leaving, "resign")
        assert left.ephemeral and "You resigned" in left.text, left.text
    final = await resigned(h, bot, alice)  # the last person leaves: the game ends

    asked = await h.click(carol, rematch_button(final))
    assert asked.message is not None
    challenge = asked.message
    assert f"Rematch of game #{old.id}, seats rotated by one" in challenge.text
    assert f"<@{alice.id}>, <@{bob.id}>" in challenge.content or f"<@{bob.id}>, <@{alice.id}>" in challenge.content
    first = await h.click(alice, challenge.button(label="Accept"))
    assert first.updated and f"<@{alice.id}>" not in challenge.content and f"<@{bob.id}>" in challenge.content
    await h.click(bob, challenge.button(label="Accept"))
    [new] = await bot.service.active_games(alice.id)
    assert new.row.rematch_of == old.id and new.seats == [bob.id, carol.id, alice.id]
    assert board_in(h).attachments[0].filename == f"game-{new.id}-{new.version}.png"


async def test_an_araksey_rematch_asked_from_the_second_seat(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, element="earth")
    await h.select(bob, element_menu(sent.message, 1), values=["water"])  # type: ignore[arg-type]
    final = await resigned(h, bot, bob)

    # Alice, who won, asks: she moves to the second seat and keeps earth; Bob picks his element again.
    asked = await h.click(alice, rematch_button(final))
    assert asked.message is not None
    challenge = asked.message
    assert f"<@{alice.id}> invites <@{bob.id}>" in challenge.text
    menu = element_menu(challenge, 0)
    assert [select.custom_id for select in challenge.selects] == [menu.custom_id]
    refused = await h.select(alice, menu, values=["fire"])
    assert refused.ephemeral
    accepted = await h.select(bob, menu, values=["fire"])
    assert accepted.updated, accepted.text
    [new] = await bot.service.active_games(alice.id)
    assert new.seats == [bob.id, alice.id] and new.row.options["elements"] == ["fire", "earth"]


async def test_an_outsider_is_refused_and_nothing_is_created(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await challenge_accepted(h, alice, bob)
    final = await resigned(h, bot, bob)
    [old] = await games(bot)
    before = len(h.messages(h.default_channel))

    refused = await h.click(carol, rematch_button(final))
    assert refused.ephemeral and f"Only the players of game #{old.id} can ask for its rematch." == refused.text
    assert await games(bot) == [old] and len(h.messages(h.default_channel)) == before


async def test_a_double_click_makes_one_challenge(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await challenge_accepted(h, alice, bob)
    final = await resigned(h, bot, bob)
    button = rematch_button(final)

    results = await h.click_together([(bob, button), (bob, button)])
    posted = [result for result in results if not result.ephemeral]
    refused = [result for result in results if result.ephemeral]
    assert len(posted) == 1 and len(refused) == 1
    waiting = [record for record in await games(bot) if record.row.status == "challenge"]
    assert len(waiting) == 1
    rematch = waiting[0]
    pointer = f"already has a rematch: game #{rematch.id} in <#{h.default_channel.id}>"
    assert pointer in refused[0].text
    # The other player too is pointed at the rematch waiting for them.
    again = await h.click(alice, button)
    assert again.ephemeral and pointer in again.text

    # Once declined, the finished game may have another rematch.
    assert posted[0].message is not None
    await h.click(alice, posted[0].message.button(label="Decline"))
    anew = await h.click(alice, button)
    assert anew.new_message and not anew.ephemeral
    assert len([record for record in await games(bot) if record.row.status == "challenge"]) == 1


async def test_a_rematch_on_a_french_server(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await challenge_accepted(h, alice, bob)
    await h.slash(h.owner, "agora settings", language="fr")
    h.guild.locale = "fr"  # the players' Discord is in French too
    await h.slash(bob, "resign")
    final = board_in(h)
    [old] = await games(bot)
    button = rematch_button(final, "Revanche")

    refused = await h.click(carol, button)
    outsider = f"Seuls les joueurs de la partie n°{old.id} peuvent en demander la revanche."
    assert refused.ephemeral and refused.text == outsider
    asked = await h.click(bob, button)
    assert asked.message is not None
    challenge = asked.message
    assert "vous êtes défié·e" in challenge.content and f"Revanche de la partie n°{old.id}, places inversées" in (
        challenge.text
    )
    assert [b.label for b in challenge.buttons] == ["Accepter", "Refuser"]
    again = await h.click(alice, button)
    assert again.ephemeral and "a déjà sa revanche" in again.text
    await h.click(alice, challenge.button(label="Accepter"))
    assert "la partie commence" in challenge.text


async def test_a_rematch_follows_the_allowed_channels(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await challenge_accepted(h, alice, bob)
    final = await resigned(h, bot, bob)
    games_channel = await h.create_channel("games")
    await h.slash(h.owner, "agora settings", channels=games_channel.mention)

    refused = await h.click(bob, rematch_button(final))
    assert refused.ephemeral and refused.text == f"Games start only in {games_channel.mention} on this server."
    assert [record.row.status for record in await games(bot)] == ["finished"]

    await h.slash(h.owner, "agora settings", channels="all")
    asked = await h.click(bob, rematch_button(final))
    assert asked.new_message and not asked.ephemeral


@pytest.mark.parametrize("archived", [False, True])
async def test_a_game_played_in_a_thread_is_rematched_where_challenges_go(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], archived: bool
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", threads=True, channels=h.default_channel.mention)
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    [thread] = h.guild.threads()
    final = await resigned(h, bot, bob, thread)
    if archived:  # Discord keeps no archived thread in the bot's cache
        guild = bot.get_guild(h.guild.id)
        assert guild is not None and guild.get_thread(thread.id) is not None
        guild._remove_thread(discord.Object(thread.id))  # type: ignore[arg-type]
        assert bot.get_channel(thread.id) is None

    asked = await h.click(bob, rematch_button(final))
    assert asked.ephemeral and f"Your rematch is posted in {h.default_channel.mention}" in asked.text
    challenge = h.last_message(h.default_channel)
    assert "Rematch of game" in challenge.text and f"<@{alice.id}>" in challenge.content
    assert not any("Rematch of game" in message.text for message in h.messages(thread))
    await h.click(alice, challenge.button(label="Accept"))
    first, second = sorted(h.guild.threads(), key=lambda t: t.id)
    assert first is thread and board_in(h, second).attachments
    [new] = await bot.service.active_games(alice.id)
    assert new.row.channel_id == second.id and new.seats == [bob.id, alice.id]


async def test_a_finished_solo_game_is_played_again(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    carol = h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await h.slash(carol, "dragons solo", difficulty="high", species="ice")
    [old] = await bot.service.active_games(carol.id)
    await h.slash(carol, "resign")
    final = board_in(h)
    assert [button.label for button in final.buttons] == ["Play again"]

    again = await h.click(carol, rematch_button(final, "Play again"))
    assert again.ephemeral and "is on: its board is in" in again.text
    [new] = await bot.service.active_games(carol.id)
    assert new.id != old.id and new.row.options == old.row.options and new.seats == [carol.id]
    board = board_in(h)
    assert board is not final and board.attachments[0].filename == f"game-{new.id}-{new.version}.png"
    assert "solo training (high)" in board.text
