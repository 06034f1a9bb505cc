"""``python -m bot [run | sync | backup FILE | check | migrate-to URL]``: see ``python -m bot --help``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot import startup
from bot.backup import backup
from bot.check import check
from bot.config import VARIABLES, Config, ConfigError
from bot.migrate import migrate_to
from bot.startup import EXIT_CODES, ExitCode, StartupFailure

log = logging.getLogger("agora")


def parser() -> argparse.ArgumentParser:
    variables = "\n".join(f"  {name:<24}{meaning}" for name, meaning in VARIABLES.items())
    codes = "\n".join(f"  {int(code)}  {meaning}" for code, meaning in EXIT_CODES.items())
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the Agora Discord bot, or look after its database.",
        epilog=f"environment variables:\n{variables}\n\nexit codes:\n{codes}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="connect and serve games (the default); SIGTERM or Ctrl-C stops it cleanly")
    sync = sub.add_parser("sync", help="publish the slash commands to Discord, then exit")
    sync.add_argument("--guild", type=int, help="publish to this server only (instant, for testing)")
    backup = sub.add_parser("backup", help="copy the database to FILE, safely even while the bot runs")
    backup.add_argument("file", metavar="FILE", help="where to write the copy (replaced if it exists)")
    sub.add_parser("check", help="verify the database: integrity, and every game against a replay of its moves")
    migrate = sub.add_parser(
        "migrate-to", help="copy the SQLite database into an empty PostgreSQL database, checking every game"
    )
    migrate.add_argument("url", metavar="URL", help="the target, postgresql://user:password@host/database")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    command = args.command or "run"
    try:
        config = Config.from_env(need_token=command in ("run", "sync"))
    except ConfigError as error:
        print(error, file=sys.stderr)
        return ExitCode.CONFIGURATION
    try:
        return int(dispatch(command, args, config))
    except StartupFailure as failure:
        print(failure, file=sys.stderr)
        return failure.code
    except Exception as error:
        log.debug("unexpected error", exc_info=True)
        print(
            f"Agora stopped on an unexpected error ({type(error).__name__}: {error}). "
            "Run it again with AGORA_LOG_LEVEL=DEBUG to see where, and report it.",
            file=sys.stderr,
        )
        return ExitCode.UNEXPECTED


def dispatch(command: str, args: argparse.Namespace, config: Config) -> ExitCode:
    startup.setup_logging(config.log_level)
    if command == "backup":
        return backup(config.database, args.file)
    if command == "check":
        return check(config.database)
    if command == "migrate-to":
        return asyncio.run(migrate_to(config.database, args.url))
    guild = args.guild if command == "sync" else None
    return asyncio.run(startup.run(config, sync_guild=guild, syncing=command == "sync"))


if __name__ == "__main__":
    sys.exit(main())
