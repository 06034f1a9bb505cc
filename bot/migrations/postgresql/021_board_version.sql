-- The version of the game its current board message shows (as SQLite's 021); NULL: not known.
ALTER TABLE games ADD COLUMN board_version BIGINT;
UPDATE games SET board_version = version WHERE message_id IS NOT NULL;
