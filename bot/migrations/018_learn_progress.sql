-- Where a player is in each game's tutorial (/learn): the step they will see when they come back.
-- Not tied to a server: a lesson is private and works in DMs too.
CREATE TABLE learn_progress (
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    step       INTEGER NOT NULL,   -- 0-based; the lesson's length once it is finished
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, game)
);

-- Games in which a player asked Agora for a hint (only casual games against Agora offer them):
-- how many, so the game's history and its finished board say it was played with help.
CREATE TABLE hints (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    count   INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- A finished game's review for one seat (the moves that cost most, by Agora's reckoning), kept once
-- computed: JSON, a list of {ply, played, best, chance_best, chance_played, seconds}.
CREATE TABLE reviews (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    review  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
