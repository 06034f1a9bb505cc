"""The bot's end-to-end fixtures for the game's own tests: the offline Discord of the bot's checkout
(``tests/harness``), a bot on a fresh SQLite file, and the checks after each test (every picture
has alt text; a French server reads no English)."""

from tests.conftest import discord_harness, discord_spec
from tests.e2e.conftest import clock, database, every_picture_has_alt_text, french_servers_read_no_english, make_bot

__all__ = [
    "clock",
    "database",
    "discord_harness",
    "discord_spec",
    "every_picture_has_alt_text",
    "french_servers_read_no_english",
    "make_bot",
]
