"""A small message catalogue (English, French) and the French localisation of slash commands.

``text(lang, key, **values)`` formats one message in a server's language; a key
missing in French falls back to English so a message is never lost.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "done": "Done: {summary}",
        "err.permissions": (
            "I cannot post in this channel. Please give me the View Channel, Send Messages, "
            "Embed Links and Attach Files permissions here."
        ),
        "err.private_outsider": "You are not playing in this game: the public board shows everything you may see.",
        "err.nothing_hidden": "Nothing is hidden in {game}: the public board shows everything.",
        "err.damaged": "Game #{id} is damaged in storage and cannot be played.",
        "err.no_game": "There is no game #{id}.",
        "err.invalid_control": "This control is not valid.",
        "err.not_your_game": "Game #{id} is not one of your games on this server: see /games.",
        "err.not_late": "Time is not up yet: the turn ends {deadline}. You can claim the win only after that.",
        "err.own_turn_claim": "It is your own turn: only your opponent can claim the win.",
        "err.no_offer": "There is no such offer to answer in this game.",
        "err.own_offer": "You made this offer: your opponent must answer it.",
        "err.self_challenge": "Each player can take only one seat: you cannot challenge yourself.",
        "err.not_addressed": "This challenge is not addressed to you.",
        "err.already_accepted": "You have already accepted this challenge; waiting for the others.",
        "err.not_playing": "You are not playing in this game.",
        "err.game_over": "The game is over: no more moves can be played.",
        "err.changed_while": "The game changed while you were acting; nothing was played. Try again.",
        "err.out_of_date": (
            "These controls are out of date: the game has moved on since. Use the latest board message."
        ),
        "err.not_your_turn": "It is not your turn.",
        "err.waiting_for": "It is not your turn: waiting for {waiting}.",
        "err.not_played": "Game #{id} is not being played (it is {status}).",
        "err.no_move": "There is no move to play.",
        "err.nothing_to_undo": "Nothing to undo: you have not started your turn.",
        "err.takeback_not_yours": "You can take back only your own last move, before your opponent plays.",
        "err.draw_two_players": "A draw can be agreed only in a two-player game.",
        "err.rematch_outsider": "Only the players of game #{id} can ask for its rematch.",
        "err.rematch_not_over": "Game #{id} is not over: its rematch can be asked once it has ended.",
        "err.rematch_exists": "Game #{id} already has a rematch: game #{rematch} in <#{channel}>.",
        "summary_played": "<@{user}> played {moves}.",
        "move_played": "Played {notation} in game #{id}.",
        "move_added": "Added to your turn: {notation}. Finish the turn to play it.",
        "you_resigned": "You resigned game #{id}.",
        "resigned": "<@{user}> resigned.",
        "challenged": "{waiting}: you are challenged!",
        "challenge_title": "{game} challenge · game #{id}",
        "challenge_invite": "<@{challenger}> invites {invited} to play {game}.",
        "options": "Options",
        "waiting_for": "Waiting for",
        "nobody": "nobody",
        "challenge_footer": "Only invited players can accept. The challenger can cancel.",
        "accept": "Accept",
        "decline": "Decline",
        "game_title": "{game} · game #{id}",
        "game_on": "Challenge accepted: the game is on! {players}",
        "declined": "The challenge was declined (<@{user}>).",
        "withdrawn": "The challenge was withdrawn by the challenger (<@{user}>).",
        "expired": "This challenge expired: nobody answered within {duration}.",
        "rematch": "Rematch",
        "play_again": "Play again",
        "rematch_note": "🔁 Rematch of game #{id}, seats swapped.",
        "rematch_note_rotated": "🔁 Rematch of game #{id}, seats rotated by one.",
        "rematch_posted": "Your rematch is posted in <#{channel}>: game #{id}.",
        "play_again_posted": "Game #{id} is on: its board is in <#{channel}>.",
        "thread_name": "{game} #{id}",
        "in_thread": "The game goes on in {thread}.",
        "wrong_channel": "Games start only in {channels} on this server.",
        "bad_duration": "{error}",
        "reminder": "⏰ {mention}, it is your turn in game #{id} ({game}): {left} left. {link}",
        "timed_out": "⌛ {mention} ran out of time: game #{id} is lost on time.",
        "timed_out_default": "⌛ {mention} did not answer in time in game #{id}: the rules' default was played.",
        "claim_prompt": "⌛ {late} ran out of time in game #{id}. {others}: claim the win, or keep waiting.",
        "claim": "Claim win",
        "keep_waiting": "Keep waiting",
        "claimed": "⌛ <@{user}> claimed the win on time in game #{id}.",
        "kept_waiting": (
            "<@{user}> keeps waiting: game #{id} goes on (the win can still be claimed until the next move)."
        ),
        "draw_offer": "{others}: <@{user}> offers a draw in game #{id}.",
        "accept_draw": "Accept draw",
        "draw_agreed": "🤝 Draw agreed: game #{id} ends with no winner.",
        "draw_declined": "<@{user}> declined the draw in game #{id}.",
        "takeback_offer": "{others}: <@{user}> asks to take back their last move in game #{id}.",
        "allow_takeback": "Allow take-back",
        "taken_back": "↩️ <@{user}>'s last move in game #{id} was taken back.",
        "takeback_declined": "<@{user}> declined the take-back in game #{id}.",
        "offer_posted": "Your offer is posted in <#{channel}>; your opponent can accept or decline it.",
        "menu.title": "Game #{id}: offer a draw, ask to take back your last move, or resign.",
        "menu.draw": "Offer a draw",
        "menu.takeback": "Ask to take back",
        "menu.resign": "Resign…",
        "menu.resign_confirm": "Resign game #{id}? You lose the game; this cannot be undone.",
        "menu.resign_yes": "Yes, resign",
        "menu.resign_no": "No, keep playing",
        "menu.not_resigned": "You did not resign: game #{id} goes on.",
        "no_permission": "Sorry, only members with the Manage Server permission can change the settings here.",
        "settings_title": "Agora settings of this server",
        "settings_saved": "Settings saved.",
        "turn_deadline": "Turn deadline",
        "timeout_rule": "At the deadline",
        "rule_forfeit": "the player out of time loses",
        "rule_claim": "the opponent may claim the win or wait",
        "reminder_point": "Reminder",
        "reminder_before": "{duration} before the deadline",
        "expiry": "Unanswered challenges expire after",
        "threads": "Each game in its own thread",
        "channels": "Channels where games may start",
        "anywhere": "anywhere",
        "language": "Language",
        "yes": "yes",
        "no": "no",
        "notify_on": "Reminders will also come to you by DM (if your DMs are open). Run /agora notify again to stop.",
        "notify_off": "Reminders will no longer come by DM; you are still mentioned in the game's channel.",
        "dm_closed": "<@{user}>, I could not send you a reminder by DM: your DMs are closed.",
        "your_games": "Your games",
        "your_turn_count": "**{count}** game(s) waiting for your move.",
        "your_turn": "**your turn**",
        "game_choice": "#{id} {game} vs {others}",
        "game_choice_turn": " · your turn",
        "time_left": "{left} left",
        "turn_ends": "⏳ Turn ends",
        "time_up": "time is up",
    },
    "fr": {
        "done": "C'est fait : {summary}",
        "err.permissions": (
            "Je ne peux pas écrire dans ce salon. Donnez-moi les permissions Voir le salon, Envoyer des messages, "
            "Intégrer des liens et Joindre des fichiers ici."
        ),
        "err.private_outsider": (
            "Vous ne jouez pas dans cette partie : le plateau public montre tout ce que vous pouvez voir."
        ),
        "err.nothing_hidden": "Rien n'est caché dans {game} : le plateau public montre tout.",
        "err.damaged": "La partie n°{id} est endommagée dans la base et ne peut pas être jouée.",
        "err.no_game": "Il n'y a pas de partie n°{id}.",
        "err.invalid_control": "Cette commande n'est pas valide.",
        "err.not_your_game": "La partie n°{id} n'est pas l'une de vos parties sur ce serveur : voyez /games.",
        "err.not_late": (
            "Le temps n'est pas encore écoulé : le tour se termine {deadline}. "
            "Vous pourrez réclamer la victoire ensuite."
        ),
        "err.own_turn_claim": "C'est votre propre tour : seul votre adversaire peut réclamer la victoire.",
        "err.no_offer": "Il n'y a pas d'offre de ce genre à laquelle répondre dans cette partie.",
        "err.self_challenge": "Chaque joueur n'occupe qu'une place : vous ne pouvez pas vous défier vous-même.",
        "err.not_addressed": "Ce défi ne vous est pas adressé.",
        "err.already_accepted": "Vous avez déjà accepté ce défi ; on attend les autres.",
        "err.not_playing": "Vous ne jouez pas dans cette partie.",
        "err.game_over": "La partie est terminée : plus aucun coup ne peut être joué.",
        "err.changed_while": "La partie a changé pendant votre action ; rien n'a été joué. Réessayez.",
        "err.out_of_date": (
            "Ces commandes sont périmées : la partie a avancé depuis. Utilisez le dernier message du plateau."
        ),
        "err.not_your_turn": "Ce n'est pas votre tour.",
        "err.waiting_for": "Ce n'est pas votre tour : on attend {waiting}.",
        "err.not_played": "La partie n°{id} n'est pas en cours.",
        "err.no_move": "Il n'y a aucun coup à jouer.",
        "err.nothing_to_undo": "Rien à annuler : vous n'avez pas commencé votre tour.",
        "err.takeback_not_yours": (
            "Seul le joueur qui a fait le dernier coup peut le reprendre, avant que quelqu'un d'autre ne joue."
        ),
        "err.draw_two_players": "Une nulle ne peut être acceptée que dans une partie à deux joueurs.",
        "err.own_offer": "Vous avez fait cette proposition : c'est à votre adversaire d'y répondre.",
        "err.rematch_outsider": "Seuls les joueurs de la partie n°{id} peuvent en demander la revanche.",
        "err.rematch_not_over": (
            "La partie n°{id} n'est pas terminée : sa revanche se demande une fois la partie finie."
        ),
        "err.rematch_exists": "La partie n°{id} a déjà sa revanche : la partie n°{rematch} dans <#{channel}>.",
        "summary_played": "<@{user}> a joué {moves}.",
        "move_played": "Coup {notation} joué dans la partie n°{id}.",
        "move_added": "Ajouté à votre tour : {notation}. Terminez le tour pour le jouer.",
        "you_resigned": "Vous avez abandonné la partie n°{id}.",
        "resigned": "<@{user}> a abandonné.",
        "challenged": "{waiting} : vous êtes défié·e !",
        "challenge_title": "Défi de {game} · partie n°{id}",
        "challenge_invite": "<@{challenger}> invite {invited} à jouer à {game}.",
        "options": "Options",
        "waiting_for": "En attente de",
        "nobody": "personne",
        "challenge_footer": "Seuls les joueurs invités peuvent accepter. L'auteur du défi peut l'annuler.",
        "accept": "Accepter",
        "decline": "Refuser",
        "game_title": "{game} · partie n°{id}",
        "game_on": "Défi accepté : la partie commence ! {players}",
        "declined": "Le défi a été refusé (<@{user}>).",
        "withdrawn": "Le défi a été retiré par son auteur (<@{user}>).",
        "expired": "Ce défi a expiré : personne n'a répondu en {duration}.",
        "rematch": "Revanche",
        "play_again": "Rejouer",
        "rematch_note": "🔁 Revanche de la partie n°{id}, places inversées.",
        "rematch_note_rotated": "🔁 Revanche de la partie n°{id}, places décalées d'un cran.",
        "rematch_posted": "Votre revanche est publiée dans <#{channel}> : partie n°{id}.",
        "play_again_posted": "La partie n°{id} commence : son plateau est dans <#{channel}>.",
        "thread_name": "{game} n°{id}",
        "in_thread": "La partie continue dans {thread}.",
        "wrong_channel": "Sur ce serveur, les parties se lancent seulement dans {channels}.",
        "bad_duration": "{error}",
        "reminder": "⏰ {mention}, c'est votre tour dans la partie n°{id} ({game}) : il reste {left}. {link}",
        "timed_out": "⌛ {mention} a dépassé le temps imparti : la partie n°{id} est perdue au temps.",
        "timed_out_default": (
            "⌛ {mention} n'a pas répondu à temps dans la partie n°{id} : le choix par défaut a été joué."
        ),
        "claim_prompt": (
            "⌛ {late} a dépassé le temps imparti dans la partie n°{id}. "
            "{others} : réclamez la victoire, ou continuez d'attendre."
        ),
        "claim": "Réclamer la victoire",
        "keep_waiting": "Continuer d'attendre",
        "claimed": "⌛ <@{user}> a réclamé la victoire au temps dans la partie n°{id}.",
        "kept_waiting": (
            "<@{user}> continue d'attendre : la partie n°{id} se poursuit "
            "(la victoire reste réclamable jusqu'au prochain coup)."
        ),
        "draw_offer": "{others} : <@{user}> propose la nulle dans la partie n°{id}.",
        "accept_draw": "Accepter la nulle",
        "draw_agreed": "🤝 Nulle acceptée : la partie n°{id} se termine sans vainqueur.",
        "draw_declined": "<@{user}> a refusé la nulle dans la partie n°{id}.",
        "takeback_offer": "{others} : <@{user}> demande à reprendre son dernier coup dans la partie n°{id}.",
        "allow_takeback": "Accepter la reprise",
        "taken_back": "↩️ Le dernier coup de <@{user}> dans la partie n°{id} a été repris.",
        "takeback_declined": "<@{user}> a refusé la reprise dans la partie n°{id}.",
        "offer_posted": (
            "Votre proposition est publiée dans <#{channel}> ; votre adversaire peut l'accepter ou la refuser."
        ),
        "menu.title": "Partie n°{id} : proposer la nulle, demander à reprendre votre dernier coup, ou abandonner.",
        "menu.draw": "Proposer la nulle",
        "menu.takeback": "Demander à reprendre",
        "menu.resign": "Abandonner…",
        "menu.resign_confirm": "Abandonner la partie n°{id} ? Vous perdez la partie ; c'est définitif.",
        "menu.resign_yes": "Oui, abandonner",
        "menu.resign_no": "Non, continuer",
        "menu.not_resigned": "Vous n'avez pas abandonné : la partie n°{id} continue.",
        "no_permission": (
            "Désolé, seuls les membres ayant la permission Gérer le serveur peuvent modifier les réglages ici."
        ),
        "settings_title": "Réglages Agora de ce serveur",
        "settings_saved": "Réglages enregistrés.",
        "turn_deadline": "Temps par tour",
        "timeout_rule": "À l'échéance",
        "rule_forfeit": "le joueur hors délai perd",
        "rule_claim": "l'adversaire peut réclamer la victoire ou attendre",
        "reminder_point": "Rappel",
        "reminder_before": "{duration} avant l'échéance",
        "expiry": "Les défis sans réponse expirent après",
        "threads": "Chaque partie dans son propre fil",
        "channels": "Salons où lancer des parties",
        "anywhere": "partout",
        "language": "Langue",
        "yes": "oui",
        "no": "non",
        "notify_on": (
            "Les rappels vous seront aussi envoyés en message privé (si vos MP sont ouverts). "
            "Relancez /agora notify pour arrêter."
        ),
        "notify_off": (
            "Les rappels ne vous seront plus envoyés en MP ; vous restez mentionné dans le salon de la partie."
        ),
        "dm_closed": "<@{user}>, je n'ai pas pu vous envoyer de rappel en MP : vos messages privés sont fermés.",
        "your_games": "Vos parties",
        "your_turn_count": "**{count}** partie(s) attendent votre coup.",
        "your_turn": "**à vous de jouer**",
        "game_choice": "n°{id} {game} contre {others}",
        "game_choice_turn": " · à vous de jouer",
        "time_left": "il reste {left}",
        "turn_ends": "⏳ Fin du tour",
        "time_up": "temps écoulé",
    },
}


def text(lang: str, key: str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (English when missing), formatted with ``values``."""
    return template(lang, key).format(**values)


def template(lang: str, key: str) -> str:
    """The message ``key`` in ``lang`` (English when missing), its ``{fields}`` left to fill
    (pictures fill them where they are drawn).

    >>> template("fr", "done")
    "C'est fait : {summary}"
    """
    return MESSAGES.get(lang, MESSAGES["en"]).get(key) or MESSAGES["en"][key]


def add_messages(catalogue: dict[str, dict[str, str]]) -> None:
    """Add a game's own messages (``{"en": {...}, "fr": {...}}``); keys must be new.

    >>> add_messages({"en": {"doctest_hello": "Hello {name}"}, "fr": {"doctest_hello": "Bonjour {name}"}})
    >>> text("fr", "doctest_hello", name="Ada")
    'Bonjour Ada'
    """
    for lang, messages in catalogue.items():
        clash = MESSAGES.setdefault(lang, {}).keys() & messages.keys()
        if clash:
            raise ValueError(f"message keys defined twice: {sorted(clash)}")
        MESSAGES[lang].update(messages)


# French descriptions of the slash commands and their options, keyed by the English text.
FRENCH_COMMANDS: dict[str, str] = {
    "Arkaios: build pillars, shut your rival out.": "Arkaios : bâtissez des piliers, enfermez votre rival.",
    "Challenge someone to a game of Arkaios.": "Défier quelqu'un à une partie d'Arkaios.",
    "Who you want to play against": "Contre qui vous voulez jouer",
    "Time per turn, e.g. 30m, 2h or 3d (5 minutes to 7 days)": (
        "Temps par tour, ex. 30m, 2h ou 3d (5 minutes à 7 jours)"
    ),
    "List your games in progress on this server.": "Lister vos parties en cours sur ce serveur.",
    "Play a move by typing its notation (see /rules).": "Jouer un coup en tapant sa notation (voir /rules).",
    "Resign one of your games.": "Abandonner une de vos parties.",
    "How to play one of the games, with its move notation.": "Comment jouer à un des jeux, avec sa notation.",
    "Offer your opponent a draw.": "Proposer la nulle à votre adversaire.",
    "Ask your opponent to let you take back your last move.": (
        "Demander à votre adversaire de reprendre votre dernier coup."
    ),
    "Which game (see /games)": "Quelle partie (voir /games)",
    "Agora: server settings and reminders.": "Agora : réglages du serveur et rappels.",
    "Show or change how games last on this server (Manage Server).": (
        "Voir ou modifier la durée des parties sur ce serveur (Gérer le serveur)."
    ),
    "Turn on or off reminders by direct message.": "Activer ou couper les rappels par message privé.",
    "Default time per turn, e.g. 24h or 3d": "Temps par tour par défaut, ex. 24h ou 3d",
    "What happens when a player runs out of time": "Ce qui se passe quand un joueur dépasse son temps",
    "How long before the deadline to remind, e.g. 4h": "Combien de temps avant l'échéance rappeler, ex. 4h",
    "How long an unanswered challenge stays open, e.g. 24h": "Durée de validité d'un défi sans réponse, ex. 24h",
    "Run each game in its own thread": "Jouer chaque partie dans son propre fil",
    "Channels where games may start (mention them), or 'all'": (
        "Salons où lancer des parties (mentionnez-les), ou 'all'"
    ),
    "Language of the bot's messages on this server": "Langue des messages du bot sur ce serveur",
    "Which game": "Quel jeu",
    "Language of the page (default: the server's language)": "Langue de la page (par défaut : celle du serveur)",
}


class AgoraTranslator(app_commands.Translator):
    """French descriptions for the slash commands (names stay as they are, so /move is /move everywhere)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is not discord.Locale.french:
            return None
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
            app_commands.TranslationContextLocation.choice_name,
        ):
            return None
        return FRENCH_COMMANDS.get(string.message)
