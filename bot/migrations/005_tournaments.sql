-- Server tournaments: the event, its players, its tables round by round, and its durable jobs.
ALTER TABLE guild_settings ADD COLUMN tournament_role INTEGER;   -- besides Manage Server, who may run tournaments

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    creator      INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    format       TEXT    NOT NULL,            -- swiss | round_robin | tables
    rounds       INTEGER NOT NULL,            -- a round robin's count is fixed when it starts
    options      TEXT    NOT NULL,            -- JSON: the game's options, as for a challenge
    turn_seconds INTEGER,                     -- NULL: the server's turn deadline
    starts_at    REAL    NOT NULL,
    status       TEXT    NOT NULL,            -- open | running | paused | finished | cancelled
    round        INTEGER NOT NULL DEFAULT 0,  -- the round being played (0 before the start)
    message_id   INTEGER,                     -- the announcement with its Join button
    winner       INTEGER,
    created_at   REAL    NOT NULL,
    finished_at  REAL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    joined_at     REAL    NOT NULL,
    withdrawn_in  INTEGER,                    -- the round during which the player withdrew; NULL while in
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_user ON tournament_players (user_id);

-- One row per table of a round (a bye is a table of one without a game).
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    game_id       INTEGER REFERENCES games (id),
    seats         TEXT    NOT NULL,           -- JSON list of user ids in seat order
    points        TEXT,                       -- JSON list per seat, once finished
    victory       TEXT,                       -- JSON list per seat: the game's own scores, once finished
    finished_at   REAL,
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE UNIQUE INDEX tournament_tables_by_game ON tournament_tables (game_id);

-- Pairing a round, announcing it, closing the event: each marked done with its effect.
CREATE TABLE tournament_jobs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL,           -- pair | announce | finish | cancel
    round         INTEGER NOT NULL,
    due_at        REAL    NOT NULL,
    created_at    REAL    NOT NULL,
    done_at       REAL,
    UNIQUE (tournament_id, kind, round)
);
CREATE INDEX tournament_jobs_pending ON tournament_jobs (done_at, due_at);
