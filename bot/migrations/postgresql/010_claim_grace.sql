-- How long after the deadline an unclaimed time-out ends the game on time (as SQLite's 010).
ALTER TABLE guild_settings ADD COLUMN claim_grace_seconds BIGINT NOT NULL DEFAULT 259200;
