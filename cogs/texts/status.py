"""``/agora status`` in English and French: the embed an admin sees."""

from __future__ import annotations

import discord

from bot.i18n import FRENCH_COMMANDS, add_messages, text
from bot.settings import format_duration
from bot.status import Status

DESCRIPTION = "Show the bot's version, uptime, latency and games here (Manage Server)."

add_messages(
    {
        "en": {
            "status.title": "Agora status",
            "status.version": "Version",
            "status.uptime": "Running for",
            "status.latency": "Latency to Discord",
            "status.latency_unknown": "not measured yet",
            "status.games": "Games on this server",
            "status.games_value": "{active} being played, {open} challenge(s) waiting",
        },
        "fr": {
            "status.title": "État d'Agora",
            "status.version": "Version",
            "status.uptime": "En marche depuis",
            "status.latency": "Latence vers Discord",
            "status.latency_unknown": "pas encore mesurée",
            "status.games": "Parties sur ce serveur",
            "status.games_value": "{active} en cours, {open} défi(s) en attente",
        },
    }
)
FRENCH_COMMANDS.setdefault(DESCRIPTION, "Version du bot, temps de marche, latence et parties ici (Gérer le serveur).")


def status_embed(status: Status, lang: str, colour: discord.Colour) -> discord.Embed:
    latency = text(lang, "status.latency_unknown") if status.latency_ms is None else f"{status.latency_ms} ms"
    fields = [
        ("status.version", status.version),
        ("status.uptime", format_duration(status.uptime_seconds)),
        ("status.latency", latency),
        ("status.games", text(lang, "status.games_value", active=status.active_games, open=status.open_challenges)),
    ]
    embed = discord.Embed(title=text(lang, "status.title"), colour=colour)
    for key, value in fields:
        embed.add_field(name=text(lang, key), value=value, inline=False)
    return embed
