"""The PostgreSQL backend (asyncpg), for a bot that has outgrown one machine.

Several copies of Barkeep may share one database, each serving its own shards (a server's
shard is ``(guild_id >> 22) % SHARD_COUNT``). Each copy keeps the tables of its shards in
memory, as the SQLite backend's one copy keeps them all. What keeps two copies from undoing
each other's moves:

- **Shards are claimed** with session advisory locks on a connection of their own, held for
  the life of the process (the server lets go of them when the process dies, however it died).
  A copy that serves every shard holds the database's layout lock alone; copies with
  ``SHARD_COUNT`` share it, agree on the count, and each holds its shards' locks.
- **Table ids** come from one sequence, one at a time (table numbers go on across copies).
- **A move is applied once**: a transaction's ``UPDATE tables ... WHERE seq = <what it read>``
  (:meth:`Tx.save_table`) and the action log's key ``(table_id, seq)`` refuse a writer that is
  behind with :class:`~bot.store.errors.Stale`; an interaction id already in the log raises
  :class:`~bot.store.errors.AlreadyApplied`, as on SQLite.
- **A clock fires once**: its row is deleted in the transaction that applies it, and that
  delete must find the row (:meth:`Tx.delete_timer` with ``claim``), besides the table's
  compare-and-set.
- **Caps hold across servers**: a transaction that counts drinks first takes a transaction
  advisory lock per drinker (in id order), then reads tonight's sums, so two copies counting
  drinks of one player take turns.

Trips run one at a time on one connection, in the order they were queued, as on SQLite: a
transaction's statements are sent one after another (asyncpg prepares each once) and its
COMMIT waits for the server's WAL flush (``synchronous_commit`` on: committed is on disk).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import re
import socket
import time
from collections import deque
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import asyncpg

from bot.config import redact_url
from bot.store.base import Shards, Store, check_ours, to_migrate
from bot.store.errors import (
    AlreadyApplied,
    DatabaseUnusable,
    Newer,
    NotOurs,
    ShardTaken,
    Stale,
)
from bot.store.trip import _SEEN, Dialect, Expect, Statement, Trip

log = logging.getLogger(__name__)

POSTGRES = Dialect(
    ids="(SELECT CAST(value AS BIGINT) AS value FROM json_array_elements_text(CAST({} AS json)))",
    texts="(SELECT value FROM json_array_elements_text(CAST({} AS json)))",
    # the ids come sorted (Tx.party), and the locks are taken after the sort: always in id
    # order, so two transactions locking the same players never wait for each other in a ring
    lock_players=(
        "SELECT pg_advisory_xact_lock(v) FROM (SELECT CAST(value AS BIGINT) AS v"
        " FROM json_array_elements_text(CAST(? AS json))) ids ORDER BY v"
    ),
)

# the one copy on its database: nobody else counts drinks, so no lock per player
ALONE = dataclasses.replace(POSTGRES, lock_players=None)

# Advisory lock keys (two int4 keys: the first says what kind, the second which one). "bark".
LOCK_LAYOUT = 0x6261726B  # (LAYOUT, 0): held by every copy; alone by one that serves all
LOCK_COUNT = LOCK_LAYOUT + 1  # (COUNT, SHARD_COUNT): shared by the copies of one count
LOCK_SHARD = LOCK_LAYOUT + 2  # (SHARD, id): the copy that serves that shard
LOCK_MIGRATE = LOCK_LAYOUT + 3  # (MIGRATE, 0): while migrations run

# asyncpg's errors that mean the server or the connection is gone (the next trip reconnects)
_GONE = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    ConnectionError,
    OSError,
)


def _number(text: str) -> int | float:
    """numeric (SUM of a BIGINT column) as Python reads it from SQLite: int, else float."""
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


_PARAM = re.compile(r"'(?:[^']|'')*'|\?|(?<![:\w]):([A-Za-z_]\w*)")


def to_postgres(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """SQLite's parameters as PostgreSQL's: ``?`` in order, or ``:name`` (then the names, in
    the order of their numbers). Text in quotes is left as it is."""
    names: list[str] = []
    count = 0

    def number(m: re.Match[str]) -> str:
        nonlocal count
        token = m.group(0)
        if token.startswith("'"):
            return token
        name = m.group(1)
        if name is None:
            count += 1
            return f"${count}"
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    out = _PARAM.sub(number, sql)
    if names and count:
        raise ValueError(f"both ? and :name parameters in {sql!r}")
    return out, (tuple(names) if names else None)


class _Sql:
    """Statements translated once each (the bot runs a few dozen distinct texts)."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, tuple[str, ...] | None]] = {}

    def __call__(self, sql: str, args: Any) -> tuple[str, tuple[Any, ...]]:
        known = self._known.get(sql)
        if known is None:
            known = self._known[sql] = to_postgres(sql)
        text, names = known
        if names is not None:
            return text, tuple(args[n] for n in names)
        return text, tuple(args)

    def many(self, sql: str, args: list[Any]) -> tuple[str, list[tuple[Any, ...]]]:
        text, _ = self(sql, ())
        return text, [tuple(a) for a in args]


_PG_TYPES = (
    (
        re.compile(r"\bid\s+INTEGER PRIMARY KEY\b"),
        "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),  # Discord's ids are 64-bit
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),  # times to the microsecond
)
# What PostgreSQL needs beside a migration file: seats and private views are read in the order
# they were made, which SQLite keeps as the rowid
_PG_AFTER = {
    "001_initial.sql": (
        "ALTER TABLE seats ADD COLUMN rowid BIGSERIAL;\n"
        "ALTER TABLE private_views ADD COLUMN rowid BIGSERIAL;\n"
    ),
}


def postgres_script(name: str, script: str) -> str:
    """A migration file (written for SQLite) as PostgreSQL runs it: the same tables, columns,
    keys, checks and indexes, with PostgreSQL's types for SQLite's (64-bit integers, double
    precision, an identity for an id), and what PostgreSQL needs beside it."""
    for pattern, replacement in _PG_TYPES:
        script = pattern.sub(replacement, script)
    return script + "\n" + _PG_AFTER.get(name, "")


def holder_name() -> str:
    """How this process names itself to the server (what another copy's refusal shows)."""
    return f"barkeep pid {os.getpid()} on {socket.gethostname()}"[:63]


class PostgresStore(Store):
    dialect = POSTGRES
    # other copies change players' settings too: tonight's sums are read for every drink
    knows_all_settings = False

    def __init__(self, url: str, shards: Shards | None) -> None:
        super().__init__()
        self.url = url
        self.shards = shards
        if shards is None or len(shards[1]) == shards[0]:
            # A copy that serves every shard is the database's one writer (its claims leave
            # no shard to another copy): it counts drinks as the SQLite backend does, knowing
            # every settings change and taking turns on its one connection.
            self.dialect = ALONE
            self.knows_all_settings = True
        self._con: asyncpg.Connection | None = None
        self._claims: asyncpg.Connection | None = None
        self._sql = _Sql()
        self._trips: deque[tuple[asyncio.Future[Any], Trip]] = deque()
        self._worker: asyncio.Task[None] | None = None
        self._ids: deque[int] = deque()  # table ids given back by openings that failed
        self._claims_lock = asyncio.Lock()  # the claims' connection asks one thing at a time
        self._closed = False
        # called if the connection holding the shards' claims is lost: this copy no longer
        # owns its shards and must stop (the bot sets it)
        self.on_claims_lost: Callable[[], None] | None = None

    # -- opening -----------------------------------------------------------------------------
    @classmethod
    async def open(cls, where: Path | str, **options: Any) -> PostgresStore:
        """Connect, claim the shards (``shards``: (count, ids), or None for every shard),
        migrate. Raises :class:`DatabaseUnusable` (with what to do) if the server can't be
        used, :class:`ShardTaken` if another copy serves one of these shards."""
        url = str(where)
        store = cls(url, options.get("shards"))
        try:
            store._claims = await store._connect()
            await store._claim()
            store._con = await store._connect()
            await store.migrate()
            await store._load_safety()
        except BaseException as err:
            await store._close_connections()
            if isinstance(err, ShardTaken | DatabaseUnusable):
                raise
            if isinstance(err, Newer):
                raise DatabaseUnusable.said(
                    f"can't use the database {redact_url(url)}: a newer Barkeep has updated it ({err})",
                    "Run that newer version (git pull), or restore the backup taken before the "
                    "update, or set DATABASE_URL in .env to a new database",
                ) from err
            if isinstance(err, NotOurs):
                raise DatabaseUnusable.said(
                    f"can't use the database {redact_url(url)}: it is another program's database "
                    f"({err}); Barkeep leaves it as it is",
                    "Set DATABASE_URL in .env to a database of Barkeep's own (createdb barkeep)",
                ) from err
            if isinstance(err, (asyncpg.PostgresError, *_GONE)):
                raise _unusable(url, err) from err
            raise
        store._claims.add_termination_listener(store._claims_lost)
        return store

    async def _connect(self) -> asyncpg.Connection:
        con = await asyncpg.connect(
            self.url,
            timeout=10,
            statement_cache_size=1024,
            server_settings={"application_name": holder_name()},
        )
        await con.set_type_codec(
            "numeric", schema="pg_catalog", encoder=str, decoder=_number, format="text"
        )
        return con

    async def _claim(self) -> None:
        """Take this copy's shards (see the module's docstring)."""
        con = self._claims
        assert con is not None
        if self.shards is None:
            if not await con.fetchval("SELECT pg_try_advisory_lock($1, 0)", LOCK_LAYOUT):
                raise ShardTaken("this database", await self._holders(LOCK_LAYOUT, None))
            return
        count, ids = self.shards
        if not await con.fetchval("SELECT pg_try_advisory_lock_shared($1, 0)", LOCK_LAYOUT):
            raise ShardTaken("this database (every shard)", await self._holders(LOCK_LAYOUT, 0))
        await con.execute("SELECT pg_advisory_lock_shared($1, $2)", LOCK_COUNT, count)
        others = await con.fetch(
            "SELECT DISTINCT l.objid FROM pg_locks l WHERE l.locktype = 'advisory'"
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND l.classid = $1 AND l.objsubid = 2 AND l.objid <> $2",
            LOCK_COUNT,
            count,
        )
        if others:
            raise ShardTaken(
                f"this database with SHARD_COUNT={others[0][0]} (not {count})",
                await self._holders(LOCK_COUNT, others[0][0]),
            )
        for shard in ids:
            if not await con.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_SHARD, shard):
                raise ShardTaken(
                    f"shard {shard} of {count}", await self._holders(LOCK_SHARD, shard)
                )

    async def _holders(self, kind: int, which: int | None) -> str:
        """Who holds a lock of ours (their application names), for the refusal."""
        assert self._claims is not None
        rows = await self._claims.fetch(
            "SELECT DISTINCT a.application_name, a.client_addr FROM pg_locks l"
            " JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory'"
            " AND l.granted AND l.classid = $1 AND ($2::int IS NULL OR l.objid = $2)"
            " AND l.pid <> pg_backend_pid()",
            kind,
            which,
        )
        names = [f"{r[0] or 'a client'}" + (f" at {r[1]}" if r[1] else "") for r in rows]
        return ", ".join(names) or "a copy that is stopping"

    def _claims_lost(self, _con: Any) -> None:
        if self._closed:
            return
        log.critical("the database connection that holds this copy's shards was lost")
        if self.on_claims_lost is not None:
            self.on_claims_lost()

    async def migrate(self) -> list[str]:
        """Apply the numbered files of bot/migrations this database has not seen, translated
        (:func:`postgres_script`), one transaction each, one copy at a time."""
        con = self._con
        assert con is not None
        applied: list[str] = []
        await con.execute("SELECT pg_advisory_lock($1, 0)", LOCK_MIGRATE)
        try:
            tables = {
                r[0]
                for r in await con.fetch(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                )
            }
            check_ours(tables)
            await con.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations"
                " (name TEXT PRIMARY KEY, at DOUBLE PRECISION)"
            )
            done = {r[0] for r in await con.fetch("SELECT name FROM schema_migrations")}
            for name, text in to_migrate(done):
                script = postgres_script(name, text)
                async with con.transaction():
                    await con.execute(script)
                    await con.execute(
                        "INSERT INTO schema_migrations VALUES ($1, $2)", name, time.time()
                    )
                log.info("applied migration %s", name)
                applied.append(name)
        finally:
            await con.execute("SELECT pg_advisory_unlock($1, 0)", LOCK_MIGRATE)
        return applied

    async def close(self) -> None:
        self._closed = True
        if self._worker is not None and not self._worker.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._worker), 5)
        await self._close_connections()

    async def _close_connections(self) -> None:
        for con in (self._con, self._claims):
            if con is not None and not con.is_closed():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(con.close(), 5)
        self._con = self._claims = None

    # -- table ids ---------------------------------------------------------------------------
    async def _new_table_id(self) -> int:
        """The next id of the tables' sequence, shared by every copy. Asked on the claims'
        connection (idle after the start), so the opening transaction's own trip does not wait
        for it in the queue of the store's connection. One at a time: a copy that stops wastes
        no ids, so table numbers stay in step with the tables people open."""
        if self._ids:  # given back by an opening that failed
            return self._ids.popleft()
        assert self._claims is not None
        async with self._claims_lock:
            return int(
                await self._claims.fetchval(
                    "SELECT nextval(pg_get_serial_sequence('tables', 'id'))"
                )
            )

    def _give_back_table_id(self, table_id: int) -> None:
        """Unused: the next table of this copy takes it (no other copy can have it)."""
        self._ids.appendleft(table_id)

    # -- trips -------------------------------------------------------------------------------
    def _trip(self, trip: Trip) -> asyncio.Future[Any]:
        if self._closed and self._worker is None:
            raise ValueError("Connection closed")
        future = asyncio.get_running_loop().create_future()
        self._trips.append((future, trip))
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work(), name="barkeep-postgres")
        return future

    async def _abort(self) -> None:
        await self._trip(Trip(False, None, [("ROLLBACK", (), False)], None, False))

    async def _work(self) -> None:
        """Run the queued trips in order, one at a time, until none is left."""
        while self._trips:
            future, trip = self._trips.popleft()
            try:
                result = await self._run(trip)
            except BaseException as err:  # noqa: BLE001 - handed to whoever waits
                if not future.done():
                    future.set_exception(err)
                if isinstance(err, asyncio.CancelledError):
                    raise
            else:
                if not future.done():
                    future.set_result(result)

    async def _connection(self) -> asyncpg.Connection:
        if self._con is None or self._con.is_closed():
            if self._closed:
                raise ValueError("Connection closed")
            log.warning("reconnecting to the database")
            self._con = await self._connect()
        return self._con

    async def _run(self, trip: Trip) -> Any:
        """One trip. Any error rolls the transaction back before it is raised."""
        con = await self._connection()
        sql, statements, unseen = self._sql, trip.statements, trip.unseen
        try:
            if trip.begin:
                await con.execute("BEGIN")
            # ``unseen``: when this transaction itself logs that interaction (every move
            # does), the action log's unique key on it refuses a repeat, and the error becomes
            # AlreadyApplied below: no read of its own first, one round trip less
            if unseen is not None and not _logs(statements, unseen):
                seen = await con.fetchrow(sql(_SEEN, ())[0], unseen)
                if seen is not None:
                    raise AlreadyApplied(seen[0], seen[1])
            for text, args, how in statements:
                if how is True:
                    if args:
                        await con.executemany(*sql.many(text, args))
                elif how is False:
                    q, a = sql(text, args)
                    await con.execute(q, *a)
                elif isinstance(how, Expect):
                    q, a = sql(text, args)
                    status = await con.execute(q, *a)
                    how.judge(int(status.rsplit(" ", 1)[-1]))
                else:
                    q, a = sql(text, args)
                    how(await con.fetch(q, *a))
            result = None
            if trip.query is not None:
                q, a = sql(*trip.query)
                result = await con.fetch(q, *a)
            if trip.commit:
                if trip.committing is not None:
                    trip.committing()
                await con.execute("COMMIT")
            return result
        except BaseException as err:
            if not con.is_closed() and con.is_in_transaction():
                with contextlib.suppress(*_GONE, asyncpg.PostgresError):
                    await con.execute("ROLLBACK")
            if isinstance(err, asyncpg.UniqueViolationError) and unseen is not None:
                seen = await con.fetchrow(sql(_SEEN, ())[0], unseen)
                if seen is not None:  # applied before (here or by another copy)
                    raise AlreadyApplied(seen[0], seen[1]) from err
            if (
                isinstance(err, asyncpg.UniqueViolationError)
                and err.constraint_name == "actions_pkey"
            ):
                raise Stale(_table_of(statements)) from err  # another writer took this seq
            if isinstance(err, asyncpg.DeadlockDetectedError | asyncpg.SerializationError):
                raise Stale(_table_of(statements)) from err
            raise


def _logs(statements: list[Statement], interaction_id: int) -> bool:
    """Whether these statements put ``interaction_id`` in the action log (Tx.add_action)."""
    return any(
        text.startswith("INSERT INTO actions")
        and isinstance(args, tuple)
        and args[5] == interaction_id
        for text, args, _ in statements
    )


def _table_of(statements: list[Statement]) -> int:
    """The table a transaction's action was for (its first INSERT INTO actions), else 0."""
    for text, args, _ in statements:
        if text.startswith("INSERT INTO actions") and isinstance(args, tuple) and args:
            return int(args[0])
    return 0


def _unusable(url: str, err: BaseException) -> DatabaseUnusable:
    """What a person reads when the PostgreSQL server can't be used."""
    where = redact_url(url)
    if isinstance(
        err, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    ):
        return DatabaseUnusable.said(
            f"can't use the database {where}: the server refused the login ({err})",
            "Check the user and password in DATABASE_URL (postgresql://user:password@host/db)",
        )
    if isinstance(err, asyncpg.InvalidCatalogNameError):
        return DatabaseUnusable.said(
            f"can't use the database {where}: {err}",
            "Create it first (createdb, or CREATE DATABASE in psql), or name another one in "
            "DATABASE_URL",
        )
    if isinstance(err, asyncpg.InsufficientPrivilegeError):
        return DatabaseUnusable.said(
            f"can't use the database {where}: this user may not create or change tables ({err})",
            "GRANT the user in DATABASE_URL the right to create tables in that database (or "
            "make it the database's owner)",
        )
    if isinstance(err, (*_GONE, TimeoutError)):
        return DatabaseUnusable.said(
            f"can't reach the PostgreSQL server of {where} ({err or type(err).__name__})",
            "Check that the server runs and listens there (host and port in DATABASE_URL)",
            unreachable=True,
        )
    return DatabaseUnusable.said(
        f"can't use the database {where}: {err}", "Check DATABASE_URL and the server's log"
    )
