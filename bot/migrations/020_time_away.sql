-- Time away (/away): each period a player's clocks waited, and how much each game's current turn
-- was lengthened by it.
CREATE TABLE away (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    started_at REAL    NOT NULL,
    until      REAL    NOT NULL,            -- the planned end
    ended_at   REAL                         -- when it ended (early, or at ``until``); NULL while away
);
CREATE INDEX away_by_user ON away (user_id, ended_at);
CREATE INDEX away_running ON away (ended_at, until);
-- Seconds the current turn's deadline, reminder and claims moved on because its player was away;
-- set again each time a turn starts.
ALTER TABLE games ADD COLUMN away_shift REAL NOT NULL DEFAULT 0;
-- Whether the tournament's players may take time away during it (1, the default) or not (0).
ALTER TABLE tournaments ADD COLUMN away_allowed INTEGER NOT NULL DEFAULT 1;
