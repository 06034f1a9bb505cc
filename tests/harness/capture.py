"""Errors that discord.py only logs, or hands to an on_error handler, become test failures.

Three nets, since each misses something the others catch:
- a logging handler on the `discord` logger tree and the bot's own loggers (level ERROR and up);
- wrappers around the `on_error` of the client, the command tree and every stored view or modal,
  so an overridden handler that swallows the exception still reports it;
- the event loop's exception handler ("Task exception was never retrieved" and the like).
The same exception seen by several nets is reported once.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import traceback
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from discord import app_commands
from discord.ui.view import ViewStore

CAPTURED_LOGGERS = ("discord", "agora", "bot", "cogs")
# Errors a command tree reports for ordinary player mistakes (a failed check, a value its
# transformer rejects): the bot answers them, they are not bugs.
EXPECTED_TREE_ERRORS: tuple[type[Exception], ...] = (app_commands.CheckFailure, app_commands.TransformerError)


@dataclass(frozen=True)
class CapturedError:
    """One error, where it was seen, and its traceback when there is one."""

    source: str
    message: str
    exception: BaseException | None = None

    def describe(self) -> str:
        text = f"[{self.source}] {self.message}"
        if self.exception is not None:
            text += "\n" + "".join(traceback.format_exception(self.exception)).rstrip()
        return text

    def matches(self, pattern: str) -> bool:
        haystack = self.message
        if self.exception is not None:
            haystack += "\n" + "".join(traceback.format_exception(self.exception))
        return re.search(pattern, haystack) is not None


@dataclass
class _Expectation:
    pattern: str
    met: bool = False


@dataclass
class ErrorCapture:
    """Collects errors while installed; `errors` holds the unexpected ones."""

    errors: list[CapturedError] = field(default_factory=list)
    _seen: list[BaseException] = field(default_factory=list)
    _expectations: list[_Expectation] = field(default_factory=list)
    _handler: logging.Handler | None = None
    _patches: pytest.MonkeyPatch | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    _previous_loop_handler: Any = None

    def install(self) -> None:
        """Start collecting: loggers, the running loop's exception handler, and stored views."""
        self._handler = _Handler(self)
        for name in CAPTURED_LOGGERS:
            logging.getLogger(name).addHandler(self._handler)
        self._loop = asyncio.get_running_loop()
        self._previous_loop_handler = self._loop.get_exception_handler()
        self._loop.set_exception_handler(self._on_loop_exception)
        self._patches = pytest.MonkeyPatch()
        original_add_view = ViewStore.add_view

        def add_view(store: ViewStore, view: Any, message_id: int | None = None) -> None:
            self.wrap_on_error(view, f"{type(view).__name__}.on_error")
            original_add_view(store, view, message_id)

        self._patches.setattr(ViewStore, "add_view", add_view)

    def uninstall(self) -> None:
        if self._handler is not None:
            for name in CAPTURED_LOGGERS:
                logging.getLogger(name).removeHandler(self._handler)
            self._handler = None
        if self._loop is not None:
            self._loop.set_exception_handler(self._previous_loop_handler)
            self._loop = None
        if self._patches is not None:
            self._patches.undo()
            self._patches = None

    def add(self, error: CapturedError) -> None:
        """Record an error unless this exception was already seen or a test expects it."""
        if error.exception is not None:
            if any(seen is error.exception for seen in self._seen):
                return
            self._seen.append(error.exception)
        for expectation in self._expectations:
            if error.matches(expectation.pattern):
                expectation.met = True
                return
        self.errors.append(error)

    def wrap_on_error(self, owner: Any, source: str, *, expected: tuple[type[BaseException], ...] = ()) -> None:
        """Shadow `owner.on_error` with a wrapper that records the exception, then calls the original."""
        original: Callable[..., Awaitable[None]] = owner.on_error
        if getattr(original, "__harness_wrapped__", False):
            return

        async def on_error(*args: Any, **kwargs: Any) -> None:
            # Client.on_error gets the exception from sys.exc_info(); the others as an argument.
            error = next((a for a in args if isinstance(a, BaseException)), None) or sys.exc_info()[1]
            if error is not None and not isinstance(error, expected):
                self.add(CapturedError(source, repr(error), error))
            await original(*args, **kwargs)

        on_error.__harness_wrapped__ = True  # type: ignore[attr-defined]
        owner.on_error = on_error

    @contextmanager
    def expect(self, pattern: str) -> Iterator[None]:
        """Errors matching the regular expression inside the block are expected; one must occur."""
        expectation = _Expectation(pattern)
        self._expectations.append(expectation)
        try:
            yield
        finally:
            self._expectations.remove(expectation)
        if not expectation.met:
            raise AssertionError(f"expected an error matching {pattern!r} to be logged, but none was")

    def report(self) -> str | None:
        """All collected errors as one message, or None."""
        if not self.errors:
            return None
        listed = "\n\n".join(f"{n}. {e.describe()}" for n, e in enumerate(self.errors, 1))
        header = f"{len(self.errors)} error(s) were logged or reached an on_error handler while the bot ran"
        return f"{header}:\n{listed}"

    def _on_loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.add(CapturedError("event loop", str(context.get("message")), context.get("exception")))


class _Handler(logging.Handler):
    def __init__(self, capture: ErrorCapture) -> None:
        super().__init__(level=logging.ERROR)
        self._capture = capture

    def emit(self, record: logging.LogRecord) -> None:
        exception = record.exc_info[1] if record.exc_info else None
        self._capture.add(CapturedError(f"log {record.name}", record.getMessage(), exception))
