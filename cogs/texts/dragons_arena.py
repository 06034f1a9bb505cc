"""Dragons Arena's board, control, panel and refusal texts in English and French (keys ``dragons_arena.*``).

The French follows the vocabulary of ``docs/rules/fr/dragons_arena.md``: FEU, GLACE,
puissance, éliminer, changer une puissance, champ de force, élément, pépite d'or, duel,
match, entraînement solo, répartir 7 points, poser un dé sur une case libre, au trait.
Move notation (``b2xc3``, ``c3=5``, ``4@b2``, ``set:…``) and level names (BABY, BIG…) are
the same in both languages; engine-made strings (duel reasons) stay English.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import add_messages, text

PREFIX = "dragons_arena."

EN = {
    "side.fire": "FIRE",
    "side.ice": "ICE",
    "element.fire": "Combustion",
    "element.ice": "Blizzard",
    "effect.fire": "loses 3 power",
    "effect.ice": "loses 2 power and is moved",
    # challenge options
    "opt_level": "Level: **{level}**",
    "opt_master_on": "Dragon Master: on",
    "opt_master_off": "Dragon Master: off",
    "opt_nuggets": "Gold nuggets to win: {nuggets}",
    "opt_single": " (a single duel)",
    "opt_sides": "The challenger plays 🔥 FIRE, the opponent ❄️ ICE.",
    # /dragons records
    "records_title": "Dragons Arena · solo training records",
    "records_empty": "No solo duel has been finished on this server yet. Try `/dragons solo`!",
    "difficulty.normal": "Normal difficulty",
    "difficulty.high": "High difficulty",
    "records_footer": "Score: your total power minus the opponent's total with its bonus. Never rated.",
    "no_score": "no score yet",
    "best": "best **{score}**",
    "tally": "{wins} W · {draws} D · {losses} L",
    "standing": "{rank}. **{name}** — {best} · {tally} ({played} played)",
    # the board
    "title": "Dragons Arena · game #{id}",
    "title_solo": " · solo training ({difficulty})",
    "solo_level.normal": "normal",
    "solo_level.high": "high",
    "title_duel": " · duel {duel}",
    "game_over": "Game over. {players}",
    "the_opponent": "the opponent",
    "powers_set": "✅ powers set (secret)",
    "setting_powers": "⏳ setting powers…",
    "power_line": "Power **{total}** · {dragons} dragons",
    "nuggets_line": "Gold nuggets: {have} of {need}",
    "to_place": "To place: {dice}",
    "solo_lose": "5+ dragons left: you lose",
    "solo_bonus": "Bonus now: +{bonus}",
    "setup": "Secret set-up: {prompt}. Neither player sees the other's powers before both are in.",
    "both_sides": "Both sides",
    "set_prompt": "{who}: set 8 secret powers",
    "set_prompt_big": "{who}: set 8 secret powers totalling {total}",
    "to_play": "**{who}**, {side} to play: {reason}.",
    "secret_set": "a secret set of powers",
    "last_move": "Last move: {moves}",
    "duel_draw": "a draw",
    "duel_won": "{side} won",
    "duel_line": "Duel {duel}: {winner}, {fire} to {ice} ({reason}).",
    # why the turn is what it is
    "reason.set": "set your 8 secret powers",
    "reason.set_big": "set your 8 secret powers totalling {total}",
    "reason.split": "split 7 points over two dice; both sides receive them",
    "reason.place": "place one of your dice on a free square",
    "reason.eliminate": "you must eliminate (it is compulsory)",
    "reason.change": "no capture possible: change a power (it gets a force field)",
    "reason.element": "nothing else is possible: use the element",
    "reason.opponent_eliminate": ("you now play the opponent's dragons: they must eliminate and never change a power"),
    "reason.opponent_element": (
        "you now play the opponent's dragons: they must use their element and never change a power"
    ),
    "or_element": " (or use {element})",
    # results
    "solo_stopped": "Training stopped ({reason}): it counts as a loss in `/dragons records`.",
    "solo_over": "🏁 {reason}.\nYour result is kept in `/dragons records`.",
    "match_drawn": "The match is drawn ({reason}).",
    "resigned": "**{loser}** resigned: {champion} wins.",
    "ran_out": "**{loser}** ran out of time: {champion} wins.",
    "wins": "🏆 {champion} wins! {reason}.",
    # the message text above the controls
    "content_setup": "{players}: set your secret powers with **Set my powers**.",
    "content_turn": "{mover}, your turn: {reason}.",
    "pick_die": "place your **{value}** on a free square (or pick another die).",
    "pick_element": "pick the enemy for {name}: it {effect}.",
    "pick_blizzard": "Blizzard on **{square}**: pick the empty square to send it to.",
    "pick_change": "choose the new power of **{square}** in the menu below.",
    "pick_attack": "**{square}** attacks: pick the dragon to eliminate.",
    # controls
    "set_my_powers": "Set my powers",
    "show_my_powers": "Show my powers",
    "split_description": "Both sides get these two dice",
    "split_placeholder": "Split 7 points…",
    "back": "Back",
    "die_label": "Die {power}",
    "die_left": "{count} left",
    "die_placeholder": "Die to place…",
    "power_option": "{square} becomes {power}",
    "power_placeholder": "New power for {square}…",
    # summaries and private panel
    "summary_played": "<@{user}> played {move}.",
    "summary_set": "<@{user}> set their secret powers.",
    "powers_are_set": "Your powers are set: {powers}.{hidden}",
    "still_secret": " They stay secret until both sets are in.",
    "private_title": "Dragons Arena · game #{id} · your powers",
    "private_unset": "You have not set your powers yet: press **Set my powers**.",
    "private_set": "Your secret powers: **{powers}** (total {total}).",
    "modal_title": "Your 8 secret powers",
    "modal_big": "8 powers, 1 to 6, total {total}",
    "modal_free": "8 powers, each 1 to 6",
    # refusals
    "err.nothing_here": "That square has nothing to do now: use the enabled buttons.",
    "err.not_available": "That choice is not available now: use the enabled buttons.",
    "err.not_played": "Game #{id} is not being played (it is {status}).",
    "err.not_setting": "The powers are not being set now: use the latest board message.",
    "err.already_set": "Your powers are set; waiting for {waiting}.",
    "err.not_numbers": "Write your 8 powers as numbers separated by commas, like {example}. Nothing was set.",
    "err.count": "You gave {count} powers; give exactly 8, one per dragon, like {example}. Nothing was set.",
    "err.range": "Each power is 1 to 6; {wrong} is not. Nothing was set.",
    "err.big_total": "Your powers total {total}; BIG needs exactly {big}. Nothing was set.",
}

FR = {
    "side.fire": "FEU",
    "side.ice": "GLACE",
    "element.fire": "Combustion",
    "element.ice": "Blizzard",
    "effect.fire": "perd 3 de puissance",
    "effect.ice": "perd 2 de puissance et est déplacé",
    "opt_level": "Niveau : **{level}**",
    "opt_master_on": "Dragon Master : activé",
    "opt_master_off": "Dragon Master : désactivé",
    "opt_nuggets": "Pépites d'or pour gagner : {nuggets}",
    "opt_single": " (un seul duel)",
    "opt_sides": "L'auteur du défi joue 🔥 FEU, l'adversaire ❄️ GLACE.",
    "records_title": "Dragons Arena · records de l'entraînement solo",
    "records_empty": "Aucun duel solo n'a encore été terminé sur ce serveur. Essayez `/dragons solo` !",
    "difficulty.normal": "Difficulté normale",
    "difficulty.high": "Difficulté élevée",
    "records_footer": (
        "Score : votre puissance totale moins le total de l'adversaire avec son bonus. Jamais pris en compte "
        "dans le classement."
    ),
    "no_score": "pas encore de score",
    "best": "meilleur **{score}**",
    "tally": "{wins} V · {draws} N · {losses} D",
    "standing": "{rank}. **{name}** — {best} · {tally} ({played} jouée(s))",
    "title": "Dragons Arena · partie n°{id}",
    "title_solo": " · entraînement solo (difficulté {difficulty})",
    "solo_level.normal": "normale",
    "solo_level.high": "élevée",
    "title_duel": " · duel {duel}",
    "game_over": "Partie terminée. {players}",
    "the_opponent": "l'adversaire",
    "powers_set": "✅ puissances choisies (secrètes)",
    "setting_powers": "⏳ choix des puissances…",
    "power_line": "Puissance **{total}** · {dragons} dragon(s)",
    "nuggets_line": "Pépites d'or : {have} sur {need}",
    "to_place": "À poser : {dice}",
    "solo_lose": "5 dragons ou plus restants : vous perdez",
    "solo_bonus": "Bonus actuel : +{bonus}",
    "setup": (
        "Choix secret : {prompt}. Aucun joueur ne voit les puissances de l'autre avant que les deux choix soient faits."
    ),
    "both_sides": "Les deux espèces",
    "set_prompt": "{who} : choisissez 8 puissances secrètes",
    "set_prompt_big": "{who} : choisissez 8 puissances secrètes, de total {total}",
    "to_play": "**{who}**, {side} au trait : {reason}.",
    "secret_set": "un choix secret de puissances",
    "last_move": "Dernier coup : {moves}",
    "duel_draw": "nul",
    "duel_won": "victoire de {side}",
    "duel_line": "Duel {duel} : {winner}, {fire} à {ice} ({reason}).",
    "reason.set": "choisissez vos 8 puissances secrètes",
    "reason.set_big": "choisissez vos 8 puissances secrètes, de total {total}",
    "reason.split": "répartissez 7 points sur deux dés ; les deux espèces les reçoivent",
    "reason.place": "posez un de vos dés sur une case libre",
    "reason.eliminate": "vous devez éliminer (c'est obligatoire)",
    "reason.change": "aucune élimination possible : changez une puissance (elle reçoit un champ de force)",
    "reason.element": "rien d'autre n'est possible : utilisez l'élément",
    "reason.opponent_eliminate": (
        "vous jouez maintenant les dragons de l'adversaire : ils doivent éliminer et ne changent jamais de puissance"
    ),
    "reason.opponent_element": (
        "vous jouez maintenant les dragons de l'adversaire : ils doivent utiliser leur élément et ne changent "
        "jamais de puissance"
    ),
    "or_element": " (ou utilisez {element})",
    "solo_stopped": "Entraînement arrêté ({reason}) : il compte comme une défaite dans `/dragons records`.",
    "solo_over": "🏁 {reason}.\nVotre résultat est conservé dans `/dragons records`.",
    "match_drawn": "Le match est nul ({reason}).",
    "resigned": "**{loser}** a abandonné : {champion} gagne.",
    "ran_out": "**{loser}** a dépassé le temps imparti : {champion} gagne.",
    "wins": "🏆 {champion} gagne ! {reason}.",
    "content_setup": "{players} : choisissez vos puissances secrètes avec **Choisir mes puissances**.",
    "content_turn": "{mover}, à vous de jouer : {reason}.",
    "pick_die": "posez votre **{value}** sur une case libre (ou choisissez un autre dé).",
    "pick_element": "choisissez l'ennemi visé par {name} : il {effect}.",
    "pick_blizzard": "Blizzard sur **{square}** : choisissez la case vide où l'envoyer.",
    "pick_change": "choisissez la nouvelle puissance de **{square}** dans le menu ci-dessous.",
    "pick_attack": "**{square}** attaque : choisissez le dragon à éliminer.",
    "set_my_powers": "Choisir mes puissances",
    "show_my_powers": "Voir mes puissances",
    "split_description": "Les deux espèces reçoivent ces deux dés",
    "split_placeholder": "Répartir 7 points…",
    "back": "Retour",
    "die_label": "Dé {power}",
    "die_left": "{count} restant(s)",
    "die_placeholder": "Dé à poser…",
    "power_option": "{square} devient {power}",
    "power_placeholder": "Nouvelle puissance pour {square}…",
    "summary_played": "<@{user}> a joué {move}.",
    "summary_set": "<@{user}> a choisi ses puissances secrètes.",
    "powers_are_set": "Vos puissances sont choisies : {powers}.{hidden}",
    "still_secret": " Elles restent secrètes jusqu'à ce que les deux choix soient faits.",
    "private_title": "Dragons Arena · partie n°{id} · vos puissances",
    "private_unset": "Vous n'avez pas encore choisi vos puissances : appuyez sur **Choisir mes puissances**.",
    "private_set": "Vos puissances secrètes : **{powers}** (total {total}).",
    "modal_title": "Vos 8 puissances secrètes",
    "modal_big": "8 puissances, de 1 à 6, total {total}",
    "modal_free": "8 puissances, chacune de 1 à 6",
    "err.nothing_here": "Cette case n'a rien à faire maintenant : utilisez les boutons actifs.",
    "err.not_available": "Ce choix n'est pas possible maintenant : utilisez les boutons actifs.",
    "err.not_played": "La partie n°{id} n'est pas en cours (statut : {status}).",
    "err.not_setting": "Ce n'est pas le moment de choisir les puissances : utilisez le dernier message du plateau.",
    "err.already_set": "Vos puissances sont choisies ; on attend {waiting}.",
    "err.not_numbers": (
        "Écrivez vos 8 puissances en chiffres séparés par des virgules, par exemple {example}. Rien n'a été enregistré."
    ),
    "err.count": (
        "Vous avez donné {count} puissance(s) ; donnez-en exactement 8, une par dragon, par exemple {example}. "
        "Rien n'a été enregistré."
    ),
    "err.range": "Chaque puissance va de 1 à 6 ; {wrong} n'est pas possible. Rien n'a été enregistré.",
    "err.big_total": "Vos puissances font {total} au total ; BIG demande exactement {big}. Rien n'a été enregistré.",
}

add_messages(
    {
        "en": {PREFIX + key: value for key, value in EN.items()},
        "fr": {PREFIX + key: value for key, value in FR.items()},
    }
)


def key(name: str) -> str:
    """The full catalogue key of one of this game's messages (for ``ServiceError``)."""
    return PREFIX + name


def say(lang: str, name: str, /, **values: Any) -> str:
    """This game's message ``name`` in ``lang`` (English when missing)."""
    return text(lang, PREFIX + name, **values)
