-- What keeps a table's public message in line with the store across restarts: the
-- interaction that opened the table (its token finds the message it posted for 15 minutes,
-- should the bot die before storing the message id) and a fingerprint of the screen the
-- message last showed ('ended' once a finished table's last screen is up). Private views
-- remember the fingerprint of the screen they last showed too, and which message they are
-- when it is not the interaction's original response (a follow-up after a deferral).
CREATE TABLE table_messages (
    table_id  INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    app_id    INTEGER,
    token     TEXT,
    token_at  REAL,
    shown     TEXT
);
ALTER TABLE private_views ADD COLUMN shown TEXT;
ALTER TABLE private_views ADD COLUMN message_id INTEGER;
