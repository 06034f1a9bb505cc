"""Araksey's own messages on Discord, in English and French (French words of docs/rules/fr/araksey.md).

Move, piece and effect labels made by ``rules.araksey`` stay in English.
"""

from __future__ import annotations

from bot.i18n import add_messages, text
from render.araksey import BOARD_WORDS

ENGLISH: dict[str, str] = {
    # Element names, as shown in texts (the stored values and the notation stay English).
    "araksey.el.earth": "earth",
    "araksey.el.water": "water",
    "araksey.el.air": "air",
    "araksey.el.fire": "fire",
    "araksey.el.magma": "magma",
    "araksey.el.lightning": "lightning",
    "araksey.el.mud": "mud",
    "araksey.el.fog": "fog",
    # The challenge.
    "araksey.opponent_order": "Name opponent2 before opponent3: with four players you and opponent2 are a team.",
    "araksey.sides": "Sides",
    "araksey.how_to_accept": "How to accept",
    "araksey.how_to_accept_text": (
        "Each invited player picks their element in their own menu below: picking it accepts. "
        "Team mates share one element (the first to pick sets it); opposing sides play different elements."
    ),
    "araksey.not_chosen": "element not chosen yet",
    "araksey.alone": " (alone)",
    "araksey.side_line": "**Side {side}**: {who}{alone} · {shown}",
    "araksey.challenge_turns": (
        "Turns: {order}, repeating; the side whose element comes first in {elements} starts."
    ),
    "araksey.challenge_turns_lone": "Turns: {order}, repeating; the lone player (A) always starts.",
    "araksey.taken": "Taken by the other side",
    "araksey.seat_hint": "Seat {seat} ({label}): pick your element to accept",
    "araksey.not_an_element": "'{element}' is not an element: choose among {elements}.",
    "araksey.team_plays": "Your team plays **{chosen}**: team mates share one element. Pick {chosen} to accept.",
    "araksey.taken_by": (
        "**{element}** is already the element of <@{holder}>, on the other side: "
        "opposing sides play different elements. Please pick another one."
    ),
    "araksey.closed": "This challenge is no longer open.",
    "araksey.menu_for": "This menu is for <@{owner}>: only they can pick the element of seat {seat}.",
    "araksey.pick_to_accept": "Pick your element in your menu on the challenge: choosing it accepts.",
    # The board.
    "araksey.dragons": "Dragons",
    "araksey.effects": "Effects",
    "araksey.passes_left": "Passes left",
    "araksey.last_move": "Last move: {move}",
    "araksey.game_over": "Game over. {players}",
    "araksey.your_turn": "<@{user}>, your turn.",
    "araksey.setup_sources": (
        "Set-up: {name} places a source on a free start square ({placed} of {total} sources placed). "
        "Then each player places their araksey on any free square."
    ),
    "araksey.setup_arakseys": "Set-up: {name} places their araksey on any free square.",
    "araksey.plays": "{name} plays ({emoji} {element}): choose a piece, then an action.",
    "araksey.binds.earth": "Earth: you cannot move {by}'s pieces this turn.",
    "araksey.binds.water": "Water: your araksey cannot move this turn.",
    "araksey.binds.mud": "Mud: your sources cannot move this turn.",
    "araksey.draw": "The game is a draw ({reason}).",
    "araksey.and": " and ",
    "araksey.wins": "{who} wins: {reason}.",
    "araksey.win": "{who} win: {reason}.",
    "araksey.resigned_wins": "{losers} resigned: {who} wins.",
    "araksey.resigned_win": "{losers} resigned: {who} win.",
    "araksey.turn_order": "Turn order: {order}, repeating.",
    "araksey.awake": "{dragons}: awake, usable on its owner's turn.",
    "araksey.no_dragon": "No dragon is awake.",
    "araksey.no_effect": "No dragon effect binds the next turns.",
    "araksey.pass_warning": "Each player has one pass: a second pass loses the game for your side.",
    # The controls.
    "araksey.place_source": "Place a source on a start square{span}…",
    "araksey.place_araksey": "Place your araksey on a free square{span}…",
    "araksey.power_piece": "Dragon power: choose a piece…",
    "araksey.choose_piece": "Choose a piece to move…",
    "araksey.choose_action": "{piece}: choose an action…",
    "araksey.no_action": "{square} has no legal action now: choose another piece.",
    "araksey.back": "Back",
    "araksey.use_power": "Use dragon power: {element}",
    "araksey.played": "<@{user}> played {move}.",
}

FRENCH: dict[str, str] = {
    "araksey.el.earth": "terre",
    "araksey.el.water": "eau",
    "araksey.el.air": "air",
    "araksey.el.fire": "feu",
    "araksey.el.magma": "magma",
    "araksey.el.lightning": "foudre",
    "araksey.el.mud": "boue",
    "araksey.el.fog": "brume",
    "araksey.opponent_order": (
        "Indiquez opponent2 avant opponent3 : à quatre joueurs, vous faites équipe avec opponent2."
    ),
    "araksey.sides": "Camps",
    "araksey.how_to_accept": "Comment accepter",
    "araksey.how_to_accept_text": (
        "Chaque joueur invité choisit son élément dans son propre menu ci-dessous : ce choix vaut acceptation. "
        "Les équipiers partagent un élément (le premier à choisir le fixe) ; "
        "des camps adverses jouent des éléments différents."
    ),
    "araksey.not_chosen": "élément pas encore choisi",
    "araksey.alone": " (seul)",
    "araksey.side_line": "**Camp {side}** : {who}{alone} · {shown}",
    "araksey.challenge_turns": (
        "Tours : {order}, en boucle ; le camp dont l'élément vient en premier dans l'ordre {elements} commence."
    ),
    "araksey.challenge_turns_lone": "Tours : {order}, en boucle ; le joueur seul (A) commence toujours.",
    "araksey.taken": "Pris par l'autre camp",
    "araksey.seat_hint": "Place {seat} ({label}) : choisissez votre élément pour accepter",
    "araksey.not_an_element": "'{element}' n'est pas un élément : choisissez parmi {elements}.",
    "araksey.team_plays": (
        "Votre équipe joue **{chosen}** : les équipiers partagent un élément. Choisissez {chosen} pour accepter."
    ),
    "araksey.taken_by": (
        "**{element}** est déjà l'élément de <@{holder}>, dans le camp adverse : "
        "des camps adverses jouent des éléments différents. Choisissez-en un autre."
    ),
    "araksey.closed": "Ce défi n'est plus ouvert.",
    "araksey.menu_for": (
        "Ce menu est celui de <@{owner}> : lui seul peut choisir l'élément de la place {seat}."
    ),
    "araksey.pick_to_accept": "Choisissez votre élément dans votre menu sur le défi : ce choix vaut acceptation.",
    "araksey.dragons": "Dragons",
    "araksey.effects": "Effets",
    "araksey.passes_left": "Passes restantes",
    "araksey.last_move": "Dernier coup : {move}",
    "araksey.game_over": "Partie terminée. {players}",
    "araksey.your_turn": "<@{user}>, à vous de jouer.",
    "araksey.setup_sources": (
        "Mise en place : {name} pose une source sur une case de départ libre "
        "(sources posées : {placed} sur {total}). "
        "Ensuite, chaque joueur pose son araksey sur n'importe quelle case libre."
    ),
    "araksey.setup_arakseys": "Mise en place : {name} pose son araksey sur n'importe quelle case libre.",
    "araksey.plays": "{name} joue ({emoji} {element}) : choisissez une pièce, puis une action.",
    "araksey.binds.earth": "Terre : vous ne pouvez déplacer aucune pièce de {by} ce tour-ci.",
    "araksey.binds.water": "Eau : votre araksey ne peut pas bouger ce tour-ci.",
    "araksey.binds.mud": "Boue : vos sources ne peuvent pas bouger ce tour-ci.",
    "araksey.draw": "La partie est nulle ({reason}).",
    "araksey.and": " et ",
    "araksey.wins": "{who} gagne : {reason}.",
    "araksey.win": "{who} gagnent : {reason}.",
    "araksey.resigned_wins": "{losers} abandonne : {who} gagne.",
    "araksey.resigned_win": "{losers} abandonnent : {who} gagnent.",
    "araksey.turn_order": "Ordre du tour : {order}, en boucle.",
    "araksey.awake": "{dragons} : dragon éveillé, utilisable au tour de son propriétaire.",
    "araksey.no_dragon": "Aucun dragon n'est éveillé.",
    "araksey.no_effect": "Aucun effet de dragon ne pèse sur les prochains tours.",
    "araksey.pass_warning": (
        "Chaque joueur peut passer une fois : une seconde passe fait perdre la partie à votre camp."
    ),
    "araksey.place_source": "Posez une source sur une case de départ{span}…",
    "araksey.place_araksey": "Posez votre araksey sur une case libre{span}…",
    "araksey.power_piece": "Pouvoir du dragon : choisissez une pièce…",
    "araksey.choose_piece": "Choisissez une pièce à déplacer…",
    "araksey.choose_action": "{piece} : choisissez une action…",
    "araksey.no_action": "{square} n'a aucune action légale maintenant : choisissez une autre pièce.",
    "araksey.back": "Retour",
    "araksey.use_power": "Utiliser le pouvoir du dragon : {element}",
    "araksey.played": "<@{user}> a joué {move}.",
}

# The words the board picture draws (keys ``araksey.pic.*``, English in render.araksey).
PICTURE_FR = {
    "araksey.pic.player": "Joueur {n}",
    "araksey.pic.draw": "Égalité",
    "araksey.pic.won": "{who} a gagné",
    "araksey.pic.and": " & ",
    "araksey.pic.place_source": "{who} : posez une source",
    "araksey.pic.place_araksey": "{who} : posez l'araksey",
    "araksey.pic.to_move": "à {who} de jouer",
    "araksey.pic.side": "Camp {letter}",
    "araksey.pic.setup_sources_1": "Mise en place : sources",
    "araksey.pic.setup_sources_2": "sur les cases dorées",
    "araksey.pic.setup_arakseys_1": "Mise en place : arakseys",
    "araksey.pic.setup_arakseys_2": "sur une case libre",
    "araksey.pic.clock": "Horloge : {n} s/coup",
    "araksey.pic.won_badge": "GAGNÉ",
    "araksey.pic.pass_left": "1 passe",
    "araksey.pic.no_pass_left": "0 passe",
    "araksey.pic.dragon_awake": "DRAGON éveillé",
    "araksey.pic.effects": "Effets",
    "araksey.pic.legend_araksey": "araksey",
    "araksey.pic.legend_source": "source",
    "araksey.pic.legend_ring": "anneau : source en zone",
    "araksey.pic.legend_hatch": "hachures : zone (/ A, \\ B)",
    "araksey.pic.legend_dragon": "dragon éveillé",
}

add_messages({"en": {**ENGLISH, **BOARD_WORDS}, "fr": {**FRENCH, **PICTURE_FR}})


def element_name(lang: str, element: str) -> str:
    """An element's name in ``lang`` (lower case), e.g. ``foudre`` for ``lightning``."""
    return text(lang, f"araksey.el.{element}")
