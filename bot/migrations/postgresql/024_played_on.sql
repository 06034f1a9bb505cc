-- The games played on from a finished game's position (as SQLite's 024) (bot/play_on.py, docs/puzzles.md).
CREATE TABLE played_on (
    game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    source_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER NOT NULL,
    user_id   BIGINT NOT NULL
);
CREATE INDEX played_on_by_source ON played_on (source_id, user_id, ply);
