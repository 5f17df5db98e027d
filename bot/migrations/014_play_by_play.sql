-- Spectators' play-by-play (issue 47): a server's switch, /settings thread, and the thread each
-- table started while it was on keeps its public log in.
-- thread_since: when the server switched it on (NULL: off). A table gets a thread only if it
-- started since then, so a restart can tell which playing tables should have one.
ALTER TABLE guild_settings ADD COLUMN thread_since REAL;
-- A table's play-by-play thread (its id is its table message's, as Discord gives a thread
-- started from a message) and the last step posted there (-1: none yet; 0: the deal), written
-- after each post lands, so that a restart neither loses nor repeats lines. thread_id NULL: the
-- table has no thread (Barkeep may not start one in its channel). done: its end is posted.
CREATE TABLE play_threads (
    table_id  INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    thread_id INTEGER,
    step      INTEGER NOT NULL DEFAULT -1,
    done      INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1))
);
