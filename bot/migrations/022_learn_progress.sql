-- Where a player is in each game's tutorial (/learn): the step they will see when they come back.
-- Not tied to a server: a lesson is private and works in DMs too.
CREATE TABLE learn_progress (
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    step       INTEGER NOT NULL,   -- 0-based; the lesson's length once it is finished
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, game)
);
