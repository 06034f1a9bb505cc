"""The words every board picture draws (header and footer), in English and French."""

from __future__ import annotations

from bot.i18n import add_messages
from render.kit import PICTURE_WORDS

FR: dict[str, str] = {
    "pic.move": "coup {number}",
    "pic.last_move": "Dernier coup : {move}",
    "pic.no_move": "Aucun coup joué",
}

add_messages({"en": dict(PICTURE_WORDS), "fr": FR})
