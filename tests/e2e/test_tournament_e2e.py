"""Tournaments as players see them: sign-up, rounds that pair themselves, standings and the podium.

Time never passes for real: the bot runs on the Clock of conftest.py and each test runs the
due jobs by hand (as the scheduler loop would) after moving the clock on.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.service import GameService
from bot.tournament import Table
from cogs.tournament import MIN_SIGN_UP
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0


async def run_due(h: FakeDiscord, bot: AgoraBot) -> int:
    ran = await bot.scheduler.run_due()
    await h.settle()
    return ran


async def create(h: FakeDiscord, game: str, format_: str, **options: object) -> FakeMessage:
    made = await h.slash(h.owner, "tournament create", game=game, format=format_, deadline="1h", starts="1h",
                         **options)
    assert made.type == 4 and not made.ephemeral, made.text
    assert made.message is not None
    return made.message


async def sign_up(h: FakeDiscord, players: list[FakeUser]) -> None:
    announcement = h.messages(h.default_channel)[-1]
    for player in players[:-1]:
        pressed = await h.click(player, announcement.button(label="Join"))
        assert pressed.updated, pressed.text
        announcement = h.messages(h.default_channel)[-1]
    joined = await h.slash(players[-1], "tournament join")
    assert joined.ephemeral and "You are in tournament" in joined.text
    announcement = h.messages(h.default_channel)[-1]
    assert f"Players ({len(players)})" in announcement.text


async def tables(bot: AgoraBot, round_: int) -> list[Table]:
    [tournament] = await bot.tournaments.of_guild(next(iter(bot.guilds)).id)
    return await bot.tournaments.tables(tournament.id, round_)


async def resign(h: FakeDiscord, loser: FakeUser, game_id: int) -> None:
    said = await h.slash(loser, "resign", game=game_id)
    assert said.ephemeral and "resigned" in said.text, said.text


def podium(h: FakeDiscord) -> FakeMessage:
    """The podium message (the last game's final board may be posted before or after it)."""
    [found] = [m for m in h.messages(h.default_channel) if "is over!" in m.text]
    return found


def texts(h: FakeDiscord) -> str:
    return "\n".join(m.text for m in h.messages(h.default_channel))


def announcements(h: FakeDiscord, round_: int) -> int:
    """How many times round ``round_`` was announced (each board also names its round, above its title)."""
    return sum(1 for m in h.messages(h.default_channel) if not m.attachments and f"round {round_} of" in m.text)


async def test_swiss_of_seven_with_a_bye_a_withdrawal_and_a_timeout(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"p{k}") for k in range(7)]
    by_id = {p.id: p for p in players}
    bot = make_bot()
    await h.start(bot)
    refused = await h.slash(players[0], "tournament create", game="arkaios", format="swiss")
    assert refused.ephemeral and "Manage Server" in refused.text
    announcement = await create(h, "arkaios", "swiss", rounds=3)
    assert "Arkaios tournament #1" in announcement.text and announcement.button(label="Join")
    await sign_up(h, players)
    again = await h.slash(players[0], "tournament join")
    assert again.ephemeral and "already signed up" in again.text

    clock.advance(HOUR + 1)
    await run_due(h, bot)
    round1 = await tables(bot, 1)
    games1 = [t for t in round1 if t.game_id is not None]
    [bye1] = [t.seats[0] for t in round1 if t.game_id is None]
    assert len(games1) == 3
    said = texts(h)
    assert "round 1 of 3" in said and f"Bye (one point): <@{bye1}>" in said
    for table in games1:
        assert f"Game #{table.game_id}: <@{table.seats[0]}> – <@{table.seats[1]}>" in said
    assert not h.messages(h.default_channel)[0].components, "sign-up closes when the first round starts"
    late = await h.slash(h.user("late"), "tournament join")
    assert late.ephemeral and "already started" in late.text

    # Round 1: two games end by resignation, the third by time-out.
    await resign(h, by_id[games1[0].seats[1]], games1[0].game_id or 0)
    await resign(h, by_id[games1[1].seats[0]], games1[1].game_id or 0)
    assert await tables(bot, 2) == []
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    assert "ran out of time" in texts(h)
    round2 = await tables(bot, 2)
    assert round2, "the time-out ended round 1, so round 2 was paired"
    [bye2] = [t.seats[0] for t in round2 if t.game_id is None]
    assert bye2 != bye1, "a bye at most once each"
    assert "Tournament #1 · standings" in texts(h) and "after round 1 of 3" in texts(h)

    # Round 2: a player withdraws and resigns the game; nobody meets the same opponent twice.
    quitter_table = next(t for t in round2 if t.game_id is not None)
    quitter = by_id[quitter_table.seats[0]]
    left = await h.slash(quitter, "tournament leave", resign=True)
    assert left.ephemeral and "withdrew" in left.text and "resigned" in left.text
    for table in round2:
        if table.game_id is not None and table is not quitter_table:
            await resign(h, by_id[table.seats[1]], table.game_id)
    # The round's last result pairs the next round at once (no wait for the scheduler's next look).
    round3 = await tables(bot, 3)
    seated3 = [uid for t in round3 for uid in t.seats]
    assert quitter.id not in seated3 and len(seated3) == 6
    assert all(t.game_id is not None for t in round3), "six players left: no bye"
    met = {frozenset(t.seats) for t in (*round1, *round2) if t.game_id is not None}
    assert not any(frozenset(t.seats) in met for t in round3)

    for table in round3:
        await resign(h, by_id[table.seats[1]], table.game_id or 0)
    final = podium(h)
    assert "is over!" in final.text and "🥇" in final.text and "🥉" in final.text
    assert "final standings" in final.text and final.attachments
    assert final.attachments[0].filename.startswith("standings-1-")
    assert f"<@{quitter.id}> (withdrawn)" in final.text

    standings = await h.slash(players[1], "tournament standings")
    assert not standings.ephemeral and "Buch." in standings.text and standings.attachments
    [tournament] = await bot.tournaments.of_guild(h.guild.id, ("finished",))
    winner = by_id[tournament.winner or 0]
    profile = await h.slash(players[1], "profile", user=winner)
    assert "Tournaments: 1 played, 1 won\n#1 Arkaios 🏆" in profile.text
    rated = await h.slash(players[1], "leaderboard", game="arkaios")
    assert f"<@{winner.id}>" in rated.text, "tournament games are rated"


async def test_kouba_tournament_of_nine_at_seated_tables(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"k{k}") for k in range(9)]
    by_id = {p.id: p for p in players}
    bot = make_bot()
    await h.start(bot)
    duel = await h.slash(h.owner, "tournament create", game="arkaios", format="tables")
    assert duel.ephemeral and "Arkaios is a duel" in duel.text
    await create(h, "kouba", "tables", rounds=2)
    await sign_up(h, players)
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    round1 = await tables(bot, 1)
    assert sorted(len(t.seats) for t in round1) == [4, 5], "9 players sit at tables of 5 and 4, never 2"
    winners = []
    for table in round1:
        winner = by_id[table.seats[-1]]
        winners.append(winner.id)
        forced = await h.slash(h.owner, "tournament force", game=table.game_id, winner=winner)
        assert not forced.ephemeral and "director" in forced.text
    stuck = await h.slash(h.owner, "tournament force", game=round1[0].game_id, winner=players[0])
    assert stuck.ephemeral and "already over" in stuck.text
    round2 = await tables(bot, 2)
    assert sorted(len(t.seats) for t in round2) == [4, 5]
    assert set(winners) <= set(round2[0].seats), "the leaders sit together at the first table"
    assert "VP" in texts(h) and "Points by rank" in texts(h)
    draw = await h.slash(h.owner, "tournament force", game=round2[0].game_id)
    assert draw.ephemeral and "name its winner" in draw.text
    for table in round2:
        await h.slash(h.owner, "tournament force", game=table.game_id, winner=by_id[table.seats[0]])
    final = podium(h)
    assert "is over!" in final.text and "🥇" in final.text and final.attachments


async def test_a_restart_while_a_round_is_paired_pairs_it_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    players = [h.user(f"r{k}") for k in range(4)]
    bot = make_bot()
    await h.start(bot)
    await create(h, "arkaios", "round_robin")
    await sign_up(h, players)
    clock.advance(HOUR + 1)
    started = 0
    original = GameService.insert_started

    async def crash_on_second(self: GameService, *args: object, **kwargs: object) -> int:
        nonlocal started
        started += 1
        if started == 2:
            raise RuntimeError("the process died here")
        return await original(self, *args, **kwargs)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(GameService, "insert_started", crash_on_second)
        with h.expect_logged_error("the process died here"):
            await bot.scheduler.run_due()
    assert await tables(bot, 1) == [], "the half-paired round was rolled back"
    assert await bot.storage.games_with_status(["active"]) == []

    await h.restart(make_bot())  # the start-up run pairs the round
    restarted = h.bot
    assert isinstance(restarted, AgoraBot)
    assert len(await tables(restarted, 1)) == 2
    assert len(await restarted.storage.games_with_status(["active"])) == 2
    assert announcements(h, 1) == 1
    await h.restart(make_bot())
    again = h.bot
    assert isinstance(again, AgoraBot)
    assert await run_due(h, again) == 0
    assert len(await again.storage.games_with_status(["active"])) == 2
    assert announcements(h, 1) == 1


async def test_a_french_server_reads_its_tournament_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"f{k}") for k in range(3)]
    bot = make_bot()
    await h.start(bot)
    role = await h.slash(h.owner, "agora settings", language="fr")
    assert "Organisateurs de tournois" in role.text
    h.guild.locale = "fr"  # its members' Discord is in French too: their private answers follow it
    announcement = await create(h, "arcanor", "swiss", rounds=2, options="strict_memory=yes")
    assert "Tournoi d'Arcanor n°1" in announcement.text and announcement.button(label="Rejoindre")
    assert "Mémoire stricte" in announcement.text
    refused = await h.slash(players[0], "tournament pause")
    assert refused.ephemeral and "Gérer le serveur" in refused.text
    for player in players:
        joined = await h.slash(player, "tournament join")
        assert "Vous êtes inscrit" in joined.text
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    said = texts(h)
    assert "ronde 1 sur 2" in said and "Exempt (un point)" in said
    paused = await h.slash(h.owner, "tournament pause")
    assert "en pause" in paused.text
    offered = await h.autocomplete(players[0], "tournament standings", focused="tournament", typed="")
    assert offered.choices == [{"name": "#1 Arcanor · en pause à la ronde 1 sur 2", "value": 1}]
    standings = await h.slash(players[0], "tournament standings")
    assert "classement" in standings.text and standings.attachments


async def test_a_director_role_runs_a_tournament_in_threads(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    director, alice, bob = h.user("director"), h.user("alice"), h.user("bob")
    role = h.role("Tournament directors")
    director.roles.append(role)
    await h.start(make_bot())
    refused = await h.slash(director, "tournament create", game="dragons_arena", format="swiss")
    assert refused.ephemeral and "Manage Server" in refused.text
    settings = await h.slash(h.owner, "agora settings", tournament_role=role, threads=True)
    assert f"<@&{role.id}>" in settings.text
    made = await h.slash(director, "tournament create", game="dragons_arena", format="swiss", rounds=1,
                         starts="now", options="level=little nuggets=2")
    assert not made.ephemeral and "LITTLE" in made.text and "Gold nuggets to win: 2" in made.text
    wrong = await h.slash(director, "tournament create", game="arkaios", format="swiss", options="strict_memory=yes")
    assert wrong.ephemeral and "not one of Arkaios's options" in wrong.text
    bad = await h.slash(director, "tournament create", game="dragons_arena", format="swiss", options="level=huge")
    assert bad.ephemeral and "'huge' is not a value of the level option: baby, little, big, equal, free." in bad.text
    loose = await h.slash(director, "tournament create", game="dragons_arena", format="swiss", options="little")
    assert loose.ephemeral and "write name=value" in loose.text
    for player in (alice, bob):
        await h.slash(player, "tournament join", tournament=1)
    bot = h.bot
    assert isinstance(bot, AgoraBot)
    assert "Sign-up closes" in made.text, "starts:now leaves a few minutes to join, and says until when"
    clock.advance(MIN_SIGN_UP)
    await run_due(h, bot)
    [thread] = h.guild.threads()
    board = h.last_message(thread)
    assert board.attachments and board.attachments[0].filename.startswith("game-")
    [opening] = [m for m in h.messages(h.default_channel) if "Tournament #1 · round 1 · game #" in m.text]
    assert f"<@{alice.id}>" in opening.text


async def test_a_restart_while_a_round_is_announced_posts_each_board_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    players = [h.user(f"a{k}") for k in range(4)]
    bot = make_bot()
    await h.start(bot)
    await create(h, "arkaios", "swiss")
    await sign_up(h, players)
    clock.advance(HOUR + 1)
    posted = 0
    # Extensions are loaded as fresh modules: patch the class the bot actually runs.
    cog_class = type(bot.get_cog("TournamentCog"))
    original = cog_class.start_table

    async def crash_after_first(self: object, *args: object) -> None:
        nonlocal posted
        if posted == 1:
            raise RuntimeError("the process died here")
        posted += 1
        await original(self, *args)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(cog_class, "start_table", crash_after_first)
        with h.expect_logged_error("the process died here"):
            await bot.scheduler.run_due()
    await h.settle()
    await h.restart(make_bot())
    restarted = h.bot
    assert isinstance(restarted, AgoraBot)
    games = [t.game_id for t in await tables(restarted, 1)]
    assert len(games) == 2
    for game_id in games:
        boards = [m for m in h.messages(h.default_channel)
                  if any(a.filename.startswith(f"game-{game_id}-") for a in m.attachments)]
        assert len(boards) == 1, f"game #{game_id} has one first board"
    assert announcements(h, 1) == 1, "the round is announced once"


@pytest.mark.parametrize("elements", [None, "fire,mud"])
async def test_an_araksey_duel_tournament_starts_its_boards(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock, elements: str | None
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    options = {} if elements is None else {"options": f"elements={elements}"}
    made = await h.slash(h.owner, "tournament create", game="araksey", format="swiss", rounds=1, starts="now",
                         **options)
    assert not made.ephemeral, made.text
    said = "Elements: 🔥 fire · 🟫 mud" if elements else "Each side picks its element"
    assert said in made.text
    for name in ("ann", "ben"):
        await h.slash(h.user(name), "tournament join")
    clock.advance(MIN_SIGN_UP)
    await run_due(h, bot)
    [board] = [m for m in h.messages(h.default_channel) if m.attachments]
    assert board.attachments and "Araksey" in board.text
    if elements is not None:
        assert "fire" in board.text.lower()
