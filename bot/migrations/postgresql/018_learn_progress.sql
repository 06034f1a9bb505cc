-- Where a player is in each game's tutorial (as SQLite's 022).
CREATE TABLE learn_progress (
    user_id    BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    step       INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game)
);

-- Games in which a player asked Agora for a hint (as SQLite's 022).
CREATE TABLE hints (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT  NOT NULL,
    count   INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- A finished game's review for one seat (as SQLite's 022).
CREATE TABLE reviews (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    review  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
