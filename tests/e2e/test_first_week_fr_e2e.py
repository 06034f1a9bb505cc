"""A newcomer's first week on a French server: durations, dates, counts and names worded as French
writes them (the module's name asks the conftest to check that no English sentence reaches the server)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_community_fr_e2e import french_server, started
from tests.harness import FakeDiscord

NARROW, NBSP = "\u202f", "\xa0"  # French puts a (narrow) no-break space between a number and its unit
HOUR = 3600


async def test_durations_are_written_with_french_units(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await french_server(h, make_bot())
    shown = await h.slash(h.owner, "agora settings", reminder="4h")
    assert f"Temps par tour: 1{NARROW}j" in shown.text and f"4{NARROW}h avant" in shown.text, shown.text
    await started(h, alice, bob)
    clock.advance(HOUR + 60)
    listed = await h.slash(alice, "games")
    assert f"il reste 22{NARROW}h 59{NBSP}min" in listed.text, listed.text
    assert "22h" not in listed.text and "1d" not in shown.text


async def test_counts_agree_and_names_elide(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    champion = h.role("Champion")
    bot = make_bot()
    await french_server(h, bot)
    saved = await h.slash(h.owner, "season settings", cadence="monthly", champion_role=champion, champion_top=1)
    assert "le 1er de chaque jeu" in saved.text and "les 1 premiers" not in saved.text, saved.text
    empty = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert "Personne n'a encore de partie classée d'Arkaios dans cette saison." in empty.text, empty.text
    await started(h, alice, bob)
    await h.slash(alice, "resign")
    board = await h.slash(alice, "leaderboard", game="arkaios", season=1)
    assert "Classement d'Arkaios · saison 1" in board.text and "1 partie · 1V/0D/0N" in board.text, board.text
    profile = await h.slash(alice, "profile")
    assert f"<@{bob.id}> (1 partie)" in profile.text and "(1 parties)" not in profile.text, profile.text
    assert "A mené à son terme 1 sur 1 partie terminée" in profile.text, profile.text


async def test_away_again_replaces_the_time_away_and_tells_the_channel_once(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await french_server(h, make_bot())
    await started(h, alice, bob)
    first = await h.slash(alice, "away", days=2)
    assert "remplace" not in first.text
    for days in (3, 1):
        clock.advance(HOUR)
        again = await h.slash(alice, "away", days=days)
        assert again.ephemeral and "Cette absence remplace la précédente, prévue jusqu'au <t:" in again.text
        assert f" : ses 1{NARROW}h écoulés comptent, le reste vous est rendu" in again.text, again.text
        assert "Les salons de vos parties ont déjà été prévenus." in again.text
    notices = [m for m in h.messages(h.default_channel) if "est absent jusqu'au" in m.content]
    assert len(notices) == 1, "the channel is told once"
    status = await h.slash(alice, "away")
    assert "Il vous reste 12 jours d'absence" in status.text
    assert f"Vous avez pris 1{NARROW}j 2{NARROW}h ces 90 derniers jours" in status.text, status.text
    assert "un jour entamé ne vous reste plus" in status.text


async def test_a_digest_without_a_time_zone_says_how_to_give_one_found_by_city_or_country(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    dee = h.user("dee")
    dee.locale = "fr"
    await french_server(h, make_bot())
    digest = await h.slash(dee, "agora notify", mode="digest")
    assert "Un MP par jour à 18:00 (UTC)" in digest.text
    assert "Cette heure est celle d'UTC, faute de fuseau horaire : ajoutez timezone: avec votre ville" in digest.text
    for typed in ("heure de paris", "Paris", "france"):
        offered = (await h.autocomplete(dee, "agora notify", focused="timezone", typed=typed)).choices
        assert offered[0] == {"name": "Paris · France (Europe/Paris)", "value": "Europe/Paris"}, (typed, offered)
    japan = (await h.autocomplete(dee, "agora notify", focused="timezone", typed="Japon")).choices
    assert [choice["value"] for choice in japan] == ["Asia/Tokyo"]
    typed = await h.slash(dee, "agora notify", mode="digest", timezone="heure de Paris")
    assert "Un MP par jour à 18:00 (Europe/Paris)" in typed.text and "celle d'UTC" not in typed.text
