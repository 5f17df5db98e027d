-- Turn pings become on unless a server turns them off (issue 8: the bot mentions whoever must
-- act). SQLite can't change a column's default, so the setting moves to a new column where NULL
-- means "not set" (on); a server that had switched them on keeps them on. turn_pings is no
-- longer read.
ALTER TABLE guild_settings ADD COLUMN pings INTEGER CHECK (pings IS NULL OR pings IN (0, 1));
UPDATE guild_settings SET pings = 1 WHERE turn_pings = 1;
