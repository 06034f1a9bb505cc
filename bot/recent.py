"""A bounded memory of the entries used last: what a process keeps to spare itself a database read."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``kept`` entries; the one used longest ago goes first.

    >>> recent: Recent[str, int] = Recent(2)
    >>> recent["a"] = 1; recent["b"] = 2
    >>> recent["a"]  # "a" is now the most recently used
    1
    >>> recent["c"] = 3
    >>> "b" in recent, recent.get("a"), len(recent)
    (False, 1, 2)
    """

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, key: K) -> V:
        value = self._entries[key]
        self._entries.move_to_end(key)
        return value

    def get(self, key: K) -> V | None:
        return self[key] if key in self._entries else None

    def __setitem__(self, key: K, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        if len(self._entries) > self.kept:
            self._entries.popitem(last=False)

    def discard(self, key: K) -> None:
        """Forget ``key`` if it is kept."""
        self._entries.pop(key, None)
