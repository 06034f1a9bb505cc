"""Starting and stopping the bot: the database first, then Discord, with plain words for every failure.

Start-up opens and migrates the database before logging in (a bad path fails at
once), logs in with retries and back-off while Discord cannot be reached (one log
line per retry, for at most ``AGORA_CONNECT_TIMEOUT`` seconds), and waits a bounded
time for the gateway.  Each failure ends in a sentence or two that say what is wrong
and what to do, and an exit code of its own (:class:`ExitCode`).  SIGTERM or Ctrl-C
stop the bot cleanly: no new clicks, the ones in flight finish, the scheduler stops,
the database closes, exit code 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sqlite3
from collections.abc import Coroutine
from enum import IntEnum
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import asyncpg
import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import AgoraBot
from bot.command_limits import CommandsRefused
from bot.config import TOKEN_PAGE, Config
from bot.database import is_postgresql
from bot.storage import Storage

log = logging.getLogger("agora")
T = TypeVar("T")

ATTEMPT_SECONDS = 30.0  # the longest one login attempt may take
MAX_BACKOFF = 30.0
GRACE_SECONDS = 5.0  # how long a stop waits for the interactions in flight
NETWORK_ERRORS = (OSError, aiohttp.ClientError, TimeoutError, discord.GatewayNotFound, discord.ConnectionClosed)


class ExitCode(IntEnum):
    """How ``python -m bot`` ended; ``--help`` lists them."""

    OK = 0
    UNEXPECTED = 1
    CONFIGURATION = 2
    TOKEN_REFUSED = 3
    DISCORD_UNREACHABLE = 4
    DATABASE = 5
    DAMAGED = 6
    COMMANDS_REFUSED = 7


EXIT_CODES = {
    ExitCode.OK: "done (or stopped cleanly by SIGTERM or Ctrl-C)",
    ExitCode.UNEXPECTED: "an unexpected error (run with AGORA_LOG_LEVEL=DEBUG for details)",
    ExitCode.CONFIGURATION: "a missing or wrong environment variable or argument",
    ExitCode.TOKEN_REFUSED: "Discord refused the token",
    ExitCode.DISCORD_UNREACHABLE: "Discord could not be reached in time",
    ExitCode.DATABASE: "the database cannot be opened, created or written",
    ExitCode.DAMAGED: "check found damage in the database",
    ExitCode.COMMANDS_REFUSED: "sync found a slash-command text over Discord's limits (or Discord refused one)",
}


class StartupFailure(Exception):
    """Start-up cannot go on; ``str()`` says why and what to do, ``code`` is the exit code."""

    def __init__(self, code: ExitCode, message: str) -> None:
        super().__init__(message)
        self.code = code


class Stopped(Exception):
    """SIGTERM or Ctrl-C arrived before the bot was up."""


def database_failure(path: object, error: object) -> StartupFailure:
    return StartupFailure(
        ExitCode.DATABASE,
        f"Cannot open the database {path} ({error}). "
        "Set AGORA_DATABASE to a file in a folder this user can write to.",
    )


def token_failure() -> StartupFailure:
    return StartupFailure(
        ExitCode.TOKEN_REFUSED,
        f"Discord refused the token in DISCORD_TOKEN. Copy a new one from {TOKEN_PAGE} and set DISCORD_TOKEN to it.",
    )


def network_failure(config: Config, reason: str) -> StartupFailure:
    where = config.discord_url or "discord.com"
    return StartupFailure(
        ExitCode.DISCORD_UNREACHABLE,
        f"Could not reach Discord at {where} within {config.connect_seconds:.0f} s ({reason}). "
        "Check this machine's internet connection and firewall, then start the bot again.",
    )


def reason(error: BaseException) -> str:
    """A network error in a few words, for the log and the final message."""
    if isinstance(error, TimeoutError):
        return "no answer"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def point_at(url: str | None) -> None:
    """Send REST and gateway traffic to a fake Discord on this machine (tests only)."""
    if url is None:
        return
    Route.BASE = f"{url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http://", "ws://", 1) + "/gateway")


async def open_database(storage: Storage) -> None:
    """Create or open and migrate the database, before anything talks to Discord."""
    if is_postgresql(storage.path):
        await open_postgresql(storage)
        return
    folder = Path(storage.path).parent
    blocking = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise database_failure(storage.path, f"{blocking} is a file, not a folder")
    try:
        await storage.open()
    except OSError as error:
        raise database_failure(storage.path, f"{error.strerror}: {error.filename}") from None
    except sqlite3.Error as error:
        raise database_failure(storage.path, error) from None


async def open_postgresql(storage: Storage) -> None:
    """Connect to the PostgreSQL server and migrate; the URL is shown without its password."""
    try:
        await storage.open()
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StartupFailure(
            ExitCode.DATABASE,
            f"Cannot open the database {without_password(storage.path)} ({error}). Check that the PostgreSQL "
            "server is running and that AGORA_DATABASE names a database this user may create tables in.",
        ) from None


def without_password(url: str) -> str:
    """A database URL fit for a log line.

    >>> without_password("postgresql://agora:s3cret@db:5432/agora")
    'postgresql://agora:***@db:5432/agora'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)))


class Startup:
    """One run of the bot: open, log in, connect, serve until stopped."""

    def __init__(self, bot: AgoraBot, config: Config) -> None:
        self.bot = bot
        self.config = config
        self.stop = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        self.deadline = self.loop.time() + config.connect_seconds

    def listen_for_signals(self) -> None:
        for signum in (signal.SIGTERM, signal.SIGINT):
            self.loop.add_signal_handler(signum, self.stop.set)

    async def unless_stopped(self, work: Coroutine[Any, Any, T]) -> T:
        """Run ``work`` unless a stop arrives first (then it is cancelled and :class:`Stopped` raised)."""
        task = asyncio.ensure_future(work)
        stopping = asyncio.ensure_future(self.stop.wait())
        await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            raise Stopped
        return task.result()

    def remaining(self) -> float:
        return self.deadline - self.loop.time()

    async def log_in(self) -> None:
        """Log in, retrying with back-off while Discord cannot be reached, until the deadline."""
        delay, attempt = 1.0, 1
        per_attempt = min(ATTEMPT_SECONDS, max(1.0, self.config.connect_seconds / 3))
        while True:
            try:
                await asyncio.wait_for(self.bot.login(self.config.token), min(per_attempt, self.remaining()))
                return
            except discord.LoginFailure:
                raise token_failure() from None
            except CommandsRefused as refused:  # ``sync`` publishes the commands while logging in
                raise StartupFailure(ExitCode.COMMANDS_REFUSED, str(refused)) from None
            except (*NETWORK_ERRORS, discord.HTTPException) as error:
                if isinstance(error, discord.HTTPException) and error.status < 500:
                    raise
                if self.bot.user is not None or self.remaining() <= delay:
                    raise network_failure(self.config, reason(error)) from None
                log.warning(
                    "Cannot reach Discord (%s). Retrying in %.0f s (attempt %d).", reason(error), delay, attempt
                )
                await self.forget_session()
                await asyncio.sleep(delay)
                delay, attempt = min(delay * 2, MAX_BACKOFF), attempt + 1

    async def forget_session(self) -> None:
        """Close the half-open HTTP session of a failed login, so the next attempt starts afresh."""
        await self.bot.http.close()
        self.bot.http.connector = discord.utils.MISSING

    async def connect(self) -> asyncio.Task[None]:
        """Open the gateway and wait (until the deadline) for Discord to say the bot is ready."""
        connection = asyncio.create_task(self.bot.connect(reconnect=True), name="agora-gateway")
        ready = asyncio.create_task(self.bot.wait_until_ready())
        await asyncio.wait({connection, ready}, timeout=max(self.remaining(), 1.0), return_when="FIRST_COMPLETED")
        ready.cancel()
        if connection.done():
            raise gateway_failure(self.config, connection.exception())
        if not self.bot.is_ready():
            connection.cancel()
            raise network_failure(self.config, "the gateway never said the bot was ready")
        return connection

    async def serve(self) -> ExitCode:
        """The whole run; returns the exit code, or raises :class:`StartupFailure`."""
        try:
            await self.unless_stopped(open_database(self.bot.storage))
            await self.unless_stopped(self.log_in())
            if self.bot.is_closed():  # ``sync`` did its work in setup_hook
                return ExitCode.OK
            connection = await self.unless_stopped(self.connect())
        except Stopped:
            log.info("stopped before Discord was reached")
            return ExitCode.OK
        log.info("connected to Discord as %s; ready for games", self.bot.user)
        stopping = asyncio.create_task(self.stop.wait())
        await asyncio.wait({connection, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if connection.done():
            stopping.cancel()
            raise gateway_failure(self.config, connection.exception())
        await self.shut_down()
        await connection
        return ExitCode.OK

    async def shut_down(self) -> None:
        """No new clicks, the ones in flight finish, then the scheduler, Discord and the database close."""
        desk = self.bot.interactions
        log.info("stopping: no new interactions; %d in flight", desk.in_flight)
        await desk.close(GRACE_SECONDS)
        await self.bot.close()
        log.info("stopped cleanly")


def gateway_failure(config: Config, error: BaseException | None) -> BaseException:
    """What a gateway connection that ended on its own means for the operator."""
    if isinstance(error, discord.ConnectionClosed) and error.code == 4004:
        return token_failure()
    if isinstance(error, NETWORK_ERRORS):
        return network_failure(config, reason(error))
    return error or RuntimeError("the connection to Discord ended")


class VoiceWarnings(logging.Filter):
    """This bot never speaks: discord.py's warnings about missing voice libraries are noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


class NetworkTracebacks(logging.Filter):
    """Network trouble logged with a traceback (discord.py's reconnects) becomes one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, NETWORK_ERRORS):
            record.msg = f"{record.getMessage()} ({reason(error)})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


# Libraries whose debug lines carry what the bot stores or sends: SQL parameters (whole game states,
# players' hands, the dice's random state), request bodies (private panels) and gateway payloads.
# They stay at INFO under AGORA_LOG_LEVEL=DEBUG, which is for the bot's own lines.
QUIET_LOGGERS = ("aiosqlite", "asyncpg", "discord.http", "discord.gateway", "discord.state", "discord.webhook", "PIL")


def setup_logging(level: str) -> None:
    plain = logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S")
    discord.utils.setup_logging(level=getattr(logging, level), formatter=plain, root=True)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, getattr(logging, level)))
    logging.getLogger("discord.client").addFilter(VoiceWarnings())
    if level != "DEBUG":
        for handler in logging.getLogger().handlers:
            handler.addFilter(NetworkTracebacks())


async def run(config: Config, *, sync_guild: int | None = None, syncing: bool = False) -> ExitCode:
    """Run (or, with ``syncing``, publish the commands); the exit code says how it ended."""
    point_at(config.discord_url)
    bot = AgoraBot(
        str(config.database), sync_guild=sync_guild, sync_and_exit=syncing, shards=config.shards,
        render_workers=config.render_workers, ai_workers=config.ai_workers,
    )
    startup = Startup(bot, config)
    startup.listen_for_signals()
    try:
        return await startup.serve()
    finally:
        if not bot.is_closed():
            await bot.close()
        await bot.storage.close()
