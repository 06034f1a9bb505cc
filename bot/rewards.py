"""Reward roles: a Discord role for each game's season champions and for the last tournament's winner.

The bot gives a reward role to the players who earned it and takes it back from those who
held it before, and only from them: :class:`RewardStore` remembers whom the bot gave each
role to.  Discord lets a bot give a role only with Manage Roles and when the role sits below
the bot's own highest role; :func:`role_problem` says which is missing before anything is
tried, and the admins are told of a problem once (:meth:`RewardStore.first_report`), not at
every season or tournament, until it is fixed or the settings change.  A reward never fails
a game, a season or a tournament: whatever goes wrong is told or logged, never raised.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.storage import Storage

NO_MANAGE_ROLES = "reward.err.manage_roles"
ROLE_ABOVE = "reward.err.role_above"
ROLE_GONE = "reward.err.role_gone"


@dataclass(frozen=True)
class RoleFacts:
    """What Discord says about the bot and one role on a server, as far as giving it goes."""

    exists: bool
    bot_manages_roles: bool
    role_position: int
    bot_top_position: int
    managed: bool = False  # a bot's or an integration's own role, which nobody can give


def role_problem(facts: RoleFacts) -> str | None:
    """The catalogue key of what stops the bot from giving the role, or None when it can.

    >>> role_problem(RoleFacts(True, False, 1, 5))
    'reward.err.manage_roles'
    >>> role_problem(RoleFacts(True, True, 5, 5))
    'reward.err.role_above'
    >>> role_problem(RoleFacts(True, True, 2, 5)) is None
    True
    """
    if not facts.exists:
        return ROLE_GONE
    if not facts.bot_manages_roles:
        return NO_MANAGE_ROLES
    if facts.managed or facts.role_position >= facts.bot_top_position:
        return ROLE_ABOVE
    return None


class RewardStore:
    """Who holds each reward role because of the bot, and the role problem last told to the admins."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def holders(self, guild_id: int, role_id: int) -> set[int]:
        found = await self.storage.db.fetch(
            "SELECT user_id FROM reward_holders WHERE guild_id = ? AND role_id = ?", (guild_id, role_id)
        )
        return {int(row[0]) for row in found}

    async def set_holders(self, guild_id: int, role_id: int, users: Iterable[int]) -> None:
        async with self.storage.transaction() as db:
            await db.execute("DELETE FROM reward_holders WHERE guild_id = ? AND role_id = ?", (guild_id, role_id))
            rows = [(guild_id, role_id, uid) for uid in sorted(set(users))]
            await db.executemany("INSERT INTO reward_holders (guild_id, role_id, user_id) VALUES (?, ?, ?)", rows)

    async def first_report(self, guild_id: int, problem: str) -> bool:
        """Record ``problem`` as told; True only the first time in a row (so the admins hear it once)."""
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO season_settings (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING", (guild_id,)
            )
            written = await db.execute(
                "UPDATE season_settings SET role_problem = ? WHERE guild_id = ? "
                "AND (role_problem IS NULL OR role_problem != ?)",
                (problem, guild_id, problem),
            )
        return written == 1

    async def solved(self, guild_id: int) -> None:
        """The roles could be given: a problem that comes back is told again."""
        async with self.storage.transaction() as db:
            await db.execute("UPDATE season_settings SET role_problem = NULL WHERE guild_id = ?", (guild_id,))
