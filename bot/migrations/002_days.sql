-- Games that last days: server settings, per-game turn deadlines, reminder opt-ins and
-- the durable job queue of the scheduler (reminders, timeouts, challenge expiry).
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    turn_seconds      INTEGER NOT NULL DEFAULT 86400,   -- default turn deadline
    timeout_rule      TEXT    NOT NULL DEFAULT 'forfeit', -- forfeit | claim
    reminder_seconds  INTEGER NOT NULL DEFAULT 14400,   -- how long before the deadline to remind
    challenge_seconds INTEGER NOT NULL DEFAULT 86400,   -- how long an unanswered challenge stays open
    threads           INTEGER NOT NULL DEFAULT 0,       -- 1: each game runs in its own thread
    channels          TEXT    NOT NULL DEFAULT '[]',    -- JSON list of channel ids; empty = anywhere
    language          TEXT    NOT NULL DEFAULT 'en'     -- en | fr
);

-- A deadline chosen at challenge time overrides the server default for that game.
CREATE TABLE game_deadlines (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn_seconds INTEGER NOT NULL
);

CREATE TABLE reminder_optins (
    user_id INTEGER PRIMARY KEY,
    dm      INTEGER NOT NULL
);

-- One row per scheduled effect.  ``stamp`` ties a job to one turn (the game's
-- turn_started_at) or to the challenge (its created_at): a job whose stamp no longer
-- matches the game is void.  ``done_at`` is set in the transaction of the job's effect.
CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT    NOT NULL,            -- remind | timeout | expire
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    stamp      REAL    NOT NULL,
    due_at     REAL    NOT NULL,
    created_at REAL    NOT NULL,
    done_at    REAL,
    UNIQUE (kind, game_id, stamp)
);
CREATE INDEX jobs_pending ON jobs (done_at, due_at);
