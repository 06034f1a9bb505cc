"""Arcanor's board, panel and refusal texts in English and French (keys ``arcanor.*``).

The French follows the vocabulary of ``docs/rules/fr/arcanor.md``: pile, pièce du
dessus, libérer, manger, soulever, ligne gagnante, immobilisée, mémoire stricte.
Move notation (``b1-b2``, ``b1^b2``, ``b1xc2``, ``peek:b1``) is the same in both.
"""

from __future__ import annotations

from bot.i18n import add_messages
from render.arcanor import BOARD_WORDS

EN = {
    "arcanor.opt_strict": (
        "Strict memory: nobody sees inside stacks, not even their owner; lifting one shows it to everyone."
    ),
    "arcanor.opt_standard": "Standard: each player may look inside their own stacks privately (🔒 My pieces).",
    "arcanor.title": "Arcanor · game #{id}",
    "arcanor.game_over": "Game over. {players}",
    "arcanor.your_turn": "<@{user}>, your turn.",
    "arcanor.must_pass": "**{name}** has no move with any stack and must **pass**.",
    "arcanor.pick_strict": "**{name}**, your turn: pick one of your stacks below, then where it goes.",
    "arcanor.pick_standard": (
        "**{name}**, your turn: pick one of your stacks below; its moves open in a panel only you see."
    ),
    "arcanor.pass_ends": "If **{name}** passes too, the game ends on points.",
    "arcanor.lifted_this_turn": "🔍 Lifted this turn: {lift}",
    "arcanor.drawn": "**{name}** was drawn to start.",
    "arcanor.turn": "**{name}** {words}.",
    "arcanor.choose_stack": "Choose a stack to play…",
    "arcanor.back": "Back",
    "arcanor.pass": "Pass",
    "arcanor.my_pieces": "My pieces",
    "arcanor.private_title": "Your pieces · Arcanor game #{id}",
    "arcanor.private_footer": "Only you see this panel. Pick a stack, then its move.",
    "arcanor.unused_control": "This control is no longer in use: please use the latest board message.",
    "arcanor.summary": "<@{user}> {words}.",
    "arcanor.lift_announce": "🔍 <@{user}> lifted a stack in game #{id}: {lift}",
    "arcanor.no_move": "{square} has no move for you now.",
    "arcanor.stack_option": "{square}: your {size}",
    "arcanor.to": "to {targets}",
    "arcanor.play_where": "Play {square}: where to?",
    "arcanor.lift_option": "Lift {square}: your {size}",
    "arcanor.lift_description": "Everyone sees what it holds; your turn goes on",
    "arcanor.lift_placeholder": "Lift a stack (shows everyone what it holds)…",
    "arcanor.passed": "had no move and passed",
    "arcanor.played": "played {move}",
    "arcanor.lifted": "lifted {squares}",
    "arcanor.and": " and ",
    "arcanor.then": ", then ",
    "arcanor.piece": "{mark} {name}'s {size}",
    "arcanor.nothing": "nothing",
    "arcanor.lift": "**{square}**: {top} holding {inside}.",
    "arcanor.strict_private": (
        "**Strict memory**: nobody sees inside stacks, not even their owner, so this view shows only "
        "top pieces, like the public board. To look inside one of your stacks, lift it on your turn: "
        "everyone is told what it holds."
    ),
    "arcanor.frozen": " ❄ frozen on your winning row",
    "arcanor.no_stack": "You control no stack.",
    "arcanor.your_stacks": "Your stacks and what they hold (only you see this):\n{listing}",
    "arcanor.score": "**{score}** / {target} points (scores on rank {rank})",
    "arcanor.footer_strict": "Strict memory: lift a stack to look inside (everyone sees).",
    "arcanor.footer_standard": "Only top pieces are shown: 🔒 My pieces shows what yours hold.",
    "arcanor.footer": (
        "{target} points of visible pieces on your winning row win at once; two passes in a row or a "
        "position repeated a third time end the game on points. {memory}"
    ),
    "arcanor.stopped": "The game was stopped.",
    "arcanor.draw_agreed": "The players agreed to a draw.",
    "arcanor.resigned": "**{loser}** resigned: **{winner}** wins.",
    "arcanor.out_of_time": "**{loser}** ran out of time: **{winner}** wins.",
    "arcanor.wins": "**{winner}** wins ({tally}).",
    "arcanor.equal": "Equal points ({tally}): the game is a draw.",
    "arcanor.end.target": "{target} points on the winning row end the game at once.",
    "arcanor.end.passes": "Neither player could move: two passes in a row end the game on points.",
    "arcanor.end.repeat": (
        "The same position came up a third time with the same player to move, which ends the game on points."
    ),
    "arcanor.end.other": "The game ended: {reason}.",
}

FR = {
    "arcanor.opt_strict": (
        "Mémoire stricte : personne, pas même son propriétaire, ne voit l'intérieur des piles ; "
        "soulever une pile la montre à tout le monde."
    ),
    "arcanor.opt_standard": (
        "Standard : chaque joueur peut regarder en privé l'intérieur de ses propres piles (🔒 Mes pièces)."
    ),
    "arcanor.title": "Arcanor · partie n°{id}",
    "arcanor.game_over": "Partie terminée. {players}",
    "arcanor.your_turn": "<@{user}>, à vous de jouer.",
    "arcanor.must_pass": "**{name}** n'a aucune action possible avec ses piles et doit **passer**.",
    "arcanor.pick_strict": (
        "**{name}**, à vous de jouer : choisissez l'une de vos piles ci-dessous, puis sa destination."
    ),
    "arcanor.pick_standard": (
        "**{name}**, à vous de jouer : choisissez l'une de vos piles ci-dessous ; "
        "ses actions s'ouvrent dans un panneau que vous seul voyez."
    ),
    "arcanor.pass_ends": "Si **{name}** passe aussi, la partie se termine aux points.",
    "arcanor.lifted_this_turn": "🔍 Soulevée ce tour-ci : {lift}",
    "arcanor.drawn": "**{name}** a été tiré au sort pour commencer.",
    "arcanor.turn": "**{name}** {words}.",
    "arcanor.choose_stack": "Choisissez une pile à jouer…",
    "arcanor.back": "Retour",
    "arcanor.pass": "Passer",
    "arcanor.my_pieces": "Mes pièces",
    "arcanor.private_title": "Vos pièces · Arcanor, partie n°{id}",
    "arcanor.private_footer": "Vous seul voyez ce panneau. Choisissez une pile, puis son action.",
    "arcanor.unused_control": "Cette commande n'est plus utilisée : servez-vous du dernier message du plateau.",
    "arcanor.summary": "<@{user}> {words}.",
    "arcanor.lift_announce": "🔍 <@{user}> a soulevé une pile dans la partie n°{id} : {lift}",
    "arcanor.no_move": "La pile {square} n'a aucune action possible pour vous maintenant.",
    "arcanor.stack_option": "{square} : votre {size}",
    "arcanor.to": "vers {targets}",
    "arcanor.play_where": "Jouer {square} : vers où ?",
    "arcanor.lift_option": "Soulever {square} : votre {size}",
    "arcanor.lift_description": "Tout le monde voit ce qu'elle contient ; votre tour continue",
    "arcanor.lift_placeholder": "Soulever une pile (montre à tous ce qu'elle contient)…",
    "arcanor.passed": "n'avait aucune action et a passé",
    "arcanor.played": "a joué {move}",
    "arcanor.lifted": "a soulevé {squares}",
    "arcanor.and": " et ",
    "arcanor.then": ", puis ",
    "arcanor.piece": "{mark} la {size} de {name}",
    "arcanor.nothing": "rien",
    "arcanor.lift": "**{square}** : {top} contenant {inside}.",
    "arcanor.strict_private": (
        "**Mémoire stricte** : personne, pas même son propriétaire, ne voit l'intérieur des piles ; cette vue "
        "ne montre donc que les pièces du dessus, comme le plateau public. Pour regarder dans l'une de vos "
        "piles, soulevez-la pendant votre tour : tout le monde apprend ce qu'elle contient."
    ),
    "arcanor.frozen": " ❄ immobilisée sur votre ligne gagnante",
    "arcanor.no_stack": "Vous ne contrôlez aucune pile.",
    "arcanor.your_stacks": "Vos piles et ce qu'elles contiennent (vous seul le voyez) :\n{listing}",
    "arcanor.score": "**{score}** / {target} points (marque sur la rangée {rank})",
    "arcanor.footer_strict": "Mémoire stricte : soulevez une pile pour voir dedans (tout le monde le voit).",
    "arcanor.footer_standard": (
        "Seules les pièces du dessus sont montrées : 🔒 Mes pièces montre ce que contiennent les vôtres."
    ),
    "arcanor.footer": (
        "{target} points de pièces visibles sur votre ligne gagnante font gagner aussitôt ; deux passes de suite "
        "ou une position répétée pour la troisième fois terminent la partie aux points. {memory}"
    ),
    "arcanor.stopped": "La partie a été arrêtée.",
    "arcanor.draw_agreed": "Les joueurs se sont mis d'accord sur un match nul.",
    "arcanor.resigned": "**{loser}** a abandonné : **{winner}** gagne.",
    "arcanor.out_of_time": "**{loser}** a dépassé le temps imparti : **{winner}** gagne.",
    "arcanor.wins": "**{winner}** gagne ({tally}).",
    "arcanor.equal": "Égalité de points ({tally}) : la partie est nulle.",
    "arcanor.end.target": "{target} points sur la ligne gagnante mettent fin à la partie aussitôt.",
    "arcanor.end.passes": ("Aucun joueur ne pouvait jouer : deux passes de suite terminent la partie aux points."),
    "arcanor.end.repeat": (
        "La même position est revenue pour la troisième fois avec le même joueur au trait, "
        "ce qui termine la partie aux points."
    ),
    "arcanor.end.other": "La partie est terminée : {reason}.",
}

# The words the board picture draws (keys ``arcanor.pic.*``, English in render.arcanor).
PICTURE_FR = {
    "arcanor.pic.player": "Joueur {n}",
    "arcanor.pic.to_move": "à {who} de jouer",
    "arcanor.pic.to_move_drawn": "à {who} de jouer (tiré au sort)",
    "arcanor.pic.draw": "Égalité {score}",
    "arcanor.pic.won": "{who} a gagné {score}",
    "arcanor.pic.goal": "{who} marque ici : rangée {rank} (ligne gagnante)",
    "arcanor.pic.private": "vue privée : {who}",
    "arcanor.pic.no_peek": "Mémoire stricte : aucune pile soulevée",
    "arcanor.pic.peek": "Coup {n} : {who} a soulevé {square} :",
    "arcanor.pic.holds": "contient",
    "arcanor.pic.holds_nothing": "ne contient rien",
}

add_messages({"en": {**EN, **BOARD_WORDS}, "fr": {**FR, **PICTURE_FR}})
