"""SQLite persistence: one aiosqlite connection, WAL, numbered migrations.

Every access goes through :meth:`Store.transaction` (writes, one atomic unit) or
:meth:`Store.reading` (reads); both hand out a :class:`Tx` and hold the store's lock, so
statements from two tasks never interleave on the one connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

Params = tuple[Any, ...] | dict[str, Any]


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


def _table(row: aiosqlite.Row) -> TableRow:
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


def _seat(row: aiosqlite.Row) -> SeatRow:
    data = {k: row[k] for k in row.keys()}  # noqa: SIM118 - sqlite3.Row
    data["notes"] = json.loads(data["notes"])
    return SeatRow(**data)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Tx:
    """The statements of the store, run on its connection while the store's lock is held."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def _one(self, sql: str, args: Params = ()) -> aiosqlite.Row | None:
        async with self.db.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, args: Params = ()) -> list[aiosqlite.Row]:
        async with self.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

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
        cur = await self.db.execute(
            "INSERT INTO tables (game, guild_id, channel_id, host_id, status, options, seed,"
            " created_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (game, guild_id, channel_id, host_id, _dumps(options), seed, at),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one("SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def active_tables(self) -> list[TableRow]:
        rows = await self._all("SELECT * FROM tables WHERE status != 'ended' ORDER BY id")
        return [_table(r) for r in rows]

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
            timers.setdefault(r["table_id"], {})[r["key"]] = TimerRow(
                r["table_id"],
                r["key"],
                r["due_at"],
                json.loads(r["action"]),
                json.loads(r["seats"]),
            )
        return rows, seats, timers

    async def open_lobbies(self, guild_id: int, host_id: int) -> list[TableRow]:
        """The unstarted tables this person hosts in this server."""
        rows = await self._all(
            "SELECT * FROM tables WHERE status = 'lobby' AND guild_id = ? AND host_id = ?"
            " ORDER BY id",
            (guild_id, host_id),
        )
        return [_table(r) for r in rows]

    async def set_message(self, table_id: int, message_id: int) -> None:
        await self.db.execute(
            "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id)
        )

    async def save_table(self, t: TableRow) -> None:
        await self.db.execute(
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

    async def add_seat(self, table_id: int, guild_id: int, user_id: int, name: str, at: float):
        await self.db.execute(
            "INSERT INTO seats (table_id, user_id, guild_id, name, joined_at) VALUES (?,?,?,?,?)",
            (table_id, user_id, guild_id, name, at),
        )

    async def remove_seat(self, table_id: int, user_id: int) -> None:
        await self.db.execute(
            "DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )

    async def save_seat(self, s: SeatRow) -> None:
        await self.db.execute(
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
        await self.db.execute(
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
        await self.db.executemany(
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
        await self.db.executemany(
            "INSERT OR REPLACE INTO results"
            " (table_id, user_id, guild_id, game, outcome, place, points, at)"
            " VALUES (?,?,?,?,?,?,?,?)",
            rows,
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
        await self.db.execute(
            "INSERT INTO timers (table_id, key, due_at, action, seats) VALUES (?,?,?,?,?)",
            (t.table_id, t.key, t.due_at, _dumps(t.action), _dumps(t.seats)),
        )

    async def delete_timer(self, table_id: int, key: str) -> None:
        await self.db.execute("DELETE FROM timers WHERE table_id = ? AND key = ?", (table_id, key))

    async def delete_timers(self, table_id: int) -> None:
        await self.db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))

    # -- consents, private views, meta ------------------------------------------------------
    async def has_consent(self, user_id: int, game: str) -> bool:
        row = await self._one(
            "SELECT 1 FROM consents WHERE user_id = ? AND game = ?", (user_id, game)
        )
        return row is not None

    async def add_consent(self, user_id: int, game: str, at: float) -> None:
        await self.db.execute(
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
    ) -> None:
        """The latest private view a player opened: the interaction's original response, or
        the follow-up ``message_id`` (after a deferral)."""
        await self.db.execute(
            "INSERT OR REPLACE INTO private_views"
            " (table_id, user_id, app_id, token, opened_at, message_id) VALUES (?,?,?,?,?,?)",
            (table_id, user_id, app_id, token, at, message_id),
        )

    async def private_views(self, table_id: int) -> list[tuple[int, int, str, float, int | None]]:
        """(user, app, token, opened at, message id or None for the original response)."""
        rows = await self._all(
            "SELECT user_id, app_id, token, opened_at, message_id FROM private_views"
            " WHERE table_id = ?",
            (table_id,),
        )
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    # -- what the table messages show (bot/render.py) ------------------------------------
    async def set_origin(self, table_id: int, app_id: int, token: str, at: float) -> None:
        """The interaction that opened the table: its token finds the message it posted."""
        await self.db.execute(
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
        await self.db.executemany(
            "INSERT INTO table_messages (table_id, shown) VALUES (?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET shown = excluded.shown",
            public,
        )
        await self.db.executemany(
            "UPDATE private_views SET shown = ? WHERE table_id = ? AND user_id = ? AND token = ?",
            [(fp, t, u, token) for t, u, token, fp in private],
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
        await self.db.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value)
        )

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


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
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
    async def transaction(self) -> AsyncIterator[Tx]:
        """One atomic unit: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self._lock:
            yield Tx(self._db)
