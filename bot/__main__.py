"""``python -m bot`` runs the bot; ``python -m bot sync [--guild ID]`` publishes the slash commands."""

from __future__ import annotations

import argparse
import logging
import sys

from bot.app import AgoraBot
from bot.config import Config, ConfigError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Agora Discord bot.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect and serve games (the default)")
    sync = sub.add_parser("sync", help="publish the slash commands to Discord, then exit")
    sync.add_argument("--guild", type=int, help="publish to this server only (instant, for testing)")
    args = parser.parse_args(argv)
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    syncing = args.command == "sync"
    bot = AgoraBot(
        str(config.database),
        sync_guild=args.guild if syncing else None,
        sync_and_exit=syncing,
    )
    bot.run(config.token, log_level=getattr(logging, config.log_level, logging.INFO), root_logger=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
