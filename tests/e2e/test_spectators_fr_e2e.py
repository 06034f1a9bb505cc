"""Following games, the spectators' thread and Agora's commentary on a French server: no English shown."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.i18n import text
from tests.e2e.conftest import Clock
from tests.e2e.test_days_e2e import run_due
from tests.e2e.test_review_e2e import BLUNDER, WINNING_ANSWER
from tests.e2e.test_review_fr_e2e import challenge_accepted_fr
from tests.e2e.test_spectators_e2e import assert_players_blind, commentary_seen_by, thread_of
from tests.harness import FakeDiscord

FOLLOW = text("fr", "follow.button")


async def test_a_follower_a_thread_and_the_commentary_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = (h.user(name) for name in ("alice", "bob", "carol"))
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    await h.slash(carol, "agora notify", mode="dm")
    board = await challenge_accepted_fr(h, alice, bob)
    followed = await h.click(carol, board.button(label=FOLLOW))
    assert followed.message is not None and "👁 Vous suivez la partie n°1 d'Arkaios." in followed.text
    assert "un MP vous prévient à chaque coup" in followed.text
    await h.click(carol, followed.message.button(label=text("fr", "follow.thread_button")))
    thread = thread_of(h)
    assert thread.name == "Spectateurs · Arkaios n°1" and "Ses joueurs ne le voient pas" in thread.messages[0].content
    await h.slash(alice, "move", notation=BLUNDER)
    assert_players_blind(h, thread, alice, bob)
    [commentary] = commentary_seen_by(h, carol)
    assert "Le commentaire d'Agora sur la partie n°1" in commentary.text
    assert f"Coup 1 : alice a joué **{BLUNDER}** ; ses chances de gagner" in commentary.text, commentary.text
    dms = [m.content for m in h.dm_messages(carol)]
    assert any(dm.startswith("👁 Partie n°1 d'Arkaios, que vous suivez : ") for dm in dms), dms
    await h.slash(bob, "move", notation=WINNING_ANSWER)
    await run_due(h, bot)
    assert {alice.id, bob.id} <= thread.member_ids
    assert any(m.content.startswith("🏁 La partie n°1 est finie") for m in thread.visible_messages())
    assert h.dm_messages(carol)[-1].content.startswith("🏁 La partie n°1 d'Arkaios, que vous suivez, est finie : ")
    listed = await h.slash(carol, "following")
    assert listed.text.startswith("👁 **Les parties que vous suivez**\nn°1 Arkaios : ")
    refused = await h.slash(h.user("dave"), "follow", game=1)
    assert "La partie n°1 n'est pas en cours" in refused.text
    shown = await h.slash(h.owner, "agora settings", commentary=False)
    assert "Commentaire d'Agora pour les spectateurs: non" in shown.text, shown.text
