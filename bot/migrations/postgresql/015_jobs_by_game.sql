-- Every move deletes its game's pending jobs (``DELETE FROM jobs WHERE game_id = ?``): without an
-- index on game_id that walks every pending job of every game. Also serves ON DELETE CASCADE.
CREATE INDEX jobs_by_game ON jobs (game_id);
