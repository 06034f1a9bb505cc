"""The seam between discord.py and the fake: patched HTTP entry points, and no real network.

discord.py sends REST requests through two functions: `HTTPClient.request` (bot-token routes)
and `AsyncWebhookAdapter.request` (interaction callbacks, followups, webhooks). Both are
replaced; their arguments are normalised into one `RecordedRequest` and handed to the fake.
Attachments are fetched through `HTTPClient.get_from_cdn`, also replaced. Anything that still
reaches aiohttp, or the gateway, fails.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, cast

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter


@dataclass(frozen=True)
class UploadedFile:
    """A file part of a multipart request; `index` is N in its `files[N]` field name."""

    index: int
    filename: str
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(frozen=True)
class RecordedRequest:
    """One REST request the bot made; `seq` orders all requests of a harness."""

    seq: int
    method: str
    path: str
    json: Any = None
    files: tuple[UploadedFile, ...] = ()
    query: Mapping[str, Any] = field(default_factory=dict)
    reason: str | None = None

    def log_line(self) -> str:
        """The request as one line of the DISCORD_TRAFFIC_LOG file."""
        files = [{"filename": f.filename, "size": f.size} for f in self.files]
        return json.dumps({"method": self.method, "path": self.path, "json": self.json, "files": files})


class APIError(Exception):
    """An error answer of the fake Discord, raised by discord.py as its usual HTTPException."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_discord(self) -> discord.HTTPException:
        """The exception the real HTTPClient raises for this status and body."""
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        response = cast(aiohttp.ClientResponse, _Response(self.status))
        if self.status == 403:
            return discord.Forbidden(response, data)
        if self.status == 404:
            return discord.NotFound(response, data)
        if self.status >= 500:
            return discord.DiscordServerError(response, data)
        return discord.HTTPException(response, data)


def form_errors(path: Sequence[str | int], code: str, message: str) -> dict[str, Any]:
    """The ``errors`` of Discord's 50035 answer: the error nested along the path of the field it is about.

    >>> form_errors([0, "options", 2, "name"], "BASE_TYPE_BAD_LENGTH", "Too long.")
    {'0': {'options': {'2': {'name': {'_errors': [{'code': 'BASE_TYPE_BAD_LENGTH', 'message': 'Too long.'}]}}}}}
    """
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path):
        errors = {str(key): errors}
    return errors


class _Response:
    """The attributes of aiohttp.ClientResponse that discord.HTTPException reads."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = HTTPStatus(status).phrase
        self.headers: dict[str, str] = {}


class NetworkAttempt(RuntimeError):
    """Something tried to reach the real network during an offline test."""


RequestHandler = Callable[[str, str, Any, tuple[UploadedFile, ...], Mapping[str, Any], str | None], Awaitable[Any]]


class Transport:
    """Installs the patches; `handler(method, url, json, files, query, reason)` answers every request."""

    def __init__(
        self,
        handler: RequestHandler,
        *,
        cdn: Callable[[str], bytes | None],
        on_network_attempt: Callable[[str], None],
    ) -> None:
        self._handler = handler
        self._cdn = cdn
        self._on_network_attempt = on_network_attempt
        self._patches: pytest.MonkeyPatch | None = None

    def install(self) -> None:
        patches = self._patches = pytest.MonkeyPatch()
        patches.setattr(HTTPClient, "request", self._http_request())
        patches.setattr(HTTPClient, "get_from_cdn", self._get_from_cdn())
        patches.setattr(AsyncWebhookAdapter, "request", self._webhook_request())
        patches.setattr(aiohttp.ClientSession, "_request", self._refuse("HTTP"))
        patches.setattr(aiohttp.ClientSession, "_ws_connect", self._refuse("websocket"))
        patches.setattr(discord.Client, "connect", self._refuse("gateway"))

    def uninstall(self) -> None:
        if self._patches is not None:
            self._patches.undo()
            self._patches = None

    def _http_request(self) -> Callable[..., Awaitable[Any]]:
        async def request(
            client: HTTPClient,
            route: Route,
            *,
            files: Iterable[discord.File] | None = None,
            form: Iterable[dict[str, Any]] | None = None,
            **kwargs: Any,
        ) -> Any:
            body, uploads = _read_form(form) if form else (kwargs.get("json"), ())
            return await self._handler(
                route.method, route.url, body, uploads, kwargs.get("params") or {}, kwargs.get("reason")
            )

        return request

    def _webhook_request(self) -> Callable[..., Awaitable[Any]]:
        async def request(
            adapter: AsyncWebhookAdapter,
            route: Route,
            session: aiohttp.ClientSession,
            *,
            payload: dict[str, Any] | None = None,
            multipart: list[dict[str, Any]] | None = None,
            reason: str | None = None,
            params: dict[str, Any] | None = None,
            **kwargs: Any,
        ) -> Any:
            body, uploads = _read_form(multipart) if multipart else (payload, ())
            return await self._handler(route.method, route.url, body, uploads, params or {}, reason)

        return request

    def _get_from_cdn(self) -> Callable[..., Awaitable[bytes]]:
        async def get_from_cdn(client: HTTPClient, url: str) -> bytes:
            data = self._cdn(url)
            if data is None:
                raise APIError(404, 0, "asset not found").to_discord()
            return data

        return get_from_cdn

    def _refuse(self, what: str) -> Callable[..., Awaitable[Any]]:
        async def refuse(owner: object, *args: Any, **kwargs: Any) -> Any:
            target = " ".join(str(a) for a in args[:2])
            self._on_network_attempt(f"real {what} access attempted: {target}")
            raise NetworkAttempt(f"offline test: real {what} access attempted ({target})")

        return refuse


def _read_form(form: Iterable[dict[str, Any]]) -> tuple[Any, tuple[UploadedFile, ...]]:
    """The JSON of the `payload_json` part and the files of a discord.py multipart form."""
    body: Any = None
    uploads: list[UploadedFile] = []
    for part in form:
        name = part["name"]
        if name == "payload_json":
            body = json.loads(part["value"])
        elif name.startswith("files["):
            value = part["value"]
            data = value if isinstance(value, bytes) else value.read()
            uploads.append(UploadedFile(int(name[6:-1]), part.get("filename") or "", data))
    return body, tuple(uploads)
