"""What the benchmarks share: percentiles, a count of trips to the database thread, slower
commits (a slower disk than this machine's), stopping a bot's process, and keeping the fake
Discord's own heap out of its garbage collector while it measures."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import sqlite3
import time
from collections.abc import AsyncIterator
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


@contextlib.asynccontextmanager
async def harness_heap_frozen(every: float = 0.5) -> AsyncIterator[None]:
    """While the block runs, what the harness keeps (every request the fake Discord saw, every
    message, every result) is moved out of its garbage collector's reach every ``every`` s.

    The fake keeps all it saw, so its heap grows all through a run, and Python's full
    collections scan all of it: at 30 tables they came every ten seconds or so and stopped the
    fake for up to 180 ms, during which no callback was received and no event was sent. Those
    pauses were counted as the bot's answer time (most of the slowest 1% at 30 tables). Real
    Discord's own pauses are not the bot's to measure. Short-lived garbage is still collected
    (the young generations run as usual); what is frozen is freed when the block ends."""

    async def freeze() -> None:
        while True:
            await asyncio.sleep(every)
            gc.freeze()

    gc.collect()
    gc.freeze()
    task = asyncio.create_task(freeze())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.unfreeze()
        gc.collect()
