"""Run a seeded sample of mutants of each engine against its tests, and score the tests.

A mutant is *killed* when the engine's tests fail (or time out) with it, *equivalent* when it
survived but is listed, with its reason, in the equivalent-survivors file, and *survived*
otherwise. The score is killed-or-equivalent over the sample.
"""

from __future__ import annotations

import dataclasses
import glob
import importlib.util
import os
import random
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bench.mutation.mutants import Mutant, mutants_of
from bench.mutation.plugin import ENV, NOT_LOADED

ROOT = Path(__file__).resolve().parents[2]


def engine_path(engine: str) -> Path:
    """The file of ``engine``'s module, or the folder of its package, found through the registry
    (``rules/{engine}.py`` or ``rules/{engine}/`` built in, the ``rules`` module of a game package)."""
    from rules import MODULES

    spec = importlib.util.find_spec(MODULES[engine].rules)
    if spec is None or spec.origin is None:
        raise SystemExit(f"{engine}: its engine module {MODULES[engine].rules} is not installed")
    origin = Path(spec.origin).resolve()
    return origin.parent if spec.submodule_search_locations is not None else origin


def engine_files(engine: str) -> tuple[Path, ...]:
    """The files of ``engine``'s code: its module, or every module of its package."""
    path = engine_path(engine)
    return tuple(sorted(path.rglob("*.py"))) if path.is_dir() else (path,)


def shown(path: Path) -> str:
    """``path`` relative to the project when inside it (``rules/kouba``), else whole (an installed game's)."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def engine_source(engine: str) -> str:
    """The engine's module or package, as its tests and doctests are named to pytest."""
    return shown(engine_path(engine))


def own_tests(settings: Settings, engine: str) -> str:
    """The pattern of the engine's own tests: in ``tests/rules/`` built in, in its distribution's
    folder for a game package (the folder holding the package)."""
    from rules import MODULES

    modules = MODULES[engine]
    if modules.package is None:
        return settings.own_tests.format(engine=engine)
    return settings.package_tests.format(engine=engine, distribution=shown(modules.folder.parent))


def module_name(path: Path) -> str:
    """The module a file is imported as, from the packages holding it: ``rules.kouba.events`` for
    ``rules/kouba/events.py`` (``rules.kouba`` for its ``__init__.py``)."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


@dataclass(frozen=True)
class Settings:
    """``[tool.agora.mutation]`` of pyproject.toml, and the engines: every registered game's. In a
    path, ``{engine}`` stands for the engine, ``{source}`` for its module or package, ``{own_tests}``
    for its own tests (:func:`own_tests`)."""

    engines: tuple[str, ...]
    seed: int
    sample: int
    workers: int
    min_score: float
    tests: tuple[str, ...]
    own_tests: str
    package_tests: str
    select: str
    equivalent: str

    @classmethod
    def load(cls, pyproject: Path = ROOT / "pyproject.toml") -> Settings:
        from rules import GAMES

        table = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["agora"]["mutation"]
        return cls(
            engines=tuple(GAMES), seed=int(table["seed"]), sample=int(table["sample"]),
            workers=int(table["workers"]), min_score=float(table["min_score"]),
            tests=tuple(table["tests"]), own_tests=table["own_tests"], package_tests=table["package_tests"],
            select=table["select"], equivalent=table["equivalent"],
        )


@dataclass(frozen=True)
class Result:
    """What the tests made of one mutant: ``killed``, ``timeout``, ``survived`` or ``error``."""

    mutant: Mutant
    status: str
    detail: str = ""


@dataclass(frozen=True)
class Score:
    """The figures of one engine's sample."""

    engine: str
    results: tuple[Result, ...]
    equivalent: frozenset[str]

    def killed(self) -> list[Result]:
        return [r for r in self.results if r.status in ("killed", "timeout")]

    def equivalents(self) -> list[Result]:
        return [r for r in self.results if r.status == "survived" and r.mutant.key in self.equivalent]

    def survivors(self) -> list[Result]:
        return [r for r in self.results if r.status == "survived" and r.mutant.key not in self.equivalent]

    def errors(self) -> list[Result]:
        return [r for r in self.results if r.status == "error"]

    def wrongly_listed(self) -> list[Result]:
        """Mutants listed as equivalent that the tests kill: the listing is wrong."""
        return [r for r in self.killed() if r.mutant.key in self.equivalent]

    def value(self) -> float:
        return (len(self.killed()) + len(self.equivalents())) / max(1, len(self.results))


def engine_mutants(engine: str) -> list[Mutant]:
    """Every mutant of ``engine``, file by file, each with its file; a key met in an earlier file of
    the engine is numbered on (``#2``), so that each key names one mutant of the engine."""
    found: list[Mutant] = []
    seen: dict[str, int] = {}
    for path in engine_files(engine):
        where = shown(path)
        for mutant in mutants_of(path.read_text(encoding="utf-8")):
            seen[mutant.key] = seen.get(mutant.key, 0) + 1
            key = mutant.key if seen[mutant.key] == 1 else f"{mutant.key} #{seen[mutant.key]}"
            found.append(dataclasses.replace(mutant, key=key, path=where))
    return found


def sample(settings: Settings, engine: str) -> list[Mutant]:
    """The seeded sample of ``engine``'s mutants, in file order; the same source gives the same sample."""
    mutants = engine_mutants(engine)
    chosen = random.Random(f"{settings.seed}:{engine}").sample(mutants, min(settings.sample, len(mutants)))
    order = {mutant: place for place, mutant in enumerate(mutants)}
    return sorted(chosen, key=order.__getitem__)


def load_equivalent(settings: Settings, engine: str) -> frozenset[str]:
    """The keys of ``engine``'s survivors judged equivalent (the file maps each key to its reason):
    the project's file, and the file of that name beside the engine's own tests (a game package's)."""
    own = (ROOT / own_tests(settings, engine)).with_name(Path(settings.equivalent).name)
    found: set[str] = set()
    for path in {ROOT / settings.equivalent, own}:
        table = tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        found.update(table.get(engine, {}))
    return frozenset(found)


def pytest_command(settings: Settings, engine: str) -> list[str]:
    """The pytest run for one engine: its tests and its conformance checks, stopping at the first failure."""
    mine = {"engine": engine, "source": engine_source(engine), "own_tests": own_tests(settings, engine)}
    patterns = [t.format(**mine) for t in settings.tests]
    tests = [path for pattern in patterns for path in files_named_by(pattern)]
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "bench.mutation.plugin",
            *tests, "-k", settings.select.format(engine=engine)]


def files_named_by(pattern: str) -> list[str]:
    """The files ``pattern`` names (relative to the project, or whole), sorted: itself when it has no
    ``*`` (pytest then says plainly if it is missing), else every match (none is an error: a pattern
    matching nothing would silently leave the engine's tests out)."""
    if "*" not in pattern:
        return [pattern]
    found = sorted(glob.glob(pattern, root_dir=ROOT))
    if not found:
        raise SystemExit(f"no file matches the mutation tests' pattern {pattern!r}")
    return found


def run_one(command: list[str], module_spec: str | None, timeout: float) -> tuple[int | None, str]:
    """Exit code of ``command`` with the mutant ``module_spec`` (None: the real engine), and its output's end."""
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if module_spec is not None:
        env[ENV] = module_spec
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, ""
    return done.returncode, (done.stdout + done.stderr)[-2000:]


def classify(mutant: Mutant, code: int | None, output: str) -> Result:
    """Exit code 0 means the mutant survived; a run that never loaded the mutant is an error."""
    if code is None:
        return Result(mutant, "timeout")
    if NOT_LOADED in output or code not in (0, 1, 2):
        return Result(mutant, "error", output)
    return Result(mutant, "survived" if code == 0 else "killed")


def score_engine(
    settings: Settings, engine: str, workers: int, say: Callable[[str], None], lines: frozenset[int] = frozenset()
) -> Score:
    """Run the sample of ``engine`` on ``workers`` processes, after checking its tests pass unmutated.

    ``lines``, when given, keeps only the sampled mutants on those lines (to recheck survivors).
    """
    command = pytest_command(settings, engine)
    started = time.monotonic()
    code, output = run_one(command, None, timeout=1800)
    if code != 0:
        raise SystemExit(f"{engine}: the tests fail without any mutant:\n{output}")
    timeout = 3 * (time.monotonic() - started) + 30
    chosen = [m for m in sample(settings, engine) if not lines or m.line in lines]
    say(f"{engine}: {len(chosen)} mutants of {engine_source(engine)}, {workers} workers, "
        f"{timeout:.0f} s per mutant at most")

    def one(mutant: Mutant) -> Result:
        spec = f"{module_name(ROOT / mutant.path)}:{mutant.path}:{mutant.index}"
        result = classify(mutant, *run_one(command, spec, timeout))
        say(f"  {result.status:8} {mutant.place():32} {mutant.operator:8} {mutant.key}")
        return result

    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = tuple(pool.map(one, chosen))
    return Score(engine, results, load_equivalent(settings, engine))


def report(score: Score) -> Iterable[str]:
    """Lines of the summary: the figures, then every survivor not listed as equivalent."""
    total = len(score.results)
    yield (f"{score.engine}: killed {len(score.killed())}/{total}, equivalent {len(score.equivalents())}, "
           f"survived {len(score.survivors())}, errors {len(score.errors())}, "
           f"score {100 * score.value():.1f}% (killed or equivalent)")
    for result in score.survivors():
        yield f"  SURVIVED {result.mutant.place()}: {result.mutant.key}"
    for result in score.wrongly_listed():
        yield f"  KILLED BUT LISTED AS EQUIVALENT: {result.mutant.key}"
    for result in score.errors():
        yield f"  ERROR {result.mutant.place()}: {result.mutant.key}\n{result.detail}"
