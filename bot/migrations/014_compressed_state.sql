-- The twin of PostgreSQL's 014 (its state column becomes bytea): a game's state is kept compressed
-- (zlib over its JSON, see bot/storage.py's encode_state). SQLite's state column already keeps such
-- a BLOB as it is (a TEXT column stores BLOBs unchanged), and the states stored before stay JSON text,
-- which the bot still reads; each is compressed when its game next moves. So the schema is unchanged
-- here, and this script records the version only.
SELECT 1;
