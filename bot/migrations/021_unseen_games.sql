-- Games nobody could see for a while: boards older than their game, and clocks stopped.
-- The version of the game its current board message shows (NULL: not known). A board older than its
-- game (a publish that failed, a process killed between a move and its board) is brought current at
-- start-up and by a retried publish job; rows kept from before are taken to be current.
ALTER TABLE games ADD COLUMN board_version INTEGER;
UPDATE games SET board_version = version WHERE message_id IS NOT NULL;
-- When the game's clocks stopped because nobody could see it (its channel deleted, or the bot unable to
-- post there); NULL: running. Its turn waits meanwhile (bot/halts.py).
ALTER TABLE games ADD COLUMN halted_at REAL;
-- Whether a server's clocks wait (the default) or run while Agora cannot post in a game's channel.
ALTER TABLE guild_settings ADD COLUMN unseen_clocks TEXT NOT NULL DEFAULT 'wait';
