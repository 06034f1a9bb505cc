-- Solo training results, per server: one row per finished solo game, never used for ratings.
-- ``score`` is the player's total power minus the opponent's total with its bonus (a draw is 0);
-- NULL when the game was not scored (resigned, or an automatic loss).
CREATE TABLE solo_records (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    difficulty  TEXT    NOT NULL,
    result      TEXT    NOT NULL,          -- win | draw | loss
    score       INTEGER,
    finished_at REAL    NOT NULL
);
CREATE INDEX solo_records_by_guild ON solo_records (guild_id, game, difficulty);
