-- A game's state is kept compressed (zlib over its JSON, see bot/storage.py's encode_state): the column
-- holds bytes. The states stored before become their JSON's UTF-8 bytes, which the bot still reads
-- (a JSON object starts with "{", never the first byte of zlib's header); each is compressed when
-- its game next moves.
ALTER TABLE games ALTER COLUMN state TYPE bytea USING convert_to(state, 'UTF8');
