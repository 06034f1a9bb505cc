-- Job leases (as SQLite's 006): the time until which one process holds a due job.
ALTER TABLE jobs ADD COLUMN leased_until DOUBLE PRECISION;
ALTER TABLE tournament_jobs ADD COLUMN leased_until DOUBLE PRECISION;
