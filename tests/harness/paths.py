"""Matching concrete REST paths ("/channels/12/messages") to templates ("/channels/{channel_id}/messages").

Used both by the fake REST router and by the OpenAPI validator, so both agree on what a path means.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from urllib.parse import unquote, urlsplit

_API_PREFIX = re.compile(r"^/api/v\d+")


def path_of(url: str) -> str:
    """The API-relative path of a discord.py URL: "https://discord.com/api/v10/users/@me" -> "/users/@me"."""
    return _API_PREFIX.sub("", urlsplit(url).path)


@dataclass(frozen=True)
class PathTemplate:
    """One templated path; literal segments must match exactly, `{name}` segments capture a value."""

    template: str

    @cached_property
    def segments(self) -> tuple[str, ...]:
        return tuple(self.template.strip("/").split("/"))

    @cached_property
    def literal_count(self) -> int:
        return sum(1 for s in self.segments if not s.startswith("{"))

    def match(self, path: str) -> dict[str, str] | None:
        parts = path.strip("/").split("/")
        if len(parts) != len(self.segments):
            return None
        params: dict[str, str] = {}
        for segment, part in zip(self.segments, parts, strict=True):
            if segment.startswith("{") and segment.endswith("}"):
                params[segment[1:-1]] = unquote(part)
            elif segment != part:
                return None
        return params


def best_match(templates: Iterable[PathTemplate], path: str) -> tuple[PathTemplate, dict[str, str]] | None:
    """The matching template with most literal segments: "/messages/@original" beats "/{message_id}"."""
    best: tuple[PathTemplate, dict[str, str]] | None = None
    for template in templates:
        params = template.match(path)
        if params is not None and (best is None or template.literal_count > best[0].literal_count):
            best = (template, params)
    return best
