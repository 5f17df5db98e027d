-- The turn ping a table has in its channel (one at a time), so that a restart neither leaves
-- it behind when the next ping goes out or the table ends, nor forgets to delete it.
CREATE TABLE pings (
    table_id   INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL
);
