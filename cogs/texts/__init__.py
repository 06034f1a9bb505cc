"""Each game's own messages in English and French, added to ``bot.i18n`` when imported."""
