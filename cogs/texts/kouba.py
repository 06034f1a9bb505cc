"""Kouba's board, panel and refusal texts in English and French (vocabulary of docs/rules/fr/kouba.md)."""

from __future__ import annotations

from bot.i18n import add_messages
from render.kouba import CARD_WORDS, TABLE_WORDS

EN: dict[str, str] = {
    # event help
    "kouba.help.weaver": (
        "Everyone rolls up to 3 times and stops when they like: the highest total takes a Kouba (a tie rolls again)."
    ),
    "kouba.help.golem": "Everyone rolls one die: every even result takes a Kouba.",
    "kouba.help.reaper": (
        "A race for a straight 1-2-3-4-5-6, each at their own pace: whoever needs the most rolls "
        "takes a Kouba (a tie races again). No roll limit; giving up loses the race."
    ),
    "kouba.help.sylvan": (
        "A race for two 2s and two 4s, each at their own pace: whoever needs the most rolls takes "
        "a Kouba (a tie races again). No roll limit; giving up loses the race."
    ),
    "kouba.help.duel": (
        "Each duelist races for the combination of the card they took: the slower one takes a Kouba "
        "on the pile the winner took from. No roll limit; giving up loses the duel."
    ),
    "kouba.help.tiebreak": (
        "The game ended level on points: a Reaper race (straight 1-6) decides, fewest rolls wins. "
        "No roll limit; who gives up drops out."
    ),
    # situation
    "kouba.pending_king": (
        "A Kouba is coming at **{who}** ({cause}). {who} holds an active King: **Counter** cancels the "
        "Kouba and spends the King, **Allow** lets it come."
    ),
    "kouba.pending_more_1": "\n{more} more Kouba to hand out after this one.",
    "kouba.pending_more_n": "\n{more} more Koubas to hand out after this one.",
    "kouba.pending_pile": (
        "**{who}** receives a Kouba ({cause}) and chooses the pile it lands on: that pile will score "
        "nothing this round and take no more cards.{after}"
    ),
    "kouba.round_over": (
        "**Round {previous} is over**: {first} received a 4th Kouba and opens round {round}. Scores below."
    ),
    "kouba.swap_intro": (
        "Round {round} of {rounds}: everyone got 5 piles dealt face down. Each player may swap "
        "up to 2 of their cards, once, all at the same time: press **My hand**."
    ),
    "kouba.still_choosing": "Still choosing: {left}. Then **{first}** opens the arena.",
    "kouba.faces_arena": (
        "**{name}** faces the arena: roll the six dice up to {left} times, keeping any dice "
        "between rolls. Claim an arena card whose combination the dice show, or give up and take a Kouba."
    ),
    "kouba.rolled": "**{name}** rolled {dice} (roll {rolls}, {left} left).",
    "kouba.slot": "{name} (slot {slot})",
    "kouba.dice_show": "The dice show the combination of: {shown}.",
    "kouba.no_match": "No arena card matches these dice.",
    "kouba.six_alike": "Six alike! {name} may give any player a Kouba, themselves included (once this turn).",
    "kouba.drawn_by": ", drawn by {name}",
    "kouba.rolloff": " (tie: roll-off {n})",
    "kouba.challenge_stage": "**{name}** drew a duelist and picks the opponent to duel.",
    "kouba.take_stage": (
        "**{a}** and **{b}** each pick one of the other's piles: they race for the combination of its "
        "top card; the loser takes a Kouba on the pile the winner took from."
    ),
    "kouba.target": " for {target}",
    "kouba.not_rolled": "• {name}: not rolled yet{target}.",
    "kouba.total": ", total {total}",
    "kouba.done": "done ✓",
    "kouba.still_rolling": "still rolling",
    "kouba.roller_1": "• {name}: {dice} after {rolls} roll{target}{total}, {status}.",
    "kouba.roller_n": "• {name}: {dice} after {rolls} rolls{target}{total}, {status}.",
    # prompts (after the mentions)
    "kouba.mentions": "{mentions}: {prompt}",
    "kouba.p_king": "a Kouba is coming at you: counter it with your King, or allow it.",
    "kouba.p_pile": "choose the pile for your Kouba.",
    "kouba.p_swap": "swap up to 2 of your cards: press **My hand**.",
    "kouba.p_roll": "your turn: roll the dice.",
    "kouba.p_goes_on": "your turn goes on.",
    "kouba.p_duel": "pick your opponent for the duel.",
    "kouba.p_take": "pick the pile whose top card you race for.",
    "kouba.p_event": "roll for the event, each at your own pace (it is played on roll counts, not speed).",
    # arena, scores, results
    "kouba.empty_slot": "{slot}. (empty)",
    "kouba.empty_slot_no_card": "{slot}. (empty: no card left to draw)",
    **TABLE_WORDS,
    **CARD_WORDS,
    "kouba.arena_card": "{slot}. **{name}** ({points} VP{effect}): {combo}",
    "kouba.player_col": "Player",
    "kouba.round_col": "R{n}",
    "kouba.total_col": "  Total",
    "kouba.resigned": "**{name}** resigned: the game is over.",
    "kouba.game_over_text": "**Game over** after {rounds} rounds: **{winner}** wins ({reason}).",
    # hand
    "kouba.pile": "**Pile {n}**",
    "kouba.pile_kouba_1": "{head}: Kouba, scores nothing ({n} card).",
    "kouba.pile_kouba_n": "{head}: Kouba, scores nothing ({n} cards).",
    "kouba.pile_empty": "{head}: empty.",
    "kouba.active": "active: {effect}",
    "kouba.face_down": "face down",
    "kouba.below": ", {n} below",
    "kouba.pile_card": "{head}: {name} ({points} VP, {combo}; {status}){below}: {score}.",
    "kouba.round_so_far": "This round so far: **{score}**.",
    "kouba.powers_now": "Powers you may use now: {powers}",
    "kouba.none": "none.",
    # controls
    "kouba.die_option": "{pip} {value}  (die {n})",
    "kouba.keep_placeholder": "Keep these dice, roll the others…",
    "kouba.keep_list_placeholder": "Keep dice that can still make it, roll the others…",
    "kouba.keep_list_more": "More dice to keep…",
    "kouba.keep_option": "Keep {dice}, roll {n}",
    "kouba.join": "Join",
    "kouba.leave": "Leave",
    "kouba.start": "Start",
    "kouba.table_title": "Kouba table · game #{id}",
    "kouba.table_text": (
        "<@{creator}> opens a table of Kouba for {min} to {max} players. "
        "Press **Join** to take a seat; <@{creator}> presses **Start** when everyone is in."
    ),
    "kouba.players_field": "Players ({n}/{max})",
    "kouba.table_footer": "Seats follow the joining order. The creator leaving closes the table.",
    "kouba.who_plays": "Who plays Kouba? Press **Join**.",
    "kouba.table_closed": "The table was closed by its creator (<@{user}>).",
    "kouba.game_title": "Kouba · game #{id}",
    "kouba.game_on": "The game is on! Seats in order: {players}",
    "kouba.board_title": "Kouba · game #{id} · round {round}/{rounds}",
    "kouba.game_over": "Game over. {players}",
    "kouba.board_footer": "🔒 My hand: your piles, the round-start swap, and the powers you may use now.",
    "kouba.final_ranking": "Final ranking",
    "kouba.arena": "Arena",
    "kouba.scores": "Scores",
    "kouba.latest": "Latest",
    "kouba.my_hand": "My hand",
    "kouba.counter": "Counter with the King",
    "kouba.allow": "Allow the Kouba",
    "kouba.kouba_on_1": "Kouba on pile {n} ({size} card)",
    "kouba.kouba_on_n": "Kouba on pile {n} ({size} cards)",
    "kouba.roll_first": "Roll the dice",
    "kouba.roll_again": "Roll all dice again ({left} left)",
    "kouba.give_up": "Give up: take a Kouba",
    "kouba.claim_placeholder": "Claim an arena card your dice show…",
    "kouba.give_placeholder": "Six alike: give a player a Kouba…",
    "kouba.give_more": "Six alike: more players and piles…",
    "kouba.duel_placeholder": "{name}: duel whom?",
    "kouba.roll_my_dice": "Roll my dice",
    "kouba.my_dice": "My dice…",
    "kouba.stop": "Stop: keep my result",
    "kouba.give_up_race": "Give up the race",
    "kouba.take_option": "Pile {n} ({size} cards{active})",
    "kouba.take_active": ", active {name}",
    "kouba.take_placeholder": "{name}: race for the top card of {rival}'s pile…",
    # private panels
    "kouba.hand_title": "Your hand · Kouba #{id} · round {round}",
    "kouba.hand_footer": "Only you see this. Press My hand on the board again for a fresh view.",
    "kouba.power_choose": "{power}: choose…",
    "kouba.power_more": "{power} (more)…",
    "kouba.swap_label": "Swap {piles}",
    "kouba.swap_pile": "pile {n} ({name})",
    "kouba.keep_all": "Keep all 5 cards",
    "kouba.swap_placeholder": "Swap up to 2 cards for new ones (once)…",
    "kouba.dice_title": "Your dice",
    "kouba.dice_title_event": "Your dice · {event}",
    "kouba.no_event": "No event is being rolled now.",
    "kouba.nothing_more": "\nNothing more to roll for you in this event.",
    "kouba.roll_all_mine": "Roll all my dice",
    # refusals
    "kouba.err.not_started": "This Kouba table has not started yet.",
    "kouba.err.pick_one": "Pick at least one die to keep, or roll them all.",
    "kouba.err.old_swap": "That swap belongs to an earlier round: press My hand for this round's cards.",
    "kouba.err.card_gone": "That arena card has gone since you opened your hand: press My hand again.",
    "kouba.err.old_dice": (
        "These dice controls are out of date (a roll was made since, or the event is over): use the latest board."
    ),
    "kouba.err.unknown": "This control is not known any more: use the latest board message.",
    "kouba.err.not_your_menu": "This menu is for {name}: pick in your own menu.",
}

FR: dict[str, str] = {
    "kouba.help.weaver": (
        "Chacun lance jusqu'à 3 fois et s'arrête quand il veut : le plus gros total reçoit un Kouba "
        "(égalité : on relance)."
    ),
    "kouba.help.golem": "Chacun lance un dé : chaque résultat pair reçoit un Kouba.",
    "kouba.help.reaper": (
        "Une course pour la suite 1-2-3-4-5-6, chacun à son rythme : qui a besoin du plus de lancers "
        "reçoit un Kouba (égalité : on rejoue). Sans limite de lancers ; abandonner fait perdre la course."
    ),
    "kouba.help.sylvan": (
        "Une course pour deux 2 et deux 4, chacun à son rythme : qui a besoin du plus de lancers "
        "reçoit un Kouba (égalité : on rejoue). Sans limite de lancers ; abandonner fait perdre la course."
    ),
    "kouba.help.duel": (
        "Chaque duelliste court pour la combinaison de la carte qu'il a prise : le plus lent reçoit un Kouba "
        "sur la pile où le gagnant a pris sa carte. Sans limite de lancers ; abandonner fait perdre le duel."
    ),
    "kouba.help.tiebreak": (
        "La partie finit à égalité de points : une course de la Moissonneuse (suite 1-6) départage, "
        "le moins de lancers gagne. Sans limite de lancers ; qui abandonne est éliminé."
    ),
    "kouba.pending_king": (
        "Un Kouba vise **{who}** ({cause}). {who} a un Roi actif : **Contrer** annule le Kouba "
        "et retourne le Roi, **Laisser passer** l'accepte."
    ),
    "kouba.pending_more_1": "\nEncore {more} Kouba à distribuer après celui-ci.",
    "kouba.pending_more_n": "\nEncore {more} Koubas à distribuer après celui-ci.",
    "kouba.pending_pile": (
        "**{who}** reçoit un Kouba ({cause}) et choisit la pile où il tombe : cette pile ne comptera "
        "rien cette manche et ne recevra plus de carte.{after}"
    ),
    "kouba.round_over": (
        "**La manche {previous} est finie** : {first} a reçu un 4e Kouba et ouvre la manche {round}. Scores ci-dessous."
    ),
    "kouba.swap_intro": (
        "Manche {round} sur {rounds} : chacun a reçu 5 piles face cachée. Chaque joueur peut échanger "
        "jusqu'à 2 de ses cartes, une fois, tous en même temps : appuyez sur **Ma main**."
    ),
    "kouba.still_choosing": "Choix en cours : {left}. Puis **{first}** ouvre l'arène.",
    "kouba.faces_arena": (
        "**{name}** affronte l'arène : lancez les six dés jusqu'à {left} fois, en gardant les dés voulus "
        "entre deux lancers. Remportez une carte de l'arène dont les dés montrent la combinaison, "
        "ou abandonnez et prenez un Kouba."
    ),
    "kouba.rolled": "**{name}** a lancé {dice} (lancer {rolls}, encore {left}).",
    "kouba.slot": "{name} (case {slot})",
    "kouba.dice_show": "Les dés montrent la combinaison de : {shown}.",
    "kouba.no_match": "Aucune carte de l'arène ne correspond à ces dés.",
    "kouba.six_alike": (
        "Six dés identiques ! {name} peut donner un Kouba à n'importe quel joueur, soi-même compris "
        "(une fois dans ce tour)."
    ),
    "kouba.drawn_by": ", carte piochée par {name}",
    "kouba.rolloff": " (égalité : relance {n})",
    "kouba.challenge_stage": "**{name}** a pioché un duelliste et choisit son adversaire.",
    "kouba.take_stage": (
        "**{a}** et **{b}** choisissent chacun une pile de l'autre : ils courent pour la combinaison de sa "
        "carte du dessus ; le perdant reçoit un Kouba sur la pile où le gagnant a pris sa carte."
    ),
    "kouba.target": " pour {target}",
    "kouba.not_rolled": "• {name} : pas encore lancé{target}.",
    "kouba.total": ", total {total}",
    "kouba.done": "terminé ✓",
    "kouba.still_rolling": "lance encore",
    "kouba.roller_1": "• {name} : {dice} après {rolls} lancer{target}{total}, {status}.",
    "kouba.roller_n": "• {name} : {dice} après {rolls} lancers{target}{total}, {status}.",
    "kouba.mentions": "{mentions} : {prompt}",
    "kouba.p_king": "un Kouba vous vise : contrez-le avec votre Roi, ou laissez-le passer.",
    "kouba.p_pile": "choisissez la pile de votre Kouba.",
    "kouba.p_swap": "échangez jusqu'à 2 de vos cartes : appuyez sur **Ma main**.",
    "kouba.p_roll": "à vous : lancez les dés.",
    "kouba.p_goes_on": "votre tour continue.",
    "kouba.p_duel": "choisissez votre adversaire pour le duel.",
    "kouba.p_take": "choisissez la pile dont vous visez la carte du dessus.",
    "kouba.p_event": (
        "lancez pour l'événement, chacun à votre rythme (seul compte le nombre de lancers, pas la vitesse)."
    ),
    "kouba.empty_slot": "{slot}. (vide)",
    "kouba.empty_slot_no_card": "{slot}. (vide : plus aucune carte à piocher)",
    "kouba.pic.empty": "vide",
    "kouba.pic.no_card_left": "plus de carte dans la pioche",
    "kouba.pic.won": "{who} a gagné",
    "kouba.pic.draw_result": "Égalité",
    "kouba.pic.to_play": "à {who} de jouer",
    "kouba.pic.n_to_play": "{n} joueurs doivent jouer",
    "kouba.pic.round": "Manche {round}/{rounds}",
    "kouba.pic.game_over": "partie terminée",
    "kouba.pic.king_counter": "{who} : contrer avec le Roi ? ({cause})",
    "kouba.pic.places_kouba": "{who} place un Kouba ({cause})",
    "kouba.pic.swap": "échange de 2 cartes au plus ({left} choisissent encore)",
    "kouba.pic.faces_arena": "{who} affronte l'arène",
    "kouba.pic.slot": "case {n}",
    "kouba.pic.draw": "pioche",
    "kouba.pic.discard": "défausse",
    "kouba.pic.dice": "Dés",
    "kouba.pic.nobody_rolling": "personne ne lance",
    "kouba.pic.not_rolled": "pas encore lancé",
    "kouba.pic.kept": "gardé",
    "kouba.pic.rolls_left_1": "{n} lancer restant",
    "kouba.pic.rolls_left_n": "{n} lancers restants",
    "kouba.pic.rolls_1": "{n} lancer",
    "kouba.pic.rolls_n": "{n} lancers",
    "kouba.pic.done": "fini",
    "kouba.pic.roll_off": "{name} (départage {n})",
    "kouba.pic.races": "{who} court pour la pile {pile} de {whose} :",
    "kouba.pic.total": "total {n}",
    "kouba.pic.no_hand": "Les spectateurs n'ont pas de main.",
    "kouba.pic.your_piles": "Vos piles, {who}  ·  manche {round}  ·  cette manche : {score} pts",
    "kouba.pic.kouba_pile": "Kouba : 0 pt",
    "kouba.pic.points": "{n} pts",
    "kouba.pic.powers_now": "Pouvoirs utilisables maintenant : {powers}",
    "kouba.pic.no_power": "aucun",
    "kouba.pic.example": "p. ex. {sample}",
    "kouba.pic.event.weaver": "Tisseuse : le plus petit total est sauf",
    "kouba.pic.event.golem": "Golem : un dé, pair reçoit un Kouba",
    "kouba.pic.event.reaper": "Course de la Moissonneuse : suite 1-6",
    "kouba.pic.event.sylvan": "Course du Sylvestre : deux 2 et deux 4",
    "kouba.pic.event.duel": "Duel",
    "kouba.pic.event.tiebreak": "Départage : course de la Moissonneuse",
    "kouba.pic.pile": "pile {n}",
    "kouba.pic.cards_1": "{n} carte",
    "kouba.pic.cards_n": "{n} cartes",
    "kouba.pic.inert": "inerte / face cachée",
    "kouba.pic.active": "ACTIVE",
    "kouba.pic.kind": "{n} pareils",
    "kouba.pic.yams": "yams",
    "kouba.pic.run": "suite de {n}",
    "kouba.pic.sum_at_least": "somme >= {n}",
    "kouba.pic.sum_at_most": "somme <= {n}",
    "kouba.pic.band.champion": "CHAMPION",
    "kouba.pic.band.legendary": "LÉGENDAIRE",
    "kouba.pic.band.duelist": "DUELLISTE",
    "kouba.pic.power.king": "annule un Kouba",
    "kouba.pic.power.khan": "donne un Kouba",
    "kouba.pic.power.brute": "défausse une carte",
    "kouba.pic.power.assassin": "termine un tour",
    "kouba.pic.power.extra": "+{n} lancer{s}",
    "kouba.pic.power.courtesan": "change un dé",
    "kouba.pic.power.shaman": "remplace une carte",
    "kouba.pic.power.weaver": "événement Tisseuse",
    "kouba.pic.power.golem": "événement Golem",
    "kouba.pic.power.reaper": "course de la Moissonneuse",
    "kouba.pic.power.sylvan": "course du Sylvestre",
    "kouba.pic.power.duel": "duel à l'entrée",
    "kouba.pic.mini.king": "annule Kouba",
    "kouba.pic.mini.khan": "donne Kouba",
    "kouba.pic.mini.brute": "défausse carte",
    "kouba.pic.mini.assassin": "termine un tour",
    "kouba.pic.mini.courtesan": "change un dé",
    "kouba.pic.mini.shaman": "nouvelle carte",
    "kouba.pic.combo.pair": "paire",
    "kouba.pic.combo.two-pairs": "deux paires",
    "kouba.pic.combo.three-pairs": "trois paires",
    "kouba.pic.combo.full": "full",
    "kouba.pic.combo.two-sets": "deux brelans",
    "kouba.pic.combo.all-even": "tout pair",
    "kouba.pic.combo.all-odd": "tout impair",
    # the cards as the rulebook names them (its duelists are unnamed: named by their weapon)
    "kouba.card.dwarf_king": "Roi Nain",
    "kouba.card.elf_king": "Roi Elfe",
    "kouba.card.khan": "Khan",
    "kouba.card.black_widow": "Veuve Noire",
    "kouba.card.brute": "Brute",
    "kouba.card.executioner": "Bourreau",
    "kouba.card.assassin": "Assassin",
    "kouba.card.judge": "Juge",
    "kouba.card.courtesan": "Courtisane",
    "kouba.card.magician": "Magicienne",
    "kouba.card.shaman": "Chaman",
    "kouba.card.guardian": "Gardien",
    "kouba.card.priestess": "Prêtresse",
    "kouba.card.sentinel": "Sentinelle",
    "kouba.card.champion": "Champion",
    "kouba.card.wild_one": "Sauvageonne",
    "kouba.card.weaver": "Tisseuse",
    "kouba.card.golem": "Golem",
    "kouba.card.reaper": "Moissonneuse",
    "kouba.card.sylvan": "Sylvestre",
    "kouba.card.axe_duelist": "Duelliste à la hache",
    "kouba.card.blade_duelist": "Duelliste à la lame",
    "kouba.card.bow_duelist": "Duelliste à l'arc",
    "kouba.card.spear_duelist": "Duelliste à la lance",
    "kouba.card.shield_duelist": "Duelliste au bouclier",
    "kouba.card.hammer_duelist": "Duelliste au marteau",
    "kouba.arena_card": "{slot}. **{name}** ({points} PV{effect}) : {combo}",
    "kouba.player_col": "Joueur",
    "kouba.round_col": "M{n}",
    "kouba.total_col": "  Total",
    "kouba.resigned": "**{name}** a abandonné : la partie est finie.",
    "kouba.game_over_text": "**Partie finie** après {rounds} manches : **{winner}** gagne ({reason}).",
    "kouba.pile": "**Pile {n}**",
    "kouba.pile_kouba_1": "{head} : Kouba, ne compte rien ({n} carte).",
    "kouba.pile_kouba_n": "{head} : Kouba, ne compte rien ({n} cartes).",
    "kouba.pile_empty": "{head} : vide.",
    "kouba.active": "active : {effect}",
    "kouba.face_down": "face cachée",
    "kouba.below": ", {n} en dessous",
    "kouba.pile_card": "{head} : {name} ({points} PV, {combo} ; {status}){below} : {score}.",
    "kouba.round_so_far": "Cette manche jusqu'ici : **{score}**.",
    "kouba.powers_now": "Pouvoirs utilisables maintenant : {powers}",
    "kouba.none": "aucun.",
    "kouba.die_option": "{pip} {value}  (dé {n})",
    "kouba.keep_placeholder": "Garder ces dés, relancer les autres…",
    "kouba.keep_list_placeholder": "Garder des dés encore utiles, relancer les autres…",
    "kouba.keep_list_more": "Autres dés à garder…",
    "kouba.keep_option": "Garder {dice}, relancer {n}",
    "kouba.join": "Rejoindre",
    "kouba.leave": "Quitter",
    "kouba.start": "Commencer",
    "kouba.table_title": "Table de Kouba · partie n°{id}",
    "kouba.table_text": (
        "<@{creator}> ouvre une table de Kouba pour {min} à {max} joueurs. "
        "Appuyez sur **Rejoindre** pour prendre place ; <@{creator}> appuie sur **Commencer** "
        "quand tout le monde est là."
    ),
    "kouba.players_field": "Joueurs ({n}/{max})",
    "kouba.table_footer": "Les places suivent l'ordre d'arrivée. Si le créateur part, la table ferme.",
    "kouba.who_plays": "Qui joue au Kouba ? Appuyez sur **Rejoindre**.",
    "kouba.table_closed": "La table a été fermée par son créateur (<@{user}>).",
    "kouba.game_title": "Kouba · partie n°{id}",
    "kouba.game_on": "La partie commence ! Places dans l'ordre : {players}",
    "kouba.board_title": "Kouba · partie n°{id} · manche {round}/{rounds}",
    "kouba.game_over": "Partie finie. {players}",
    "kouba.board_footer": (
        "🔒 Ma main : vos piles, l'échange de début de manche et les pouvoirs utilisables maintenant."
    ),
    "kouba.final_ranking": "Classement final",
    "kouba.arena": "Arène",
    "kouba.scores": "Scores",
    "kouba.latest": "Derniers coups",
    "kouba.my_hand": "Ma main",
    "kouba.counter": "Contrer avec le Roi",
    "kouba.allow": "Laisser passer le Kouba",
    "kouba.kouba_on_1": "Kouba sur la pile {n} ({size} carte)",
    "kouba.kouba_on_n": "Kouba sur la pile {n} ({size} cartes)",
    "kouba.roll_first": "Lancer les dés",
    "kouba.roll_again": "Relancer tous les dés (encore {left})",
    "kouba.give_up": "Abandonner : prendre un Kouba",
    "kouba.claim_placeholder": "Remporter une carte de l'arène que vos dés montrent…",
    "kouba.give_placeholder": "Six dés identiques : donner un Kouba à un joueur…",
    "kouba.give_more": "Six dés identiques : autres joueurs et piles…",
    "kouba.duel_placeholder": "{name} : défier qui ?",
    "kouba.roll_my_dice": "Lancer mes dés",
    "kouba.my_dice": "Mes dés…",
    "kouba.stop": "Stop : garder mon résultat",
    "kouba.give_up_race": "Abandonner la course",
    "kouba.take_option": "Pile {n} ({size} cartes{active})",
    "kouba.take_active": ", active {name}",
    "kouba.take_placeholder": "{name} : visez la carte du dessus d'une pile de {rival}…",
    "kouba.hand_title": "Votre main · Kouba n°{id} · manche {round}",
    "kouba.hand_footer": "Vous seul voyez ceci. Appuyez à nouveau sur Ma main sur le plateau pour actualiser.",
    "kouba.power_choose": "{power} : choisir…",
    "kouba.power_more": "{power} (suite)…",
    "kouba.swap_label": "Échanger {piles}",
    "kouba.swap_pile": "pile {n} ({name})",
    "kouba.keep_all": "Garder les 5 cartes",
    "kouba.swap_placeholder": "Échanger jusqu'à 2 cartes contre des nouvelles (une fois)…",
    "kouba.dice_title": "Vos dés",
    "kouba.dice_title_event": "Vos dés · {event}",
    "kouba.no_event": "Aucun événement en cours de lancer.",
    "kouba.nothing_more": "\nPlus rien à lancer pour vous dans cet événement.",
    "kouba.roll_all_mine": "Lancer tous mes dés",
    "kouba.err.not_started": "Cette table de Kouba n'a pas encore commencé.",
    "kouba.err.pick_one": "Choisissez au moins un dé à garder, ou relancez-les tous.",
    "kouba.err.old_swap": (
        "Cet échange date d'une manche précédente : appuyez sur Ma main pour les cartes de cette manche."
    ),
    "kouba.err.card_gone": (
        "Cette carte de l'arène est partie depuis l'ouverture de votre main : appuyez à nouveau sur Ma main."
    ),
    "kouba.err.old_dice": (
        "Ces commandes de dés sont périmées (un lancer a eu lieu depuis, ou l'événement est terminé) : "
        "utilisez le dernier plateau."
    ),
    "kouba.err.unknown": "Cette commande n'est plus reconnue : utilisez le dernier message du plateau.",
    "kouba.err.not_your_menu": "Ce menu est pour {name} : choisissez dans le vôtre.",
}

add_messages({"en": EN, "fr": FR})
