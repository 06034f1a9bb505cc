-- A rematch is a challenge made from a finished game's board: it keeps the game it came from,
-- so that one finished game has at most one rematch waiting or played.
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);   -- NULL: not a rematch
CREATE INDEX games_by_rematch_of ON games (rematch_of);
