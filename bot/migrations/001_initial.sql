-- Tables (game sessions), their seats, the append-only action log, the drink ledger,
-- results, clocks, rules consents, open private views and a small key/value store.

CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,                 -- the public table message
    host_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'ended')),
    options     TEXT    NOT NULL,        -- JSON
    seed        TEXT    NOT NULL,        -- published (hashed) at the deal, revealed at the end
    state       TEXT,                    -- the engine's to_dict() after the last action, JSON
    seq         INTEGER NOT NULL DEFAULT 0,
    log         TEXT    NOT NULL DEFAULT '[]',  -- latest public log lines, JSON
    end_reason  TEXT,
    created_at  REAL    NOT NULL,
    started_at  REAL,
    ended_at    REAL
);
CREATE INDEX tables_active ON tables (status) WHERE status != 'ended';

CREATE TABLE seats (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    seat       INTEGER,                  -- engine seat, given in join order at the deal
    joined_at  REAL    NOT NULL,
    left_at    REAL,
    strikes    INTEGER NOT NULL DEFAULT 0,  -- timeouts in a row
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX seats_user ON seats (guild_id, user_id);

CREATE TABLE actions (
    table_id        INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    seat            INTEGER,             -- NULL: the table itself (a clock)
    user_id         INTEGER,
    action          TEXT    NOT NULL,    -- JSON
    interaction_id  INTEGER UNIQUE,
    at              REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE drinks (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,          -- the action that caused it
    amount    INTEGER NOT NULL CHECK (amount > 0),
    kind      TEXT    NOT NULL
              CHECK (kind IN ('drink', 'social', 'penalty', 'assigned', 'finish', 'forfeit')),
    giver_id  INTEGER,
    reason    TEXT    NOT NULL,
    at        REAL    NOT NULL
);
CREATE INDEX drinks_guild_at ON drinks (guild_id, at);
CREATE INDEX drinks_user ON drinks (guild_id, user_id);

CREATE TABLE results (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    outcome   TEXT    NOT NULL CHECK (outcome IN ('won', 'lost', 'draw', 'left', 'ended')),
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX results_guild_at ON results (guild_id, at);

CREATE TABLE timers (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    key       TEXT    NOT NULL,
    due_at    REAL    NOT NULL,
    action    TEXT    NOT NULL,          -- JSON, applied with seat NULL
    seats     TEXT    NOT NULL,          -- JSON list of the seats whose inaction it is
    PRIMARY KEY (table_id, key)
);
CREATE INDEX timers_due ON timers (due_at);

CREATE TABLE consents (
    user_id  INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (user_id, game)
);

-- The latest private (ephemeral) view a player opened, so the bot can edit it later
-- (an interaction token lives 15 minutes).
CREATE TABLE private_views (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    app_id      INTEGER NOT NULL,
    token       TEXT    NOT NULL,
    opened_at   REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE TABLE meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
