-- A player's name in each server (as SQLite's 008).
CREATE TABLE member_names (
    guild_id     BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    display_name TEXT   NOT NULL,
    updated_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
