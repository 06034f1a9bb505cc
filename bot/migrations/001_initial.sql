-- Games, their full move log, and the players we have met.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game            TEXT    NOT NULL,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    status          TEXT    NOT NULL,          -- challenge | active | finished | declined | cancelled | expired
    seats           TEXT    NOT NULL,          -- JSON list of user ids, in seat order
    accepted        TEXT    NOT NULL,          -- JSON list of user ids who accepted the challenge
    options         TEXT    NOT NULL,          -- JSON object
    seed            INTEGER NOT NULL,
    state           TEXT,                      -- JSON of the current state, NULL before the game starts
    draft           TEXT    NOT NULL DEFAULT '[]', -- moves of an unfinished turn, not yet committed
    outcome         TEXT,                      -- JSON, once finished
    end_reason      TEXT,                      -- resign | rules | timeout | draw agreed | ...
    version         INTEGER NOT NULL DEFAULT 0,
    message_id      INTEGER,                   -- the current board or challenge message
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL,
    turn_started_at REAL
);
CREATE INDEX games_by_guild_status ON games (guild_id, status);

CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_by_user ON game_players (user_id);

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    notation  TEXT    NOT NULL,
    played_at REAL    NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,
    display_name TEXT    NOT NULL,
    updated_at   REAL    NOT NULL
);
