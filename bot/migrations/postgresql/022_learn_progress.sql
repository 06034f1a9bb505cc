-- Where a player is in each game's tutorial (as SQLite's 022).
CREATE TABLE learn_progress (
    user_id    BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    step       INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game)
);
