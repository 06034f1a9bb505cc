"""Publishing the slash commands: the bot's whole tree, every game's cog with it, as ``python -m bot sync``
sends it, is taken by Discord globally and in one server; a text over a limit is refused before anything is sent.

The offline Discord checks the body against Discord's OpenAPI description and against the limits it
does not carry (``tests/harness/command_rules.py``), and answers 400 50035 with the field's path as
Discord does.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import AgoraBot
from bot.command_limits import CommandsRefused
from bot.i18n import COMMANDS
from cogs.table.challenges import LEVEL_HELP
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord


def cog_commands(bot: AgoraBot) -> set[str]:
    """The top-level commands every loaded cog declares, each game's (the test game's too) among them."""
    return {command.name for cog in bot.cogs.values() for command in cog.get_app_commands()}


async def started(h: FakeDiscord, database: Path, clock: Clock, **settings: Any) -> AgoraBot:
    bot = AgoraBot(str(database), clock=clock, **settings)
    await h.start(bot)
    return bot


async def test_discord_takes_the_whole_tree_globally_and_in_a_server(
    discord_harness: FakeDiscord, database: Path, clock: Clock
) -> None:
    h = discord_harness
    bot = await started(h, database, clock)
    # Straight to Discord, past the bot's own check: the fake judges the body as Discord does.
    published = await bot.tree.sync()
    bot.tree.copy_global_to(guild=discord.Object(h.guild.id))
    in_server = await bot.tree.sync(guild=discord.Object(h.guild.id))
    names = {command["name"] for command in h.synced_commands()}
    assert names == {command.name for command in published} == {command.name for command in in_server}
    assert cog_commands(bot) <= names and {"arkaios", "dragons", "kouba", "tictactoe", "agora"} <= names
    assert {command["name"] for command in h.synced_commands(guild=True)} == names
    french = [c["name"] for c in h.synced_commands() if "fr" in (c.get("description_localizations") or {})]
    assert sorted(french) == sorted(names), "every command is published with its French"


async def test_sync_publishes_to_one_server_in_english_and_french(
    discord_harness: FakeDiscord, database: Path, clock: Clock
) -> None:
    h = discord_harness
    bot = await started(h, database, clock, sync_guild=h.guild.id)
    await bot.publish_commands()
    arkaios = next(c for c in h.synced_commands(guild=True) if c["name"] == "arkaios")
    challenge = next(o for o in arkaios["options"] if o["name"] == "challenge")
    level = next(o for o in challenge["options"] if o["name"] == "level")
    assert level["description_localizations"] == {
        "fr": "La force d'Agora quand vous défiez le bot lui-même : facile, moyen ou difficile"
    }
    assert [(c["name"], c["name_localizations"]["fr"]) for c in level["choices"]] == [
        ("easy", "facile"), ("medium", "moyen"), ("hard", "difficile"),
    ]
    assert h.synced_commands() == [], "nothing global"


async def test_a_text_too_long_is_named_and_nothing_is_sent(
    discord_harness: FakeDiscord, database: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    monkeypatch.setitem(COMMANDS["fr"], LEVEL_HELP, "La force d'Agora quand vous défiez le bot lui-même : " + "é" * 48)
    bot = await started(h, database, clock)
    sent = len(h.requests)
    with pytest.raises(CommandsRefused) as refused:
        await bot.publish_commands()
    assert re.match(
        r"Not publishing the slash commands: the French description of the option level of /\w+ challenge "
        r"is 101 characters long, over Discord's limit of 100 \(and \d+ more problems\); nothing was sent",
        str(refused.value),
    ), str(refused.value)
    assert [r for r in h.requests[sent:] if r.path.endswith("/commands")] == []


async def test_what_discord_still_refuses_is_reported_in_its_words(
    discord_harness: FakeDiscord, database: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should a limit escape the bot's own check, Discord's 400 is told with the field it names."""
    h = discord_harness
    monkeypatch.setitem(COMMANDS["fr"], "The game to learn", "é" * 101)
    monkeypatch.setattr("bot.app.check", lambda commands: None)
    bot = await started(h, database, clock)
    with pytest.raises(CommandsRefused) as refused:
        await bot.publish_commands()
    assert str(refused.value) == (
        "Discord refused the slash commands (Failed to upload commands to Discord (HTTP status 400, error code "
        "50035); In command 'learn' defined in function 'Learn.learn'; In parameter 'game'; "
        "description_localizations.fr: Must be between 1 and 100 in length.); nothing was published."
    )
    assert h.synced_commands() == []
    if h.spec is not None:  # Discord's OpenAPI description carries this limit: the harness reports the request
        assert len(h.problems) == 1
        h.problems.clear()
