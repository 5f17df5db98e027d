"""The store's statements, the same for every backend: :class:`Tx`.

A :class:`Tx` collects a transaction's writes and checks and hands them to its store's backend
in as few trips as it can (bot/store/sqlite.py, bot/store/postgres.py say what a trip is
there). The SQL here is written once for both backends: ``?`` and ``:name`` parameters, upserts
with ``ON CONFLICT``, and the few phrases that differ (a JSON list of ids as rows) asked of the
store's :class:`Dialect`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.store.errors import Stale
from bot.store.rows import (
    DrinkRow,
    Erased,
    GameRule,
    GuildSettings,
    PlayerSettings,
    PrivateView,
    ResultRow,
    Row,
    SeatRow,
    Tab,
    TableRow,
    TimerRow,
    _dumps,
    _guild_settings,
    _rule,
    _seat,
    _table,
    _timer,
)

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


# Set once a transaction of this task (an interaction's answer, say) has committed: an error
# after it must not tell the player that nothing changed (gamecog.answer).
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

    def _trip(
        self,
        begin: bool,
        unseen: int | None,
        statements: list[Statement],
        query: Query | None,
        commit: bool,
        committing: Callable[[], None] | None,
    ) -> asyncio.Future[Any]: ...

    async def _new_table_id(self) -> int: ...

    def _give_back_table_id(self, table_id: int) -> None: ...

    def _note_safety(
        self, *, player: PlayerSettings | None = None, guild: GuildSettings | None = None
    ) -> None: ...


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
    " AND (CAST(? AS TEXT) IS NULL OR game = ?) ORDER BY game, channel_id"
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


class Tx:
    """The statements of the store, run on its connection (see the store's lock above).

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
        return self._store._trip(begin, unseen, pending, query, commit, committing)

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
            id=await store._new_table_id(),
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
                "SELECT * FROM tables WHERE status != 'ended' AND id > ?"
                f"{self._store.owned('guild_id')} ORDER BY id LIMIT ?",
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
            "INSERT INTO pings (table_id, channel_id, message_id) VALUES (?,?,?)"
            " ON CONFLICT (table_id) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id",
            (table_id, channel_id, message_id),
        )

    async def pings(self) -> list[tuple[int, int, int, bool]]:
        """Every table's turn ping: (table, channel, message, whether the table has ended)."""
        rows = await self._all(
            "SELECT p.table_id, p.channel_id, p.message_id, t.status = 'ended'"
            " FROM pings p JOIN tables t ON t.id = p.table_id"
            f" WHERE 1 = 1{self._store.owned('t.guild_id')} ORDER BY p.table_id"
        )
        return [(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def set_message(self, table_id: int, message_id: int) -> None:
        self._write("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def save_table(self, t: TableRow, *, was: int | None = None) -> None:
        """Write ``t`` over the table's row. A ``state`` of None leaves the stored state as it
        is: a table in memory keeps its engine's state only (bot/tables.py), and a game's state
        never goes back to none once dealt.

        A compare-and-set on the table's sequence number: the stored row must still be at
        ``was`` (the number the writer read; ``t.seq`` when this transaction adds no action),
        else the transaction is refused with :class:`Stale` and nothing of it is written. With
        one copy of the bot per database that never happens; with several (PostgreSQL, while
        shards move) it is what keeps a writer that is behind from writing over a newer move."""
        self._pending.append(
            (
                "UPDATE tables SET status = ?, host_id = ?, options = ?,"
                " state = COALESCE(?, state), seq = ?, log = ?, end_reason = ?, started_at = ?,"
                " ended_at = ? WHERE id = ? AND seq = ?",
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
                    t.seq if was is None else was,
                ),
                Expect(1, lambda: Stale(t.id)),
            )
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

        def judge(rows: list[Row]) -> None:
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

        def judge(rows: list[Row]) -> None:
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
            "INSERT INTO results"
            " (table_id, user_id, guild_id, game, outcome, place, points, at)"
            " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (table_id, user_id) DO UPDATE SET"
            " guild_id = excluded.guild_id, game = excluded.game, outcome = excluded.outcome,"
            " place = excluded.place, points = excluded.points, at = excluded.at",
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

    async def delete_timer(self, table_id: int, key: str, *, claim: bool = False) -> None:
        """``claim``: the clock is being fired in this transaction, so its row must be there;
        if it is gone (another copy fired it), the transaction is refused with :class:`Stale`."""
        sql = "DELETE FROM timers WHERE table_id = ? AND key = ?"
        if claim:
            self._pending.append((sql, (table_id, key), Expect(1, lambda: Stale(table_id))))
        else:
            self._write(sql, (table_id, key))

    async def delete_timers(self, table_id: int) -> None:
        self._write("DELETE FROM timers WHERE table_id = ?", (table_id,))

    async def pause_timers(
        self, stopped: float, now: float, shard: tuple[int, int] | None = None
    ) -> None:
        """The bot was away from ``stopped`` to ``now``: every clock still running at
        ``stopped`` is moved on by that time, so nobody loses the time the bot was away (but
        for those that run on whatever the bot does: ``pauses`` false). ``shard``: (count,
        id): only the clocks of that shard's tables (the others' copies were not away)."""
        if shard is None:
            self._write(
                "UPDATE timers SET due_at = due_at + ? WHERE due_at > ? AND pauses = 1",
                (now - stopped, stopped),
            )
            return
        self._write(
            "UPDATE timers SET due_at = due_at + ? WHERE due_at > ? AND pauses = 1"
            " AND table_id IN (SELECT id FROM tables WHERE ((guild_id >> 22) % ?) = ?)",
            (now - stopped, stopped, shard[0], shard[1]),
        )

    # -- consents, private views, meta ------------------------------------------------------
    async def has_consent(self, user_id: int, game: str) -> bool:
        row = await self._one(
            "SELECT 1 FROM consents WHERE user_id = ? AND game = ?", (user_id, game)
        )
        return row is not None

    async def add_consent(self, user_id: int, game: str, at: float) -> None:
        self._write(
            "INSERT INTO consents (user_id, game, at) VALUES (?,?,?) ON CONFLICT DO NOTHING",
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
            f" prev_app_id = CASE WHEN {keep} = 1 THEN private_views.app_id END,"
            f" prev_token = CASE WHEN {keep} = 1 THEN private_views.token END,"
            f" prev_opened_at = CASE WHEN {keep} = 1 THEN private_views.opened_at END,"
            f" prev_message_id = CASE WHEN {keep} = 1 THEN private_views.message_id END,"
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
            f" WHERE t.status != 'ended' AND m.shown IS NOT NULL{self._store.owned('t.guild_id')}"
        )
        return {r[0]: r[1] for r in rows}

    async def unsettled_ended(self, since: float) -> list[int]:
        """Tables finished since ``since`` whose message may not show their last screen."""
        rows = await self._all(
            "SELECT t.id FROM tables t LEFT JOIN table_messages m ON m.table_id = t.id"
            " WHERE t.status = 'ended' AND t.ended_at >= ? AND t.message_id IS NOT NULL"
            f"{self._store.owned('t.guild_id')}"
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
            f" WHERE t.status != 'ended' AND v.opened_at >= ?{self._store.owned('t.guild_id')}"
            " ORDER BY v.table_id",
            (since,),
        )
        return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

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
                       MIN(place) AS best_place,
                       CAST(AVG(place) AS DOUBLE PRECISION) AS avg_place,
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
                       MIN(place) AS best_place,
                       CAST(AVG(place) AS DOUBLE PRECISION) AS avg_place,
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
        ids = json.dumps(sorted(set(user_ids)))
        if self._store.dialect.lock_players is not None:  # two writers: one player at a time
            self._write(self._store.dialect.lock_players, (ids,))
        rows = await self._all(
            f"""
            SELECT p.value AS user_id, s.cap AS cap, COALESCE(s.mode, 'sips') AS mode,
                   (SELECT COALESCE(SUM(d.amount), 0) FROM drinks d
                    WHERE d.user_id = p.value AND d.at >= :since AND d.counted_as = 'sips'
                      AND d.kind NOT IN ('finish', 'forfeit')) AS tonight,
                   g.default_cap AS default_cap, g.water_every AS water_every,
                   g.min_age AS min_age, COALESCE(g.pings, 1) AS turn_pings
            FROM {self._store.dialect.ids.format(":ids")} p
            LEFT JOIN player_settings s ON s.user_id = p.value
            LEFT JOIN guild_settings g ON g.guild_id = :g
            """,
            {"ids": ids, "since": since, "g": guild_id},
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
            "INSERT INTO player_settings (user_id, cap, mode, updated_at) VALUES (?,?,?,?)"
            " ON CONFLICT (user_id) DO UPDATE SET cap = excluded.cap, mode = excluded.mode,"
            " updated_at = excluded.updated_at",
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
            "INSERT INTO guild_settings"
            " (guild_id, default_cap, water_every, min_age, turn_pings, pings, updated_at)"
            " VALUES (?,?,?,?,?,?,?) ON CONFLICT (guild_id) DO UPDATE SET"
            " default_cap = excluded.default_cap, water_every = excluded.water_every,"
            " min_age = excluded.min_age, turn_pings = excluded.turn_pings,"
            " pings = excluded.pings, updated_at = excluded.updated_at",
            (g.guild_id, g.default_cap, g.water_every, g.min_age, 0, int(g.turn_pings), at),
        )
        self._after.append(lambda: self._store._note_safety(guild=g))

    async def game_rules(self, guild_id: int, game: str | None = None) -> list[GameRule]:
        rows = await self._all(_GAME_RULES, (guild_id, game, game))
        return [_rule(r) for r in rows]

    async def set_game_rule(self, rule: GameRule) -> None:
        self._write(
            "INSERT INTO game_channels (guild_id, channel_id, game, enabled) VALUES (?,?,?,?)"
            " ON CONFLICT (guild_id, game, channel_id) DO UPDATE SET enabled = excluded.enabled",
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
            f" FROM drinks WHERE table_id IN {self._store.dialect.ids.format('?')}"
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
                " WHERE id = ? AND end_reason IN"
                f" (SELECT 'ended by ' || value FROM {self._store.dialect.texts.format('?')} n)",
                (tid, json.dumps(sorted(names))),
            )
        return Erased(drinks, results, len(seats))
