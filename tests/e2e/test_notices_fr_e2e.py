"""``/agora notify`` on a French server: the choice shown and saved, refusals, a turn by DM, the digest and
closed DMs, all in French (the module's check fails on any English sentence sent after the server chose
French)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.conftest import Clock
from tests.e2e.test_days_e2e import run_due
from tests.e2e.test_notices_e2e import HOUR, play_turn, utc, waiting_for
from tests.harness import FakeDiscord


async def test_a_french_player_chooses_and_hears_in_french(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    ana, dan, dee = h.user("ana"), h.user("dan"), h.user("dee")
    users = {user.id: user for user in (ana, dan, dee)}
    clock.now = utc("2027-01-11 06:00")
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert "Réglages enregistrés" in saved.text
    shown = await h.slash(dee, "agora notify")
    assert shown.ephemeral and shown.text == (
        "Vous êtes mentionné sur le plateau quand c'est votre tour (les rappels avant l'échéance arrivent dans le "
        "salon de la partie). Changez-le avec /agora notify mode : mention, MP, récapitulatif ou silence (valable sur "
        "tous les serveurs)."
    )
    unknown = await h.slash(dee, "agora notify", mode="digest", timezone="Atlantide")
    assert unknown.text.startswith("Je ne connais pas le fuseau horaire `Atlantide`.")
    late = await h.slash(dee, "agora notify", mode="digest", hour=25)
    assert late.text == "Il n'y a pas d'heure 25 dans une journée : donnez une heure de 0 à 23 (18 pour 18 h)."
    stray = await h.slash(dee, "agora notify", mode="dm", timezone="Europe/Paris")
    assert stray.text.startswith("L'heure et le fuseau horaire ne servent qu'au récapitulatif quotidien")
    digest = await h.slash(dee, "agora notify", mode="digest", timezone="Europe/Paris")
    assert digest.text.splitlines()[0] == (
        "Enregistré. Un MP par jour à 18:00 (Europe/Paris) liste les parties qui attendent votre coup, rien les "
        "jours où aucune n'attend ; les plateaux vous nomment sans vous notifier. Les rappels avant l'échéance "
        "arrivent en MP. Sans heure donnée, le récapitulatif arrive à 18:00 ; ajoutez hour: pour en choisir une autre."
    )
    await h.slash(dan, "agora notify", mode="dm")
    for opponent in (dan, dee):
        sent = await h.slash(ana, "arkaios challenge", opponent=opponent)
        await h.click(opponent, sent.button(label="Accepter"))
        if await waiting_for(bot, 1 if opponent == dan else 2) == ana.id:
            await play_turn(h, bot, 1 if opponent == dan else 2, users)
    assert h.dm_messages(dan)[-1].content.startswith("🎲 À vous de jouer dans la partie n°1 (Arkaios) : https://")
    for _ in range(12):  # until 18:00 in Paris
        clock.advance(HOUR)
        await run_due(h, bot)
    assert h.dm_messages(dee)[-1].content.startswith(
        "📬 Agora : 1 partie attend votre coup.\n• Arkaios n°2 : encore "
    )
    dan.dms_closed = True
    await play_turn(h, bot, 1, users)
    await play_turn(h, bot, 1, users)
    told = h.last_message(h.default_channel).content
    assert told == (
        f"<@{dan.id}>, je n'ai pas pu vous envoyer de message privé : vos MP sont fermés, vous serez donc "
        "mentionné ici à la place désormais. Relancez /agora notify pour choisir à nouveau."
    )
    again = await h.slash(dan, "agora notify")
    assert again.text.startswith("Chacun de vos tours vous arrive en message privé")
    assert "Vos MP étaient fermés" in again.text
