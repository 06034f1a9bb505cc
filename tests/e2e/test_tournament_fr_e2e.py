"""A tournament on a French server, as its players follow it: rounds linked to their boards and told
by DM, standings that say where the event stands, the director's decisions and closed sign-ups in French.

Time never passes for real: each test moves the clock of conftest.py on and runs the due jobs by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.app import AgoraBot
from bot.tournament import Table
from cogs.tournament import MIN_SIGN_UP
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0


async def run_due(h: FakeDiscord, bot: AgoraBot) -> None:
    await bot.scheduler.run_due()
    await h.settle()


async def french_server(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> AgoraBot:
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    return bot


async def open_event(h: FakeDiscord, players: list[FakeUser], **options: Any) -> FakeMessage:
    made = await h.slash(h.owner, "tournament create", deadline="1h", **options)
    assert made.message is not None and not made.ephemeral, made.text
    for player in players:
        joined = await h.slash(player, "tournament join")
        assert "Vous êtes inscrit" in joined.text, joined.text
    return made.message


async def round_tables(bot: AgoraBot, round_: int) -> list[Table]:
    [tournament] = await bot.tournaments.of_guild(next(iter(bot.guilds)).id, ("open", "running", "finished"))
    return await bot.tournaments.tables(tournament.id, round_)


def announcement_of(h: FakeDiscord, round_: int) -> FakeMessage:
    """The round's announcement: the message that lists its games (boards carry a picture)."""
    [found] = [m for m in h.messages(h.default_channel)
               if not m.attachments and f"Tournoi n°1 · ronde {round_} sur" in m.text]
    return found


def board_of(h: FakeDiscord, game_id: int) -> FakeMessage:
    """The latest board of a game in the server's channel."""
    return [m for m in h.messages(h.default_channel)
            if any(a.filename.startswith(f"game-{game_id}-") for a in m.attachments)][-1]


def standing_line(message: FakeMessage, user: int) -> str:
    [line] = [line for line in message.text.splitlines() if f"<@{user}>" in line]
    return line


async def test_a_french_round_links_its_boards_tells_by_dm_and_counts_a_bye_once_played(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ana, ben, cyd = h.user("ana"), h.user("ben"), h.user("cyd")
    by_id = {p.id: p for p in (ana, ben, cyd)}
    bot = await french_server(h, make_bot)
    for player in (ana, cyd):
        await h.slash(player, "agora notify", mode="dm")
    cyd.dms_closed = True  # Cyd closes his DMs after asking for them
    made = await open_event(h, [ana, ben, cyd], game="arkaios", format="swiss", rounds=2, starts="1h")
    assert "Les inscriptions ferment le <t:" in made.text

    clock.advance(HOUR + 1)
    await run_due(h, bot)
    [game1] = [t for t in await round_tables(bot, 1) if t.game_id is not None]
    [bye1] = [t.seats[0] for t in await round_tables(bot, 1) if t.game_id is None]
    board = board_of(h, game1.game_id or 0)
    assert "🏆 Tournoi n°1 · ronde 1 sur 2" in board.text, "the board says which event and round it belongs to"
    said = announcement_of(h, 1)
    link = f"[voir le plateau](https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{board.id})"
    assert f"Partie n°{game1.game_id} : <@{game1.seats[0]}> – <@{game1.seats[1]}> · {link}" in said.text
    assert "Le premier coup est équilibré" in said.text
    assert f"<@{cyd.id}>, je n'ai pas pu vous envoyer de message privé" in said.text
    assert (await bot.notices.store.get(cyd.id)).pinged, "closed DMs: the mention stands in, as for reminders"
    told = h.dm_messages(ana)[-1].content
    if ana.id == bye1:
        assert told == "🏆 Tournoi n°1 (Arkaios), ronde 1 : vous êtes exempt à cette ronde (un point)."
    else:
        assert told.startswith("🏆 Tournoi n°1 (Arkaios), ronde 1 : votre partie n°") and str(board.id) in told
    assert not h.dm_messages(ben), "only players who asked for DMs get one"

    during = await h.slash(ben, "tournament standings")
    assert "ronde 1 sur 2 en cours" in during.text and "après la ronde 0" not in during.text
    winner, loser = game1.seats
    await h.slash(by_id[loser], "resign", game=game1.game_id)
    [bye2] = [t.seats[0] for t in await round_tables(bot, 2) if t.game_id is None]
    assert bye2 == loser, "the bye goes to the one who has had none, lowest first"
    [standings] = [m for m in h.messages(h.default_channel) if "après la ronde 1 sur 2" in m.text]
    assert re.search(r": Pts 0 ·", standing_line(standings, bye2)), "round 2's bye is not counted after round 1"
    assert re.search(r": Pts 1 ·", standing_line(standings, winner))

    finished = board_of(h, game1.game_id or 0)
    assert not [b for b in finished.buttons if b.label == "Revanche"], "a tournament game has no rematch"
    forged = await h.forge(winner_user := by_id[winner], finished, f"agora:b:{game1.game_id}:any:rematch")
    assert forged.ephemeral and "partie de tournoi : elle n'a pas de revanche" in forged.text
    assert not [m for m in h.messages(h.default_channel) if "Défi" in m.text and f"<@{winner_user.id}>" in m.text]


async def test_a_forced_kouba_table_reads_in_french_and_ties_share_a_place(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    players = [h.user(f"k{k}") for k in range(3)]
    bot = await french_server(h, make_bot)
    await open_event(h, players, game="kouba", format="tables", rounds=1, starts="1h")
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    [table] = await round_tables(bot, 1)
    winner = next(p for p in players if p.id == table.seats[-1])
    forced = await h.slash(h.owner, "tournament force", game=table.game_id, winner=winner)
    assert not forced.ephemeral
    board = board_of(h, table.game_id or 0)
    assert "director" not in board.text and f"**{winner.name}** gagne (décision de l'organisateur)" in board.text
    [picture] = board.attachments
    alt = picture.description or ""
    assert "gagne (décision de l'organisateur)" in alt and "director" not in alt, "the picture's banner is French too"
    ranking = re.findall(r"(🥇|🥈|🥉) ([0-9])\. \*\*(\w+)\*\*", board.text)
    assert ranking[0] == ("🥇", "1", winner.name)
    assert [(medal, place) for medal, place, _ in ranking[1:]] == [("🥈", "2")] * 2, "the two losers tie"


async def test_a_cancelled_french_tournament_says_so(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = await french_server(h, make_bot)
    made = await open_event(h, [h.user("seule")], game="arcanor", format="swiss", starts="maintenant")
    assert "Les inscriptions ferment le <t:" in made.text
    await run_due(h, bot)
    assert made.button(label="Rejoindre"), "starts:now still leaves a few minutes to join"
    clock.advance(MIN_SIGN_UP)
    await run_due(h, bot)
    announcement = h.messages(h.default_channel)[0]
    assert "Les inscriptions sont closes : le tournoi a été annulé." in announcement.text
    assert "a commencé" not in announcement.text and not announcement.components
    assert "est annulé : moins de deux joueurs inscrits" in h.last_message(h.default_channel).text
