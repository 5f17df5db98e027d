"""Storage faults for tests: make the bot's writes fail on its database thread as SQLite does
when the disk is full (or with any other sqlite3 error), while reads still work."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

import bot.store.sqlite


class Fault:
    """While set, every trip that carries statements (a write) fails before anything of it
    runs, as SQLITE_FULL or SQLITE_IOERR do. ``match``: only trips with a statement containing
    this text; ``times``: that many failures, then it clears itself (a passing fault)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.err: BaseException | None = None
        self.match: str | None = None
        self.times: int | None = None
        self.hits = 0
        real = bot.store.sqlite._body

        def body(con: sqlite3.Connection, unseen: Any, statements: Any, query: Any) -> Any:
            if self.err is not None and statements and self._matches(statements):
                self.hits += 1
                err = self.err
                if self.times is not None:
                    self.times -= 1
                    if self.times <= 0:
                        self.clear()
                raise err
            return real(con, unseen, statements, query)

        monkeypatch.setattr(bot.store.sqlite, "_body", body)

    def _matches(self, statements: list[tuple[str, Any, Any]]) -> bool:
        return self.match is None or any(self.match in sql for sql, _, _ in statements)

    def full(self, match: str | None = None, times: int | None = None) -> None:
        self.err = sqlite3.OperationalError("database or disk is full")
        self.match, self.times = match, times

    def clear(self) -> None:
        self.err, self.match, self.times = None, None, None
