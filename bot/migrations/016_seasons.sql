-- Seasons per server: each game's table started fresh for a stretch of time, then kept.
CREATE TABLE season_settings (
    guild_id      INTEGER PRIMARY KEY,
    cadence       TEXT    NOT NULL DEFAULT 'none',  -- none | monthly | quarterly
    inactive_days INTEGER NOT NULL DEFAULT 0,       -- 0: nobody leaves the current tables
    channel_id    INTEGER,                          -- where final tables go (NULL: the first game channel)
    champion_role INTEGER,                          -- given to each game's season champions (NULL: none)
    champion_top  INTEGER NOT NULL DEFAULT 1,       -- how many of each game's final table get it
    winner_role   INTEGER,                          -- given to the last tournament's winner (NULL: none)
    role_problem  TEXT                              -- the role problem last told to the admins (told once)
);

-- Who holds a reward role because the bot gave it: the bot takes back only what it gave.
CREATE TABLE reward_holders (
    guild_id INTEGER NOT NULL,
    role_id  INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, role_id, user_id)
);

CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL,                    -- 1, 2, ... per server
    started_at REAL    NOT NULL,
    ends_at    REAL,                                -- when a cadence ends it; NULL: ended by hand
    ended_at   REAL,                                -- NULL while it runs
    posted_at  REAL,                                -- when its final table was posted
    UNIQUE (guild_id, number)
);
CREATE INDEX seasons_running ON seasons (guild_id, ended_at);
CREATE INDEX seasons_to_post ON seasons (ended_at, posted_at);

-- A season's rating of one player in one game, started fresh with the season.
CREATE TABLE season_ratings (
    season_id  INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    score      REAL    NOT NULL,                    -- mu - 3 sigma: the order of the table, indexed
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    played_at  REAL    NOT NULL,                    -- the player's last rated game in the season
    PRIMARY KEY (season_id, game, user_id)
);
CREATE INDEX season_ratings_by_board ON season_ratings (season_id, game, score, played_at);
CREATE INDEX season_ratings_by_activity ON season_ratings (season_id, game, played_at);
CREATE INDEX season_ratings_by_user ON season_ratings (user_id, season_id);

-- The lifetime tables leave out players without a recent game: read by last game.
CREATE INDEX ratings_by_activity ON ratings (guild_id, game, updated_at);
-- Boards and a player's place read in the order players see (the conservative estimate); holding mu and
-- sigma, the index answers counts of places alone.
CREATE INDEX ratings_by_shown ON ratings (guild_id, game, (mu - 3 * sigma), updated_at, mu, sigma);
-- A player's ratings in every game (/profile), without reading the whole server's.
CREATE INDEX ratings_by_player ON ratings (guild_id, user_id);
