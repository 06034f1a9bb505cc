"""Tic-tac-toe: a sixth game kept in a distribution of its own (``games/tic_tac_toe``), installed
with pip the way any game package is.

It proves that a game needs no line outside its own files: its engine (``rules``), picture
(``render``), cog (``cog``), AI adapter (``ai``), lesson (``learn``), catalogues (``locales/``) and rules pages
(``docs/rules/``) live here, and the bot finds it through the ``agora.games`` entry point its
``pyproject.toml`` declares.
"""
