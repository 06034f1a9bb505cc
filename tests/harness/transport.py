"""The seam between discord.py and the fake: an HTTP session answered in memory, and no real network.

discord.py sends REST requests through two functions: `HTTPClient.request` (bot-token routes)
and `AsyncWebhookAdapter.request` (interaction callbacks, followups, webhooks). Both still run
as released, with their own rate-limit and retry policy (429 waits `retry_after`; 500, 502,
504 and 524 are retried, a 503 is raised by `HTTPClient`): they are wrapped only to read their
arguments into one `RecordedRequest`, and the aiohttp session they call answers each attempt
from the fake, with a status, headers and a text body as Discord's would have. Attachments are
fetched through `HTTPClient.get_from_cdn`, replaced. Anything else that reaches aiohttp, or the
gateway, fails.
"""

from __future__ import annotations

import contextvars
import json
import random
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter
from multidict import CIMultiDict


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
    """An error answer of the fake Discord, raised by discord.py as its usual HTTPException.

    `retry_after` (seconds) makes it a rate limit answer: discord.py waits that long and
    sends the request again, as it does for Discord's 429.
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.retry_after = retry_after

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends with this error."""
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        if self.retry_after is not None:
            data.update(retry_after=self.retry_after, ratelimit_global=False)
            data["global"] = False
        return data

    def headers(self) -> dict[str, str]:
        """A rate limit answer comes through Discord's proxy (discord.py checks `Via`)."""
        headers = {"content-type": "application/json"}
        if self.retry_after is not None:
            headers.update({"Via": "1.1 google", "Retry-After": str(max(1, round(self.retry_after)))})
        return headers

    def to_discord(self) -> discord.HTTPException:
        """The exception the real HTTPClient raises for this status and body."""
        data = self.body()
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
    """The parts of aiohttp.ClientResponse that discord.py reads: status, headers and text."""

    def __init__(self, status: int, body: str = "", headers: Mapping[str, str] | None = None) -> None:
        self.status = status
        self.reason = HTTPStatus(status).phrase
        self.headers = CIMultiDict(headers or {})
        self._body = body

    @classmethod
    def answer(cls, data: Any) -> _Response:
        """A success: JSON, or 204 No Content for None."""
        if data is None:
            return cls(204)
        return cls(200, json.dumps(data), {"content-type": "application/json"})

    @classmethod
    def error(cls, error: APIError) -> _Response:
        return cls(error.status, json.dumps(error.body()), error.headers())

    async def text(self, encoding: str = "utf-8") -> str:
        return self._body

    async def __aenter__(self) -> _Response:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


@dataclass(frozen=True)
class _Pending:
    """The request discord.py is sending, read from its arguments before the form is built."""

    body: Any
    files: tuple[UploadedFile, ...]
    query: Mapping[str, Any]
    reason: str | None


# Set by the wrapped request functions for the session call they make (once per attempt).
_PENDING: contextvars.ContextVar[_Pending | None] = contextvars.ContextVar("harness_pending", default=None)


class NetworkAttempt(RuntimeError):
    """Something tried to reach the real network during an offline test."""


RequestHandler = Callable[[str, str, Any, tuple[UploadedFile, ...], Mapping[str, Any], str | None], Awaitable[Any]]


class Transport:
    """Installs the patches; `handler(method, url, json, files, query, reason)` answers every attempt.

    The handler returns the JSON answer (None for 204) or raises `APIError` for an error answer.
    """

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
        patches.setattr(HTTPClient, "request", self._http_request(HTTPClient.request))
        patches.setattr(HTTPClient, "get_from_cdn", self._get_from_cdn())
        patches.setattr(AsyncWebhookAdapter, "request", self._webhook_request(AsyncWebhookAdapter.request))
        patches.setattr(aiohttp.ClientSession, "request", self._session_request())
        patches.setattr(aiohttp.ClientSession, "_request", self._refuse("HTTP"))
        patches.setattr(aiohttp.ClientSession, "_ws_connect", self._refuse("websocket"))
        patches.setattr(discord.Client, "connect", self._refuse("gateway"))
        # discord.py draws each message's nonce from `secrets`, which tests seeding the games patch: its
        # own source keeps nonces random, as on a real machine (the fake posts a repeated nonce once).
        patches.setattr(discord.abc, "secrets", SimpleNamespace(randbits=random.SystemRandom().getrandbits))

    def uninstall(self) -> None:
        if self._patches is not None:
            self._patches.undo()
            self._patches = None

    def _http_request(self, released: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def request(
            client: HTTPClient,
            route: Route,
            *,
            files: Iterable[discord.File] | None = None,
            form: Iterable[dict[str, Any]] | None = None,
            **kwargs: Any,
        ) -> Any:
            form = list(form) if form else None
            body, uploads = _read_form(form) if form else (kwargs.get("json"), ())
            pending = _Pending(body, uploads, kwargs.get("params") or {}, kwargs.get("reason"))
            token = _PENDING.set(pending)
            try:
                return await released(client, route, files=files, form=form, **kwargs)
            finally:
                _PENDING.reset(token)

        return request

    def _webhook_request(self, released: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
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
            token = _PENDING.set(_Pending(body, uploads, params or {}, reason))
            try:
                return await released(
                    adapter, route, session, payload=payload, multipart=multipart, reason=reason, params=params,
                    **kwargs,
                )
            finally:
                _PENDING.reset(token)

        return request

    def _session_request(self) -> Callable[..., _Response]:
        """`ClientSession.request` for the wrapped functions: one attempt, answered by the fake."""
        transport = self

        class _Attempt:
            def __init__(self, method: str, url: str) -> None:
                self.method, self.url = method, str(url)

            async def __aenter__(self) -> _Response:
                pending = _PENDING.get()
                if pending is None:
                    await transport._refuse("HTTP")(None, self.method, self.url)
                    raise AssertionError("unreachable")
                try:
                    data = await transport._handler(
                        self.method, self.url, pending.body, pending.files, pending.query, pending.reason
                    )
                except APIError as error:
                    return _Response.error(error)
                return _Response.answer(data)

            async def __aexit__(self, *exc: object) -> None:
                return None

        def request(session: aiohttp.ClientSession, method: str, url: Any, **kwargs: Any) -> Any:
            return _Attempt(method, url)

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
            data = value if isinstance(value, bytes) else _read_back(value)
            uploads.append(UploadedFile(int(name[6:-1]), part.get("filename") or "", data))
    return body, tuple(uploads)


def _read_back(stream: Any) -> bytes:
    """The bytes of a file discord.py is about to send, leaving it where it was for discord.py."""
    start = stream.tell()
    data: bytes = stream.read()
    stream.seek(start)
    return data
