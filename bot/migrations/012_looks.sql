-- How cards look (bot/art/looks.py): pictures on or off and the four-colour deck, chosen by a
-- server (/settings images) and by a player for themselves (/limits). NULL: not chosen (a
-- player's falls back to the server's, a server's to pictures on, the standard colours).
ALTER TABLE guild_settings ADD COLUMN images INTEGER;
ALTER TABLE guild_settings ADD COLUMN four_colour INTEGER;
ALTER TABLE player_settings ADD COLUMN images INTEGER;
ALTER TABLE player_settings ADD COLUMN four_colour INTEGER;
