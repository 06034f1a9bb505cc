-- The seats Agora itself plays, with its level (as SQLite's 012): JSON {"seat": level}, '{}' for none.
ALTER TABLE games ADD COLUMN bots TEXT NOT NULL DEFAULT '{}';
