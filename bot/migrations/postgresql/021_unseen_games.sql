-- Boards older than their game, and clocks stopped (as SQLite's 021).
ALTER TABLE games ADD COLUMN board_version BIGINT;
UPDATE games SET board_version = version WHERE message_id IS NOT NULL;
ALTER TABLE games ADD COLUMN halted_at DOUBLE PRECISION;
-- Whether a server's clocks wait (the default) or run while Agora cannot post in a game's channel.
ALTER TABLE guild_settings ADD COLUMN unseen_clocks TEXT NOT NULL DEFAULT 'wait';
