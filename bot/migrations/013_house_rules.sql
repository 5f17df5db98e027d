-- A server's house rules: its own defaults for a game's table options (/settings house), which
-- /<game> start begins with and its own options override.
CREATE TABLE house_rules (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL,  -- JSON: option name -> value
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game)
);
