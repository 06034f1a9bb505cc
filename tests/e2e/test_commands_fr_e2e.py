"""The slash-command menus in French: every command, group, subcommand, option and choice the bot
publishes (each game's cog and the test game's with them) carries its French, within Discord's
limits, and no French is kept for a text the menus no longer have."""

from __future__ import annotations

from pathlib import Path

from bot.app import AgoraBot
from bot.command_limits import problems
from bot.i18n import COMMANDS
from tests.e2e.conftest import Clock
from tests.e2e.french import english_among, menu_texts
from tests.e2e.test_commands_e2e import cog_commands, started
from tests.harness import FakeDiscord
from tests.harness.model import JSON


async def published(h: FakeDiscord, bot: AgoraBot) -> list[JSON]:
    """The commands as Discord stored them from the bot's own ``sync``."""
    await bot.publish_commands()
    commands = h.synced_commands()
    assert cog_commands(bot) <= {command["name"] for command in commands}, "every cog's commands are published"
    return commands


async def test_every_menu_text_has_its_french(discord_harness: FakeDiscord, database: Path, clock: Clock) -> None:
    h = discord_harness
    commands = await published(h, await started(h, database, clock))
    texts = list(menu_texts(commands))
    assert len(texts) > 200, "the whole tree is read"
    assert [f"{where}: {english!r}" for where, english, french in texts if french is None] == []
    assert english_among(french for _, _, french in texts if french) == []
    assert problems(commands) == []


async def test_no_french_is_left_for_a_text_the_menus_no_longer_have(
    discord_harness: FakeDiscord, database: Path, clock: Clock
) -> None:
    h = discord_harness
    shown = {english for _, english, _ in menu_texts(await published(h, await started(h, database, clock)))}
    assert sorted(COMMANDS["fr"].keys() - shown) == []


async def test_a_french_player_reads_the_challenge_menus_in_french(
    discord_harness: FakeDiscord, database: Path, clock: Clock
) -> None:
    h = discord_harness
    french = {where: french for where, _, french in menu_texts(await published(h, await started(h, database, clock)))}
    assert french["/dragons challenge"] == "Défier quelqu'un à un match de Dragons Arena (vous jouez FEU)."
    assert french["/dragons challenge level: baby"] == "BABY : dés répartis au hasard"
    assert french["/dragons challenge bot_level: hard"] == "difficile"
    assert french["/araksey challenge element: Lightning"] == "Foudre"
    assert french["/arcanor"] == "Arcanor : emboîtez vos pièces et menez-les à l'autre bout du plateau."
    assert french["/agora notify mode: dm: a private message on each of your turns"] == (
        "MP : un message privé à chacun de vos tours"
    )
    assert french["/leaderboard game: Tic-tac-toe"] == "Morpion"
    assert french["/kouba create level"] == "La force d'Agora à ces places : facile, moyen ou difficile"
