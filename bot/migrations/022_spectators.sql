-- Members who follow a game they do not play (the Follow button, /follow): they hear of its moves by
-- their /agora notify choice. told_mark: how far they were told of it (moves played, plus 1 once it ended).
CREATE TABLE follows (
    game_id      INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    followed_at  REAL    NOT NULL,
    told_mark INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX follows_by_user ON follows (user_id, guild_id);

-- Each game's spectators' thread: a private thread of the game's channel, opened by its first follower
-- who asks. state: open (the game runs, players kept out), shared (the game ended, players added) or
-- unavailable (the channel allows no private thread: none is offered again).
CREATE TABLE spectator_threads (
    game_id            INTEGER PRIMARY KEY,
    thread_id          INTEGER,
    state              TEXT    NOT NULL,
    comment_message_id INTEGER,            -- the thread's commentary message, edited after each turn
    opened_at          REAL    NOT NULL
);

-- Agora's commentary: each player's chance after a turn, by the hard search from the spectators' view.
CREATE TABLE commentary (
    game_id INTEGER NOT NULL,
    ply     INTEGER NOT NULL,                  -- moves played before this position
    chances TEXT    NOT NULL,                  -- JSON list, one chance in [0, 1] a seat
    seconds REAL    NOT NULL,                  -- worker time it took
    PRIMARY KEY (game_id, ply)
);

-- /agora settings: spectators' threads, the commentary in them, and whether rated games may be followed.
ALTER TABLE guild_settings ADD COLUMN spectator_threads INTEGER NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN commentary INTEGER NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN follow_rated INTEGER NOT NULL DEFAULT 1;
