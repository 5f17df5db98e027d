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
    """From now on every store's COMMITs take ``ms`` longer: a disk slower than this machine's
    (about 0.25 ms per commit here), such as network block storage or an SD card."""
    from bot.store import Store

    drain = Store._drain

    def slow(self: Store, con: sqlite3.Connection) -> None:
        drain(self, SlowCommit(con, ms))  # type: ignore[arg-type]

    Store._drain = slow  # type: ignore[method-assign]


async def stop_process(proc: asyncio.subprocess.Process) -> None:
    """SIGTERM a bot's process, if it still runs, and wait for it (bench/botproc.py writes its
    figures then)."""
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        await proc.wait()
