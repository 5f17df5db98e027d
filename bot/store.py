"""SQLite persistence: one aiosqlite connection, WAL, numbered migrations.

Every access goes through :meth:`Store.transaction` (writes, one atomic unit) or
:meth:`Store.reading` (reads); both hand out a :class:`Tx`. The store's lock keeps one task's
transaction whole on the one connection: a transaction holds it from its start until its last
trip is queued, a read only while queuing its trip (then nobody waits for its round trip).

A trip to the connection's thread costs a thread hand-off and an event-loop wake-up, so a
:class:`Tx` makes as few as it can: its writes are only collected, and go to the thread together
with its next read, or with the COMMIT when the block ends. A transaction that only writes (every
game action) is one trip: BEGIN IMMEDIATE, the interaction check, the statements and the COMMIT
(synchronous=FULL: on disk when the trip returns) run in one call on the connection's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import os
import sqlite3
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from pathlib import Path
from typing import IO, Any

import aiosqlite

log = logging.getLogger(__name__)

Params = tuple[Any, ...] | dict[str, Any]
Query = tuple[str, Params]  # a read: sql and its parameters; it returns the rows
# A check: given the rows its query returns, on the connection's thread, it raises to refuse the
# whole transaction (see Tx.check_seat_free).
Check = Callable[[list[sqlite3.Row]], None]
# sql, parameters (a list of them if many), and how: False (run once), True (run for each
# parameter list) or a Check
Statement = tuple[str, Any, "bool | Check"]


# Set once a transaction of this task (an interaction's answer, say) has committed: an error
# after it must not tell the player that nothing changed (gamecog.answer).
COMMITTED: contextvars.ContextVar[bool] = contextvars.ContextVar("committed", default=False)


class DatabaseInUse(Exception):
    """Another store holds this database: another copy of the bot is running on it."""

    def __init__(self, path: Path, holder: str) -> None:
        who = f" (process {holder})" if holder.isdigit() else ""
        super().__init__(f"another copy of Barkeep is already using {path}{who}")
        self.path, self.holder = path, holder


WAL_ROW_PAGES = 16  # pages each commit of _grow_wal writes: its scratch row's overflow


def _grow_wal(con: sqlite3.Connection) -> None:
    """Grow the write-ahead log to the size it is checkpointed at, so that commits overwrite
    it instead of lengthening it. A commit that lengthens the file has its fsync also write the
    file's new size: twice as slow on ext4 (0.45 ms against 0.23 ms a commit, measured). The
    log is reused from its start after each checkpoint, but SQLite deletes it when the last
    connection closes, so each start would pay for its first thousand pages or so (about 300
    War moves, each answered 0.25 ms later).

    Done with commits of a scratch row in meta, about 64 KB, each written anew (a row
    rewritten as it is writes nothing): some 60 commits, 25 ms. The row's pages stay in the
    file, free for the tables to use. At synchronous NORMAL: a commit lost to a power cut
    here loses nothing, and NORMAL still syncs the log and the database around each
    checkpoint, so nothing committed before is put at risk. Then back to FULL."""
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


class NotOurs(sqlite3.DatabaseError):
    """A SQLite file that is not a Barkeep database: another program's (tables, and no record
    of Barkeep's migrations)."""


class Newer(sqlite3.DatabaseError):
    """A Barkeep database that a newer Barkeep has migrated (an update rolled back, a copy
    from another machine): this code does not know its schema."""


class DatabaseUnusable(Exception):
    """The database can't be opened or read: a folder, a file that is not SQLite (or is
    damaged), a folder this user may not write in."""

    def __init__(self, path: Path, err: BaseException) -> None:
        self.fix = "Set DATABASE_URL in .env to a file this user can write"  # what to do
        if path.is_dir():
            why = f"it is a folder; name a file in it, such as {path / 'barkeep.db'}"
        elif isinstance(err, FileExistsError | NotADirectoryError):
            why = "a file stands where one of its folders should be"
        elif isinstance(err, PermissionError) or "readonly" in str(err):
            why = f"this user may not write there ({err})"
            self.fix = (
                f"Give this user write access to {path.parent} and the files in it (for "
                f"example: sudo chown -R $USER {path.parent}), or set "
                "DATABASE_URL in .env to a file this user can write"
            )
        elif isinstance(err, Newer):
            why = f"a newer Barkeep has updated it ({err})"
            self.fix = (
                "Run that newer version (git pull), or restore the backup taken before the "
                "update, or set DATABASE_URL in .env to a new file"
            )
        elif isinstance(err, NotOurs):
            why = f"it is another program's database ({err}); Barkeep leaves it as it is"
            self.fix = "Set DATABASE_URL in .env to a file of Barkeep's own (a new one is made)"
        elif isinstance(err, sqlite3.DatabaseError) and (
            "not a database" in str(err) or "malformed" in str(err)
        ):
            why = f"the file is not a SQLite database, or is damaged ({err})"
            self.fix = (
                "Restore a backup (README: Back up the database), or set DATABASE_URL in "
                ".env to a new file"
            )
        else:
            why = str(err) or type(err).__name__
        super().__init__(f"can't use the database {path}: {why}")
        self.path = path


class AlreadyApplied(Exception):
    """The interaction a transaction was guarded with is in the action log already: nothing of
    the transaction was written."""

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(f"interaction already applied as action {seq} of table #{table_id}")
        self.table_id, self.seq = table_id, seq


# A player's drinks in /tally, from the ledger: sips, social sips, finished drinks and forfeits
# as taken, and the sips counted as water (over a cap) or points (alcohol-free). A finish
# counted as water or points is not a finished drink: it is counted apart.
_DRINK_SUMS = """
    SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') AND counted_as = 'sips'
        THEN amount ELSE 0 END) AS sips,
    SUM(CASE WHEN kind = 'social' AND counted_as = 'sips' THEN amount ELSE 0 END) AS social,
    SUM(CASE WHEN kind = 'finish' AND counted_as = 'sips' THEN amount ELSE 0 END) AS finishes,
    SUM(CASE WHEN kind = 'finish' AND counted_as = 'capped' THEN amount ELSE 0 END)
        AS finishes_water,
    SUM(CASE WHEN kind = 'finish' AND counted_as = 'points' THEN amount ELSE 0 END)
        AS finishes_points,
    SUM(CASE WHEN kind = 'forfeit' THEN amount ELSE 0 END) AS forfeits,
    SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') AND counted_as = 'capped'
        THEN amount ELSE 0 END) AS water,
    SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') AND counted_as = 'points'
        THEN amount ELSE 0 END) AS points
"""
# the sums above by name: each row of /tally has them (0 for a player with no drinks)
DRINK_COLUMNS = (
    "sips",
    "social",
    "finishes",
    "finishes_water",
    "finishes_points",
    "forfeits",
    "water",
    "points",
)
_DRINK_COLUMNS = ", ".join(f"COALESCE(d.{c}, 0) AS {c}" for c in DRINK_COLUMNS)

# /tally's orders (fixed texts: the only SQL a leaderboard query takes from its caller). Ties:
# by sips, more finished drinks and forfeits first; by wins, the same wins in fewer games first.
LEADERBOARD_ORDER = {
    "sips": "sips DESC, finishes + forfeits DESC, won DESC",
    "wins": "won DESC, played ASC",
    "games": "played DESC, won DESC",
}

_SEEN = "SELECT table_id, seq FROM actions WHERE interaction_id = ?"
_SEATED_AT = (  # the active table where a player holds a seat in a server
    "SELECT t.* FROM seats s JOIN tables t ON t.id = s.table_id"
    " WHERE s.guild_id = ? AND s.user_id = ? AND s.left_at IS NULL"
    " AND t.status != 'ended' LIMIT 1"
)
_AT_TABLE = (  # the active table where a person is seated in a server, else one they host
    "SELECT t.id FROM tables t WHERE t.guild_id = ? AND t.status != 'ended' AND (t.host_id = ?"
    " OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?"
    " AND s.left_at IS NULL)) ORDER BY t.host_id = ?, t.id DESC LIMIT 1"
)
_OPEN_LOBBIES = (  # the unstarted tables a person hosts in a server
    "SELECT * FROM tables WHERE status = 'lobby' AND guild_id = ? AND host_id = ? ORDER BY id"
)
_GAME_RULES = (
    "SELECT guild_id, channel_id, game, enabled FROM game_channels WHERE guild_id = ?"
    " AND (? IS NULL OR game = ?) ORDER BY game, channel_id"
)
_REMATCH = (  # the open lobby a finished table's Play again opened, with its host's name
    "SELECT t.*, s.name AS host_name FROM tables t LEFT JOIN seats s"
    " ON s.table_id = t.id AND s.user_id = t.host_id AND s.left_at IS NULL"
    " WHERE t.rematch_of = ? AND t.status = 'lobby' ORDER BY t.id DESC LIMIT 1"
)
_TABLE_DRINKS = (
    "SELECT guild_id, user_id, game, table_id, seq, amount, kind, giver_id, reason, at,"
    " counted_as FROM drinks WHERE table_id = ? ORDER BY id"
)


def _run(
    con: sqlite3.Connection,
    begin: bool,
    unseen: int | None,
    statements: list[Statement],
    query: Query | None,
    commit: bool,
    committing: Callable[[], None] | None = None,
) -> Any:
    """One trip, on the connection's thread: (BEGIN IMMEDIATE, the interaction check,) the
    collected statements, (a query,) (COMMIT). Any error rolls the transaction back here.
    ``committing`` is called just before the COMMIT (see :meth:`Tx.meanwhile`)."""
    try:
        if begin:
            con.execute("BEGIN IMMEDIATE")
        result = _body(con, unseen, statements, query)
        if commit:
            if committing is not None:
                committing()
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
        else:
            how(con.execute(sql, args).fetchall())
    if query is None:
        return None
    sql, args = query
    return con.execute(sql, args).fetchall()


Outcome = tuple[bool, Any]  # (True, the result) or (False, the exception)


def _whole(fn: Callable[..., Any], args: tuple[Any, ...]) -> bool:
    """A trip that is a whole transaction (BEGIN to COMMIT): it may share a commit."""
    return fn is _run and bool(args[0]) and bool(args[4])


def _run_together(con: sqlite3.Connection, trips: list[tuple[Any, ...]]) -> list[Outcome]:
    """Whole transactions queued together, committed together: one BEGIN, each in a savepoint
    of its own (an error undoes that one alone), one COMMIT, so one fsync for them all. Each is
    answered only after that COMMIT, as if it had committed alone: durable, in queue order."""
    outcomes: list[Outcome] = []
    try:
        con.execute("BEGIN IMMEDIATE")
        for _begin, unseen, statements, query, _commit, *_ in trips:
            con.execute("SAVEPOINT trip")
            try:
                outcomes.append((True, _body(con, unseen, statements, query)))
            except Exception as err:
                con.execute("ROLLBACK TO trip")
                outcomes.append((False, err))
            con.execute("RELEASE trip")
        for (ok, _), (*_, committing) in zip(outcomes, trips, strict=True):
            if ok and committing is not None:
                committing()
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


def _undo(tx: Tx) -> None:
    for undo in reversed(tx._undo):
        undo()


def _rollback(con: sqlite3.Connection) -> None:
    if con.in_transaction:
        con.rollback()


@dataclass
class TableRow:
    id: int
    game: str
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    seed: str
    state: dict[str, Any] | None
    seq: int
    log: list[str]
    end_reason: str | None
    created_at: float
    started_at: float | None
    ended_at: float | None


@dataclass
class SeatRow:
    table_id: int
    user_id: int
    guild_id: int
    name: str
    seat: int | None
    joined_at: float
    left_at: float | None
    strikes: int
    notes: list[str] = field(default_factory=list)  # latest lines only this player may see
    removed: bool = False  # removed from the lobby by its host: may not join this table again
    # The clocks that were already running for this player when a clock last timed them out,
    # with no move of theirs since: the same absence, so they strike nothing.
    lapse: list[str] = field(default_factory=list)


@dataclass
class TimerRow:
    table_id: int
    key: str
    due_at: float
    action: dict[str, Any]
    seats: list[int]
    pauses: bool = True  # stands still while the bot is away (Timer.pauses)


@dataclass(frozen=True)
class PrivateView:
    """A player's latest private view of a table: the token that edits it, and the message
    (a follow-up's id; None: the interaction's original response)."""

    user_id: int
    app_id: int
    token: str
    opened_at: float
    message_id: int | None
    # the view it replaced, (app, token, opened at, message id), while nothing says the newer
    # one ever reached Discord
    fallback: tuple[int, str, float, int | None] | None = None


@dataclass(frozen=True)
class ResultRow:
    outcome: str
    place: int | None = None
    points: int | None = None


@dataclass
class DrinkRow:
    guild_id: int
    user_id: int
    game: str
    table_id: int
    seq: int
    amount: int
    kind: str
    giver_id: int | None
    reason: str
    at: float
    counted_as: str = "sips"  # "sips", "capped" (water: over the cap) or "points" (alcohol-free)


@dataclass(frozen=True)
class Tab:
    """What one player's drinks at one table were counted as (finishes and forfeits aside)."""

    sips: int = 0
    water: int = 0
    points: int = 0

    @property
    def total(self) -> int:
        """The game's own count: sips, water and points alike."""
        return self.sips + self.water + self.points

    def __add__(self, other: Tab) -> Tab:
        return Tab(self.sips + other.sips, self.water + other.water, self.points + other.points)


@dataclass(frozen=True)
class PlayerSettings:
    """A player's own cap (sips in any 12 hours) and mode, the same in every server."""

    user_id: int
    cap: int | None = None
    mode: str = "sips"  # or "alcohol-free"


@dataclass(frozen=True)
class GuildSettings:
    """A server's party-safety settings (bot/safety.py)."""

    guild_id: int
    default_cap: int | None = None
    water_every: int | None = None
    min_age: str | None = None
    turn_pings: bool = True  # mention whoever must act (bot/pings.py)


@dataclass(frozen=True)
class GameRule:
    """A game switched on or off in one channel (``channel_id`` 0: the whole server)."""

    guild_id: int
    channel_id: int
    game: str
    enabled: bool


@dataclass(frozen=True)
class Erased:
    """What erasing a player's history in a server removed or anonymised."""

    drinks: int
    results: int
    seats: int


def _table(row: sqlite3.Row) -> TableRow:
    return TableRow(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        status=row["status"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=json.loads(row["state"]) if row["state"] else None,
        seq=row["seq"],
        log=json.loads(row["log"]),
        end_reason=row["end_reason"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


def _rule(row: sqlite3.Row) -> GameRule:
    return GameRule(row[0], row[1], row[2], bool(row[3]))


def _timer(row: sqlite3.Row) -> TimerRow:
    return TimerRow(
        row["table_id"],
        row["key"],
        row["due_at"],
        json.loads(row["action"]),
        json.loads(row["seats"]),
        bool(row["pauses"]),
    )


def _seat(row: sqlite3.Row) -> SeatRow:
    data = {k: row[k] for k in row.keys()}  # noqa: SIM118 - sqlite3.Row
    data["notes"] = json.loads(data["notes"])
    data["lapse"] = json.loads(data["lapse"])
    data["removed"] = bool(data["removed"])
    return SeatRow(**data)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Tx:
    """The statements of the store, run on its connection (see the store's lock above).

    Writes are collected, not run: they go to the connection's thread with the next read or at
    the end of the block (so an error in one surfaces there). Reads are one trip each. Checks
    (``check_*``) are collected like writes and run in order with them on the thread: one that
    refuses raises there and undoes the transaction, so a transaction checked that way holds
    the store for no round trip of its own.
    """

    def __init__(self, store: Store, *, atomic: bool, unseen: int | None = None) -> None:
        self._store = store
        self._atomic = atomic  # a transaction: BEGIN IMMEDIATE with the first trip, COMMIT last
        self._unseen = unseen  # an interaction id that must not be in the action log yet
        self._pending: list[Statement] = []
        self._begun = False
        self._failed = False  # a trip failed: the transaction was rolled back on the thread
        self._after: list[Callable[[], None]] = []  # run once what was written is committed
        self._meanwhile: list[Callable[[], None]] = []  # run while the COMMIT is under way
        self._undo: list[Callable[[], None]] = []  # run if it was not
        self._last: Query | None = None  # a read for the last trip
        self._last_rows: list[sqlite3.Row] = []
        self._with_commit = False  # the trip under way carries the read kept for the COMMIT

    def _write(self, sql: str, args: Any = (), many: bool = False) -> None:
        self._pending.append((sql, args, many))

    def meanwhile(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the event loop while this transaction's COMMIT (its fsync, which lets
        go of the GIL) is under way on the connection's thread: work on what is being written
        that must not be shown before it is committed (drawing a screen, say) is done by the
        time it is. The thread calls for it just before the COMMIT, once the statements (Python
        that needs the GIL) have run; it is not run if they fail. Errors are logged, never
        raised: the transaction does not depend on it."""
        self._meanwhile.append(fn)

    def _committing(self) -> Callable[[], None] | None:
        """For the connection's thread: wake the loop to run :meth:`meanwhile`'s work."""
        if not self._meanwhile:
            return None
        work, loop = self._meanwhile, asyncio.get_running_loop()
        context = contextvars.copy_context()  # the committing task's (what it is answering)

        def run() -> None:
            for fn in work:
                try:
                    fn()
                except Exception:
                    log.exception("work done while a transaction committed failed")

        def wake() -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                loop.call_soon_threadsafe(run, context=context)

        return wake

    def _send(self, query: Query | None = None, end: bool = False) -> asyncio.Future[Any] | None:
        """Queue the next trip on the connection's thread (now, without waiting for it): the
        collected writes, then ``query``; with ``end``, the COMMIT (and the read kept for it,
        :meth:`table_drinks_when_committed`). ``None``: nothing to run."""
        if end and query is None and self._last is not None:  # the read goes with the COMMIT
            query, self._last = self._last, None
            self._with_commit = True
        commit = self._atomic and end
        if not self._pending and query is None and self._unseen is None:
            if not (commit and self._begun):
                return None  # nothing to run, and no transaction open: no trip
        if self._failed and self._atomic:  # its earlier statements are gone: go no further
            raise RuntimeError("this transaction failed and was rolled back")
        begin = self._atomic and not self._begun
        pending, self._pending = self._pending, []
        unseen, self._unseen = self._unseen, None
        self._begun = True
        committing = self._committing() if commit else None
        return self._store._submit(_run, begin, unseen, pending, query, commit, committing)

    async def _wait(self, trip: asyncio.Future[Any] | None) -> Any:
        if trip is None:
            return None
        try:
            result = await trip
        except BaseException:
            self._failed = True
            raise
        if self._with_commit:
            self._with_commit = False
            self._last_rows = list(result)
            return None
        return result

    async def _trip(self, query: Query | None = None, end: bool = False) -> Any:
        if self._atomic:  # the transaction holds the store's lock from its start
            return await self._wait(self._send(query, end))
        # A read outside a transaction takes the lock only to queue its trip: never in the
        # middle of another task's transaction, and nobody waits for its round trip.
        async with self._store._lock:
            trip = self._send(query, end)
        return await self._wait(trip)

    async def _one(self, sql: str, args: Params = ()) -> sqlite3.Row | None:
        rows = await self._trip((sql, args))
        return rows[0] if rows else None

    async def _all(self, sql: str, args: Params = ()) -> list[sqlite3.Row]:
        return list(await self._trip((sql, args)))

    # -- tables --------------------------------------------------------------------------
    async def create_table(
        self,
        *,
        game: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        options: dict[str, Any],
        seed: str,
        at: float,
        rematch_of: int | None = None,
    ) -> TableRow:
        """A new lobby, as it will be stored. Its id is handed out by the store (the one writer
        of its database), so the transaction needs no trip to learn it. ``rematch_of``: the
        finished table whose **Play again** opened it."""
        store = self._store
        row = TableRow(
            id=store._new_table_id(),
            game=game,
            guild_id=guild_id,
            channel_id=channel_id,
            message_id=None,
            host_id=host_id,
            status="lobby",
            options=json.loads(_dumps(options)),  # as a read would give them back
            seed=seed,
            state=None,
            seq=0,
            log=[],
            end_reason=None,
            created_at=at,
            started_at=None,
            ended_at=None,
        )
        self._write(
            "INSERT INTO tables (id, game, guild_id, channel_id, host_id, status, options, seed,"
            " created_at, rematch_of) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
            (row.id, game, guild_id, channel_id, host_id, _dumps(options), seed, at, rematch_of),
        )
        self._undo.append(lambda: store._give_back_table_id(row.id))
        return row

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one("SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def active_chunk(
        self, after: int, limit: int
    ) -> tuple[list[TableRow], dict[int, list[SeatRow]], dict[int, dict[str, TimerRow]]]:
        """Up to ``limit`` active tables with ids above ``after``, their seats and clocks."""
        rows = [
            _table(r)
            for r in await self._all(
                "SELECT * FROM tables WHERE status != 'ended' AND id > ? ORDER BY id LIMIT ?",
                (after, limit),
            )
        ]
        if not rows:
            return [], {}, {}
        span = (rows[0].id, rows[-1].id)
        wanted = {r.id for r in rows}
        seats: dict[int, list[SeatRow]] = {}
        for r in await self._all(
            "SELECT * FROM seats WHERE table_id BETWEEN ? AND ? ORDER BY table_id, joined_at,"
            " rowid",
            span,
        ):
            if r["table_id"] in wanted:
                seat = _seat(r)
                seats.setdefault(seat.table_id, []).append(seat)
        timers: dict[int, dict[str, TimerRow]] = {}
        for r in await self._all("SELECT * FROM timers WHERE table_id BETWEEN ? AND ?", span):
            timers.setdefault(r["table_id"], {})[r["key"]] = _timer(r)
        return rows, seats, timers

    async def open_lobbies(self, guild_id: int, host_id: int) -> list[TableRow]:
        """The unstarted tables this person hosts in this server."""
        return [_table(r) for r in await self._all(_OPEN_LOBBIES, (guild_id, host_id))]

    # -- turn pings (bot/pings.py) ----------------------------------------------------------
    async def set_ping(self, table_id: int, channel_id: int, message_id: int | None) -> None:
        """The turn ping the table now has in its channel (None: none)."""
        if message_id is None:
            self._write("DELETE FROM pings WHERE table_id = ?", (table_id,))
            return
        self._write(
            "INSERT OR REPLACE INTO pings (table_id, channel_id, message_id) VALUES (?,?,?)",
            (table_id, channel_id, message_id),
        )

    async def pings(self) -> list[tuple[int, int, int, bool]]:
        """Every table's turn ping: (table, channel, message, whether the table has ended)."""
        rows = await self._all(
            "SELECT p.table_id, p.channel_id, p.message_id, t.status = 'ended'"
            " FROM pings p JOIN tables t ON t.id = p.table_id ORDER BY p.table_id"
        )
        return [(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def set_message(self, table_id: int, message_id: int) -> None:
        self._write("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def save_table(self, t: TableRow) -> None:
        """Write ``t`` over the table's row. A ``state`` of None leaves the stored state as it
        is: a table in memory keeps its engine's state only (bot/tables.py), and a game's state
        never goes back to none once dealt."""
        self._write(
            "UPDATE tables SET status = ?, host_id = ?, options = ?, state = COALESCE(?, state),"
            " seq = ?, log = ?,"
            " end_reason = ?, started_at = ?, ended_at = ? WHERE id = ?",
            (
                t.status,
                t.host_id,
                _dumps(t.options),
                _dumps(t.state) if t.state is not None else None,
                t.seq,
                _dumps(t.log),
                t.end_reason,
                t.started_at,
                t.ended_at,
                t.id,
            ),
        )

    # -- seats -----------------------------------------------------------------------------
    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY joined_at, rowid", (table_id,)
        )
        return [_seat(r) for r in rows]

    async def add_seat(
        self, table_id: int, guild_id: int, user_id: int, name: str, at: float
    ) -> SeatRow:
        """A new lobby seat; returns it as it will be stored."""
        self._write(
            "INSERT INTO seats (table_id, user_id, guild_id, name, joined_at) VALUES (?,?,?,?,?)",
            (table_id, user_id, guild_id, name, at),
        )
        return SeatRow(table_id, user_id, guild_id, name, None, at, None, 0)

    async def remove_seat(self, table_id: int, user_id: int) -> None:
        self._write("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))

    async def save_seat(self, s: SeatRow) -> None:
        self._write(
            "UPDATE seats SET name = ?, seat = ?, left_at = ?, strikes = ?, notes = ?, removed = ?,"
            " lapse = ? WHERE table_id = ? AND user_id = ?",
            (
                s.name,
                s.seat,
                s.left_at,
                s.strikes,
                _dumps(s.notes),
                int(s.removed),
                _dumps(s.lapse),
                s.table_id,
                s.user_id,
            ),
        )

    async def table_of(self, guild_id: int, user_id: int) -> int | None:
        """The active table where this person holds a seat in this server, else the newest
        one they host without a seat."""
        row = await self._one(_AT_TABLE, (guild_id, user_id, user_id, user_id))
        return row["id"] if row else None

    # -- checks: run on the connection's thread with the writes, so no read holds the store --
    def _check(self, sql: str, args: Params, judge: Check) -> None:
        self._pending.append((sql, args, judge))

    def check_seat_free(
        self, guild_id: int, user_id: int, refuse: Callable[[TableRow], Exception]
    ) -> None:
        """Refuse this transaction with ``refuse(table)`` if the player holds a seat at an
        active table in this server. Checked on the connection's thread in
        order with the writes, in the same trip, not read first: while a transaction waits on
        a read, it holds the store, and every other table's action waits with it."""

        def judge(rows: list[sqlite3.Row]) -> None:
            if rows:
                raise refuse(_table(rows[0]))

        self._check(_SEATED_AT, (guild_id, user_id), judge)

    def check_lobbies(
        self, guild_id: int, host_id: int, judge: Callable[[list[TableRow]], None]
    ) -> None:
        """``judge`` (raising to refuse this transaction) the host's open lobbies here
        (:meth:`open_lobbies`), on the connection's thread like :meth:`check_seat_free`."""
        self._check(
            _OPEN_LOBBIES,
            (guild_id, host_id),
            lambda rows: judge([_table(r) for r in rows]),
        )

    async def open_rematch(self, table_id: int) -> tuple[TableRow, str | None] | None:
        """The lobby the finished table ``table_id``'s Play again opened, if still open, with
        its host's name (None if its host has no seat)."""
        row = await self._one(_REMATCH, (table_id,))
        return (_table(row), row["host_name"]) if row is not None else None

    def check_rematch(
        self, table_id: int, refuse: Callable[[TableRow, str | None], Exception]
    ) -> None:
        """Refuse this transaction with ``refuse(lobby, host's name)`` if the finished table
        ``table_id``'s Play again already opened a lobby that is still open (the name is None
        if its host has no seat), on the connection's thread like :meth:`check_seat_free`."""

        def judge(rows: list[sqlite3.Row]) -> None:
            if rows:
                raise refuse(_table(rows[0]), rows[0]["host_name"])

        self._check(_REMATCH, (table_id,), judge)

    def check_game_rules(
        self, guild_id: int, game: str, judge: Callable[[list[GameRule]], None]
    ) -> None:
        """``judge`` (raising to refuse this transaction) the server's channel rules for this
        game (:meth:`game_rules`), on the connection's thread like :meth:`check_seat_free`."""
        self._check(
            _GAME_RULES,
            (guild_id, game, game),
            lambda rows: judge([_rule(r) for r in rows]),
        )

    # -- actions ---------------------------------------------------------------------------
    async def add_action(
        self,
        table_id: int,
        seq: int,
        seat: int | None,
        user_id: int | None,
        action: dict[str, Any],
        interaction_id: int | None,
        at: float,
    ) -> None:
        self._write(
            "INSERT INTO actions (table_id, seq, seat, user_id, action, interaction_id, at)"
            " VALUES (?,?,?,?,?,?,?)",
            (table_id, seq, seat, user_id, _dumps(action), interaction_id, at),
        )

    async def action_for(self, interaction_id: int) -> tuple[int, int] | None:
        row = await self._one(
            "SELECT table_id, seq FROM actions WHERE interaction_id = ?", (interaction_id,)
        )
        return (row[0], row[1]) if row else None

    async def actions(self, table_id: int) -> list[tuple[int | None, dict[str, Any]]]:
        rows = await self._all(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        return [(r[0], json.loads(r[1])) for r in rows]

    # -- drinks and results ----------------------------------------------------------------
    async def add_drinks(self, rows: list[DrinkRow]) -> None:
        self._write(
            "INSERT INTO drinks (guild_id, user_id, game, table_id, seq, amount, kind, giver_id,"
            " reason, at, counted_as) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    d.guild_id,
                    d.user_id,
                    d.game,
                    d.table_id,
                    d.seq,
                    d.amount,
                    d.kind,
                    d.giver_id,
                    d.reason,
                    d.at,
                    d.counted_as,
                )
                for d in rows
            ],
            many=True,
        )

    async def table_drinks(self, table_id: int) -> list[DrinkRow]:
        return [DrinkRow(*r) for r in await self._all(_TABLE_DRINKS, (table_id,))]

    def table_drinks_when_committed(self, table_id: int) -> Callable[[], list[DrinkRow]]:
        """A table's drinks as this transaction leaves them, read in its last trip (with the
        COMMIT), so the read costs no trip of its own. Call the result once the block is done."""
        self._last = (_TABLE_DRINKS, (table_id,))
        return lambda: [DrinkRow(*r) for r in self._last_rows]

    async def add_results(
        self,
        table_id: int,
        guild_id: int,
        game: str,
        outcomes: dict[int, str | ResultRow],
        at: float,
    ) -> None:
        """Each player's outcome ("won", ...), with a place and points where the game has them."""
        rows = []
        for uid, o in outcomes.items():
            r = o if isinstance(o, ResultRow) else ResultRow(o)
            rows.append((table_id, uid, guild_id, game, r.outcome, r.place, r.points, at))
        self._write(
            "INSERT OR REPLACE INTO results"
            " (table_id, user_id, guild_id, game, outcome, place, points, at)"
            " VALUES (?,?,?,?,?,?,?,?)",
            rows,
            many=True,
        )

    # -- timers ----------------------------------------------------------------------------
    async def timers(self, table_id: int | None = None) -> list[TimerRow]:
        if table_id is None:
            rows = await self._all("SELECT * FROM timers ORDER BY due_at")
        else:
            rows = await self._all(
                "SELECT * FROM timers WHERE table_id = ? ORDER BY due_at", (table_id,)
            )
        return [_timer(r) for r in rows]

    async def add_timer(self, t: TimerRow) -> None:
        self._write(
            "INSERT INTO timers (table_id, key, due_at, action, seats, pauses)"
            " VALUES (?,?,?,?,?,?)",
            (t.table_id, t.key, t.due_at, _dumps(t.action), _dumps(t.seats), int(t.pauses)),
        )

    async def set_timer_seats(self, table_id: int, key: str, seats: list[int]) -> None:
        self._write(
            "UPDATE timers SET seats = ? WHERE table_id = ? AND key = ?",
            (_dumps(seats), table_id, key),
        )

    async def move_timer(self, table_id: int, key: str, due_at: float) -> None:
        self._write(
            "UPDATE timers SET due_at = ? WHERE table_id = ? AND key = ?", (due_at, table_id, key)
        )

    async def delete_timer(self, table_id: int, key: str) -> None:
        self._write("DELETE FROM timers WHERE table_id = ? AND key = ?", (table_id, key))

    async def delete_timers(self, table_id: int) -> None:
        self._write("DELETE FROM timers WHERE table_id = ?", (table_id,))

    async def pause_timers(self, stopped: float, now: float) -> None:
        """The bot was away from ``stopped`` to ``now``: every clock still running at
        ``stopped`` is moved on by that time, so nobody loses the time the bot was away (but
        for those that run on whatever the bot does: ``pauses`` false)."""
        self._write(
            "UPDATE timers SET due_at = due_at + ? WHERE due_at > ? AND pauses = 1",
            (now - stopped, stopped),
        )

    # -- consents, private views, meta ------------------------------------------------------
    async def has_consent(self, user_id: int, game: str) -> bool:
        row = await self._one(
            "SELECT 1 FROM consents WHERE user_id = ? AND game = ?", (user_id, game)
        )
        return row is not None

    async def add_consent(self, user_id: int, game: str, at: float) -> None:
        self._write(
            "INSERT OR IGNORE INTO consents (user_id, game, at) VALUES (?,?,?)",
            (user_id, game, at),
        )

    async def set_private_view(
        self,
        table_id: int,
        user_id: int,
        app_id: int,
        token: str,
        at: float,
        message_id: int | None = None,
        unsent: bool = False,
    ) -> None:
        """The latest private view a player opened: the interaction's original response, or
        the follow-up ``message_id`` (after a deferral). ``unsent``: stored before it is sent,
        so the view it replaces is kept as its fallback until it is known to show (see
        :meth:`private_views`)."""
        keep = 1 if unsent else 0
        self._write(
            "INSERT INTO private_views"
            " (table_id, user_id, app_id, token, opened_at, message_id) VALUES (?,?,?,?,?,?)"
            " ON CONFLICT (table_id, user_id) DO UPDATE SET"
            f" prev_app_id = CASE WHEN {keep} THEN app_id END,"
            f" prev_token = CASE WHEN {keep} THEN token END,"
            f" prev_opened_at = CASE WHEN {keep} THEN opened_at END,"
            f" prev_message_id = CASE WHEN {keep} THEN message_id END,"
            " app_id = excluded.app_id, token = excluded.token,"
            " opened_at = excluded.opened_at, message_id = excluded.message_id, shown = NULL",
            (table_id, user_id, app_id, token, at, message_id),
        )

    async def private_views(self, table_id: int) -> list[PrivateView]:
        """The table's private views, each with its fallback: the view it replaced, while
        nothing says the newer one ever reached Discord (what it shows not yet recorded)."""
        rows = await self._all(
            "SELECT user_id, app_id, token, opened_at, message_id,"
            " CASE WHEN shown IS NULL THEN prev_token END,"
            " prev_app_id, prev_opened_at, prev_message_id FROM private_views"
            " WHERE table_id = ? ORDER BY rowid",
            (table_id,),
        )
        return [
            PrivateView(
                r[0], r[1], r[2], r[3], r[4], None if r[5] is None else (r[6], r[5], r[7], r[8])
            )
            for r in rows
        ]

    async def set_view_tokens(self, moved: list[tuple[int, int, str, int, str, float]]) -> None:
        """Private views now edited by a click's younger token: ``(table, user, stored token,
        application, younger token, when)``, in the order they moved. The click's token edits
        the message it was clicked on as its original response, and the view showed it."""
        self._write(
            "UPDATE private_views SET app_id = ?, token = ?, opened_at = ?, message_id = NULL,"
            " prev_app_id = NULL, prev_token = NULL, prev_opened_at = NULL,"
            " prev_message_id = NULL WHERE table_id = ? AND user_id = ? AND token = ?",
            [(app, new, at, t, u, old) for t, u, old, app, new, at in moved],
            many=True,
        )

    async def fall_back_private_view(self, table_id: int, user_id: int, token: str) -> None:
        """The view stored under ``token`` never reached Discord: its fallback is the view."""
        self._write(
            "UPDATE private_views SET app_id = prev_app_id, token = prev_token,"
            " opened_at = prev_opened_at, message_id = prev_message_id, shown = NULL,"
            " prev_app_id = NULL, prev_token = NULL, prev_opened_at = NULL,"
            " prev_message_id = NULL"
            " WHERE table_id = ? AND user_id = ? AND token = ? AND prev_token IS NOT NULL",
            (table_id, user_id, token),
        )

    # -- what the table messages show (bot/render.py) ------------------------------------
    async def set_origin(self, table_id: int, app_id: int, token: str, at: float) -> None:
        """The interaction that opened the table: its token finds the message it posted."""
        self._write(
            "INSERT INTO table_messages (table_id, app_id, token, token_at) VALUES (?,?,?,?)"
            " ON CONFLICT (table_id) DO UPDATE SET app_id = excluded.app_id,"
            " token = excluded.token, token_at = excluded.token_at",
            (table_id, app_id, token, at),
        )

    async def table_origin(self, table_id: int) -> tuple[int, str, float] | None:
        row = await self._one(
            "SELECT app_id, token, token_at FROM table_messages WHERE table_id = ?"
            " AND token IS NOT NULL",
            (table_id,),
        )
        return (row[0], row[1], row[2]) if row else None

    async def set_shown(
        self, public: list[tuple[int, str]], private: list[tuple[int, int, str, str]]
    ) -> None:
        """Fingerprints of what public messages ``(table, fp)`` and private views ``(table,
        user, token, fp)`` show now."""
        self._write(
            "INSERT INTO table_messages (table_id, shown) VALUES (?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET shown = excluded.shown",
            public,
            many=True,
        )
        self._write(
            "UPDATE private_views SET shown = ? WHERE table_id = ? AND user_id = ? AND token = ?",
            [(fp, t, u, token) for t, u, token, fp in private],
            many=True,
        )

    async def shown_public(self) -> dict[int, str]:
        """What each open table's message showed last, as far as the store knows."""
        rows = await self._all(
            "SELECT m.table_id, m.shown FROM table_messages m JOIN tables t ON t.id = m.table_id"
            " WHERE t.status != 'ended' AND m.shown IS NOT NULL"
        )
        return {r[0]: r[1] for r in rows}

    async def unsettled_ended(self, since: float) -> list[int]:
        """Tables finished since ``since`` whose message may not show their last screen."""
        rows = await self._all(
            "SELECT t.id FROM tables t LEFT JOIN table_messages m ON m.table_id = t.id"
            " WHERE t.status = 'ended' AND t.ended_at >= ? AND t.message_id IS NOT NULL"
            " AND (m.shown IS NULL OR m.shown != 'ended') ORDER BY t.id",
            (since,),
        )
        return [r[0] for r in rows]

    async def live_private_views(
        self, since: float
    ) -> list[tuple[int, int, int, str, float, str | None]]:
        """Private views of open tables opened since ``since``: (table, user, app, token,
        opened at, fingerprint shown)."""
        rows = await self._all(
            "SELECT v.table_id, v.user_id, v.app_id, v.token, v.opened_at, v.shown"
            " FROM private_views v JOIN tables t ON t.id = v.table_id"
            " WHERE t.status != 'ended' AND v.opened_at >= ? ORDER BY v.table_id",
            (since,),
        )
        return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        self._write("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- the tally -------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int, since: float, sort: str = "sips"
    ) -> list[dict[str, Any]]:
        """Per player: sips taken, social sips, finishes, forfeits, sips counted as water (over
        a cap) and as points (alcohol-free), sips given, games played and won; ordered by
        ``sort`` (a key of :data:`LEADERBOARD_ORDER`)."""
        order = LEADERBOARD_ORDER[sort]
        rows = await self._all(
            f"""
            WITH d AS (
                SELECT user_id, {_DRINK_SUMS}
                FROM drinks WHERE guild_id = :g AND at >= :since GROUP BY user_id
            ), gv AS (
                SELECT giver_id AS user_id, SUM(amount) AS given
                FROM drinks WHERE guild_id = :g AND at >= :since AND giver_id IS NOT NULL
                GROUP BY giver_id
            ), r AS (
                SELECT user_id, COUNT(*) AS played,
                       SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS won,
                       MIN(place) AS best_place, AVG(place) AS avg_place,
                       MAX(points) AS best_points
                FROM results WHERE guild_id = :g AND at >= :since GROUP BY user_id
            ), u AS (
                SELECT user_id FROM d UNION SELECT user_id FROM gv UNION SELECT user_id FROM r
            )
            SELECT u.user_id AS user_id, {_DRINK_COLUMNS},
                   COALESCE(gv.given, 0) AS given, COALESCE(r.played, 0) AS played,
                   COALESCE(r.won, 0) AS won
            FROM u LEFT JOIN d USING (user_id) LEFT JOIN gv USING (user_id)
                   LEFT JOIN r USING (user_id)
            ORDER BY {order}, user_id
            """,
            {"g": guild_id, "since": since},
        )
        return [dict(r) for r in rows]

    async def player_breakdown(
        self, guild_id: int, user_id: int, since: float
    ) -> list[dict[str, Any]]:
        """One player's sums per game."""
        rows = await self._all(
            f"""
            WITH d AS (
                SELECT game, {_DRINK_SUMS}
                FROM drinks WHERE guild_id = :g AND user_id = :u AND at >= :since GROUP BY game
            ), gv AS (
                SELECT game, SUM(amount) AS given FROM drinks
                WHERE guild_id = :g AND giver_id = :u AND at >= :since GROUP BY game
            ), r AS (
                SELECT game, COUNT(*) AS played,
                       SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS won,
                       MIN(place) AS best_place, AVG(place) AS avg_place,
                       MAX(points) AS best_points
                FROM results WHERE guild_id = :g AND user_id = :u AND at >= :since GROUP BY game
            ), g AS (SELECT game FROM d UNION SELECT game FROM gv UNION SELECT game FROM r)
            SELECT g.game AS game, {_DRINK_COLUMNS},
                   COALESCE(gv.given, 0) AS given,
                   COALESCE(r.played, 0) AS played, COALESCE(r.won, 0) AS won,
                   r.best_place AS best_place, r.avg_place AS avg_place,
                   r.best_points AS best_points
            FROM g LEFT JOIN d USING (game) LEFT JOIN gv USING (game) LEFT JOIN r USING (game)
            ORDER BY sips DESC, game
            """,
            {"g": guild_id, "u": user_id, "since": since},
        )
        return [dict(r) for r in rows]

    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The name each player had at their latest seat in this server."""
        ids = list(user_ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self._all(
            f"SELECT user_id, name FROM seats WHERE guild_id = ? AND user_id IN ({marks})"
            " ORDER BY joined_at",
            (guild_id, *ids),
        )
        return {r[0]: r[1] for r in rows}

    # -- party safety (bot/safety.py) -------------------------------------------------------
    async def party(
        self, guild_id: int, user_ids: Iterable[int], since: float
    ) -> tuple[GuildSettings, dict[int, PlayerSettings], dict[int, int]]:
        """In one query: the server's settings, and for each player their settings and the sips
        they have had since ``since`` in every server (counted as sips: not water, not points)."""
        rows = await self._all(
            """
            SELECT p.value AS user_id, s.cap AS cap, COALESCE(s.mode, 'sips') AS mode,
                   (SELECT COALESCE(SUM(d.amount), 0) FROM drinks d
                    WHERE d.user_id = p.value AND d.at >= :since AND d.counted_as = 'sips'
                      AND d.kind NOT IN ('finish', 'forfeit')) AS tonight,
                   g.default_cap AS default_cap, g.water_every AS water_every,
                   g.min_age AS min_age, COALESCE(g.pings, 1) AS turn_pings
            FROM json_each(:ids) p
            LEFT JOIN player_settings s ON s.user_id = p.value
            LEFT JOIN guild_settings g ON g.guild_id = :g
            """,
            {"ids": json.dumps(sorted(set(user_ids))), "since": since, "g": guild_id},
        )
        guild = GuildSettings(guild_id)
        players: dict[int, PlayerSettings] = {}
        tonight: dict[int, int] = {}
        for r in rows:
            guild = GuildSettings(
                guild_id, r["default_cap"], r["water_every"], r["min_age"], bool(r["turn_pings"])
            )
            players[r["user_id"]] = PlayerSettings(r["user_id"], r["cap"], r["mode"])
            tonight[r["user_id"]] = r["tonight"]
        return guild, players, tonight

    async def player_settings(self, user_id: int) -> PlayerSettings:
        row = await self._one("SELECT * FROM player_settings WHERE user_id = ?", (user_id,))
        return PlayerSettings(user_id, row["cap"], row["mode"]) if row else PlayerSettings(user_id)

    async def save_player_settings(self, p: PlayerSettings, at: float) -> None:
        self._write(
            "INSERT OR REPLACE INTO player_settings (user_id, cap, mode, updated_at)"
            " VALUES (?,?,?,?)",
            (p.user_id, p.cap, p.mode, at),
        )
        self._after.append(lambda: self._store._note_safety(player=p))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return _guild_settings(row) if row else GuildSettings(guild_id)

    async def all_guild_settings(self) -> list[GuildSettings]:
        return [_guild_settings(r) for r in await self._all("SELECT * FROM guild_settings")]

    async def save_guild_settings(self, g: GuildSettings, at: float) -> None:
        self._write(
            "INSERT OR REPLACE INTO guild_settings"
            " (guild_id, default_cap, water_every, min_age, turn_pings, pings, updated_at)"
            " VALUES (?,?,?,?,?,?,?)",
            (g.guild_id, g.default_cap, g.water_every, g.min_age, 0, int(g.turn_pings), at),
        )
        self._after.append(lambda: self._store._note_safety(guild=g))

    async def game_rules(self, guild_id: int, game: str | None = None) -> list[GameRule]:
        rows = await self._all(_GAME_RULES, (guild_id, game, game))
        return [_rule(r) for r in rows]

    async def set_game_rule(self, rule: GameRule) -> None:
        self._write(
            "INSERT OR REPLACE INTO game_channels (guild_id, channel_id, game, enabled)"
            " VALUES (?,?,?,?)",
            (rule.guild_id, rule.channel_id, rule.game, int(rule.enabled)),
        )

    async def clear_game_rules(self, guild_id: int, game: str) -> None:
        self._write("DELETE FROM game_channels WHERE guild_id = ? AND game = ?", (guild_id, game))

    async def tonight(self, user_id: int, since: float) -> Tab:
        """One player's sips, water and points since ``since``, in every server."""
        row = await self._one(
            "SELECT"
            " COALESCE(SUM(CASE WHEN counted_as = 'sips' THEN amount END), 0),"
            " COALESCE(SUM(CASE WHEN counted_as = 'capped' THEN amount END), 0),"
            " COALESCE(SUM(CASE WHEN counted_as = 'points' THEN amount END), 0)"
            " FROM drinks WHERE user_id = ? AND at >= ? AND kind NOT IN ('finish', 'forfeit')",
            (user_id, since),
        )
        assert row is not None
        return Tab(row[0], row[1], row[2])

    async def tabs(self, table_ids: Iterable[int]) -> dict[int, dict[int, Tab]]:
        """Per table, per player: what their drinks there were counted as."""
        ids = sorted(set(table_ids))
        if not ids:
            return {}
        rows = await self._all(
            "SELECT table_id, user_id,"
            " SUM(CASE WHEN counted_as = 'sips' THEN amount ELSE 0 END),"
            " SUM(CASE WHEN counted_as = 'capped' THEN amount ELSE 0 END),"
            " SUM(CASE WHEN counted_as = 'points' THEN amount ELSE 0 END)"
            " FROM drinks WHERE table_id IN (SELECT value FROM json_each(?))"
            " AND kind NOT IN ('finish', 'forfeit') GROUP BY table_id, user_id",
            (json.dumps(ids),),
        )
        out: dict[int, dict[int, Tab]] = {}
        for r in rows:
            out.setdefault(r[0], {})[r[1]] = Tab(r[2], r[3], r[4])
        return out

    async def active_seat(self, guild_id: int, user_id: int) -> int | None:
        """An unfinished table of this server that holds a seat of this player, even one they
        left (the game still refers to it), or that they host (a host who never sat down
        still holds its Start)."""
        row = await self._one(
            "SELECT t.id FROM tables t WHERE t.guild_id = :g AND t.status != 'ended' AND"
            " (t.host_id = :u OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id"
            " AND s.user_id = :u)) ORDER BY t.id LIMIT 1",
            {"g": guild_id, "u": user_id},
        )
        return row[0] if row else None

    async def erase_player(self, guild_id: int, user_id: int) -> Erased:
        """Remove a player's history in one server: their drinks (and their name as a giver),
        results and private views; their seats become ``Seat N`` with no user (a seat that was
        never dealt goes), tables they hosted lose the host, and "ended by Ana" loses the name
        (log lines name players through their seat, ``{pN}``). The action logs stay as they are,
        tied to the anonymous seat. Call only when no unfinished table holds their seat."""
        seats = await self._all(
            "SELECT table_id, seat, name FROM seats WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        tables = sorted({r["table_id"] for r in seats})
        names = {r["name"] for r in seats}
        counts = await self._one(
            "SELECT (SELECT COUNT(*) FROM drinks WHERE guild_id = :g AND user_id = :u),"
            " (SELECT COUNT(*) FROM results WHERE guild_id = :g AND user_id = :u)",
            {"g": guild_id, "u": user_id},
        )
        assert counts is not None
        drinks, results = counts[0], counts[1]
        self._write("DELETE FROM drinks WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        self._write(
            "UPDATE drinks SET giver_id = NULL WHERE guild_id = ? AND giver_id = ?",
            (guild_id, user_id),
        )
        self._write("DELETE FROM results WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        self._write(
            "UPDATE tables SET host_id = 0 WHERE guild_id = ? AND host_id = ? AND status = 'ended'",
            (guild_id, user_id),
        )
        for r in seats:
            tid = r["table_id"]
            self._write(
                "DELETE FROM private_views WHERE table_id = ? AND user_id = ?", (tid, user_id)
            )
            self._write(
                "UPDATE actions SET user_id = NULL WHERE table_id = ? AND user_id = ?",
                (tid, user_id),
            )
            if r["seat"] is None:
                self._write("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (tid, user_id))
            else:
                self._write(
                    "UPDATE seats SET user_id = ?, name = ?, notes = '[]'"
                    " WHERE table_id = ? AND user_id = ?",
                    (-(r["seat"] + 1), f"Seat {r['seat'] + 1}", tid, user_id),
                )
        for tid in tables:
            self._write(
                "UPDATE tables SET end_reason = 'ended by a former player'"
                " WHERE id = ? AND end_reason IN (SELECT 'ended by ' || value FROM json_each(?))",
                (tid, json.dumps(sorted(names))),
            )
        return Erased(drinks, results, len(seats))


def _guild_settings(row: aiosqlite.Row) -> GuildSettings:
    return GuildSettings(
        row["guild_id"],
        row["default_cap"],
        row["water_every"],
        row["min_age"],
        row["pings"] is None or bool(row["pings"]),  # not set: on
    )


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        # trips for the connection's thread, in order (see _submit and _drain)
        self._trips: deque[tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]]] = (
            deque()
        )
        self._trips_lock = threading.Lock()
        self._draining = False  # a _drain is queued or running on the thread
        # who has party-safety settings (a cap, alcohol-free, a server's cap or water reminders):
        # only their drinks need tonight's sums read before they are counted (bot/safety.py)
        self._safety_players: set[int] = set()
        self._safety_guilds: set[int] = set()
        self._last_table_id = 0  # the highest table id handed out (read at open)
        self._claim: IO[str] | None = None  # the open lock file that claims the database

    def counts_plainly(self, guild_id: int, user_ids: Iterable[int]) -> bool:
        """Whether these players' drinks here count as plain sips, with nothing to read."""
        if guild_id in self._safety_guilds:
            return False
        return not any(u in self._safety_players for u in user_ids)

    def _note_safety(
        self, *, player: PlayerSettings | None = None, guild: GuildSettings | None = None
    ) -> None:
        if player is not None:
            plain = player.cap is None and player.mode == "sips"
            (self._safety_players.discard if plain else self._safety_players.add)(player.user_id)
        if guild is not None:
            plain = guild.default_cap is None and guild.water_every is None
            (self._safety_guilds.discard if plain else self._safety_guilds.add)(guild.guild_id)

    def _new_table_id(self) -> int:
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
                    outcomes = _run_together(con, [args for _, _, args in unit])
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

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        """Open (and migrate) the database at ``path``, claiming it: a second store on the same
        file, in this process or another, raises :class:`DatabaseInUse` until this one is
        closed (or its process has ended, however it ended)."""
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
    async def _open(cls, path: Path | str) -> Store:
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
    async def _prepare(cls, db: aiosqlite.Connection) -> Store:
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        # FULL: a committed action survives even the machine losing power, not only the
        # process dying. One fsync per action is cheap next to a Discord round trip.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db)
        await store.migrate()
        async with db.execute(
            "SELECT user_id FROM player_settings WHERE cap IS NOT NULL OR mode != 'sips'"
        ) as cur:
            store._safety_players = {r[0] for r in await cur.fetchall()}
        async with db.execute(
            "SELECT guild_id FROM guild_settings"
            " WHERE default_cap IS NOT NULL OR water_every IS NOT NULL"
        ) as cur:
            store._safety_guilds = {r[0] for r in await cur.fetchall()}
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
            if tables and "schema_migrations" not in tables:
                raise NotOurs("its tables: " + ", ".join(sorted(tables)[:5]))
            await self._db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, at REAL)"
            )
            async with self._db.execute("SELECT name FROM schema_migrations") as cur:
                done = {r[0] for r in await cur.fetchall()}
            files = sorted(
                (f for f in resources.files("bot.migrations").iterdir() if f.name.endswith(".sql")),
                key=lambda f: f.name,
            )
            unknown = done - {f.name for f in files}
            if unknown:
                raise Newer("migration " + ", ".join(sorted(unknown)))
            for f in files:
                if f.name in done:
                    continue
                script = f.read_text(encoding="utf-8")
                await self._db.executescript(
                    "BEGIN;\n" + script + "\nINSERT INTO schema_migrations VALUES "
                    f"('{f.name}', unixepoch('subsec'));\nCOMMIT;"
                )
                log.info("applied migration %s", f.name)
                applied.append(f.name)
        return applied

    @asynccontextmanager
    async def transaction(self, *, unseen: int | None = None) -> AsyncIterator[Tx]:
        """One atomic unit: committed when the block ends, rolled back if it raises.

        ``unseen``: an interaction id; if the action log has it already, nothing is written and
        :class:`AlreadyApplied` is raised at the end of the block (checked on the connection's
        thread in the same trip as the writes, inside the transaction).

        The store's lock is held while the block runs and let go once the last trip (the
        COMMIT) is queued, before it has run: what is queued after it runs after it, on the one
        thread, so the next transaction need not wait for this one's round trip (with many
        tables at once, waiting for the lock was most of an answer's time, issue 7). The block
        still returns only once the COMMIT is done."""
        await self._lock.acquire()
        held = True
        try:
            tx = Tx(self, atomic=True, unseen=unseen)
            try:
                yield tx
            except BaseException:
                _undo(tx)
                if tx._begun:
                    await self._call(_rollback)
                raise
            last = tx._send(end=True)
            self._lock.release()
            held = False
            try:
                await tx._wait(last)
            except BaseException:
                _undo(tx)
                raise
            for after in tx._after:
                after()
            COMMITTED.set(True)
        finally:
            if held:
                self._lock.release()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        """Reads, each one trip in autocommit mode. The store's lock is taken only to queue each
        trip (so none lands inside another task's transaction), not held for the block: a
        transaction that commits between two reads of the block is seen by the later one."""
        tx = Tx(self, atomic=False)
        yield tx
        await tx._trip(end=True)  # writes made here (none, as a rule) run on their own
        for after in tx._after:
            after()
