"""Time away on a French server: the answers, the refusals, the board, the list and the notice in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_away_e2e import DAY, HOUR, field, has_field
from tests.e2e.test_days_e2e import run_due
from tests.e2e.test_late_turns_fr_e2e import french_game
from tests.harness import FakeDiscord


async def test_time_away_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    start = clock.now
    await french_game(h, alice, bob)
    board = h.last_message(h.default_channel)
    for days in (0, -2):
        refused = await h.slash(alice, "away", days=days)
        assert refused.text == "Une absence dure au moins 1 jour : essayez `/away days:1` ou plus."
    too_long = await h.slash(alice, "away", days=20)
    assert too_long.text == (
        "Vous ne pouvez pas vous absenter 20 jours : il vous en reste 14, car chaque joueur peut s'absenter "
        "14 jours sur 90 jours glissants."
    )
    not_away = await h.slash(alice, "away", off=True)
    assert not_away.text.startswith("Vous n'êtes pas absent, il n'y a donc rien à terminer")
    clock.advance(HOUR)
    until = int(clock.now + 2 * DAY)
    said = await h.slash(alice, "away", days=2)
    assert said.text.startswith(f"💤 Vous êtes absent jusqu'au <t:{until}:f> : vos pendules attendent")
    assert "(1 partie attend votre coup maintenant)" in said.text
    notice = h.last_message(h.default_channel)
    assert notice.content.startswith(f"💤 <@{alice.id}> est absent jusqu'au <t:{until}:f> : dans la partie n°1")
    assert field(board, "Fin du tour") == f"<t:{int(start + 3 * DAY)}:R>"
    assert field(board, "Absent") == f"<@{alice.id}> est absent jusqu'au <t:{until}:f> : ce tour l'attend."
    listed = await h.slash(bob, "games")
    assert f"💤 alice est absent jusqu'au <t:{until}:f>" in listed.text
    status = await h.slash(alice, "away")
    assert f"Vous êtes absent jusqu'au <t:{until}:f>" in status.text and "Il vous reste 12 jours" in status.text
    clock.advance(2 * DAY)
    await run_due(h, bot)
    assert not has_field(board, "Absent")
    await h.slash(h.owner, "tournament create", game="arkaios", format="swiss", starts="1h", time_away=False)
    announcement = h.last_message(h.default_channel)
    assert "Interdites dans ce tournoi" in announcement.text
    await h.slash(alice, "tournament join")
    refused = await h.slash(alice, "away", days=1)
    assert refused.text.startswith("Le tournoi n°1, auquel vous participez, n'autorise aucune absence")
    back = await h.slash(alice, "away", off=True)
    assert back.text.startswith("Vous n'êtes pas absent")
