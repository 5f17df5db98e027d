"""The tables this process holds: loaded at start-up or read when first needed, one lock each,
forgotten when a write fails and read again later, closed in a transaction, and the listeners
told of every committed change."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import weakref
from collections.abc import AsyncIterator, Callable
from typing import Any

from bot import i18n
from bot.clock import SystemClock
from bot.engines import takeback
from bot.engines.base import Engine, Event, IllegalAction, StateError, msg
from bot.store import ResultRow, SeatRow, Store, TableRow, TimerRow, Tx
from bot.tables.table import Change, Listener, Table, TableError

log = logging.getLogger(__name__)

RETRY_FIRST = 2.0  # seconds before a table forgotten after a failed write is read again
RETRY_AT_MOST = 60.0  # the longest wait between such reads (doubled each failure)


class TableMemory:
    """The part of the table service every other part stands on: which tables are in memory,
    their locks, and how a table leaves memory (ended, or forgotten after a failed write).

    The lobby, the action path and the clocks (:mod:`bot.tables.lobby`,
    :mod:`bot.tables.actions`, :mod:`bot.tables.clocks`) build on it, and
    :class:`bot.tables.TableService` puts them together."""

    def __init__(
        self,
        store: Store,
        engines: dict[str, Engine[Any]],
        clock: Any = None,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        self.store = store
        self.engines = engines
        self.clock = clock or SystemClock()
        self.seeds = seeds or (lambda: secrets.token_hex(16))  # tests pass fixed seeds
        self.listeners: list[Listener] = []
        self._tables: dict[int, Table] = {}
        # a table's lock lives while someone holds or awaits it: a long-running bot sees many
        # tables come and go, and keeps no lock for each
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # set whenever the tables' clocks may have changed: wakes the clock loop to look again
        self._wake = asyncio.Event()
        # tables forgotten after a failed write (see :meth:`_forget`): id -> (their version
        # then, when the clock loop reads them again); and the wait before that, doubled
        # while their writes keep failing
        self._forgotten: dict[int, tuple[int, float]] = {}
        self._waits: dict[int, float] = {}

    # -- loading ---------------------------------------------------------------------------
    async def load(self, chunk: int = 200) -> int:
        """Load every active table and its clocks (at start-up). Returns how many.

        In chunks, so that it can run alongside interactions (the bot answers while it loads):
        a table an interaction needs first is read by :meth:`get`, and a chunk never replaces a
        table already in memory. Between a chunk's read and its tables going into memory there
        is no ``await``, so no change can slip in between.
        """
        loaded, after = 0, 0
        while True:
            async with self.store.reading() as q:
                rows, seats, timers = await q.active_chunk(after, chunk)
                tabs = await q.tabs(r.id for r in rows)
            if not rows:
                break
            after = rows[-1].id
            broken = []
            for row in rows:
                if row.id in self._tables:
                    continue
                try:
                    self._tables[row.id] = self._build(row, seats.get(row.id, []), timers)
                    self._tables[row.id].tabs = tabs.get(row.id, {})
                    loaded += 1
                except (StateError, KeyError) as err:
                    log.error(
                        "table #%s (%s) can't be loaded, so it is closed: %s", row.id, row.game, err
                    )
                    broken.append(row)
            for row in broken:
                try:
                    await self._close_unloadable(row, seats.get(row.id, []))
                except Exception:  # the next start tries again
                    log.exception("could not close table #%s", row.id)
            self._wake.set()
            await asyncio.sleep(0)  # let interactions in between chunks
        self._wake.set()
        return loaded

    async def _close_unloadable(self, row: TableRow, seats: list[SeatRow]) -> None:
        """End a stored table this bot can't build any more (a game it no longer deals, a state
        an updated engine can't read), as End would: otherwise its players would stay seated
        there for good, refused every other table in that server, and its Leave could not find
        it."""
        async with self.lock(row.id), self.store.transaction() as tx:
            await self._close_in(tx, row, seats, "closed: it could not be loaded", self.clock.now())

    def _build(
        self, row: TableRow, seats: list[SeatRow], timers: dict[int, dict[str, TimerRow]]
    ) -> Table:
        engine = self.engines[row.game]  # KeyError: a game this bot no longer deals
        state = engine.from_dict(row.state) if row.state is not None else None
        row.state = None  # kept once, as the engine's (Tx.save_table leaves the stored one)
        return Table(row, seats, engine, state, timers.get(row.id, {}))

    async def get(self, table_id: int) -> Table | None:
        """An active table from memory, or a finished one from the store (read only)."""
        if table_id in self._tables:
            return self._tables[table_id]
        async with self.store.reading() as q:
            row = await q.table(table_id)
            if row is None or row.game not in self.engines:
                return None
            clocks = {table_id: {t.key: t for t in await q.timers(table_id)}}
            try:
                table = self._build(row, await q.seats(table_id), clocks)
            except StateError as err:  # closed at start-up (:meth:`_close_unloadable`)
                log.info("table #%s (%s) can't be read: %s", table_id, row.game, err)
                return None
            table.tabs = (await q.tabs([table_id])).get(table_id, {})
            if table.status == "ended":
                table.ledger = await q.table_drinks(table_id)
        if table_id in self._tables:
            # another reader (the start-up load, a click at the same moment) put it in memory
            # while this one read: that copy may have changed since (a clock fired); this
            # read must never replace it, or two copies would write the same move numbers
            return self._tables[table_id]
        forgot = self._forgotten.pop(table_id, None)
        if forgot is not None:  # a renderer compares versions: they never go back
            table.version = forgot[0] + 1
        if table.status != "ended":  # reloaded after a failed write; keep it from now on
            self._tables[table_id] = table
            self._wake.set()
        return table

    def in_memory(self, table_id: int) -> Table | None:
        """The table if it is in memory (every open one is), without reading the store."""
        return self._tables.get(table_id)

    def open_tables(self) -> list[Table]:
        """Every table not yet ended (all of them are kept in memory)."""
        return list(self._tables.values())

    def lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def _require(self, table_id: int) -> Table:
        table = await self.get(table_id)
        if table is None:
            raise TableError(msg("table-gone"))
        if table.status == "ended":
            # a refusal, worded as it is raised: in the language of the answer under way
            start = i18n.command(i18n.current(), f"{table.row.game} start")
            raise TableError(msg("table-ended", command=start))
        return table

    # -- forgetting a table whose write failed ---------------------------------------------
    @contextlib.asynccontextmanager
    async def _or_forget(self, table: Table) -> AsyncIterator[None]:
        """A write whose changes to the table in memory may be made before it commits: if it
        fails, the table is forgotten (:meth:`_forget`)."""
        try:
            yield
        except BaseException:
            self._forget(table)
            raise
        self._waits.pop(table.id, None)

    def _forget(self, table: Table) -> None:
        """A write failed (a full disk, another process holding the store) with the table in
        memory maybe half-changed: forget it, the store has its last good state. Whoever needs
        it next reads it again, and so does the clock loop after a wait (doubling while it keeps
        failing), so that its clocks run on with nobody clicking; read again, its version goes
        on from this one's."""
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
        self._retry(table.id, table.version)

    def _retry(self, table_id: int, version: int) -> None:
        wait = self._waits[table_id] = min(
            RETRY_AT_MOST, self._waits.get(table_id, RETRY_FIRST / 2) * 2
        )
        self._forgotten[table_id] = (version, self.clock.now() + wait)
        self._wake.set()

    async def _read_forgotten(self, now: float) -> None:
        """The clock loop reads again the tables forgotten after a failed write whose wait is
        over: back in memory, their clocks run again."""
        for table_id, (version, at) in list(self._forgotten.items()):
            if at > now:
                continue
            if table_id in self._tables:  # read again meanwhile (a click)
                self._forgotten.pop(table_id, None)
                continue
            try:
                async with self.lock(table_id):
                    await self.get(table_id)
            except Exception:
                log.exception("could not read table #%s again", table_id)
                self._retry(table_id, version)

    # -- closing, telling the listeners ----------------------------------------------------
    async def _close_in(
        self, tx: Tx, row: TableRow, seats: list[SeatRow], reason: str, now: float
    ) -> bool:
        """Write in ``tx`` that the table ``row`` has ended for ``reason``, as End does: a game
        under way counts as ended for each player still at the table, and its clocks go. The
        table leaves memory (its players are free). Returns whether a game was under way."""
        playing = row.status == "playing"
        if playing:
            outcomes: dict[int, str | ResultRow] = {
                s.user_id: "ended" for s in seats if s.left_at is None
            }
            await tx.add_results(row.id, row.guild_id, row.game, outcomes, now)
        row.status, row.end_reason, row.ended_at = "ended", reason, now
        self._tables.pop(row.id, None)
        await tx.save_table(row)
        await tx.delete_timers(row.id)
        return playing

    def _changed(self, table: Table, events: list[Event], seat: int | None) -> Change:
        table.version += 1
        change = Change(table, events, seat)
        self._notify(change)
        return change

    def _notify(self, change: Change) -> None:
        for listener in self.listeners:
            try:
                listener(change)
            except Exception:
                log.exception("table listener failed")

    # -- checking --------------------------------------------------------------------------
    async def replay(self, table_id: int) -> Any:
        """Rebuild a table's state from its seed, options and action log."""
        async with self.store.reading() as q:
            row = await q.table(table_id)
            actions = await q.actions(table_id)
            seats = await q.seats(table_id)
        if row is None:
            raise IllegalAction("no such table")
        engine = self.engines[row.game]
        players = len({s.seat for s in seats if s.seat is not None})  # a seat taken over: once
        return takeback.replayed(engine, engine.new_game(players, row.seed, row.options), actions)
