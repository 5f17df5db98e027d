"""The embedded backend: SQLite through one aiosqlite connection, WAL, numbered migrations.

A trip to the connection's thread costs a thread hand-off and an event-loop wake-up, so a
:class:`~bot.store.tx.Tx` makes as few as it can: its writes are only collected, and go to the
thread together with its next read, or with the COMMIT when the block ends. A transaction that
only writes (every game action) is one trip: BEGIN IMMEDIATE, the interaction check, the
statements and the COMMIT (synchronous=FULL: on disk when the trip returns) run in one call on
the connection's thread. Whole transactions queued back to back share one COMMIT.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import IO, Any

import aiosqlite

from bot.store.base import Store, check_ours, to_migrate
from bot.store.errors import (
    AlreadyApplied,
    DatabaseInUse,
    DatabaseUnusable,
)
from bot.store.trip import _SEEN, Expect, Query, Statement, Trip

log = logging.getLogger(__name__)

WAL_ROW_PAGES = 16  # pages each commit of _grow_wal writes: its scratch row's overflow


def _grow_wal(con: sqlite3.Connection) -> None:
    """Grow the write-ahead log to the size it is checkpointed at, so that commits overwrite
    it instead of lengthening it. A commit that lengthens the file has its fsync also write the
    file's new size, which makes it about twice as slow on ext4. The log is reused from its
    start after each checkpoint, but SQLite deletes it when the last connection closes, so
    each start would pay that for its first thousand pages or so: a few hundred moves, each
    answered later.

    Done with commits of a scratch row in meta, about 64 KB, each written anew (a row
    rewritten as it is writes nothing): a few dozen commits, once at the open, cheap beside
    the moves they speed up. The row's pages stay in the file, free for the tables to use. At
    synchronous NORMAL: a commit lost to a power cut here loses nothing, and NORMAL still syncs
    the log and the database around each checkpoint, so nothing committed before is put at
    risk. Then back to FULL."""
    pages = con.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
    if pages <= 0 or con.execute("PRAGMA journal_mode").fetchone()[0] != "wal":  # :memory:
        return
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    con.execute("PRAGMA synchronous = NORMAL")
    try:
        rows = pages // WAL_ROW_PAGES + 1  # the last one passes the size: checkpointed
        con.executemany(  # one commit each (no BEGIN)
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('wal', ?)",
            ((f"{n:<{WAL_ROW_PAGES * page_size}}",) for n in range(rows)),
        )
        con.execute("DELETE FROM meta WHERE key = 'wal'")
    finally:
        con.execute("PRAGMA synchronous = FULL")


def _lock_path(path: Path) -> Path:
    """The lock file of the database at ``path`` (see :func:`_claim`)."""
    return path.with_name(path.name + ".lock")


def _claim(path: Path) -> IO[str] | None:
    """Lock ``<database>.lock`` for as long as the store is open, with the holder's process id
    in it. The bot is its database's one writer: it hands out table ids and keeps every open
    table in memory, so a second copy on the same file would act on tables the first one has
    moved on. The system lets go of the lock when the file is closed or the process ends (a
    kill included), so a restart finds it free. Without advisory locks (Windows), nothing is
    claimed."""
    try:
        import fcntl
    except ImportError:  # not on Linux or macOS
        return None
    lock = open(_lock_path(path), "a+", encoding="utf-8")  # noqa: SIM115
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.seek(0)
        holder = lock.read().strip()
        lock.close()
        raise DatabaseInUse(path, holder) from None
    lock.seek(0)
    lock.truncate()
    lock.write(str(os.getpid()))
    lock.flush()
    return lock


def _run(con: sqlite3.Connection, trip: Trip) -> Any:
    """One trip, on the connection's thread (BEGIN IMMEDIATE is SQLite's BEGIN: it takes the
    write lock at once). Any error rolls the transaction back here."""
    try:
        if trip.begin:
            con.execute("BEGIN IMMEDIATE")
        result = _body(con, trip.unseen, trip.statements, trip.query)
        if trip.commit:
            if trip.committing is not None:
                trip.committing()
            con.execute("COMMIT")
        return result
    except BaseException:
        if con.in_transaction:
            con.rollback()
        raise


def _body(
    con: sqlite3.Connection,
    unseen: int | None,
    statements: list[Statement],
    query: Query | None,
) -> Any:
    if unseen is not None:
        seen = con.execute(_SEEN, (unseen,)).fetchone()
        if seen is not None:
            raise AlreadyApplied(seen[0], seen[1])
    for sql, args, how in statements:
        if how is True:
            con.executemany(sql, args)
        elif how is False:
            con.execute(sql, args)
        elif isinstance(how, Expect):
            how.judge(con.execute(sql, args).rowcount)
        else:
            how(con.execute(sql, args).fetchall())
    if query is None:
        return None
    sql, args = query
    return con.execute(sql, args).fetchall()


Outcome = tuple[bool, Any]  # (True, the result) or (False, the exception)


def _whole(fn: Callable[..., Any], args: tuple[Any, ...]) -> bool:
    """A trip that is a whole transaction (BEGIN to COMMIT): it may share a commit."""
    return fn is _run and args[0].whole


def _run_together(con: sqlite3.Connection, trips: list[Trip]) -> list[Outcome]:
    """Whole transactions queued together, committed together: one BEGIN, each in a savepoint
    of its own (an error undoes that one alone), one COMMIT, so one fsync for them all. Each is
    answered only after that COMMIT, as if it had committed alone: durable, in queue order."""
    outcomes: list[Outcome] = []
    try:
        con.execute("BEGIN IMMEDIATE")
        for trip in trips:
            con.execute("SAVEPOINT trip")
            try:
                outcomes.append((True, _body(con, trip.unseen, trip.statements, trip.query)))
            except Exception as err:
                con.execute("ROLLBACK TO trip")
                outcomes.append((False, err))
            con.execute("RELEASE trip")
        for (ok, _), trip in zip(outcomes, trips, strict=True):
            if ok and trip.committing is not None:
                trip.committing()
        con.execute("COMMIT")
    except BaseException as err:
        if con.in_transaction:
            con.rollback()
        return [(False, err)] * len(trips)
    return outcomes


def _settle(answers: list[tuple[asyncio.Future[Any], Outcome]]) -> None:
    """On the event loop: hand each trip its outcome."""
    for future, (ok, value) in answers:
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def _rollback(con: sqlite3.Connection) -> None:
    if con.in_transaction:
        con.rollback()


class SqliteStore(Store):
    """The embedded backend: one SQLite file in WAL mode, one aiosqlite connection, claimed by
    one process (:func:`_claim`)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        super().__init__()
        self._db = db
        # trips for the connection's thread, in order (see _submit and _drain)
        self._trips: deque[tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]]] = (
            deque()
        )
        self._trips_lock = threading.Lock()
        self._draining = False  # a _drain is queued or running on the thread
        self._last_table_id = 0  # the highest table id handed out (read at open)
        self._claim: IO[str] | None = None  # the open lock file that claims the database

    async def _new_table_id(self) -> int:
        """The next table's id. The bot is its database's one writer (:func:`_claim`), so ids
        are handed out here rather than learnt from the INSERT, which would cost the opening
        transaction a trip while it holds the store."""
        self._last_table_id += 1
        return self._last_table_id

    def _give_back_table_id(self, table_id: int) -> None:
        """The opening transaction that took this id failed (a lobby rule refused it, say): the
        next table takes it again, unless another took a later one meanwhile (then a gap)."""
        if self._last_table_id == table_id:
            self._last_table_id -= 1

    def _submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """Queue ``fn(connection, *args)`` on the connection's thread now: one trip. Returns
        the future of its result.

        Queued at once, so that a transaction can let go of the store as soon as its last trip
        is in the queue: whatever is queued after it runs after it. The trips wait in the
        store's own queue, which one :meth:`_drain` at a time empties on aiosqlite's thread
        (``Connection._tx``: aiosqlite runs every call it offers that way and has no public
        name for a call of our own; checked at :meth:`open`)."""
        db = self._db
        if not db._running or db._connection is None:
            raise ValueError("Connection closed")
        future = asyncio.get_running_loop().create_future()
        with self._trips_lock:
            self._trips.append((future, fn, args))
            if self._draining:
                return future  # the drain under way takes it
            self._draining = True
        db._tx.put_nowait((None, partial(self._drain, db._connection)))
        return future

    def _drain(self, con: sqlite3.Connection) -> None:
        """On the connection's thread: run the queued trips in order until none is left.
        Whole transactions queued back to back (many tables acting at once) share one COMMIT
        (:func:`_run_together`): one fsync instead of one each, and every one of them still
        committed before its answer. Each trip is answered as soon as it (or its group) is
        done."""
        while True:
            with self._trips_lock:
                if not self._trips:
                    self._draining = False
                    return
                batch = list(self._trips)
                self._trips.clear()
            i = 0
            while i < len(batch):
                j = i
                while j < len(batch) and _whole(batch[j][1], batch[j][2]):
                    j += 1
                if j - i >= 2:
                    unit = batch[i:j]
                    outcomes = _run_together(con, [args[0] for _, _, args in unit])
                else:
                    unit, j = batch[i : i + 1], i + 1
                    _, fn, args = unit[0]
                    try:
                        outcomes = [(True, fn(con, *args))]
                    except BaseException as err:
                        outcomes = [(False, err)]
                loop = unit[0][0].get_loop()
                with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                    loop.call_soon_threadsafe(
                        _settle, [(u[0], o) for u, o in zip(unit, outcomes, strict=True)]
                    )
                i = j

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(connection, *args)`` on the connection's thread and wait for it."""
        return await self._submit(fn, *args)

    def _trip(self, trip: Trip) -> asyncio.Future[Any]:
        return self._submit(_run, trip)

    async def _abort(self) -> None:
        await self._call(_rollback)

    @classmethod
    async def open(cls, where: Path | str, **options: Any) -> SqliteStore:
        """Open (and migrate) the database at ``path``, claiming it: a second store on the same
        file, in this process or another, raises :class:`DatabaseInUse` until this one is
        closed (or its process has ended, however it ended)."""
        path = where
        claim = None
        lock = _lock_path(Path(path))
        made_lock = False
        try:
            if str(path) != ":memory:":
                if Path(path).is_dir():
                    raise IsADirectoryError(path)
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                made_lock = not lock.exists()
                claim = _claim(Path(path))
            store = await cls._open(path)
        except BaseException as err:
            if claim is not None:
                claim.close()
            if made_lock:  # nothing left behind by a start that could not use the path
                with contextlib.suppress(OSError):
                    lock.unlink()
            if isinstance(err, OSError | sqlite3.Error):
                raise DatabaseUnusable(Path(path), err) from err
            raise
        store._claim = claim
        return store

    @classmethod
    async def _open(cls, path: Path | str) -> SqliteStore:
        connecting = aiosqlite.connect(str(path), isolation_level=None)
        try:
            db = await connecting
        except BaseException:
            # aiosqlite stops its thread after a failed connect without waiting for it: wait
            # here, while the loop still runs, or the thread reports its end to a closed loop
            # (a traceback under the bot's advice about DATABASE_URL)
            for _ in range(500):  # at most 5 s: it has one short job left
                if not connecting._thread.is_alive():
                    break
                await asyncio.sleep(0.01)
            raise
        try:
            if not all(hasattr(db, a) for a in ("_tx", "_running", "_connection")):  # _submit
                raise RuntimeError(f"aiosqlite {aiosqlite.__version__}: no Connection._tx queue")
            return await cls._prepare(db)
        except BaseException:
            await db.close()  # its thread would keep the process alive
            raise

    @classmethod
    async def _prepare(cls, db: aiosqlite.Connection) -> SqliteStore:
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        # FULL: a committed action survives even the machine losing power, not only the
        # process dying. One fsync per action is cheap next to a Discord round trip.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db)
        await store.migrate()
        await store._load_safety()
        async with db.execute("SELECT COALESCE(MAX(id), 0) FROM tables") as cur:
            store._last_table_id = (await cur.fetchone() or (0,))[0]
        # one write now: a file this user may only read opens, and is read, without a word
        # (the first move would fail instead)
        await db.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('opened_at', ?)", (str(time.time()),)
        )
        await store._call(_grow_wal)
        return store

    async def close(self) -> None:
        try:
            await self._db.close()
        finally:
            if self._claim is not None:
                self._claim.close()  # lets go of the database's lock
                self._claim = None

    async def migrate(self) -> list[str]:
        """Apply the numbered files of bot/migrations that this database has not seen."""
        applied: list[str] = []
        async with self._lock:
            async with self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ) as cur:
                tables = {r[0] for r in await cur.fetchall()}
            check_ours(tables)
            await self._db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, at REAL)"
            )
            async with self._db.execute("SELECT name FROM schema_migrations") as cur:
                done = {r[0] for r in await cur.fetchall()}
            for name, script in to_migrate(done):
                await self._db.executescript(
                    "BEGIN;\n" + script + "\nINSERT INTO schema_migrations VALUES "
                    f"('{name}', unixepoch('subsec'));\nCOMMIT;"
                )
                log.info("applied migration %s", name)
                applied.append(name)
        return applied
