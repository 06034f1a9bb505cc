"""One asyncio lock per key (a game), kept only while someone holds or awaits it."""

from __future__ import annotations

import asyncio
import weakref


class KeyedLocks:
    """``locks[game_id]`` is the lock of that game; a game nobody is acting on keeps no lock.

    >>> locks = KeyedLocks()
    >>> held = locks[7]
    >>> held is locks[7], len(locks)
    (True, 1)
    >>> del held
    >>> len(locks)
    0
    """

    def __init__(self) -> None:
        # Weak values: an ``async with locks[id]`` holds its lock (so do its waiters); once done, it goes.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __getitem__(self, key: int) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)
