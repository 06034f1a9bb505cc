"""Arkaios's board texts in English and French (keys ``arkaios.*``).

The French follows the vocabulary of ``docs/rules/fr/arkaios.md``: pilier, niveau,
pièces, chaîne, temple, bloqué. Pillar notation (``c3=2``) is the same in both.
"""

from __future__ import annotations

from bot.i18n import add_messages
from render.arkaios import BOARD_WORDS
from rules.arkaios import OPENING_WARNING

EN = {
    "arkaios.title": "Arkaios · game #{id}",
    "arkaios.game_over": "Game over. {players}",
    "arkaios.your_turn": "<@{user}>, your turn.",
    "arkaios.turn_complete": "**{name}**, your turn is complete: {built}. Press **Confirm** to play it or **Undo**.",
    "arkaios.none_yet": "none yet",
    "arkaios.turn": (
        "**{name}** builds **{budget}** pieces and must end on a **level {final}** pillar.\n"
        "Spent {spent} of {budget}. This turn: {chain}."
    ),
    "arkaios.opening_first": "**{name}**, build your first pillar: any square, level 1, 2 or 3.\n⚠️ {warning}",
    "arkaios.opening_warning": OPENING_WARNING,
    "arkaios.opening_second": (
        "**{name}**, build your first pillar on any other square, at a level other than {taken}."
    ),
    "arkaios.draw": "The game is a draw.",
    "arkaios.win_temple": "**{winner}** built a temple and shut themselves in: **{winner}** wins!",
    "arkaios.win_blocked": "**{loser}** cannot complete a turn: **{winner}** wins!",
    "arkaios.win_resignation": "**{loser}** resigned: **{winner}** wins.",
    "arkaios.win_other": "**{winner}** wins ({reason}).",
    "arkaios.square_option": "{square} (level {level})",
    "arkaios.build_placeholder": "Build a level-{level} pillar on…",
    "arkaios.undo": "Undo",
    "arkaios.confirm": "Confirm turn",
    "arkaios.played": "<@{user}> played {turn}.",
}

FR = {
    "arkaios.title": "Arkaios · partie n°{id}",
    "arkaios.game_over": "Partie terminée. {players}",
    "arkaios.your_turn": "<@{user}>, à vous de jouer.",
    "arkaios.turn_complete": (
        "**{name}**, votre tour est complet : {built}. Appuyez sur **Valider le tour** pour le jouer "
        "ou sur **Annuler**."
    ),
    "arkaios.none_yet": "rien pour l'instant",
    "arkaios.turn": (
        "**{name}** pose **{budget}** pièces et doit finir sur un pilier de **niveau {final}**.\n"
        "Pièces dépensées : {spent} sur {budget}. Ce tour : {chain}."
    ),
    "arkaios.opening_first": (
        "**{name}**, construisez votre premier pilier : sur la case de votre choix, niveau 1, 2 ou 3.\n⚠️ {warning}"
    ),
    "arkaios.opening_warning": (
        "Ouvrir au niveau 1 fait perdre : si votre adversaire répond au niveau 2, vous n'aurez aucun tour "
        "possible (3 pièces pour finir au niveau 3, c'est hors de portée)."
    ),
    "arkaios.opening_second": (
        "**{name}**, construisez votre premier pilier sur une autre case, à un niveau différent de {taken}."
    ),
    "arkaios.draw": "La partie est nulle.",
    "arkaios.win_temple": "**{winner}** a bâti un temple et s'y est enfermé : **{winner}** gagne !",
    "arkaios.win_blocked": "**{loser}** ne peut pas terminer son tour : **{winner}** gagne !",
    "arkaios.win_resignation": "**{loser}** a abandonné : **{winner}** gagne.",
    "arkaios.win_other": "**{winner}** gagne ({reason}).",
    "arkaios.square_option": "{square} (niveau {level})",
    "arkaios.build_placeholder": "Construire un pilier de niveau {level} sur…",
    "arkaios.undo": "Annuler",
    "arkaios.confirm": "Valider le tour",
    "arkaios.played": "<@{user}> a joué {turn}.",
}

# The words the board picture draws (keys ``arkaios.pic.*``, English in render.arkaios).
PICTURE_FR = {
    "arkaios.pic.player": "Joueur {n}",
    "arkaios.pic.to_play": "à {who} de jouer",
    "arkaios.pic.draw": "Égalité",
    "arkaios.pic.won_temple": "{who} a gagné : temple bâti",
    "arkaios.pic.won_blocked": "{who} a gagné : {other} est bloqué",
    "arkaios.pic.won": "{who} a gagné ({reason})",
    "arkaios.pic.ended_draw": "La partie s'est terminée par une égalité.",
    "arkaios.pic.wins_temple": "{who} s'est enfermé dans un temple de chapiteaux : {who} gagne.",
    "arkaios.pic.wins_blocked": "{other} ne peut pas finir de tour : {who} gagne.",
    "arkaios.pic.wins": "{who} gagne ({reason}).",
    "arkaios.pic.open_any": "{who} : ouvrez au niveau {levels} sur la case de votre choix.",
    "arkaios.pic.open_another": "{who} : ouvrez au niveau {levels} sur une autre case.",
    "arkaios.pic.or": "{first} ou {last}",
    "arkaios.pic.left_1": "{who} : encore {n} pièce, finir au niveau {level}.",
    "arkaios.pic.left_n": "{who} : encore {n} pièces, finir au niveau {level}.",
    "arkaios.pic.no_pillar": "{who} : aucun pilier encore",
    "arkaios.pic.at": "{who} en {square}, niveau {level}",
}

add_messages({"en": {**EN, **BOARD_WORDS}, "fr": {**FR, **PICTURE_FR}})
