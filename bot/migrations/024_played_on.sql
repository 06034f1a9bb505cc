-- The games played on from a finished game's position (bot/play_on.py, docs/puzzles.md): which game, from
-- which position (the moves before it) and for whom, so a player plays one game at a time from one position
-- and a double pick of Play on starts one game.
CREATE TABLE played_on (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    source_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER NOT NULL,
    user_id   INTEGER NOT NULL
);
CREATE INDEX played_on_by_source ON played_on (source_id, user_id, ply);
