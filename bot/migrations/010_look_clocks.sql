-- A clock that measures time passing for the players whatever the bot does (Pyramid's 15 s look:
-- the cards stay on the player's screen while the bot is away) does not get an outage back.
ALTER TABLE timers ADD COLUMN pauses INTEGER NOT NULL DEFAULT 1 CHECK (pauses IN (0, 1));
