-- The short message that pings the player(s) to act while a board is edited in place (Araksey's set-up):
-- the next step deletes it and pings again, so one ping at most stays in the channel.
ALTER TABLE games ADD COLUMN ping_id INTEGER;   -- NULL: no ping message
