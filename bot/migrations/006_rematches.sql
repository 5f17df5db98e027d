-- Play again: the finished table a lobby was opened from. Stored with the lobby, so that after
-- a restart a second press of the same finished table's Play again still finds the next game
-- (and points to it) instead of opening another.
ALTER TABLE tables ADD COLUMN rematch_of INTEGER;
CREATE INDEX tables_rematch_of ON tables (rematch_of) WHERE rematch_of IS NOT NULL;
