"""Pillow drawings of game views. Each game's picture module (``render/<game id>.py`` for a built-in
game) exposes ``render(view, players, *, words=None, result=None) -> bytes``, a
:class:`render.kit.Render`, and its ``PICTURE_WORDS``; :mod:`render.kit` is the drawing kit they share."""
