"""Tournaments at their edges, as players see them: Araksey's seated tables of at most four, a game that
ends after the director closed the event, and forged control ids that name impossible or foreign games.

Time never passes for real: each test moves the clock of conftest.py on and runs the due jobs by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from bot.tournament import Table
from cogs.dragons_arena import SET_MODAL
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeUser

HOUR = 3600.0


async def run_due(h: FakeDiscord, bot: AgoraBot) -> None:
    await bot.scheduler.run_due()
    await h.settle()


async def start_event(
    h: FakeDiscord, bot: AgoraBot, clock: Clock, players: list[FakeUser], **options: Any
) -> list[Table]:
    """Create a tournament, sign ``players`` up, and pair its first round; returns round 1's tables."""
    made = await h.slash(h.owner, "tournament create", deadline="1h", starts="1h", **options)
    assert not made.ephemeral, made.text
    for player in players:
        joined = await h.slash(player, "tournament join")
        assert "You are in tournament" in joined.text, joined.text
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    [tournament] = await bot.tournaments.of_guild(h.guild.id)
    return await bot.tournaments.tables(tournament.id, 1)


@pytest.mark.parametrize(("players", "sizes"), [(5, [2, 3]), (9, [3, 3, 3])])
async def test_araksey_seated_tables_hold_at_most_four(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock, players: int, sizes: list[int]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    entrants = [h.user(f"a{k}") for k in range(players)]
    round1 = await start_event(h, bot, clock, entrants, game="araksey", format="tables", rounds=2)
    assert sorted(len(t.seats) for t in round1) == sizes, "every table within Araksey's 2 to 4 players"
    [announced] = [m for m in h.messages(h.default_channel) if "round 1 of 2" in m.text and not m.attachments]
    for table in round1:
        assert f"Game #{table.game_id}: " + " – ".join(f"<@{uid}>" for uid in table.seats) in announced.text
        board = [m for m in h.messages(h.default_channel)
                 if any(a.filename.startswith(f"game-{table.game_id}-") for a in m.attachments)]
        assert len(board) == 1 and "Tournament #1 · round 1 of 2" in board[0].text


async def test_a_game_that_ends_after_the_end_does_not_count(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    players = [h.user(f"e{k}") for k in range(4)]
    by_id = {p.id: p for p in players}
    first, late = await start_event(h, bot, clock, players, game="arkaios", format="swiss", rounds=3)
    await h.slash(by_id[first.seats[1]], "resign", game=first.game_id)
    ended = await h.slash(h.owner, "tournament end")
    assert not ended.ephemeral
    before = await h.slash(players[0], "tournament standings")
    await h.slash(by_id[late.seats[1]], "resign", game=late.game_id)
    after = await h.slash(players[0], "tournament standings")
    assert after.text == before.text, "the standings stay as the end left them"
    line = next(line for line in after.text.splitlines() if f"<@{late.seats[0]}>" in line)
    assert ": Pts 0 ·" in line and "Games 0" in line
    refused = await h.slash(h.owner, "tournament force", game=late.game_id, winner=by_id[late.seats[0]])
    assert refused.ephemeral and "is over" in refused.text


async def test_forged_ids_of_a_replay_and_a_power_form_are_refused_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    sent = await h.slash(alice, "dragons challenge", opponent=bob, level="big")
    await h.click(bob, sent.button(label="Accept"))
    board = h.last_message(h.default_channel)
    kouba = await bot.service.start_game("kouba", guild_id=h.guild.id, channel_id=h.default_channel.id,
                                         seats=[alice.id, bob.id])
    too_big = "9" * 20
    for custom_id in (f"agora:rp:{too_big}:0:next", f"agora:rp:{too_big}:3:gif", "agora:rp:0:0:first"):
        answer = await h.forge(alice, board, custom_id)
        assert answer.ephemeral and answer.text == "This control is not valid.", custom_id
    for game_id in (str(kouba.id), too_big, "0"):
        opened = await h.click(alice, board.button(label="Set my powers"))
        assert opened.modal is not None
        forged = f"{SET_MODAL}{game_id}"
        h.rest.open_modals[alice.id].response_data = {**opened.modal, "custom_id": forged}
        answer = await h.submit_modal(alice, forged, {"powers": "1,2,3,4,4,4,5,5"})
        assert answer.ephemeral and answer.text == "This control is not valid.", game_id
    untouched = await bot.service.load(kouba.id)
    assert untouched.version == kouba.version, "no forged form reached the Kouba game"
    assert "⏳" in h.last_message(h.default_channel).text, "nor the Dragons Arena one"
