"""The mutator of ``python -m bench.mutation``: its operators, what it leaves alone, and its runs."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bench.mutation import mutants
from bench.mutation.mutants import compile_mutant, mutants_of
from bench.mutation.plugin import ENV
from bench.mutation.run import (
    ROOT,
    Result,
    Score,
    Settings,
    classify,
    engine_files,
    engine_mutants,
    engine_source,
    files_named_by,
    load_equivalent,
    module_name,
    pytest_command,
    sample,
)
from rules import GAMES, MODULES


def keys(source: str) -> list[str]:
    return [m.key for m in mutants_of(textwrap.dedent(source))]


def run(source: str, index: int, call: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile_mutant(textwrap.dedent(source), "m.py", index), namespace)  # type: ignore[call-overload]
    return eval(call, namespace)


def test_comparisons_are_negated_and_moved_across_their_boundary() -> None:
    assert keys("ok = a < b\n") == ["<module>: ok = a < b => ok = a >= b", "<module>: ok = a < b => ok = a <= b"]
    assert keys("ok = a == b\n") == ["<module>: ok = a == b => ok = a != b"]
    assert keys("ok = a in b\n") == ["<module>: ok = a in b => ok = a not in b"]
    assert keys("ok = a >= b\n") == ["<module>: ok = a >= b => ok = a < b", "<module>: ok = a >= b => ok = a > b"]


def test_plus_minus_constants_and_booleans() -> None:
    assert keys("x = a + b\n") == ["<module>: x = a + b => x = a - b"]
    assert keys("x -= b\n") == ["<module>: x -= b => x += b"]
    assert keys("x = 4\n") == ["<module>: x = 4 => x = 5", "<module>: x = 4 => x = 3"]
    assert keys("x = True\n") == ["<module>: x = True => x = False"]
    assert keys("x = a and b\n") == ["<module>: x = a and b => x = a or b"]
    assert keys("x = not a\n") == ["<module>: x = not a => x = a"]


def test_loop_jumps_and_if_bodies() -> None:
    source = """
    def f(items):
        for i in items:
            if i:
                break
        return 0
    """
    assert keys(source) == [
        "f: break => continue",
        "f: break => pass",
        "f: return 0 => return 1",
        "f: return 0 => return -1",
    ]


def test_docstrings_annotations_fstrings_repr_and_type_checking_are_left_alone() -> None:
    source = '''
    """Module docstring with 1 < 2."""
    from typing import TYPE_CHECKING
    if TYPE_CHECKING:
        LIMIT = 3
    def f(x: int = 1) -> list[int]:
        """1 + 1."""
        y: tuple[int, int] = (0, 0)
        return [f"{x + 1:>3}"]
    class C:
        def __repr__(self):
            return "C" if 1 < 2 else "D"
    '''
    assert keys(source) == [
        "f: 1 => 2",
        "f: 1 => 0",
        "f: y: tuple[int, int] = (0, 0) => y: tuple[int, int] = (1, 0)",
        "f: y: tuple[int, int] = (0, 0) => y: tuple[int, int] = (-1, 0)",
        "f: y: tuple[int, int] = (0, 0) => y: tuple[int, int] = (0, 1)",
        "f: y: tuple[int, int] = (0, 0) => y: tuple[int, int] = (0, -1)",
    ]


def test_identical_mutants_of_one_function_are_numbered() -> None:
    twice = keys("def f(a):\n    x = a + 1\n    x = a + 1\n")
    assert twice[::3] == ["f: x = a + 1 => x = a - 1", "f: x = a + 1 => x = a - 1 #2"]


def test_long_statements_are_described_by_the_widest_expression_that_fits() -> None:
    source = f"def f(a):\n    return g({'a, ' * 40}a < 3)\n"
    assert keys(source)[0] == "f: a < 3 => a >= 3"


def test_keys_do_not_depend_on_line_numbers() -> None:
    source = "def f(a):\n    return a < 3\n"
    assert keys(source) == keys("# a comment\n\n" + source)


def test_a_compiled_mutant_behaves_as_described_and_keeps_line_numbers() -> None:
    source = "def f(a):\n    if a < 3:\n        return 'small'\n    raise ValueError(a)\n"
    described = dict(enumerate(keys(source)))
    assert described[0] == "f: a < 3 => a >= 3"  # an if statement: its test describes it
    assert run(source, 0, "f(5)") == "small"
    with pytest.raises(ValueError) as failure:
        run(source, 0, "f(1)")
    assert failure.traceback[-1].lineno + 1 == 4


def test_the_sample_is_seeded_and_in_file_order() -> None:
    settings = Settings.load()
    first, again = sample(settings, "arkaios"), sample(settings, "arkaios")
    assert first == again and len(first) == settings.sample
    assert [m.index for m in first] == sorted(m.index for m in first)
    other = sample(Settings(**{**settings.__dict__, "seed": settings.seed + 1}), "arkaios")
    assert other != first


def test_every_listed_equivalent_names_a_mutant_of_its_engine() -> None:
    settings = Settings.load()
    for engine in settings.engines:
        known = {m.key for m in engine_mutants(engine)}
        assert load_equivalent(settings, engine) <= known, engine


def test_the_engines_are_every_registered_game() -> None:
    assert Settings.load().engines == tuple(GAMES)


def test_an_engine_package_is_mutated_file_by_file() -> None:
    files = engine_files("kouba")
    assert ROOT / "rules" / "kouba" / "events.py" in files and len(files) > 1
    assert engine_source("kouba") == "rules/kouba" and engine_source("arkaios") == "rules/arkaios.py"
    mutants = engine_mutants("kouba")
    assert {m.path for m in mutants} <= {str(path.relative_to(ROOT)) for path in files}
    assert len({m.key for m in mutants}) == len(mutants)
    assert module_name(ROOT / "rules/kouba/events.py") == "rules.kouba.events"
    assert module_name(ROOT / "rules/kouba/__init__.py") == "rules.kouba"
    command = pytest_command(Settings.load(), "kouba")
    assert "rules/kouba" in command and "tests/rules/test_kouba.py" in command and command[-2:] == ["-k", "kouba"]
    assert not any("{" in part or "*" in part for part in command)


# The installed games whose distribution's folder is at hand, with its tests (an editable install).
WITH_TESTS = [game for game in GAMES if MODULES[game].package and (MODULES[game].folder.parent / "tests").is_dir()]


@pytest.mark.parametrize("engine", WITH_TESTS)
def test_an_installed_games_engine_is_found_through_the_registry_with_its_own_tests(engine: str) -> None:
    modules = MODULES[engine]
    engine_file = Path(modules.module("rules").__file__ or "").resolve()
    assert engine_files(engine) == (engine_file,) and module_name(engine_file) == modules.rules
    assert {m.path for m in engine_mutants(engine)} == {engine_source(engine)}
    command = pytest_command(Settings.load(), engine)
    own = [part for part in command if Path(ROOT / part).parent == modules.folder.parent / "tests"]
    assert own and all(Path(part).name.startswith("test_") for part in own), command
    assert engine_source(engine) in command and "tests/rules/test_conformance.py" in command


def test_a_pattern_names_every_matching_test_file_and_refuses_to_match_none() -> None:
    kouba = files_named_by("tests/rules/test_kouba*.py")
    assert kouba[0] == "tests/rules/test_kouba.py" and "tests/rules/test_kouba_turns.py" in kouba
    assert kouba == sorted(kouba)
    assert files_named_by("tests/rules/test_arkaios*.py") == ["tests/rules/test_arkaios.py"]
    assert files_named_by("tests/rules/test_missing.py") == ["tests/rules/test_missing.py"]  # pytest names it
    with pytest.raises(SystemExit, match="no file matches"):
        files_named_by("tests/rules/test_missing*.py")


def test_exit_codes_and_timeouts_are_classified() -> None:
    mutant = mutants_of("x = 1\n")[0]
    assert classify(mutant, 0, "").status == "survived"
    assert classify(mutant, 1, "").status == "killed"
    assert classify(mutant, 2, "").status == "killed"
    assert classify(mutant, None, "").status == "timeout"
    assert classify(mutant, 4, "").status == "error"
    assert classify(mutant, 4, "MUTANT NOT LOADED").status == "error"
    score = Score("x", (Result(mutant, "killed"), Result(mutant, "survived")), frozenset({mutant.key}))
    assert score.value() == 1.0 and score.wrongly_listed() == [Result(mutant, "killed")]


def test_the_plugin_runs_the_tests_against_the_mutant(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "game" / "rule.py").write_text("def legal(n):\n    return n < 3\n")
    (tmp_path / "test_rule.py").write_text("from game.rule import legal\n\ndef test_two():\n    assert legal(2)\n")

    def outcome(index: int) -> int:
        env = {**os.environ, ENV: f"game.rule:game/rule.py:{index}", "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "bench.mutation.plugin"]
        return subprocess.run([*command, "test_rule.py"], cwd=tmp_path, env=env, capture_output=True).returncode

    assert keys("def legal(n):\n    return n < 3\n")[:4] == [
        "legal: return n < 3 => return n >= 3", "legal: return n < 3 => return n <= 3",
        "legal: return n < 3 => return n < 4", "legal: return n < 3 => return n < 2",
    ]  # fmt: skip
    assert [outcome(i) for i in range(4)] == [1, 0, 0, 1]


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(mutants).failed == 0
