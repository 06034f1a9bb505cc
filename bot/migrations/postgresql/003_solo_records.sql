-- Solo training results, per server (as SQLite's 003).
CREATE TABLE solo_records (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    game        TEXT   NOT NULL,
    difficulty  TEXT   NOT NULL,
    result      TEXT   NOT NULL,
    score       BIGINT,
    finished_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX solo_records_by_guild ON solo_records (guild_id, game, difficulty);
