"""SQLite persistence: one aiosqlite connection, WAL, numbered migrations.

Every access goes through :meth:`Store.transaction` (writes, one atomic unit) or
:meth:`Store.reading` (reads); both hand out a :class:`Tx` and hold the store's lock, so
statements from two tasks never interleave on the one connection.

A trip to the connection's thread costs a thread hand-off and an event-loop wake-up, so a
:class:`Tx` makes as few as it can: its writes are only collected, and go to the thread together
with its next read, or with the COMMIT when the block ends. A transaction that only writes (every
game action) is one trip: BEGIN IMMEDIATE, the interaction check, the statements and the COMMIT
(synchronous=FULL: on disk when the trip returns) run in one call on the connection's thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

Params = tuple[Any, ...] | dict[str, Any]
Statement = tuple[str, Any, bool]  # sql, parameters (a list of them if many), many


class AlreadyApplied(Exception):
    """The interaction a transaction was guarded with is in the action log already: nothing of
    the transaction was written."""

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(f"interaction already applied as action {seq} of table #{table_id}")
        self.table_id, self.seq = table_id, seq


_SEEN = "SELECT table_id, seq FROM actions WHERE interaction_id = ?"


def _run(
    con: sqlite3.Connection,
    begin: bool,
    unseen: int | None,
    statements: list[Statement],
    query: tuple[str, Params, str] | None,
    commit: bool,
) -> Any:
    """One trip, on the connection's thread: (BEGIN IMMEDIATE, the interaction check,) the
    collected statements, (a query,) (COMMIT). Any error rolls the transaction back here."""
    try:
        if begin:
            con.execute("BEGIN IMMEDIATE")
        if unseen is not None:
            seen = con.execute(_SEEN, (unseen,)).fetchone()
            if seen is not None:
                raise AlreadyApplied(seen[0], seen[1])
        for sql, args, many in statements:
            if many:
                con.executemany(sql, args)
            else:
                con.execute(sql, args)
        result: Any = None
        if query is not None:
            sql, args, kind = query
            cur = con.execute(sql, args)
            result = cur.lastrowid if kind == "rowid" else cur.fetchall()
        if commit:
            con.execute("COMMIT")
        return result
    except BaseException:
        if con.in_transaction:
            con.rollback()
        raise


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


@dataclass
class TimerRow:
    table_id: int
    key: str
    due_at: float
    action: dict[str, Any]
    seats: list[int]


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


def _seat(row: sqlite3.Row) -> SeatRow:
    data = {k: row[k] for k in row.keys()}  # noqa: SIM118 - sqlite3.Row
    data["notes"] = json.loads(data["notes"])
    return SeatRow(**data)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Tx:
    """The statements of the store, run on its connection while the store's lock is held.

    Writes are collected, not run: they go to the connection's thread with the next read or at
    the end of the block (so an error in one surfaces there). Reads are one trip each.
    """

    def __init__(self, store: Store, *, atomic: bool, unseen: int | None = None) -> None:
        self._store = store
        self._atomic = atomic  # a transaction: BEGIN IMMEDIATE with the first trip, COMMIT last
        self._unseen = unseen  # an interaction id that must not be in the action log yet
        self._pending: list[Statement] = []
        self._begun = False
        self._failed = False  # a trip failed: the transaction was rolled back on the thread
        self._after: list[Callable[[], None]] = []  # run once what was written is committed

    def _write(self, sql: str, args: Any = (), many: bool = False) -> None:
        self._pending.append((sql, args, many))

    async def _trip(self, query: tuple[str, Params, str] | None = None, end: bool = False) -> Any:
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
        try:
            return await self._store._call(_run, begin, unseen, pending, query, commit)
        except BaseException:
            self._failed = True
            raise

    async def _one(self, sql: str, args: Params = ()) -> sqlite3.Row | None:
        rows = await self._trip((sql, args, "rows"))
        return rows[0] if rows else None

    async def _all(self, sql: str, args: Params = ()) -> list[sqlite3.Row]:
        return list(await self._trip((sql, args, "rows")))

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
    ) -> int:
        rowid: int = await self._trip(
            (
                "INSERT INTO tables (game, guild_id, channel_id, host_id, status, options, seed,"
                " created_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)",
                (game, guild_id, channel_id, host_id, _dumps(options), seed, at),
                "rowid",
            )
        )
        return rowid

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one("SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def active_tables(self) -> list[TableRow]:
        rows = await self._all("SELECT * FROM tables WHERE status != 'ended' ORDER BY id")
        return [_table(r) for r in rows]

    async def set_message(self, table_id: int, message_id: int) -> None:
        self._write("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def save_table(self, t: TableRow) -> None:
        self._write(
            "UPDATE tables SET status = ?, host_id = ?, options = ?, state = ?, seq = ?, log = ?,"
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

    async def active_seats(self) -> dict[int, list[SeatRow]]:
        """The seats of every table not ended, by table, each table's in join order."""
        rows = await self._all(
            "SELECT s.* FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE t.status != 'ended' ORDER BY s.table_id, s.joined_at, s.rowid"
        )
        by_table: dict[int, list[SeatRow]] = {}
        for r in rows:
            by_table.setdefault(r["table_id"], []).append(_seat(r))
        return by_table

    async def add_seat(self, table_id: int, guild_id: int, user_id: int, name: str, at: float):
        self._write(
            "INSERT INTO seats (table_id, user_id, guild_id, name, joined_at) VALUES (?,?,?,?,?)",
            (table_id, user_id, guild_id, name, at),
        )

    async def remove_seat(self, table_id: int, user_id: int) -> None:
        self._write("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))

    async def save_seat(self, s: SeatRow) -> None:
        self._write(
            "UPDATE seats SET name = ?, seat = ?, left_at = ?, strikes = ?, notes = ?"
            " WHERE table_id = ? AND user_id = ?",
            (s.name, s.seat, s.left_at, s.strikes, _dumps(s.notes), s.table_id, s.user_id),
        )

    async def seated_at(self, guild_id: int, user_id: int) -> int | None:
        """The active table where this player holds a seat in this server, if any."""
        row = await self._one(
            "SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE s.guild_id = ? AND s.user_id = ? AND s.left_at IS NULL"
            " AND t.status != 'ended' LIMIT 1",
            (guild_id, user_id),
        )
        return row[0] if row else None

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
            " reason, at) VALUES (?,?,?,?,?,?,?,?,?,?)",
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
                )
                for d in rows
            ],
            many=True,
        )

    async def table_drinks(self, table_id: int) -> list[DrinkRow]:
        rows = await self._all(
            "SELECT guild_id, user_id, game, table_id, seq, amount, kind, giver_id, reason, at"
            " FROM drinks WHERE table_id = ? ORDER BY id",
            (table_id,),
        )
        return [DrinkRow(*r) for r in rows]

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
        return [
            TimerRow(
                r["table_id"],
                r["key"],
                r["due_at"],
                json.loads(r["action"]),
                json.loads(r["seats"]),
            )
            for r in rows
        ]

    async def add_timer(self, t: TimerRow) -> None:
        self._write(
            "INSERT INTO timers (table_id, key, due_at, action, seats) VALUES (?,?,?,?,?)",
            (t.table_id, t.key, t.due_at, _dumps(t.action), _dumps(t.seats)),
        )

    async def delete_timer(self, table_id: int, key: str) -> None:
        self._write("DELETE FROM timers WHERE table_id = ? AND key = ?", (table_id, key))

    async def delete_timers(self, table_id: int) -> None:
        self._write("DELETE FROM timers WHERE table_id = ?", (table_id,))

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
        self, table_id: int, user_id: int, app_id: int, token: str, at: float
    ) -> None:
        self._write(
            "INSERT OR REPLACE INTO private_views (table_id, user_id, app_id, token, opened_at)"
            " VALUES (?,?,?,?,?)",
            (table_id, user_id, app_id, token, at),
        )
        self._after.append(
            lambda: self._store._views.opened(table_id, (user_id, app_id, token, at))
        )

    async def private_views(self, table_id: int) -> list[tuple[int, int, str, float]]:
        """The latest private view each player opened at this table (read after every change,
        so kept in memory: no trip once a table's views were read)."""
        views = self._store._views
        known = views.get(table_id)
        if known is not None and not self._after:  # (a view opened in this block: read it)
            return known
        rows = await self._all(
            "SELECT user_id, app_id, token, opened_at FROM private_views WHERE table_id = ?"
            " ORDER BY rowid",
            (table_id,),
        )
        found = [(r[0], r[1], r[2], r[3]) for r in rows]
        if not self._after:
            views.put(table_id, found)
        return found

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        self._write("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- the tally -------------------------------------------------------------------------
    async def leaderboard(self, guild_id: int, since: float) -> list[dict[str, Any]]:
        """Per player: sips taken, social sips, finishes, sips given, games played and won."""
        rows = await self._all(
            """
            WITH d AS (
                SELECT user_id,
                       SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') THEN amount ELSE 0 END)
                           AS sips,
                       SUM(CASE WHEN kind = 'social' THEN amount ELSE 0 END) AS social,
                       SUM(CASE WHEN kind = 'finish' THEN amount ELSE 0 END) AS finishes,
                       SUM(CASE WHEN kind = 'forfeit' THEN amount ELSE 0 END) AS forfeits
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
            SELECT u.user_id AS user_id, COALESCE(d.sips, 0) AS sips,
                   COALESCE(d.social, 0) AS social, COALESCE(d.finishes, 0) AS finishes,
                   COALESCE(d.forfeits, 0) AS forfeits,
                   COALESCE(gv.given, 0) AS given, COALESCE(r.played, 0) AS played,
                   COALESCE(r.won, 0) AS won
            FROM u LEFT JOIN d USING (user_id) LEFT JOIN gv USING (user_id)
                   LEFT JOIN r USING (user_id)
            ORDER BY sips DESC, finishes + forfeits DESC, won DESC, user_id
            """,
            {"g": guild_id, "since": since},
        )
        return [dict(r) for r in rows]

    async def player_breakdown(
        self, guild_id: int, user_id: int, since: float
    ) -> list[dict[str, Any]]:
        """One player's sums per game."""
        rows = await self._all(
            """
            WITH d AS (
                SELECT game,
                       SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') THEN amount ELSE 0 END)
                           AS sips,
                       SUM(CASE WHEN kind = 'social' THEN amount ELSE 0 END) AS social,
                       SUM(CASE WHEN kind = 'finish' THEN amount ELSE 0 END) AS finishes,
                       SUM(CASE WHEN kind = 'forfeit' THEN amount ELSE 0 END) AS forfeits
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
            SELECT g.game AS game, COALESCE(d.sips, 0) AS sips, COALESCE(d.social, 0) AS social,
                   COALESCE(d.finishes, 0) AS finishes, COALESCE(d.forfeits, 0) AS forfeits,
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


class _Views:
    """The private views of the tables read lately, as stored (the newest :data:`size`)."""

    size = 512

    def __init__(self) -> None:
        self._by_table: OrderedDict[int, list[tuple[int, int, str, float]]] = OrderedDict()

    def get(self, table_id: int) -> list[tuple[int, int, str, float]] | None:
        views = self._by_table.get(table_id)
        if views is not None:
            self._by_table.move_to_end(table_id)
            return list(views)
        return None

    def put(self, table_id: int, views: list[tuple[int, int, str, float]]) -> None:
        self._by_table[table_id] = list(views)
        self._by_table.move_to_end(table_id)
        while len(self._by_table) > self.size:
            self._by_table.popitem(last=False)

    def opened(self, table_id: int, view: tuple[int, int, str, float]) -> None:
        """A view was written (replacing the player's earlier one, as the table does)."""
        views = self._by_table.get(table_id)
        if views is not None:
            views[:] = [v for v in views if v[0] != view[0]] + [view]


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._views = _Views()

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(connection, *args)`` on the connection's thread: one trip.

        aiosqlite runs every call it offers this way (``Connection._execute``, the one queue its
        thread serves, in order); it has no public name for a call of our own, hence the private
        one, checked at :meth:`open`."""
        return await self._db._execute(fn, self._db._conn, *args)

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        if not callable(getattr(db, "_execute", None)):  # see _call
            await db.close()
            raise RuntimeError(f"aiosqlite {aiosqlite.__version__} has no Connection._execute")
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        # FULL: a committed action survives even the machine losing power, not only the
        # process dying. One fsync per action is cheap next to a Discord round trip.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def migrate(self) -> list[str]:
        """Apply the numbered files of bot/migrations that this database has not seen."""
        applied: list[str] = []
        async with self._lock:
            await self._db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, at REAL)"
            )
            async with self._db.execute("SELECT name FROM schema_migrations") as cur:
                done = {r[0] for r in await cur.fetchall()}
            files = sorted(
                (f for f in resources.files("bot.migrations").iterdir() if f.name.endswith(".sql")),
                key=lambda f: f.name,
            )
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
        thread in the same trip as the writes, inside the transaction)."""
        async with self._lock:
            tx = Tx(self, atomic=True, unseen=unseen)
            try:
                yield tx
            except BaseException:
                if tx._begun:
                    await self._call(_rollback)
                raise
            await tx._trip(end=True)
            for after in tx._after:
                after()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self._lock:
            tx = Tx(self, atomic=False)
            yield tx
            await tx._trip(end=True)  # writes made here (none, as a rule) run on their own
            for after in tx._after:
                after()
