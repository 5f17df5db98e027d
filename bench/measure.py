"""What the benchmarks share: percentiles, a count of trips to the database thread, slower
commits (a slower disk than this machine's), and stopping a bot's process."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import time
from typing import Any


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


class SlowCommit:
    """A connection whose every COMMIT takes ``ms`` longer (a sleep: it lets go of the GIL as a
    real fsync does)."""

    def __init__(self, con: sqlite3.Connection, ms: float) -> None:
        self._con, self._ms = con, ms

    def execute(self, sql: str, *args: Any) -> Any:
        result = self._con.execute(sql, *args)
        if sql == "COMMIT":
            time.sleep(self._ms / 1000)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)


def slow_commits(ms: float) -> None:
    """From now on every store's commits take ``ms`` longer to reach the disk: a disk slower
    than this machine's (about 0.25 ms per fsync here), such as network block storage or an SD
    card. Each sync of the log (bot/walsync.py) or, where SQLite syncs each COMMIT itself, each
    COMMIT."""
    from bot import walsync
    from bot.store import Store

    drain, fsync = Store._drain, walsync.LogSync._fsync

    def slow(self: Store, con: sqlite3.Connection) -> None:
        drain(self, con if self._sync is not None else SlowCommit(con, ms))  # type: ignore[arg-type]

    def slow_sync(self: walsync.LogSync) -> None:
        time.sleep(ms / 1000)
        fsync(self)

    Store._drain = slow  # type: ignore[method-assign]
    walsync.LogSync._fsync = slow_sync  # type: ignore[method-assign]


async def stop_process(proc: asyncio.subprocess.Process) -> None:
    """SIGTERM a bot's process, if it still runs, and wait for it (bench/botproc.py writes its
    figures then)."""
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        await proc.wait()
