"""What the benchmarks share: percentiles and a count of trips to the database thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def count_trips(store: Any) -> Callable[[], int]:
    """Count every call the store hands to its connection's thread (each one a thread hand-off
    and an event-loop wake-up). Returns a function that reads the count."""
    real = store._submit
    n = 0

    def counted(fn: Any, *args: Any) -> Any:
        nonlocal n
        n += 1
        return real(fn, *args)

    store._submit = counted
    return lambda: n
