"""How a transaction's statements reach the database, the same for every backend.

A transaction collects its writes and checks and hands them to its store's backend in as few
trips as it can (bot/store/sqlite.py, bot/store/postgres.py say what a trip is there). The
statements themselves are in bot/store/statements/, grouped by what they are about, and
:class:`bot.store.tx.Tx` is all of them together.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.store.rows import GuildSettings, PlayerSettings, Row

log = logging.getLogger(__name__)

Params = tuple[Any, ...] | dict[str, Any]
Query = tuple[str, Params]  # a read: sql and its parameters; it returns the rows
# A check: given the rows its query returns, on the backend's side of the trip, it raises to
# refuse the whole transaction (see Tx.check_seat_free).
Check = Callable[[list[Row]], None]


@dataclass(frozen=True, slots=True)
class Expect:
    """A write that must change exactly ``rows`` rows, else ``refuse()`` is raised there and
    the whole transaction is undone: a compare-and-set (see :meth:`Tx.save_table`)."""

    rows: int
    refuse: Callable[[], Exception]

    def judge(self, count: int) -> None:
        if count != self.rows:
            raise self.refuse()


# sql, parameters (a list of them if many), and how: False (run once), True (run for each
# parameter list), an Expect, or a Check
Statement = tuple[str, Any, "bool | Expect | Check"]


@dataclass(slots=True)
class Trip:
    """What one trip to the database carries, in its order: BEGIN (``begin``), the check that
    the interaction ``unseen`` is not in the action log yet, the ``statements``, a read
    (``query``: its rows are the trip's result), the COMMIT (``commit``), just before which
    ``committing`` is called (see :meth:`TxCore.meanwhile`). Any error undoes the transaction
    on the database's side before the trip's future gets it."""

    begin: bool
    unseen: int | None
    statements: list[Statement]
    query: Query | None
    commit: bool
    committing: Callable[[], None] | None = None

    @property
    def whole(self) -> bool:
        """A whole transaction, BEGIN to COMMIT (SQLite commits such trips together)."""
        return self.begin and self.commit


# Set once a transaction of this task (an interaction's answer, say) has committed: an error
# after it must not tell the player that nothing changed (bot.answer.answer).
COMMITTED: contextvars.ContextVar[bool] = contextvars.ContextVar("committed", default=False)


@dataclass(frozen=True)
class Dialect:
    """The phrases of SQL that differ between backends. ``ids``/``texts``: a subquery of the
    rows of a JSON list given as one parameter (``?`` or ``:name`` in the phrase), one column
    ``value``."""

    ids: str
    texts: str
    lock_players: str | None = None  # a statement that holds these players (JSON ids) to commit


SQLITE = Dialect(ids="(SELECT value FROM json_each({}))", texts="(SELECT value FROM json_each({}))")


class Backend(Protocol):
    """What a :class:`Tx` needs of its store (bot/store/base.py's Store is one)."""

    dialect: Dialect
    _lock: asyncio.Lock

    def owned(self, guild: str) -> str: ...

    def _trip(self, trip: Trip) -> asyncio.Future[Any]: ...

    async def _new_table_id(self) -> int: ...

    def _give_back_table_id(self, table_id: int) -> None: ...

    def _note_safety(
        self, *, player: PlayerSettings | None = None, guild: GuildSettings | None = None
    ) -> None: ...


# Is this interaction in the action log already? (each backend checks it inside the transaction)
_SEEN = "SELECT table_id, seq FROM actions WHERE interaction_id = ?"


class TxCore:
    """A transaction (or a block of reads) on a store: how its statements reach the database.

    Writes are collected, not run: they go to the connection's thread with the next read or at
    the end of the block (so an error in one surfaces there). Reads are one trip each. Checks
    (``check_*``) are collected like writes and run in order with them on the thread: one that
    refuses raises there and undoes the transaction, so a transaction checked that way holds
    the store for no round trip of its own.
    """

    def __init__(self, store: Backend, *, atomic: bool, unseen: int | None = None) -> None:
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
        self._last_rows: list[Row] = []
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
        return self._store._trip(Trip(begin, unseen, pending, query, commit, committing))

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

    async def _one(self, sql: str, args: Params = ()) -> Row | None:
        rows = await self._trip((sql, args))
        return rows[0] if rows else None

    async def _all(self, sql: str, args: Params = ()) -> list[Row]:
        return list(await self._trip((sql, args)))

    def _check(self, sql: str, args: Params, judge: Check) -> None:
        """Collect a check: its query runs with the writes, and ``judge`` sees its rows."""
        self._pending.append((sql, args, judge))
