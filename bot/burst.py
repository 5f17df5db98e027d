"""A limit on how often something may happen per key: tables opened, boards posted."""

from __future__ import annotations

from collections.abc import Hashable


class Burst:
    """At most ``count`` of something per key in any ``seconds`` (by the service's clock), so
    that a burst of it cannot flood a channel: :meth:`next_at` says when ``key`` may have
    another, :meth:`add` records one (forgetting what is older)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self._at: dict[Hashable, list[float]] = {}

    def next_at(self, key: Hashable, now: float) -> float | None:
        """When ``key`` may have another (None: now)."""
        recent = [at for at in self._at.get(key, []) if now - at < self.seconds]
        return recent[-self.count] + self.seconds if len(recent) >= self.count else None

    def add(self, key: Hashable, now: float) -> None:
        self._at = {
            k: kept
            for k, ats in self._at.items()
            if (kept := [a for a in ats if now - a < self.seconds])
        }
        self._at.setdefault(key, []).append(now)
