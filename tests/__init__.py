"""The test suite (the test game's own tests are in its distribution, ``games/tic_tac_toe/tests``)."""
