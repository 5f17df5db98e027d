-- Results beyond won and lost: a place (games that rank every player) and points (games
-- scored in points). Private lines for one player ("you drew the 7 of Lagers"), kept with
-- their seat so their private view shows them after a restart too.
ALTER TABLE results ADD COLUMN place INTEGER;
ALTER TABLE results ADD COLUMN points INTEGER;
ALTER TABLE seats ADD COLUMN notes TEXT NOT NULL DEFAULT '[]';
