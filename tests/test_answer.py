"""Answering within Discord's 3 seconds while waiting for a message's writer."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot import gamecog


async def test_a_writer_just_let_go_with_a_waiter_queued_still_defers_in_time(monkeypatch):
    """lock.locked() is False right after a release while a waiter is not yet woken, but
    acquire() queues behind that waiter: the answer must still be deferred in time."""
    monkeypatch.setattr(gamecog, "ANSWER_WITHIN", 0.05)
    lock, release_other = asyncio.Lock(), asyncio.Event()
    deferred = asyncio.Event()

    async def defer() -> None:
        deferred.set()

    interaction = SimpleNamespace(response=SimpleNamespace(defer=defer), id=1)
    await lock.acquire()

    async def other_writer() -> None:
        async with lock:
            await release_other.wait()  # holds the writer for a long HTTP round trip

    other = asyncio.ensure_future(other_writer())
    await asyncio.sleep(0)  # the other writer now waits for the lock
    loop = asyncio.get_running_loop()

    async def answer_next() -> bool:
        lock.release()  # let go: not "locked", but the other writer is first in line
        assert not lock.locked()
        return await gamecog._writer(interaction, lock, False, loop.time())

    mine = asyncio.ensure_future(answer_next())
    await asyncio.wait_for(deferred.wait(), 2)  # deferred while still waiting
    assert not mine.done()
    release_other.set()
    assert await mine is True
    lock.release()
    await other
