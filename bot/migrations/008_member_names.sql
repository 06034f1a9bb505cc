-- A player's name in each server (their nickname there), so a nickname set in one server never
-- shows in another.  The players table keeps the name of games recorded before this table.
CREATE TABLE member_names (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
