-- Puzzles cut from this server's finished games (bot/mining.py, bot/puzzles.py, docs/puzzles.md).

-- One puzzle: a decision where the mover had one clearly best move and played a much worse one.
-- position: JSON of a world sampled from what the mover saw (others' secrets invented, never the real ones);
-- log: JSON, the moves before it as the mover saw them; line: JSON [[seat, notation], ...], the best move first;
-- players: JSON, the people who played the game (for "your games first" and the opt-out).
-- mu, sigma: the puzzle's own rating (OpenSkill), moved by every first answer.
CREATE TABLE puzzles (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply           INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    players       TEXT    NOT NULL,
    position      TEXT    NOT NULL,
    log           TEXT    NOT NULL,
    best          TEXT    NOT NULL,
    played        TEXT    NOT NULL,
    line          TEXT    NOT NULL,
    chance_best   REAL    NOT NULL,
    chance_played REAL    NOT NULL,
    chance_second REAL    NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    created_at    REAL    NOT NULL,
    UNIQUE (game_id, ply)
);
CREATE INDEX puzzles_by_guild ON puzzles (guild_id, game, created_at);

-- Finished games waiting to be mined (mined_at NULL), and the work each took: a queue that survives restarts.
CREATE TABLE puzzle_mining (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    queued_at REAL    NOT NULL,
    mined_at  REAL,
    seconds   REAL,
    found     INTEGER
);

-- Each player's first answer to a puzzle (later tries are practice: they change nothing).
CREATE TABLE puzzle_answers (
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    answer     TEXT    NOT NULL,
    solved     INTEGER NOT NULL,
    answered_at REAL   NOT NULL,
    PRIMARY KEY (puzzle_id, user_id)
);

-- A player's puzzle rating in one game on one server, and their streak of puzzles solved in a row there.
CREATE TABLE puzzle_ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    tried       INTEGER NOT NULL,
    solved      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE TABLE puzzle_streaks (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    current  INTEGER NOT NULL,
    best     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- Players who keep their games out of puzzles (on every server).
CREATE TABLE puzzle_opt_outs (
    user_id INTEGER PRIMARY KEY,
    since   REAL    NOT NULL
);

-- Each server's puzzle choices: the channel of the daily puzzle (NULL: none), and whether puzzles name the players.
CREATE TABLE puzzle_settings (
    guild_id    INTEGER PRIMARY KEY,
    channel_id  INTEGER,
    names_shown INTEGER NOT NULL DEFAULT 0
);

-- The daily puzzle posted on each server, one a day (day: YYYY-MM-DD, UTC): the key that keeps it to one.
CREATE TABLE puzzle_posts (
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL,
    puzzle_id  INTEGER REFERENCES puzzles (id) ON DELETE SET NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    closed     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, day)
);
