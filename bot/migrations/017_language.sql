-- The language a server's public screens speak (/settings language; bot/i18n): a catalog's
-- code such as 'sv'. NULL: not chosen, the server's own locale when Barkeep speaks it, else
-- English.
ALTER TABLE guild_settings ADD COLUMN language TEXT;
