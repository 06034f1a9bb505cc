-- Under the "claim" time-out rule, how long after the deadline a time-out nobody claimed ends the
-- game on time (the player out of time loses), in seconds.
ALTER TABLE guild_settings ADD COLUMN claim_grace_seconds INTEGER NOT NULL DEFAULT 259200;
