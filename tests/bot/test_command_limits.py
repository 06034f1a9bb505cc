"""Discord's limits on slash commands, as ``sync`` checks them before sending: each limit, in each language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.command_limits import CommandsRefused, check, problems

JSON = dict[str, Any]


def command(**fields: Any) -> JSON:
    return {"type": 1, "name": "arkaios", "description": "Arkaios.", "options": [], **fields}


def subcommand(*options: JSON, **fields: Any) -> JSON:
    return {"type": 1, "name": "challenge", "description": "Challenge someone.", "options": list(options), **fields}


def option(**fields: Any) -> JSON:
    return {"type": 3, "name": "level", "description": "How strong", **fields}


def choice(name: str = "easy", value: Any = "easy", **fields: Any) -> JSON:
    return {"name": name, "value": value, **fields}


def test_the_bots_kind_of_tree_within_every_limit_passes() -> None:
    level = option(
        description_localizations={"fr": "f" * 100},
        choices=[choice(f"{n:0>100}", f"{n:0>100}", name_localizations={"fr": "é" * 100}) for n in range(10)],
    )
    assert problems([command(options=[subcommand(level)]), command(name="move")]) == []


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            command(options=[subcommand(option(description_localizations={"fr": "é" * 101}))]),
            "the French description of the option level of /arkaios challenge is 101 characters long, "
            "over Discord's limit of 100",
        ),
        (command(description="d" * 101), "the English description of /arkaios is 101 characters long"),
        (command(options=[subcommand(description="")]), "the English description of /arkaios challenge is empty"),
        (command(name="Arkaios"), "the English name 'Arkaios' of /Arkaios is not a valid name"),
        (
            command(options=[subcommand(option(name="bot level"))]),
            "the English name 'bot level' of the option bot level of /arkaios challenge is not a valid name",
        ),
        (
            command(options=[option(name_localizations={"fr": "n" * 33})]),
            "the French name 'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn' of the option level of /arkaios is not a valid name",
        ),
        (
            command(options=[option(choices=[choice(name_localizations={"fr": "é" * 101})])]),
            "the French name of the choice easy of the option level of /arkaios is 101 characters long",
        ),
        (
            command(options=[option(choices=[choice(value="v" * 101)])]),
            "the value of the choice " + "v" * 101 + " of the option level of /arkaios is 101 characters long",
        ),
        (
            command(options=[option(name=f"o{n}") for n in range(26)]),
            "/arkaios has 26 options, over Discord's limit of 25",
        ),
        (
            command(options=[option(choices=[choice(str(n), n) for n in range(26)])]),
            "the option level of /arkaios has 26 choices, over Discord's limit of 25",
        ),
        (
            command(options=[option(choices=[choice("c" * 100, "v" * 100) for _ in range(20)])]),
            "/arkaios holds 4030 characters in English (names, descriptions, choices and values), "
            "over Discord's limit of 4000",
        ),
    ],
    ids=[
        "french description", "english description", "empty", "capital", "space", "french name", "choice",
        "value", "options", "choices", "total",
    ],
)
def test_each_limit_is_named_with_its_place_language_and_length(body: JSON, said: str) -> None:
    assert any(found.startswith(said) for found in problems([body])), problems([body])


def test_a_command_is_counted_in_each_language_apart() -> None:
    french = [choice("c", "v" * 100, name_localizations={"fr": "é" * 100}) for _ in range(20)]
    found = problems([command(options=[option(choices=french)])])
    assert found == [
        "/arkaios holds 4030 characters in French (names, descriptions, choices and values), "
        "over Discord's limit of 4000"
    ]


def test_more_than_a_hundred_commands_are_refused() -> None:
    assert problems([command(name=f"game{n}") for n in range(101)]) == [
        "there are 101 commands, over Discord's limit of 100"
    ]


def test_a_context_menu_command_needs_no_description() -> None:
    assert problems([{"type": 2, "name": "Challenge", "description": ""}]) == [
        "the English name 'Challenge' of /Challenge is not a valid name (1 to 32 lower-case letters, digits, - or _)"
    ]


def test_the_refusal_is_one_sentence_naming_the_first_problem_and_counting_the_others() -> None:
    too_long = option(description_localizations={"fr": "é" * 101})
    with pytest.raises(CommandsRefused) as refused:
        check([command(options=[subcommand(too_long)]), command(name="kouba", options=[too_long])])
    assert str(refused.value) == (
        "Not publishing the slash commands: the French description of the option level of /arkaios challenge is "
        "101 characters long, over Discord's limit of 100 (and 1 more problem); nothing was sent, so fix the text "
        '(in its cog, or its translation in the catalogues under msgctxt "command") and sync again.'
    )
