-- A process takes due jobs (of games and of tournaments) for a while (a lease) before running them, so two processes on one
-- database never run the same job at once, and a job whose process died runs again once the
-- lease is over.  NULL: nobody holds it.
ALTER TABLE jobs ADD COLUMN leased_until REAL;
ALTER TABLE tournament_jobs ADD COLUMN leased_until REAL;
