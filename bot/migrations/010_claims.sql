-- Claims on time (the "claim" time-out rule).
-- How long after the deadline a time-out nobody claimed ends the game on time (the player out of
-- time loses), in seconds.
ALTER TABLE guild_settings ADD COLUMN claim_grace_seconds INTEGER NOT NULL DEFAULT 259200;
-- The message asking for the claim now, closed (its buttons removed) when asked again or when the
-- game moves on or ends; NULL: none.
ALTER TABLE games ADD COLUMN claim_message INTEGER;
