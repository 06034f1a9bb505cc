"""Kouba in words: the game log, why a move is refused, and the labels and groups of the move menus."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from rules.base import Text
from rules.kouba.moves import (
    DICE,
    MAX_SWAP,
    POWER_TYPES,
    SWAP,
    TIEBREAK,
    TURN,
    Assassin,
    Brute,
    Challenge,
    Claim,
    Courtesan,
    Extra,
    Give,
    Keep,
    Khan,
    King,
    PlaceKouba,
    Roll,
    Shaman,
    Stop,
    Swap,
    Take,
    at,
)
from rules.kouba_combos import combo_words
from rules.kouba_deck import card

if TYPE_CHECKING:
    from rules.kouba.game import KoubaState
    from rules.kouba.moves import KoubaMove
    from rules.kouba.views import KoubaView


_EVENT_NAMES = {  # in views as their English template: the bot words them in a server's language
    "weaver": Text("Weaver: lowest total is safe"),
    "golem": Text("Golem: one die, even gets a Kouba"),
    "reaper": Text("Reaper race: straight 1-6"),
    "sylvan": Text("Sylvan race: two 2s and two 4s"),
    "duel": Text("Duel"),
    "tiebreak": Text("Tie-break Reaper race"),
}


def _seat_of(player: str) -> int:
    """``@2`` -> seat 1."""
    return int(player.removeprefix("@")) - 1


def _pile_of(pile: str) -> int:
    """``pile4`` or ``arena2`` -> 4 or 2, as players count."""
    return int(pile.removeprefix("pile").removeprefix("arena"))


def _action_words(kind: str, parts: list[str], who: str, names: Sequence[str]) -> Text:
    """A move other than a roll, a stop or a claim, in words (``parts``: what followed ``kind:``)."""
    if kind == "swap":
        if parts == ["none"]:
            return Text("{who} kept their 5 cards", who=who)
        return _swapped(who, len(parts[0].split(",")))
    if kind == "kouba":
        return Text("{who} put the Kouba on pile {pile}", who=who, pile=_pile_of(parts[0]))
    if kind == "give":
        whom = names[_seat_of(parts[0])]
        return Text("{who} gave {whom} a Kouba on pile {pile}", who=who, whom=whom, pile=_pile_of(parts[1]))
    if kind == "duel":
        return Text("{who} challenged {whom} to a duel", who=who, whom=names[_seat_of(parts[0])])
    if kind == "king":
        if parts == ["counter"]:
            return Text("{who} countered the Kouba with the King", who=who)
        return Text("{who} let the Kouba come", who=who)
    if kind == "khan":
        whom, pile = names[_seat_of(parts[0])], _pile_of(parts[1])
        return Text("{who} played the Khan: a Kouba for {whom} on pile {pile}", who=who, whom=whom, pile=pile)
    if kind == "brute":
        whom, pile = names[_seat_of(parts[0])], _pile_of(parts[1])
        return Text("{who} played the Brute on pile {pile} of {whom}", who=who, whom=whom, pile=pile)
    if kind == "assassin":
        return Text("{who} played the Assassin: {whom} loses the turn", who=who, whom=names[_seat_of(parts[0])])
    if kind == "extra":
        return Text.counted("{who} took {n} extra roll", "{who} took {n} extra rolls", "n", who=who, n=parts[0])
    if kind == "courtesan":
        old, _, new = parts[0].partition("=")
        return Text("{who} turned a {old} into a {new} with the Courtesan", who=who, old=old, new=new)
    if kind == "shaman":
        return Text("{who} played the Shaman on arena slot {slot}", who=who, slot=_pile_of(parts[0]))
    return Text("{who} played {move}", who=who, move=":".join([kind, *parts]))


def _stop_words(stopped: str | None, who: str) -> Text:
    """A stop gives up a turn (a Kouba), gives up a race or ends one's rolls."""
    if stopped == "arena":
        return Text("{who} gave up and takes a Kouba", who=who)
    if stopped == "race":
        return Text("{who} gave up the race", who=who)
    return Text("{who} stopped rolling", who=who)


def _take_words(view: KoubaView, actor: int, who: str, names: Sequence[str]) -> Text:
    """A duel's pick is secret until both duellists picked: then the table sees whose pile it was."""
    event = view["event"]
    for taken in event["taken"] if event else []:
        if taken["seat"] == actor:
            owner, pile = names[taken["from"]], taken["pile"] + 1
            return Text("{who} races for the top card of {owner}'s pile {pile}", who=who, owner=owner, pile=pile)
    return Text("{who} picked a pile to race for", who=who)


def _claim_words(view: KoubaView, actor: int, who: str, rest: str) -> Text:
    """``claim:2:pile4``: the card won, as the log names it (it was face up in the arena)."""
    pile = _pile_of(rest.split(":")[-1])
    for line in reversed(view["log"]):
        said = log_text(line)
        if said.template == "{who} won {card} ({points} VP) onto pile {pile}" and dict(said.values)["who"] == at(actor):
            return Text("{who} won {card} onto pile {pile}", who=who, card=dict(said.values)["card"], pile=pile)
    return Text("{who} won a card onto pile {pile}", who=who, pile=pile)


@lru_cache(maxsize=256)
def _failed_line(seat: int) -> str:
    return str(_failed(seat))


@lru_cache(maxsize=4096)
def _kouba_line(seat: int, pile: int, cause: str) -> str:
    return str(Text("{who} takes a Kouba on pile {pile} ({cause})", who=at(seat), pile=pile + 1, cause=cause))


@lru_cache(maxsize=4096)
def _won_line(seat: int, card_id: str, pile: int) -> str:
    won = card(card_id)
    return str(
        Text(
            "{who} won {card} ({points} VP) onto pile {pile}",
            who=at(seat),
            card=card_name(card_id),
            points=won.points,
            pile=pile + 1,
        )
    )


@lru_cache(maxsize=256)
def _swap_line(seat: int, count: int) -> str:
    return str(_swapped(at(seat), count))


@lru_cache(maxsize=256)
def _entry_line(card_id: str) -> str:
    return str(
        Text("{card} enters the arena: {event}", card=card_name(card_id), event=_EVENT_NAMES[card(card_id).event])
    )


def card_name(cid: str) -> Text:
    """A card's name for players: its English name, which the bot words in a server's language."""
    return Text(card(cid).name)


_FAILED_ARENA = str(Text("failed the arena"))  # the cause of the Kouba of a turn given up


def _failed(seat: int) -> Text:
    return Text("{who} failed and takes a Kouba", who=at(seat))


def _swapped(who: str, count: int) -> Text:
    if count == 0:  # no card changed: a sentence of its own ("n'a échangé aucune carte")
        return Text("{who} swapped 0 cards", who=who)
    return Text.counted("{who} swapped {n} card", "{who} swapped {n} cards", "n", who=who, n=count)


# Lines of the log and causes of a Kouba are kept in English in the state (and its stored
# JSON, views and the AI's reading of the log); these are their templates, so that the
# bot can read one back as a Text and word it in a server's language: a template, or the
# English for one, the English for many and the value counted of words that agree with a
# number (Text.counted). A more precise template comes before a more general one.
LogText = str | tuple[str, str, str]
LOG_TEXTS: tuple[LogText, ...] = (
    "{who} swapped 0 cards",
    ("{who} swapped {n} card", "{who} swapped {n} cards", "n"),
    "{who} won {card} ({points} VP) onto pile {pile}",
    "{who} failed and takes a Kouba",
    "{who} gives up the race",
    "{who} rolled six alike and gives themselves a Kouba",
    "{who} rolled six alike and gives {whom} a Kouba",
    "{who} challenges {whom} to a duel",
    "{who} counters a Kouba ({cause}) with the King",
    "{who} plays the Khan on {whom}",
    "{who} plays the Brute: {whom} loses {card} from pile {pile}",
    "{who} plays the Assassin: {whom} loses the turn",
    ("{who} gains {n} extra roll", "{who} gains {n} extra rolls", "n"),
    "{who} turns a {old} into a {new} with the Courtesan",
    "{who} plays the Shaman: {card} leaves the arena",
    "no card left to draw: arena slot {slot} stays empty",
    "the discard is shuffled into a new draw pile",
    "{who} takes a Kouba on pile {pile} ({cause})",
    "round {round}: {who} starts; everyone may swap up to 2 cards",
    "{card} enters the arena: {event}",
    "{who} wins the tie-break race the others gave up",
    ("{who} wins the tie-break race in {n} roll", "{who} wins the tie-break race in {n} rolls", "n"),
    "{who} wins the duel",
    "tie between {seats}: they roll again",
    "round {round} ends ({who} has 4 Koubas): {scores}",
    (
        "tie on {points} point: Reaper race between {seats}",
        "tie on {points} points: Reaper race between {seats}",
        "points",
    ),
)
CAUSE_TEXTS: tuple[LogText, ...] = (
    "failed the arena",
    "six alike of {who}",
    "Khan of {who}",
    "Brute of {who}",
    "Golem, rolled {value}",
    "Weaver, highest total {total}",
    "lost the duel to {who}",
    "{event}, {why}",
)


def _reader(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(pattern)


Reader = tuple[LogText, re.Pattern[str]]


def _readers(texts: tuple[LogText, ...]) -> tuple[Reader, ...]:
    """A reader of each English a text can take: a counted text's form for one and its form for many."""
    return tuple(
        (text, _reader(english)) for text in texts for english in ((text,) if isinstance(text, str) else text[:2])
    )


_LOG_READERS = _readers(LOG_TEXTS)
_CAUSE_READERS = _readers(CAUSE_TEXTS)


def _read(line: str, readers: tuple[Reader, ...]) -> Text:
    for text, reader in readers:
        if match := reader.fullmatch(line):
            values = {name: _read_value(name, value) for name, value in match.groupdict().items()}
            return Text(text, **values) if isinstance(text, str) else Text.counted(*text, **values)
    return Text(line)  # a line of an older version: left as it is


def _read_value(name: str, value: str) -> Any:
    if name in ("card", "event", "why"):
        return Text(value)  # a card's name, an event's name (English templates), gave up / slowest
    if name == "cause":
        return cause_text(value)
    return value


def log_text(line: str) -> Text:
    """A line of the log as the Text it was written from, to word in a server's language.

    >>> log_text("@1 won Elf King (3 VP) onto pile 2").values[1]
    ('card', Text(template='Elf King', values=()))
    """
    return _read(line, _LOG_READERS)


def cause_text(cause: str) -> Text:
    """Why a Kouba comes (``Delivery.cause``, in English in states and views) as a Text."""
    return _read(cause, _CAUSE_READERS)


def _refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    if state.pending and not (isinstance(move, POWER_TYPES) and state._powers_open()):
        return _pending_refusal(state, seat, move)
    for kinds, explain in _REFUSERS:
        if isinstance(move, kinds):
            return explain(state, seat, move)
    return Text("{move} is not possible now.", move=str(move))


def _pending_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    delivery = state.pending[0]
    cause = cause_text(delivery.cause)
    if seat != delivery.receiver:
        who = at(delivery.receiver)
        if state._king_window(delivery):
            return Text(
                "{who} is answering a Kouba ({cause}) with their King: everyone waits for that answer.",
                who=who,
                cause=cause,
            )
        return Text("{who} is placing a Kouba ({cause}): meanwhile only powers can be played.", who=who, cause=cause)
    if state._king_window(delivery):
        return Text("A Kouba ({cause}) is coming at you: first answer with king:counter or king:allow.", cause=cause)
    if isinstance(move, PlaceKouba):
        return Text("Pile {pile} already has a Kouba: a Kouba never goes on another Kouba.", pile=move.pile + 1)
    return Text("First place the Kouba you receive ({cause}) on a pile without one.", cause=cause)


def _swap_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    if state.phase != SWAP:
        return Text("Swapping is only allowed once, at the start of a round.")
    if isinstance(move, Swap) and len(move.piles) > MAX_SWAP:
        return Text("You may swap at most {n} cards.", n=MAX_SWAP)
    return Text("You have already swapped this round.")


def _dice_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    roller = state.rollers[seat]
    if seat not in state.rolling():
        return Text("You are not rolling dice now.")
    if isinstance(move, Keep) and roller.rolls == 0:
        return Text("Roll first: there are no dice to keep yet.")
    if roller.limit and roller.rolls >= roller.limit:
        return Text.counted("You have used your {n} roll.", "You have used all {n} rolls.", "n", n=roller.limit)
    if isinstance(move, Keep) and roller.target:
        return Text("In a race keep only dice that can still make {combo}.", combo=combo_words(roller.target))
    return Text(
        "You cannot {move}: name 1 to 5 values among your dice ({dice}), like keep:{value}.",
        move=str(move),
        dice=" ".join(map(str, roller.values)),
        value=roller.values[0],
    )


def _claim_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    assert isinstance(move, Claim)
    if state.phase != TURN or seat != state.turn:
        return Text("You may only claim a card during your own turn.")
    cid = state.arena[move.slot]
    values = state.rollers[seat].values
    if cid is None:
        return Text("Arena slot {slot} is empty.", slot=move.slot + 1)
    if not values:
        return Text("Roll the dice first.")
    if state.piles[seat][move.pile].kouba:
        return Text("Pile {pile} has a Kouba: no card may go on it.", pile=move.pile + 1)
    return Text(
        "Your dice ({dice}) do not show {combo}, the combination of {card}.",
        dice=" ".join(map(str, values)),
        combo=combo_words(card(cid).combo),
        card=card_name(cid),
    )


def _power_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    power = _POWER_OF[type(move)]
    if not state.power_piles(seat, power):
        if power == "extra":
            return Text("You have no active extra-roll champion (a face-up champion on a pile without a Kouba).")
        # A power is named after its first card: the bot words a card's name in a server's language.
        return Text(
            "You have no active {power} (a face-up champion on a pile without a Kouba).",
            power=Text(power.capitalize()),
        )
    if not state._powers_open():
        if state.pending:
            return Text("A King's answer is awaited: powers wait until it is given.")
        return Text("Powers are used during turns, events and races, not during the swap.")
    if state.phase == TIEBREAK and power != "courtesan":
        return Text("In the tie-break race the game is already scored: only the Courtesan can still change a die.")
    if isinstance(move, Assassin):
        return Text(
            "The Assassin only stops the player whose turn it is ({who}), before they claim, and not yourself.",
            who=at(state.turn),
        )
    if isinstance(move, (Khan, Brute)):
        return Text(
            "{who}'s pile {pile} has a Kouba or is not an opponent's pile.", who=at(move.target), pile=move.pile + 1
        )
    if isinstance(move, Extra):
        return Text("Extra rolls help only in your own turn, the Weaver and the Golem, as printed on your card.")
    if isinstance(move, Courtesan):
        return Text("The Courtesan changes one of your own dice while you are rolling, to a different value.")
    return Text("That arena slot is empty.")


def _other_refusal(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    if isinstance(move, Stop):
        return Text(
            "Stop gives up your turn (you take a Kouba) or a race (you lose it), or settles a Weaver or Golem "
            "result after a roll."
        )
    if isinstance(move, Give):
        return Text("Giving a Kouba needs six identical dice, once per turn, to a pile without a Kouba.")
    if isinstance(move, (Challenge, Take)):
        return Text("A duel's drawer picks the opponent (duel:@2), then each duelist takes a pile (take:pile1).")
    if isinstance(move, (King, PlaceKouba)):
        return Text("No Kouba is coming at you now.")
    return Text("{move} is not possible now.", move=str(move))


_POWER_OF: dict[type, str] = {
    Khan: "khan",
    Brute: "brute",
    Assassin: "assassin",
    Extra: "extra",
    Courtesan: "courtesan",
    Shaman: "shaman",
}
_REFUSERS: tuple[tuple[tuple[type, ...], Callable[[KoubaState, int, KoubaMove], Text]], ...] = (
    ((Swap,), _swap_refusal),
    ((Roll, Keep), _dice_refusal),
    ((Claim,), _claim_refusal),
    (POWER_TYPES, _power_refusal),
    ((Stop, Give, Challenge, Take, King, PlaceKouba), _other_refusal),
)


def move_groups(state: KoubaState, seat: int) -> dict[str, list[str]]:
    """The legal moves of ``seat`` grouped by what they are, for buttons and select menus.

    Keys (present only when non-empty): ``swap``, ``roll``, ``keep``, ``claim``, ``stop``, ``kouba``,
    ``give``, ``duel``, ``take``, ``king`` and one per power (``khan``, ``brute``, ...).

    >>> from rules import GAMES
    >>> state = GAMES["kouba"].new(players=2, seed=1)
    >>> sorted(move_groups(state, 0))
    ['swap']
    """
    groups: dict[str, list[str]] = {}
    for move in state.legal_moves(seat):
        text = str(move)
        groups.setdefault(text.split(":")[0], []).append(text)
    return groups


def keeps_free_to_pick(state: KoubaState, seat: int) -> bool:
    """Whether any pick of one to five of the keepable dice is a keep the engine accepts.

    True in a turn (any part of the dice may be kept); in a race only some parts can still
    make the target, so a menu of single dice would offer picks the engine refuses.

    >>> from rules import GAMES
    >>> keeps_free_to_pick(GAMES["kouba"].new(players=2, seed=1), 0)  # nothing to keep yet
    True
    """
    keeps = {move.values for move in state.legal_moves(seat) if isinstance(move, Keep)}
    keepable: Counter[int] = Counter()
    for keep in keeps:
        keepable |= Counter(keep)
    dice = sorted(keepable.elements())
    picks = {part for n in range(1, DICE) for part in combinations(dice, n)}
    return picks == keeps


def move_label(state: KoubaState, seat: int, move: KoubaMove) -> Text:
    """A short description of a move for a button or select option, to word in a server's language.

    >>> from rules import GAMES
    >>> state = GAMES["kouba"].new(players=2, seed=1)
    >>> str(move_label(state, 0, state.parse_move("swap:1,3"))), str(move_label(state, 0, Keep((3, 3, 6))))
    ('swap the cards of piles 1, 3', 'keep 3 3 6, roll 3 dice')
    """
    if isinstance(move, Claim):
        won = state.arena[move.slot] or ""
        return Text(
            "win {card} ({points} VP) onto pile {pile}",
            card=card_name(won),
            points=card(won).points,
            pile=move.pile + 1,
        )
    if isinstance(move, Shaman):
        gone = state.arena[move.slot]
        if gone is None:
            return Text("Shaman: replace slot (slot {slot})", slot=move.slot + 1)
        return Text("Shaman: replace {card} (slot {slot})", card=card_name(gone), slot=move.slot + 1)
    if isinstance(move, Khan):  # the Khan and the Black Widow share a power: name the card held
        card_held = power_card(state, seat, "khan")
        return Text("{card}: Kouba to {who} on pile {pile}", card=card_held, who=at(move.target), pile=move.pile + 1)
    if isinstance(move, Stop):
        if state.phase == TURN:
            return Text("give up: take a Kouba")
        if state._racing_event():
            return Text("give up the race (you lose it)")
        return Text("stop rolling, keep this result")
    return _LABELS[type(move)](move)


def power_card(state: KoubaState, seat: int, power: str) -> Text:
    """The name of the card whose ``power`` ``seat`` would use now (the first active one), else the
    power's own name.

    >>> from rules import GAMES
    >>> str(power_card(GAMES["kouba"].new(players=2, seed=1), 0, "khan"))
    'Khan'
    """
    piles = state.power_piles(seat, power)
    return card_name(state.piles[seat][piles[0]].cards[-1]) if piles else Text(power.capitalize())


def _swap_label(move: Swap) -> Text:
    if not move.piles:
        return Text("keep all 5 cards")
    return Text("swap the cards of piles {piles}", piles=", ".join(str(p + 1) for p in move.piles))


_LABELS: dict[type, Callable[[Any], Text]] = {
    Swap: _swap_label,
    Roll: lambda m: Text("roll all the dice"),
    Keep: lambda m: Text.counted(
        "keep {dice}, roll {n} die",
        "keep {dice}, roll {n} dice",
        "n",
        dice=" ".join(map(str, m.values)),
        n=DICE - len(m.values),
    ),
    PlaceKouba: lambda m: Text("put the Kouba on pile {pile}", pile=m.pile + 1),
    Give: lambda m: Text("six alike: Kouba to {who} on pile {pile}", who=at(m.target), pile=m.pile + 1),
    Challenge: lambda m: Text("duel {who}", who=at(m.target)),
    Take: lambda m: Text("race for the top card of their pile {pile}", pile=m.pile + 1),
    King: lambda m: Text("King: cancel this Kouba") if m.counter else Text("let the Kouba come"),
    Brute: lambda m: Text("Brute: discard the top card of {who}'s pile {pile}", who=at(m.target), pile=m.pile + 1),
    Assassin: lambda m: Text("Assassin: end {who}'s turn", who=at(m.target)),
    Extra: lambda m: Text.counted("+{n} roll", "+{n} rolls", "n", n=m.rolls),
    Courtesan: lambda m: Text("Courtesan: turn a {old} into a {new}", old=m.old, new=m.new),
}
