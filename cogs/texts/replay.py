"""Replays' messages in English and French: the answers that bound GIF exports."""

from __future__ import annotations

from bot.i18n import add_messages

add_messages(
    {
        "en": {
            "replay.wait_user": "You exported a GIF just now: the next one is ready for you in {seconds} s.",
            "replay.wait_server": "A GIF was just exported on this server: try again in {seconds} s.",
            "replay.wait_busy": "Many GIFs are being drawn right now: try again in a moment ({seconds} s).",
        },
        "fr": {
            "replay.wait_user": "Vous venez d'exporter un GIF : le prochain sera possible dans {seconds} s.",
            "replay.wait_server": "Un GIF vient d'être exporté sur ce serveur : réessayez dans {seconds} s.",
            "replay.wait_busy": "Beaucoup de GIF sont en cours de dessin : réessayez dans un instant ({seconds} s).",
        },
    }
)
