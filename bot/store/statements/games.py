"""The statements of a game's life: its table, seats and checks, its action log, its drinks and
results, its clocks and its turn ping."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.store.errors import Stale
from bot.store.rows import (
    DrinkRow,
    GameRule,
    ResultRow,
    Row,
    SeatRow,
    TableRow,
    TimerRow,
    _dumps,
    _rule,
    _seat,
    _table,
    _timer,
)
from bot.store.trip import Expect, TxCore

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
_TABLE_DRINKS_AFTER = _TABLE_DRINKS.replace("table_id = ?", "table_id = ? AND seq > ?")


class GameStatements(TxCore):
    """Tables, seats, actions, drinks, results and clocks."""

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
        is: a table in memory keeps its engine's state only (bot/tables), and a game's state
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
            " lapse = ?, held_from = ?, opened = ?, asker_id = ?, asker_name = ?"
            " WHERE table_id = ? AND user_id = ?",
            (
                s.name,
                s.seat,
                s.left_at,
                s.strikes,
                _dumps(s.notes),
                int(s.removed),
                _dumps(s.lapse),
                s.held_from,
                s.opened,
                s.asker_id,
                s.asker_name,
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

    async def last_action(
        self, table_id: int
    ) -> tuple[int, int | None, int | None, dict[str, Any], float] | None:
        """The action log's last entry: (seq, seat, user, action, when), or None."""
        row = await self._one(
            "SELECT seq, seat, user_id, action, at FROM actions WHERE table_id = ?"
            " ORDER BY seq DESC LIMIT 1",
            (table_id,),
        )
        return (row[0], row[1], row[2], json.loads(row[3]), row[4]) if row else None

    async def actions_with_seq(
        self, table_id: int, after: int = 0
    ) -> list[tuple[int, int | None, dict[str, Any]]]:
        """The action log with each move's number: (seq, seat, action), in order (``after``:
        only the moves numbered higher). The number is what the table's drinks point at
        (``DrinkRow.seq``); a game record needs both."""
        rows = await self._all(
            "SELECT seq, seat, action FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, after),
        )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

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

    async def table_drinks_after(self, table_id: int, seq: int) -> list[DrinkRow]:
        """The table's drinks of the moves numbered above ``seq``, in the order written."""
        rows = await self._all(_TABLE_DRINKS_AFTER, (table_id, seq))
        return [DrinkRow(*r) for r in rows]

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

    async def set_timer_action(self, table_id: int, key: str, action: dict[str, Any]) -> None:
        """What a running clock stands for (a take-back request's answers so far)."""
        self._write(
            "UPDATE timers SET action = ? WHERE table_id = ? AND key = ?",
            (_dumps(action), table_id, key),
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
