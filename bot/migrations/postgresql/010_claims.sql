-- Claims on time (as SQLite's 010): the grace before an unclaimed time-out ends the game, and the
-- message asking for the claim now.
ALTER TABLE guild_settings ADD COLUMN claim_grace_seconds BIGINT NOT NULL DEFAULT 259200;
ALTER TABLE games ADD COLUMN claim_message BIGINT;
