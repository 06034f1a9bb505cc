-- The finished game a challenge is the rematch of (as SQLite's 009); NULL: not a rematch.
ALTER TABLE games ADD COLUMN rematch_of BIGINT REFERENCES games (id);
CREATE INDEX games_by_rematch_of ON games (rematch_of);
