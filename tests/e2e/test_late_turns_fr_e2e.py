"""Late players on a French server: the claim asked again, the end on time, and closed DMs, in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_days_e2e import run_due
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0


async def french_game(h: FakeDiscord, alice: FakeUser, bob: FakeUser, **settings: str) -> FakeMessage:
    saved = await h.slash(h.owner, "agora settings", language="fr", **settings)
    assert "Réglages enregistrés" in saved.text, saved.text
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accepter"))
    return saved


async def test_french_claim_asked_again_then_lost_on_time(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    start = clock.now
    saved = await french_game(h, alice, bob, timeout_rule="claim", deadline="2h", claim_grace="3h")
    assert "Un temps dépassé non réclamé termine la partie après" in saved.text
    clock.advance(2 * HOUR + 1)
    await run_due(h, bot)
    question = h.last_message(h.default_channel)
    board = h.messages(h.default_channel)[-2]
    field = board.embeds[0]["fields"][-1]
    assert (field["name"], field["value"]) == (
        "⌛ Temps écoulé : fin au temps, sauf si la victoire est réclamée", f"<t:{int(start + 5 * HOUR)}:R>"
    )
    assert question.content == (
        f"⌛ <@{alice.id}> a dépassé le temps imparti dans la partie n°1. <@{bob.id}> : réclamez la victoire, "
        f"ou continuez d'attendre ; sans réclamation, <@{alice.id}> perd au temps <t:{int(start + 5 * HOUR)}:R>."
    )
    listed = await h.slash(bob, "games")
    ends = "sinon la partie se termine au temps dans 2\u202fh 59\xa0min"  # French units, no-break spaces
    assert f"temps écoulé : la victoire peut être réclamée, {ends}" in listed.text
    clock.advance(2 * HOUR)
    await run_due(h, bot)
    again = h.last_message(h.default_channel)
    assert again.content.startswith(f"⌛ <@{alice.id}> n'a toujours pas joué dans la partie n°1.")
    assert [b.label for b in again.buttons] == ["Réclamer la victoire", "Continuer d'attendre"]
    assert question.content == "⌛ La victoire au temps de la partie n°1 est de nouveau proposée plus bas."
    clock.advance(HOUR)
    await run_due(h, bot)
    texts = [m.text for m in h.messages(h.default_channel)]
    assert f"⌛ <@{alice.id}> a dépassé le temps imparti : la partie n°1 est perdue au temps." in texts
    assert (await bot.service.load(1)).row.status == "finished"
    assert again.content == "⌛ La victoire au temps de la partie n°1 n'est plus à réclamer : la partie est terminée."


async def test_french_closed_dms(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    opted = await h.slash(alice, "agora notify", mode="dm")
    assert opted.text.startswith("Enregistré. Chacun de vos tours vous arrive en message privé")
    assert [m.content for m in h.dm_messages(alice)] == [
        "Agora : vos tours arriveront ici, chacun avec un lien vers son plateau. Relancez /agora notify pour "
        "changer cela."
    ]
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accepter"))
    alice.dms_closed = True
    clock.advance(20 * HOUR + 1)
    await run_due(h, bot)
    reminder = h.last_message(h.default_channel)
    assert reminder.content.endswith(
        f"<@{alice.id}>, je n'ai pas pu vous envoyer de message privé : vos MP sont fermés, vous serez donc "
        "mentionné ici à la place désormais. Relancez /agora notify pour choisir à nouveau."
    )
    refused = await h.slash(alice, "agora notify", mode="digest")
    assert refused.text.startswith("Je ne peux pas vous envoyer de message privé : vos MP sont fermés")
