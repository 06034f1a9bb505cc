"""The engines' words agree with their numbers and elide before a name, in French and in English:
the sentences players read, and a scan of the French catalogues so the mistake cannot come back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import BOT_FILE, LESSON_FILES, LOCALES, plural, word
from cogs.araksey import seats_named
from cogs.common import picture_words
from cogs.kouba import pending_text, seated
from render import kit
from render.kit import plural_word
from render.kouba import render
from rules import GAMES, IllegalMove, Text, part_of
from rules.araksey import ArakseyState, Effect, move_menu
from rules.kouba import KoubaState, cause_text, log_text, move_label
from rules.kouba.moves import Extra, Keep
from tests.render.test_picture_words import drawn_texts
from tests.rules.test_araksey import BUSY
from tests.rules.test_araksey import position as araksey_position
from tests.rules.test_arkaios import played
from tests.rules.test_kouba import down, entering, play, rig, up

VOWEL, CONSONANT = "Ada", "Bob"


# -- Kouba ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "french"),
    [
        ("@1 gains 1 extra roll", "Ada gagne 1 lancer en plus"),
        ("@1 gains 2 extra rolls", "Ada gagne 2 lancers en plus"),
        ("@1 swapped 0 cards", "Ada n'a échangé aucune carte"),
        ("@1 swapped 1 card", "Ada a échangé 1 carte"),
        ("@1 swapped 2 cards", "Ada a échangé 2 cartes"),
        ("@1 wins the tie-break race in 1 roll", "Ada gagne la course de départage en 1 lancer"),
        ("@1 wins the tie-break race in 3 rolls", "Ada gagne la course de départage en 3 lancers"),
        ("tie on 0 points: Reaper race between @1 @2", "égalité à 0 point : course de la Moissonneuse entre Ada Bob"),
        ("tie on 1 point: Reaper race between @1 @2", "égalité à 1 point : course de la Moissonneuse entre Ada Bob"),
        ("tie on 7 points: Reaper race between @1 @2", "égalité à 7 points : course de la Moissonneuse entre Ada Bob"),
    ],
)
def test_kouba_log_lines_agree_with_their_number(line: str, french: str) -> None:
    """The engine keeps its log in English, read back as the text it was written from."""
    said = seated(log_text(line), [VOWEL, CONSONANT])
    assert (word("en", said), word("fr", said)) == (line.replace("@1", VOWEL).replace("@2", CONSONANT), french)


def test_a_log_line_an_older_version_wrote_in_the_plural_reads_in_the_singular_now() -> None:
    said = seated(log_text("@1 wins the tie-break race in 1 rolls"), [VOWEL])
    assert (word("en", said), word("fr", said)) == (
        "Ada wins the tie-break race in 1 roll",
        "Ada gagne la course de départage en 1 lancer",
    )


@pytest.mark.parametrize(
    ("move", "english", "french"),
    [
        (Keep((1, 2, 3, 4, 5)), "keep 1 2 3 4 5, roll 1 die", "garder 1 2 3 4 5, relancer 1 dé"),
        (Keep((1, 2)), "keep 1 2, roll 4 dice", "garder 1 2, relancer 4 dés"),
        (Extra(1), "+1 roll", "+1 lancer"),
        (Extra(2), "+2 rolls", "+2 lancers"),
    ],
)
def test_kouba_move_labels_agree_with_their_number(move: Keep | Extra, english: str, french: str) -> None:
    label = move_label(GAMES["kouba"].new(players=2, seed=1), 0, move)
    assert (word("en", label), word("fr", label)) == (english, french)


def golem_roller_out_of_rolls() -> KoubaState:
    """The Golem's one die rolled by a player whose Priestess could still add a roll."""
    table = {1: [up("E13", "E12"), down("E16"), down("E19"), down("E20"), down("E22")]}
    return play(rig(entering("D24", piles=table), 4, 2), (0, "roll"), (1, "roll"))


def test_the_refusal_of_a_roll_too_many_agrees_with_the_limit() -> None:
    with pytest.raises(IllegalMove) as one:
        golem_roller_out_of_rolls().play(1, "roll")
    assert word("en", one.value.text).startswith("You have used your 1 roll. ")
    assert word("fr", one.value.text).startswith("Vous avez déjà fait 1 lancer : c'est votre limite. ")
    three = Text.counted("You have used your {n} roll.", "You have used all {n} rolls.", "n", n=3)
    assert (word("en", three), word("fr", three)) == (
        "You have used all 3 rolls.",
        "Vous avez déjà fait 3 lancers : c'est votre limite.",
    )


@pytest.mark.parametrize(
    ("cause", "vowel", "consonant"),
    [
        ("Khan of @1", "Khan d'Ada", "Khan de Bob"),
        ("Brute of @1", "Brute d'Ada", "Brute de Bob"),
        ("six alike of @1", "six dés identiques d'Ada", "six dés identiques de Bob"),
    ],
)
def test_the_cause_of_a_kouba_elides_before_a_name(cause: str, vowel: str, consonant: str) -> None:
    assert word("fr", seated(cause_text(cause), [VOWEL])) == vowel
    assert word("fr", seated(cause_text(cause), [CONSONANT])) == consonant
    assert word("en", seated(cause_text(cause), [VOWEL])) == cause.replace("@1", VOWEL)


def test_a_pending_kouba_names_its_giver_with_the_article_elided() -> None:
    pending = {"seat": 1, "kind": "pile", "cause": "Khan of @1", "queued": 1}
    french = pending_text(pending, [VOWEL, CONSONANT], "fr")  # type: ignore[arg-type]
    assert "(Khan d'Ada)" in french and "Encore 1 Kouba à distribuer" in french
    assert "1 more Kouba to hand out" in pending_text(pending, [VOWEL, CONSONANT], "en")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("label", "vowel", "consonant"),
    [
        (
            Text("Assassin: end {who}'s turn", who="@1"),
            "Assassin : arrêter le tour d'Ada",
            "Assassin : arrêter le tour de Bob",
        ),
        (
            Text("Brute: discard the top card of {who}'s pile {pile}", who="@1", pile=2),
            "Brute : défausser la carte du dessus de la pile 2 d'Ada",
            "Brute : défausser la carte du dessus de la pile 2 de Bob",
        ),
    ],
)
def test_kouba_power_labels_elide_before_a_name(label: Text, vowel: str, consonant: str) -> None:
    assert word("fr", seated(label, [VOWEL])) == vowel
    assert word("fr", seated(label, [CONSONANT])) == consonant


def test_kouba_pictures_agree_with_their_numbers() -> None:
    state = golem_roller_out_of_rolls()
    french = drawn_texts(render, state.view(None), [VOWEL, CONSONANT], words=picture_words("kouba", "fr"))
    english = drawn_texts(render, state.view(None), [VOWEL, CONSONANT], words=picture_words("kouba", "en"))
    assert "0 lancer restant · fini" in french and "1 carte" in french and "2 cartes" in french
    assert "0 rolls left · done" in english and "1 card" in english and "2 cards" in english
    assert "+1 lancer" in french and "+1 roll" in english


@pytest.mark.parametrize(
    ("key", "number", "english", "french"),
    [
        ("kouba.pic.rolls_left", 0, "0 rolls left", "0 lancer restant"),
        ("kouba.pic.rolls_left", 1, "1 roll left", "1 lancer restant"),
        ("kouba.pic.rolls_left", 2, "2 rolls left", "2 lancers restants"),
        ("kouba.pic.rolls", 1, "1 roll", "1 lancer"),
        ("kouba.pic.cards", 0, "0 cards", "0 carte"),
        ("kouba.pic.points", 1, "1 pt", "1 pt"),
        ("kouba.pic.points", 0, "0 pts", "0 pt"),
        ("kouba.pic.power.extra", 2, "+2 rolls", "+2 lancers"),
    ],
)
def test_kouba_picture_words_agree_with_their_number(key: str, number: int, english: str, french: str) -> None:
    worded = [plural_word(picture_words("kouba", lang), key, number, n=number) for lang in ("en", "fr")]
    assert worded == [english, french]


@pytest.mark.parametrize(
    ("key", "number", "values", "english", "french"),
    [
        ("kouba.take_option", 1, {"n": 2, "active": ""}, "Pile 2 (1 card)", "Pile 2 (1 carte)"),
        ("kouba.take_option", 3, {"n": 2, "active": ""}, "Pile 2 (3 cards)", "Pile 2 (3 cartes)"),
        ("kouba.kouba_on", 0, {"n": 4}, "Kouba on pile 4 (0 cards)", "Kouba sur la pile 4 (0 carte)"),
        (
            "kouba.pile_kouba",
            0,
            {"head": "Pile 1"},
            "Pile 1: Kouba, scores nothing (0 cards).",
            "Pile 1 : Kouba, ne compte rien (0 carte).",
        ),
        (
            "kouba.game_over_text",
            1,
            {"winner": "Ada", "reason": "x"},
            "**Game over** after 1 round: **Ada** wins (x).",
            "**Partie finie** après 1 manche : **Ada** gagne (x).",
        ),
    ],
)
def test_kouba_messages_agree_with_their_number(
    key: str, number: int, values: dict[str, object], english: str, french: str
) -> None:
    counted = {"size": number, "n": number, "rounds": number, **values}
    assert [plural(lang, key, number, **counted) for lang in ("en", "fr")] == [english, french]


def test_a_race_on_a_kouba_picture_elides_before_the_owner() -> None:
    words = picture_words("kouba", "fr")
    assert kit.word(words, "kouba.pic.races", who=CONSONANT, whose=VOWEL, pile=2) == "Bob court pour la pile 2 d'Ada :"
    assert kit.word(words, "kouba.pic.races", who=VOWEL, whose=CONSONANT, pile=2) == "Ada court pour la pile 2 de Bob :"


# -- Araksey -------------------------------------------------------------------------------------


def effect_names(power: str, named: str) -> dict[str, str]:
    """Who an effect names: the player it binds, or for earth the player who cast it (Cy, the other one)."""
    return {"by": named, "target": "Cy"} if power == "earth" else {"by": "Cy", "target": named}


@pytest.mark.parametrize(
    ("power", "english", "vowel", "consonant"),
    [
        (
            "earth",
            "Earth: Cy cannot move Ada's pieces on their next turn",
            "Terre : Cy ne pourra déplacer aucune pièce d'Ada à son prochain tour",
            "Terre : Cy ne pourra déplacer aucune pièce de Bob à son prochain tour",
        ),
        (
            "water",
            "Water: Ada's araksey cannot move on their next turn",
            "Eau : l'araksey d'Ada ne pourra pas bouger à son prochain tour",
            "Eau : l'araksey de Bob ne pourra pas bouger à son prochain tour",
        ),
        (
            "mud",
            "Mud: Ada's sources cannot move on their next turn",
            "Boue : les sources d'Ada ne pourront pas bouger à son prochain tour",
            "Boue : les sources de Bob ne pourront pas bouger à son prochain tour",
        ),
    ],
)
def test_araksey_effects_elide_before_a_name(power: str, english: str, vowel: str, consonant: str) -> None:
    effect = Effect(power, by=0, target=1)
    said = {named: effect.words(**effect_names(power, named)) for named in (VOWEL, CONSONANT)}
    assert (word("en", said[VOWEL]), word("fr", said[VOWEL]), word("fr", said[CONSONANT])) == (
        english,
        vowel,
        consonant,
    )
    words, key = picture_words("araksey", "fr"), f"araksey.pic.effect_{power}"  # the picture's words for it
    assert kit.word(words, key, **effect_names(power, VOWEL)) == vowel
    assert kit.word(words, key, **effect_names(power, CONSONANT)) == consonant


def test_araksey_move_labels_elide_before_the_seat_they_name() -> None:
    menu = move_menu(araksey_position(BUSY, dragon=(0,), elements=["air", "fire"]), 0)
    label = menu["dragon"]["groups"][0]["label"]
    assert seats_named("fr", label, ["Cy", VOWEL]) == "Source e2 d'Ada (hors zone)"
    assert seats_named("fr", label, ["Cy", CONSONANT]) == "Source e2 de Bob (hors zone)"
    assert seats_named("en", label, ["Cy", VOWEL]) == "Ada's source e2 (out of zone)"


def test_an_araksey_move_names_the_owner_of_a_pushed_piece_with_the_article_elided() -> None:
    pushed = araksey_position(BUSY).play(0, "c2>b3").view(None)
    for names, french in (
        ([CONSONANT, VOWEL], "Bob a poussé une source d'Ada"),
        (["Cy", CONSONANT], "Cy a poussé une source de Bob"),
    ):
        said = ArakseyState.describe(pushed, names)
        assert said is not None and word("fr", said).startswith(french)
    said = ArakseyState.describe(pushed, [CONSONANT, VOWEL])
    assert said is not None and word("en", said).startswith("Bob pushed Ada's source")


# -- Arkaios -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "move", "english", "french"),
    [
        (
            ("b4=2", "d3=1", "a3=3", "d4=1", "d5=2"),
            "c4=1",
            "c4=1 would spend the 1 piece you have left, but the turn must end on level 2.",
            "c4=1 dépenserait 1 pièce, tout ce qu'il vous reste, mais le tour doit finir au niveau 2.",
        ),
        (
            ("b4=2", "d3=1", "a3=3", "d4=1", "d5=2", "d4=2", "b3=2", "b2=1", "c1=1", "d1=1", "c5=2", "d5=3", "c2=2"),
            "d3=2",
            "After d3=2 the turn could not be completed (no way to spend the remaining 1 piece ending on level 2).",
            "Après d3=2, le tour ne pourrait pas être terminé (impossible de dépenser 1 pièce restante en finissant"
            " au niveau 2).",
        ),
        (
            ("c3=3", "d4=2"),
            "b2=3",
            "After b2=3 the turn could not be completed (no way to spend the remaining 2 pieces ending on level 1).",
            "Après b2=3, le tour ne pourrait pas être terminé (impossible de dépenser les 2 pièces restantes en"
            " finissant au niveau 1).",
        ),
        (
            ("c3=3", "d4=2"),
            "b2=1",
            "Level 1 is more than one level away from the pillar at your position c3 (level 3): choose level 2 or 3.",
            "Le niveau 1 est à plus d'un niveau du pilier de votre position c3 (niveau 3) : choisissez le niveau 2"
            " ou 3.",
        ),
    ],
)
def test_arkaios_budget_refusals_agree_with_the_pieces_left(
    moves: tuple[str, ...], move: str, english: str, french: str
) -> None:
    state = played(*moves)
    with pytest.raises(IllegalMove) as refused:
        state.play(state.actors[0], move)
    assert (word("en", refused.value.text), word("fr", refused.value.text)) == (english, french)


# -- the French catalogues, scanned --------------------------------------------------------------

# "de {owner}" must be "{owner:de}": an article before a value that can be a word (a name, a card).
BARE_ARTICLE = re.compile(r"(?<![\w'])(?:de|le|la|que|du) \**\{(\w+)\}", re.IGNORECASE)
# Values read as they are written, never elided: squares ("de a1"), numbers and piece sizes ("la 3").
CODES = {"attacker", "end", "low", "n", "origin", "prey", "remaining", "size", "source", "square", "start", "top"}
# "{n} lancers" must be a plural entry: a bare value right before a word in the plural.
NUMBER_BEFORE_PLURAL = re.compile(r"\{(\w+)\} ([a-zàâçéèêëîïôûùüÿœ][^\W\d_]*[sx])\b")
NOT_NOUNS = {"sans", "depuis", "dans", "vers", "sous", "après", "puis", "plus", "moins", "mais"}
# Numbers that are never 0 or 1, so their words never change.
NEVER_ONE = {
    "You may swap at most {n} cards.": "the swap's limit, 2",
    "{n} of a kind": "three alike or more",
    "kouba.pic.kind": "three alike or more",
    "kouba.pic.n_to_play": "said only when two players or more must play",
    "Give one element per seat: {players} elements, in seat order.": "two seats or more",
    "{game} is played by {low} to {high} players.": "the most seats a game has: two or more",
    "'{text}' is too long to be a move ({limit} characters at most).": "the notation's limit, 120",
    "dragons_arena.pic.match_nuggets": "said only in a match of two nuggets or more, which its winner has",
}


def french_engine_entries(folder: Path = LOCALES / "fr") -> Iterator[tuple[str, bool, tuple[str, ...]]]:
    """(id, whether it is a plural entry, its forms) of the French engine catalogues and pictures' words."""
    picture_keys = {key for game in GAMES for key in part_of(game, "render").PICTURE_WORDS}
    for path in sorted(folder.glob("*.po")):
        if path.name.startswith(LESSON_FILES):
            continue
        with path.open("rb") as file:
            for message in read_po(file):
                if not message.id or message.context == "command":
                    continue
                plural = isinstance(message.id, tuple)
                msgid = str(message.id[0] if plural else message.id)
                if path.name == BOT_FILE and msgid not in picture_keys:
                    continue
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                yield msgid, plural, tuple(str(form) for form in forms if form)


def bare_articles(folder: Path = LOCALES / "fr") -> list[str]:
    return sorted(
        f"{msgid}: {form}"
        for msgid, _, forms in french_engine_entries(folder)
        for form in forms
        for name in BARE_ARTICLE.findall(form)
        if name not in CODES
    )


def numbers_without_plural(folder: Path = LOCALES / "fr") -> list[str]:
    return sorted(
        f"{msgid}: {form}"
        for msgid, plural, forms in french_engine_entries(folder)
        if not plural and msgid not in NEVER_ONE
        for form in forms
        for _, noun in NUMBER_BEFORE_PLURAL.findall(form)
        if noun not in NOT_NOUNS
    )


def test_the_scan_reads_the_french_engine_catalogues_and_pictures_words() -> None:
    entries = {msgid for msgid, _, _ in french_engine_entries()}
    assert {"{owner}'s araksey", "kouba.pic.races", "{who} built the temple"} <= entries
    assert "err.no_game" not in entries, "the bot's own messages are checked by their tests"


def test_no_french_article_stands_bare_before_a_name() -> None:
    """An article before a value that can start with a vowel is its eliding spec: "{owner:de}"."""
    assert bare_articles() == []


def test_no_french_number_stands_before_a_plural_noun_without_plural_forms() -> None:
    """A number's words are a plural entry (msgid_plural), so 1 and 0 read "1 lancer", "0 lancer"."""
    assert numbers_without_plural() == []


def test_the_scan_finds_the_mistakes_it_looks_for(tmp_path: Path) -> None:
    (tmp_path / "kouba.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        'msgid "Khan of {who}"\nmsgstr "Khan de {who}"\n\n'
        'msgid "You have used all {n} rolls."\nmsgstr "Vous avez utilisé vos {n} lancers."\n\n'
        'msgid "Arena slot {slot} is empty."\nmsgstr "La case {slot} de l\'arène est vide."\n',
        encoding="utf-8",
    )
    assert bare_articles(tmp_path) == ["Khan of {who}: Khan de {who}"]
    assert numbers_without_plural(tmp_path) == ["You have used all {n} rolls.: Vous avez utilisé vos {n} lancers."]
