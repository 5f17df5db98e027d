"""Storage faults for tests: make the bot's writes fail as the database does when the disk is
full, while reads still work. On SQLite the failure is raised on the connection's thread where
SQLite would raise it; on PostgreSQL the server itself raises it (a statement that fails with
SQLSTATE 53100, disk_full) inside the transaction, so the backend's own rollback runs."""

from __future__ import annotations

import dataclasses
import sqlite3
from typing import Any

import asyncpg
import pytest

import bot.store.sqlite
from bot.store.postgres import PostgresStore
from bot.store.trip import Trip

# what a full disk raises, on either backend
FULL = (sqlite3.OperationalError, asyncpg.DiskFullError)
_PG_FULL = (
    "DO $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'"
    " USING ERRCODE = 'disk_full'; END $$",
    (),
    False,
)


class Fault:
    """While set, every trip that carries statements (a write) fails before anything of it
    runs, as SQLITE_FULL or SQLITE_IOERR do (PostgreSQL: disk_full). ``match``: only trips with
    a statement containing this text; ``times``: that many failures, then it clears itself (a
    passing fault)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.err: BaseException | None = None
        self.match: str | None = None
        self.times: int | None = None
        self.hits = 0
        real = bot.store.sqlite._body

        def body(con: sqlite3.Connection, unseen: Any, statements: Any, query: Any) -> Any:
            err = self._hit(statements)
            if err is not None:
                raise err
            return real(con, unseen, statements, query)

        monkeypatch.setattr(bot.store.sqlite, "_body", body)
        real_run = PostgresStore._run

        async def run(store: PostgresStore, trip: Trip) -> Any:
            if self._hit(trip.statements) is not None:
                trip = dataclasses.replace(trip, statements=[_PG_FULL, *trip.statements])
            return await real_run(store, trip)

        monkeypatch.setattr(PostgresStore, "_run", run)

    def _hit(self, statements: list[tuple[str, Any, Any]]) -> BaseException | None:
        """The error this trip fails with, if it does (counted; a passing fault clears)."""
        err = self.err
        if err is None or not statements or not self._matches(statements):
            return None
        self.hits += 1
        if self.times is not None:
            self.times -= 1
            if self.times <= 0:
                self.clear()
        return err

    def _matches(self, statements: list[tuple[str, Any, Any]]) -> bool:
        return self.match is None or any(self.match in sql for sql, _, _ in statements)

    def full(self, match: str | None = None, times: int | None = None) -> None:
        self.err = sqlite3.OperationalError("database or disk is full")
        self.match, self.times = match, times

    def clear(self) -> None:
        self.err, self.match, self.times = None, None, None
