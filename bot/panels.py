"""Private panels still open on players' screens, kept up to date while Discord lets the bot edit them.

A private panel ("My pieces", "My hand") is an ephemeral message: only the interaction that
drew it can edit it, through its token, and Discord forgets that token 15 minutes after
the interaction.  :class:`OpenPanels` remembers, per game, each panel's message and the way to
edit it, so that when the game moves on the panel is redrawn where the player reads it.  A
panel is kept for ``lifetime`` seconds after the interaction that last drew it (a click on the
panel itself draws it again, with a fresh token); past that it is forgotten, and a click on its
out-of-date controls is refused as stale (the version in their ids) and the panel redrawn by that
click.  A panel is private, so it speaks its player's language: each remembers the language of the
interaction that drew it (the player's Discord language when the bot speaks it, else the server's),
and every redraw without an interaction uses it.  Kept in memory only: after a restart every open
panel is past editing, and the stale-click refusal covers it the same way.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

TOKEN_SECONDS = 15 * 60  # Discord: an interaction's token lives 15 minutes
MARGIN_SECONDS = 60  # an edit sent just before the token dies may arrive after it
# One player keeps at most this many panels of one game up to date; opening one more retires the oldest.
PANELS_PER_PLAYER = 2

Edit = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class OpenPanel:
    """One private panel: whose, of which game, how to edit it (through the interaction that last drew
    it) and in which language it was drawn (its redraws keep it)."""

    game_id: int
    user_id: int
    message_id: int
    edit: Edit
    drawn_at: float
    lang: str


@dataclass
class OpenPanels:
    """The private panels the bot can still edit, by message id.

    >>> panels = OpenPanels(clock=lambda: 0.0)
    >>> async def edit(**message: Any) -> None: ...
    >>> panels.remember(OpenPanel(12, 7, 1001, edit, 0.0, "fr"))
    []
    >>> [(panel.message_id, panel.lang) for panel in panels.of_game(12)]
    [(1001, 'fr')]
    """

    clock: Callable[[], float] = time.time
    lifetime: float = TOKEN_SECONDS - MARGIN_SECONDS
    _panels: dict[int, OpenPanel] = field(default_factory=dict)

    def drawn(self, game_id: int, user_id: int, message_id: int, edit: Edit, lang: str) -> list[OpenPanel]:
        """A panel was drawn in ``lang`` (opened, or redrawn by a click on it) now; returns the player's
        panels it retires."""
        return self.remember(OpenPanel(game_id, user_id, message_id, edit, self.clock(), lang))

    def remember(self, panel: OpenPanel) -> list[OpenPanel]:
        """Keep ``panel`` (replacing what was known of its message); the player's oldest panels of the
        game beyond :data:`PANELS_PER_PLAYER` are forgotten and returned, to be closed while they can be."""
        self.sweep()
        self._panels.pop(panel.message_id, None)
        self._panels[panel.message_id] = panel
        mine = [p for p in self._panels.values() if p.game_id == panel.game_id and p.user_id == panel.user_id]
        retired = mine[: max(len(mine) - PANELS_PER_PLAYER, 0)]  # oldest first: dicts keep insertion order
        for old in retired:
            del self._panels[old.message_id]
        return retired

    def forget(self, message_id: int) -> None:
        """The panel is no more (closed by a move played from it, or dismissed)."""
        self._panels.pop(message_id, None)

    def of_game(self, game_id: int, *, besides: int | None = None) -> list[OpenPanel]:
        """The game's panels the bot can still edit, except message ``besides`` (the one a click just redrew)."""
        self.sweep()
        return [p for p in self._panels.values() if p.game_id == game_id and p.message_id != besides]

    def sweep(self) -> None:
        """Forget panels whose token has died (or is about to)."""
        now = self.clock()
        for message_id in [m for m, p in self._panels.items() if now - p.drawn_at >= self.lifetime]:
            del self._panels[message_id]
