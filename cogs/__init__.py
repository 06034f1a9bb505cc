"""Discord cogs: one per game plus the common ones.  Thin adapters over the game service."""
