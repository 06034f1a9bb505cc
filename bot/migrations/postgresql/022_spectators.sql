-- Members who follow a game they do not play (as SQLite's 034).
CREATE TABLE follows (
    game_id      BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    guild_id     BIGINT  NOT NULL,
    followed_at  DOUBLE PRECISION NOT NULL,
    told_mark BIGINT  NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX follows_by_user ON follows (user_id, guild_id);

-- Each game's spectators' thread (as SQLite's 034): open | shared | unavailable.
CREATE TABLE spectator_threads (
    game_id            BIGINT PRIMARY KEY,
    thread_id          BIGINT,
    state              TEXT   NOT NULL,
    comment_message_id BIGINT,
    opened_at          DOUBLE PRECISION NOT NULL
);

-- Agora's commentary, one row a commented position (as SQLite's 034).
CREATE TABLE commentary (
    game_id BIGINT NOT NULL,
    ply     BIGINT NOT NULL,
    chances TEXT   NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- /agora settings: spectators' threads, commentary, following rated games (as SQLite's 034).
ALTER TABLE guild_settings ADD COLUMN spectator_threads BIGINT NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN commentary BIGINT NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN follow_rated BIGINT NOT NULL DEFAULT 1;
