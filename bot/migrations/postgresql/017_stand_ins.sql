-- The seats whose player left a table of three or more, which Agora plays since (as SQLite's 021):
-- JSON {"seat": {"user": user id, "since": unix time, "reason": ...}}, '{}' when nobody left.
ALTER TABLE games ADD COLUMN absent TEXT NOT NULL DEFAULT '{}';
-- The level Agora plays at in the seat of a player who left (/agora settings).
ALTER TABLE guild_settings ADD COLUMN stand_in_level TEXT NOT NULL DEFAULT 'medium';
-- The share (%) of their last 20 finished games a player must have seen through to join a tournament
-- or a Kouba table (/agora settings min_reliability); 0: anyone joins.
ALTER TABLE guild_settings ADD COLUMN min_reliability INTEGER NOT NULL DEFAULT 0;
