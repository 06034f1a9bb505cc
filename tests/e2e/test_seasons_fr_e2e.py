"""Seasons on a French server: settings, season tables, the final table posted at the turn of the
month, reward-role warnings and the profile card all in French (the module's name asks the
conftest to check that no English sentence reaches the server)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_community_fr_e2e import french_server, started
from tests.e2e.test_seasons_e2e import FEBRUARY, run_due
from tests.harness import FakeDiscord, FakeUser


async def resigned(h: FakeDiscord, first: FakeUser, second: FakeUser) -> None:
    """``first`` challenges ``second`` and resigns: ``second`` wins."""
    await started(h, first, second)
    said = await h.slash(first, "resign")
    assert said.ephemeral, said.text


async def test_a_french_server_runs_its_seasons_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    champion = h.role("Champion")
    bot = make_bot()
    await french_server(h, bot)
    saved = await h.slash(h.owner, "season settings", cadence="monthly", channel=h.channel("games"),
                          inactive_days=60, champion_role=champion)  # fmt: skip
    assert "Réglages des saisons enregistrés" in saved.text and "La saison 1 est en cours" in saved.text
    assert "chaque mois" in saved.text and "après 60 jours sans partie classée" in saved.text
    await resigned(h, alice, bob)
    await resigned(h, alice, bob)

    board = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert "Classement d'Arkaios · saison 1" in board.text and "2 parties · 2V/0D/0N" in board.text
    unknown = await h.slash(alice, "leaderboard", game="arkaios", season=4)
    assert "Il n'y a pas de saison 4 sur ce serveur" in unknown.text

    clock.now = FEBRUARY + 60
    await run_due(h, bot)
    [posted] = [m for m in h.messages("games") if "classement final" in m.text]
    assert "La saison 1 est terminée" in posted.text and f"🥇 <@{bob.id}>" in posted.text
    alt = posted.attachment("season-1.png").description or ""
    assert alt.startswith("Saison 1 · classement final") and "1. bob" in alt
    assert "(du 1er janvier au 1er février 2027)" in alt, "the season's days written out in French"
    assert alt.endswith("? = provisoire (moins de 5 parties)."), "what the ratings' « ? » means, said under them"
    told = [m.text for m in h.messages("games") if "Pour les admins" in m.text]
    assert len(told) == 1 and "Gérer les rôles" in told[0]

    profile = await h.slash(bob, "profile")
    assert profile.message is not None
    card = profile.message.attachment(f"profile-{bob.id}.png").description or ""
    assert "2 parties · 2V/0D/0N" in card and "Podium de saison" in card and "Saison 2 : pas encore classé" in card
    assert "? = provisoire (moins de 5 parties)" in card, "the card says what the « ? » after the rating means"
    shown = await h.slash(alice, "season show")
    assert "La saison 2 est en cours" in shown.text and "Saisons passées" in shown.text
