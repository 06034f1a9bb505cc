"""Tic-tac-toe: a sixth game kept in its own package, installed the way any game package is.

It proves that a game needs no line outside its own files: its engine (``rules``), picture
(``render``), cog (``cog``), AI adapter (``ai``), lesson (``learn``), catalogues (``locales/``) and rules pages
(``docs/rules/``) live here, and the bot finds it through the ``agora.games`` entry point
declared in ``tests/installed/agora_tic_tac_toe-1.0.dist-info/entry_points.txt``.
"""
