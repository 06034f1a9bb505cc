"""The test suite. Importing it installs the test game (``tests/tic_tac_toe``) the way a game package
is installed: its distribution's metadata, with its ``agora.games`` entry point, goes on the import
path before any game is loaded (pytest imports this package first, as does
``python -m tests.rules.recorded_games``)."""

import sys
from pathlib import Path

INSTALLED = str(Path(__file__).with_name("installed"))
if INSTALLED not in sys.path:
    sys.path.insert(0, INSTALLED)
