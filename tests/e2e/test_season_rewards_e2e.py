"""Reward roles as a server sees them: given to season champions and tournament winners, taken back
from the last holders, and a missing permission told to the admins once, never failing a game."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_ratings_e2e import quick_game
from tests.e2e.test_seasons_e2e import run_due
from tests.e2e.test_tournament_e2e import create, resign, sign_up, tables
from tests.harness import FakeDiscord, FakeRole, FakeUser

DAY = 86400.0
HOUR = 3600.0
MANAGE_ROLES = discord.Permissions(manage_roles=True).value


def roles_allowed(h: FakeDiscord, *rewards: FakeRole) -> None:
    """Before start: the bot may manage roles and its own role sits above the reward roles."""
    mine = h.bot_user.roles[0]
    mine.permissions |= MANAGE_ROLES
    mine.position = 50
    for position, role in enumerate(rewards, start=10):
        role.position = position


def warnings(h: FakeDiscord, channel: str = "games") -> list[str]:
    return [m.text for m in h.messages(channel) if "For the admins" in m.text]


async def season_by_hand(h: FakeDiscord, first: FakeUser, second: FakeUser, clock: Clock) -> None:
    """A season ended by hand in which ``second`` beat ``first`` once."""
    started = await h.slash(h.owner, "season start")
    assert "has started" in started.text
    await quick_game(h, first, second)
    clock.advance(DAY)
    ended = await h.slash(h.owner, "season end")
    assert "is over" in ended.text


async def two_player_tournament(h: FakeDiscord, bot: AgoraBot, loser: FakeUser, winner: FakeUser, clock: Clock) -> None:
    await create(h, "arkaios", "round_robin")
    await sign_up(h, [loser, winner])
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    [table] = [t for t in await tables(bot, 1) if loser.id in t.seats]
    assert table.game_id is not None
    await resign(h, loser, table.game_id)
    await run_due(h, bot)


async def test_champion_and_winner_roles_are_given_and_taken_back(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    champion, winner = h.role("Season champion"), h.role("Tournament winner")
    roles_allowed(h, champion, winner)
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(
        h.owner, "season settings", channel=h.channel("games"), champion_role=champion, winner_role=winner
    )
    assert champion.mention in saved.text and "top 1 of each game" in saved.text and winner.mention in saved.text

    await season_by_hand(h, alice, bob, clock)
    assert champion in bob.roles and champion not in alice.roles
    await season_by_hand(h, bob, carol, clock)
    assert champion in carol.roles and champion not in bob.roles  # taken back from the last champion

    await two_player_tournament(h, bot, alice, bob, clock)
    assert winner in bob.roles and winner not in alice.roles
    assert warnings(h) == []

    off = await h.slash(h.owner, "season settings", roles_off=True)
    assert "Champion role" in off.text and champion.mention not in off.text
    await season_by_hand(h, carol, alice, clock)
    assert champion in carol.roles and champion not in alice.roles  # no role given any more


async def test_a_missing_permission_is_told_to_the_admins_once_and_games_go_on(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    champion, winner = h.role("Season champion"), h.role("Tournament winner")
    bot = make_bot()
    await h.start(bot)  # the bot's role has no Manage Roles and sits below both roles
    await h.slash(h.owner, "season settings", channel=h.channel("games"), champion_role=champion, winner_role=winner)

    await season_by_hand(h, alice, bob, clock)
    told = warnings(h)
    assert len(told) == 1 and "I need the Manage Roles permission" in told[0] and champion.mention in told[0]
    await season_by_hand(h, bob, alice, clock)
    await two_player_tournament(h, bot, alice, bob, clock)
    assert len(warnings(h)) == 1, "told once, not at every season or tournament"
    assert champion not in alice.roles and winner not in bob.roles
    assert sum("final table" in m.text for m in h.messages("games")) == 2  # the seasons still ended
    podium = [m for m in h.messages(h.default_channel) if "is over!" in m.text]
    assert len(podium) == 1  # the tournament still ended
