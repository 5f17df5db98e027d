"""When background writes go: after the clicks being answered, one per turn of the event loop.

The bot answers clicks and makes its background writes (table edits, private views) on one
thread. An answer is due within 3 seconds and a player waits on it; a background write has
seconds to spare. So background writes step aside for answers, and the waits before them (the
debounce, a budget's room) are cut short all at once when everything must go out now (shutdown,
tests).
"""

from __future__ import annotations

import asyncio

import discord

from bot.render.writers import Writer

# Seconds a background write waits, at most, for the clicks being answered.
YIELD_AT_MOST = 0.25


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():
        woken.set_result(None)


class Turns:
    """The turns background writes take, and the hurry that ends every wait (:attr:`hurry`)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client  # its ``quiet`` event is set while no click is being answered
        self.hurry = asyncio.Event()  # set: nothing waits (flush)
        self._sleepers: set[asyncio.Future[None]] = set()  # see sleep
        # held by a background write for one turn of the event loop (see after_answers)
        self._turn = Writer()

    async def after_answers(self) -> None:
        """Background writes go after the clicks being answered: wait until none is (at most
        :data:`YIELD_AT_MOST`). The bot has one thread for both; a burst of clicks at
        busy tables would otherwise queue behind edits that have seconds to spare.

        And one background write starts per turn of the event loop: the loop reads what has
        arrived between turns, so a click that arrives while writes wait finds at most one
        of them ahead of it, not every write that the same moment let go (timers due
        together, or the last answer of a burst setting ``quiet`` for all who waited)."""
        quiet: asyncio.Event | None = getattr(self.client, "quiet", None)
        if quiet is None or self.hurry.is_set():
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + YIELD_AT_MOST
        while True:
            if not quiet.is_set():
                try:
                    async with asyncio.timeout_at(deadline):
                        await quiet.wait()
                except TimeoutError:
                    return
            try:
                async with asyncio.timeout_at(deadline):
                    await self._turn.acquire()
            except TimeoutError:
                return
            if quiet.is_set() or self.hurry.is_set():
                loop.call_soon(self._turn.release)  # the next starts in the loop's next turn
                return
            self._turn.release()  # a click arrived while it waited: its answer goes first

    async def sleep(self, delay: float) -> None:
        """Sleep, unless :attr:`hurry` is set (or set meanwhile: :meth:`wake_all`). A future and
        a timer, no task: this runs for every table and view that changes, and a task per wait
        would be an allocation and a scheduling step more each time."""
        if self.hurry.is_set():
            return
        woken = asyncio.get_running_loop().create_future()
        timer = woken.get_loop().call_later(delay, _wake, woken)
        self._sleepers.add(woken)
        try:
            await woken
        finally:
            timer.cancel()
            self._sleepers.discard(woken)

    def wake_all(self) -> None:
        """End every :meth:`sleep` now (with :attr:`hurry` set: a flush)."""
        for woken in list(self._sleepers):
            _wake(woken)
