-- Ratings per server and per game (OpenSkill, Plackett-Luce), and each rated game's effect.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,   -- rated games played
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_board ON ratings (guild_id, game, mu);

-- One row per player of each rated game: the rating before and after, for profiles and audits.
CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    rank         INTEGER NOT NULL,            -- 1 = first place; shared on ties
    result       TEXT    NOT NULL,            -- win | loss | draw
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    rated_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes (guild_id, user_id, rated_at);
