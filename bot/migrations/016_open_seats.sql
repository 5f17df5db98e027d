-- Take over a seat (bot/tables/seats.py). A player who leaves a game under way, or is put out
-- after three timeouts in a row, leaves their seat open, its cards still in play, until someone
-- takes it over or its wait ends. Who held a seat from which move on is kept with the seats:
-- several seat rows of a table may share one engine seat, the later ones taken over.
--   held_from:  the moves played before this player took the seat (0: dealt in at the start)
--   opened:     the seat this player left is open (NULL: not open); 0 they left, N they were
--               put out after N timeouts in a row (the Leave the rules apply when it closes)
--   asker_id, asker_name: who asks the host to take this open seat (NULL: nobody yet)
ALTER TABLE seats ADD COLUMN held_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN opened INTEGER;
ALTER TABLE seats ADD COLUMN asker_id INTEGER;
ALTER TABLE seats ADD COLUMN asker_name TEXT;
