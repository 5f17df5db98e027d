"""What every store backend shares: the lock that keeps a transaction whole, the transaction
and read blocks that hand out a :class:`~bot.store.tx.Tx`, and who has party-safety settings.

A backend (bot/store/sqlite.py, bot/store/postgres.py) says what a trip is (:meth:`Store._trip`):
a list of collected statements, maybe a read, maybe the COMMIT, sent to its database together.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from bot.store.errors import Newer, NotOurs
from bot.store.rows import GuildSettings, PlayerSettings
from bot.store.tx import COMMITTED, SQLITE, Dialect, Trip, Tx

# SHARD_COUNT and the shards this copy serves
Shards = tuple[int, tuple[int, ...]]


def check_ours(tables: set[str]) -> None:
    """Refuse a database that has tables but no record of Barkeep's migrations: another
    program's, left as it is."""
    if tables and "schema_migrations" not in tables:
        raise NotOurs("its tables: " + ", ".join(sorted(tables)[:5]))


def to_migrate(done: set[str]) -> list[tuple[str, str]]:
    """The numbered files of bot/migrations a database has not seen, (name, SQL) in order.
    Refuses a database that has seen one this code does not know (a newer Barkeep's)."""
    files = sorted(
        (f for f in resources.files("bot.migrations").iterdir() if f.name.endswith(".sql")),
        key=lambda f: f.name,
    )
    unknown = done - {f.name for f in files}
    if unknown:
        raise Newer("migration " + ", ".join(sorted(unknown)))
    return [(f.name, f.read_text(encoding="utf-8")) for f in files if f.name not in done]


def _undo(tx: Tx) -> None:
    for undo in reversed(tx._undo):
        undo()


class Store:
    """A database of Barkeep's. Open one with :func:`bot.store.open_store` (by URL) or a
    backend's own ``open``.

    Every access goes through :meth:`transaction` (writes, one atomic unit) or :meth:`reading`
    (reads); both hand out a :class:`Tx`. The store's lock keeps one task's transaction whole:
    a transaction holds it from its start until its last trip is queued, a read only while
    queuing its trip (then nobody waits for its round trip). Trips run in the order they were
    queued, so what is queued after a transaction's COMMIT runs after it."""

    dialect: Dialect = SQLITE
    # whether a drink may be counted without reading tonight's sums (see counts_plainly): only
    # a store that sees every settings change, the one writer of its database
    knows_all_settings = True

    # the backends by URL scheme, filled in by bot/store/__init__.py
    backends: ClassVar[dict[str, type[Store]]] = {}

    @classmethod
    async def open(cls, where: Path | str, **options: Any) -> Store:
        """Open (and migrate) the database at ``where``: a SQLite file's path, or a
        ``postgresql://`` URL. ``options`` go to the backend (PostgreSQL: ``shards``)."""
        text = str(where)
        kind = "postgresql" if text.startswith(("postgresql://", "postgres://")) else "sqlite"
        return await cls.backends[kind].open(where, **options)

    # the shards this copy serves (None: every one); its tables are those of their servers
    shards: Shards | None = None

    def owned(self, guild: str) -> str:
        """A condition (`` AND ...``) on the column ``guild`` that keeps the rows of servers on
        this copy's shards (nothing when it serves every one). Numbers only: safe as SQL."""
        if self.shards is None:
            return ""
        count, ids = self.shards
        return f" AND (({guild} >> 22) % {int(count)}) IN ({', '.join(str(int(i)) for i in ids)})"

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        # who has party-safety settings (a cap, alcohol-free, a server's cap or water reminders):
        # only their drinks need tonight's sums read before they are counted (bot/safety.py)
        self._safety_players: set[int] = set()
        self._safety_guilds: set[int] = set()

    # -- what a backend provides -------------------------------------------------------------
    def _trip(self, trip: Trip) -> asyncio.Future[Any]:
        """Queue ``trip`` now and return the future of its read's rows."""
        raise NotImplementedError

    async def _abort(self) -> None:
        """Roll back the transaction under way, if any (its block raised)."""
        raise NotImplementedError

    async def _new_table_id(self) -> int:
        """The next table's id, known before its INSERT is sent."""
        raise NotImplementedError

    def _give_back_table_id(self, table_id: int) -> None:
        """The opening transaction that took this id failed."""

    async def close(self) -> None:
        raise NotImplementedError

    # -- party safety ------------------------------------------------------------------------
    def counts_plainly(self, guild_id: int, user_ids: Iterable[int]) -> bool:
        """Whether these players' drinks here count as plain sips, with nothing to read."""
        if not self.knows_all_settings or guild_id in self._safety_guilds:
            return False
        return not any(u in self._safety_players for u in user_ids)

    async def _load_safety(self) -> None:
        """At the open: who has party-safety settings (see :meth:`counts_plainly`)."""
        async with self.reading() as q:
            self._safety_players, self._safety_guilds = await q.safety_ids()

    def _note_safety(
        self, *, player: PlayerSettings | None = None, guild: GuildSettings | None = None
    ) -> None:
        if player is not None:
            plain = player.cap is None and player.mode == "sips"
            (self._safety_players.discard if plain else self._safety_players.add)(player.user_id)
        if guild is not None:
            plain = guild.default_cap is None and guild.water_every is None
            (self._safety_guilds.discard if plain else self._safety_guilds.add)(guild.guild_id)

    # -- blocks ------------------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self, *, unseen: int | None = None) -> AsyncIterator[Tx]:
        """One atomic unit: committed when the block ends, rolled back if it raises.

        ``unseen``: an interaction id; if the action log has it already, nothing is written and
        :class:`~bot.store.errors.AlreadyApplied` is raised at the end of the block (checked on
        the database's side in the same trip as the writes, inside the transaction).

        The store's lock is held while the block runs and let go once the last trip (the
        COMMIT) is queued, before it has run: what is queued after it runs after it, so the
        next transaction need not wait for this one's round trip (with many tables at once,
        waiting for the lock would be most of an answer's time). The block still returns only
        once the COMMIT is done."""
        await self._lock.acquire()
        held = True
        try:
            tx = Tx(self, atomic=True, unseen=unseen)
            try:
                yield tx
            except BaseException:
                _undo(tx)
                if tx._begun:
                    await self._abort()
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
