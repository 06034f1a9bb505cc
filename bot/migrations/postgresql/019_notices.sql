-- How each player hears of their turns (as SQLite's 019): mention | dm | digest | quiet.
CREATE TABLE notice_choices (
    user_id        BIGINT  PRIMARY KEY,
    mode           TEXT    NOT NULL DEFAULT 'mention',
    digest_hour    INTEGER NOT NULL DEFAULT 18,
    time_zone      TEXT    NOT NULL DEFAULT 'UTC',
    language       TEXT,
    dms_closed     BIGINT  NOT NULL DEFAULT 0,
    next_digest_at DOUBLE PRECISION
);
CREATE INDEX notice_digests_due ON notice_choices (next_digest_at);

-- The DM reminders opt-in becomes the choice of a DM each turn (as SQLite's 019).
INSERT INTO notice_choices (user_id, mode) SELECT user_id, 'dm' FROM reminder_optins WHERE dm <> 0;
DROP TABLE reminder_optins;
