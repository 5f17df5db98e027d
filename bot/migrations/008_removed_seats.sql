-- A player the host removed from a lobby keeps a seat row, marked, so that they cannot join
-- that table again (a lobby seat that is simply left is deleted, and may be taken again).
ALTER TABLE seats ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
