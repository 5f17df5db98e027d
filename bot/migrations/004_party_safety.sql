-- Party safety (bot/safety.py): how each drink was counted, each player's cap and mode, and each
-- server's settings.
--
-- counted_as: 'sips' (alcohol, as the game said), 'capped' (over the drinker's cap for the last
-- 12 hours: it counts as water) or 'points' (the drinker plays alcohol-free). The amount is
-- always what the game said; only how it counts changes.
ALTER TABLE drinks ADD COLUMN counted_as TEXT NOT NULL DEFAULT 'sips'
    CHECK (counted_as IN ('sips', 'capped', 'points'));
-- tonight's sips of one player, in every server
CREATE INDEX drinks_user_at ON drinks (user_id, at);
-- a table's drinks as they were counted, read when a table is loaded
CREATE INDEX drinks_table ON drinks (table_id);

-- A player's own settings, the same in every server (they are about the player).
CREATE TABLE player_settings (
    user_id     INTEGER PRIMARY KEY,
    cap         INTEGER CHECK (cap IS NULL OR cap > 0),  -- sips in any 12 hours; NULL: none
    mode        TEXT    NOT NULL DEFAULT 'sips' CHECK (mode IN ('sips', 'alcohol-free')),
    updated_at  REAL    NOT NULL
);

-- A server's settings (changed by people with Manage Server).
CREATE TABLE guild_settings (
    guild_id     INTEGER PRIMARY KEY,
    default_cap  INTEGER CHECK (default_cap IS NULL OR default_cap > 0),  -- for players without one
    water_every  INTEGER CHECK (water_every IS NULL OR water_every > 0),  -- a reminder every N sips
    min_age      TEXT,                                                    -- shown at consent
    turn_pings   INTEGER NOT NULL DEFAULT 0 CHECK (turn_pings IN (0, 1)),
    updated_at   REAL    NOT NULL
);

-- Which games may be started where. channel_id 0 is a rule for the whole server; a channel's own
-- rule wins over it. No rule: the game is on.
CREATE TABLE game_channels (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    enabled     INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    PRIMARY KEY (guild_id, game, channel_id)
);
