-- A pending draw or take-back offer, stored with its game (as SQLite's 006); NULL: none.
ALTER TABLE games ADD COLUMN offer TEXT;
