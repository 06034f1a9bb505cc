"""Players' names, as the bot shows them: one line, bounded, and harmless in a message.

A name comes from Discord as the player chose it: it may hold markdown (``**``, a masked
link ``[free nitro](https://…)``), ``@everyone``, line breaks or hundreds of characters.
Pictures draw :func:`plain_name`; messages show :func:`shown_name`, which reads the same
but can neither format, link nor mention. Several seats of one user (Agora's at a table) are
:func:`told_apart` by their seat's number.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from discord.utils import escape_markdown

NAME_LIMIT = 32  # Discord's own limit on nicknames and display names
ZERO_WIDTH_SPACE = "\u200b"


def plain_name(raw: str, fallback: str = "?") -> str:
    """``raw`` on one line, without control characters, cut to NAME_LIMIT characters.

    >>> plain_name("  alice\\n\\tthe  great ")
    'alice the great'
    >>> plain_name("x" * 40)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    >>> plain_name("\\u0000", fallback="Player 1")
    'Player 1'
    """
    printable = "".join(" " if _breaks_line(c) else c for c in raw)
    name = " ".join(printable.split())
    if not name:
        return fallback
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


def shown_name(name: str) -> str:
    """``name`` for a message: markdown escaped, links and mentions broken, so it reads as typed.

    >>> shown_name("**@everyone**")
    '\\\\*\\\\*@\\u200beveryone\\\\*\\\\*'
    >>> shown_name("[free nitro](https://x.example)")
    '\\\\[free nitro\\\\](https:\\u200b//x.example)'
    """
    escaped = escape_markdown(plain_name(name)).replace("]", "\\]")
    return escaped.replace("@", "@" + ZERO_WIDTH_SPACE).replace("://", ":" + ZERO_WIDTH_SPACE + "//")


def _breaks_line(character: str) -> bool:
    """Control characters and every kind of space or line break: each becomes one space."""
    category = unicodedata.category(character)
    return category == "Cc" or category.startswith("Z")


def told_apart(names: Sequence[str], seats: Sequence[int]) -> list[str]:
    """The seats' names, each a player can follow: where one user holds several seats (Agora at a
    table), each of them is named with its seat's number, as the seat lists number them.

    >>> told_apart(["alice", "Agora", "Agora"], [7, 99, 99])
    ['alice', 'Agora 2', 'Agora 3']
    >>> told_apart(["alice", "Agora"], [7, 99]), told_apart(["", ""], [5, 5])
    (['alice', 'Agora'], ['', ''])
    """
    held = Counter(seats)
    pairs = enumerate(zip(names, seats, strict=True))
    return [f"{name} {seat + 1}" if held[uid] > 1 and name else name for seat, (name, uid) in pairs]
