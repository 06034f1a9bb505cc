"""Discord's bad days, on demand: error answers, lost permissions, a bot removed from its server.

    h.faults.fail("POST", r"/channels/\\d+/messages", 503)      # the next send answers 503
    h.faults.fail("PATCH", r"/channels/.*", 429, retry_after=0.01, times=2)
    h.faults.fail("POST", r"/channels/\\d+/messages", 502, applied=True)  # done, but the answer lost
    h.faults.revoke(channel, "send_messages")               # 403 50013 on sends there
    h.faults.remove_bot()                                   # 403 50001 / 404 10004 everywhere

Each answer reaches discord.py's real HTTP code (tests/harness/transport.py), which retries what
Discord's client retries (429 after `retry_after`, 500, 502, 504) and raises the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Literal

from .transport import APIError, RecordedRequest

# The message Discord sends with each error code the faults use.
MESSAGES = {
    0: "",
    10003: "Unknown Channel",
    10004: "Unknown Guild",
    10008: "Unknown Message",
    50001: "Missing Access",
    50013: "Missing Permissions",
}
_CHANNEL = re.compile(r"^/channels/(\d+)(/|$)")
_SEND = re.compile(r"^/channels/\d+/messages$")
_EDIT = re.compile(r"^/channels/\d+/messages/\d+$")
# What each revocable permission stops (Discord's names, as in discord.Permissions).
REVOCABLE = ("send_messages", "attach_files", "embed_links")


@dataclass
class Fault:
    """The next `times` requests matching `method` (None: any) and `path` (a regex, searched) fail;
    `applied`: Discord carried each out before answering the error (an answer lost on the way)."""

    method: str | None
    path: re.Pattern[str]
    error: APIError
    times: int
    applied: bool = False

    def matches(self, request: RecordedRequest) -> bool:
        return self.method in (None, request.method) and self.path.search(request.path) is not None


def api_error(status: int, code: int = 0, *, retry_after: float | None = None) -> APIError:
    """Discord's answer with that status and error code (429: "You are being rate limited.")."""
    message = "You are being rate limited." if status == 429 else MESSAGES.get(code) or HTTPStatus(status).phrase
    return APIError(status, code, message, retry_after=retry_after)


@dataclass
class Faults:
    """The faults in force; `answer(request)` raises the error a faulty Discord would give, if any."""

    # channel id -> the permissions the bot lost there (threads follow their parent).
    revoked: dict[int, set[str]] = field(default_factory=dict)
    bot_removed: bool = False
    pending: list[Fault] = field(default_factory=list)

    def fail(
        self, method: str | None, path: str, status: int, code: int = 0, *, times: int = 1,
        retry_after: float | None = None, applied: bool = False,
    ) -> None:
        """The next `times` requests `method path` (path: a regex) answer `status` with `code`.

        A 429 needs `retry_after` (seconds): discord.py waits that long and sends again.
        `applied`: each request takes effect before the error answer (a 502 after the message was posted).
        """
        if status == 429 and retry_after is None:
            raise ValueError("a 429 answer says when to retry: pass retry_after")
        error = api_error(status, code, retry_after=retry_after)
        self.pending.append(Fault(method, re.compile(path), error, times, applied))

    def revoke(self, channel_id: int, *permissions: str) -> None:
        """The bot loses `permissions` (default: send_messages) in that channel and its threads."""
        unknown = set(permissions) - set(REVOCABLE)
        if unknown:
            raise ValueError(f"cannot revoke {sorted(unknown)}; choose among {REVOCABLE}")
        self.revoked.setdefault(channel_id, set()).update(permissions or ("send_messages",))

    def restore(self, channel_id: int) -> None:
        """Give the bot back every permission in that channel."""
        self.revoked.pop(channel_id, None)

    def take(self, request: RecordedRequest) -> Fault | None:
        """The pending fault `request` meets, if any (counted as used)."""
        for fault in self.pending:
            if fault.matches(request):
                fault.times -= 1
                if fault.times <= 0:
                    self.pending.remove(fault)
                return fault
        return None

    def refuse(self, request: RecordedRequest, parent_of: Callable[[int], int | Literal[False] | None]) -> None:
        """Raise the APIError a server that removed the bot or took its permissions answers `request` with.

        `parent_of` gives a guild channel's or thread's parent (None for a channel), False for a DM or
        no channel of the guild.
        """
        found = _CHANNEL.match(request.path)
        channel_id = int(found.group(1)) if found else None
        parent = False if channel_id is None else parent_of(channel_id)
        in_guild = parent is not False
        if self.bot_removed and (in_guild or request.path.startswith("/guilds/")):
            raise api_error(403, 50001) if in_guild else api_error(404, 10004)
        if channel_id is None:
            return
        lost = self.revoked.get(channel_id) or self.revoked.get(parent or -1) or set()
        if _SEND.match(request.path) and request.method == "POST" and "send_messages" in lost:
            raise api_error(403, 50013)
        if request.files and (_SEND.match(request.path) or _EDIT.match(request.path)) and "attach_files" in lost:
            raise api_error(403, 50013)
