"""Who may press each of tic-tac-toe's controls, for the bot's authorization tests
(``tests/e2e/test_authorization_e2e.py`` reads a game package's rows here).

Each control of the cog's ``actions`` (an alternative of its regular expression) has a row: a sample
action, the roles that may press it in a fresh game ("actor": the player to move, "other": the
seated player waiting), and the values of a select (None: a button).
"""

ROWS: dict[str, tuple[str, frozenset[str], tuple[str, ...] | None]] = {
    "mark:[a-c][1-3]": ("mark:a1", frozenset({"actor"}), None),
}
