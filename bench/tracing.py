"""Where the bot's answers wait, for ``bench/load.py --trace``: installed in the bot's process by
bench/botproc.py when ``BENCH_TRACE`` is set.

Recorded, from the last reset (``SIGUSR1``: load.py sends it once the first 5 s are over):

- **store trips**: from a trip's queueing (``Store._submit``) to its result reaching the event
  loop: what an action waits for its commit, queue and hand-back included;
- **the database thread**: each run of ``Store._drain`` (the trips queued together), with the
  time it spent waiting for a CPU core (Linux ``/proc/thread-self/schedstat``: run-queue time)
  and on a core;
- **garbage collection**: every collection's pause, by generation.

Diagnostics only: the hooks wrap the store's private methods and cost a few microseconds each.
"""

from __future__ import annotations

import gc
import time
from pathlib import Path
from typing import Any

import bot.store
from bench.measure import pct

SCHEDSTAT = Path("/proc/thread-self/schedstat")


def _sched() -> tuple[int, int]:
    """(ns on a CPU, ns waiting for one) of the calling thread; zeros where unknown."""
    try:
        on, waiting, *_ = SCHEDSTAT.read_text().split()
        return int(on), int(waiting)
    except (OSError, ValueError):
        return 0, 0


class Trace:
    def __init__(self) -> None:
        self.since = time.perf_counter()
        self.trips: list[float] = []  # seconds, queued to answered on the loop
        self.drains: list[tuple[float, float, float]] = []  # (wall, on a core, waiting), s
        self.pauses: list[tuple[int, float]] = []  # (generation, seconds)
        self._gc_start = 0.0

    def reset(self, *_: Any) -> None:
        self.since = time.perf_counter()
        self.trips, self.drains, self.pauses = [], [], []

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.pauses.append((info["generation"], time.perf_counter() - self._gc_start))

    def summary(self) -> dict[str, Any]:
        span = max(1e-9, time.perf_counter() - self.since)
        slow = [d for d in self.drains if d[0] > 0.003]
        full = [p for g, p in self.pauses if g == 2]
        ms = [t * 1000 for t in self.trips]
        return {
            "seconds": span,
            "trips": len(ms),
            "trip_p50_ms": pct(ms, 50) if ms else 0.0,
            "trip_p99_ms": pct(ms, 99) if ms else 0.0,
            "trip_max_ms": max(ms, default=0.0),
            "db_busy_share": sum(d[0] for d in self.drains) / span,
            "db_waiting_share": sum(d[2] for d in self.drains)
            / max(1e-9, sum(d[0] for d in self.drains)),
            "slow_drains": len(slow),
            "slow_drains_waiting_share": sum(d[2] for d in slow)
            / max(1e-9, sum(d[0] for d in slow)),
            "gc_ms_per_s": sum(p for _, p in self.pauses) * 1000 / span,
            "gc_full": len(full),
            "gc_full_max_ms": max(full, default=0.0) * 1000,
            "gc_max_young_ms": max((p for g, p in self.pauses if g < 2), default=0.0) * 1000,
        }


def install() -> Trace:
    trace = Trace()
    submit, drain = bot.store.SqliteStore._submit, bot.store.SqliteStore._drain

    def timed_submit(self: bot.store.SqliteStore, fn: Any, *args: Any) -> Any:
        queued = time.perf_counter()
        future = submit(self, fn, *args)
        future.add_done_callback(lambda _: trace.trips.append(time.perf_counter() - queued))
        return future

    def timed_drain(self: bot.store.SqliteStore, con: Any) -> None:
        start, (on0, wait0) = time.perf_counter(), _sched()
        try:
            drain(self, con)
        finally:
            on1, wait1 = _sched()
            wall = time.perf_counter() - start
            trace.drains.append((wall, (on1 - on0) / 1e9, (wait1 - wait0) / 1e9))

    bot.store.SqliteStore._submit = timed_submit  # type: ignore[method-assign]
    bot.store.SqliteStore._drain = timed_drain  # type: ignore[method-assign]
    gc.callbacks.append(trace._on_gc)
    return trace


def describe(s: dict[str, Any]) -> str:
    """One line for load.py's output."""
    return (
        f"   trace of the last {s['seconds']:.0f} s: {s['trips']} store trips, queued to answered"
        f" p50 {s['trip_p50_ms']:.1f} / p99 {s['trip_p99_ms']:.1f} / max"
        f" {s['trip_max_ms']:.1f} ms; database thread busy {s['db_busy_share']:.0%} of the time,"
        f" of which {s['db_waiting_share']:.0%} waiting for a core"
        f" ({s['slow_drains_waiting_share']:.0%} in its {s['slow_drains']} runs over 3 ms);"
        f" garbage collection {s['gc_ms_per_s']:.1f} ms per s, {s['gc_full']} full collections"
        f" (longest {s['gc_full_max_ms']:.1f} ms), longest young one {s['gc_max_young_ms']:.1f} ms"
    )
