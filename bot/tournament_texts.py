"""Tournament messages in English and French (keys ``tour.*``), and the French command descriptions."""

from __future__ import annotations

from bot.i18n import FRENCH_COMMANDS, add_messages

EN = {
    "tour.err.none": "There is no tournament #{id}.",
    "tour.err.no_duel": "{game} cannot be played one against one: choose the seated tables format.",
    "tour.err.no_tables": "{game} is a duel: choose the Swiss or round robin format.",
    "tour.err.rounds": "A tournament has 1 to {most} rounds.",
    "tour.err.started": "Tournament #{id} has already started (or is over): nobody can join any more.",
    "tour.err.joined": "You are already signed up for tournament #{id}.",
    "tour.err.not_in": "You are not playing in tournament #{id}.",
    "tour.err.over": "Tournament #{id} is over.",
    "tour.err.not_running": "Tournament #{id} is not running, so it cannot be paused.",
    "tour.err.not_paused": "Tournament #{id} is not paused.",
    "tour.err.not_tournament_game": "Game #{id} is not a tournament game.",
    "tour.err.game_over": "Game #{id} is already over: its result stands.",
    "tour.err.not_seated": "That player is not seated in game #{id}: name one of its players, or no one for a draw.",
    "tour.err.need_winner": "Game #{id} has more than two players: name its winner (a draw is for duels).",
    "tour.err.director": (
        "Only members with the Manage Server permission{role} can run tournaments on this server."
    ),
    "tour.err.director_role": " or the {role} role",
    "tour.err.which": "Name the tournament: there are several on this server ({ids}).",
    "tour.err.nothing": "There is no tournament on this server. An admin can create one with /tournament create.",
    "tour.err.option": "The {option} option is not one of {game}'s options.",
    "tour.err.starts": "I cannot read the start {typed!r}: write a delay like 30m, 2h or 1d, or 'now'.",
    "tour.title": "🏆 {game} tournament #{id}",
    "tour.format.swiss": "Swiss",
    "tour.format.round_robin": "Round robin",
    "tour.format.tables": "Seated tables",
    "tour.announce": (
        "{format}, {rounds} round(s). Turn deadline: {deadline}. Starts <t:{starts}:R>.\n"
        "Press **Join** or use /tournament join to play."
    ),
    "tour.announce_rr": (
        "{format}: everyone meets everyone. Turn deadline: {deadline}. Starts <t:{starts}:R>.\n"
        "Press **Join** or use /tournament join to play."
    ),
    "tour.options": "Options",
    "tour.players": "Players ({count})",
    "tour.nobody_yet": "nobody yet",
    "tour.join": "Join",
    "tour.joined": "You are in tournament #{id} ({game}). Good luck!",
    "tour.left": "You left tournament #{id}.",
    "tour.withdrawn_running": (
        "You withdrew from tournament #{id}: you will not be paired again. Your game #{game_id} goes on."
    ),
    "tour.withdrawn_resigned": (
        "You withdrew from tournament #{id}: you will not be paired again. You resigned game #{game_id}."
    ),
    "tour.withdrawn": "You withdrew from tournament #{id}: you will not be paired again.",
    "tour.withdrew_public": "<@{user}> withdrew from tournament #{id}.",
    "tour.started_closed": "Sign-up is closed: the tournament has started.",
    "tour.round_title": "🏆 Tournament #{id} · round {round} of {rounds}",
    "tour.round_game_line": "Game #{game_id}: {players}",
    "tour.round_bye": "Bye (one point): {players}",
    "tour.game_thread": "Tournament #{id} · round {round} · game #{game_id}",
    "tour.thread_name": "T{id} R{round} #{game_id}",
    "tour.standings_title": "Tournament #{id} · standings",
    "tour.after_round": "after round {round} of {rounds}",
    "tour.final": "final standings",
    "tour.before_start": "before the first round",
    "tour.col.points": "Pts",
    "tour.col.buchholz": "Buch.",
    "tour.col.sb": "S-B",
    "tour.col.victory": "VP",
    "tour.col.played": "Games",
    "tour.legend_swiss": "Points, then Buchholz (Buch.), then Sonneborn–Berger (S-B), then games played.",
    "tour.legend_tables": "Points by rank at each table, then total victory points (VP), then games played.",
    "tour.withdrawn_mark": "withdrawn",
    "tour.podium_title": "🏆 Tournament #{id} ({game}) is over!",
    "tour.podium": "🥇 <@{first}>",
    "tour.podium2": "🥈 <@{second}>",
    "tour.podium3": "🥉 <@{third}>",
    "tour.no_result": "No game was finished: there is no podium.",
    "tour.cancelled": "Tournament #{id} ({game}) is cancelled: fewer than two players signed up.",
    "tour.paused": "⏸️ Tournament #{id} is paused: the next round waits until it resumes.",
    "tour.resumed": "▶️ Tournament #{id} resumes.",
    "tour.ended": "Tournament #{id} was ended by <@{user}>.",
    "tour.forced": "⚖️ Game #{game_id}: the tournament director gave the result ({result}).",
    "tour.forced_draw": "a draw",
    "tour.forced_win": "<@{user}> wins",
    "tour.forced_summary": "⚖️ The tournament director decided game #{game_id}.",
    "tour.status.open": "open for sign-up",
    "tour.status.running": "round {round} of {rounds}",
    "tour.status.paused": "paused in round {round} of {rounds}",
    "tour.status.finished": "over",
    "tour.status.cancelled": "cancelled",
    "tour.profile": "Tournaments",
    "tour.profile_line": "{played} played, {won} won",
    "tour.settings_role": "Tournament directors",
    "tour.settings_role_none": "Manage Server only",
}

FR = {
    "tour.err.none": "Il n'y a pas de tournoi n°{id}.",
    "tour.err.no_duel": "{game} ne se joue pas à un contre un : choisissez le format par tables.",
    "tour.err.no_tables": "{game} est un duel : choisissez le format suisse ou toutes rondes.",
    "tour.err.rounds": "Un tournoi compte de 1 à {most} rondes.",
    "tour.err.started": "Le tournoi n°{id} a déjà commencé (ou est terminé) : on ne peut plus s'inscrire.",
    "tour.err.joined": "Vous êtes déjà inscrit au tournoi n°{id}.",
    "tour.err.not_in": "Vous ne jouez pas dans le tournoi n°{id}.",
    "tour.err.over": "Le tournoi n°{id} est terminé.",
    "tour.err.not_running": "Le tournoi n°{id} n'est pas en cours : impossible de le mettre en pause.",
    "tour.err.not_paused": "Le tournoi n°{id} n'est pas en pause.",
    "tour.err.not_tournament_game": "La partie n°{id} n'est pas une partie de tournoi.",
    "tour.err.game_over": "La partie n°{id} est déjà terminée : son résultat est acquis.",
    "tour.err.not_seated": (
        "Ce joueur n'est pas assis à la partie n°{id} : nommez un de ses joueurs, ou personne pour une nulle."
    ),
    "tour.err.need_winner": (
        "La partie n°{id} a plus de deux joueurs : nommez son gagnant (la nulle est pour les duels)."
    ),
    "tour.err.director": (
        "Seuls les membres ayant la permission Gérer le serveur{role} peuvent organiser des tournois ici."
    ),
    "tour.err.director_role": " ou le rôle {role}",
    "tour.err.which": "Précisez le tournoi : il y en a plusieurs sur ce serveur ({ids}).",
    "tour.err.nothing": "Aucun tournoi sur ce serveur. Un admin peut en créer un avec /tournament create.",
    "tour.err.option": "L'option {option} n'est pas une option de {game}.",
    "tour.err.starts": "Je ne comprends pas le début {typed!r} : écrivez un délai comme 30m, 2h ou 1d, ou 'now'.",
    "tour.title": "🏆 Tournoi de {game} n°{id}",
    "tour.format.swiss": "Système suisse",
    "tour.format.round_robin": "Toutes rondes",
    "tour.format.tables": "Tables",
    "tour.announce": (
        "{format}, {rounds} ronde(s). Temps par tour : {deadline}. Début <t:{starts}:R>.\n"
        "Appuyez sur **Rejoindre** ou utilisez /tournament join pour jouer."
    ),
    "tour.announce_rr": (
        "{format} : chacun rencontre tout le monde. Temps par tour : {deadline}. Début <t:{starts}:R>.\n"
        "Appuyez sur **Rejoindre** ou utilisez /tournament join pour jouer."
    ),
    "tour.options": "Options",
    "tour.players": "Joueurs ({count})",
    "tour.nobody_yet": "personne pour l'instant",
    "tour.join": "Rejoindre",
    "tour.joined": "Vous êtes inscrit au tournoi n°{id} ({game}). Bonne chance !",
    "tour.left": "Vous avez quitté le tournoi n°{id}.",
    "tour.withdrawn_running": (
        "Vous vous êtes retiré du tournoi n°{id} : vous ne serez plus apparié. Votre partie n°{game_id} continue."
    ),
    "tour.withdrawn_resigned": (
        "Vous vous êtes retiré du tournoi n°{id} : vous ne serez plus apparié. "
        "Vous avez abandonné la partie n°{game_id}."
    ),
    "tour.withdrawn": "Vous vous êtes retiré du tournoi n°{id} : vous ne serez plus apparié.",
    "tour.withdrew_public": "<@{user}> s'est retiré du tournoi n°{id}.",
    "tour.started_closed": "Les inscriptions sont closes : le tournoi a commencé.",
    "tour.round_title": "🏆 Tournoi n°{id} · ronde {round} sur {rounds}",
    "tour.round_game_line": "Partie n°{game_id} : {players}",
    "tour.round_bye": "Exempt (un point) : {players}",
    "tour.game_thread": "Tournoi n°{id} · ronde {round} · partie n°{game_id}",
    "tour.thread_name": "T{id} R{round} n°{game_id}",
    "tour.standings_title": "Tournoi n°{id} · classement",
    "tour.after_round": "après la ronde {round} sur {rounds}",
    "tour.final": "classement final",
    "tour.before_start": "avant la première ronde",
    "tour.col.points": "Pts",
    "tour.col.buchholz": "Buch.",
    "tour.col.sb": "S-B",
    "tour.col.victory": "PV",
    "tour.col.played": "Parties",
    "tour.legend_swiss": "Points, puis Buchholz (Buch.), puis Sonneborn-Berger (S-B), puis parties jouées.",
    "tour.legend_tables": (
        "Points selon le rang à chaque table, puis total des points de victoire (PV), puis parties jouées."
    ),
    "tour.withdrawn_mark": "retiré",
    "tour.podium_title": "🏆 Le tournoi n°{id} ({game}) est terminé !",
    "tour.podium": "🥇 <@{first}>",
    "tour.podium2": "🥈 <@{second}>",
    "tour.podium3": "🥉 <@{third}>",
    "tour.no_result": "Aucune partie n'a été terminée : pas de podium.",
    "tour.cancelled": "Le tournoi n°{id} ({game}) est annulé : moins de deux joueurs inscrits.",
    "tour.paused": "⏸️ Le tournoi n°{id} est en pause : la ronde suivante attend la reprise.",
    "tour.resumed": "▶️ Le tournoi n°{id} reprend.",
    "tour.ended": "Le tournoi n°{id} a été clos par <@{user}>.",
    "tour.forced": "⚖️ Partie n°{game_id} : l'arbitre du tournoi a fixé le résultat ({result}).",
    "tour.forced_draw": "nulle",
    "tour.forced_win": "<@{user}> gagne",
    "tour.forced_summary": "⚖️ L'arbitre du tournoi a tranché la partie n°{game_id}.",
    "tour.status.open": "inscriptions ouvertes",
    "tour.status.running": "ronde {round} sur {rounds}",
    "tour.status.paused": "en pause à la ronde {round} sur {rounds}",
    "tour.status.finished": "terminé",
    "tour.status.cancelled": "annulé",
    "tour.profile": "Tournois",
    "tour.profile_line": "{played} joué(s), {won} gagné(s)",
    "tour.settings_role": "Organisateurs de tournois",
    "tour.settings_role_none": "Gérer le serveur uniquement",
}

add_messages({"en": EN, "fr": FR})

FRENCH_COMMANDS.update({
    "Server tournaments: Swiss, round robin or seated tables.": (
        "Tournois du serveur : système suisse, toutes rondes ou tables."
    ),
    "Create a tournament (Manage Server or the tournament role).": (
        "Créer un tournoi (Gérer le serveur ou le rôle des tournois)."
    ),
    "Which game": "Quel jeu",
    "Swiss or round robin for duels, seated tables for Kouba": (
        "Suisse ou toutes rondes pour les duels, tables pour Kouba"
    ),
    "How many rounds (a round robin plays as many as it needs)": (
        "Combien de rondes (un toutes rondes joue celles qu'il faut)"
    ),
    "Time per turn, e.g. 30m, 2h or 3d (5 minutes to 7 days)": (
        "Temps par tour, ex. 30m, 2h ou 3d (5 minutes à 7 jours)"
    ),
    "When the first round starts: a delay like 2h or 1d, or 'now'": (
        "Quand commence la première ronde : un délai comme 2h ou 1d, ou 'now'"
    ),
    "Dragons Arena: how the arena is filled": "Dragons Arena : comment l'arène est remplie",
    "Dragons Arena: element powers for the power-1 dragons": "Dragons Arena : pouvoirs élémentaires des dragons 1",
    "Dragons Arena: gold nuggets needed to win a match": "Dragons Arena : pépites d'or pour gagner un match",
    "Arcanor: nobody sees inside stacks": "Arcanor : personne ne voit l'intérieur des piles",
    "Araksey: the two elements, e.g. fire,mud": "Araksey : les deux éléments, ex. fire,mud",
    "Join a tournament open for sign-up.": "Rejoindre un tournoi ouvert aux inscriptions.",
    "Leave a tournament, or withdraw from it once started.": "Quitter un tournoi, ou s'en retirer une fois commencé.",
    "Which tournament": "Quel tournoi",
    "Resign your game in progress (otherwise it goes on)": "Abandonner votre partie en cours (sinon elle continue)",
    "Standings of a tournament.": "Classement d'un tournoi.",
    "Pause a tournament: the next round waits.": "Mettre un tournoi en pause : la ronde suivante attend.",
    "Resume a paused tournament.": "Reprendre un tournoi en pause.",
    "End a tournament now and announce its podium.": "Clore un tournoi maintenant et annoncer son podium.",
    "Decide a stuck tournament game.": "Trancher une partie de tournoi bloquée.",
    "The game's number": "Le numéro de la partie",
    "Who wins (leave out for a draw)": "Qui gagne (laisser vide pour une nulle)",
    "Role that may run tournaments besides Manage Server": (
        "Rôle autorisé à organiser des tournois, en plus de Gérer le serveur"
    ),
})
