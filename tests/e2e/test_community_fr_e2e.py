"""A French server, beyond the boards: challenges, offers, time-outs, lists, ratings, replays,
settings and tables all answer in French (the module's name asks the conftest to check that no
English sentence reaches the server)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0


async def french_server(h: FakeDiscord, bot: AgoraBot, **settings: str) -> None:
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr", **settings)
    assert "Réglages enregistrés" in saved.text


async def started(h: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accepter"))
    return h.last_message(h.default_channel)


async def run_due(h: FakeDiscord, bot: AgoraBot) -> None:
    await bot.scheduler.run_due()
    await h.settle()


async def test_challenges_and_refusals(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await french_server(h, make_bot())
    none = await h.slash(alice, "games")
    assert "aucune partie en cours" in none.text
    nowhere = await h.slash(alice, "move", notation="c3=3")
    assert "pas de partie en cours dans ce salon" in nowhere.text
    myself = await h.slash(alice, "arkaios challenge", opponent=alice)
    assert "vous-même" in myself.text or "une seule place" in myself.text
    robot = await h.slash(alice, "arkaios challenge", opponent=h.user("robot", bot=True))
    assert "Les autres bots ne jouent pas" in robot.text
    unreadable = await h.slash(alice, "arkaios challenge", opponent=bob, deadline="bientôt")
    assert "Je ne sais pas lire la durée « bientôt »" in unreadable.text
    too_short = await h.slash(alice, "arkaios challenge", opponent=bob, deadline="1m")
    assert "La durée doit être comprise entre" in too_short.text
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    accept = sent.button(label="Accepter")
    listed = await h.slash(bob, "games")
    assert "défi en attente de votre réponse" in listed.text
    stranger = await h.click(carol, accept)
    assert "pas adressé" in stranger.text
    declined = await h.click(bob, sent.button(label="Refuser"))
    assert "refusé" in declined.text


async def test_offers_and_the_end_of_a_game(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await french_server(h, make_bot())
    await started(h, alice, bob)
    offered = await h.slash(alice, "draw")
    assert "proposition" in offered.text
    offer = h.last_message(h.default_channel)
    own = await h.click(alice, offer.buttons[0])
    assert own.ephemeral
    await h.click(bob, offer.buttons[-1])
    await h.slash(alice, "move", notation="c3=3")
    asked = await h.slash(alice, "takeback")
    assert asked.ephemeral
    request = h.last_message(h.default_channel)
    taken = await h.click(bob, request.buttons[0])
    assert taken.updated
    listed = await h.slash(bob, "games")
    assert "on attend" in listed.text or "à vous de jouer" in listed.text
    await h.slash(bob, "resign")
    final = h.last_message(h.default_channel)
    assert "**alice** gagne : **bob** a abandonné." in final.text


async def test_time_runs_out(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await french_server(h, bot, timeout_rule="claim", deadline="2h")
    await started(h, alice, bob)
    clock.advance(1.5 * HOUR)
    await run_due(h, bot)
    clock.advance(0.5 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    refused = await h.click(alice, question.buttons[0])
    assert refused.ephemeral and "adversaire" in refused.text
    overdue = await h.slash(bob, "games")
    assert "temps écoulé" in overdue.text
    claimed = await h.click(bob, question.buttons[0])
    assert claimed.updated
    final = h.last_message(h.default_channel)
    assert "**bob** gagne au temps." in final.text
    assert [c.label for c in final.buttons] == ["Revanche", "Analyse"]


async def test_ratings_history_and_replay(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await french_server(h, make_bot())
    empty = await h.slash(alice, "leaderboard", game="arkaios")
    assert "Aucune partie classée" in empty.text
    await started(h, alice, bob)
    await h.slash(alice, "move", notation="c3=3")
    await h.slash(bob, "resign")
    clock.advance(60)
    board = await h.slash(carol, "leaderboard", game="arkaios")
    assert "Classement d" in board.text and "joueurs classés" in board.text
    profile = await h.slash(carol, "profile", user=bob)
    assert "profil" in profile.text and "Parties récentes" in profile.text and "défaite" in profile.text
    history = await h.slash(alice, "history")
    assert "parties terminées" in history.text and "victoire" in history.text
    recompute = await h.slash(alice, "ratings recompute")
    assert "Gérer le serveur" in recompute.text
    done = await h.slash(h.owner, "ratings recompute")
    assert "recalculés" in done.text
    game_id = int(history.text.split("n°")[-1].split()[0]) if "n°" in history.text else 1
    opened = await h.slash(carol, "replay", game=game_id)
    assert opened.message is not None or "Position de départ" in opened.text
    panel = opened.message or opened
    assert "Position de départ" in panel.text and "Résultat" in panel.text
    stepped = await h.click(carol, panel.buttons[2])
    assert stepped.message is not None and "Tour **1**, coup 1 (1 sur 1)" in stepped.message.text


async def test_settings_status_and_notifications(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    await french_server(h, make_bot())
    refused = await h.slash(alice, "agora settings", deadline="3d")
    assert "Gérer le serveur" in refused.text
    bad = await h.slash(h.owner, "agora settings", deadline="demain")
    assert "Je ne sais pas lire la durée" in bad.text
    channels = await h.slash(h.owner, "agora settings", channels="ici et là")
    assert "Mentionnez les salons" in channels.text
    status = await h.slash(h.owner, "agora status")
    assert "État d'Agora" in status.text
    on = await h.slash(alice, "agora notify", mode="dm")
    assert "message privé" in on.text
    shown = await h.slash(alice, "agora notify")
    assert shown.text.startswith("Chacun de vos tours vous arrive en message privé")
    off = await h.slash(alice, "agora notify", mode="mention")
    assert off.text.startswith("Enregistré. Vous êtes mentionné sur le plateau")


async def test_a_tournament(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock) -> None:
    h = discord_harness
    players = [h.user(f"f{k}") for k in range(3)]
    bot = make_bot()
    await french_server(h, bot)
    made = await h.slash(
        h.owner, "tournament create", game="dragons_arena", format="swiss", rounds=2, starts="1h",
        options="level=little nuggets=2",
    )
    assert made.message is not None and "Tournoi de Dragons Arena n°1" in made.message.text
    assert "d'or pour gagner : 2" in made.message.text
    wrong = await h.slash(h.owner, "tournament create", game="arkaios", format="swiss", options="strict_memory=oui")
    assert wrong.ephemeral and "L'option strict_memory n'est pas une option d'Arkaios." in wrong.text
    for player in players:
        joined = await h.slash(player, "tournament join")
        assert "Vous êtes inscrit" in joined.text
    twice = await h.slash(players[0], "tournament join")
    assert twice.ephemeral
    clock.advance(HOUR + 1)
    await run_due(h, bot)
    standings = await h.slash(players[0], "tournament standings")
    assert "classement" in standings.text
    left = await h.slash(players[2], "tournament leave", resign=True)
    assert left.ephemeral
