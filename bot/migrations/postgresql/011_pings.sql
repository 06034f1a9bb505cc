-- The message that pings the player(s) to act while a board is edited in place (as SQLite's 011); NULL: none.
ALTER TABLE games ADD COLUMN ping_id BIGINT;
