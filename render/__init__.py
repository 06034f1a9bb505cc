"""Pillow drawings of game views.  Each game module exposes ``render(view, header) -> bytes``."""
