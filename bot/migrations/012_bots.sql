-- The seats Agora itself plays, with its level: a JSON object {"seat": "easy" | "medium" | "hard"}.
-- Those seats hold the bot's own user id; '{}' is a game between people only.
ALTER TABLE games ADD COLUMN bots TEXT NOT NULL DEFAULT '{}';
