-- A seat's timeouts in a row count absences, not clocks: the clocks that were already running
-- for a player when a clock last timed them out (with no move of theirs since) are part of the
-- same absence and strike nothing. Kept with the seat so that a restart does not forget it.
ALTER TABLE seats ADD COLUMN lapse TEXT NOT NULL DEFAULT '[]';
