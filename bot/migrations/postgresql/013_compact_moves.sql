-- The twin of SQLite's 013 (its move log without a rowid, which PostgreSQL has not): here what grows
-- per move is the game row, of which every move writes a new version. With room left on each page,
-- the new version goes beside the old one (a HOT update, no index entry added) and the old one is
-- pruned when the page is next read, instead of waiting for VACUUM.
ALTER TABLE games SET (fillfactor = 50);
