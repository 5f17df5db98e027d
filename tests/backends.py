"""What the tests need to know of the backend they run on (tests/conftest.py picks it)."""

from __future__ import annotations

import sqlite3
from typing import Any

import asyncpg

from bot.store import Stale

# a constraint refused a write (a unique key, a CHECK), on either backend
INTEGRITY = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
# a write another writer got to first: PostgreSQL says so of a sequence number taken twice
CONFLICT = (*INTEGRITY, Stale)


def run_sql(db: Any, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run one statement on a test's database with the bot stopped or running, outside the
    bot's store: a SQLite file (``?`` parameters) or a PostgreSQL URL (``?`` turned into
    ``$n``). Returns the rows, as tuples. A write is committed."""
    if not str(db).startswith("postgresql://"):
        con = sqlite3.connect(db)
        try:
            rows = [tuple(r) for r in con.execute(sql, args)]
            con.commit()
            return rows
        finally:
            con.close()
    from bot.store.postgres import to_postgres
    from tests.pgcluster import _blocking

    text, _ = to_postgres(sql)

    async def run() -> list[tuple[Any, ...]]:
        con = await asyncpg.connect(str(db))
        try:
            return [tuple(r) for r in await con.fetch(text, *args)]
        finally:
            await con.close()

    return list(_blocking(run()))


def table_names(db: Any) -> list[str]:
    """The tables of a test's database (Barkeep's and its migrations' record)."""
    if not str(db).startswith("postgresql://"):
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    else:
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    return sorted(r[0] for r in run_sql(db, sql))
