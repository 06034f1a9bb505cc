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
import tokenize
from pathlib import Path

from rules import GAMES, MODULES

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("bot", "cogs", "ai", "render", "rules", "bench")
# Benchmarks whose scenarios are named games' own commands and controls: the clicks of two games,
# measured one by one, and the tables at which the wait for Agora is measured.
SCENARIOS = {"bench/latency.py", "bench/agora.py"}
# The engines' mutation testing is configured per engine (its own settings name them).
ELSEWHERE = ("bench/mutation",)


def game_words() -> re.Pattern[str]:
    words = {word.lower() for game in GAMES.values() for word in (game.id, game.name, game.id.split("_")[0])}
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b", re.I)


def own_files() -> set[Path]:
    """Each game's modules, and the modules beside them named after it (``rules/kouba_deck.py``)."""
    stems = {game_id.split("_")[0] for game_id in MODULES}
    return {path for folder in SHARED for path in (ROOT / folder).rglob("*.py")
            if any(part.split("_")[0] in stems for part in path.relative_to(ROOT).with_suffix("").parts[1:])}


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
    pattern = game_words()
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for path in shared_files()
        for line, text in code_words(path.read_text(encoding="utf-8"))
        if pattern.search(text.replace("_", " ")) or pattern.search(text)
    ]
    assert named == [], "shared code names a game; find it through rules.MODULES instead:\n" + "\n".join(named)


def test_the_check_sees_code_docstrings_and_comments() -> None:
    source = '"""Kouba, in a docstring."""\nGAME = "kouba"  # Arkaios, in a comment\nif game == "arkaios": pass\n'
    named = sorted(text for _, text in code_words(source) if game_words().search(text))
    assert named == ["# Arkaios, in a comment", "Kouba, in a docstring.", "arkaios", "kouba"]
    assert len(shared_files()) > 40 and not any(path.stem == "kouba" for path in shared_files())
