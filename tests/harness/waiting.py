"""Waiting until the bot has finished reacting to one event.

discord.py answers a gateway event by spawning tasks (the command tree's invoker, view
dispatch, event listeners), which spawn more, and some of them wait on threads (aiosqlite,
rendering in an executor). The harness waits until every task started since the harness
was installed is done or *idle*: parked where only a later user action or a long timer can
wake it. Idle means the task's await chain goes through
- `View.wait` / `Modal.wait` (waiting for a player),
- a `discord.ext.tasks` loop (between iterations),
- `asyncio.sleep` of at least `timer_threshold` seconds (view timeouts, `delete_after`),
or that it waits for one of the `idle_futures` the harness names (`Client.wait_for` listeners:
`wait_for` is a plain function returning a coroutine, so it never appears in a chain).
Shorter sleeps are waited out. A task that stays busy past the timeout fails the step,
showing where each busy task is stuck.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from discord.ext import tasks
from discord.ui.view import BaseView

DEFAULT_IDLE_FUNCTIONS: tuple[Callable[..., Any], ...] = (BaseView.wait, tasks.Loop._loop)
_SLEEP_CODE = asyncio.sleep.__code__
_WAIT_FOR_CODE = asyncio.wait_for.__code__
# How long to block on busy tasks before looking again: a task can turn idle without finishing.
_POLL = 0.002
# A step is over when no task is busy on this many consecutive looks, one loop turn apart, so
# callbacks already scheduled (a thread handing back a result) get their turn first.
_QUIET_LOOKS = 2


class SettleTimeout(AssertionError):
    """The bot was still busy when the step's time ran out."""


class Settler:
    """Tracks the tasks started since `begin()` and waits for them to finish or park."""

    def __init__(
        self,
        *,
        timeout: float,
        idle_futures: Callable[[], Iterable[asyncio.Future[Any]]],
        idle_functions: Iterable[Callable[..., Any]] = (),
        timer_threshold: float = 1.0,
    ) -> None:
        self.timeout = timeout
        self.timer_threshold = timer_threshold
        self._idle_futures = idle_futures
        self._idle_codes = {f.__code__ for f in (*DEFAULT_IDLE_FUNCTIONS, *idle_functions)}
        self._baseline: set[asyncio.Task[Any]] = set()
        self.timed_out = False

    def begin(self) -> None:
        """Ignore the tasks that exist now (the test's own, other fixtures')."""
        self._baseline = set(asyncio.all_tasks())

    def tracked(self) -> list[asyncio.Task[Any]]:
        """Unfinished tasks started since `begin()`, idle ones included."""
        current = asyncio.current_task()
        return [t for t in asyncio.all_tasks() if t not in self._baseline and t is not current and not t.done()]

    def busy(self) -> list[asyncio.Task[Any]]:
        idle_futures = set(self._idle_futures())
        return [task for task in self.tracked() if not self._is_idle(task, idle_futures)]

    async def settle(self) -> None:
        """Return once nothing is busy; SettleTimeout after `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        quiet = 0
        while quiet < _QUIET_LOOKS:
            await asyncio.sleep(0)
            busy = self.busy()
            if not busy:
                quiet += 1
                continue
            quiet = 0
            remaining = deadline - loop.time()
            if remaining <= 0:
                self.timed_out = True
                raise SettleTimeout(self._describe(busy))
            await asyncio.wait(busy, timeout=min(remaining, _POLL), return_when=asyncio.FIRST_COMPLETED)

    async def cancel_all(self) -> None:
        """Cancel every tracked task, idle ones too, as a process exit would."""
        leftovers = self.tracked()
        for task in leftovers:
            task.cancel()
        await asyncio.gather(*leftovers, return_exceptions=True)

    def _is_idle(self, task: asyncio.Task[Any], idle_futures: set[asyncio.Future[Any]]) -> bool:
        awaitable: Any = task.get_coro()
        while awaitable is not None:
            frame = getattr(awaitable, "cr_frame", None)
            if frame is not None:
                code, local = frame.f_code, frame.f_locals
                if code in self._idle_codes:
                    return True
                if code is _SLEEP_CODE and local.get("delay", 0) >= self.timer_threshold:
                    return True
                # Before Python 3.12, asyncio.wait_for with a timeout awaits a helper future,
                # not the future it was given.
                if code is _WAIT_FOR_CODE and local.get("fut") in idle_futures:
                    return True
            elif awaitable in idle_futures:
                return True
            awaitable = getattr(awaitable, "cr_await", None)
        return False

    def _describe(self, busy: list[asyncio.Task[Any]]) -> str:
        stacks = [
            f"{task.get_name()}:\n"
            + "\n".join(f"  {f.f_code.co_filename}:{f.f_lineno} in {f.f_code.co_name}" for f in _await_chain(task))
            for task in busy
        ]
        return (
            f"the bot was still busy {self.timeout:g} s after the event ({len(busy)} task(s)). "
            "If a task legitimately waits for a later user action, pass its function in "
            "FakeDiscord(idle_functions=...). Where each busy task waits, outermost first:\n" + "\n".join(stacks)
        )


def _await_chain(task: asyncio.Task[Any]) -> Iterator[Any]:
    """The frames of a task's coroutine and of every coroutine it is awaiting, outermost first.

    `Task.get_stack()` shows only the outermost frame of a suspended coroutine; following
    `cr_await` reaches the place the task actually waits.
    """
    awaitable: Any = task.get_coro()
    while awaitable is not None:
        frame = getattr(awaitable, "cr_frame", None)
        if frame is not None:
            yield frame
        awaitable = getattr(awaitable, "cr_await", None)
