"""A small fake Discord on 127.0.0.1, for tests that start the real ``python -m bot`` process.

It answers the REST calls the bot makes at login (``/users/@me``,
``/oauth2/applications/@me``, ``/gateway/bot``) and runs a gateway websocket that
sends HELLO, answers IDENTIFY with READY and acknowledges heartbeats.  The bot is
pointed at it with ``AGORA_DISCORD_URL`` (see README: for tests only).  It listens on
the loopback interface only.

    async with FakeDiscordServer() as discord:
        env = {"DISCORD_TOKEN": discord.token, "AGORA_DISCORD_URL": discord.url}
"""

from __future__ import annotations

import asyncio
import json
from types import TracebackType
from typing import Any

from aiohttp import WSMsgType, web

JSON = dict[str, Any]
BOT_ID, OWNER_ID, APP_ID = "1100000000000000001", "1100000000000000002", "1100000000000000001"
HELLO, IDENTIFY, HEARTBEAT, HEARTBEAT_ACK, DISPATCH = 10, 2, 1, 11, 0


def user(user_id: str, name: str, *, bot: bool) -> JSON:
    return {"id": user_id, "username": name, "discriminator": "0", "global_name": None, "avatar": None, "bot": bot}


def answer(body: JSON | list[JSON], status: int = 200) -> web.Response:
    """JSON as Discord sends it: discord.py decodes only the exact type ``application/json``."""
    return web.Response(body=json.dumps(body).encode(), status=status, content_type="application/json")


class FakeDiscordServer:
    """REST and gateway of a Discord with no guild, accepting one token."""

    def __init__(
        self, token: str = "fake-discord-token", *, silent_gateway: bool = False, max_concurrency: int = 1
    ) -> None:
        self.token = token
        self.max_concurrency = max_concurrency  # identify buckets, as /gateway/bot says
        self.silent_gateway = silent_gateway  # accept gateway connections but never say HELLO
        self.url = ""
        self.requests: list[str] = []  # "GET /users/@me", in order
        self.commands: dict[str, list[JSON]] = {}  # published slash commands, by path
        self.identified = asyncio.Event()
        self.shards: list[tuple[int, ...]] = []  # [id, count] of each IDENTIFY, in order
        self.identified_at: list[float] = []  # when each of them came (the event loop's clock)
        self.gateway_closed = asyncio.Event()
        self._runner: web.AppRunner | None = None

    async def __aenter__(self) -> FakeDiscordServer:
        app = web.Application()
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self.rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # -- REST --------------------------------------------------------------------------

    async def rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        self.requests.append(f"{request.method} {path}")
        if request.headers.get("Authorization") != f"Bot {self.token}":
            return answer({"message": "401: Unauthorized", "code": 0}, status=401)
        answers = {
            "/users/@me": lambda: user(BOT_ID, "Agora", bot=True),
            "/oauth2/applications/@me": self.application,
            "/gateway/bot": self.gateway_info,
            "/gateway": self.gateway_info,
        }
        if request.method == "PUT" and path.startswith(f"/applications/{APP_ID}/") and path.endswith("/commands"):
            return answer(self.publish(path, await request.json()))
        if request.method != "GET" or path not in answers:
            return answer({"message": "404: Not Found", "code": 0}, status=404)
        return answer(answers[path]())

    def publish(self, path: str, commands: list[JSON]) -> list[JSON]:
        """Store the commands a ``sync`` sends, as Discord does, giving each an id."""
        self.commands[path] = [
            {**command, "id": str(2_000 + n), "application_id": APP_ID, "version": "1"}
            for n, command in enumerate(commands)
        ]
        return self.commands[path]

    def application(self) -> JSON:
        return {
            "id": APP_ID, "name": "Agora", "description": "", "icon": None, "bot_public": True,
            "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
            "owner": user(OWNER_ID, "owner", bot=False),
        }

    def gateway_info(self) -> JSON:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": self.max_concurrency}
        return {"url": self.url.replace("http://", "ws://") + "/gateway", "shards": 1, "session_start_limit": limit}

    # -- gateway -----------------------------------------------------------------------

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        if self.silent_gateway:
            await socket.receive()  # until the bot gives up and closes
            return socket
        await socket.send_json({"op": HELLO, "d": {"heartbeat_interval": 45_000}, "s": None, "t": None})
        async for message in socket:
            if message.type is not WSMsgType.TEXT:
                continue
            payload = json.loads(message.data)
            if payload["op"] == IDENTIFY:
                shard = payload["d"].get("shard", [0, 1])
                self.shards.append(tuple(shard))
                self.identified_at.append(asyncio.get_running_loop().time())
                await socket.send_json({"op": DISPATCH, "t": "READY", "s": 1, "d": {**self.ready(), "shard": shard}})
                self.identified.set()
            elif payload["op"] == HEARTBEAT:
                await socket.send_json({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        self.gateway_closed.set()
        return socket

    def ready(self) -> JSON:
        return {
            "v": 10, "user": {**user(BOT_ID, "Agora", bot=True), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [], "session_id": "fake-session", "resume_gateway_url": self.url.replace("http", "ws", 1),
            "application": {"id": APP_ID, "flags": 0}, "private_channels": [], "relationships": [],
            "shard": [0, 1],
        }


class SilentServer:
    """Accepts connections on 127.0.0.1 and never answers: a Discord that hangs."""

    def __init__(self) -> None:
        self.url = ""
        self._server: asyncio.Server | None = None
        self._held: list[asyncio.StreamWriter] = []

    async def __aenter__(self) -> SilentServer:
        self._server = await asyncio.start_server(self._hold, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def _hold(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._held.append(writer)

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        for writer in self._held:
            writer.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
