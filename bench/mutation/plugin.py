"""Pytest plugin that makes the tests import a mutant instead of the real module.

``AGORA_MUTANT=rules.kouba.events:rules/kouba/events.py:17 pytest -p bench.mutation.plugin …``
serves mutant 17 of ``rules/kouba/events.py`` whenever ``rules.kouba.events`` is imported. Nothing is written to
disk, so several runs can test different mutants of the same file at once. The run ends in
a usage error naming :data:`NOT_LOADED` if the tests never imported the mutant.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType

import pytest

from bench.mutation.mutants import compile_mutant

ENV = "AGORA_MUTANT"
NOT_LOADED = "MUTANT NOT LOADED"


class MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds and loads one module from an already compiled mutant of its file."""

    def __init__(self, module: str, path: Path, code: CodeType) -> None:
        self.module, self.path, self.code = module, path, code
        self.loaded = False

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.module:
            return None
        return importlib.util.spec_from_file_location(fullname, self.path, loader=self)

    def exec_module(self, module: ModuleType) -> None:
        self.loaded = True
        exec(self.code, module.__dict__)


def finder_from(value: str) -> MutantFinder:
    """The finder for ``module:path:index`` (the form of :data:`ENV`)."""
    module, path, index = value.rsplit(":", 2)
    source_path = Path(path).resolve()
    code = compile_mutant(source_path.read_text(encoding="utf-8"), str(source_path), int(index))
    assert isinstance(code, CodeType)
    return MutantFinder(module, source_path, code)


_FINDER = finder_from(os.environ[ENV]) if os.environ.get(ENV) else None
if _FINDER is not None:
    sys.meta_path.insert(0, _FINDER)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Refuse to report on a mutant the tests never saw (it would look like a survivor)."""
    if _FINDER is not None and not _FINDER.loaded:
        raise pytest.UsageError(f"{NOT_LOADED}: {_FINDER.module} was imported before the plugin")
