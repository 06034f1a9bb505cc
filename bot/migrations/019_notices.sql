-- How each player hears of their turns (/agora notify), the same on every server: a mention on the
-- board, a DM each turn, one digest a day at their hour in their time zone, or their name without a ping.
CREATE TABLE notice_choices (
    user_id        INTEGER PRIMARY KEY,
    mode           TEXT    NOT NULL DEFAULT 'mention',  -- mention | dm | digest | quiet
    digest_hour    INTEGER NOT NULL DEFAULT 18,         -- 0-23, local hour of the digest
    time_zone      TEXT    NOT NULL DEFAULT 'UTC',      -- IANA name
    language       TEXT,                                -- of their DMs; NULL: the game's server's
    dms_closed     INTEGER NOT NULL DEFAULT 0,          -- 1: a DM failed, the mention stands in until they choose again
    next_digest_at REAL                                 -- when the next digest is due; NULL outside the digest
);
CREATE INDEX notice_digests_due ON notice_choices (next_digest_at);

-- The DM reminders opt-in becomes the choice of a DM each turn.
INSERT INTO notice_choices (user_id, mode) SELECT user_id, 'dm' FROM reminder_optins WHERE dm <> 0;
DROP TABLE reminder_optins;
