"""Wall-clock time, injectable: the bot uses :class:`SystemClock`, tests a :class:`ManualClock`."""

from __future__ import annotations

import asyncio
import contextlib
import time


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float, wake: asyncio.Event) -> None:
        """Sleep ``seconds``, or less if ``wake`` is set meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout=max(0.0, seconds))


class ManualClock:
    """Time moves only when a test calls :meth:`advance`; sleepers then re-check at once."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self._moved.set()

    async def sleep(self, seconds: float, wake: asyncio.Event) -> None:
        until = self._now + seconds
        while self._now < until and not wake.is_set():
            self._moved.clear()
            waiters = [
                asyncio.ensure_future(self._moved.wait()),
                asyncio.ensure_future(wake.wait()),
            ]
            try:
                await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for w in waiters:
                    w.cancel()
