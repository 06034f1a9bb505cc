"""Games are found, not listed: no code outside a game's own files names a game.

Every per-game registry is filled from the games' own modules (``rules/registry.py``), so a new
game needs no line elsewhere. The check reads every shared module for a game's id or name: its code,
and its docstrings (doctests included) and comments too, so an example or an explanation in shared code
takes its game from the registry or speaks of "a game with hidden pieces", never of one game.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

from rules import GAMES, MODULES
from rules.registry import installed_games

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("bot", "cogs", "ai", "render", "rules", "bench")
# A benchmark whose scenarios are named games' own commands and controls: the clicks of two games,
# measured one by one.
SCENARIOS = {"bench/latency.py"}
# The engines' mutation testing is configured per engine (its own settings name them).
ELSEWHERE = ("bench/mutation",)


WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")  # the words of an identifier: snake_case, CamelCase
IDENTIFIER = re.compile(r"[A-Za-z0-9_]+")


def words_of(identifier: str) -> tuple[str, ...]:
    """The words of an identifier, lower case.

    >>> words_of("KOUBA_SEATS"), words_of("ConnectFourState"), words_of("sqlite3")
    (('kouba', 'seats'), ('connect', 'four', 'state'), ('sqlite', '3'))
    """
    return tuple(word.lower() for word in WORD.findall(identifier))


def holds(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether ``part`` is a run of ``words``."""
    return any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))


class References:
    """What refers to a game: an identifier, a quoted id or a module path holding its id's words
    (``kouba``, ``KOUBA_SEATS``, ``"rules.connect_four"``, ``ConnectFourState``), or its name in
    words ("Connect Four", "dragons arena"). Words merely shared with a game are not references:
    ``sqlite3.connect`` and ``AGORA_CONNECT_TIMEOUT`` do not name a game called connect_four."""

    def __init__(self, games: dict[str, str]) -> None:  # id -> name
        self.ids = [words_of(game_id) for game_id in games]
        names = (r"[\s-]+".join(map(re.escape, name.split())) for name in games.values())
        self.names = re.compile(r"(?<!\w)(?:" + "|".join(names) + r")(?!\w)", re.I)

    def __call__(self, text: str) -> bool:
        identifiers = (words_of(found) for found in IDENTIFIER.findall(text))
        return any(holds(found, game) for found in identifiers for game in self.ids) or bool(self.names.search(text))


def references() -> References:
    return References({game.id: game.name for game in GAMES.values()})


def own_files() -> set[Path]:
    """Each game's modules, and the modules beside them named after it (``rules/kouba_deck.py``)."""
    games = [words_of(game_id) for game_id in MODULES]
    return {path for folder in SHARED for path in (ROOT / folder).rglob("*.py")
            if any(words_of(part)[: len(game)] == game for game in games
                   for part in path.relative_to(ROOT).with_suffix("").parts[1:])}


def shared_files() -> list[Path]:
    own = own_files()
    return [path for folder in SHARED for path in sorted((ROOT / folder).rglob("*.py"))
            if path not in own and path.relative_to(ROOT).as_posix() not in SCENARIOS
            and not path.relative_to(ROOT).as_posix().startswith(ELSEWHERE)]


def code_words(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string, name and comment in ``source``: docstrings and comments included."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.extend((node.lineno + offset, line) for offset, line in enumerate(node.value.splitlines()))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    found.extend((token.start[0], token.string) for token in tokens if token.type == tokenize.COMMENT)
    return found


def test_no_shared_code_names_a_game() -> None:
    refers = references()
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for path in shared_files()
        for line, text in code_words(path.read_text(encoding="utf-8"))
        if refers(text)
    ]
    assert named == [], "shared code names a game; find it through rules.MODULES instead:\n" + "\n".join(named)


def test_the_check_sees_code_docstrings_and_comments() -> None:
    source = '"""Kouba, in a docstring."""\nGAME = "kouba"  # Arkaios, in a comment\nif game == "arkaios": pass\n'
    named = sorted(text for _, text in code_words(source) if references()(text))
    assert named == ["# Arkaios, in a comment", "Kouba, in a docstring.", "arkaios", "kouba"]
    assert len(shared_files()) > 40 and not any(path.stem == "kouba" for path in shared_files())


def test_the_check_finds_references_not_shared_words() -> None:
    refers = References({"connect_four": "Connect Four"})
    found = ["connect_four", "rules.connect_four", "bot/learn/connect_four.py", "CONNECT_FOUR_COLUMNS",
             "ConnectFourState", "learn.connect_four.intro", "# a Connect Four board", "connect-four"]
    assert [text for text in found if not refers(text)] == []
    shared = ["sqlite3.connect", "AGORA_CONNECT_TIMEOUT", "bot/config.py", "connect", "four in a row", "connected"]
    assert [text for text in shared if refers(text)] == []


def test_registration_works_in_any_import_order() -> None:
    """An installed game's modules imported before ``rules`` (as ``ruff check --fix`` sorts them) still
    register every game, each recorded with its own package."""
    recorded = sorted((game_id, modules.package) for game_id, modules in MODULES.items())
    for game_id, package in installed_games():
        for part in ("rules", "cog"):
            found = f"import {package}.{part}, rules; print(sorted((g, m.package) for g, m in rules.MODULES.items()))"
            shown = subprocess.run([sys.executable, "-c", found], capture_output=True, text=True, cwd=ROOT)
            assert shown.returncode == 0, shown.stderr
            assert shown.stdout.strip() == str(recorded), game_id
